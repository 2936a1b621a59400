#!/usr/bin/env python3
"""A textbook's worth of formulas as a site, for `make bench`: the oracle fixture's formulas (Tests/Fixtures/math/katex.jsonl)
written as GitHub writes them — inline `$…$` in sentences, display `$$…$$` on their own lines — into PAGES chapters of
PER_PAGE formulas each, every formula made distinct by a number so no two are the same text.
Un libro de fórmulas como sitio, para `make bench`: las fórmulas del oráculo escritas como en GitHub, en capítulos.

Usage: Scripts/math-textbook.py SITE [PAGES] [PER_PAGE] [--off]   (--off: the same site with `math: false`)
"""
import json
import pathlib
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
site = pathlib.Path(args[0])
pages = int(args[1]) if len(args) > 1 else 100
per_page = int(args[2]) if len(args) > 2 else 100
fixture = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/math/katex.jsonl"
formulas = [json.loads(line) for line in fixture.read_text().splitlines() if line.strip()]
content = site / "Content" / "chapters"
content.mkdir(parents=True, exist_ok=True)
(site / "Content" / "site.yml").write_text(
    "title: Textbook\nlanguages: [en]\ndefault_language: en\nsearch: false\n" + ("math: false\n" if "--off" in sys.argv else ""))
count = 0
for page in range(pages):
    lines = [f"# Chapter {page + 1}", ""]
    for k in range(per_page):
        item = formulas[count % len(formulas)]
        tex = item["tex"].strip() + f" \\; {count}"
        count += 1
        if item["display"] or "\n" in tex:
            lines += ["We have", "", "$$", tex, "$$", ""]
        else:
            lines += [f"Here ${tex}$ holds for case {k}.", ""]
    (content / f"chapter-{page + 1:03}.md").write_text("\n".join(lines))
print(count)
