"""A docs folder written for GitHub (Tests/Fixtures/docs-folder: nested folders, README and index.md indexes, images
beside the Markdown, cross-links with fragments, a file with a space in its name, alerts, footnotes, TOML front
matter), built with no edits and walked in a browser from file:// and over HTTP under a sub-path: every image loads,
every link reaches a file, and every #fragment names an element of the page it leads to."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import pytest
from playwright.sync_api import expect

from conftest import REPO, serve_under

FIXTURE = REPO / "Tests" / "Fixtures" / "docs-folder"
SUB_PATH = "docs/lumen/"


@pytest.fixture(scope="module")
def docs_site(tmp_path_factory) -> Path:
    """The fixture copied (the build writes its state beside Content/) and built with the debug binary."""
    work = tmp_path_factory.mktemp("docs-folder")
    shutil.copytree(FIXTURE, work / "site")
    output = work / "output"
    result = subprocess.run(
        [str(REPO / ".build" / "debug" / "vitrina"), "build", "--strict", "--site", str(work / "site"), "--output", str(output)],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return output


@pytest.fixture(scope="module")
def docs_http(docs_site, tmp_path_factory):
    yield from serve_under(docs_site, tmp_path_factory.mktemp("docs-http"), SUB_PATH)


# Images are lazy: each is scrolled into view and given up to 3 s to load (or fail).
LOAD_IMAGES = """async () => {
    const seen = [];
    for (const image of document.images) {
        image.scrollIntoView();
        if (!image.complete || !image.currentSrc) {
            await new Promise(done => {
                image.addEventListener("load", done, { once: true });
                image.addEventListener("error", done, { once: true });
                setTimeout(done, 3000);
            });
        }
        seen.push([image.currentSrc || image.src, image.complete && image.naturalWidth > 0]);
    }
    return seen;
}"""


def pages_of(site: Path) -> list[str]:
    """Every page but the 404 page and the search page, which the header's search form reaches, not a link."""
    return sorted(str(p.relative_to(site)) for p in site.rglob("*.html")
                  if p.name != "404.html" and str(p.relative_to(site)) != "search/index.html")


def walk(page, start: str, base: str) -> dict[str, int]:
    """Opens every page under `base` reachable from `start`; checks images, links and fragments on the way."""
    seen, queue, counts = set(), [start], {"pages": 0, "images": 0, "links": 0, "fragments": 0}
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        response = page.goto(url)
        assert response is None or response.ok, url
        counts["pages"] += 1
        page.wait_for_load_state("load")
        images = page.evaluate(LOAD_IMAGES)
        for src, loaded in images:
            assert loaded, f"{url}: image {src} did not load"
            assert src.startswith(base), f"{url}: image {src} comes from outside the site"
            counts["images"] += 1
        for href in page.evaluate("() => [...document.querySelectorAll('a[href]')].map(a => a.href)"):
            if not href.startswith(("file:", "http://127.0.0.1")):
                continue
            assert href.startswith(base), f"{url}: link {href} leaves the site"
            target, fragment = urldefrag(href)
            counts["links"] += 1
            if fragment:
                check_fragment(page, url, target, fragment)
                counts["fragments"] += 1
            if target.endswith(".html"):
                queue.append(target)
            elif target.startswith("file:"):
                assert Path(unquote(urlparse(target).path)).is_file(), f"{url}: {target} is not there"
            else:
                assert page.request.get(target).ok, f"{url}: {target} is not there"
    return counts


def check_fragment(page, source: str, target: str, fragment: str) -> None:
    here = page.url
    if urldefrag(here)[0] != target:
        page.goto(target)
    assert page.evaluate("(id) => document.getElementById(id) !== null", unquote(fragment)), f"{source}: #{fragment} not in {target}"
    if page.url != here:
        page.goto(here)


def test_every_page_image_link_and_fragment_works_from_disk(page, docs_site):
    base = docs_site.as_uri() + "/"
    counts = walk(page, base + "index.html", base)
    # Every page was reached by links alone, and the walk saw every kind of reference.
    assert counts["pages"] == len(pages_of(docs_site)), counts
    assert counts["images"] >= 4 and counts["fragments"] >= 6, counts


def test_the_same_walk_under_a_sub_path(page, docs_http, docs_site):
    counts = walk(page, docs_http + "index.html", docs_http)
    assert counts["pages"] == len(pages_of(docs_site)), counts
    assert page.evaluate("() => performance.getEntriesByType('resource').every(r => r.name.includes('/docs/lumen/'))")


def test_files_beside_the_markdown_are_published_and_hidden_ones_are_not(docs_site):
    assert (docs_site / "reference" / "files" / "example config.toml").read_text() == 'cache_dir = "~/.lumen"\n'
    assert (docs_site / "guide" / "img" / "screenshot.png").read_bytes() == (FIXTURE / "Content/guide/img/screenshot.png").read_bytes()
    assert not (docs_site / ".github").exists() and not (docs_site / "site.yml").exists()


def test_alerts_footnotes_and_images_as_github_shows_them(page, docs_site):
    page.goto((docs_site / "guide" / "advanced" / "tuning" / "index.html").as_uri())
    warning = page.get_by_role("note").filter(has_text="A cache on a network disk is slow.")
    expect(warning).to_be_visible()
    expect(warning.locator(".alert-title")).to_have_text("Warning")
    assert page.evaluate("() => getComputedStyle(document.querySelector('.alert-warning')).borderLeftStyle") == "solid"
    page.goto((docs_site / "guide" / "getting-started" / "index.html").as_uri())
    page.locator("sup a[data-footnote-ref]").click()
    assert urlparse(page.url).fragment == "fn-1"
    expect(page.locator("#fn-1")).to_contain_text("Any version from 2.0 on.")
    shot = page.locator("main img[alt='The first run']")
    assert shot.get_attribute("width") == "8" and shot.get_attribute("height") == "6" and shot.get_attribute("loading") == "lazy"
