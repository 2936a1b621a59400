#!/usr/bin/env bash
# Writes Scripts/link-order.txt: the functions of the packed binary that its builds run, hottest first, which
# Scripts/dist.sh hands to the linker so that they sit side by side instead of spread over 30 MB of code (the kernel maps
# a binary's code in 64 KB blocks around each page a process touches, so spread code costs memory). Made from callgrind
# runs of copies of this repository's own site (offline, from the snapshot) and of the docs-folder fixture; a function missing from
# the list (new code) is only placed after the listed ones, so the list needs making again only when the code changes
# much. Needs valgrind (Debian); takes a few minutes.
# Escribe Scripts/link-order.txt: las funciones que ejecutan las construcciones, para que el enlazador las junte.
#
#   Scripts/link-order.sh [BINARY]    BINARY defaults to the packed release binary (Scripts/dist.sh --binary-only)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "link-order: valgrind is missing (sudo apt-get install valgrind)" >&2; exit 1; }
binary=$(realpath "${1:-$(Scripts/dist.sh --binary-only)}")
work=$(mktemp -d "${TMPDIR:-/tmp}/vitrina-link-order.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 cannot read DWARF 5; the symbol table, which names the functions, stays.
strip --strip-debug -o "$work/vitrina" "$binary"
profile() { # name, then the arguments of one run
    echo "link-order: $1 under callgrind" >&2
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$1.out" "$work/vitrina" "${@:2}" > "$work/$1.log" 2>&1 \
        || { cat "$work/$1.log" >&2; exit 1; }
}
# Copies of the two sites, so that the builds' memos (.vitrina/) stay out of the repository's folders.
mkdir -p "$work/default"
cp -r Content Templates "$work/default/"
cp -r Tests/Fixtures/docs-folder "$work/docs-folder"
# The site's pictures are made once first, untimed: a user's builds find them in the picture cache, and their encoding,
# the hottest code of a first build, would otherwise lead the list.
"$work/vitrina" build --site "$work/default" --output "$work/site-first" --offline > "$work/first.log" 2>&1 \
    || { cat "$work/first.log" >&2; exit 1; }
profile site build --site "$work/default" --output "$work/site" --offline
profile docs build --site "$work/docs-folder" --output "$work/docs"
profile rebuild build --site "$work/docs-folder" --output "$work/docs"
python3 Scripts/callgrind-functions.py vitrina "$work"/*.out > Scripts/link-order.txt
echo "link-order: $(wc -l < Scripts/link-order.txt) functions in Scripts/link-order.txt" >&2
