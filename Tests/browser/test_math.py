"""Math in the default site, on the guide's page about it (Content/docs/math.md and .en.md), opened from file:// in
Chromium: every formula of the Markdown is a <math> element Chromium draws natively (its computed display is MathML's),
with its TeX as the annotation, no error and no script; display formulas are blocks taller than a line, a matrix's
fences stretch to its height (in the theme's math font stack; Scripts/browser-tests.sh installs DejaVu Math TeX Gyre), a `cases` column is aligned to the left, and on a phone's width a wide formula scrolls
inside itself rather than widening the page.
Las fórmulas de la guía, abiertas desde el disco en Chromium: MathML dibujado por el navegador, sin scripts."""
from __future__ import annotations

import re

import pytest

from conftest import REPO

GUIDE = {"es": "docs/math/index.html", "en": "en/docs/math/index.html"}
SOURCE = {"es": REPO / "Content" / "docs" / "math.md", "en": REPO / "Content" / "docs" / "math.en.md"}


def formulas_in(markdown: str) -> list[str]:
    """The formulas the guide writes outside code, as GitHub finds them: $$…$$ blocks first, then $…$ in lines."""
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    text = re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", text)
    found = [m.strip() for m in re.findall(r"\$\$(.+?)\$\$", text, flags=re.S)]
    text = re.sub(r"\$\$(.+?)\$\$", "", text, flags=re.S)
    found += re.findall(r"(?<![\\$])\$(?![\s$])([^$\n]+?)(?<!\s)\$(?!\d)", text)
    return found


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_formula_is_mathml_drawn_by_the_browser(page, site_url, lang):
    page.goto(site_url(GUIDE[lang]))
    assert page.url.startswith("file://")
    expected = formulas_in(SOURCE[lang].read_text())
    assert len(expected) >= 3
    shown = page.eval_on_selector_all("main math annotation[encoding='application/x-tex']", "nodes => nodes.map(n => n.textContent)")
    assert sorted(t.strip() for t in shown) == sorted(expected)
    assert page.locator(".math-error").count() == 0
    # No script draws them: no KaTeX, no MathJax, nothing from the network. / Ningún script las dibuja.
    sources = page.eval_on_selector_all("script[src]", "nodes => nodes.map(n => n.src)")
    assert not [s for s in sources if re.search(r"katex|mathjax|mathml", s, re.I)], sources
    displays = page.eval_on_selector_all("main math", "nodes => nodes.map(n => [n.getAttribute('display'), getComputedStyle(n).display, n.getBoundingClientRect().width, n.getBoundingClientRect().height])")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('main p')).lineHeight) || 24")
    for attribute, css, width, height in displays:
        assert width > 0 and height > 0
        # Chromium's MathML layout, not an unknown element's inline text. / El diseño MathML de Chromium.
        assert css == ("block math" if attribute == "block" else "math"), css
    assert any(a == "block" and h > line for a, _, _, h in displays), "a display formula taller than a line"


def test_fences_stretch_and_cases_align_left(page, site_url):
    page.goto(site_url(GUIDE["en"]))
    matrix = page.locator("main math:has(annotation:text-matches('pmatrix'))").first
    sizes = matrix.evaluate("""m => {
        const table = m.querySelector('mtable').getBoundingClientRect();
        const fence = m.querySelector('mo[fence]').getBoundingClientRect();
        const cases = [...m.querySelectorAll('mtable')].pop().querySelector('mtd');
        return {table: table.height, fence: fence.height, casesAlign: getComputedStyle(cases).textAlign};
    }""")
    assert sizes["fence"] >= 0.9 * sizes["table"], sizes
    assert sizes["casesAlign"] == "left", sizes


def test_a_wide_formula_scrolls_inside_itself_on_a_phone(new_page, site_url):
    page = new_page(viewport={"width": 320, "height": 640})
    page.goto(site_url(GUIDE["en"]))
    wide = page.eval_on_selector_all("main math[display='block']", "nodes => nodes.map(n => [n.scrollWidth, n.clientWidth, getComputedStyle(n).overflowX])")
    assert any(scroll > client for scroll, client, _ in wide), "the matrix formula is wider than a phone"
    assert all(overflow == "auto" for _, _, overflow in wide)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
