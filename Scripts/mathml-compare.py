#!/usr/bin/env python3
"""Compares MathML "in structure", as Vitrina's TeX-to-MathML converter is measured against KaTeX (dev time only).
Compara MathML por su estructura, como se mide el conversor de TeX a MathML de Vitrina frente a KaTeX.

    Scripts/mathml-compare.py EXPECTED.jsonl ACTUAL.jsonl [--min PERCENT] [--shown N]

As a module (importlib, the name has a dash): `shape(mathml)` is the comparable tree of a MathML string, KaTeX's or
ours: the <math> element's content (anything around <math>, KaTeX's <span class="katex">, is dropped) with <semantics>
and every <mrow> replaced by their children, <annotation> and <annotation-xml> left out, no attributes, each element
a list `[name, child, …]` whose children are elements and texts, a text stripped of ASCII white space (a no-break
space, U+2061 FUNCTION APPLICATION and the like are content and stay) and left out when empty, its styled letters
(ℝ, 𝐯) read as their letters (a style is an attribute's business, as for KaTeX's mathvariant). `same(a, b)` says
whether two MathML strings have the same shape; `diff(a, b)` describes the first place where they differ.

The command reads two files of JSON lines keyed by "tex" and "display": EXPECTED as Scripts/katex-mathml.js writes it
({"source", "tex", "display", "mathml" | "error"}), ACTUAL with {"tex", "display", "mathml"} or {"tex", "display",
"error"}. It counts the formulas KaTeX renders (a formula KaTeX fails on is only counted apart), prints the share
whose shapes are equal, overall and per source file, then the first differences (--shown, 30 by default). Exits 1
when the share is under --min (0 by default), 2 on unreadable input.
"""
from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections import Counter
from html.parser import HTMLParser

SPLICED = {"mrow", "semantics"}
DROPPED = {"annotation", "annotation-xml"}
ASCII_SPACE = " \t\n\r\f\v"


class _TreeBuilder(HTMLParser):
    """Builds `[name, child, …]` lists from markup, tolerant of HTML-ish input (unclosed or stray end tags)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root: list = ["#root"]
        self.stack: list[list] = [self.root]

    def handle_starttag(self, tag, attrs):
        node = [tag]
        self.stack[-1].append(node)
        self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].append([tag])

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        parent = self.stack[-1]
        if len(parent) > 1 and isinstance(parent[-1], str):
            parent[-1] += data
        else:
            parent.append(data)


def _find(node: list, name: str) -> list | None:
    """The first element named `name` in `node`, depth first."""
    for child in node[1:]:
        if isinstance(child, list):
            if child[0] == name:
                return child
            found = _find(child, name)
            if found is not None:
                return found
    return None


def _letters(text: str) -> str:
    """The text with styled letters as their plain letters (ℝ, 𝐯 → R, v: NFKC on the Mathematical Alphanumeric
    Symbols and the letter-like symbols they borrow), so that `<mi>ℝ</mi>`, which MathML Core draws, and KaTeX's
    `<mi mathvariant="double-struck">R</mi>`, which it does not, are the same letter."""
    return "".join(unicodedata.normalize("NFKC", c) if 0x1D400 <= ord(c) <= 0x1D7FF or 0x2102 <= ord(c) <= 0x2134 else c for c in text)


def _normalise(children: list) -> list:
    """The children with <mrow>/<semantics> spliced, annotations dropped, texts stripped and adjacent texts joined."""
    result: list = []
    for child in children:
        if isinstance(child, str):
            text = _letters(child.strip(ASCII_SPACE))
            if not text:
                continue
            if result and isinstance(result[-1], str):
                result[-1] += text
            else:
                result.append(text)
        elif child[0] in DROPPED:
            continue
        elif child[0] in SPLICED:
            for grandchild in _normalise(child[1:]):
                if isinstance(grandchild, str) and result and isinstance(result[-1], str):
                    result[-1] += grandchild
                else:
                    result.append(grandchild)
        else:
            result.append([child[0]] + _normalise(child[1:]))
    return result


def shape(mathml: str) -> list:
    """The comparable tree of a MathML string: the list of the (normalised) children of its <math> element."""
    builder = _TreeBuilder()
    builder.feed(mathml)
    builder.close()
    math = _find(builder.root, "math")
    return _normalise((math or builder.root)[1:])


def same(a: str, b: str) -> bool:
    """Whether two MathML strings have the same shape."""
    return shape(a) == shape(b)


def markup(node, limit: int = 120) -> str:
    """A node (or a list of nodes) as compact markup, without attributes or <mrow>, cut at `limit` characters."""
    def write(item) -> str:
        if isinstance(item, str):
            return item
        inner = "".join(write(child) for child in item[1:])
        return f"<{item[0]}>{inner}</{item[0]}>" if inner else f"<{item[0]}/>"
    text = "".join(write(item) for item in node) if node and isinstance(node, list) and not isinstance(node[0], str) \
        else write(node)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _first_difference(expected: list, actual: list, path: str) -> str | None:
    """Where two lists of children first differ, as `path: expected … got …`, or None when they are equal."""
    for index in range(max(len(expected), len(actual))):
        if index >= len(expected):
            return f"{path}: an extra {markup(actual[index])}"
        if index >= len(actual):
            return f"{path}: missing {markup(expected[index])}"
        want, got = expected[index], actual[index]
        if want == got:
            continue
        if isinstance(want, str) and isinstance(got, str):
            return f"{path}: expected the text {want!r}, got {got!r}"
        if isinstance(want, str) or isinstance(got, str) or want[0] != got[0]:
            return f"{path}[{index}]: expected {markup(want)}, got {markup(got)}"
        found = _first_difference(want[1:], got[1:], f"{path}/{want[0]}[{index}]")
        if found is not None:
            return found
    return None


def diff(a: str, b: str) -> str:
    """The first place where the shape of `b` (actual) differs from that of `a` (expected); "" when they are equal."""
    return _first_difference(shape(a), shape(b), "math") or ""


def _read(path: str) -> dict[tuple[str, bool], dict]:
    """The JSON lines of a file, keyed by (tex, display); the first of repeated keys wins."""
    entries: dict[tuple[str, bool], dict] = {}
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                key = (entry["tex"], bool(entry.get("display", False)))
            except (ValueError, KeyError, TypeError) as error:
                raise SystemExit(f"{path}:{number}: not a formula line ({error})") from None
            entries.setdefault(key, entry)
    return entries


def main() -> int:
    parser = argparse.ArgumentParser(description="Compares MathML in structure, against KaTeX's.")
    parser.add_argument("expected", help="JSON lines from Scripts/katex-mathml.js")
    parser.add_argument("actual", help="JSON lines {tex, display, mathml | error}")
    parser.add_argument("--min", type=float, default=0.0, help="exit 1 when the share equal is under this percentage")
    parser.add_argument("--shown", type=int, default=30, help="how many differences to print (30)")
    args = parser.parse_args()
    try:
        expected, actual = _read(args.expected), _read(args.actual)
    except OSError as error:
        print(error, file=sys.stderr)
        return 2

    total, equal, katex_errors, both_errors = Counter(), Counter(), Counter(), Counter()
    differences = []
    for key, want in expected.items():
        source = want.get("source", "(no source)")
        got = actual.get(key, {})
        if "mathml" not in want:
            katex_errors[source] += 1
            both_errors[source] += "mathml" not in got
            continue
        total[source] += 1
        if "mathml" not in got:
            reason = f"error: {got['error']}" if "error" in got else "missing from ACTUAL"
        else:
            reason = diff(want["mathml"], got["mathml"])
            if not reason:
                equal[source] += 1
                continue
        differences.append((source, key, reason))

    def share(part: int, whole: int) -> str:
        return f"{100 * part / whole:.1f}%" if whole else "-"

    overall = sum(equal.values()), sum(total.values())
    print(f"equal in structure: {overall[0]}/{overall[1]} = {share(*overall)} "
          f"(formulas KaTeX renders; KaTeX fails on {sum(katex_errors.values())} more, "
          f"of which ACTUAL also fails on {sum(both_errors.values())})")
    for source in sorted(set(total) | set(katex_errors)):
        print(f"  {source}: {equal[source]}/{total[source]} = {share(equal[source], total[source])}"
              f" (KaTeX errors: {katex_errors[source]})")
    extra = len(set(actual) - set(expected))
    if extra:
        print(f"  ({extra} formulas of ACTUAL are not in EXPECTED)")
    if differences:
        print(f"\nfirst {min(args.shown, len(differences))} of {len(differences)} differences:")
        for source, (tex, display), reason in differences[:args.shown]:
            shown_tex = " ".join(tex.split())
            shown_tex = shown_tex if len(shown_tex) <= 100 else shown_tex[:99] + "…"
            print(f"- {source} {'$$' if display else '$'}{shown_tex}{'$$' if display else '$'}\n    {reason}")
    return 1 if overall[1] and 100 * overall[0] / overall[1] < args.min else 0


if __name__ == "__main__":
    sys.exit(main())
