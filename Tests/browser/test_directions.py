"""Directions from a diary entry: walking and driving open OpenStreetMap's directions to the entry's place with that
profile, from file:// and under a sub-path, by mouse and by keyboard, in both languages; "Open in a map" links too.
OpenStreetMap is never reached: every request to it is answered here, so the test sends traffic only to loopback."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from sitepages import route

OSM = "https://www.openstreetmap.org/"
# The Valparaíso entry's place, as its front matter gives it.
PLACE = ("-33.042", "-71.6275")
LABELS = {"es": ("Cómo llegar", "A pie", "En coche"), "en": ("Directions", "Walking", "Driving")}


def answer_openstreetmap(page) -> list[str]:
    """Every request to OpenStreetMap answered with a small page of our own; the URLs asked for, in order."""
    asked: list[str] = []

    def fulfil(request_route):
        asked.append(request_route.request.url)
        request_route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>OSM</title><p>directions</p>")

    page.route(re.compile(r"^https://www\.openstreetmap\.org/.*"), fulfil)
    return asked


def check_directions_url(url: str, engine: str) -> None:
    parts = urlsplit(url)
    assert url.startswith(OSM + "directions?"), url
    query = parse_qs(parts.query)
    assert query["engine"] == [engine], url
    # No origin (OpenStreetMap asks the reader), the entry's place as the destination.
    assert query["route"] == [f";{PLACE[0]},{PLACE[1]}"], url
    assert parts.fragment == f"map=15/{PLACE[0]}/{PLACE[1]}", url


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("profile,engine", [("walking", "fossgis_osrm_foot"), ("driving", "fossgis_osrm_car")])
def test_each_profile_opens_openstreetmaps_directions_from_file(page, site_url, lang, profile, engine):
    asked = answer_openstreetmap(page)
    page.goto(site_url(route(lang, "diary_entry")))
    title, walking, driving = LABELS[lang]
    group = page.get_by_role("group", name=title)
    link = group.get_by_role("link", name=walking if profile == "walking" else driving)
    link.click()
    page.wait_for_url(re.compile(r"^https://www\.openstreetmap\.org/directions"))
    check_directions_url(page.url, engine)
    assert len(asked) == 1


def test_the_keyboard_reaches_and_opens_both_profiles_under_a_sub_path(page, http_site):
    asked = answer_openstreetmap(page)
    entry = http_site + route("en", "diary_entry")
    for engine in ("fossgis_osrm_foot", "fossgis_osrm_car"):
        page.goto(entry)
        walking = page.locator('.segmented a[data-profile="walking"]')
        walking.focus()
        if engine == "fossgis_osrm_car":
            page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.dataset.profile")
        assert focused == ("walking" if engine == "fossgis_osrm_foot" else "driving")
        outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none", "the focused segment shows where the keyboard is"
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r"^https://www\.openstreetmap\.org/directions"))
        check_directions_url(page.url, engine)
    assert len(asked) == 2


@pytest.mark.parametrize("lang", ["es", "en"])
def test_open_in_a_map_links_point_at_the_place(page, site_url, lang):
    page.goto(site_url(route(lang, "diary_entry")))
    links = page.locator(".open-in-map a")
    assert links.count() == 2
    osm = urlsplit(links.nth(0).get_attribute("href"))
    assert parse_qs(osm.query) == {"mlat": [PLACE[0]], "mlon": [PLACE[1]]}
    assert osm.fragment == f"map=16/{PLACE[0]}/{PLACE[1]}"
    assert links.nth(1).get_attribute("href") == f"geo:{PLACE[0]},{PLACE[1]}"
    # Each segment is a target a finger can hit.
    for segment in page.locator(".segmented a").all():
        box = segment.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, box


def test_an_entry_without_a_place_has_no_directions(page, site_url, site):
    entries = sorted((site / "diario").glob("*/index.html"))
    without = [path for path in entries if 'class="place"' not in path.read_text(encoding="utf-8")]
    with_place = [path for path in entries if 'class="place"' in path.read_text(encoding="utf-8")]
    assert with_place, "the sample diary has entries with a place"
    for path in with_place:
        assert 'class="directions"' in path.read_text(encoding="utf-8"), path
    for path in without:
        assert 'class="directions"' not in path.read_text(encoding="utf-8"), path
