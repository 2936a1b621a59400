"""What a published site carries (issue 14), read back as real readers do: each feed with feedparser and the W3C feed
rules that can be checked offline, each JSON Feed against JSON Feed 1.1's required fields, Open Graph / Twitter meta and
JSON-LD with html.parser and json.loads, robots.txt, llms.txt, and the sitemap's hreflang alternates with xml.etree;
then the same site built again with --base-url https://example.org/sub/ for the absolute URLs."""
from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import feedparser
import pytest

REPO = Path(__file__).resolve().parents[2]
BASE = "https://example.org/sub/"
ATOM = "{http://www.w3.org/2005/Atom}"
RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
# Each feed: its folder, its language, and the list page it describes.
FEEDS = [("diario", "es"), ("en/diary", "en"), ("docs", "es"), ("en/docs", "en")]


class Head(HTMLParser):
    """The meta tags, feed links and JSON-LD of a page."""

    def __init__(self):
        super().__init__()
        self.meta: dict[str, list[str]] = {}
        self.feeds: list[tuple[str, str]] = []
        self.json_ld: list[dict] = []
        self._in_ld = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and ("property" in a or "name" in a):
            self.meta.setdefault(a.get("property") or a.get("name"), []).append(a.get("content", ""))
        elif tag == "link" and a.get("rel") == "alternate" and a.get("type") in ("application/atom+xml", "application/feed+json"):
            self.feeds.append((a["type"], a["href"]))
        elif tag == "script" and a.get("type") == "application/ld+json":
            self._in_ld = True

    def handle_data(self, data):
        if self._in_ld:
            self.json_ld.append(json.loads(data))

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_ld = False


READER = "http://reader.test/"


def read_feed(site: Path, path: str):
    """A feed as a reader that fetched it from READER + path sees it (relative links resolve against that address)."""
    return feedparser.parse((site / path).read_bytes(), response_headers={"content-location": READER + path, "content-type": "application/atom+xml"})


def local(site: Path, url: str) -> Path:
    """The file a link read through READER points at."""
    assert url.startswith(READER), url
    return site / url[len(READER):].split("#")[0]


def head(path: Path) -> Head:
    parser = Head()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def ld(page: Head, kind: str) -> dict:
    found = [o for o in page.json_ld if o.get("@type") == kind]
    assert len(found) == 1, f"one {kind} expected, found {[o.get('@type') for o in page.json_ld]}"
    assert found[0]["@context"] == "https://schema.org"
    return found[0]


@pytest.fixture(scope="module")
def based_site(tmp_path_factory) -> Path:
    """The default site built with --base-url into a fresh temporary folder."""
    target = tmp_path_factory.mktemp("based") / "site"
    subprocess.run([str(REPO / ".build" / "debug" / "vitrina"), "build", "--offline", "--base-url", BASE, "--output", str(target)],
                   cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    return target


def check_atom_rules(path: Path):
    """The W3C feed validator's rules that need no network: ids, titles, updated (RFC 3339), links and an author."""
    root = ET.parse(path).getroot()
    assert root.tag == ATOM + "feed"
    for name in ("id", "title", "updated"):
        assert root.find(ATOM + name) is not None and root.find(ATOM + name).text, f"feed without {name}"
    assert RFC3339.match(root.find(ATOM + "updated").text)
    assert root.find(f"{ATOM}author/{ATOM}name").text, "the feed names its author, so entries need none"
    assert any(link.get("rel") == "self" for link in root.findall(ATOM + "link"))
    entries = root.findall(ATOM + "entry")
    assert entries
    ids = [root.find(ATOM + "id").text]
    for entry in entries:
        for name in ("id", "title", "updated", "published"):
            element = entry.find(ATOM + name)
            assert element is not None and element.text, f"an entry without {name}"
        assert RFC3339.match(entry.find(ATOM + "updated").text) and RFC3339.match(entry.find(ATOM + "published").text)
        assert [l for l in entry.findall(ATOM + "link") if l.get("rel", "alternate") == "alternate" and l.get("href")]
        content = entry.find(ATOM + "content")
        assert content is not None and content.get("type") == "html"
        ids.append(entry.find(ATOM + "id").text)
    assert len(ids) == len(set(ids)), "ids unique"
    updated = [e.find(ATOM + "updated").text for e in entries]
    assert root.find(ATOM + "updated").text == max(updated), "the feed's updated is its newest entry's"
    return root


@pytest.mark.parametrize("folder,language", FEEDS)
def test_atom_feeds_parse_cleanly_and_follow_the_offline_rules(site, folder, language):
    path = site / folder / "atom.xml"
    parsed = read_feed(site, f"{folder}/atom.xml")
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    assert parsed.feed.language == language
    assert parsed.feed.title.endswith("· Vitrina")
    assert parsed.entries, "entries"
    for entry in parsed.entries:
        assert entry.title and entry.id and entry.link and entry.updated_parsed
        # Relative links resolve, from the feed's own address, to pages that exist, and so do the links in the text
        # (xml:base at the entry's page).
        assert local(site, entry.link).is_file(), entry.link
        for href in re.findall(r'(?:href|src)="(http://reader\.test/[^"#]*)', entry.content[0].value):
            assert local(site, href).exists(), f"{href} in {entry.link}"
    check_atom_rules(path)


def test_the_diary_feed_lists_the_entries_newest_first_without_drafts(site):
    parsed = read_feed(site, "diario/atom.xml")
    listed = [p for p in sorted((REPO / "Content" / "diary").glob("*.md")) if not p.name.endswith(".en.md")]
    drafts = [p for p in listed if re.search(r"^draft:\s*true", p.read_text(encoding="utf-8"), re.M)]
    assert len(parsed.entries) == len(listed) - len(drafts)
    dates = [e.published_parsed for e in parsed.entries]
    assert dates == sorted(dates, reverse=True)
    assert parsed.entries[0].title == "Atardecer en el Albaicín"
    assert parsed.entries[0].link == READER + "diario/2026-09-14-albaicin/index.html"
    english = read_feed(site, "en/diary/atom.xml")
    assert len(english.entries) == len(parsed.entries)
    assert english.entries[0].title != parsed.entries[0].title, "the English feed carries the English titles"


@pytest.mark.parametrize("folder,language", FEEDS)
def test_json_feeds_have_json_feed_1_1s_required_fields(site, folder, language):
    feed = json.loads((site / folder / "feed.json").read_text(encoding="utf-8"))
    assert feed["version"] == "https://jsonfeed.org/version/1.1"
    assert isinstance(feed["title"], str) and feed["title"]
    assert feed["language"] == language
    assert feed["authors"] and feed["authors"][0]["name"]
    assert "feed_url" not in feed and "home_page_url" not in feed, "no absolute URL to give without base_url"
    ids = [item["id"] for item in feed["items"]]
    assert ids and len(ids) == len(set(ids))
    for item in feed["items"]:
        assert isinstance(item["id"], str) and ("content_html" in item or "content_text" in item)
        assert RFC3339.match(item["date_published"])
        assert (site / folder / item["url"]).is_file()
    atom = read_feed(site, f"{folder}/atom.xml")
    assert [i["title"] for i in feed["items"]] == [e.title for e in atom.entries]


def test_pages_link_their_feeds(site):
    entry = head(site / "diario" / "2026-09-14-albaicin" / "index.html")
    assert ("application/atom+xml", "../atom.xml") in entry.feeds
    assert ("application/feed+json", "../feed.json") in entry.feeds
    home = head(site / "en" / "index.html")
    assert ("application/atom+xml", "diary/atom.xml") in home.feeds and ("application/atom+xml", "docs/atom.xml") in home.feeds
    for _, href in home.feeds:
        assert (site / "en" / href).is_file()


def test_social_cards_on_pages_without_absolute_urls(site):
    pikachu = head(site / "pokemon" / "25-pikachu" / "index.html")
    assert pikachu.meta["og:title"] == ["Pikachu #025"]
    assert pikachu.meta["og:type"] == ["website"]
    assert pikachu.meta["og:locale"] == ["es_ES"] and pikachu.meta["og:locale:alternate"] == ["en_US"]
    assert pikachu.meta["og:description"][0]
    assert pikachu.meta["twitter:card"] == ["summary"]
    assert "og:url" not in pikachu.meta and "og:image" not in pikachu.meta and "twitter:image" not in pikachu.meta
    english = head(site / "en" / "diary" / "2026-09-14-albaicin" / "index.html")
    assert english.meta["og:type"] == ["article"] and english.meta["og:locale"] == ["en_US"]


def test_json_ld_reads_back(site):
    entry = head(site / "diario" / "2026-09-14-albaicin" / "index.html")
    posting = ld(entry, "BlogPosting")
    assert posting["headline"] == "Atardecer en el Albaicín"
    assert posting["datePublished"] == "2026-09-14"
    assert posting["inLanguage"] == "es"
    assert (site / "diario" / "2026-09-14-albaicin" / posting["image"]).is_file()
    store = site / "tienda"
    items = [p for p in store.glob("*/*/index.html") if p.parent.name != "album"]
    assert items
    product = ld(head(items[0]), "Product")
    assert product["offers"]["priceCurrency"] == "USD" and product["offers"]["price"] > 0
    assert 0 < product["aggregateRating"]["ratingValue"] <= 5 and product["aggregateRating"]["ratingCount"] > 0
    assert (items[0].parent / product["image"]).is_file()


def test_breadcrumbs_become_a_breadcrumb_list(based_site):
    # The default site draws no breadcrumbs but a folder of the section layout's; a store item has none: no BreadcrumbList.
    pages = [p for p in based_site.rglob("index.html") if 'class="breadcrumbs"' in p.read_text(encoding="utf-8")]
    for page in pages:
        trail = ld(head(page), "BreadcrumbList")
        positions = [step["position"] for step in trail["itemListElement"]]
        assert positions == list(range(1, len(positions) + 1))
    for page in [based_site / "pokemon" / "25-pikachu" / "index.html"]:
        assert not [o for o in head(page).json_ld if o.get("@type") == "BreadcrumbList"]


def test_robots_and_llms_without_base_url(site):
    assert (site / "robots.txt").read_text() == "User-agent: *\nDisallow:\nAllow: /\n"
    llms = (site / "llms.txt").read_text(encoding="utf-8")
    lines = llms.splitlines()
    assert lines[0] == "# Vitrina"
    assert lines[2].startswith("> ")
    sections = [l[3:] for l in lines if l.startswith("## ")]
    assert {"Pokémon", "Rick y Morty", "Diario", "Tienda", "Documentación"} <= set(sections)
    links = [l for l in lines if l.startswith("- [")]
    assert links
    for line in links:
        match = re.match(r"^- \[(.+?)\]\(([^)\s]+)\)(: .+)?$", line)
        assert match, line
        assert (site / match.group(2)).is_file(), match.group(2)
    assert not any("en/" == m[:3] for m in re.findall(r"\]\(([^)]+)\)", llms)), "default language only"


def test_sitemap_pairs_every_page_with_its_other_language(site):
    root = ET.parse(site / "sitemap.xml").getroot()
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    urls = root.findall("s:url", ns)
    assert urls
    paired = 0
    for url in urls:
        alternates = {l.get("hreflang"): l.get("href") for l in url.findall("x:link", ns)}
        if alternates:
            paired += 1
            assert set(alternates) == {"es", "en", "x-default"}
            assert alternates["x-default"] == alternates["es"]
            assert url.find("s:loc", ns).text in alternates.values()
    assert paired == len(urls) or paired > len(urls) * 0.9


def test_a_base_url_makes_meta_feeds_robots_llms_and_sitemap_absolute(based_site):
    pikachu = head(based_site / "pokemon" / "25-pikachu" / "index.html")
    assert pikachu.meta["og:url"] == [BASE + "pokemon/25-pikachu/"]
    image = pikachu.meta["og:image"][0]
    assert image.startswith(BASE + "media/") and pikachu.meta["twitter:image"] == [image]
    assert (based_site / image[len(BASE):]).is_file()
    assert pikachu.meta["twitter:card"] == ["summary_large_image"]
    character = head(next((based_site / "personajes").glob("1-*/index.html")))
    assert character.meta["og:image"][0].startswith(BASE + "media/")
    entry = head(based_site / "diario" / "2026-09-14-albaicin" / "index.html")
    assert entry.meta["og:image"][0].startswith(BASE + "media/diary/")
    assert ld(entry, "BlogPosting")["image"] == entry.meta["og:image"][0]
    # Links in pages stay relative.
    html = (based_site / "pokemon" / "25-pikachu" / "index.html").read_text(encoding="utf-8")
    assert 'href="../index.html"' in html

    parsed = feedparser.parse((based_site / "diario" / "atom.xml").read_bytes())
    assert parsed.bozo == 0
    assert parsed.feed.id == BASE + "diario/"
    assert all(e.link.startswith(BASE + "diario/") and e.id == e.link for e in parsed.entries)
    check_atom_rules(based_site / "diario" / "atom.xml")
    feed = json.loads((based_site / "en" / "diary" / "feed.json").read_text(encoding="utf-8"))
    assert feed["feed_url"] == BASE + "en/diary/feed.json" and feed["home_page_url"] == BASE + "en/diary/"
    assert all(i["url"].startswith(BASE + "en/diary/") for i in feed["items"])

    assert (based_site / "robots.txt").read_text().endswith("\nSitemap: " + BASE + "sitemap.xml\n")
    llms = (based_site / "llms.txt").read_text(encoding="utf-8")
    assert "](" + BASE + "pokemon/25-pikachu/)" in llms
    sitemap = (based_site / "sitemap.xml").read_text(encoding="utf-8")
    assert f'<xhtml:link rel="alternate" hreflang="en" href="{BASE}en/pokemon/25-pikachu/"/>' in sitemap
    assert f'<xhtml:link rel="alternate" hreflang="x-default" href="{BASE}pokemon/25-pikachu/"/>' in sitemap
