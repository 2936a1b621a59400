"""Album: a large picture, a strip of thumbnails; click or arrow keys change the picture; without JS
each thumbnail is a plain link to the image file."""
import re

import pytest
from playwright.sync_api import expect

from sitepages import route


def thumbs(page):
    return page.locator("#album-strip .album-thumb")


def expect_shown(page, index):
    """The thumbnail `index` is the one shown large: image, caption and aria-current agree."""
    thumb = thumbs(page).nth(index)
    href = thumb.get_attribute("href")
    caption = thumb.get_attribute("data-caption")
    expect(page.locator("#album-main")).to_have_attribute("src", href)
    expect(page.locator("#album-caption")).to_have_text(caption)
    expect(thumb).to_have_attribute("aria-current", "true")
    expect(page.locator('#album-strip .album-thumb[aria-current="true"]')).to_have_count(1)
    # The big picture really is on screen, loaded.
    page.wait_for_function("() => { const i = document.getElementById('album-main'); return i.complete && i.naturalWidth > 0; }")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_click_thumbnail_shows_it_large(page, site_url, lang):
    page.goto(site_url(route(lang, "pikachu_album")))
    url = page.url
    expect_shown(page, 0)
    first_caption = page.locator("#album-caption").text_content()

    thumbs(page).nth(1).click()
    expect_shown(page, 1)
    assert page.locator("#album-caption").text_content() != first_caption
    assert thumbs(page).nth(0).get_attribute("aria-current") is None
    assert page.url == url, "clicking a thumbnail must not navigate"
    assert re.search(r"/back/25\.png$", page.locator("#album-main").get_attribute("src"))


def test_arrow_keys_move_the_selection(page, site_url):
    page.goto(site_url(route("es", "pikachu_album")))
    count = thumbs(page).count()
    assert count > 8, "Pikachu's album has more pictures than fit in the strip"

    thumbs(page).nth(0).click()
    page.keyboard.press("ArrowRight")
    expect_shown(page, 1)
    page.keyboard.press("ArrowRight")
    expect_shown(page, 2)
    page.keyboard.press("ArrowLeft")
    expect_shown(page, 1)
    page.keyboard.press("End")
    expect_shown(page, count - 1)
    # The last thumbnail was scrolled into view in the strip.
    expect(thumbs(page).nth(count - 1)).to_be_in_viewport()
    page.keyboard.press("Home")
    expect_shown(page, 0)
    # Focus stays in the strip, on the chosen thumbnail.
    expect(thumbs(page).nth(0)).to_be_focused()


def test_strip_pages_by_eight(page, site_url):
    page.goto(site_url(route("es", "pikachu_album")))
    strip = page.locator("#album-strip")
    nxt = page.locator("#album-next")
    expect(nxt).to_be_visible()
    assert strip.evaluate("s => s.scrollLeft") == 0
    nxt.click()
    page.wait_for_function("() => document.getElementById('album-strip').scrollLeft > 0")
    expect(thumbs(page).last).to_be_in_viewport()


def test_without_javascript_a_thumbnail_opens_the_image_file(new_page, site_url):
    page = new_page(java_script_enabled=False)
    page.goto(site_url(route("es", "pikachu_album")))
    thumb = thumbs(page).nth(1)
    href = thumb.get_attribute("href")
    assert re.search(r"\.(png|svg|jpe?g|gif|webp)$", href)
    thumb.click()
    page.wait_for_url(re.compile(r"/media/.*/back/25\.png$"))


def test_store_and_diary_albums_work(page, site_url):
    for screen in ("category_album", "diary_album"):
        page.goto(site_url(route("es", screen)))
        expect_shown(page, 0)
        if thumbs(page).count() > 1:
            thumbs(page).nth(1).click()
            expect_shown(page, 1)
