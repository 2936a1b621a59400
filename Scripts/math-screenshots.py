#!/usr/bin/env python3
"""Whether Vitrina's build-time MathML looks like KaTeX's rendering of the same formulas, both drawn side by side from
file:// in Chromium (Debian's, headless) (dev time only).
Si el MathML de Vitrina se ve como la composición de KaTeX de las mismas fórmulas, lado a lado en Chromium.

    Scripts/math-screenshots.py VITRINA.jsonl [--sheet OUT.png] [--min-share PERCENT] [--similar S] [--json OUT.json]
                                [--shots DIR]

VITRINA.jsonl holds JSON lines {"tex", "display", "mathml"} (or "error" instead of "mathml"): Vitrina's <math> for
each formula. KaTeX's HTML for the same formulas comes from one node process, Scripts/katex-mathml.js --html (Debian's `katex`
package under /usr/share/nodejs; NODE_PATH is set to that unless already set). One page, written to a temporary folder
and opened from file://, is a table with a row per formula: its TeX, a box (inline-block, padding) holding Vitrina's
MathML as Chromium draws it natively (MathML Core), and a box holding KaTeX's HTML, styled by dist/katex.min.css and its
fonts referenced by file:// URL. Both are drawn at one size: the page's text is 20px, KaTeX's .katex is 1.21em and so
is <math> here. <math> gets the first of MATH_FONTS that fontconfig knows (fc-list), else the browser's `math` family;
the font is printed first. Display margins (.katex-display, <math display=block>) are zeroed so each box wraps its
formula.

For each formula both boxes give their content size (bounding box less the padding, CSS px) and an element screenshot
(device scale 2), and these numbers, each Vitrina / KaTeX:
  - w, h: the width and height ratios of the boxes. Informative only: the height of KaTeX's box holds the 1.2 line
    height of its .katex span, so every one-line inline formula has h ≈ 0.84 whatever it looks like, and a <mtable>'s
    box holds its cells' padding, which shows no ink;
  - iw, ih: the width and height ratios of the ink, the bounding box of the pixels darker than INK (gray 0-255);
  - sim, the image similarity: each screenshot in grayscale, its ink cropped to the ink's bounding box and scaled to
    GRID (64x32 cells, whatever the formula's size: the size is the ratios' business; a cell is inked when any pixel in
    it is), then an F1 score with a tolerance of one cell: the share of one side's inked cells that have an inked cell
    of the other side within one cell (3x3), taken both ways, and their harmonic mean. 1 is the same picture at this
    resolution, 0 no common ink. Measured on the 179 formulas of Tests/Fixtures/math/katex.jsonl (<math> in DejaVu
    Math TeX Gyre against KaTeX's Computer Modern) and sorted by eye on the sheet: the 131 that look alike score a
    median of 0.88, 90% of them above 0.67, the lowest (0.53-0.70) single letters, accents, radicals and small
    scripts, whose glyphs differ between the two fonts once magnified to the grid; the 26 with a plainly missing or
    misplaced part (a limit beside instead of under, an unstretched fence, a small display integral, misaligned
    columns, a prime drawn as a small accent) a median of 0.65, from 0.35. SIMILAR, 0.75, with the ink ratios, keeps
    112 of the 131 and flags 21 of the 26 (0.8 would flag 24 and keep 98); it misses some differences of weight or
    letter style (bold, \\mathcal), which this grid cannot tell from a change of font, and an accent or bar
    over part of its base.
A formula "looks alike" when iw and ih are within [RATIO_LOW, RATIO_HIGH] (0.67-1.5) and sim >= --similar (SIMILAR by
default). Prints the font, a table (the TeX cut at 40 characters, * marking those that do not look alike), then the
counts (also with the boxes' w and h in place of iw and ih) and the medians. --sheet writes a full-page screenshot (CSS
scale) of the page with each row's numbers, the rows that do not look alike marked in red, for a human to look at;
--json the numbers per formula; --shots keeps the screenshots. A formula with an error on either side is counted apart.
Needs playwright and Pillow (pip) and chromium (apt): `Scripts/browser-tests.sh --deps-only` installs all but Pillow.
Exits 1 when the share of formulas that look alike (of those both sides render) is under --min-share (0 by default,
a report), 2 when the input, node, the browser or a module fails.
"""
from __future__ import annotations

import argparse
import html
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path



class Failure(Exception):
    """Unreadable input, node, the browser or a missing module: exit 2."""


REPO = Path(__file__).resolve().parent.parent
KATEX = Path("/usr/share/nodejs/katex/dist")
MATH_FONTS = ["Latin Modern Math", "STIX Two Math", "DejaVu Math TeX Gyre"]  # the first installed is used / la primera
INK = 160  # a gray darker than this is ink / un gris más oscuro es tinta
GRID = (64, 32)
RATIO_LOW, RATIO_HIGH = 0.67, 1.5
SIMILAR = 0.75
SCALE = 2  # device pixels per CSS pixel of the screenshots / píxeles por píxel CSS


def read_formulas(path: Path) -> list[dict]:
    """The JSON lines of `path`, each {"tex", "display", "mathml" | "error"}."""
    formulas = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise Failure(f"cannot read {path}: {error}") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            formula = json.loads(line)
            assert isinstance(formula.get("tex"), str), "no \"tex\" string"
        except (ValueError, AssertionError, AttributeError) as error:
            raise Failure(f"{path}:{number}: not a formula line ({error})") from None
        formulas.append(formula)
    return formulas


def katex_html(formulas: list[dict]) -> list[dict]:
    """KaTeX's {"html" | "error"} for each formula, in order, from one run of Scripts/katex-mathml.js --html."""
    env = dict(os.environ)
    env.setdefault("NODE_PATH", "/usr/share/nodejs")
    stdin = "".join(json.dumps({"tex": f["tex"], "display": bool(f.get("display"))}) + "\n" for f in formulas)
    try:
        run = subprocess.run(["node", str(REPO / "Scripts/katex-mathml.js"), "--html"], input=stdin, capture_output=True,
                             text=True, env=env, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        raise Failure(f"node Scripts/katex-mathml.js --html failed: {getattr(error, 'stderr', '') or error}") from None
    sys.stderr.write(run.stderr)
    out = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    if len(out) != len(formulas):
        raise Failure(f"Scripts/katex-mathml.js --html gave {len(out)} lines for {len(formulas)} formulas")
    return out


def math_font() -> str | None:
    """The first of MATH_FONTS fontconfig knows, if any."""
    try:
        families = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
    except OSError:
        return None
    known = {name.strip().lower() for line in families.splitlines() for name in line.split(",")}
    return next((font for font in MATH_FONTS if font.lower() in known), None)


def page(formulas: list[dict], katex: list[dict], font: str | None) -> str:
    """The comparison page: a table row per formula, Vitrina's box #vN and KaTeX's #kN, the numbers in td.score."""
    family = f'"{font}", math' if font else "math"
    rows = []
    for n, (ours, theirs) in enumerate(zip(formulas, katex)):
        left = ours.get("mathml") or f'<span class="error">{html.escape(ours.get("error", "no mathml"))}</span>'
        right = theirs.get("html") or f'<span class="error">{html.escape(theirs.get("error", "no html"))}</span>'
        mode = "display" if ours.get("display") else "inline"
        rows.append(f'<tr id="r{n}"><td class="tex">{n + 1}. {html.escape(ours["tex"])} <i>({mode})</i></td>'
                    f'<td><div class="box" id="v{n}">{left}</div></td>'
                    f'<td><div class="box" id="k{n}">{right}</div></td><td class="score"></td></tr>')
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Vitrina MathML / KaTeX</title>
<link rel="stylesheet" href="{(KATEX / 'katex.min.css').as_uri()}">
<style>
body {{ font: 20px/1.3 serif; color: #000; background: #fff; margin: 8px; }}
math {{ font-family: {family}; font-size: 1.21em; }}
math[display="block" i], .katex-display {{ margin: 0; }}
table {{ border-collapse: collapse; }}
th {{ font: bold 13px sans-serif; text-align: left; padding: 4px 10px; }}
td {{ border-top: 1px solid #bbb; padding: 4px 10px; vertical-align: middle; }}
td.tex {{ font: 12px monospace; max-width: 18em; overflow-wrap: anywhere; }}
td.score {{ font: 12px monospace; white-space: pre; }}
td.score.off {{ background: #fcc; }}
.box {{ display: inline-block; padding: 6px; white-space: nowrap; background: #fff; }}
.error {{ font: 12px monospace; color: #c00; }}
</style></head><body>
<table><tr><th>TeX</th><th>Vitrina (MathML{', ' + font if font else ''})</th><th>KaTeX (HTML)</th><th>numbers</th></tr>
{chr(10).join(rows)}
</table></body></html>
"""


def ink_grid(png: bytes):
    """The ink of a screenshot: its bounding box size in device px and the GRID of inked cells (a set of (x, y))."""
    from PIL import Image
    gray = Image.open(io.BytesIO(png)).convert("L")
    mask = gray.point(lambda p: 255 if p < INK else 0)
    box = mask.getbbox()
    if box is None:
        return (0, 0), set()
    cells = mask.crop(box).resize(GRID, Image.Resampling.BOX)
    width = GRID[0]
    return (box[2] - box[0], box[3] - box[1]), {(i % width, i // width) for i, v in enumerate(cells.tobytes()) if v}


def similarity(a: set, b: set) -> float:
    """F1 of inked cells with a tolerance of one cell (see the module's docstring); 0 when a side has no ink."""
    if not a or not b:
        return 0.0

    def near(cells: set, other: set) -> float:
        return sum(any((x + dx, y + dy) in other for dx in (-1, 0, 1) for dy in (-1, 0, 1)) for x, y in cells) / len(cells)

    precision, recall = near(a, b), near(b, a)
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


MEASURE = """(count) => {
  const size = (id) => {
    const box = document.getElementById(id), style = getComputedStyle(box), r = box.getBoundingClientRect();
    const px = (name) => parseFloat(style[name]) || 0;
    return [r.width - px('paddingLeft') - px('paddingRight'), r.height - px('paddingTop') - px('paddingBottom')];
  };
  const out = [];
  for (let n = 0; n < count; n++) out.push({ v: size('v' + n), k: size('k' + n) });
  return out;
}"""


def measure(formulas: list[dict], katex: list[dict], sheet: Path | None, font: str | None,
            similar: float = SIMILAR, keep: Path | None = None) -> list[dict]:
    """The numbers of each formula ({} for one with an error), after drawing the page; writes the sheet if asked."""
    from playwright.sync_api import sync_playwright, Error as PlaywrightError
    results: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="math-screenshots.") as work, sync_playwright() as playwright:
        path = Path(work) / "compare.html"
        path.write_text(page(formulas, katex, font), encoding="utf-8")
        try:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                                 headless=True, args=["--no-sandbox", "--allow-file-access-from-files"])
        except PlaywrightError as error:
            raise Failure(f"cannot start Chromium: {error}") from None
        context = browser.new_context(viewport={"width": 1400, "height": 900}, device_scale_factor=SCALE)
        view = context.new_page()
        view.goto(path.as_uri(), wait_until="load")
        view.evaluate("() => document.fonts.ready")
        failed = view.evaluate("() => [...document.fonts].filter(f => f.status === 'error').map(f => f.family)")
        if failed:
            print(f"fonts that did not load: {', '.join(sorted(set(failed)))}", file=sys.stderr)
        sizes = view.evaluate(MEASURE, len(formulas))
        for n, (ours, theirs) in enumerate(zip(formulas, katex)):
            if "mathml" not in ours or "html" not in theirs:
                results.append({})
                continue
            (vw, vh), (kw, kh) = sizes[n]["v"], sizes[n]["k"]
            shots = [view.locator(f"#{side}{n}").screenshot() for side in "vk"]
            if keep is not None:
                for side, png in zip("vk", shots):
                    (keep / f"{n + 1:03d}{side}.png").write_bytes(png)
            (viw, vih), vcells = ink_grid(shots[0])
            (kiw, kih), kcells = ink_grid(shots[1])
            ratio = lambda a, b: a / b if b else float("inf")
            results.append({"w": ratio(vw, kw), "h": ratio(vh, kh), "iw": ratio(viw, kiw), "ih": ratio(vih, kih),
                            "sim": similarity(vcells, kcells), "box": [vw, vh, kw, kh],
                            "ink": [viw / SCALE, vih / SCALE, kiw / SCALE, kih / SCALE]})
        if sheet is not None:
            marks = [{"text": "error" if not r else f"w {r['w']:.2f}  h {r['h']:.2f}\niw {r['iw']:.2f} ih {r['ih']:.2f}"
                      f"\nsim {r['sim']:.2f}", "off": not r or not alike(r, similar)} for r in results]
            view.evaluate("""(marks) => marks.forEach((m, n) => {
              const cell = document.querySelector('#r' + n + ' td.score');
              cell.textContent = m.text; if (m.off) cell.classList.add('off');
            })""", marks)
            view.screenshot(path=str(sheet), full_page=True, scale="css")
        browser.close()
    return results


def alike(r: dict, similar: float = SIMILAR, width: str = "iw", height: str = "ih") -> bool:
    """Whether a formula's numbers say it looks alike: the ink's ratios (or the boxes', "w" and "h") and sim."""
    return RATIO_LOW <= r[width] <= RATIO_HIGH and RATIO_LOW <= r[height] <= RATIO_HIGH and r["sim"] >= similar


def main() -> int:
    parser = argparse.ArgumentParser(description="Draws Vitrina's MathML and KaTeX's HTML in Chromium and compares them.")
    parser.add_argument("vitrina", type=Path, help="JSON lines {tex, display, mathml | error}")
    parser.add_argument("--sheet", type=Path, help="write the side-by-side contact sheet (PNG) here")
    parser.add_argument("--json", type=Path, help="write the numbers per formula (JSON) here")
    parser.add_argument("--shots", type=Path, help="keep the screenshots here (NNNv.png Vitrina, NNNk.png KaTeX)")
    parser.add_argument("--similar", type=float, default=SIMILAR, help=f"the least similarity to look alike ({SIMILAR})")
    parser.add_argument("--min-share", type=float, default=0.0, help="exit 1 when the percentage alike is under this")
    args = parser.parse_args()
    font = math_font()
    print(f"math font: {font or 'none of ' + ', '.join(MATH_FONTS) + ' installed (the browser default for math)'}")
    try:
        formulas = read_formulas(args.vitrina)
        katex = katex_html(formulas)
        if args.shots:
            args.shots.mkdir(parents=True, exist_ok=True)
        results = measure(formulas, katex, args.sheet, font, args.similar, args.shots)
    except Failure as error:
        print(f"math-screenshots: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # Playwright's errors, a missing module, a full disk / los errores del navegador
        print(f"math-screenshots: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
    print(f"{'tex':<40} {'w':>5} {'h':>5} {'iw':>5} {'ih':>5} {'sim':>5}")
    measured = []
    for formula, r in zip(formulas, results):
        tex = " ".join(formula["tex"].split())
        tex = tex if len(tex) <= 40 else tex[:39] + "…"
        if not r:
            print(f"{tex:<40} error")
            continue
        measured.append(r)
        mark = "" if alike(r, args.similar) else "  *"
        print(f"{tex:<40} {r['w']:5.2f} {r['h']:5.2f} {r['iw']:5.2f} {r['ih']:5.2f} {r['sim']:5.2f}{mark}")
    same = sum(alike(r, args.similar) for r in measured)
    share = 100 * same / len(measured) if measured else 0.0
    median = lambda key: statistics.median(r[key] for r in measured) if measured else 0.0
    print(f"formulas {len(formulas)}, measured {len(measured)}, errors {len(formulas) - len(measured)}")
    boxed = sum(alike(r, args.similar, "w", "h") for r in measured)
    print(f"alike {same} ({share:.1f}%): iw and ih in [{RATIO_LOW}, {RATIO_HIGH}] and sim >= {args.similar}")
    print(f"alike by the boxes {boxed}: w and h in [{RATIO_LOW}, {RATIO_HIGH}] and sim >= {args.similar}")
    print(f"median w {median('w'):.2f}, h {median('h'):.2f}, iw {median('iw'):.2f}, ih {median('ih'):.2f}, "
          f"sim {median('sim'):.2f}")
    if args.json:
        args.json.write_text(json.dumps([{"tex": f["tex"], "display": bool(f.get("display")), **r}
                                         for f, r in zip(formulas, results)], indent=1) + "\n", encoding="utf-8")
    return 1 if share < args.min_share else 0


if __name__ == "__main__":
    sys.exit(main())
