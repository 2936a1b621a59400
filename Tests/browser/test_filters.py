"""Characters filter, Pokémon table filter and the site search from the header."""
import re

import pytest
from playwright.sync_api import expect

from sitepages import fmt, route, ui_strings


# ---------------------------------------------------------------------------------------------
# Characters
# ---------------------------------------------------------------------------------------------

def card_titles(page):
    return page.locator("#character-grid .card-title").all_text_contents()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_character_name_filter_in_url_and_restored_on_reload(page, site_url, lang):
    page.goto(site_url(route(lang, "characters")))
    strings = ui_strings(page)
    data = page.evaluate("() => window.VITRINA.characters")
    expect(page.locator("#character-grid > li")).to_have_count(20)
    expect(page.locator("nav.pagination")).to_be_visible()
    expected = [c["n"] for c in data if "rick" in c["n"].lower()]
    assert 20 < len(expected) < len(data), "'rick' matches more than one page but not everyone"

    page.locator("#character-q").fill("rick")
    page.locator("#character-filter [type=submit]").click()

    count = page.locator("#character-count")
    expect(count).to_have_text(fmt(strings["results_count"], n=len(expected)))
    expect(page.locator("#character-grid > li")).to_have_count(len(expected))
    titles = card_titles(page)
    assert titles == expected
    assert all("rick" in t.lower() for t in titles)
    expect(page.locator("nav.pagination")).to_be_hidden()
    assert "name=rick" in page.url

    # Cards from beyond the first page link to their pages and show their pictures.
    last = page.locator("#character-grid > li").last
    last.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const i = document.querySelector('#character-grid > li:last-child img'); return i.complete && i.naturalWidth > 0; }"
    )
    last.locator("a").click()
    expect(page.locator("h1")).to_have_text(expected[-1])
    page.go_back()
    expect(page.locator("#character-q")).to_have_value("rick")

    page.reload()
    expect(page.locator("#character-q")).to_have_value("rick")
    expect(page.locator("#character-grid > li")).to_have_count(len(expected))
    expect(count).to_have_text(fmt(strings["results_count"], n=len(expected)))


def test_character_status_filter_and_clear(page, site_url):
    page.goto(site_url(route("es", "characters")))
    strings = ui_strings(page)
    first_page = card_titles(page)
    data = page.evaluate("() => window.VITRINA.characters")
    dead = [c for c in data if c["s"] == "dead"]

    page.locator("#character-status").select_option("dead")
    page.get_by_role("button", name="Aplicar").click()
    expect(page.locator("#character-grid > li")).to_have_count(len(dead))
    statuses = page.locator("#character-grid .status").all_text_contents()
    assert statuses and all(s.strip() == strings["status_dead"] for s in statuses)
    assert "status=dead" in page.url

    # Name and status together.
    page.locator("#character-q").fill("rick")
    page.get_by_role("button", name="Aplicar").click()
    both = [c for c in dead if "rick" in c["n"].lower()]
    expect(page.locator("#character-grid > li")).to_have_count(len(both))

    page.locator("#character-clear").click()
    expect(page.locator("#character-grid > li")).to_have_count(20)
    assert card_titles(page) == first_page
    expect(page.locator("nav.pagination")).to_be_visible()
    expect(page.locator("#character-q")).to_have_value("")
    expect(page.locator("#character-status")).to_have_value("")
    assert "?" not in page.url


def test_character_filter_impossible_name_shows_empty_state(page, site_url):
    page.goto(site_url(route("es", "characters")))
    strings = ui_strings(page)
    page.locator("#character-q").fill("zzqxj")
    page.locator("#character-q").press("Enter")
    expect(page.locator("#character-empty")).to_be_visible()
    expect(page.locator("#character-count")).to_have_text(fmt(strings["results_count"], n=0))
    expect(page.locator("#character-grid > li:visible")).to_have_count(0)


def test_character_filter_from_page_two(page, site_url):
    page.goto(site_url(route("es", "characters_page2"), "species=Robot"))
    data = page.evaluate("() => window.VITRINA.characters")
    robots = [c["n"] for c in data if c["sp"] == "Robot"]
    expect(page.locator("#character-species")).to_have_value("Robot")
    expect(page.locator("#character-grid > li")).to_have_count(len(robots))
    # The links still work from one level deeper.
    page.locator("#character-grid a").first.click()
    expect(page.locator("h1")).to_have_text(robots[0])


# ---------------------------------------------------------------------------------------------
# Pokémon table
# ---------------------------------------------------------------------------------------------

def visible_ids(page):
    return page.eval_on_selector_all(
        ".pokemon-table tr[data-id]", "rows => rows.filter(r => !r.hidden && r.offsetParent !== null).map(r => r.dataset.id)"
    )


@pytest.mark.parametrize("query", ["pika", "Pikachu", "25", "#025"])
def test_pokemon_search_by_name_or_number(page, site_url, query):
    page.goto(site_url(route("es", "pokemon")))
    strings = ui_strings(page)
    assert len(visible_ids(page)) == 151
    page.locator("#pokemon-q").fill(query)
    page.locator("#pokemon-q").press("Enter")
    expect(page.locator("#pokemon-count")).to_have_text(fmt(strings.get("results_count_one", strings["results_count"]), n=1))
    assert visible_ids(page) == ["25"]
    expect(page.locator('.pokemon-table tr[data-id="25"]')).to_contain_text("Pikachu")
    expect(page.locator("#pokemon-empty")).to_be_hidden()


def test_pokemon_type_filter_and_clear(page, site_url):
    page.goto(site_url(route("es", "pokemon")))
    strings = ui_strings(page)
    electric = page.eval_on_selector_all(
        ".pokemon-table tr[data-id]", "rows => rows.filter(r => r.dataset.types.split(/[ ,|]+/).includes('electric')).map(r => r.dataset.id)"
    )
    assert "25" in electric and len(electric) > 3
    page.locator("#pokemon-type").select_option("electric")
    page.get_by_role("button", name="Aplicar").click()
    expect(page.locator("#pokemon-count")).to_have_text(fmt(strings["results_count"], n=len(electric)))
    assert visible_ids(page) == electric
    assert "type=electric" in page.url

    page.reload()
    expect(page.locator("#pokemon-type")).to_have_value("electric")
    assert visible_ids(page) == electric

    page.locator("#pokemon-q").fill("zzz")
    page.get_by_role("button", name="Aplicar").click()
    expect(page.locator("#pokemon-empty")).to_be_visible()
    expect(page.locator("#pokemon-count")).to_have_text(fmt(strings["results_count"], n=0))

    page.locator("#pokemon-clear").click()
    expect(page.locator("#pokemon-count")).to_have_text(fmt(strings["results_count"], n=151))
    assert len(visible_ids(page)) == 151


# ---------------------------------------------------------------------------------------------
# Site search
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,search_path", [("es", "buscar/index.html"), ("en", "en/search/index.html")])
def test_site_search_from_the_header(page, site_url, lang, search_path):
    page.goto(site_url(route(lang, "home")))
    box = page.get_by_role("search").get_by_role("combobox")
    box.fill("pika")
    box.press("Enter")
    page.wait_for_url(re.compile(re.escape(search_path) + r"\?q=pika$"))
    strings = ui_strings(page)
    results = page.locator("#search-results")
    hit = results.get_by_role("link", name=re.compile("Pikachu"))
    expect(hit).to_be_visible()
    expect(page.locator("#search-count")).to_contain_text(re.compile(r"\d"))
    expect(page.locator("#search-empty")).to_be_hidden()
    hit.first.click()
    page.wait_for_url(re.compile(r"/pokemon/25-pikachu/index\.html$"))
    expect(page.locator("h1")).to_contain_text("Pikachu")


def test_site_search_from_a_deep_page_with_no_results(page, site_url):
    page.goto(site_url(route("es", "rick")))
    box = page.get_by_role("search").get_by_role("combobox")
    box.fill("qqqzzz")
    page.get_by_role("search").get_by_role("button").click()
    page.wait_for_url(re.compile(r"/buscar/index\.html\?q=qqqzzz$"))
    expect(page.locator("#search-empty")).to_be_visible()
    expect(page.locator("#search-results > li")).to_have_count(0)
