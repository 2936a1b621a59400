#!/usr/bin/env bash
# Records the MkDocs fixtures; only a developer runs it (CI reads the committed files).
# Graba los datos de prueba de MkDocs; solo lo ejecuta quien desarrolla (CI lee los ficheros del repositorio).
#
#   1. expected/NAME.prepared.md: the pre-pass's output, written by the tests themselves when VITRINA_RECORD_MKDOCS is
#      set (run from the package: VITRINA_RECORD_MKDOCS=1 swift test --filter MkDocsMarkdownTests; or pass --swift to
#      have this script run it in the package folder given as PACKAGE, default the repository).
#   2. expected/NAME.cmark.html: Debian's cmark-gfm CLI on it, with Vitrina's options (no --unsafe).
#      (This CLI, 0.29.0.gfm.6, has no footnotes switch: the cases use no footnotes.)
#   3. expected/NAME.material.html: the article of `mkdocs build` (pip install mkdocs-material) on cases/NAME.md.
# Needs: apt-get install cmark-gfm; pip install mkdocs-material.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [[ "${1:-}" == "--swift" ]]; then
    (cd "${PACKAGE:-$here/../../..}" && VITRINA_RECORD_MKDOCS=1 swift test --filter MkDocsMarkdownTests)
fi
for prepared in "$here"/expected/*.prepared.md; do
    name="$(basename "$prepared" .prepared.md)"
    cmark-gfm --smart --extension table --extension strikethrough --extension autolink --extension tasklist \
        "$prepared" > "$here/expected/$name.cmark.html"
done
site="$(mktemp -d)"
trap 'rm -rf "$site"' EXIT
(cd "$here" && NO_MKDOCS_2_WARNING=1 mkdocs build -q -f mkdocs.yml -d "$site" 2>/dev/null)
python3 - "$here" "$site" <<'PY'
import os, sys
here, site = sys.argv[1], sys.argv[2]
for case in sorted(os.listdir(os.path.join(here, "cases"))):
    if not case.endswith(".md"):
        continue
    name = case[:-3]
    page = os.path.join(site, name, "index.html")
    html = open(page, encoding="utf-8").read()
    start = html.index(">", html.index("<article")) + 1
    end = html.index("</article>")
    with open(os.path.join(here, "expected", name + ".material.html"), "w", encoding="utf-8") as out:
        out.write(html[start:end].strip() + "\n")
PY
