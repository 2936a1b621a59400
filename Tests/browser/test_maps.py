"""Maps: the characters map (pins, carousel, info panel, filter, zoom), a character's mini-map, the diary
map and the coordinates tool."""
import re

import pytest
from playwright.sync_api import expect

from sitepages import fmt, route, ui_strings, view_box

WORLD_WIDTH = 360


def wait_view_settled(page, svg_selector=".map-svg"):
    """Wait until the map's viewBox stops changing (zoom and centring animate)."""
    page.wait_for_function(
        """(sel) => new Promise(resolve => {
            const svg = document.querySelector(sel);
            let last = svg.getAttribute('viewBox'), calm = 0;
            const tick = () => {
              const now = svg.getAttribute('viewBox');
              calm = now === last ? calm + 1 : 0; last = now;
              if (calm >= 6) resolve(true); else requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
        })""",
        arg=svg_selector,
    )


def characters(page):
    return page.evaluate("() => window.VITRINA.characters")


# ---------------------------------------------------------------------------------------------
# Characters map
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["es", "en"])
def test_character_map_draws_pins_and_a_card_selects_its_pin(page, site_url, lang):
    page.goto(site_url(route(lang, "character_map")))
    data = characters(page)
    pins = page.locator(".map .map-pins .map-pin")
    expect(pins).to_have_count(len(data))
    expect(page.locator("#map-carousel > li")).to_have_count(len(data))
    expect(pins.first).to_be_visible()
    expect(page.locator("#map-info")).to_be_hidden()
    svg = page.locator(".map .map-svg")
    wait_view_settled(page)
    before = view_box(svg)

    rick = next(c for c in data if c["id"] == 1)
    card = page.locator('#map-carousel li[data-pin-id="1"] .carousel-card')
    card.click()

    pin = page.locator('.map-pin[data-pin-id="1"]')
    expect(pin).to_have_class(re.compile(r"\bis-selected\b"))
    expect(page.locator(".map-pin.is-selected")).to_have_count(1)
    expect(card).to_have_attribute("aria-current", "true")
    # The map centres on the pin, zoomed in.
    wait_view_settled(page)
    after = view_box(svg)
    assert after[2] < before[2], f"choosing a card should zoom in: {before} -> {after}"
    cx, cy = after[0] + after[2] / 2, after[1] + after[3] / 2
    assert abs(cx - rick["x"]) < after[2] / 4 and abs(cy - rick["y"]) < after[3] / 4, "the pin is centred"
    expect(pin).to_be_in_viewport()

    strings = ui_strings(page)
    info = page.locator("#map-info")
    expect(info).to_be_visible()
    expect(info).to_contain_text(rick["n"])
    expect(info).to_contain_text(rick["sl"])
    expect(info).to_contain_text(fmt(strings["episodes_count"], n=rick["e"]))
    link = info.get_by_role("link", name=strings["map_view_profile"])
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url(re.compile(re.escape(route(lang, "rick")) + "$"))
    expect(page.locator("h1")).to_have_text(rick["n"])


def test_clicking_a_pin_selects_its_card(page, site_url):
    page.goto(site_url(route("es", "character_map")))
    data = characters(page)
    # Zoom to Rick's cluster first so that a neighbouring pin is big enough to click.
    page.locator('#map-carousel li[data-pin-id="1"] .carousel-card').click()
    wait_view_settled(page)
    # A different character, far along the carousel (so it has to scroll into view).
    target = max((c for c in data if c["id"] != 1 and c["loc"] == next(r for r in data if r["id"] == 1)["loc"]),
                 key=lambda c: c["id"], default=None)
    if target is None:  # no neighbour: zoom out and pick the last character
        page.locator('[data-map-zoom="fit"]').click()
        wait_view_settled(page)
        target = data[-1]
    pin = page.locator(f'.map-pin[data-pin-id="{target["id"]}"]')
    pin.click()
    expect(pin).to_have_class(re.compile(r"\bis-selected\b"))
    expect(page.locator(".map-pin.is-selected")).to_have_count(1)
    card = page.locator(f'#map-carousel li[data-pin-id="{target["id"]}"] .carousel-card')
    expect(card).to_have_attribute("aria-current", "true")
    expect(page.locator('#map-carousel li[data-pin-id="1"] .carousel-card')).not_to_have_attribute("aria-current", "true")
    # The card was scrolled into view in the carousel.
    page.wait_for_function(
        """(id) => {
            const c = document.getElementById('map-carousel').getBoundingClientRect();
            const r = document.querySelector('#map-carousel li[data-pin-id="' + id + '"]').getBoundingClientRect();
            return r.left >= c.left - 1 && r.right <= c.right + 1;
        }""",
        arg=str(target["id"]),
    )
    expect(page.locator("#map-info")).to_contain_text(target["n"])
    assert page.url.endswith("personajes/mapa/index.html"), "a pin click selects; it does not navigate"


def test_status_filter_hides_dead_pins_and_cards(page, site_url):
    page.goto(site_url(route("es", "character_map")))
    data = characters(page)
    dead = [c for c in data if c["s"] == "dead"]
    assert dead, "the snapshot has dead characters"
    some_dead = dead[0]["id"]
    some_alive = next(c["id"] for c in data if c["s"] == "alive")
    expect(page.locator(f'.map-pin[data-pin-id="{some_dead}"]')).to_be_visible()

    page.locator("#map-filter").get_by_label(ui_strings(page)["status_dead"]).uncheck()

    expect(page.locator(f'.map-pin[data-pin-id="{some_dead}"]')).to_be_hidden()
    expect(page.locator(f'#map-carousel li[data-pin-id="{some_dead}"]')).to_be_hidden()
    expect(page.locator(f'.map-pin[data-pin-id="{some_alive}"]')).to_be_visible()
    shown = page.evaluate(
        """() => Array.from(document.querySelectorAll('.map-pins .map-pin'))
                 .filter(p => getComputedStyle(p).display !== 'none').length"""
    )
    assert shown == len(data) - len(dead)
    expect(page.locator("#map-carousel > li:visible")).to_have_count(len(data) - len(dead))

    page.locator("#map-filter").get_by_label(ui_strings(page)["status_dead"]).check()
    expect(page.locator(f'.map-pin[data-pin-id="{some_dead}"]')).to_be_visible()


def test_zoom_in_out_and_fit(page, site_url):
    page.goto(site_url(route("es", "character_map")))
    svg = page.locator(".map .map-svg")
    wait_view_settled(page)
    fitted = view_box(svg)
    page.get_by_role("button", name="Acercar").click()
    wait_view_settled(page)
    zoomed = view_box(svg)
    assert zoomed[2] < fitted[2], f"zoom in narrows the view: {fitted} -> {zoomed}"
    page.get_by_role("button", name="Acercar").click()
    wait_view_settled(page)
    closer = view_box(svg)
    assert closer[2] < zoomed[2]
    page.get_by_role("button", name="Alejar").click()
    wait_view_settled(page)
    assert view_box(svg)[2] > closer[2]
    page.locator('.map [data-map-zoom="fit"]').click()
    wait_view_settled(page)
    assert view_box(svg) == pytest.approx(fitted, abs=0.01), "fit shows every pin again"


def test_arrow_keys_pan_the_focused_map(page, site_url):
    page.goto(site_url(route("es", "character_map")))
    svg = page.locator(".map .map-svg")
    page.get_by_role("button", name="Acercar").click()
    wait_view_settled(page)
    before = view_box(svg)
    focusable = page.locator(".map [tabindex='0'], .map[tabindex='0']").first
    focusable.focus()
    page.keyboard.press("ArrowRight")
    wait_view_settled(page)
    after = view_box(svg)
    assert after[0] != before[0], f"ArrowRight pans the map: {before} -> {after}"


# ---------------------------------------------------------------------------------------------
# Mini-maps and the diary map
# ---------------------------------------------------------------------------------------------

def test_character_page_mini_map_shows_one_pin(page, site_url):
    page.goto(site_url(route("es", "rick")))
    mini = page.locator(".mini-map")
    expect(mini).to_be_visible()
    pins = mini.locator(".map-pin")
    expect(pins).to_have_count(1)
    expect(pins.first).to_be_visible()
    expect(pins.first).to_have_attribute("aria-label", re.compile(r"^Rick Sanchez"))
    wait_view_settled(page, ".mini-map .map-svg")
    box = view_box(mini.locator(".map-svg"))
    assert box[2] < WORLD_WIDTH, "the mini-map zooms to its pin"
    x, y = float(pins.first.get_attribute("data-x")), float(pins.first.get_attribute("data-y"))
    assert box[0] <= x <= box[0] + box[2] and box[1] <= y <= box[1] + box[3], "the pin is inside the view"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_diary_map_pins_link_to_entries(page, site_url, lang):
    page.goto(site_url(route(lang, "diary_map")))
    pins = page.locator(".map .map-pin")
    assert pins.count() >= 2
    for i in range(pins.count()):
        href = pins.nth(i).get_attribute("href")
        assert re.fullmatch(r"\.\./[^/]+/index\.html", href), href
    pin = page.locator('.map-pin[data-pin-id="2026-01-18-valparaiso"]')
    title = pin.get_attribute("aria-label").split(" — ")[0]
    pin.click()
    page.wait_for_url(re.compile(r"/2026-01-18-valparaiso/index\.html$"))
    expect(page.locator("h1")).to_have_text(title)
    # The entry has its own mini-map with its pin and the coordinates as text.
    expect(page.locator(".mini-map .map-pin")).to_have_count(1)
    expect(page.locator(".place")).to_contain_text(re.compile(r"-33[.,]0\d*, -71[.,]6\d*"))


# ---------------------------------------------------------------------------------------------
# Coordinates tool
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["es", "en"])
def test_coordinates_tool(page, site_url, lang):
    page.goto(site_url(route(lang, "coordinates")))
    strings = ui_strings(page)
    lat, lon = page.locator("#coords-lat"), page.locator("#coords-lon")
    error, result = page.locator("#coords-error"), page.locator("#coords-result")
    submit = page.locator("#coords-form [type=submit]")
    expect(error).to_have_text("")

    lat.fill("abc")
    lon.fill("-3.7035")
    submit.click()
    expect(error).to_have_text(strings["coords_invalid_number"])
    expect(lat).to_have_attribute("aria-invalid", "true")
    expect(lon).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator(".map-pin.is-dropped")).to_have_count(0)

    lat.fill("95")
    submit.click()
    expect(error).to_have_text(strings["coords_lat_range"])
    expect(lat).to_have_attribute("aria-invalid", "true")

    lat.fill("40,4169")
    lon.fill(" -3,7035 ")
    submit.click()
    expect(error).to_have_text("")
    expect(lat).not_to_have_attribute("aria-invalid", "true")
    expect(lon).not_to_have_attribute("aria-invalid", "true")
    expect(result).to_have_text(fmt(strings["coords_result"], lat="40.4169", lon="-3.7035"))
    dropped = page.locator(".map-pin.is-dropped")
    expect(dropped).to_have_count(1)
    expect(dropped).to_be_visible()
    wait_view_settled(page)
    box = view_box(page.locator(".map-svg"))
    assert box[2] < WORLD_WIDTH / 4, f"the map zooms to the dropped pin: {box}"
    assert box[0] <= -3.7035 <= box[0] + box[2] and box[1] <= -40.4169 <= box[1] + box[3]

    lon.fill("200")
    submit.click()
    expect(error).to_have_text(strings["coords_lon_range"])
    expect(lon).to_have_attribute("aria-invalid", "true")
    # The earlier pin goes with the earlier answer: an invalid one leaves no pin and no result.
    expect(page.locator(".map-pin.is-dropped")).to_have_count(0)
    expect(result).to_have_text("")
