"""Every representative page: loads with no console error, no broken image, every <img> sized (no layout
shift); the skip link comes first; nothing scrolls sideways on a 360 px phone."""
import pytest
from playwright.sync_api import expect

from sitepages import ENGLISH_SAMPLE, TEMPLATE_SCREENS, broken_images, load_all_images, route

SAMPLE = [("es", screen) for screen in TEMPLATE_SCREENS] + [("en", screen) for screen in ENGLISH_SAMPLE]


@pytest.mark.parametrize("lang,screen", SAMPLE, ids=[f"{lang}-{screen}" for lang, screen in SAMPLE])
def test_page_loads_cleanly_and_images_are_sized(page, site, site_url, lang, screen):
    path = route(lang, screen, site)
    page.goto(site_url(path))
    expect(page.locator("main")).to_be_visible()
    expect(page.locator("h1").first).to_be_visible()
    load_all_images(page)
    unsized = page.evaluate(
        """() => Array.from(document.images)
             .filter(i => !i.hasAttribute('width') || !i.hasAttribute('height'))
             .map(i => i.outerHTML.slice(0, 160))"""
    )
    assert unsized == [], f"images without width/height on {path}: {unsized}"
    broken = broken_images(page)
    assert broken == [], f"broken images on {path}: {broken}"
    # Console errors (missing files, script errors) fail the test through the page fixture.


@pytest.mark.parametrize("lang", ["es", "en"])
def test_skip_link_is_the_first_tab_stop_and_visible(page, site_url, lang):
    page.goto(site_url(route(lang, "pokemon")))
    skip = page.locator("a.skip-link")
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    expect(skip).to_be_in_viewport()
    box = skip.bounding_box()
    assert box["width"] > 20 and box["height"] > 10 and box["y"] >= 0, f"the focused skip link is on screen: {box}"
    page.keyboard.press("Enter")
    assert page.url.endswith("#main")
    # The next Tab goes into the main content, not back to the header.
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.getElementById('main').contains(document.activeElement)")


RESPONSIVE_SCREENS = ["home", "pokemon", "rick", "character_map", "store", "doc", "pikachu_album", "components",
                      "coordinates", "characters"]


@pytest.mark.parametrize("screen", RESPONSIVE_SCREENS)
def test_no_horizontal_scroll_at_360px(new_page, site_url, screen):
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, device_scale_factor=2)
    page.goto(site_url(route("es", screen)))
    load_all_images(page)
    sizes = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    if sizes[0] > sizes[1]:
        culprits = page.evaluate(
            """() => Array.from(document.querySelectorAll('body *'))
                 .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
                 .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined ? '.' + String(e.className).split(' ').join('.') : '')
                      + ' right=' + Math.round(e.getBoundingClientRect().right))
                 .slice(0, 8)"""
        )
        pytest.fail(f"{route('es', screen)} scrolls sideways at 360 px: scrollWidth {sizes[0]} > {sizes[1]}; "
                    f"wide elements: {culprits}")
