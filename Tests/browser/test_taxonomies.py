"""Tags on the sample site, as a reader follows them: every tagged page (diary entries, guide pages) links each of its
terms with rel="tag", each link opens that term's page listing the page back, from file:// and under a sub-path, in both
languages; the term's feed is linked and reads without errors."""
from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urljoin

import feedparser
import pytest

from sitepages import route

TAGGED = re.compile(r'<a rel="tag" class="term" href="([^"]+)">')


def tagged_pages(site: Path) -> list[str]:
    pages = sorted(str(path.relative_to(site)) for path in site.rglob("index.html") if 'rel="tag"' in path.read_text(encoding="utf-8"))
    assert len(pages) >= 20, pages  # six diary entries and six guide pages, in two languages
    return pages


def linked_files(page: Path) -> set[Path]:
    """The files a page's links lead to, resolved from where it is."""
    return {Path(os.path.normpath(page.parent / href)) for href in re.findall(r'href="([^"#]+)"', page.read_text(encoding="utf-8"))}


def test_every_term_link_leads_to_a_page_listing_the_tagged_page(site):
    for page in tagged_pages(site):
        html = (site / page).read_text(encoding="utf-8")
        for href in TAGGED.findall(html):
            term = Path(os.path.normpath((site / page).parent / href))
            assert term.is_file(), f"{page}: {href}"
            listing = [term] + sorted(term.parent.glob("*/*/index.html"))  # the term's first page and its other pages
            assert any(site / page in linked_files(p) for p in listing), f"{term} lists {page}"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_reader_goes_from_an_entry_to_its_tag_and_back(page, site_url, lang):
    page.goto(site_url(route(lang, "diary_entry")))
    tag = page.locator('.page-terms a[rel="tag"]').first
    name = tag.inner_text()
    tag.click()
    page.wait_for_url(re.compile(r"/(etiquetas|tags)/[^/]+/index\.html$"))
    assert name in page.locator("h1").inner_text()
    items = page.locator(".term-items a")
    assert items.count() >= 1
    items.first.click()
    page.wait_for_url(re.compile(r"/(diario|diary)/[^/]+/index\.html$"))
    assert page.locator('.page-terms a[rel="tag"]').count() >= 1


def test_tags_work_under_a_sub_path(page, http_site):
    page.goto(http_site + route("en", "diary_entry"))
    page.locator('.page-terms a[rel="tag"]').first.click()
    page.wait_for_url(re.compile(r"/demo/vitrina/en/tags/[^/]+/index\.html$"))
    page.locator(".back-link a").click()
    page.wait_for_url(http_site + "en/tags/index.html")
    assert page.locator(".term-list li").count() >= 5


def test_each_term_feed_reads_cleanly(site):
    feeds = sorted(site.glob("etiquetas/*/atom.xml")) + sorted(site.glob("en/tags/*/atom.xml"))
    assert len(feeds) >= 5
    for path in feeds:
        feed = feedparser.parse(path.read_bytes(), response_headers={"content-location": "http://reader.test/" + str(path.relative_to(site)),
                                                                      "content-type": "application/atom+xml"})
        assert not feed.bozo, f"{path}: {feed.get('bozo_exception')}"
        assert feed.entries, path
