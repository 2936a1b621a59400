#!/usr/bin/env bash
# Screenshots of the home, a Pokémon page, a character page, the characters map and an album, at phone
# (390×844) and desktop (1280×900) width, into Tests/browser/screenshots/ (git-ignored): look at them.
# Installs what is missing and builds the default site offline first, like Scripts/browser-tests.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
OUT=${SCREENSHOTS_DIR:-Tests/browser/screenshots}

Scripts/browser-tests.sh --deps-only
swift build --product vitrina
work=$(mktemp -d "${TMPDIR:-/tmp}/vitrina-screenshots.XXXXXX")
trap 'rm -rf "$work"' EXIT
.build/debug/vitrina build --offline --output "$work/site" >"$work/build.log" 2>&1 || {
    cat "$work/build.log"
    echo "screenshots: the site did not build" >&2
    exit 1
}
rm -f "$OUT"/*.png
"$PYTHON" Tests/browser/take_screenshots.py "$work/site" "$OUT"
echo "Screenshots in $OUT/"
