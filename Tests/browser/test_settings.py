"""Settings: dark theme, reduced motion and shiny sprites apply at once and on every other page."""
import re

import pytest
from playwright.sync_api import expect

from sitepages import route

BACKGROUND_LUMINANCE = """() => {
  const pick = el => getComputedStyle(el).backgroundColor;
  let colour = pick(document.body);
  if (/rgba\\(0, 0, 0, 0\\)|transparent/.test(colour)) colour = pick(document.documentElement);
  const [r, g, b] = colour.match(/[\\d.]+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}"""


@pytest.mark.parametrize("lang,label", [("es", "Tema oscuro"), ("en", re.compile("dark", re.I))])
def test_dark_theme_applies_now_and_on_other_pages(page, site_url, lang, label):
    page.goto(site_url(route(lang, "settings")))
    html = page.locator("html")
    expect(html).not_to_have_attribute("data-theme", "dark")
    light = page.evaluate(BACKGROUND_LUMINANCE)
    switch = page.get_by_role("switch", name=label)
    switch.check()
    expect(html).to_have_attribute("data-theme", "dark")
    page.wait_for_timeout(400)  # let a background transition finish
    dark = page.evaluate(BACKGROUND_LUMINANCE)
    assert dark < 0.3 < light, f"the page looks dark: luminance {light:.2f} -> {dark:.2f}"

    page.goto(site_url(route(lang, "pokemon")))
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(BACKGROUND_LUMINANCE) < 0.3
    page.goto(site_url(route(lang, "settings")))
    expect(page.get_by_role("switch", name=label)).to_be_checked()
    page.get_by_role("switch", name=label).uncheck()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")


def test_reduced_motion_stops_the_map_pulse(page, site_url):
    pulse_animation = "() => getComputedStyle(document.querySelector('.map-pin .pin-pulse')).animationName"
    page.goto(site_url(route("es", "diary_map")))
    assert page.evaluate(pulse_animation) != "none", "pins pulse by default"

    page.goto(site_url(route("es", "settings")))
    page.locator("#setting-motion").check()
    expect(page.locator("html")).to_have_attribute("data-motion", "reduced")

    page.goto(site_url(route("es", "diary_map")))
    expect(page.locator("html")).to_have_attribute("data-motion", "reduced")
    assert page.evaluate(pulse_animation) == "none"
    # And nothing else on the page animates or transitions.
    moving = page.evaluate(
        """() => Array.from(document.querySelectorAll('*')).filter(e => {
             const s = getComputedStyle(e);
             return s.animationName !== 'none' || s.transitionDuration.split(',').some(d => parseFloat(d) > 0);
           }).map(e => e.tagName + '.' + e.className).slice(0, 5)"""
    )
    assert moving == [], f"still moving under reduced motion: {moving}"


def test_shiny_switch_swaps_pokemon_sprites(page, site_url):
    page.goto(site_url(route("es", "pokemon")))
    sprite = page.locator('.pokemon-table tr[data-id="25"] img')
    normal = sprite.get_attribute("src")
    shiny = sprite.get_attribute("data-shiny-src")
    assert shiny and "shiny" in shiny and "shiny" not in normal

    page.goto(site_url(route("es", "settings")))
    page.locator("#setting-shiny").check()
    expect(page.locator("html")).to_have_attribute("data-shiny", "on")

    for screen in ("pokemon", "pikachu"):
        page.goto(site_url(route("es", screen)))
        sprites = page.locator("img[data-shiny-src]")
        assert sprites.count() > 0
        for i in range(min(3, sprites.count())):
            img = sprites.nth(i)
            expect(img).to_have_attribute("src", img.get_attribute("data-shiny-src"))
    expect(page.locator("img[data-shiny-src]").first).to_have_attribute("src", re.compile(r"shiny/25\.png$"))
    page.locator("img[data-shiny-src]").first.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const i = document.querySelector('img[data-shiny-src]'); return i.complete && i.naturalWidth > 0; }"
    )

    page.goto(site_url(route("es", "settings")))
    page.locator("#setting-shiny").uncheck()
    page.goto(site_url(route("es", "pokemon")))
    expect(page.locator('.pokemon-table tr[data-id="25"] img')).to_have_attribute("src", normal)


def test_settings_page_links_to_each_language(page, site_url):
    page.goto(site_url(route("es", "settings")))
    link = page.locator("main").get_by_role("link", name="English")
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url(re.compile(re.escape(route("en", "settings")) + "$"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
