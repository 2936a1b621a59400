"""The same site served over HTTP under a sub-path (/demo/vitrina/): a visitor's walk by links, and the
characters filter."""
import re

from playwright.sync_api import expect

from sitepages import fmt, ui_strings


def test_walk_home_pokemon_pikachu_album(page, http_site):
    page.goto(http_site)  # the folder URL, served as index.html
    expect(page.locator("html")).to_have_attribute("data-page", re.compile("home"))
    page.locator(".site-nav").get_by_role("link", name="Pokémon", exact=True).click()
    page.wait_for_url(http_site + "pokemon/index.html")
    page.locator(".pokemon-table").get_by_role("link", name="Pikachu", exact=True).first.click()
    page.wait_for_url(http_site + "pokemon/25-pikachu/index.html")
    expect(page.locator("h1")).to_contain_text("Pikachu")
    page.locator("main a[href$='album/index.html']").first.click()
    page.wait_for_url(http_site + "pokemon/25-pikachu/album/index.html")
    page.locator("#album-strip .album-thumb").nth(2).click()
    expect(page.locator('#album-strip .album-thumb[aria-current="true"]')).to_have_attribute("data-index", "2")
    page.wait_for_function("() => { const i = document.getElementById('album-main'); return i.complete && i.naturalWidth > 0; }")
    # Everything came from under the sub-path.
    assert page.evaluate("() => performance.getEntriesByType('resource').every(r => r.name.includes('/demo/vitrina/'))")


def test_characters_filter_over_http(page, http_site):
    page.goto(http_site + "personajes/index.html")
    strings = ui_strings(page)
    data = page.evaluate("() => window.VITRINA.characters")
    expected = [c["n"] for c in data if "rick" in c["n"].lower()]
    page.locator("#character-q").fill("rick")
    page.locator("#character-q").press("Enter")
    expect(page.locator("#character-count")).to_have_text(fmt(strings["results_count"], n=len(expected)))
    assert page.locator("#character-grid .card-title").all_text_contents() == expected
    page.wait_for_url(http_site + "personajes/index.html?name=rick")
    page.reload()
    expect(page.locator("#character-grid > li")).to_have_count(len(expected))
    page.locator("#character-grid a").first.click()
    expect(page.locator("h1")).to_have_text(expected[0])
    assert page.url.startswith(http_site + "personajes/")


def test_favourite_and_search_over_http(page, http_site):
    page.goto(http_site + "en/characters/1-rick-sanchez/index.html")
    page.locator(".favourite-toggle").click()
    page.goto(http_site + "en/favourites/index.html")
    expect(page.locator("#favourites-list").get_by_role("link", name=re.compile("Rick Sanchez"))).to_be_visible()
    box = page.get_by_role("search").get_by_role("combobox")
    box.fill("pika")
    box.press("Enter")
    page.wait_for_url(http_site + "en/search/index.html?q=pika")
    page.locator("#search-results").get_by_role("link", name=re.compile("Pikachu")).first.click()
    page.wait_for_url(http_site + "en/pokemon/25-pikachu/index.html")
