#!/usr/bin/env python3
r"""The TeX formulas of Temml's test pages (../shared/corpora/temml-tests), one JSON object a line, for the math oracle.
Extrae las fórmulas TeX de las páginas de prueba de Temml, una por línea en JSON, para el oráculo de KaTeX.

    Scripts/math-corpus.py [FOLDER] > corpus.jsonl

Each line is {"source": FILE, "tex": TEX, "display": BOOL}. The pages are Pandoc Markdown: grid tables (cells spanning
several lines, rows with cells spanning several columns), pipe tables and paragraphs. The formulas are the math spans
as Pandoc reads them (`$$…$$` display, `$…$` inline, with Pandoc's rules for a `$` that opens or closes) in paragraphs,
pipe-table rows and the cells of grid tables, rebuilt from the grid's columns with their lines joined by newlines.
Of a grid table only the cells that start with `$` are read: the "Source" columns hold the same TeX escaped for
Markdown (`\\`, `\_`, a trailing `\` for a line break; the math column holds it verbatim), and a `$` in them
(`\tag{$+$hi}`) or in a row of prose (`$k$ heads`) is no formula of the tests. A formula (TeX and display) seen
before, in this file or an earlier one, is left out. The counts per file go to stderr.
"""
import json
import re
import sys
import unicodedata
from pathlib import Path

FILES = ["katex-tests.md", "wiki-tests.md", "LaTeXML-tests.md", "mozilla-tests.md", "environment-tests.md"]
DEFAULT_FOLDER = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "temml-tests"
GRID_RULE = re.compile(r"^\+[-=:+]+\+\s*$")
PUNCTUATION = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def columns(line: str) -> list[int]:
    """The display column of each character of `line` (wide East Asian characters take two, combining marks none)."""
    result, column = [], 0
    for char in line:
        result.append(column)
        if unicodedata.combining(char):
            continue
        column += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return result


def math_spans(text: str) -> list[tuple[str, bool]]:
    """The math spans of a block of Markdown text, as Pandoc's tex_math_dollars reads them: (TeX, display)."""
    spans, i, n = [], 0, len(text)
    while i < n:
        char = text[i]
        if char == "\\" and i + 1 < n and text[i + 1] in PUNCTUATION:
            i += 2  # an escaped character, `\$` among them
        elif char == "`":
            ticks = len(text[i:]) - len(text[i:].lstrip("`"))
            end = text.find("`" * ticks, i + ticks)
            while end != -1 and text[end + ticks:end + ticks + 1] == "`":
                end = text.find("`" * ticks, end + ticks + 1)
            i = end + ticks if end != -1 else i + ticks  # a code span, or backticks with no match
        elif text.startswith("$$", i):
            end = find_closing(text, i + 2, display=True)
            if end is None:
                i += 2
            else:
                spans.append((text[i + 2:end], True))
                i = end + 2
        elif char == "$" and i + 1 < n and not text[i + 1].isspace():
            end = find_closing(text, i + 1, display=False)
            if end is None:
                i += 1
            else:
                spans.append((text[i + 1:end], False))
                i = end + 1
        else:
            i += 1
    return spans


def find_closing(text: str, start: int, display: bool) -> int | None:
    """Where the math opened just before `start` closes: `$$`, or a `$` after a non-space and not before a digit."""
    i = start
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if display and text.startswith("$$", i):
            return i
        if not display and text[i] == "$" and not text[i - 1].isspace() and not text[i + 1:i + 2].isdigit():
            return i
        if not display and text.startswith("\n\n", i):
            return None  # inline math does not cross a blank line
        i += 1
    return None


def grid_cells(block: list[str], where: str) -> list[str]:
    """The text of each cell of a grid table (its lines joined with newlines), row by row."""
    rule = next(line for line in block if GRID_RULE.match(line))
    bounds = [column for column, char in zip(columns(rule), rule) if char == "+"]
    cells, row = [], []
    for line in block + [rule]:
        if GRID_RULE.match(line):
            cells.extend(row_cells(row, bounds, where))
            row = []
        else:
            row.append(line.rstrip())
    return cells


def row_cells(row: list[str], bounds: list[int], where: str) -> list[str]:
    """The cells of one row of a grid table: the column bounds that hold `|` on every line of the row split it."""
    if not row:
        return []
    pipes = []
    for line in row:
        at = {column: char for column, char in zip(columns(line), line)}
        pipes.append({column for column in bounds if at.get(column) == "|"})
    kept = sorted(set.intersection(*pipes))
    if len(kept) < 2 or kept[0] != bounds[0]:
        print(f"{where}: a grid row whose columns do not line up: {row[0]!r}", file=sys.stderr)
        return ["\n".join(line.strip("|").strip() for line in row)]
    cells = []
    for left, right in zip(kept, kept[1:]):
        lines = []
        for line in row:
            chars = [char for column, char in zip(columns(line), line) if left < column < right]
            lines.append("".join(chars).strip())
        cells.append("\n".join(lines).strip("\n"))
    return cells


def blocks(text: str) -> list[tuple[str, list[str], int]]:
    """The Markdown's blocks as (kind, lines, first line number): "grid" for a grid table, "pipe" for one row of a
    pipe table (its cells hold single-line math), "text" for the rest, split at blank lines."""
    result, current, kind, start = [], [], None, 0
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("+") and GRID_RULE.match(line) or (kind == "grid" and line.startswith("|")):
            new_kind = "grid"
        elif line.startswith("|"):
            new_kind = "pipe"
        elif line.strip() == "":
            new_kind = None
        else:
            new_kind = "text"
        if new_kind != kind or new_kind == "pipe":
            if current:
                result.append((kind, current, start))
            current, kind, start = [], new_kind, number
        if new_kind is not None:
            current.append(line)
    if current:
        result.append((kind, current, start))
    return result


def formulas(path: Path) -> list[tuple[str, bool]]:
    """The formulas of one page, in the page's order."""
    found = []
    for kind, lines, start in blocks(path.read_text(encoding="utf-8")):
        if kind == "grid":  # a cell of TeX source may hold a `$` (`\tag{$+$hi}`), a cell of prose a `$k$`
            texts = [cell for cell in grid_cells(lines, f"{path.name}:{start}") if cell.startswith("$")]
        elif kind in ("pipe", "text"):
            texts = ["\n".join(lines)]
        else:
            continue
        for text in texts:
            for tex, display in math_spans(text):
                tex = tex.strip()
                if tex:
                    found.append((tex, display))
    return found


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_FOLDER
    seen = set()
    out = sys.stdout
    for name in FILES:
        all_found = formulas(folder / name)
        kept = 0
        for tex, display in all_found:
            if (tex, display) in seen:
                continue
            seen.add((tex, display))
            kept += 1
            out.write(json.dumps({"source": name, "tex": tex, "display": display}, ensure_ascii=False) + "\n")
        print(f"{name}: {kept} formulas ({len(all_found) - kept} repeats left out)", file=sys.stderr)
    print(f"total: {len(seen)} formulas", file=sys.stderr)


if __name__ == "__main__":
    main()
