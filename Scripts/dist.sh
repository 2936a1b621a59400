#!/usr/bin/env bash
# `make dist`: one self-contained vitrina binary (Swift stdlib and Foundation static, libcmark-gfm, libjpeg-turbo, libpng
# and libwebp from their static archives, the default theme compiled in) packed as dist/vitrina-<version>-linux-<arch>.tar.gz with README.md,
# LICENSE and the shell completions, plus dist/SHA256SUMS. Builds in its own scratch path (.build-dist), so the
# everyday debug build in .build is left alone.
# `make dist`: un binario autónomo de vitrina empaquetado en dist/ con README, LICENSE, completados y SHA256SUMS.
#
#   Scripts/dist.sh                  release build, tarball and SHA256SUMS
#   Scripts/dist.sh --binary-only    only the static release binary (for `make install`); prints its path
#   DIST_CONFIG=debug Scripts/dist.sh  the same, from a debug build (faster; what `make test` packs), into .build-dist/dist-debug
#   DIST_OUT=folder Scripts/dist.sh   the tarball and SHA256SUMS into that folder
#   Scripts/dist.sh --folder         only print the folder the tarball would go to
set -euo pipefail
cd "$(dirname "$0")/.."

config="${DIST_CONFIG:-release}"
scratch="${DIST_SCRATCH:-.build-dist}"
# Where the tarball goes: dist/ for a release build (make dist). One packed from another build (make test packs a debug
# one) goes below its scratch path, so that it never replaces the release tarball of the same name in dist/.
# El tarball va a dist/ si es de release; uno de otra compilación va a su carpeta de trabajo y nunca pisa el de dist/.
out="${DIST_OUT:-dist}"
[ -n "${DIST_OUT:-}" ] || [ "$config" = release ] || out="$scratch/dist-$config"
if [[ "${1:-}" == "--folder" ]]; then echo "$out"; exit 0; fi
version=$(make -s --no-print-directory version)
arch=$(uname -m)
name="vitrina-$version-linux-$arch"

# ---------------------------------------------------------------------------------------------
# libcmark-gfm from its static archives: a pkg-config file of our own whose library folder holds only the .a files,
# so the linker finds them before Debian's .so (it takes the first folder on its -L list that has either).
# libcmark-gfm estático: un .pc propio cuya carpeta de bibliotecas solo tiene los .a, que el enlazador halla antes.
# ---------------------------------------------------------------------------------------------
libdir=$(pkg-config --variable=libdir libcmark-gfm)
static="$PWD/$scratch/static-libs"
mkdir -p "$static/pkgconfig"
for archive in libcmark-gfm.a libcmark-gfm-extensions.a; do
    [ -f "$libdir/$archive" ] || { echo "dist: $libdir/$archive missing (Debian's libcmark-gfm-dev and -extensions-dev ship it)" >&2; exit 1; }
    [ "$(readlink "$static/$archive" 2>/dev/null)" = "$libdir/$archive" ] || ln -sf "$libdir/$archive" "$static/$archive"
done
# The picture libraries (CImageCodecs links -lwebp -lpng16 -ljpeg) the same way: their archives in the same folder, which
# the .pc below puts on the linker's search list before Debian's own folder. zlib stays shared (libc's companions).
for archive in libwebp.a libpng16.a libjpeg.a; do
    archive_dir=$(pkg-config --variable=libdir libwebp)
    [ -f "$archive_dir/$archive" ] || { echo "dist: $archive_dir/$archive missing (Debian's libwebp-dev, libpng-dev and libjpeg62-turbo-dev ship it)" >&2; exit 1; }
    [ "$(readlink "$static/$archive" 2>/dev/null)" = "$archive_dir/$archive" ] || ln -sf "$archive_dir/$archive" "$static/$archive"
done
# jemalloc, the program's allocator (CAllocator links -ljemalloc), from its archive too; but its malloc family must be
# exported (Scripts/exports.map), so that the C library's own allocations (strdup, realpath) come from the allocator that
# frees them, and the Swift driver hides every symbol of an archive (--exclude-libs ALL). So the archive is linked as
# one object, which the version script decides about, and -ljemalloc finds an empty archive in the folder above.
# jemalloc se enlaza como un objeto (sus funciones malloc se exportan); -ljemalloc halla aquí un archivo vacío.
jemalloc_archive="$(pkg-config --variable=libdir jemalloc)/libjemalloc.a"
[ -f "$jemalloc_archive" ] || { echo "dist: $jemalloc_archive missing (Debian's libjemalloc-dev ships it)" >&2; exit 1; }
jemalloc_object="$static/jemalloc.o"
[ "$jemalloc_object" -nt "$jemalloc_archive" ] || ld -r --whole-archive "$jemalloc_archive" -o "$jemalloc_object"
[ -f "$static/libjemalloc.a" ] && [ ! -L "$static/libjemalloc.a" ] || { rm -f "$static/libjemalloc.a"; ar rc "$static/libjemalloc.a"; }
pc="Name: libcmark-gfm
Description: libcmark-gfm and its extensions, linked from their static archives (Vitrina's make dist)
Version: $(pkg-config --modversion libcmark-gfm)
Libs: -L$static -lcmark-gfm-extensions -lcmark-gfm
Cflags: -I$(pkg-config --variable=includedir libcmark-gfm)"
# Rewritten only when it changes, so an up-to-date build stays a no-op.
[ "$(cat "$static/pkgconfig/libcmark-gfm.pc" 2>/dev/null)" = "$pc" ] || printf '%s\n' "$pc" >"$static/pkgconfig/libcmark-gfm.pc"

# ---------------------------------------------------------------------------------------------
# The binary: --static-swift-stdlib links the Swift runtime, Foundation and its ICU data into it.
# El binario: --static-swift-stdlib enlaza dentro el runtime de Swift, Foundation y los datos de ICU.
# ---------------------------------------------------------------------------------------------
# Laid out for memory: every function in a section of its own, linked by the toolchain's lld with the functions that
# builds run side by side in Scripts/link-order.txt's order (Scripts/link-order.sh makes it), and no symbol exported but
# jemalloc's malloc family (the Swift driver's -export-dynamic would export every public function of every package:
# 38,000 names). The kernel maps a binary's code in blocks of 64 KB or more around each page a process touches, so code
# spread over 30 MB costs memory: tldr-en's build held 26 MB of the binary's pages, now 17 (its peak 90.5 MB, now 82).
# The compiler does not generate code again for a module whose code is unchanged, whatever the flags: objects built
# before this layout keep their functions together until their folder (.build-dist/*/release) is removed.
# Dispuesto para la memoria: las funciones que ejecutan las construcciones, juntas; ningún símbolo exportado salvo malloc.
layout=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld
        -Xlinker --symbol-ordering-file="$PWD/Scripts/link-order.txt" -Xlinker --no-warn-symbol-ordering
        -Xlinker --version-script="$PWD/Scripts/exports.map" -Xlinker "$jemalloc_object")
# SwiftPM does not see the two files as inputs: a binary older than either is removed, so that it is linked again.
for input in Scripts/link-order.txt Scripts/exports.map; do
    [ "$input" -ot "$scratch/$config/vitrina" ] || rm -f "$scratch/$config/vitrina"
done
started=$(date +%s)
# make's own variables are left out: a change of environment can make SwiftPM re-read the manifests that look at it
# (Hummingbird's) and rebuild that package, about 20 s, as seen when `make install` followed Scripts/dist.sh.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES -u DESTDIR -u PREFIX -u DIST_CONFIG -u DIST_SCRATCH -u DIST_OUT \
    PKG_CONFIG_PATH="$static/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
    swift build -c "$config" --product vitrina --scratch-path "$scratch" --static-swift-stdlib "${layout[@]}" >&2
binary="$scratch/$config/vitrina"
echo "dist: $binary built in $(($(date +%s) - started)) s ($config)" >&2

# Nothing but the C library and its companions may be left for the loader to find.
# Al cargador solo le quedan la biblioteca de C y sus compañeras.
unexpected=$(ldd "$binary" | awk '{print $1}' | grep -Ev '^(linux-vdso\.so|/lib64/ld-linux|ld-linux|libc\.so|libm\.so|libstdc\+\+\.so|libgcc_s\.so|libz\.so|libpthread\.so|libdl\.so|librt\.so|libutil\.so)' || true)
if [ -n "$unexpected" ]; then
    echo "dist: $binary still needs shared libraries beyond libc's companions:" >&2
    ldd "$binary" >&2
    exit 1
fi
if [[ "${1:-}" == "--binary-only" ]]; then
    echo "$binary"
    exit 0
fi

# ---------------------------------------------------------------------------------------------
# The tarball: one folder named like the tarball, then SHA256SUMS beside it.
# El tarball: una carpeta con el nombre del tarball y, al lado, SHA256SUMS.
# ---------------------------------------------------------------------------------------------
stage=$(mktemp -d "${TMPDIR:-/tmp}/vitrina-dist.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/completions"
install -m 0755 "$binary" "$stage/$name/vitrina"
strip "$stage/$name/vitrina" 2>/dev/null || true
install -m 0644 README.md LICENSE "$stage/$name/"
"$stage/$name/vitrina" --generate-completion-script bash >"$stage/$name/completions/vitrina.bash"
"$stage/$name/vitrina" --generate-completion-script zsh >"$stage/$name/completions/_vitrina"
"$stage/$name/vitrina" --generate-completion-script fish >"$stage/$name/completions/vitrina.fish"
mkdir -p "$out"
rm -f "$out/$name.tar.gz"
tar -C "$stage" --owner=0 --group=0 --numeric-owner --sort=name -czf "$out/$name.tar.gz" "$name"
(cd "$out" && sha256sum "$name.tar.gz" >SHA256SUMS)
echo "dist: $out/$name.tar.gz ($(du -h "$out/$name.tar.gz" | cut -f1); binary $(du -h "$stage/$name/vitrina" | cut -f1))" >&2
echo "$out/$name.tar.gz"
