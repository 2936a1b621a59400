"""The docs layout (Templates/docs/: page.mustache, nav.mustache, nav-item.mustache, nav.js, docs.css) on a site that
follows the navigation contract: the sidebar holds the top level and the path, and nav.js fills the rest from the shared
scripts assets/nav/index.js and its chunks, loaded with <script src> on demand. Walked from file:// and over HTTP under
a sub-path: the current page marked and its sections open and filled, a closed section loaded when opened, the
1,500-page section loading only the chunk of the current page (at most 100 KB of navigation), the phone's drawer, rel
prev/next, the table of contents, axe in light and dark, hostile labels as text and hostile links refused.

The site is Tests/browser/fixtures/make_docs_nav_site.py's, written into a temporary folder (no Swift build). To run the
same tests against a real built site: --docs-nav-site=FOLDER (or VITRINA_DOCS_NAV_SITE=FOLDER) with a
docs-nav-fixture.json in it (or --docs-nav-manifest=FILE / VITRINA_DOCS_NAV_MANIFEST) naming the pages:
    {"deep": page three levels deep, "big": a page deep in a section of more than 800 pages, "big_chunk": that
     section's key, "closed_section": key of a section closed on "deep", "hostile": a label with markup (optional),
     "fixture": true only for the generated site (its exact labels and hostile entries are checked)}
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from playwright.sync_api import expect

from conftest import fixture_module, given_site, serve_under

SUB_PATH = "docs/lumen/"
NAV_BUDGET = 100 * 1024
PHONE = {"width": 390, "height": 844}
READY = "#docs-nav[data-nav-ready]"


@pytest.fixture(scope="module")
def docs_nav_site(request, tmp_path_factory) -> tuple[Path, dict]:
    """The site's folder and its manifest: the given one, or the fixture generated into a temporary folder."""
    given = given_site(request, "docs-nav", "docs-nav-fixture.json")
    if given:
        return given
    site = tmp_path_factory.mktemp("docs-nav") / "site"
    manifest = fixture_module("make_docs_nav_site").build(site)
    manifest["fixture"] = True
    return site, manifest


@pytest.fixture(scope="module")
def docs_nav_http(docs_nav_site, tmp_path_factory):
    yield from serve_under(docs_nav_site[0], tmp_path_factory.mktemp("docs-nav-http"), SUB_PATH)


@pytest.fixture(params=["file", "http"])
def where(request, docs_nav_site, docs_nav_http):
    """(base URL ending in /, site folder, manifest), from disk and under the sub-path."""
    site, manifest = docs_nav_site
    return (site.as_uri() + "/" if request.param == "file" else docs_nav_http), site, manifest


@pytest.fixture
def manifest(docs_nav_site):
    return docs_nav_site[1]


def fixture_only(manifest):
    if not manifest.get("fixture"):
        pytest.skip("checks the generated fixture's own labels")


def open_page(page, base: str, path: str):
    """Goes to a page and waits until the sidebar has filled its path. Any alert() fails the test."""
    page.on("dialog", lambda dialog: pytest.fail(f"a dialog opened: {dialog.message}"))
    page.goto(base + path)
    page.wait_for_selector(READY, state="attached")
    return page


def nav_bytes(page, base: str, site: Path) -> tuple[int, list[str]]:
    """Bytes of the navigation scripts the page loaded (read from disk: file:// reports no sizes)."""
    names = page.evaluate("() => [...document.querySelectorAll('script[src]')].map(s => s.src)")
    loaded = [name for name in names if "/assets/nav/" in name]
    total = 0
    for name in loaded:
        assert name.startswith(base), f"{name} is outside the site"
        total += (site / unquote(urlparse(name).path[len(urlparse(base).path):])).stat().st_size
    return total, loaded


def section(page, key: str):
    return page.locator(f'#docs-nav li[data-nav-key="{key}"]')


# ---------------------------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------------------------

def test_the_current_page_is_marked_and_its_sections_are_open_and_filled(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["deep"])
    current = page.locator('#docs-nav a[aria-current="page"]')
    expect(current).to_have_count(1)
    expect(current).to_be_visible()
    # Every section above the current page is open, with its toggle shown and its siblings loaded.
    sections = current.locator("xpath=ancestor::li[contains(@class, 'nav-section')]")
    assert sections.count() >= 2, "the deep page is at least three levels down"
    for i in range(sections.count()):
        row = sections.nth(i)
        toggle = row.locator(":scope > .nav-row > .nav-toggle")
        expect(toggle).to_be_visible()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        expect(row.locator(":scope > ol")).to_be_visible()
        assert row.locator(":scope > ol > li").count() > 1, "the section shows the siblings of the path"
    # Nothing else is marked, and the sidebar shows the current entry (it scrolled to it if needed).
    assert page.evaluate("() => document.querySelectorAll('main [aria-current=\"page\"]').length") == 1
    box, nav = current.bounding_box(), page.locator("#docs-nav").bounding_box()
    assert box["y"] < 900 and box["y"] + box["height"] > 0 and box["x"] >= nav["x"]
    if manifest.get("fixture"):
        expect(current).to_have_text("1.2.1. Tuning")
        guide = section(page, "guide").locator(":scope > ol > li")
        expect(guide).to_have_count(7)  # four chapters, three hostile entries
        expect(section(page, "guide-advanced").locator(".nav-draft")).to_have_text("1.2.3. Plugins (Draft)")
        expect(section(page, "guide-advanced").locator(".nav-draft a")).to_have_count(0)
        # The top level: a part title, a separator, an external link, with nothing on it loaded twice.
        expect(page.locator("#docs-nav > ol > li")).to_have_count(7)
        expect(page.locator("#docs-nav .nav-part")).to_have_text("User guide")
        expect(page.locator("#docs-nav .nav-ext a")).to_have_attribute("href", "https://example.com/lumen")


def test_opening_a_section_loads_it_and_its_links_work(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["deep"])
    key = manifest["closed_section"]
    # In the fixture the closed section sits under a closed top-level one: open that first.
    if manifest.get("fixture"):
        toggle = section(page, "appendix").locator(":scope > .nav-row > .nav-toggle")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        expect(section(page, "appendix").locator(":scope > ol")).to_be_hidden()
        toggle.click()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        expect(section(page, "appendix").locator(":scope > ol > li")).to_have_count(2)
    closed = section(page, key)
    expect(closed).to_have_count(1)
    toggle = closed.locator(":scope > .nav-row > .nav-toggle")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    first = closed.locator(":scope > ol > li a").first
    expect(first).to_be_visible()
    href = first.get_attribute("href")
    assert href and not href.startswith("/") and ":" not in href.split("/")[0], f"a relative link: {href}"
    # Closing hides it again; opening again does not load it twice.
    toggle.click()
    expect(closed.locator(":scope > ol")).to_be_hidden()
    toggle.click()
    expect(closed.locator(":scope > ol > li")).to_have_count(closed.locator(":scope > ol > li").count())
    first.click()
    page.wait_for_selector(READY, state="attached")
    expect(page.locator('#docs-nav a[aria-current="page"]')).to_have_count(1)
    assert page.url.startswith(base)


def test_the_big_section_loads_only_the_chunk_of_the_current_page(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["big"])
    key = manifest["big_chunk"]
    big = section(page, key).locator(":scope > ol")
    current = big.locator(':scope > li > a[aria-current="page"]')
    expect(current).to_have_count(1)
    links = big.locator(":scope > li > a")
    assert 1 < links.count() <= 400, f"{links.count()} entries shown: one chunk at most"
    total, loaded = nav_bytes(page, base, site)
    assert total <= NAV_BUDGET, f"{total} bytes of navigation loaded: {loaded}"
    assert sum(f"/{key}." in name for name in loaded) == 1, loaded
    # The chunks before and after wait for a click; "more" focuses the first new entry.
    earlier = big.locator(":scope > li > .nav-more[data-earlier]")
    more = big.locator(":scope > li > .nav-more:not([data-earlier])")
    expect(earlier).to_have_count(1)
    expect(more).to_have_count(1)
    shown = links.count()
    last_label = links.nth(shown - 1).inner_text()
    more.click()
    page.wait_for_function("(n) => document.querySelectorAll('#docs-nav li[data-nav-key=\"%s\"] > ol > li > a').length > n" % key, arg=shown)
    focused = page.evaluate("() => document.activeElement.textContent")
    assert focused != last_label and page.evaluate("() => document.activeElement.closest('#docs-nav') !== null")
    if manifest.get("fixture"):
        assert focused.startswith("Function 1201")
        expect(links).to_have_count(shown + 300)
        expect(more).to_have_count(0)
        earlier.click()
        expect(links).to_have_count(shown + 700)
        assert page.evaluate("() => document.activeElement.textContent").startswith("Function 0800")
        assert total < 60 * 1024


def test_hostile_labels_are_text_and_hostile_links_are_refused(page, where):
    base, site, manifest = where
    fixture_only(manifest)
    open_page(page, base, manifest["deep"])
    guide = section(page, "guide").locator(":scope > ol")
    expect(guide.get_by_text(manifest["hostile"], exact=False)).to_have_count(1)
    assert page.locator("#docs-nav img").count() == 0
    for label in ("Evil link", "Evil external", "Climbing"):
        entry = guide.locator(":scope > li", has_text=label)
        expect(entry).to_have_count(1)
        expect(entry.locator("a")).to_have_count(0)
    hrefs = page.evaluate("() => [...document.querySelectorAll('#docs-nav a')].map(a => a.getAttribute('href'))")
    assert all(h.startswith(("../", "https://")) or not h.startswith(("/", "javascript")) for h in hrefs), hrefs
    assert not any(h.lower().startswith("javascript") for h in hrefs)


def test_every_link_and_script_is_relative(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["deep"])
    urls = page.evaluate("""() => [...document.querySelectorAll('a[href], script[src], link[href]')]
        .map(e => [e.getAttribute('href') || e.getAttribute('src'), e.href || e.src])""")
    for raw, resolved in urls:
        if raw.startswith("https://"):
            continue
        assert not raw.startswith("/"), f"{raw} is not relative"
        assert resolved.startswith(base), f"{raw} leaves the site ({resolved})"
    assert page.evaluate("() => performance.getEntriesByType('resource').every(r => r.name.startsWith(%r))" % base)


# ---------------------------------------------------------------------------------------------
# Previous, next, contents, breadcrumbs, page facts
# ---------------------------------------------------------------------------------------------

def test_previous_and_next_follow_the_nav_order(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["deep"])
    previous, following = page.locator('a[rel="prev"]'), page.locator('a[rel="next"]')
    expect(previous).to_have_count(1)
    expect(following).to_have_count(1)
    expect(page.locator('nav.docs-pager a[rel="prev"]')).to_have_count(1)
    label = following.locator(".docs-pager-label").inner_text()
    following.click()
    page.wait_for_selector(READY, state="attached")
    expect(page.locator("main h1").first).to_contain_text(label)
    expect(page.locator('#docs-nav a[aria-current="page"]')).to_contain_text(label)
    if manifest.get("fixture"):
        expect(page.locator(".docs-draft .badge-draft")).to_have_text("Draft")
    page.locator('a[rel="prev"]').click()
    assert page.url == base + manifest["deep"]


def test_breadcrumbs_edit_link_and_last_change(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["deep"])
    crumbs = page.locator("main nav.docs-crumbs")
    assert crumbs.get_attribute("aria-label")
    assert crumbs.locator("a").count() >= 2
    for href in crumbs.locator("a").evaluate_all("(links) => links.map(a => a.href)"):
        assert href.startswith(base)
    assert len(page.locator(".docs-updated time").get_attribute("datetime")) >= 10
    edit = page.locator(".docs-edit a")
    expect(edit).to_have_count(1)
    if manifest.get("fixture"):
        expect(crumbs.locator("a")).to_have_text(["Home", "Guide", "Advanced"])
        expect(edit).to_have_attribute("href", "https://example.com/lumen/edit/main/docs/guide/advanced/tuning.md")


def test_a_section_index_page_is_current_in_its_own_section(page, where):
    base, site, manifest = where
    fixture_only(manifest)
    open_page(page, base, "guide/index.html")
    current = page.locator('#docs-nav a[aria-current="page"]')
    expect(current).to_have_text("1. Guide")
    expect(section(page, "guide").locator(":scope > .nav-row .nav-toggle")).to_have_attribute("aria-expanded", "true")
    expect(section(page, "guide").locator(":scope > ol > li")).to_have_count(7)
    expect(page.locator("main .doc-list a")).to_have_count(3)


def test_table_of_contents_links_reach_their_headings_and_follow_the_reading(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["deep"])
    toc = page.locator("nav.docs-toc")
    expect(toc).to_be_visible()
    links = toc.locator("a")
    assert links.count() >= 2
    levels = toc.locator("li").evaluate_all("(items) => items.map(li => li.className)")
    assert set(levels) <= {"toc-l2", "toc-l3"}, levels
    target = links.nth(links.count() - 2)
    fragment = target.get_attribute("href")
    target.click()
    assert urlparse(page.url).fragment == fragment[1:]
    heading = page.locator(f"[id='{fragment[1:]}']")
    expect(heading).to_be_in_viewport()
    page.wait_for_function("(href) => document.querySelector(`.docs-toc a[href='${href}']`).getAttribute('aria-current') === 'location'",
                           arg=fragment)


def test_wide_medium_layouts(new_page, where):
    base, site, manifest = where
    page = new_page(viewport={"width": 1280, "height": 900})
    open_page(page, base, manifest["deep"])
    nav, article, toc = (page.locator(s).bounding_box() for s in ("#docs-nav", "main article", "nav.docs-toc"))
    assert nav["x"] + nav["width"] <= article["x"] and article["x"] + article["width"] <= toc["x"], (nav, article, toc)
    expect(page.locator("#docs-menu")).to_be_hidden()
    page.set_viewport_size({"width": 900, "height": 900})
    nav, article, toc = (page.locator(s).bounding_box() for s in ("#docs-nav", "main article", "nav.docs-toc"))
    assert nav["x"] + nav["width"] <= article["x"] and toc["x"] + toc["width"] <= article["x"], (nav, article, toc)
    expect(page.locator("#docs-menu")).to_be_hidden()


# ---------------------------------------------------------------------------------------------
# Phones: the drawer
# ---------------------------------------------------------------------------------------------

def test_phone_shows_the_text_first_and_the_menu_opens_a_drawer(new_page, where):
    base, site, manifest = where
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    open_page(page, base, manifest["deep"])
    first_text = page.locator("main article p").first
    expect(first_text).to_be_in_viewport()
    assert first_text.bounding_box()["y"] < PHONE["height"] - 40
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    nav, menu = page.locator("#docs-nav"), page.locator("#docs-menu")
    expect(nav).to_be_hidden()
    expect(menu).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(nav).to_be_visible()
    expect(page.locator("#docs-drawer")).to_have_attribute("aria-modal", "true")
    # Focus goes to the current page's entry and stays in the drawer.
    assert page.evaluate("() => document.activeElement.getAttribute('aria-current')") == "page"
    for _ in range(12):
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.getElementById('docs-drawer').contains(document.activeElement)"), "focus left the drawer"
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(nav).to_be_hidden()
    expect(menu).to_be_focused()
    # The close button and a tap outside close it too; a link to a heading closes it and goes there.
    menu.click()
    page.locator("#docs-drawer .docs-close").click()
    expect(nav).to_be_hidden()
    expect(menu).to_be_focused()
    menu.click()
    page.mouse.click(PHONE["width"] - 10, PHONE["height"] // 2)
    expect(nav).to_be_hidden()
    menu.click()
    toc_link = page.locator("nav.docs-toc a").first
    toc_link.click()
    expect(nav).to_be_hidden()
    assert urlparse(page.url).fragment == toc_link.get_attribute("href")[1:]


def test_without_javascript_the_path_and_top_level_are_links(new_page, where):
    base, site, manifest = where
    page = new_page(viewport=PHONE, java_script_enabled=False)
    page.goto(base + manifest["deep"])
    expect(page.locator("main article p").first).to_be_in_viewport()
    expect(page.locator("#docs-menu")).to_be_hidden()
    expect(page.locator("#docs-nav .nav-toggle")).to_have_count(page.locator("#docs-nav .nav-toggle[hidden]").count())
    expect(page.locator('#docs-nav a[aria-current="page"]')).to_have_count(1)
    assert page.locator("#docs-nav > ol > li").count() >= 2
    for href in page.locator("#docs-nav a").evaluate_all("(links) => links.map(a => a.href)"):
        assert href.startswith((base, "https://"))


# ---------------------------------------------------------------------------------------------
# axe-core, light and dark
# ---------------------------------------------------------------------------------------------

def axe_source() -> str:
    import axe_playwright_python as axe  # PyPI's axe-playwright-python, for the axe-core it ships
    return (Path(axe.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(page) -> list[str]:
    page.evaluate(axe_source())
    result = page.evaluate("() => axe.run(document)")
    return [f"{v['id']}: {v['help']} — {[n['target'] for n in v['nodes']][:4]}" for v in result["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
def test_axe_finds_nothing(new_page, docs_nav_http, manifest, scheme, width):
    """Every axe rule, over HTTP (some rules read the stylesheets, which a file:// page may not), wide and on a phone
    with the drawer open, with a section opened and chunks loaded."""
    base = docs_nav_http
    page = new_page(viewport={"width": width, "height": 844}, color_scheme=scheme)
    open_page(page, base, manifest["big"])
    if width < 768:
        page.locator("#docs-menu").click()
    else:  # a closed section opened and filled, too
        closed = page.locator("#docs-nav > ol > li > .nav-row > .nav-toggle[aria-expanded='false']").first
        closed.click()
        page.locator("#docs-nav > ol > li > ol:not([hidden]):not([aria-busy]) > li").first.wait_for()
    if width >= 768:
        page.locator('#docs-nav a[aria-current="page"]').hover()
    assert axe_violations(page) == []
