#!/usr/bin/env bash
# The packed binary, as a user gets it: builds the tarball (Scripts/dist.sh), checks SHA256SUMS and what is in it,
# checks with ldd that only libc and its companions are left to load, then runs it with a clean environment and with
# the Swift toolchain (/opt/swift) and Debian's libcmark-gfm .so files hidden (a private mount namespace), to build a
# `vitrina new` site with no Templates/ (the embedded default theme) and the default site offline. Then `make install`
# into a DESTDIR. Exits non-zero when anything fails.
# El binario empaquetado tal como lo recibe un usuario: sumas, ldd, y construcciones sin la cadena de Swift a la vista.
#
#   Scripts/dist-test.sh                     pack from a debug build (DIST_CONFIG=debug, what `make test` runs)
#   DIST_CONFIG=release Scripts/dist-test.sh pack from the release build, as `make dist` does
#   Scripts/dist-test.sh --no-build          test what the folder already holds (dist/ for release)
set -euo pipefail
cd "$(dirname "$0")/.."
export DIST_CONFIG="${DIST_CONFIG:-debug}"
# The folder Scripts/dist.sh packs into: dist/ for release, the scratch path's dist-<config>/ for any other build.
out=$(Scripts/dist.sh --folder)

version=$(make -s --no-print-directory version)
name="vitrina-$version-linux-$(uname -m)"
if [[ "${1:-}" != "--no-build" ]]; then
    tarball=$(Scripts/dist.sh)
else
    tarball="$out/$name.tar.gz"
fi
[ "$tarball" = "$out/$name.tar.gz" ] || { echo "dist-test: the tarball is $tarball, expected $out/$name.tar.gz" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/vitrina-dist-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "dist-test: $*" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
# The checksum file names the tarball and matches it; the tarball holds one folder with what it should.
# El fichero de sumas nombra el tarball y coincide; el tarball tiene una carpeta con lo que debe.
# ---------------------------------------------------------------------------------------------
(cd "$out" && sha256sum --check --strict SHA256SUMS) || fail "$out/SHA256SUMS does not match"
grep -q "  $name.tar.gz\$" "$out/SHA256SUMS" || fail "$out/SHA256SUMS does not name $name.tar.gz"
tar -xzf "$tarball" -C "$work"
for file in vitrina README.md LICENSE completions/vitrina.bash completions/_vitrina completions/vitrina.fish; do
    [ -s "$work/$name/$file" ] || fail "$name/$file is missing or empty"
done
bash -n "$work/$name/completions/vitrina.bash" || fail "the bash completion does not parse"
binary="$work/$name/vitrina"

echo "ldd $name/vitrina:"
ldd "$binary" | sed 's/^/  /'
unexpected=$(ldd "$binary" | awk '{print $1}' | grep -Ev '^(linux-vdso\.so|/lib64/ld-linux|ld-linux|libc\.so|libm\.so|libstdc\+\+\.so|libgcc_s\.so|libz\.so|libpthread\.so|libdl\.so|librt\.so|libutil\.so)' || true)
[ -z "$unexpected" ] || fail "the binary needs more than libc and its companions: $unexpected"
! ldd "$binary" | grep -q '/opt/swift' || fail "the binary points into /opt/swift"
! readelf -d "$binary" | grep -E 'RPATH|RUNPATH' | grep -q '/opt/swift' || fail "the binary has an rpath into /opt/swift"
# Scripts/dist.sh's layout: nothing exported, and the 300 functions Scripts/link-order.txt lists first side by side
# (spread over 30 MB without the list), seen in the binary the tarball's was stripped from.
# La disposición de Scripts/dist.sh: nada exportado y las primeras funciones de la lista, juntas.
# The malloc family of jemalloc is the one exception, and must be there: the names of Scripts/exports.map's global line.
# La familia malloc de jemalloc es la excepción, y debe estar.
allocator="^($(sed -n 's/^ *global: *//p' Scripts/exports.map | tr -d ' ' | sed 's/;$//; s/;/|/g'))\$"
[ "$allocator" != '^()$' ] || fail "Scripts/exports.map names no global symbol"
symbols=$(nm -D --defined-only "$binary" | awk '{print $3}')
exported=$(grep -Ev "$allocator" <<<"$symbols" | wc -l)
[ "$exported" -le 4 ] || fail "the binary exports $exported symbols; Scripts/exports.map should hide them"
[ "$(grep -Ec "$allocator" <<<"$symbols")" -ge 4 ] \
    || fail "the binary does not export jemalloc's malloc, free, calloc and realloc (Scripts/exports.map)"
built="${DIST_SCRATCH:-.build-dist}/$DIST_CONFIG/vitrina"
strip -o "$work/built-stripped" "$built" && cmp -s "$work/built-stripped" "$binary" || fail "$built is not the binary the tarball holds"
read -r listed span < <(python3 - "$built" Scripts/link-order.txt <<'SPAN'
import subprocess, sys
first = set(open(sys.argv[2]).read().split()[:300])
symbols = subprocess.run(["nm", "--defined-only", sys.argv[1]], capture_output=True, text=True, check=True).stdout
addresses = [int(fields[0], 16) for fields in map(str.split, symbols.splitlines())
             if len(fields) == 3 and fields[1] in "tT" and fields[2] in first]
print(len(addresses), max(addresses) - min(addresses) if addresses else 0)
SPAN
)
echo "link order: $listed of the list's first functions found, within $((span / 1024)) KB"
[ "$listed" -ge 100 ] || fail "only $listed of Scripts/link-order.txt's first 300 functions are in the binary"
[ "$span" -le $((8 * 1024 * 1024)) ] || fail "the listed functions are spread over $((span / 1024)) KB: the link order was not applied"

# ---------------------------------------------------------------------------------------------
# Runs in a clean environment, in a mount namespace where /opt/swift is an empty folder and Debian's libcmark-gfm
# .so files are empty: nothing of the toolchain or of the -dev packages can be loaded.
# Ejecuta con el entorno limpio y, en un espacio de montaje propio, /opt/swift vacío y las .so de cmark-gfm vacías.
# ---------------------------------------------------------------------------------------------
cp -r Content "$work/default-site-content"
cp -r Templates "$work/default-site-templates"
cat >"$work/inside.sh" <<'INSIDE'
set -eu
binary=$1 work=$2 version=$3
[ -z "$(ls -A /opt/swift)" ] || { echo "inside: /opt/swift is still visible" >&2; exit 1; }
[ -z "${LD_LIBRARY_PATH:-}" ] || { echo "inside: LD_LIBRARY_PATH is set" >&2; exit 1; }
! command -v swift >/dev/null 2>&1 || { echo "inside: swift is on the PATH" >&2; exit 1; }
got=$("$binary" --version)
[ "$got" = "$version" ] || { echo "inside: vitrina --version says $got, expected $version" >&2; exit 1; }
# jemalloc, linked in, with the settings of Sources/CAllocator: it prints them at exit when asked.
MALLOC_CONF=stats_print:true "$binary" --version 2>&1 >/dev/null | grep -q 'opt.percpu_arena: "percpu"' \
    || { echo "inside: the binary does not allocate through jemalloc with one arena per core" >&2; exit 1; }
cd "$work"
# A new site, its Templates/ removed: the theme compiled into the binary draws it.
"$binary" new fresh >/dev/null
rm -rf fresh/Templates
"$binary" build --site fresh --offline --strict
grep -q '<meta name="generator" content="Vitrina">' fresh/Output/index.html
[ -f fresh/Output/en/index.html ]
# The default site, offline from its committed snapshot: Markdown (cmark-gfm), gzip, YAML, JSON, ICU dates.
mkdir default && mv default-site-content default/Content && mv default-site-templates default/Templates
"$binary" build --site default --offline
[ -f default/Output/index.html ] && [ -f default/Output/en/index.html ]
echo "inside: vitrina $got built both sites; /opt/swift holds $(ls -A /opt/swift | wc -l) entries here"
INSIDE

hide=(mount -t tmpfs -o size=1m,mode=0755 vitrina-hidden /opt/swift)
cmark_so=$(find /usr/lib /lib -maxdepth 2 -name 'libcmark-gfm*.so*' -type f 2>/dev/null | sort -u || true)
script='set -e; '"${hide[*]}"'; for so in '"$(echo $cmark_so)"'; do mount --bind /dev/null "$so"; done; exec env -i PATH=/usr/bin:/bin HOME="$1" LANG=C.UTF-8 bash "$1/inside.sh" "$2" "$1" "$3"'
if unshare -m true 2>/dev/null; then
    unshare -m --propagation private bash -c "$script" hide "$work" "$binary" "$version" || fail "the packed binary failed with the toolchain hidden"
else
    echo "dist-test: no mount namespace here (not root?): running with a clean environment only; ldd above is the proof" >&2
    sed 's#^\[ -z "\$(ls -A /opt/swift)" \].*##' "$work/inside.sh" >"$work/inside-nohide.sh"
    env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8 bash "$work/inside-nohide.sh" "$binary" "$work" "$version" || fail "the packed binary failed"
fi

# ---------------------------------------------------------------------------------------------
# make install into a DESTDIR: the binary and the three completions where the shells look for them.
# make install en un DESTDIR: el binario y los tres completados donde los buscan las shells.
# ---------------------------------------------------------------------------------------------
make -s --no-print-directory install DESTDIR="$work/root" PREFIX=/usr >/dev/null
for file in bin/vitrina share/bash-completion/completions/vitrina share/zsh/site-functions/_vitrina share/fish/vendor_completions.d/vitrina.fish; do
    [ -s "$work/root/usr/$file" ] || fail "make install left no $file under DESTDIR/usr"
done
[ -x "$work/root/usr/bin/vitrina" ] && [ "$("$work/root/usr/bin/vitrina" --version)" = "$version" ] || fail "the installed vitrina does not run"
echo "dist-test: $tarball ($(du -h "$tarball" | cut -f1)) passed"
