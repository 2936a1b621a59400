#!/usr/bin/env python3
"""The bytes of pictures a phone downloads from a built site: each page read as a 390-pixel-wide screen at device pixel
ratio 2 reads it, scrolled to the end (every picture, lazy or not). A <picture>'s WebP srcset is chosen as a browser
chooses it (the `sizes` slot at 390 CSS pixels, times 2, then the narrowest width at least that wide); any other <img>
costs its file.
Los bytes de imagen que un teléfono (390 px, densidad 2) descarga de cada página de un sitio construido.

  phone-bytes.py OUTPUT                      the ten heaviest pages and their bytes in all
  phone-bytes.py OUTPUT --pages a.html b.html   the bytes of those pages
Prints `TOTAL <bytes>` last, then one line per page."""
from __future__ import annotations

import os
import re
import sys
from html.parser import HTMLParser
from urllib.parse import unquote

VIEWPORT, DENSITY = 390, 2


def length(value: str) -> float | None:
    """A CSS length of the forms our templates write: 100vw, calc(100vw - 2rem), 46rem, 300px."""
    value = value.strip()
    if m := re.fullmatch(r"calc\((\d+(?:\.\d+)?)vw\s*-\s*(\d+(?:\.\d+)?)(rem|px)\)", value):
        return VIEWPORT * float(m[1]) / 100 - float(m[2]) * (16 if m[3] == "rem" else 1)
    if m := re.fullmatch(r"(\d+(?:\.\d+)?)(vw|rem|px)", value):
        return {"vw": VIEWPORT / 100, "rem": 16, "px": 1}[m[2]] * float(m[1])
    return None


def slot(sizes: str) -> float:
    """The width `sizes` gives at the phone's viewport: the first entry whose (max-width) condition holds."""
    for entry in sizes.split(","):
        entry = entry.strip()
        if m := re.fullmatch(r"\(max-width:\s*(\d+(?:\.\d+)?)(rem|px)\)\s+(.+)", entry):
            if VIEWPORT <= float(m[1]) * (16 if m[2] == "rem" else 1):
                return length(m[3]) or VIEWPORT
        elif (value := length(entry)) is not None:
            return value
    return VIEWPORT


def choose(srcset: str, sizes: str) -> str:
    candidates = []
    for item in srcset.split(","):
        parts = item.strip().split()
        if len(parts) == 2 and parts[1].endswith("w"):
            candidates.append((int(parts[1][:-1]), parts[0]))
    candidates.sort()
    need = slot(sizes) * DENSITY
    return next((url for width, url in candidates if width >= need), candidates[-1][1])


class Pictures(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls: list[str] = []
        self.source: tuple[str, str] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "source" and a.get("type") == "image/webp" and a.get("srcset"):
            self.source = (a["srcset"], a.get("sizes") or "100vw")
        elif tag == "img" and a.get("src"):
            self.urls.append(choose(*self.source) if self.source else a["src"])
            self.source = None
        elif tag == "picture":
            self.source = None


def page_bytes(root: str, page: str) -> int:
    parser = Pictures()
    with open(os.path.join(root, page), encoding="utf-8") as handle:
        parser.feed(handle.read())
    total = 0
    for url in dict.fromkeys(parser.urls):  # a picture shown twice is downloaded once
        if re.match(r"^[a-z]+:", url):
            continue
        path = os.path.normpath(os.path.join(root, os.path.dirname(page), unquote(url.split("#")[0].split("?")[0])))
        if path.startswith(os.path.abspath(root)) and os.path.isfile(path):
            total += os.path.getsize(path)
    return total


def main() -> None:
    root = os.path.abspath(sys.argv[1])
    if "--pages" in sys.argv:
        pages = sys.argv[sys.argv.index("--pages") + 1:]
    else:
        every = [os.path.relpath(os.path.join(d, f), root) for d, _, files in os.walk(root) for f in files if f.endswith(".html")]
        pages = sorted(every, key=lambda p: (-page_bytes(root, p), p))[:10]
    sizes = {page: page_bytes(root, page) for page in pages}
    print(f"TOTAL {sum(sizes.values())}")
    for page in pages:
        print(f"{sizes[page]} {page}")


if __name__ == "__main__":
    main()
