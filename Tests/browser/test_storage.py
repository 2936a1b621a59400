"""What the site remembers in localStorage: favourites, watched episodes and removed Pokémon; and what
happens when the browser refuses to store anything."""
import re

import pytest
from playwright.sync_api import expect

from sitepages import fmt, first_product, route, ui_strings

THROWING_STORAGE = """
(() => {
  const refuse = function () { throw new DOMException('The operation is insecure.', 'SecurityError'); };
  Storage.prototype.setItem = refuse;
  Storage.prototype.getItem = refuse;
  Storage.prototype.removeItem = refuse;
})();
"""


# ---------------------------------------------------------------------------------------------
# Favourites
# ---------------------------------------------------------------------------------------------

def spills_out(button):
    """Parts of the button (icon, label) drawn outside its box, as a person would see them overflow."""
    return button.evaluate(
        """b => {
            const r = b.getBoundingClientRect();
            return Array.from(b.querySelectorAll('*')).filter(c => {
                const q = c.getBoundingClientRect();
                if (q.width <= 1 || q.height <= 1) return false;  // visually hidden
                return q.left < r.left - 1 || q.right > r.right + 1 || q.top < r.top - 1 || q.bottom > r.bottom + 1;
            }).map(c => c.tagName.toLowerCase() + '.' + (c.getAttribute('class') || ''));
        }"""
    )


@pytest.mark.parametrize("lang", ["es", "en"])
def test_favourite_a_character_and_find_it_on_the_favourites_page(page, site_url, lang):
    page.goto(site_url(route(lang, "rick")))
    strings = ui_strings(page)
    heart = page.locator(".favourite-toggle")
    expect(heart).to_have_attribute("aria-pressed", "false")
    expect(heart).to_have_accessible_name(re.compile(re.escape(strings["favourite_add"])))
    assert not spills_out(heart), "the heart button's text stays inside the button"
    heart.click()
    expect(heart).to_have_attribute("aria-pressed", "true")
    expect(heart).to_have_accessible_name(re.compile(re.escape(strings["favourite_remove"])))
    assert not spills_out(heart)
    page.reload()
    expect(page.locator(".favourite-toggle")).to_have_attribute("aria-pressed", "true")

    page.goto(site_url(route(lang, "favourites")))
    page.reload()  # still there after a reload
    cards = page.locator("#favourites-list > li")
    expect(cards).to_have_count(1)
    expect(page.locator("#favourites-empty")).to_be_hidden()
    card = cards.first
    link = card.get_by_role("link", name=re.compile("Rick Sanchez"))
    expect(link).to_be_visible()
    image = card.locator("img")
    image.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const i = document.querySelector('#favourites-list img'); return i && i.complete && i.naturalWidth > 0; }"
    )
    # The avatar as the pictures stage published it: its fallback, named by width and content.
    assert re.search(r"/avatar/1-300\.[0-9a-f]{8}\.jpg$", image.evaluate("i => i.src"))

    link.click()
    page.wait_for_url(re.compile(re.escape(route(lang, "rick")) + "$"))
    expect(page.locator("h1")).to_have_text("Rick Sanchez")

    page.goto(site_url(route(lang, "favourites")))
    page.locator("#favourites-list").get_by_role("button", name=re.compile(re.escape(strings["favourite_remove"]))).click()
    expect(page.locator("#favourites-list > li")).to_have_count(0)
    expect(page.locator("#favourites-empty")).to_be_visible()
    page.reload()
    expect(page.locator("#favourites-empty")).to_be_visible()
    expect(page.locator("#favourites-list > li")).to_have_count(0)


def test_favourites_keep_insertion_order_across_kinds(page, site, site_url):
    product = first_product(site, "es")
    page.goto(site_url(product))
    product_title = page.locator("h1").text_content().strip()
    page.locator(".favourite-toggle").click()
    page.goto(site_url(route("es", "morty")))
    page.locator(".favourite-toggle").click()
    page.goto(site_url(route("es", "favourites")))
    titles = page.locator("#favourites-list .card-title").all_text_contents()
    assert titles == [product_title, "Morty Smith"]
    page.locator("#favourites-list a").first.click()
    expect(page.locator("h1")).to_have_text(product_title)
    expect(page.locator(".favourite-toggle")).to_have_attribute("aria-pressed", "true")


def test_storage_unavailable_keeps_the_page_working_and_warns(new_page, site_url):
    page = new_page(init_script=THROWING_STORAGE)
    page.goto(site_url(route("es", "rick")))
    strings = ui_strings(page)
    heart = page.locator(".favourite-toggle")
    heart.click()
    expect(heart).to_have_attribute("aria-pressed", "true")
    page.locator('.watched-toggle[data-episode-id="1"]').click()
    expect(page.locator('.watched-toggle[data-episode-id="1"]')).to_have_attribute("aria-pressed", "true")
    warning = page.locator(".storage-warning")
    expect(warning).to_have_count(1)
    expect(warning).to_be_visible()
    expect(warning).to_have_text(strings["storage_unavailable"])
    expect(warning).to_have_attribute("role", "status")

    # The settings page still switches the theme for the page.
    page.goto(site_url(route("es", "settings")))
    page.get_by_label("Tema oscuro").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator(".storage-warning")).to_have_count(1)


# ---------------------------------------------------------------------------------------------
# Watched episodes
# ---------------------------------------------------------------------------------------------

def test_watched_episodes_count_and_are_shared_between_characters(page, site_url):
    page.goto(site_url(route("es", "rick")))
    strings = ui_strings(page)
    total_rick = page.locator("#episode-list .watched-toggle").count()
    count = page.locator("#watched-count")
    expect(count).to_have_text(fmt(strings["watched_progress"], n=0, total=total_rick))

    first = page.locator('#episode-list .watched-toggle[data-episode-id="1"]')
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(count).to_have_text(fmt(strings["watched_progress"], n=1, total=total_rick))
    assert page.locator("#watched-progress").evaluate("p => p.value") == 1
    page.locator('#episode-list .watched-toggle[data-episode-id="2"]').click()
    expect(count).to_have_text(fmt(strings["watched_progress"], n=2, total=total_rick))

    # Morty shares episode 1 (and 2): they show as watched there too.
    page.goto(site_url(route("es", "morty")))
    total_morty = page.locator("#episode-list .watched-toggle").count()
    expect(page.locator('#episode-list .watched-toggle[data-episode-id="1"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#watched-count")).to_have_text(fmt(strings["watched_progress"], n=2, total=total_morty))
    page.locator('#episode-list .watched-toggle[data-episode-id="2"]').click()
    expect(page.locator("#watched-count")).to_have_text(fmt(strings["watched_progress"], n=1, total=total_morty))

    page.reload()
    expect(page.locator("#watched-count")).to_have_text(fmt(strings["watched_progress"], n=1, total=total_morty))
    page.goto(site_url(route("es", "rick")))
    expect(page.locator('#episode-list .watched-toggle[data-episode-id="2"]')).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#watched-count")).to_have_text(fmt(strings["watched_progress"], n=1, total=total_rick))


# ---------------------------------------------------------------------------------------------
# Removing Pokémon with a confirmation dialog
# ---------------------------------------------------------------------------------------------

def test_remove_pokemon_with_confirmation_and_restore_from_settings(page, site_url):
    page.goto(site_url(route("es", "pokemon")))
    strings = ui_strings(page)
    row = page.locator('.pokemon-table tr[data-id="1"]')
    remove = row.locator(".row-remove")
    dialog = page.locator("#remove-dialog")
    expect(row).to_be_visible()
    expect(remove).to_have_accessible_name(re.compile("Bulbasaur"))

    remove.click()
    expect(dialog).to_be_visible()
    expect(page.locator("#remove-name")).to_have_text("Bulbasaur")
    assert dialog.evaluate("d => d.open")
    assert dialog.evaluate("d => d.contains(document.activeElement)"), "focus moves into the dialog"

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(row).to_be_visible()
    expect(remove).to_be_focused()

    remove.click()
    page.locator("#remove-confirm").click()
    expect(dialog).to_be_hidden()
    expect(row).to_be_hidden()
    expect(page.locator("#pokemon-count")).to_have_text(fmt(strings["results_count"], n=150))
    # Focus lands on a remove button nearby, not on <body>.
    assert page.evaluate("() => document.activeElement.classList.contains('row-remove')")

    page.reload()
    expect(page.locator('.pokemon-table tr[data-id="1"]')).to_be_hidden()
    expect(page.locator('.pokemon-table tr[data-id="2"]')).to_be_visible()
    expect(page.locator("#pokemon-count")).to_have_text(fmt(strings["results_count"], n=150))

    page.goto(site_url(route("es", "settings")))
    page.locator("#restore-removed").click()
    expect(page.locator("#restore-status")).to_have_text(strings["restore_done"])
    page.goto(site_url(route("es", "pokemon")))
    expect(page.locator('.pokemon-table tr[data-id="1"]')).to_be_visible()
    expect(page.locator("#pokemon-count")).to_have_text(fmt(strings["results_count"], n=151))


def test_remove_cancel_button_keeps_the_row(page, site_url):
    page.goto(site_url(route("en", "pokemon")))
    row = page.locator('.pokemon-table tr[data-id="4"]')
    row.locator(".row-remove").click()
    expect(page.locator("#remove-name")).to_have_text("Charmander")
    page.locator("#remove-cancel").click()
    expect(page.locator("#remove-dialog")).to_be_hidden()
    expect(row).to_be_visible()
    page.reload()
    expect(row).to_be_visible()
