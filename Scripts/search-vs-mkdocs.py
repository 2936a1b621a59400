#!/usr/bin/env python3
"""The bytes a one-word search loads on a docs folder built by both MkDocs and Vitrina, as `make bench` reports them
for Material's own docs (issue 51): MkDocs' search/search_index.json, which its search loads whole before the first
result, against the files Vitrina's search loads for a word that occurs in a single page's text (the manifest, the
shards its word needs, the table and record chunk of its page), raw and gzipped (-6, as a server that compresses sends
them), and the pages each index holds. Prints `name value` lines.
Bytes que carga una búsqueda de una palabra: search_index.json de MkDocs frente a los ficheros del índice de Vitrina.

    Scripts/search-vs-mkdocs.py VITRINA_SITE MKDOCS_SITE     (two built outputs of the same folder)
"""
from __future__ import annotations

import functools
import gzip
import importlib.util
import json
import statistics
import sys
from pathlib import Path


REPO = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("search_budget", REPO / "Scripts/search-budget.py")
budget = importlib.util.module_from_spec(spec)
spec.loader.exec_module(budget)
search = budget.search  # the index reader of Tests/browser/fixtures/make_search_site.py / el lector del índice


def kb(size: float) -> str:
    return f"{size / 1024:.1f}"


@functools.cache
def sizes(path: Path) -> tuple[int, int]:
    """A file's bytes, raw and gzipped (-6)."""
    data = path.read_bytes()
    return len(data), len(gzip.compress(data, 6, mtime=0))


def vitrina_queries(site: Path) -> tuple[list[int], list[int], int]:
    """Bytes a one-word query loads (raw, gzipped) for each word of one page's text, and the pages indexed, over the
    languages whose manifest (assets/search/LANG.js) the site has."""
    folder = site / "assets" / "search"
    raw, packed, pages = [], [], 0
    for lang in sorted(p.name[:-3] for p in folder.glob("*.js") if p.name.count(".") == 1):
        manifest = search.read_manifest(site, lang)
        records, pages_of = budget.pages_of_words(site, lang)
        pages += len(records)
        tables = {}
        for word, found in sorted(pages_of.items()):
            if len(found) != 1:
                continue
            chunk = next(iter(found)) // manifest["rc"]
            table = manifest["t"][chunk // manifest["tc"]]
            if table not in tables:
                tables[table] = search.read_script(folder / table)
            files = {f"{lang}.js", table, tables[table][chunk % manifest["tc"]]}
            files |= search.query_files(manifest, word, True)
            raw.append(sum(sizes(folder / name)[0] for name in files))
            packed.append(sum(sizes(folder / name)[1] for name in files))
    return raw, packed, pages


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    site, mkdocs = Path(sys.argv[1]), Path(sys.argv[2])
    index = (mkdocs / "search" / "search_index.json").read_bytes()
    locations = {doc["location"].split("#")[0] for doc in json.loads(index)["docs"]}
    raw, packed, pages = vitrina_queries(site)
    if not raw:
        sys.exit(f"{site}: Vitrina's index has no word of a single page")
    whole = sum(path.stat().st_size for path in (site / "assets" / "search").rglob("*") if path.is_file())
    print(f"mkdocs_index_kb {kb(len(index))}")
    print(f"mkdocs_index_gzip_kb {kb(len(gzip.compress(index, 6, mtime=0)))}")
    print(f"mkdocs_pages {len(locations)}")
    print(f"vitrina_query_words {len(raw)}")
    print(f"vitrina_query_kb_median {kb(statistics.median(raw))}")
    print(f"vitrina_query_kb_max {kb(max(raw))}")
    print(f"vitrina_query_gzip_kb_median {kb(statistics.median(packed))}")
    print(f"vitrina_index_kb {kb(whole)}")
    print(f"vitrina_pages {pages}")


if __name__ == "__main__":
    main()
