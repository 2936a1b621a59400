"""Full-text search in the browser (Templates/assets/js/search.js, search.css): the engine reading assets/search/ (manifest,
shard trie, shards, table and record chunks, loaded as classic scripts on demand), the header's box as an APG combobox
with results while typing, and the search page (?q=). Walked from file:// and over HTTP under a sub-path: the word rules
against Tests/Fixtures/search/tokens.json, accents, light stems, the prefix of the last word, AND, Japanese bigrams,
ranking, section anchors, marked excerpts, hostile data shown as text or refused, the keyboard, only the needed files
loaded, recall against a brute-force scan, 10,000 random queries, and axe with the popup open in light and dark.

The site is Tests/browser/fixtures/make_search_site.py's, written into a temporary folder (no Swift build). To run the
same tests against a real built site: --search-site=FOLDER (or VITRINA_SEARCH_SITE=FOLDER) with a search-fixture.json in
it (or --search-manifest=FILE / VITRINA_SEARCH_MANIFEST) naming the pages:
    {"lang": the home page's language, "home": a page with the header box, "search_page": the search page,
     "query": a word several pages hold, "fixture": true only for the generated site (its own pages are checked)}
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from conftest import REPO, fixture_module, given_site, serve_under

SUB_PATH = "harbour/search/"
TOKENS = REPO / "Tests" / "Fixtures" / "search" / "tokens.json"
BOX = "form.site-search input[name=q]"
POPUP = "form.site-search .search-popup"
OPTIONS = "form.site-search [role=option]"


maker = fixture_module("make_search_site")


@pytest.fixture(scope="module")
def search_site(request, tmp_path_factory) -> tuple[Path, dict]:
    """The site's folder and its manifest: the given one, or the fixture generated into a temporary folder."""
    given = given_site(request, "search", "search-fixture.json")
    if given:
        return given
    site = tmp_path_factory.mktemp("search") / "site"
    return site, maker.build(site)


@pytest.fixture(scope="module")
def search_http(search_site, tmp_path_factory):
    yield from serve_under(search_site[0], tmp_path_factory.mktemp("search-http"), SUB_PATH)


@pytest.fixture(params=["file", "http"])
def where(request, search_site, search_http):
    """(base URL ending in /, site folder, manifest), from disk and under the sub-path."""
    site, manifest = search_site
    return (site.as_uri() + "/" if request.param == "file" else search_http), site, manifest


@pytest.fixture
def on_disk(search_site):
    site, manifest = search_site
    return site.as_uri() + "/", site, manifest


def fixture_only(manifest):
    if not manifest.get("fixture"):
        pytest.skip("checks the generated fixture's own pages")


def open_page(page, base: str, path: str):
    """Goes to a page and waits until search.js has set up the box. Any alert() fails the test."""
    page.on("dialog", lambda dialog: pytest.fail(f"a dialog opened: {dialog.message}"))
    page.goto(base + path)
    page.wait_for_selector(f"{BOX}[role=combobox]", state="attached")
    return page


def type_query(page, text: str, fill: bool = True):
    """Types into the header box and waits until the popup shows the answer to exactly this text."""
    box = page.locator(BOX)
    if fill:
        box.fill(text)
    else:
        box.press_sequentially(text)
    page.wait_for_function("(q) => { const p = document.querySelector(%r); return p && p.dataset.query === q; }" % POPUP, arg=text)
    return box


def query(page, text, **options):
    """The engine's answer (a list of result objects)."""
    return page.evaluate("([q, o]) => window.vitrinaSearch.query(q, o)", [text, options])


def urls(page, text, **options) -> list[str]:
    return [r["url"] for r in query(page, text, **options)]


# ---------------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------------

def test_the_token_vectors_follow_the_spec():
    """tokens.json is what the spec's rules give (computed with Python's unicodedata), and covers the hard cases."""
    vectors = json.loads(TOKENS.read_text(encoding="utf-8"))
    assert len(vectors) >= 60
    assert vectors == maker.token_vectors(), "regenerate: make_search_site.py --tokens Tests/Fixtures/search/tokens.json"
    for vector in vectors:
        assert vector["words"] == maker.words(vector["text"])
        assert all(1 <= len(word) <= 40 for word in vector["words"])
    texts = {v["text"]: v["words"] for v in vectors}
    assert texts["Canción"] == ["cancion"]
    assert texts["東京都"] == ["東京", "京都"]
    assert texts["abc東京def"] == ["abc", "東京", "def"]
    assert texts["A" * 45] == ["a" * 40]
    assert texts["don't l'homme rock'n'roll"][:2] == ["don", "t"]


def test_the_engine_splits_words_as_the_vectors_say(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["home"])
    vectors = json.loads(TOKENS.read_text(encoding="utf-8"))
    got = page.evaluate("""(vectors) => vectors.map(v => [window.vitrinaSearch.words(v.text),
        window.vitrinaSearch.spans(v.text).map(s => s[0]), window.vitrinaSearch.spans(v.text).map(s => v.text.slice(s[1], s[2]))])""",
                        vectors)
    for vector, (words, span_words, pieces) in zip(vectors, got):
        assert words == vector["words"], vector["text"]
        assert span_words == vector["words"], f"excerpt words differ: {vector['text']!r}"
        assert all(piece for piece in pieces), vector["text"]
    stems = page.evaluate("(ws) => ws.map(w => window.vitrinaSearch.stem(w))",
                          ["running", "runs", "canciones", "cancion", "rapidamente", "ciudades", "ciudad", "yes", "jumped", "quickly"])
    assert stems == ["runn", "run", "canc", "canc", "rapid", "ciudad", "ciudad", "yes", "jump", "quick"]
    assert stems == [maker.stem(w) for w in ["running", "runs", "canciones", "cancion", "rapidamente", "ciudades", "ciudad", "yes",
                                              "jumped", "quickly"]]


# ---------------------------------------------------------------------------------------------
# The header box
# ---------------------------------------------------------------------------------------------

def test_typing_shows_results_in_a_combobox(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["home"])
    box = page.locator(BOX)
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(box).to_have_attribute("aria-autocomplete", "list")
    listbox = page.locator("#" + box.get_attribute("aria-controls"))
    expect(listbox).to_have_attribute("role", "listbox")
    expect(page.get_by_role("search").get_by_role("combobox")).to_have_count(1)
    type_query(page, manifest["query"])
    expect(box).to_have_attribute("aria-expanded", "true")
    options = page.locator(OPTIONS)
    assert 1 <= options.count() <= 8
    for i in range(options.count()):
        option = options.nth(i)
        expect(option).to_have_attribute("tabindex", "-1")
        assert option.evaluate("(a) => a.href").startswith(base)
        assert option.locator(".search-option-title").inner_text().strip()
    status = page.locator("form.site-search [role=status]")
    expect(status).to_have_text(re.compile(r"\d"))
    if manifest.get("fixture"):
        expect(options).to_have_count(2)
        expect(options.nth(0).locator(".search-option-title")).to_have_text("Lighthouse keeping")
        expect(options.nth(0).locator(".search-kind")).to_have_text("Guide")
        expect(status).to_have_text("2 results")
        type_query(page, "qqqzzzxx")
        expect(status).to_have_text("No results. Try another word or clear the filters.")
        expect(page.locator("form.site-search .search-popup-note")).to_be_visible()
        expect(box).to_have_attribute("aria-expanded", "false")


def test_accents_stems_prefix_and_and(page, where):
    base, site, manifest = where
    fixture_only(manifest)
    open_page(page, base, manifest["home"])
    cancion, naciones = "songs/cancion/index.html", "songs/naciones/index.html"
    run, runs, running = "words/run/index.html", "words/runs/index.html", "words/running/index.html"
    lighthouse, coast = "guide/lighthouse/index.html", "guide/coast/index.html"
    # Accents and case fold. / Acentos y mayúsculas.
    # (the exact word in a title first, then "canciones" by its stem)
    assert urls(page, "cancion ") == urls(page, "CANCIÓN ") == urls(page, "Canción") == [cancion, naciones]
    assert urls(page, "pingüino") == urls(page, "PINGUINO") == [cancion]
    # Light stems: "canciones" ~ "canción", "naciones" ~ "nación", "runs" ~ "run"; "running" stems to "runn".
    assert set(urls(page, "canciones ")) == {cancion, naciones}
    assert set(urls(page, "naciones ")) == {cancion, naciones}
    assert set(urls(page, "run ")) == {run, runs}
    assert set(urls(page, "runs ")) == {run, runs}
    assert urls(page, "running ") == [running]
    assert set(urls(page, "jumping ")) == {running, runs}
    # The last word, while typed, is also a prefix; a word followed by more words is not.
    assert set(urls(page, "run")) == {run, runs, running}
    assert set(urls(page, "lighth")) == {coast, lighthouse}
    assert urls(page, "lighth keeping") == []
    assert urls(page, "keeping lighth") == [lighthouse]
    assert urls(page, "run", prefix=False) == urls(page, "run ")
    # Every word must match (AND). / Todas las palabras (Y).
    assert urls(page, "lighthouse foghorn") == [lighthouse]
    assert urls(page, "lighthouse zqaab") == []
    # Japanese: bigrams; one character is a prefix of bigrams. / Japonés: bigramas.
    assert urls(page, "東京都") == ["ja/tokyo/index.html"]
    assert urls(page, "京都") == ["ja/tokyo/index.html"]
    assert urls(page, "東") == ["ja/tokyo/index.html"]
    assert urls(page, "都京 ") == []
    # Words cut to 40 code points; other scripts. / Palabras cortadas a 40; otras escrituras.
    long_word = manifest["long_word"]
    assert urls(page, long_word) == urls(page, long_word[:40] + " ") == urls(page, long_word[:30]) == [running]
    for word in ("ΟΔΟΣ ", "οδος ", "σοφιας ", "Москва ", "straße ", "STRASSE ", "file ", "full "):
        assert urls(page, word) == ["odd/scripts/index.html"], word


def test_titles_rank_above_text_and_scores_decrease(page, where):
    base, site, manifest = where
    fixture_only(manifest)
    open_page(page, base, manifest["home"])
    results = query(page, "lighthouse ")
    assert [r["url"] for r in results] == ["guide/lighthouse/index.html", "guide/coast/index.html"]
    assert results[0]["score"] > results[1]["score"]
    many = query(page, "widget", limit=50)
    assert len(many) == 50
    assert all(a["score"] >= b["score"] for a, b in zip(many, many[1:]))


def test_a_result_links_to_its_section_with_marked_words(page, where):
    base, site, manifest = where
    fixture_only(manifest)
    open_page(page, base, manifest["home"])
    result = query(page, "foghorn seconds")[0]
    assert result["anchor"] == "fog-signals"
    assert result["url"] == "guide/lighthouse/index.html"
    assert [text.lower() for text, marked in result["excerptParts"] if marked] == ["foghorn", "seconds"]
    excerpt = "".join(text for text, _ in result["excerptParts"])
    assert excerpt.strip("…") in manifest["pages"][1]["sections"][2][2]
    # A match in the first section links to the page itself. / En la primera sección, a la página.
    first = query(page, "craft")[0]
    assert first["anchor"] == "" and "#" not in first["href"]
    # In the box: the option links to the anchor, its excerpt marks the words, and it takes us there.
    type_query(page, "foghorn seconds")
    option = page.locator(OPTIONS).first
    assert option.get_attribute("href") == "guide/lighthouse/index.html#fog-signals"
    expect(option.locator("mark")).to_have_text(["foghorn", "seconds"])
    option.click()
    page.wait_for_url(base + "guide/lighthouse/index.html#fog-signals")
    expect(page.locator("#fog-signals")).to_be_in_viewport()


def test_hostile_data_is_text_or_refused(page, where):
    base, site, manifest = where
    fixture_only(manifest)
    open_page(page, base, manifest["home"])
    type_query(page, "onerror")
    options = page.locator(OPTIONS)
    expect(options).to_have_count(1)
    expect(options.locator(".search-option-title")).to_have_text(manifest["hostile_title"])
    expect(options.locator(".search-kind")).to_have_text("<i>Kind</i>")
    expect(options.locator(".search-excerpt")).to_contain_text("<img src=x onerror=alert(1)>")
    popup = page.locator(POPUP)
    assert popup.evaluate("(p) => [...p.querySelectorAll('*')].map(n => n.localName).filter(n => !['div', 'a', 'span', 'mark', 'p'].includes(n))") == []
    assert page.evaluate("() => document.querySelectorAll('img, b, i').length") == 0
    # The markup typed as a query is only words. / El marcado escrito como consulta son solo palabras.
    type_query(page, "<img src=x onerror=alert(1)>")
    assert page.evaluate("() => document.querySelectorAll('img').length") == 0
    # Records whose url is not a plain relative path are not shown (nor counted). / Urls que no son rutas simples.
    assert query(page, manifest["bad_word"], limit=100) == []
    type_query(page, manifest["bad_word"])
    expect(options).to_have_count(0)
    hrefs = page.evaluate("() => [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))")
    assert not any(":" in h.split("/")[0] or h.startswith("/") for h in hrefs), hrefs
    # Malformed records: those without a plain url or sections are left out, the others shown with what they have.
    malformed = query(page, manifest["malformed_word"], limit=100)
    assert [(r["url"], r["title"], r["kind"]) for r in malformed] == [("odd/m2.html", "odd/m2.html", "")]
    assert [text for text, marked in malformed[0]["excerptParts"] if marked] == [manifest["malformed_word"]]
    # Malformed postings end their term; trie entries naming other files are not loaded.
    for word in manifest["hostile_postings"]:
        assert query(page, word) == [] and query(page, word + " ") == [], word
    for word in ("жук", "юла", "щука", "ж", "ю", "щ", "ыы"):
        assert query(page, word) == []
    # A branch's node of another letter is not taken: "lighthouse" finds the same pages once branch "q" is loaded.
    # El nodo de otra letra en una rama no se toma: "lighthouse" encuentra lo mismo tras cargar la rama "q".
    # Branch "l" first, then "q" (whose node "l" would replace it), then another word of "l". / Primero "l", luego "q".
    assert query(page, "lantern ", limit=100000)
    query(page, "quay ", limit=100000)
    assert sorted(urls(page, "lamp ", limit=100000)) == sorted(pages_holding(site, "en", "lamp"))
    loaded = page.evaluate("() => window.vitrinaSearch.loaded.slice()")
    assert all(re.fullmatch(r"en(\.[bstr]\d+\.[0-9a-f]{8})?\.js", name) for name in loaded), loaded
    assert any(re.fullmatch(r"en\.b\d+\.[0-9a-f]{8}\.js", name) for name in loaded), loaded
    assert page.evaluate("() => performance.getEntriesByType('resource').every(r => !/evil|\\?x=/.test(r.name))")
    # The search page shows the same result as text too. / La página de búsqueda también.
    page.goto(base + manifest["search_page"] + "?q=onerror")
    results = page.locator("#search-results > li")
    expect(results).to_have_count(1)
    expect(results.locator("a")).to_have_text(manifest["hostile_title"])
    assert page.evaluate("() => document.querySelectorAll('main img, main script, main b, main i').length") == 0


def test_keyboard_slash_arrows_enter_and_escape(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["home"])
    box = page.locator(BOX)
    page.locator("body").click(position={"x": 5, "y": 400})
    page.keyboard.press("/")
    expect(box).to_be_focused()
    assert box.input_value() == ""
    page.keyboard.type(manifest["query"])
    page.wait_for_function("(q) => document.querySelector(%r).dataset.query === q" % POPUP, arg=manifest["query"])
    options = page.locator(OPTIONS)
    count = options.count()
    assert count >= 1
    ids = [options.nth(i).get_attribute("id") for i in range(count)]
    box.press("ArrowDown")
    expect(box).to_have_attribute("aria-activedescendant", ids[0])
    expect(options.nth(0)).to_have_attribute("aria-selected", "true")
    box.press("ArrowUp")
    expect(box).to_have_attribute("aria-activedescendant", ids[-1])
    box.press("ArrowDown")
    expect(box).to_have_attribute("aria-activedescendant", ids[0])
    if count > 1:
        box.press("ArrowDown")
        expect(box).to_have_attribute("aria-activedescendant", ids[1])
        expect(options.nth(0)).to_have_attribute("aria-selected", "false")
        box.press("ArrowUp")
    expect(box).to_be_focused()
    # Escape closes the popup, a second Escape clears the box. / Escape cierra; un segundo Escape vacía.
    box.press("Escape")
    expect(page.locator(POPUP)).to_be_hidden()
    expect(box).to_have_attribute("aria-expanded", "false")
    assert box.get_attribute("aria-activedescendant") is None
    assert box.input_value() == manifest["query"]
    box.press("Escape")
    assert box.input_value() == ""
    # "/" typed in the box is text. / "/" dentro de la caja es texto.
    box.press_sequentially("a/b")
    assert box.input_value() == "a/b"
    # Enter on an active option opens it. / Enter en una opción activa la abre.
    type_query(page, manifest["query"])
    box.press("ArrowDown")
    target = page.locator(OPTIONS).first.evaluate("(a) => a.href")
    box.press("Enter")
    page.wait_for_url(target)


def test_enter_without_an_active_option_goes_to_the_search_page(page, where):
    base, site, manifest = where
    open_page(page, base, manifest["home"])
    box = page.get_by_role("search").get_by_role("combobox")
    box.fill(manifest["query"])
    box.press("Enter")
    page.wait_for_url(base + manifest["search_page"] + "?q=" + quote(manifest["query"]))
    expect(page.locator(BOX)).to_have_value(manifest["query"])
    expect(page.locator("#search-results > li").first).to_be_visible()
    expect(page.locator("#search-count")).to_contain_text(re.compile(r"\d"))
    expect(page.locator("#search-empty")).to_be_hidden()
    if manifest.get("fixture"):
        expect(page.locator("#search-results > li")).to_have_count(2)
        expect(page.locator("#search-count")).to_have_text("Results for “lighthouse”: 2 results")


def test_stale_answers_are_dropped_and_a_click_outside_closes(page, where):
    base, site, manifest = where
    fixture_only(manifest)
    open_page(page, base, manifest["home"])
    box = page.locator(BOX)
    box.fill("widget")
    page.wait_for_timeout(125)
    type_query(page, "zqabc")
    page.wait_for_timeout(400)
    expect(page.locator(OPTIONS)).to_have_count(1)
    expect(page.locator(POPUP)).to_have_attribute("data-query", "zqabc")
    page.locator("main h1").click()
    expect(page.locator(POPUP)).to_be_hidden()
    expect(box).to_have_attribute("aria-expanded", "false")


def test_an_answer_for_an_older_text_is_never_shown(page, search_site, search_http):
    """The answer for the query less its last letter arrives after the reader typed that letter but before the debounced
    search for the whole word starts: it is dropped, and the popup only ever shows the answer to the field's current text."""
    site, manifest = search_site
    text, held, holding = manifest["query"], [], [True]

    def hold(route):
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"/assets/search/[^/]+\.s[0-9a-f]+\.[^/]+\.js$"), hold)
    open_page(page, search_http, manifest["home"])
    # Every answer the popup is labelled with, next to the field's text then. / Cada respuesta mostrada, con el texto del campo.
    page.evaluate("""([popupSelector, boxSelector]) => {
        const popup = document.querySelector(popupSelector), box = document.querySelector(boxSelector);
        window.shownFor = [];
        new MutationObserver(() => { if (popup.dataset.query !== undefined) window.shownFor.push([popup.dataset.query, box.value]); })
          .observe(popup, { attributes: true, attributeFilter: ['data-query'] }); }""", [POPUP, BOX])
    box = page.locator(BOX)
    box.fill(text[:-1])
    for _ in range(250):
        if held:
            break
        page.wait_for_timeout(20)
    assert held, "the search for the shorter text loaded no shard"
    # The last letter, then the shorter text's files at once, well within the debounce. / La última letra y luego sus ficheros.
    box.press_sequentially(text[-1])
    holding[0] = False
    for route in held:
        route.continue_()
    page.wait_for_function("(q) => document.querySelector(%r).dataset.query === q" % POPUP, arg=text)
    page.wait_for_timeout(200)
    shown = page.evaluate("() => window.shownFor")
    assert shown and all(label == value for label, value in shown), shown
    assert shown[-1] == [text, text]
    expect(box).to_have_attribute("aria-expanded", "true")


# A theme's own kit without hasString (the built-in theme's lacked it before 0.14): counting one result throws in show().
KIT_WITHOUT_HAS_STRING = """(() => {
    const V = window.VITRINA = window.VITRINA || {};
    let kit;
    Object.defineProperty(V, 'kit', { configurable: true, enumerable: true, get: () => kit,
        set: value => { if (value) delete value.hasString; kit = value; } });
})();"""


def test_an_error_while_showing_ends_in_the_failure_note(new_page, where):
    """A fault while drawing the answer (here the kit has no hasString, asked for a single result's count) leaves the box
    whole, with the failure note, no options, collapsed and labelled; the search page says so too and is not left busy;
    no rejection goes unhandled (the conftest fails a test on any page error)."""
    base, site, manifest = where
    fixture_only(manifest)
    page = new_page(init_script=KIT_WITHOUT_HAS_STRING)
    open_page(page, base, manifest["home"])
    failed = "Search could not be loaded. Try again."
    box = type_query(page, "zqabc")
    note = page.locator("form.site-search .search-popup-note")
    expect(note).to_be_visible()
    expect(note).to_have_text(failed)
    expect(page.locator(OPTIONS)).to_have_count(0)
    expect(page.locator(f"{POPUP} [role=listbox]")).to_be_hidden()
    expect(box).to_have_attribute("aria-expanded", "false")
    assert box.get_attribute("aria-activedescendant") is None
    expect(page.locator("form.site-search p[role=status]")).to_have_text(failed)
    # Two results need no singular: shown as usual. / Dos resultados no piden singular: se muestran.
    type_query(page, manifest["query"])
    expect(page.locator(OPTIONS)).to_have_count(2)
    expect(box).to_have_attribute("aria-expanded", "true")
    expect(note).to_be_hidden()
    open_page(page, base, manifest["search_page"] + "?q=zqabc")
    expect(page.locator("#search-count")).to_have_text(failed)
    expect(page.locator("#search-results > li")).to_have_count(0)
    expect(page.locator("#search-results")).not_to_have_attribute("aria-busy", "true")


def test_without_javascript_the_form_submits_to_the_search_page(new_page, where):
    base, site, manifest = where
    page = new_page(java_script_enabled=False)
    page.goto(base + manifest["home"])
    box = page.get_by_role("search").get_by_role("searchbox")
    box.fill(manifest["query"])
    box.press("Enter")
    page.wait_for_url(base + manifest["search_page"] + "?q=" + quote(manifest["query"]))


# ---------------------------------------------------------------------------------------------
# The search page
# ---------------------------------------------------------------------------------------------

def test_the_search_page_shows_every_result_twenty_at_a_time(page, where):
    base, site, manifest = where
    fixture_only(manifest)
    open_page(page, base, manifest["search_page"] + "?q=widget")
    results = page.locator("#search-results > li")
    expect(results).to_have_count(20)
    expect(page.locator("#search-count")).to_have_text("Results for “widget”: 2000 results")
    assert page.title().startswith("Results for “widget”")
    first = results.first
    expect(first.locator(".search-kind")).to_have_text("Item")
    marks = page.locator("#search-results .search-excerpt mark").all_inner_texts()
    assert marks and {m.lower() for m in marks} == {"widget"}, marks
    more = page.locator(".search-more")
    expect(more).to_be_visible()
    more.click()
    expect(results).to_have_count(40)
    expect(results.nth(20).locator("a")).to_be_focused()
    titles = results.locator("a").all_inner_texts()
    assert len(set(titles)) == 40
    results.nth(39).locator("a").click()
    page.wait_for_url(re.compile(r"/items/\d{4}/index\.html(#specs)?$"))
    # None, and empty. / Ninguno, y vacío.
    open_page(page, base, manifest["search_page"] + "?q=qqqzzz")
    expect(page.locator("#search-empty")).to_be_visible()
    expect(results).to_have_count(0)
    expect(page.locator(".search-more")).to_be_hidden()
    open_page(page, base, manifest["search_page"])
    expect(results).to_have_count(0)
    expect(page.locator("#search-empty")).to_be_hidden()


def test_the_spanish_pages_use_their_own_index(page, where):
    base, site, manifest = where
    fixture_only(manifest)
    es = manifest["es"]
    open_page(page, base, es["home"])
    type_query(page, es["query"])
    expect(page.locator(OPTIONS)).to_have_count(1)
    expect(page.locator(OPTIONS).locator(".search-option-title")).to_have_text("Inicio")
    loaded = page.evaluate("() => window.vitrinaSearch.loaded.slice()")
    assert "es.js" in loaded and not any(name.startswith("en.") for name in loaded), loaded
    open_page(page, base, es["search_page"] + "?q=" + es["query"])
    expect(page.locator("#search-results > li")).to_have_count(1)
    expect(page.locator("#search-count")).to_have_text("Resultados para «pinguino»: 1 resultado")


# ---------------------------------------------------------------------------------------------
# Loading: only what a query needs, each file once
# ---------------------------------------------------------------------------------------------

def _expected_files(site: Path, lang: str, text: str, result_urls: list[str]) -> set[str]:
    manifest = maker.read_manifest(site, lang)
    words = list(dict.fromkeys(maker.words(text)[:10]))
    files = {f"{lang}.js"}
    for word in words:
        files |= maker.query_files(manifest, word, word == maker.words(text)[-1])
    ids = {record[0]: i for i, record in enumerate(maker.read_records(site, lang)) if isinstance(record, list) and record}
    folder = site / "assets" / "search"
    for url in result_urls:
        chunk = ids[url] // manifest["rc"]
        table = manifest["t"][chunk // manifest["tc"]]
        files |= {table, maker.read_script(folder / table)[chunk % manifest["tc"]]}
    return files


def test_a_query_loads_only_the_files_it_needs_once(page, where):
    base, site, manifest = where
    lang = manifest["lang"]
    open_page(page, base, manifest["home"])
    assert page.evaluate("() => window.vitrinaSearch.loaded.length") == 0, "nothing loads before the box is used"
    queries = ["zqabc", "zqabd", "lighthouse"] if manifest.get("fixture") else [manifest["query"]]
    expected: set[str] = set()
    for text in queries:
        type_query(page, text)
        shown = page.locator(OPTIONS).evaluate_all("(os) => os.map(o => o.getAttribute('href'))")
        root = page.evaluate("() => document.documentElement.dataset.root")
        shown_urls = [href.split("#")[0][len(root):] for href in shown]
        expected |= _expected_files(site, lang, text, shown_urls)
        loaded = page.evaluate("() => window.vitrinaSearch.loaded.slice()")
        assert len(loaded) == len(set(loaded)), f"a file loaded twice: {loaded}"
        assert set(loaded) == expected, (text, sorted(set(loaded) ^ expected))
    if manifest.get("fixture"):
        assert len(expected) < 15, expected
    scripts = page.evaluate("() => performance.getEntriesByType('resource').map(r => r.name).filter(n => n.includes('/assets/search/'))")
    assert len(scripts) == len(set(scripts))


def test_a_file_that_failed_to_load_is_tried_again(page, search_site, search_http, request):
    """The first request for a shard fails: the box says so; the next query loads it and shows the results."""
    site, manifest = search_site
    failed = []

    def fail_once(route):
        if not failed:
            failed.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route(re.compile(r"/assets/search/[^/]+\.s[0-9a-f]+\.[^/]+\.js$"), fail_once)
    open_page(page, search_http, manifest["home"])
    type_query(page, manifest["query"])
    assert failed, "no shard was requested"
    expect(page.locator(OPTIONS)).to_have_count(0)
    note = page.locator("form.site-search .search-popup-note")
    expect(note).to_be_visible()
    if manifest.get("fixture"):
        expect(note).to_have_text("Search could not be loaded. Try again.")
    type_query(page, manifest["query"] + " ")
    assert page.locator(OPTIONS).count() >= 1
    loaded = page.evaluate("() => window.vitrinaSearch.loaded.slice()")
    assert failed[0].rsplit("/", 1)[1] in loaded
    # The aborted request is the only error the browser logged. / La petición cortada es el único error.
    watch = request.node._console_watch
    assert all("Failed to load resource" in error for error in watch.errors), watch.errors
    watch.errors.clear()


# ---------------------------------------------------------------------------------------------
# Recall and robustness
# ---------------------------------------------------------------------------------------------

def pages_holding(site: Path, lang: str, word: str) -> list[str]:
    """The pages whose indexed text holds a word with the light stem of `word`, by a scan of the records."""
    found = []
    for record in maker.read_records(site, lang):
        if maker.well_formed(record):
            texts = [record[1]] + [t for section in record[3] for t in section[1:3]]
            if any(maker.stem(w) == maker.stem(word) for text in texts for w in maker.words(text)):
                found.append(record[0])
    return found


def test_recall_equals_a_brute_force_scan(page, on_disk):
    """50 words picked at random (seeded) from the pages: the engine finds exactly the pages holding a word with the same light stem
    (the word is complete, so no prefix), as a scan of the indexed texts normalised per the spec says."""
    base, site, manifest = on_disk
    pages = []
    for record in maker.read_records(site, manifest["lang"]):
        if maker.well_formed(record):
            words = [w for text in [record[1]] + [t for section in record[3] for t in section[1:3]] for w in maker.words(text)]
            pages.append((record[0], {maker.stem(w) for w in words}, words))
    # A random folder first (so a big generated folder does not crowd out the rest), then a page, then a word.
    folders: dict[str, list] = {}
    for entry in pages:
        folders.setdefault(entry[0].split("/")[0], []).append(entry)
    rng = random.Random(1234)
    picked = []
    while len(picked) < 50:
        url, stems, words = rng.choice(folders[rng.choice(sorted(folders))])
        if words:
            picked.append(rng.choice(words))
    open_page(page, base, manifest["home"])
    found = page.evaluate("""async (words) => {
        const out = [];
        for (const w of words) out.push((await window.vitrinaSearch.query(w + ' ', {limit: 100000})).map(r => r.url));
        return out; }""", picked)
    for word, got in zip(picked, found):
        expected = {url for url, stems, _ in pages if maker.stem(word) in stems}
        assert len(got) == len(set(got)), word
        assert set(got) == expected, (word, sorted(set(got) ^ expected)[:10])


def test_ten_thousand_random_queries_never_throw(page, on_disk):
    base, site, manifest = on_disk
    open_page(page, base, manifest["home"])
    failures = page.evaluate("""async () => {
        let seed = 20240601;
        const rand = () => { seed |= 0; seed = seed + 0x6D2B79F5 | 0; let t = Math.imul(seed ^ seed >>> 15, 1 | seed);
            t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t; return ((t ^ t >>> 14) >>> 0) / 4294967296; };
        const pick = list => list[Math.floor(rand() * list.length)];
        const cp = () => { const r = rand();
            if (r < 0.3) return String.fromCharCode(32 + Math.floor(rand() * 95));
            if (r < 0.45) return pick(['(', ')', '[', ']', '{', '}', '*', '+', '?', '.', '\\\\', '^', '$', '|', '/', '"', "'", '<', '>', '&', '%', '#']);
            if (r < 0.55) return String.fromCharCode(0xD800 + Math.floor(rand() * 0x800));
            if (r < 0.65) return String.fromCharCode(Math.floor(rand() * 32));
            if (r < 0.8) return String.fromCodePoint(0x3040 + Math.floor(rand() * 0x6000));
            let c;
            do { c = Math.floor(rand() * 0x110000); } while (c >= 0xD800 && c <= 0xDFFF);
            return String.fromCodePoint(c);
        };
        const words = ['lighthouse', 'widget', 'canción', 'run', 'zq', '東京', 'ΟΔΟΣ', 'a', 'the', '0001'];
        const make = i => {
            if (i % 1000 === 7) return 'x'.repeat(200000);
            if (i % 997 === 3) return Array.from({length: 5000}, () => pick(words)).join(' ');
            if (i % 500 === 11) return [null, undefined, 42, {}, [], true][i % 6];
            const n = Math.floor(rand() * 40);
            let s = '';
            for (let k = 0; k < n; k += 1) s += rand() < 0.15 ? ' ' + pick(words) + ' ' : cp();
            return s;
        };
        const options = i => [undefined, {limit: 3}, {limit: 50, offset: 10}, {prefix: false}, {limit: -1, offset: 'x'}, 'junk'][i % 6];
        const failures = [];
        for (let batch = 0; batch < 100; batch += 1) {
            await Promise.all(Array.from({length: 100}, (_, j) => {
                const i = batch * 100 + j, q = make(i);
                let promise;
                try { promise = window.vitrinaSearch.query(q, options(i)); } catch (e) { failures.push(['threw', i, String(e)]); return null; }
                return promise.then(r => { if (!Array.isArray(r)) failures.push(['not a list', i]); },
                                    e => failures.push(['rejected', i, String(e)]));
            }));
        }
        return failures; }""")
    assert failures == []


# ---------------------------------------------------------------------------------------------
# axe-core, light and dark, with the popup open
# ---------------------------------------------------------------------------------------------

def axe_violations(page) -> list[str]:
    import axe_playwright_python as axe  # PyPI's axe-playwright-python, for the axe-core it ships
    page.evaluate((Path(axe.__file__).parent / "axe.min.js").read_text(encoding="utf-8"))
    result = page.evaluate("() => axe.run(document)")
    return [f"{v['id']}: {v['help']} — {[n['target'] for n in v['nodes']][:4]}" for v in result["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
def test_axe_finds_nothing_with_the_popup_open(new_page, search_http, search_site, scheme, width):
    site, manifest = search_site
    page = new_page(viewport={"width": width, "height": 844}, color_scheme=scheme)
    open_page(page, search_http, manifest["home"])
    type_query(page, manifest["query"])
    page.locator(BOX).press("ArrowDown")
    expect(page.locator(POPUP)).to_be_visible()
    assert axe_violations(page) == []
    # The popup fits the screen. / La lista cabe en la pantalla.
    box = page.locator(POPUP).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    open_page(page, search_http, manifest["search_page"] + "?q=" + quote(manifest["query"]))
    expect(page.locator("#search-results > li").first).to_be_visible()
    assert axe_violations(page) == []
