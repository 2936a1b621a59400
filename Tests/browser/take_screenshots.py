"""Screenshots of the main screens at phone and desktop width (run by Scripts/screenshots.sh).

Usage: python3 Tests/browser/take_screenshots.py SITE_FOLDER OUTPUT_FOLDER
Uses Debian's chromium (headless, --no-sandbox). Lazy images are made eager and awaited, and maps are
awaited until their view stops moving, so every picture shows the finished screen.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

SCREENS = [
    ("home", "index.html"),
    ("pokemon", "pokemon/25-pikachu/index.html"),
    ("character", "personajes/1-rick-sanchez/index.html"),
    ("map", "personajes/mapa/index.html"),
    ("album", "pokemon/25-pikachu/album/index.html"),
]
SIZES = [("phone", 390, 844), ("desktop", 1280, 900)]

SETTLED = """() => new Promise(resolve => {
  const svgs = Array.from(document.querySelectorAll('.map-svg'));
  let last = svgs.map(s => s.getAttribute('viewBox')).join('|'), calm = 0;
  const tick = () => {
    const now = svgs.map(s => s.getAttribute('viewBox')).join('|');
    calm = now === last ? calm + 1 : 0; last = now;
    if (calm >= 10) resolve(true); else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})"""


def ready(page) -> None:
    page.evaluate("() => document.querySelectorAll('img[loading=lazy]').forEach(i => i.loading = 'eager')")
    page.wait_for_function("() => Array.from(document.images).every(i => i.complete)", timeout=30_000)
    page.evaluate("() => document.fonts ? document.fonts.ready.then(() => true) : true")
    if page.locator("[data-map]").count():
        page.evaluate(SETTLED)
        # The world outline is an <image> inside the svg: give it a moment to paint.
        page.wait_for_timeout(300)


def main(site: Path, out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    taken = []
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=shutil.which("chromium") or "/usr/bin/chromium", headless=True, args=["--no-sandbox"],
        )
        for size, width, height in SIZES:
            mobile = size == "phone"
            context = browser.new_context(
                viewport={"width": width, "height": height}, device_scale_factor=1,
                is_mobile=mobile, has_touch=mobile, reduced_motion="reduce",
            )
            page = context.new_page()
            page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
            for name, path in SCREENS:
                page.goto((site / path).as_uri())
                ready(page)
                target = out / f"{name}-{size}.png"
                page.screenshot(path=str(target), full_page=name != "map")
                taken.append(target)
                if name == "map":
                    # The same map with a character chosen: pin highlighted, info panel open.
                    page.locator('#map-carousel li[data-pin-id="1"] .carousel-card').click()
                    ready(page)
                    target = out / f"map-selected-{size}.png"
                    page.screenshot(path=str(target), full_page=False)
                    taken.append(target)
            context.close()
        browser.close()
    for target in taken:
        print(target)
    if errors:
        print("console errors while taking screenshots:", *errors, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()))
