"""Highlighted code in the default site, on the guide page about it (Content/docs/code-blocks.md and .en.md): the copy
button from file:// and over HTTP under /sub/, by mouse and by keyboard, with the Clipboard API and without it; no
button without JavaScript; no layout shift; colours in light and dark; and axe-core's colour-contrast rule, light and
dark, on a page with code in every language the site shows.

axe-core is the copy PyPI's axe-playwright-python ships (axe.min.js), injected into the page: no network."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import REPO, serve_under

GUIDE = {"es": "docs/code-blocks/index.html", "en": "en/docs/code-blocks/index.html"}
SOURCE = {"es": REPO / "Content" / "docs" / "code-blocks.md", "en": REPO / "Content" / "docs" / "code-blocks.en.md"}
LABELS = {"es": ("Copiar código", "Copiado"), "en": ("Copy code", "Copied")}
SUB_PATH = "sub/"
SETTINGS_KEY = "vitrina.v1.settings"  # Templates/assets/js/settings.js: {"theme": "dark"} sets data-theme="dark"

BLOCKS = "div.highlight"
TABLE_BLOCK = "div.highlight:has(table.lntable)"
INLINE_BLOCK = "div.highlight:has(span.ln)"


# ---------------------------------------------------------------------------------------------
# What the Markdown says
# ---------------------------------------------------------------------------------------------

OPENING = re.compile(r"^( {0,3})(`{3,}|~{3,})([^`]*)$")


def fenced_blocks(markdown: str) -> list[tuple[str, str]]:
    """(info string, code) of every fenced block, read as CommonMark reads them: a block closes at a fence of the same
    character at least as long as its opening one; its code keeps the final newline."""
    blocks = []
    lines = markdown.split("\n")
    index = 0
    while index < len(lines):
        opening = OPENING.match(lines[index])
        index += 1
        if not opening:
            continue
        indent, fence, info = len(opening.group(1)), opening.group(2), opening.group(3).strip()
        closing = re.compile(r"^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        body = []
        while index < len(lines) and not closing.match(lines[index]):
            line = lines[index]
            body.append(line[min(indent, len(line) - len(line.lstrip(" "))):])
            index += 1
        index += 1
        blocks.append((info, "".join(line + "\n" for line in body)))
    return blocks


def guide_code(lang: str) -> list[str]:
    """The code of each block of the guide that names a language, in page order: what its copy button must copy."""
    blocks = fenced_blocks(SOURCE[lang].read_text(encoding="utf-8"))
    return [code for info, code in blocks if info]


def fence_with(lang: str, marker: str) -> str:
    """The code of the one block of the guide whose info string contains `marker`."""
    found = [code for info, code in fenced_blocks(SOURCE[lang].read_text(encoding="utf-8")) if marker in info]
    assert len(found) == 1, f"{SOURCE[lang].name}: {len(found)} blocks with {marker!r}"
    return found[0]


def test_the_guide_has_a_block_in_every_option():
    for lang in GUIDE:
        infos = [info for info, _ in fenced_blocks(SOURCE[lang].read_text(encoding="utf-8"))]
        assert any("linenos=table" in info and "hl_lines=[2]" in info for info in infos), infos
        assert any("linenos=inline" in info for info in infos), infos
        for language in ["yaml", "sh", "console", "markdown", "rust", "go", "swift", "json", "html", "js", "python"]:
            assert any(info.split(" ")[0] == language for info in infos), f"{lang}: no {language} block"


# ---------------------------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sub_site(site, tmp_path_factory):
    """Base URL (ending in /) of the built site served over HTTP at /sub/ on 127.0.0.1."""
    # serve_under makes the folder that holds the mount: a root of our own, not made yet.
    yield from serve_under(site, tmp_path_factory.mktemp("code-http") / "root", SUB_PATH)


def open_page(new_page, url: str, *, scheme: str = "light", theme: str | None = None, init_script: str | None = None,
              **options):
    """A page at `url` in a context that may read and write the clipboard, with `scheme` as the system's colour scheme
    and, with `theme`, the site's own setting (data-theme on <html>) saved beforehand."""
    scripts = []
    if theme:
        saved = f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(json.dumps({'theme': theme}))});"
        scripts.append(f"if (location.protocol !== 'about:') {{ {saved} }}")
    if init_script:
        scripts.append(init_script)
    page = new_page(color_scheme=scheme, init_script="\n".join(scripts) or None, **options)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(url)
    if options.get("java_script_enabled", True):
        page.wait_for_function("() => document.querySelectorAll('div.highlight > .code-copy').length > 0")
    return page


def read_clipboard(page) -> str:
    return page.evaluate("() => navigator.clipboard.readText()")


def copy_with_click(page, block) -> str:
    """Clicks the block's button (after hovering, as a visitor does) and returns what reached the clipboard."""
    page.evaluate("() => navigator.clipboard.writeText('(nothing copied)')")
    block.scroll_into_view_if_needed()
    block.hover()
    button = block.locator(":scope > button.code-copy")
    button.click()
    expect(button).to_have_attribute("data-copied", "")
    return read_clipboard(page)


def check_copies_every_block(page, lang: str) -> None:
    expected = guide_code(lang)
    blocks = page.locator(BLOCKS)
    expect(blocks).to_have_count(len(expected))
    expect(page.locator(f"{BLOCKS} > button.code-copy")).to_have_count(len(expected))
    for index, code in enumerate(expected):
        assert copy_with_click(page, blocks.nth(index)) == code, f"block {index + 1} of {GUIDE[lang]}"


# ---------------------------------------------------------------------------------------------
# The copy button
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["es", "en"])
def test_copy_button_from_file_copies_the_code_without_line_numbers(new_page, site_url, lang):
    page = open_page(new_page, site_url(GUIDE[lang]))
    assert page.url.startswith("file://")
    copy, _ = LABELS[lang]
    button = page.locator(f"{BLOCKS} > button.code-copy").first
    expect(button).to_have_attribute("type", "button")
    expect(button).to_have_accessible_name(copy)
    check_copies_every_block(page, lang)

    # The blocks with line numbers, one by one: the numbers are on the page, not in the copy.
    table = page.locator(TABLE_BLOCK).first
    assert table.locator(".lnt").count() > 0
    assert copy_with_click(page, table) == fence_with(lang, "hl_lines=[2]")
    inline = page.locator(INLINE_BLOCK).first
    assert inline.locator(".ln").count() > 0
    copied = copy_with_click(page, inline)
    assert copied == fence_with(lang, "linenos=inline")
    assert not re.search(r"^\s*1[0-3]\b", copied, re.M), copied


def test_copy_button_under_a_sub_path(new_page, sub_site):
    page = open_page(new_page, sub_site + GUIDE["en"])
    assert page.url.startswith("http://127.0.0.1:") and "/sub/" in page.url
    check_copies_every_block(page, "en")
    scripts = page.evaluate("() => performance.getEntriesByType('resource').map(r => r.name)")
    # Published under fingerprinted names (assets/js/code.3f9a1c2b.js), loaded under the sub-path.
    assert any(re.search(r"/sub/assets/js/code\.[0-9a-f]{8}\.js$", name) for name in scripts), scripts
    assert any(re.search(r"/sub/assets/highlight\.[0-9a-f]{8}\.css$", name) for name in scripts), scripts


def test_copy_without_the_clipboard_api_uses_a_selection(new_page, site_url):
    """No navigator.clipboard (an http:// page that is not localhost): a hidden textarea, execCommand('copy'), and
    the focus back on the button."""
    spy = """
        const realClipboard = navigator.clipboard;
        window.__readRealClipboard = () => realClipboard.readText();
        Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
        window.__copied = [];
        const execCommand = Document.prototype.execCommand;
        Document.prototype.execCommand = function (command, ...rest) {
            if (command === 'copy') {
                const area = document.activeElement;
                window.__copied.push(area && area.tagName === 'TEXTAREA' ? area.value.slice(area.selectionStart, area.selectionEnd) : null);
            }
            return execCommand.call(this, command, ...rest);
        };
    """
    page = open_page(new_page, site_url(GUIDE["es"]), init_script=spy)
    assert page.evaluate("() => navigator.clipboard") is None
    block = page.locator(TABLE_BLOCK).first
    block.hover()
    button = block.locator(":scope > button.code-copy")
    button.click()
    expect(button).to_have_attribute("data-copied", "")
    expected = fence_with("es", "hl_lines=[2]")
    assert page.evaluate("() => window.__copied") == [expected]
    assert page.evaluate("() => window.__readRealClipboard()") == expected
    assert page.evaluate("() => document.activeElement === document.querySelector('%s > .code-copy')" % TABLE_BLOCK)
    assert page.locator("textarea").count() == 0
    expect(page.locator("[aria-live=polite]")).to_have_text("Copiado")


@pytest.mark.parametrize("lang,key", [("es", "Enter"), ("en", "Space")])
def test_keyboard_copy_keeps_the_focus_and_announces_it(new_page, site_url, lang, key):
    copy, copied = LABELS[lang]
    page = open_page(new_page, site_url(GUIDE[lang]))
    live = page.locator("[aria-live=polite]")
    expect(live).to_have_count(1)
    expect(live).to_have_text("")
    block = page.locator(TABLE_BLOCK).first
    button = block.locator(":scope > button.code-copy")

    # Tab from the code (a focusable pre, as Hugo writes it) reaches the button: a real button, named in the page's
    # language, with a visible outline.
    block.locator("pre").last.focus()
    page.keyboard.press("Tab")
    expect(button).to_be_focused()
    expect(button).to_have_accessible_name(copy)
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')")
    page.wait_for_function("b => getComputedStyle(b).opacity === '1'", arg=button.element_handle())
    outline = button.evaluate("b => { const s = getComputedStyle(b); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")
    assert outline[0] != "none" and outline[1] >= 2, outline

    page.evaluate("() => navigator.clipboard.writeText('(nothing copied)')")
    page.keyboard.press(key)
    expect(live).to_have_text(copied)
    expect(button).to_have_accessible_name(copied)
    expect(button).to_be_focused()
    assert read_clipboard(page) == fence_with(lang, "hl_lines=[2]")

    # Then back: the region empties and the button is named as before (after 2 s).
    expect(live).to_have_text("", timeout=5_000)
    expect(button).to_have_accessible_name(copy, timeout=5_000)
    expect(button).not_to_have_attribute("data-copied", "")
    expect(button).to_be_focused()


def test_label_falls_back_to_english(new_page, site_url):
    """A page in a language the script has no words for (fr) gets the English ones."""
    french = """document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') document.documentElement.lang = 'fr';
    });"""
    page = open_page(new_page, site_url(GUIDE["es"]), init_script=french)
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    expect(page.locator(f"{BLOCKS} > button.code-copy").first).to_have_accessible_name("Copy code")


def test_no_button_without_javascript(new_page, site_url):
    page = open_page(new_page, site_url(GUIDE["es"]), java_script_enabled=False)
    expect(page.locator(BLOCKS)).to_have_count(len(guide_code("es")))
    expect(page.locator("button.code-copy")).to_have_count(0)
    expect(page.locator("[aria-live=polite]")).to_have_count(0)
    # Still highlighted: the colours are in the HTML and the CSS.
    assert page.locator(f"{BLOCKS} .chroma .k").count() > 0


BOXES = """() => [...document.querySelectorAll('div.highlight')].map(b => {
    const r = b.getBoundingClientRect();
    const code = b.querySelector('.lntd:last-child code, code').getBoundingClientRect();
    return [r.x, r.y + scrollY, r.width, r.height, code.x, code.y + scrollY, code.width];
})"""


@pytest.mark.parametrize("width", [1280, 360])
def test_the_button_moves_nothing(new_page, site_url, width):
    viewport = {"width": width, "height": 800}
    without = open_page(new_page, site_url(GUIDE["es"]), java_script_enabled=False, viewport=viewport)
    before = without.evaluate(BOXES)
    page = open_page(new_page, site_url(GUIDE["es"]), viewport=viewport)
    after = page.evaluate(BOXES)
    assert len(after) == len(before) == len(guide_code("es"))
    for index, (old, new) in enumerate(zip(before, after)):
        assert new == pytest.approx(old, abs=0.5), f"block {index + 1} moved: {old} -> {new}"
    # Taking the buttons out again changes nothing either.
    page.evaluate("() => document.querySelectorAll('.code-copy').forEach(b => b.remove())")
    for index, (old, new) in enumerate(zip(after, page.evaluate(BOXES))):
        assert new == pytest.approx(old, abs=0.5), f"block {index + 1} moved: {old} -> {new}"


@pytest.mark.parametrize("width", [1280, 360])
def test_the_button_sits_in_the_top_right_corner(new_page, site_url, width):
    """Absolutely placed in the block's corner; at rest (no hover, no focus) it is transparent, so on a narrow phone it
    covers no code until the block is touched or focused, and it can still be reached with Tab."""
    page = open_page(new_page, site_url(GUIDE["es"]), viewport={"width": width, "height": 800})
    for block in page.locator(BLOCKS).all()[:4]:
        block.scroll_into_view_if_needed()
        button = block.locator(":scope > .code-copy")
        assert button.evaluate("b => getComputedStyle(b).position") == "absolute"
        assert button.evaluate("b => b.tabIndex") == 0
        outer, inner = block.bounding_box(), button.bounding_box()
        assert outer["x"] + outer["width"] - 16 <= inner["x"] + inner["width"] <= outer["x"] + outer["width"]
        assert outer["y"] <= inner["y"] <= outer["y"] + 16
    page.mouse.move(0, 0)
    page.locator("h1").click()
    first = page.locator(f"{BLOCKS} > .code-copy").first
    page.wait_for_function("b => getComputedStyle(b).opacity === '0'", arg=first.element_handle())
    page.locator(BLOCKS).first.hover()
    page.wait_for_function("b => getComputedStyle(b).opacity === '1'", arg=first.element_handle())


def test_line_numbers_cannot_be_selected(new_page, site_url):
    page = open_page(new_page, site_url(GUIDE["en"]))
    for selector in [".chroma .lnt", ".chroma .ln"]:
        numbers = page.locator(selector)
        assert numbers.count() > 0, selector
        assert numbers.first.evaluate("n => getComputedStyle(n).userSelect") == "none", selector
    # Selecting the whole inline-numbered block with the mouse takes the code only.
    block = page.locator(INLINE_BLOCK).first
    selected = block.evaluate("""b => {
        const range = document.createRange();
        range.selectNodeContents(b.querySelector('code'));
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        return getSelection().toString();
    }""")
    assert selected.rstrip("\n") == fence_with("en", "linenos=inline").rstrip("\n"), selected


def test_blocks_stay_inside_the_article(new_page, site_url):
    """Every block, with or without line numbers, closes where it opened: the text after it is still the page's."""
    page = open_page(new_page, site_url(GUIDE["es"]))
    total = page.locator(BLOCKS).count()
    expect(page.locator(f"main article.prose {BLOCKS}")).to_have_count(total)
    assert page.evaluate("() => document.querySelector('main article.prose').contains(document.querySelector('%s'))"
                         % TABLE_BLOCK)
    after_table = page.locator(f"{TABLE_BLOCK} + p").first
    assert after_table.evaluate("p => !!p.closest('article.prose')")


# ---------------------------------------------------------------------------------------------
# Colours, light and dark
# ---------------------------------------------------------------------------------------------

MODES = [
    pytest.param("light", None, id="light"),
    pytest.param("dark", None, id="dark"),
    pytest.param("light", "dark", id="data-theme-dark"),
    pytest.param("dark", "light", id="data-theme-light"),
]

COLOURS = """() => {
    const style = selector => {
        const element = document.querySelector(selector);
        const s = getComputedStyle(element);
        return { colour: s.color, weight: s.fontWeight, background: getComputedStyle(element.closest('.chroma')).backgroundColor };
    };
    return {
        keyword: style('div.highlight .chroma code[data-lang=rust] .k'),
        string: style('div.highlight .chroma code[data-lang=rust] .s'),
        code: style('div.highlight .chroma code[data-lang=rust] .cl'),
        prose: getComputedStyle(document.querySelector('main article.prose p')).color,
        dark: matchMedia('(prefers-color-scheme: dark)').matches,
        theme: document.documentElement.getAttribute('data-theme'),
    };
}"""


def luminance(colour: str) -> float:
    red, green, blue = (float(n) / 255 for n in re.findall(r"[\d.]+", colour)[:3])
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("scheme,theme", MODES)
def test_highlighting_shows_in_light_and_dark(new_page, site_url, scheme, theme):
    page = open_page(new_page, site_url(GUIDE["es"]), scheme=scheme, theme=theme)
    seen = page.evaluate(COLOURS)
    dark = theme == "dark" or (scheme == "dark" and theme is None)
    assert seen["theme"] == theme
    background = luminance(seen["code"]["background"])
    assert (background < 0.2) if dark else (background > 0.8), seen
    keyword, string, code = seen["keyword"], seen["string"], seen["code"]
    assert keyword["colour"] != string["colour"], seen
    assert keyword["colour"] != seen["prose"], seen
    # A keyword stands out from the code's plain text: by its colour (GitHub dark) or its weight (GitHub light: bold).
    assert (keyword["colour"], keyword["weight"]) != (code["colour"], code["weight"]), seen
    assert string["colour"] != code["colour"], seen


# ---------------------------------------------------------------------------------------------
# axe-core: colour contrast
# ---------------------------------------------------------------------------------------------

def axe_source() -> str:
    import axe_playwright_python as axe  # PyPI's axe-playwright-python: Scripts/browser-tests.sh installs it

    return (Path(axe.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def site_languages(site: Path) -> dict[str, str]:
    """Each language of highlighted code in the built site (as written: data-lang), with a page that shows it."""
    found: dict[str, str] = {}
    for page in sorted(site.rglob("*.html")):
        for language in set(re.findall(r'<code class="language-[^"]*" data-lang="([^"]+)"', page.read_text(encoding="utf-8"))):
            found.setdefault(language.lower(), str(page.relative_to(site)))
    return found


def test_the_guide_shows_every_language_of_the_site(site):
    shown = site_languages(site)
    for lang, path in GUIDE.items():
        on_guide = set(re.findall(r'data-lang="([^"]+)"', (site / path).read_text(encoding="utf-8")))
        missing = {language: page for language, page in shown.items() if language not in on_guide}
        assert not missing, f"{SOURCE[lang].name} has no block in {sorted(missing)} (shown on {missing}): add one, so axe checks its colours"


def contrast_violations(page) -> list[str]:
    page.evaluate(axe_source())
    result = page.evaluate("""() => axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } })""")
    return [f"{node['target']}: {node['any'][0]['message'] if node['any'] else node['failureSummary']}"
            for violation in result["violations"] for node in violation["nodes"]]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("scheme,theme", MODES)
def test_axe_finds_no_contrast_problem(new_page, site_url, lang, scheme, theme):
    page = open_page(new_page, site_url(GUIDE[lang]), scheme=scheme, theme=theme)
    # One block shows its button, as while a visitor points at it, so the button is checked too.
    page.locator(BLOCKS).first.hover()
    page.wait_for_function("() => getComputedStyle(document.querySelector('div.highlight > .code-copy')).opacity === '1'")
    problems = contrast_violations(page)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_in_the_blocks(new_page, sub_site, scheme):
    """Every axe rule, on the blocks alone: the button's name, the focusable scrolling pre, ARIA. Over HTTP: some
    rules read the stylesheets, which a file:// page may not."""
    page = open_page(new_page, sub_site + GUIDE["en"], scheme=scheme)
    page.evaluate(axe_source())
    result = page.evaluate("() => axe.run({ include: [['div.highlight']] })")
    problems = [f"{violation['id']}: {node['target']}" for violation in result["violations"] for node in violation["nodes"]]
    assert not problems, "\n".join(problems)
