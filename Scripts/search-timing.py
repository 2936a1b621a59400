#!/usr/bin/env python3
"""How long a one-word query takes to show its first results in the header's search box, on a built site opened from
file:// in Chromium (Debian's, headless), as `make bench-scale` reports it. The words are search-budget.py's: words of a
single page's text, drawn with the same seed. For each, a fresh browser context (cold cache) opens a page with the box,
presses `/`, types the word, and the page itself measures, with performance.now(), the time from the last input event
until a MutationObserver sees the first option for that word; the page holding the word must be among the options (else
a miss), and the search scripts the page inserted are summed by their size on disk. A query that shows nothing within
10 s (TIMEOUT_MS) counts as a miss, timed at 10 s. Prints `name value` lines; exits non-zero only when the site cannot
be read or the browser cannot start (a slow result is a report, not an error).
Cuánto tarda una consulta de una palabra en mostrar sus primeros resultados en la caja, desde file:// en Chromium.

    Scripts/search-timing.py SITE LANG [WORDS]      (WORDS: how many words, default 30)
"""
from __future__ import annotations

import importlib.util
import random
import shutil
import statistics
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

REPO = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("search_budget", REPO / "Scripts/search-budget.py")
budget = importlib.util.module_from_spec(spec)
spec.loader.exec_module(budget)
search = budget.search  # the index reader of Tests/browser/fixtures/make_search_site.py / el lector del índice

TIMEOUT_MS = 10_000
BOX = "form.site-search input[name=q]"
# Runs before the page's own scripts: the time of the last input event, the first option shown (the popup open) for the
# box's text after it, and every script inserted below assets/search/. / Se ejecuta antes que los scripts de la página.
WATCH = """(() => {
  const w = window.__timing = { input: null, first: null, srcs: [] };
  document.addEventListener('input', () => { w.input = performance.now(); w.first = null; }, true);
  new MutationObserver(records => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeName === 'SCRIPT' && n.src && n.src.indexOf('/assets/search/') !== -1) w.srcs.push(n.src);
    }
    if (w.input === null || w.first !== null) return;
    const box = document.querySelector('%(box)s'), popup = document.querySelector('form.site-search .search-popup');
    if (box && popup && !popup.hidden && popup.dataset.query === box.value && popup.querySelector('[role=option]')) {
      w.first = performance.now();
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
})();""" % {"box": BOX}


def sample_words(site: Path, lang: str, count: int) -> tuple[list[str], dict[str, str]]:
    """search-budget.py's words of one page's text (same seed), and the url of each one's page."""
    records, page_of = budget.pages_of_words(site, lang)
    rare = sorted(word for word, pages in page_of.items() if len(pages) == 1)
    chosen = random.Random(51).sample(rare, min(count, len(rare)))
    return chosen, {word: records[next(iter(page_of[word]))][0] for word in chosen}


def start_page(site: Path, lang: str) -> Path:
    """The home page, else the first HTML page in LANG with the header's search box."""
    def fits(path: Path) -> bool:
        text = path.read_text(encoding="utf-8", errors="replace")[:200_000]
        return 'class="site-search"' in text and f'<html lang="{lang}"' in text
    for path in [site / "index.html", site / lang / "index.html"]:
        if path.is_file() and fits(path):
            return path
    for path in sorted(site.rglob("*.html")):
        if fits(path):
            return path
    raise SystemExit(f"no page with the search box in {site}")


def plain(href: str) -> str:
    """A file:// address without its fragment or query, decoded, for comparing. / Sin fragmento ni consulta."""
    return unquote(urlsplit(href)._replace(query="", fragment="").geturl())


def main() -> None:
    if len(sys.argv) < 3:
        raise SystemExit(__doc__.rsplit("\n\n", 1)[-1].strip())
    site, lang = Path(sys.argv[1]).resolve(), sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    folder = site / "assets" / "search"
    try:
        words, page_url = sample_words(site, lang, count)
    except (OSError, AssertionError, ValueError, KeyError, IndexError) as error:
        raise SystemExit(f"cannot read the search index of {site} ({lang}): {error}")
    home = start_page(site, lang).as_uri()
    base = site.as_uri().rstrip("/") + "/"
    times, kbs, misses = [], [], 0
    from playwright.sync_api import sync_playwright, Error as PlaywrightError
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                                 headless=True, args=["--no-sandbox"])
        except PlaywrightError as error:
            raise SystemExit(f"cannot start Chromium: {error}")
        for word in words:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.set_default_timeout(TIMEOUT_MS)
            context.add_init_script(WATCH)
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda message: message.type == "error" and errors.append(message.text))
            ms, found = float(TIMEOUT_MS), False
            try:
                page.goto(home, wait_until="load")
                page.wait_for_selector(f"{BOX}[role=combobox]", state="attached")
                page.keyboard.press("/")
                if not page.evaluate("(s) => document.activeElement === document.querySelector(s)", BOX):
                    page.focus(BOX)
                page.keyboard.type(word)
                page.wait_for_function("(q) => window.__timing.first !== null || document.querySelector("
                                       "'form.site-search .search-popup').dataset.query === q",
                                       arg=word, timeout=TIMEOUT_MS)
                timing = page.evaluate("() => window.__timing")
                hrefs = page.eval_on_selector_all("form.site-search [role=option]", "(os) => os.map(o => o.href)")
                if timing["first"] is not None:  # shown: the popup open with options for the word
                    ms = timing["first"] - timing["input"]
                    found = plain(base + page_url[word]) in {plain(h) for h in hrefs}
                kbs.append(sum((folder / Path(urlsplit(src).path).name).stat().st_size
                               for src in set(timing["srcs"])) / 1024)
            except (PlaywrightError, OSError) as error:
                print(f"{word}: {str(error).splitlines()[0]}", file=sys.stderr)
            misses += not found
            times.append(min(ms, TIMEOUT_MS))
            for error in errors:
                print(f"{word}: page error: {error}", file=sys.stderr)
            context.close()
        browser.close()
    times.sort()
    p90 = times[min(len(times) - 1, round(0.9 * (len(times) - 1)))] if times else 0
    print(f"first_result_ms_median {statistics.median(times) if times else 0:.0f}")
    print(f"first_result_ms_max {max(times, default=0):.0f}")
    print(f"first_result_ms_p90 {p90:.0f}")
    print(f"query_kb_median {statistics.median(kbs) if kbs else 0:.1f}")
    print(f"query_kb_max {max(kbs, default=0):.1f}")
    print(f"words {len(words)}")
    print(f"misses {misses}")


if __name__ == "__main__":
    main()
