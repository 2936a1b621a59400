"""Pages built from hostile data open without running any of it.

A small site is built in a temporary folder from a hostile copy of the Fake Store fixtures, served by the replay
server (`vitrina-replay`), and from docs pages with hostile front matter and headings. The titles hide `<` and `"`
next to combining marks (U+0600 before, U+0301 after), which an escaper working on Characters misses. Every page
is opened from file:// with a dialog listener: any alert, confirm or prompt fails the test, and so does any element
or attribute the templates never write (an `<img src=x>`, an `on…` attribute). Favourites planted in localStorage
with links to other sites or `javascript:` must render without those links.

Páginas construidas con datos hostiles: se abren sin ejecutar nada de ellos; cualquier diálogo, o cualquier elemento o
atributo que las plantillas no escriben, hace fallar la prueba. Los favoritos con enlaces ajenos se muestran sin enlace.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from sitepages import load_all_images

REPO = Path(__file__).resolve().parents[2]

# Break out of text: U+0600 (a prepending mark) hides the `<` from a Character-wise escaper, U+0301 the `>`.
# Salir del texto: U+0600 esconde el `<` de un escapado por Characters, U+0301 el `>`.
TAG_BREAKOUT = "\u0600<img src=x onerror=alert(1)>\u0301"
# Break out of an attribute (alt="…", content="…"): the `"` carries a combining acute accent.
# Salir de un atributo: la `"` lleva un acento agudo combinante.
ATTRIBUTE_BREAKOUT = 'x"\u0301 onload=alert(1) y="\u0301'
# A heading whose text, once its entities are decoded, is a tag. / Un encabezado que, al decodificar, es una etiqueta.
ENTITY_HEADING = "&lt;img src=x onerror=alert(1)&gt;"

HOSTILE_PRODUCTS = {9: TAG_BREAKOUT, 10: ATTRIBUTE_BREAKOUT}

def _store_source() -> str:
    """The default site's store as Content/site.yml declares it (a declared source, no Swift)."""
    lines = (REPO / "Content" / "site.yml").read_text().split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("  store:"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("  ") and not lines[i].startswith("   ")), len(lines))
    return "\n".join(lines[start:end]) + "\n"


SITE_YML = """title: Vitrina hostil
description: Datos hostiles.
default_language: es
languages: [es, en]
app_screens: true
sources:
""" + _store_source()

DOCS = {
    "front-matter.md": f"---\ntitle: '{TAG_BREAKOUT}'\ndescription: '{ATTRIBUTE_BREAKOUT}'\n---\n\nTexto.\n\n## {ENTITY_HEADING}\n\nMás.\n",
    "heading.md": f"# {ENTITY_HEADING}\n\nTexto.\n",
    "attribute.md": f"---\ntitle: '{ATTRIBUTE_BREAKOUT}'\ndescription: '{TAG_BREAKOUT}'\n---\n\nTexto.\n",
}

# Favourites a hostile script or an old version could have left in localStorage; only the last links anywhere.
# Favoritos que un script hostil o una versión antigua podrían haber dejado; solo el último enlaza.
PLANTED_FAVOURITES = [
    {"id": "product:901", "title": "protocol-relative", "href": "//evil.example/x", "image": "//evil.example/x.png", "kind": "P"},
    {"id": "product:902", "title": "javascript", "href": "javascript:alert(1)", "image": "javascript:alert(1)", "kind": "P"},
    {"id": "product:903", "title": "backslashes", "href": "\\\\evil.example\\x", "image": "/\\evil.example/x.png", "kind": "P"},
    {"id": "product:904", "title": "leading space", "href": " //evil.example/x", "image": "https://evil.example/x.png", "kind": "P"},
    {"id": "product:905", "title": "tab in scheme", "href": "java\tscript:alert(1)", "image": "data:image/svg+xml,<svg onload=alert(1)>"},
    {"id": "product:906", "title": "climbs out", "href": "tienda/../../../etc/passwd", "image": "%2e%2e/%2e%2e/x.png"},
    {"id": "product:907", "title": "absolute path", "href": "/etc/passwd", "image": "\u0000//evil.example/x.png"},
]
PLANTED_TITLE = TAG_BREAKOUT


# ---------------------------------------------------------------------------------------------
# The hostile site
# ---------------------------------------------------------------------------------------------

def _binary(name: str) -> Path:
    binary = REPO / ".build" / "debug" / name
    if not binary.exists():
        subprocess.run(["swift", "build", "--product", name], cwd=REPO, check=True)
    return binary


def _hostile_recordings(target: Path) -> Path:
    """The Fake Store fixtures, with hostile titles for a few electronics products (list and detail)."""
    source = REPO / "Tests" / "Fixtures" / "recordings" / "fakestoreapi.com"
    shutil.copytree(source, target / "fakestoreapi.com")
    products = target / "fakestoreapi.com" / "products"
    listing = json.loads((products / "index.json").read_text())
    for product in listing:
        if product["id"] in HOSTILE_PRODUCTS:
            product["title"] = HOSTILE_PRODUCTS[product["id"]]
            product["description"] = HOSTILE_PRODUCTS[product["id"]]
    (products / "index.json").write_text(json.dumps(listing, ensure_ascii=False))
    for number, title in HOSTILE_PRODUCTS.items():
        detail = products / str(number) / "index.json"
        if detail.exists():
            item = json.loads(detail.read_text())
            item["title"] = item["description"] = title
            detail.write_text(json.dumps(item, ensure_ascii=False))
    return target


def _hostile_source(target: Path) -> Path:
    (target / "Content" / "docs").mkdir(parents=True)
    (target / "Content" / "site.yml").write_text(SITE_YML)
    for name, text in DOCS.items():
        (target / "Content" / "docs" / name).write_text(text)
    shutil.copytree(REPO / "Templates", target / "Templates")
    return target


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    """Folder of the site built from hostile data served by the replay server on 127.0.0.1."""
    work = tmp_path_factory.mktemp("hostile")
    recordings = _hostile_recordings(work / "recordings")
    source = _hostile_source(work / "source")
    output = work / "site"
    vitrina, replay = _binary("vitrina"), _binary("vitrina-replay")
    server = subprocess.Popen([str(replay), "--root", str(recordings), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = server.stdout.readline()
        assert line.startswith("listening on "), f"the replay server did not start: {line!r}"
        base = line.split()[-1]
        build = subprocess.run(
            [str(vitrina), "build", "--site", str(source), "--output", str(output), "--api", f"store={base}"],
            capture_output=True, text=True, timeout=300,
        )
        assert build.returncode == 0, f"the hostile site did not build:\n{build.stdout}\n{build.stderr}"
    finally:
        server.terminate()
        server.wait(timeout=10)
    return output


def hostile_pages(site: Path) -> list[str]:
    """Product, category, album, store, docs, search and home pages of the hostile site, in both languages."""
    pages = []
    for number in HOSTILE_PRODUCTS:
        found = sorted(site.glob(f"tienda/*/{number}-*/index.html")) + sorted(site.glob(f"en/store/*/{number}-*/index.html"))
        assert found, f"no page for product {number}"
        pages += [str(path.relative_to(site)) for path in found]
    pages += ["tienda/electronics/index.html", "tienda/electronics/album/index.html", "en/store/electronics/album/index.html",
              "tienda/index.html", "album/index.html", "docs/index.html", "index.html", "404.html"]
    pages += [f"docs/{Path(name).stem}/index.html" for name in DOCS]
    missing = [page for page in pages if not (site / page).is_file()]
    assert missing == [], f"pages not built: {missing}"
    return pages


# ---------------------------------------------------------------------------------------------
# What ran or appeared that the templates never wrote
# ---------------------------------------------------------------------------------------------

INTRUDERS = """() => {
    const found = [];
    for (const node of document.querySelectorAll('*')) {
        for (const attribute of node.attributes) {
            if (/^on/i.test(attribute.name) || attribute.name === 'y')
                found.push(`<${node.localName} ${attribute.name}="${attribute.value}">`);
        }
        if (node.localName === 'img' && node.getAttribute('src') === 'x') found.push(`<img src="x"> in <${node.parentElement.localName}>`);
    }
    return found;
}"""


class DialogWatch:
    """Every alert, confirm or prompt a page opens, dismissed and recorded."""

    def __init__(self, page):
        self.seen: list[str] = []
        self.page = page
        page.on("dialog", self._on_dialog)

    def _on_dialog(self, dialog):
        self.seen.append(f"{dialog.type}({dialog.message!r}) on {self.page.url}")
        dialog.dismiss()


def open_and_check(page, watch: DialogWatch, url: str) -> list[str]:
    """Opens a page, loads every image (lazy ones too, so onload/onerror fire), and lists what should not be there."""
    page.goto(url)
    load_all_images(page)
    page.wait_for_timeout(150)
    return [f"dialog: {seen}" for seen in watch.seen] + [f"element: {found}" for found in page.evaluate(INTRUDERS)]


# ---------------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------------

def test_pages_built_from_hostile_data_run_none_of_it(page, hostile_site):
    watch = DialogWatch(page)
    problems = {}
    for path in hostile_pages(hostile_site):
        found = open_and_check(page, watch, (hostile_site / path).as_uri())
        watch.seen.clear()
        if found:
            problems[path] = found
    report = "\n".join(f"{path}:\n  " + "\n  ".join(found) for path, found in problems.items())
    assert not problems, "hostile data ran or wrote markup:\n" + report


def test_searching_hostile_titles_shows_them_as_text(page, hostile_site):
    watch = DialogWatch(page)
    for query in ["img", "onload"]:
        found = open_and_check(page, watch, (hostile_site / "buscar" / "index.html").as_uri() + "?q=" + query)
        # The results come once the index's scripts load: wait for them, then look again.
        expect(page.locator("#search-results li").first).to_be_attached(timeout=10_000)
        load_all_images(page)
        page.wait_for_timeout(150)
        found += [f"dialog: {seen}" for seen in watch.seen] + [f"element: {found}" for found in page.evaluate(INTRUDERS)]
        assert found == [], f"search for {query!r}: {found}"


def test_planted_favourites_link_only_inside_the_site(new_page, hostile_site):
    good_product = sorted(hostile_site.glob("tienda/*/1-*/index.html"))[0]
    good_image = sorted((hostile_site / "media").rglob("*.jpg"))[0]
    good = {"id": "product:1", "title": PLANTED_TITLE, "kind": "P",
            "href": str(good_product.relative_to(hostile_site)), "image": str(good_image.relative_to(hostile_site))}
    planted = PLANTED_FAVOURITES + [good]
    plant = f"if (location.protocol === 'file:') localStorage.setItem('vitrina.v1.favourites', {json.dumps(json.dumps(planted))});"
    page = new_page(init_script=plant)
    watch = DialogWatch(page)
    found = open_and_check(page, watch, (hostile_site / "favoritos" / "index.html").as_uri())
    assert found == [], found

    cards = page.locator("#favourites-list > li")
    expect(cards).to_have_count(len(planted))
    # Each hostile card keeps its title and its remove button, with no link and no image.
    # Cada tarjeta hostil conserva su título y su botón de quitar, sin enlace ni imagen.
    for index, item in enumerate(PLANTED_FAVOURITES):
        card = cards.nth(index)
        expect(card.locator(".card-title")).to_have_text(item["title"])
        expect(card.locator("[href], [src]")).to_have_count(0)
        expect(card.locator(".favourite-remove")).to_be_visible()
    last = cards.nth(len(planted) - 1)
    expect(last.locator(".card-title")).to_have_text(PLANTED_TITLE)
    assert last.locator("a").evaluate("a => a.href") == good_product.as_uri()
    assert last.locator("img").evaluate("i => i.src") == good_image.as_uri()

    # Every link and image left points inside the site folder. / Todo enlace e imagen queda dentro del sitio.
    inside = hostile_site.as_uri() + "/"
    outside = page.evaluate(
        "inside => Array.from(document.querySelectorAll('#favourites-list [href], #favourites-list [src]'))"
        ".map(n => n.href || n.src).filter(u => !u.startsWith(inside))", inside)
    assert outside == []

    # Clicking a card that lost its link goes nowhere and runs nothing. / Pulsar una tarjeta sin enlace no hace nada.
    url = page.url
    cards.nth(1).locator(".card-title").click()
    page.wait_for_timeout(150)
    assert page.url == url and watch.seen == []
