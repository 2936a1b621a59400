#!/usr/bin/env python3
"""The search index's budgets on a built site, as `make bench` and `make bench-scale` report them: the bytes a one-word
query loads (the manifest, the branch and shards its word needs as search.js walks the trie, and the table and record chunks of
the first results it shows), for words that occur in a single page's text, and the search files' bytes against the
pages' HTML. Prints `name value` lines.
Los presupuestos del índice de búsqueda: bytes que carga una consulta de una palabra y tamaño del índice frente al HTML.

    Scripts/search-budget.py SITE LANG [WORDS]
"""
from __future__ import annotations

import importlib.util
import random
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("make_search_site", REPO / "Tests/browser/fixtures/make_search_site.py")
search = importlib.util.module_from_spec(spec)
spec.loader.exec_module(search)

SHOWN = 8  # options the header's box shows / opciones que muestra la caja


def pages_of_words(site: Path, lang: str) -> tuple[list, dict[str, set[int]]]:
    """The index's records, and the pages whose sections' text holds each word (as the index made them)."""
    pages_of: dict[str, set[int]] = {}
    records = search.read_records(site, lang)
    for page, record in enumerate(records):
        for section in record[3]:
            for word in search.words(section[2]):
                pages_of.setdefault(word, set()).add(page)
    return records, pages_of


def main() -> None:
    site, lang = Path(sys.argv[1]), sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    folder = site / "assets" / "search"
    manifest = search.read_manifest(site, lang)
    rc, tc = manifest["rc"], manifest["tc"]
    size = lambda name: (folder / name).stat().st_size
    # Words of one page's text alone: the hardest case, its page must come from the shard and its record.
    # Palabras del texto de una sola página: su página sale del fragmento y su registro.
    records, pages_of = pages_of_words(site, lang)
    rare = sorted(word for word, pages in pages_of.items() if len(pages) == 1)
    common = sorted(pages_of, key=lambda w: -len(pages_of[w]))[:20]
    rng = random.Random(51)
    sample = rng.sample(rare, min(count, len(rare))) + common
    tables = manifest["t"]
    table_names = {}
    loads = []
    for word in sample:
        files = {f"{lang}.js"} | search.query_files(manifest, word, True)
        pages = sorted(pages_of[word])[:SHOWN]
        for page in pages:
            chunk = page // rc
            table = tables[chunk // tc]
            files.add(table)
            if table not in table_names:
                table_names[table] = search.read_script(folder / table)
            files.add(table_names[table][chunk % tc])
        loads.append(sum(size(name) if name != f"{lang}.js" else (folder / name).stat().st_size for name in files))
    html = sum(path.stat().st_size for path in site.rglob("*.html"))
    index = sum(path.stat().st_size for path in folder.glob(f"{lang}.*")) + (folder / f"{lang}.js").stat().st_size
    print(f"query_words {len(sample)}")
    print(f"query_kb_median {statistics.median(loads) / 1024:.1f}")
    print(f"query_kb_max {max(loads) / 1024:.1f}")
    print(f"manifest_kb {(folder / f'{lang}.js').stat().st_size / 1024:.1f}")
    print(f"index_mb {index / 1e6:.2f}")
    print(f"html_mb {html / 1e6:.2f}")
    print(f"index_share {index / max(1, html):.3f}")


if __name__ == "__main__":
    main()
