#!/usr/bin/env python3
"""Compares Vitrina's build-time highlighting with Hugo's on a folder of Markdown (dev time only; Python 3 stdlib).

Builds the folder twice: with Hugo (a temporary site whose content/ holds the folder's Markdown files, each file one
page, highlighted with Chroma's CSS classes) and with Vitrina (a temporary site whose Content/ is the folder, built
with --offline). Then, for every fenced code block that names a language, it pairs Hugo's block with Vitrina's (same
source file, same order) and, for every non-space character of the code, compares the CSS class it is shown with:
the innermost <span class> around it, the line/cl/hl wrappers ignored, no class = "". A block one side highlighted and
the other left plain counts with "" for every character of the plain side.

Prints the blocks and characters compared, the agreement, the commonest disagreements (language, Hugo's class ->
Vitrina's class, count, an example) and the blocks only one side highlighted; exits 1 when the agreement is under
--min (default 97), 2 when a build fails.

Hugo's own renderer leaves a block whose info string is `rust,ignore` (mdBook's) plain: it looks for a lexer named
"rust,ignore". Vitrina, like GitHub, reads the first word. So that the comparison is between lexers, the Hugo site
gets a code-block render hook that highlights the first word before a comma with transform.Highlight (same HTML as
Hugo's renderer for every other block); --hugo-as-is drops the hook, to see what Hugo itself does.

Compara el resaltado de Vitrina con el de Hugo, carácter a carácter, sobre una carpeta de Markdown.

  Scripts/compare-hugo-highlighting.py                        the Rust book in ../shared/corpora/rust-book
  Scripts/compare-hugo-highlighting.py path/to/docs --min 99  another folder, another threshold
  VITRINA_BIN=.build/release/vitrina Scripts/compare-hugo-highlighting.py
Options: --vitrina BIN, --hugo BIN, --top N (rows of the table), --keep DIR (keep both sites and outputs there),
--hugo-as-is, --list N (one-sided blocks listed).
"""
import argparse
import difflib
import html
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DEFAULT_DOCS = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpora", "rust-book"))
CHROMA = os.environ.get("CHROMA", "/usr/share/gocode/src/github.com/alecthomas/chroma/v2")
OWN_LEXERS = os.path.join(ROOT, "Sources", "VitrinaKit", "Content", "Highlighting", "Chroma", "Lexers")
MARKDOWN = (".md", ".markdown")
MARKER = "vitrina-compare-source"
HIGHLIGHTED = re.compile(r'<div class="highlight">.*?</pre></div>', re.S)  # a block as Chroma writes it, inline or table
WRAPPERS = {"line", "cl", "hl"}  # Chroma's line wrappers (hl: a marked line)
NUMBERS = {"ln", "lnt"}  # line numbers: not code

HUGO_CONFIG = """baseURL = "https://example.org/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[markup.highlight]
noClasses = false
guessSyntax = false
codeFences = true
lineNos = false
[markup.goldmark.renderer]
unsafe = true
"""
# Every page prints the file it comes from, so that pages are matched by source file whatever their URLs.
HUGO_PAGE = '{{ with .File }}<meta name="' + MARKER + '" content="{{ .Path }}">{{ end }}\n{{ .Content }}\n'
# The first word of the info string, as Vitrina and GitHub read it (`rust,ignore` -> rust); same HTML as Hugo's.
HUGO_HOOK = """{{- $lang := index (split .Type ",") 0 -}}
{{- if and $lang (transform.CanHighlight $lang) -}}
{{- transform.Highlight (print .Inner "\\n") $lang .Options -}}
{{- else -}}
<pre tabindex="0"><code{{ with $lang }} class="language-{{ . }}" data-lang="{{ . }}"{{ end }}>{{ .Inner | htmlEscape }}
</code></pre>
{{- end -}}
"""


class Block:
    """One <pre><code> of a page: its language, whether Chroma wrote it, and its non-space characters with classes."""

    def __init__(self, language, highlighted):
        self.language = language
        self.highlighted = highlighted
        self.chars = []  # (character, class, line number in the block, offset in raw)
        self.raw = []  # the code's text, spaces included
        self.line = 1

    @property
    def text(self):
        return "".join(c[0] for c in self.chars)


class CodeBlocks(html.parser.HTMLParser):
    """The code blocks of an HTML page, in order; text outside <pre> is ignored."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks = []
        self.pre_depth = 0
        self.pre_chroma = False
        self.block = None
        self.spans = []  # class of each open span inside the block ("" for none)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "pre":
            self.pre_depth += 1
            self.pre_chroma = "chroma" in classes
        elif tag == "code" and self.pre_depth and self.block is None:
            language = attrs.get("data-lang") or next((c[9:] for c in classes if c.startswith("language-")), "")
            self.block = Block(language, self.pre_chroma)
            self.spans = []
        elif tag == "span" and self.block is not None:
            self.spans.append(" ".join(classes))

    def handle_endtag(self, tag):
        if tag == "span" and self.block is not None and self.spans:
            self.spans.pop()
        elif tag == "code" and self.block is not None:
            self.blocks.append(self.block)
            self.block = None
        elif tag == "pre" and self.pre_depth:
            self.pre_depth -= 1

    def handle_data(self, data):
        block = self.block
        if block is None:
            return
        css = ""
        for span in reversed(self.spans):
            names = set(span.split())
            if names & NUMBERS:
                block.line += data.count("\n")
                return
            if span and not names <= WRAPPERS:
                css = span
                break
        offset = sum(map(len, block.raw))
        block.raw.append(data)
        for i, c in enumerate(data):
            if c == "\n":
                block.line += 1
            elif not c.isspace():
                block.chars.append((c, css, block.line, offset + i))


def code_blocks(path):
    parser = CodeBlocks()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    parser.close()
    return [b for b in parser.blocks if b.language]


def run(command, log):
    with open(log, "w", encoding="utf-8") as out:
        status = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT).returncode
    if status != 0:
        sys.stderr.write(f"Failed ({status}): {' '.join(command)}\n")
        sys.stderr.write(open(log, encoding="utf-8", errors="replace").read()[-4000:])
        sys.exit(2)


def markdown_files(docs):
    found = []
    for folder, dirs, files in os.walk(docs):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.lower().endswith(MARKDOWN):
                found.append(os.path.relpath(os.path.join(folder, name), docs).replace(os.sep, "/"))
    return found


def build_hugo(hugo, docs, files, work, as_is):
    site = os.path.join(work, "hugo-site")
    os.makedirs(os.path.join(site, "layouts", "_default", "_markup"))
    for rel in files:
        dest = os.path.join(site, "content", rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(os.path.join(docs, rel), "rb") as f:
            text = f.read()
        if not re.match(rb"(\xef\xbb\xbf)?(---|\+\+\+|\{)", text):
            text = b"---\n---\n" + text  # else Hugo takes a file that starts with <!-- ... --> for an HTML document
        with open(dest, "wb") as f:
            f.write(text)
    with open(os.path.join(site, "config.toml"), "w") as f:
        f.write(HUGO_CONFIG)
    for layout in ("single.html", "list.html"):
        with open(os.path.join(site, "layouts", "_default", layout), "w") as f:
            f.write(HUGO_PAGE)
    if not as_is:
        with open(os.path.join(site, "layouts", "_default", "_markup", "render-codeblock.html"), "w") as f:
            f.write(HUGO_HOOK)
    out = os.path.join(work, "hugo-out")
    run([hugo, "--source", site, "--destination", out], os.path.join(work, "hugo.log"))
    pages = {}
    for folder, _, names in os.walk(out):
        for name in names:
            if name.endswith(".html"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    m = re.search(r'<meta name="' + MARKER + r'" content="([^"]+)">', f.read(4096))
                if m:
                    pages[html.unescape(m.group(1)).replace(os.sep, "/")] = path
    return pages


def slug(text):
    """Vitrina's Slug.make on ASCII (Sources/VitrinaKit/Support/Slug.swift); other names are found by content."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:80].rstrip("-")
    return s or "page"


def vitrina_path(out, rel):
    parts = rel.split("/")
    name = re.sub(r"\.(md|markdown)$", "", parts[-1], flags=re.I)
    if re.fullmatch(r"[^.]+\.[a-z]{2}(-[a-z]+)?", name, re.I):  # page.fr.md: a translation, not matched by path
        return None
    folders = [slug(p) for p in parts[:-1]]
    if name in ("_index", "index") or name.lower() == "readme":
        return os.path.join(out, *folders, "index.html")
    return os.path.join(out, *folders, slug(name), "index.html")


def build_vitrina(vitrina, docs, work):
    site = os.path.join(work, "vitrina-site")
    os.makedirs(site)
    shutil.copytree(docs, os.path.join(site, "Content"), symlinks=True)
    out = os.path.join(work, "vitrina-out")
    run([vitrina, "build", "--site", site, "--output", out, "--offline"], os.path.join(work, "vitrina.log"))
    return out


def lexer_origin(language):
    """Where Vitrina's lexer for a language comes from: Chroma's own XML, or Vitrina's translation of a Go lexer."""
    pattern = re.compile(r"<(name|alias)>" + re.escape(language) + r"</\1>", re.I)
    for folder, what in ((OWN_LEXERS, "Vitrina's translation of a Go lexer"), (os.path.join(CHROMA, "lexers", "embedded"), "Chroma's XML")):
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                if name.endswith(".xml"):
                    with open(os.path.join(folder, name), encoding="utf-8") as f:
                        if pattern.search(f.read(2000)):
                            return f"{name}, {what}"
    return "?"


def hugo_chroma():
    """The Chroma Hugo was linked with, from Debian's Built-Using (Hugo 0.111's go.mod pins its own otherwise)."""
    try:
        version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "hugo"], capture_output=True, text=True).stdout
        out = subprocess.run(["apt-cache", "show", f"hugo={version}"], capture_output=True, text=True).stdout if version else ""
    except OSError:
        return "unknown"
    m = re.search(r"golang-github-alecthomas-chroma-v2 \(= ([^)]+)\)", out)
    return f"Chroma {m.group(1)} (Debian's Built-Using)" if m else "unknown (not Debian's package: see Hugo's go.mod)"


def pair_blocks(hugo_blocks, vitrina_blocks):
    """Pairs by position when both pages have the same blocks, else by aligning the blocks' texts."""
    if len(hugo_blocks) == len(vitrina_blocks):
        return list(zip(hugo_blocks, vitrina_blocks)), [], []
    matcher = difflib.SequenceMatcher(None, [b.text for b in hugo_blocks], [b.text for b in vitrina_blocks], autojunk=False)
    pairs, only_hugo, only_vitrina = [], [], []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        n = min(i2 - i1, j2 - j1) if op in ("equal", "replace") else 0
        pairs += list(zip(hugo_blocks[i1:i1 + n], vitrina_blocks[j1:j1 + n]))
        only_hugo += hugo_blocks[i1 + n:i2]
        only_vitrina += vitrina_blocks[j1 + n:j2]
    return pairs, only_hugo, only_vitrina


def aligned(h, v):
    """(Hugo char, Vitrina char) pairs: position by position when the texts agree, else along their common parts."""
    if h.text == v.text:
        return list(zip(h.chars, v.chars))
    out = []
    matcher = difflib.SequenceMatcher(None, h.text, v.text, autojunk=False)
    for a, b, n in matcher.get_matching_blocks():
        out += list(zip(h.chars[a:a + n], v.chars[b:b + n]))
    return out


def token_at(chars, i, raw):
    """The run of characters around i, on its line, that has i's classes on both sides, spaces included."""
    key = (chars[i][0][1], chars[i][1][1])
    start, end = i, i + 1
    while start > 0 and (chars[start - 1][0][1], chars[start - 1][1][1]) == key and chars[start - 1][0][2] == chars[i][0][2]:
        start -= 1
    while end < len(chars) and (chars[end][0][1], chars[end][1][1]) == key and chars[end][0][2] == chars[i][0][2]:
        end += 1
    return raw[chars[start][0][3]:chars[end - 1][0][3] + 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("docs", nargs="?", default=DEFAULT_DOCS, help="folder of Markdown (default %(default)s)")
    parser.add_argument("--min", type=float, default=97.0, help="lowest agreement %% that passes (default 97)")
    parser.add_argument("--vitrina", default=None, help="Vitrina binary (default $VITRINA_BIN, .build/release, .build/debug)")
    parser.add_argument("--hugo", default="hugo")
    parser.add_argument("--top", type=int, default=25, help="rows of the disagreement table")
    parser.add_argument("--list", type=int, default=20, help="one-sided blocks listed")
    parser.add_argument("--keep", help="keep the sites and outputs in this folder (created; must not exist)")
    parser.add_argument("--hugo-as-is", action="store_true", help="no render hook: Hugo reads `rust,ignore` as one language")
    args = parser.parse_args()

    docs = os.path.abspath(args.docs)
    if not os.path.isdir(docs):
        sys.exit(f"No folder at {docs}")
    vitrina = args.vitrina or os.environ.get("VITRINA_BIN") or next(
        (p for p in (os.path.join(ROOT, ".build", d, "vitrina") for d in ("release", "debug")) if os.path.exists(p)), None)
    if not vitrina or not os.path.exists(vitrina):
        sys.exit("No Vitrina binary: build it (swift build) or pass --vitrina")
    vitrina = os.path.abspath(vitrina)
    if not shutil.which(args.hugo):
        sys.exit("No hugo: apt-get install hugo")

    if args.keep:
        os.makedirs(args.keep)
        work = os.path.abspath(args.keep)
    else:
        work = tempfile.mkdtemp(prefix="compare-highlighting-")
    try:
        files = markdown_files(docs)
        print(f"Building {len(files)} Markdown files of {docs} with Hugo and Vitrina in {work}", file=sys.stderr)
        hugo_pages = build_hugo(args.hugo, docs, files, work, args.hugo_as_is)
        vitrina_out = build_vitrina(vitrina, docs, work)
        report(args, docs, files, hugo_pages, vitrina_out, vitrina)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def report(args, docs, files, hugo_pages, vitrina_out, vitrina):
    # Vitrina's pages: by the path its slugs give, checked against the page's code; else the page with the same code.
    vitrina_files = []
    for folder, _, names in os.walk(vitrina_out):
        vitrina_files += [os.path.join(folder, n) for n in names if n.endswith(".html")]
    vitrina_by_text = None

    blocks = chars = agree = 0
    text_differs = 0
    both_plain = 0
    unmatched_pages, one_sided, extra = [], [], []
    identical = checked = 0  # highlighted blocks whose HTML is byte for byte Hugo's
    per_language = defaultdict(lambda: [0, 0, 0])  # blocks, chars, agreeing chars
    mismatches = Counter()
    examples = {}
    for rel in files:
        hugo_path = hugo_pages.get(rel)
        hugo_blocks = code_blocks(hugo_path) if hugo_path else []
        if not hugo_blocks:
            continue
        path = vitrina_path(vitrina_out, rel)
        vitrina_blocks = code_blocks(path) if path and os.path.exists(path) else []
        found = path
        if [b.text for b in vitrina_blocks] != [b.text for b in hugo_blocks]:
            if vitrina_by_text is None:
                vitrina_by_text = {}
                for p in vitrina_files:
                    vitrina_by_text.setdefault(tuple(b.text for b in code_blocks(p)), p)
            found = vitrina_by_text.get(tuple(b.text for b in hugo_blocks))
            if found:
                vitrina_blocks = code_blocks(found)
            elif not vitrina_blocks:
                unmatched_pages.append(rel)
                continue
            else:
                found = path
        with open(hugo_path, encoding="utf-8") as f:
            hugo_html = HIGHLIGHTED.findall(f.read())
        with open(found, encoding="utf-8") as f:
            vitrina_html = HIGHLIGHTED.findall(f.read())
        if len(hugo_html) == len(vitrina_html):
            checked += len(hugo_html)
            identical += sum(a == b for a, b in zip(hugo_html, vitrina_html))
        pairs, only_hugo, only_vitrina = pair_blocks(hugo_blocks, vitrina_blocks)
        extra += [(rel, "Hugo", b) for b in only_hugo] + [(rel, "Vitrina", b) for b in only_vitrina]
        for number, (h, v) in enumerate(pairs, 1):
            language = (h.language or v.language).lower()
            if h.text != v.text:
                text_differs += 1
            if h.highlighted != v.highlighted:
                one_sided.append((rel, number, language, "Hugo" if h.highlighted else "Vitrina", len(h.chars)))
            elif not h.highlighted:
                both_plain += 1
            matched = aligned(h, v)
            blocks += 1
            chars += len(matched)
            stats = per_language[language]
            stats[0] += 1
            stats[1] += len(matched)
            for i, ((_, hcls, line, _), (_, vcls, _, _)) in enumerate(matched):
                if hcls == vcls:
                    agree += 1
                    stats[2] += 1
                    continue
                key = (language, hcls, vcls)
                mismatches[key] += 1
                if key not in examples:
                    examples[key] = (rel, number, line, token_at(matched, i, "".join(h.raw)))

    pct = 100.0 * agree / chars if chars else 100.0
    print()
    print(f"Hugo {hugo_version(args.hugo)}, linked with {hugo_chroma()}; Vitrina {os.path.relpath(vitrina, ROOT)}, "
          f"lexers {vitrina_lexers()}")
    print(f"Folder {docs}: {len(files)} Markdown files, {len(hugo_pages)} Hugo pages"
          + ("" if not args.hugo_as_is else " (Hugo as is: no render hook)"))
    print(f"Blocks compared:      {blocks} (fenced, naming a language; {both_plain} plain on both sides, "
          f"{len(one_sided)} highlighted by one side only, {text_differs} whose text differs)")
    print(f"Characters compared:  {chars} (non-space)")
    print(f"Agreement:            {pct:.2f}% ({chars - agree} characters differ)")
    print(f"Identical HTML:       {identical} of {checked} highlighted blocks byte for byte "
          f"(pages with as many highlighted blocks on both sides)")
    if per_language:
        print()
        print(f"{'language':<14} {'blocks':>7} {'chars':>9} {'agree %':>8}")
        for language, (b, c, a) in sorted(per_language.items(), key=lambda kv: -kv[1][1]):
            print(f"{language:<14} {b:>7} {c:>9} {100.0 * a / c if c else 100.0:>8.2f}")
    if mismatches:
        print()
        print(f"Top disagreements (of {len(mismatches)} kinds): language, Hugo class -> Vitrina class, characters, example")
        for (language, hcls, vcls), count in mismatches.most_common(args.top):
            rel, number, line, token = examples[(language, hcls, vcls)]
            shown = [c or '""' for c in (hcls, vcls)]
            print(f"  {language:<11} {shown[0]:>5} -> {shown[1]:<5} {count:>7}  "
                  f"{token[:40]!r} in {rel} block {number} line {line}")
        print("  lexers: " + "; ".join(f"{l}: {lexer_origin(l.split(',')[0])}" for l in sorted({k[0] for k in mismatches})))
    if one_sided:
        print()
        print(f"Blocks highlighted by one side only: {len(one_sided)}")
        for rel, number, language, side, n in one_sided[:args.list]:
            print(f"  {rel} block {number} ({language}, {n} chars): only {side} highlighted it")
        if len(one_sided) > args.list:
            print(f"  … and {len(one_sided) - args.list} more")
    if extra or unmatched_pages:
        print()
        print(f"Not paired: {len(extra)} blocks, {len(unmatched_pages)} pages with code")
        for rel, side, b in extra[:args.list]:
            print(f"  {rel}: a {b.language} block only {side} wrote ({b.text[:40]!r})")
        for rel in unmatched_pages[:args.list]:
            print(f"  {rel}: no Vitrina page with its code")
    print()
    ok = pct >= args.min and blocks > 0
    if not blocks:
        print("No block compared: did the pages pair up?")
    print(f"{'PASS' if ok else 'FAIL'}  agreement {pct:.2f}% {'>=' if ok else '<'} {args.min:g}%")
    sys.exit(0 if ok else 1)


def hugo_version(hugo):
    out = subprocess.run([hugo, "version"], capture_output=True, text=True).stdout.split()
    return out[1] if len(out) > 1 else "?"


def vitrina_lexers():
    path = os.path.join(ROOT, "Sources", "VitrinaKit", "Content", "Highlighting", "Chroma", "ChromaData.swift")
    try:
        with open(path, encoding="utf-8") as f:
            m = re.search(r'static let version = "([^"]*)"', f.read(4096))
        return m.group(1) if m else "?"
    except OSError:
        return "?"


if __name__ == "__main__":
    main()
