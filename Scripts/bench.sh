#!/usr/bin/env bash
# `make bench`: Vitrina and Hugo side by side on the tldr-en corpus (../shared/corpora/tldr-en):
# full builds on tmpfs and on disk (with `cp -r` of the disk output: its floor), a rebuild with nothing changed, 2x and 4x copies of the corpus,
# the default site into a fresh output (against `cp -r` of it and against every page redrawn into an existing one, with
# and without the published outputs), its warm rebuild, its warm rebuild after one character's response changed, one page edited under
# `vitrina serve`, and the default site with its APIs down (a stale cache served at once; nothing cached, one error
# listing the hosts), the Rust book (../shared/corpora/rust-book: a full build with its code blocks highlighted
# against the same build with `highlight: false`, and their warm rebuilds), the default site with its picture cache
# emptied and the bytes of pictures a phone downloads from its ten heaviest pages (Scripts/phone-bytes.py, with and
# without the pictures stage), and the packed binary of `make dist` (its size, `vitrina --version`, a build of an empty
# site), and a textbook of 10,000 formulas with math on and off (Scripts/bench-math.sh).
# Each figure is the median of
# RUNS runs (default 3), the two tools interleaved in every run, each build into a fresh, empty output folder.
# Prints one table and the goals with PASS/FAIL; exits 0 when a goal fails (it is a report), non-zero when a build fails.
# Compara Vitrina y Hugo sobre el corpus tldr-en y el sitio por defecto: tabla de medianas y objetivos.
#
#   RUNS=5 Scripts/bench.sh                       more runs per figure
#   VITRINA_BIN=path/to/vitrina Scripts/bench.sh  use that binary, skip building the packed one (Scripts/dist.sh)
#   VITRINA_DIST_BIN=path/to/vitrina              the packed binary to size and start, skip Scripts/dist.sh
#   CORPUS=path/to/corpus Scripts/bench.sh        another corpus of Markdown folders
#   RUST_BOOK=path/to/docs Scripts/bench.sh       another folder of Markdown with fenced code (default ../shared/corpora/rust-book)
#   RUST_REPEATS=9 Scripts/bench.sh               the Rust book's builds repeated this many times per run (default 5)
#   REPLAY_BIN=path/to/vitrina-replay             use that replay server, skip building it
#   RECORDINGS=path/to/recordings                 what the replay server serves (default ../shared/recordings)
#   RESULTS=path/to/results.md Scripts/bench.sh   append the run's entry there instead of BENCHMARKS.md
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/bench-common.sh
source Scripts/bench-math.sh
bench_start
corpus="${CORPUS:-../shared/corpora/tldr-en}"
[ -d "$corpus" ] || { echo "No corpus at $corpus" >&2; exit 1; }
corpus=$(cd "$corpus" && pwd)
rust_book="${RUST_BOOK:-../shared/corpora/rust-book}"
[ -d "$rust_book" ] || { echo "No Rust book at $rust_book" >&2; exit 1; }
rust_book=$(cd "$rust_book" && pwd)

# ---------------------------------------------------------------------------------------------
# Tools: Debian's hugo and time when missing, Vitrina's packed binary (bench-common.sh) and the replay server in release
# (unless VITRINA_BIN and REPLAY_BIN are set).
# Herramientas: hugo y time de Debian si faltan, el binario empaquetado de Vitrina y el servidor de grabaciones en release.
# ---------------------------------------------------------------------------------------------

replay_binary() { # prints the path of the replay server (Tests/ReplayTool) that serves the recordings
  if [ -n "${REPLAY_BIN:-}" ]; then
    realpath "$REPLAY_BIN"
  else
    swift build -c release --product vitrina-replay >/dev/null
    realpath .build/release/vitrina-replay
  fi
}

install_tools
vitrina=$(vitrina_binary)
replay=$(replay_binary)
recordings="${RECORDINGS:-../shared/recordings}"
[ -d "$recordings" ] || { echo "No recordings at $recordings" >&2; exit 1; }

# Work folder on disk and output folder on tmpfs, both removed on exit.
# Carpeta de trabajo en disco y carpeta de salida en tmpfs; ambas se borran al salir.
work=$(mktemp -d)
shm=$(mktemp -d /dev/shm/vitrina-bench.XXXXXX)
background=() # processes this script started (replay server, silent listener), ended on exit
trap 'for pid in "${background[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work" "$shm"' EXIT
mkdir -p "$work/logs" "$work/out"

# ---------------------------------------------------------------------------------------------
# Sites: the corpus copied 1, 2 and 4 times, as a Vitrina site and as the equivalent Hugo site (bench-common.sh).
# Sitios: el corpus copiado 1, 2 y 4 veces, como sitio de Vitrina y como sitio de Hugo equivalente.
# ---------------------------------------------------------------------------------------------

echo "Preparing sites (1x, 2x, 4x) in $work" >&2
write_hugo_theme "$work/hugo-theme"
for factor in 1 2 4; do
  make_vitrina_site "$work/vitrina-$factor" "$factor"
  make_hugo_site "$work/hugo-$factor" "$factor"
done

# ---------------------------------------------------------------------------------------------
# Dead APIs: a copy of the default site with every entry stale (max_age: 0), its cache filled by `vitrina fetch`
# from the replay server, which is then stopped. The builds point pokeapi and sprites at the stopped server's port and
# the two other APIs at two more closed ports (connection refused, three hosts down), or all four at a port that
# accepts connections and never answers. The same copy without Content/data and cache has nothing cached.
# APIs caídas: copia del sitio con todo caducado y la caché llena desde el servidor de réplica, que luego se para;
# los puertos cerrados rechazan la conexión; otro puerto acepta y nunca contesta; y una copia sin nada guardado.
# ---------------------------------------------------------------------------------------------
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

api_args() { # base URL of pokeapi and sprites, of rickandmorty, of the store: the --api flags pointing the sources there
  printf '%s\n' --api "pokeapi=$1" --api "sprites=$1/PokeAPI/sprites/master" --api "rickandmorty=$2" --api "store=$3"
}

echo "Preparing the dead-API sites in $work" >&2
down_site="$work/down-site"
empty_site="$work/empty-site"
mkdir -p "$down_site" "$empty_site/Content"
cp -r Content Templates "$down_site/"
sed -i 's/^\( *max_age:\).*/\1 0/' "$down_site/Content/site.yml"
cp "$down_site/Content/site.yml" "$empty_site/Content/"
cp -r Templates "$empty_site/"
replay_port=$(free_port)
"$replay" --root "$recordings" --port "$replay_port" > "$work/logs/replay.log" 2>&1 &
replay_pid=$!
background+=("$replay_pid")
for _ in $(seq 100); do grep -q listening "$work/logs/replay.log" && break; sleep 0.1; done
mapfile -t fill_apis < <(api_args "http://127.0.0.1:$replay_port" "http://127.0.0.1:$replay_port" "http://127.0.0.1:$replay_port")
if ! "$vitrina" fetch --site "$down_site" "${fill_apis[@]}" > "$work/logs/down-fill.log" 2>&1; then
  echo "Filling the dead-API site's cache failed:" >&2; cat "$work/logs/down-fill.log" >&2; exit 1
fi
kill "$replay_pid"; wait "$replay_pid" 2>/dev/null || true
mapfile -t down_apis < <(api_args "http://127.0.0.1:$replay_port" "http://127.0.0.1:$(free_port)" "http://127.0.0.1:$(free_port)")
python3 -c 'import socket, time; s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(64); print(s.getsockname()[1], flush=True); time.sleep(86400)' \
  > "$work/silent.port" &
background+=("$!")
for _ in $(seq 50); do [ -s "$work/silent.port" ] && break; sleep 0.1; done
silent="http://127.0.0.1:$(cat "$work/silent.port")"
mapfile -t silent_apis < <(api_args "$silent" "$silent" "$silent")
connect_timeout=10 # LiveHTTPClient's; a request that never gets an answer gives up after 20 s

# ---------------------------------------------------------------------------------------------
# One character changed: a copy of the default site whose snapshot response of the first page of characters gets
# another status for one character (Adjudicator Rick, in one episode) before each measured rebuild; the response is
# written back whole, so its bytes change everywhere, but only that character's data does.
# Un personaje cambiado: copia del sitio por defecto; antes de cada medida cambia el estado de un personaje en la
# respuesta de la primera página de personajes (reescrita entera: cambian sus bytes, solo cambian los datos de uno).
# ---------------------------------------------------------------------------------------------
echo "Preparing the one-character site in $work" >&2
character_site="$work/character-site"
mkdir -p "$character_site"
cp -r Content Templates "$character_site/"
characters_page="$character_site/Content/data/rickandmortyapi.com/api/character/index@page=1.json.gz"
[ -f "$characters_page" ] || { echo "No response at $characters_page" >&2; exit 1; }

change_character() { # run number: character 8's status becomes another one (Dead in the snapshot, then unknown, Alive, Dead…)
  python3 - "$characters_page" "$1" <<'PY'
import gzip, json, sys
path, run = sys.argv[1], int(sys.argv[2])
with gzip.open(path, "rt", encoding="utf-8") as f:
    page = json.load(f)
for character in page["results"]:
    if character["id"] == 8:
        character["status"] = ["Dead", "unknown", "Alive"][run % 3]
with gzip.open(path, "wt", encoding="utf-8") as f:
    json.dump(page, f, ensure_ascii=False)
PY
}

# ---------------------------------------------------------------------------------------------
# The default site into a fresh output: two copies of it, one as it is, one with every published output (feeds, meta
# tags, JSON-LD, robots.txt, llms.txt, sitemap alternates) turned off; each built once here so that its .vitrina/
# holds what a CI job restores from its cache.
# El sitio por defecto en una salida nueva: dos copias, una tal cual y otra sin las salidas publicadas; cada una se
# construye aquí una vez para que su .vitrina/ tenga lo que un trabajo de CI recupera de su caché.
# ---------------------------------------------------------------------------------------------
default_site="$work/default-site"
plain_site="$work/plain-site"
for site in "$default_site" "$plain_site"; do mkdir -p "$site" && cp -r Content Templates "$site/"; done
python3 - "$plain_site/Content/site.yml" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
block = re.search(r"^outputs:.*\n((?:[ \t]+.*\n)+)", text, re.M)
assert block, "no outputs: block in " + path
text = text[:block.start(1)] + re.sub(r": *true", ": false", block.group(1)) + text[block.end(1):]
open(path, "w", encoding="utf-8").write(text)
PY
for site in "$default_site" "$plain_site"; do
  "$vitrina" build --site "$site" --output "$work/out/warm-up" --offline > /dev/null 2>&1 || { echo "The default site does not build" >&2; exit 1; }
  rm -rf "$work/out/warm-up"
done

# ---------------------------------------------------------------------------------------------
# The Rust book: the docs folder as Content/ of two sites, the same site.yml but for `highlight: false` in one, so
# that the difference between their builds is the highlighting of the code blocks (lexing them, and the stylesheet).
# El libro de Rust: dos sitios con la carpeta como Content/, iguales salvo `highlight: false` en uno.
# ---------------------------------------------------------------------------------------------
echo "Preparing the Rust book sites in $work" >&2
rust_site="$work/rust-site"
rust_plain="$work/rust-plain"
for site in "$rust_site" "$rust_plain"; do
  mkdir -p "$site" && cp -r "$rust_book" "$site/Content"
  # Pictures off in both: a full build (no .vitrina/) would make the book's screenshots again in each, which is not
  # what this pair compares.
  printf '%s\n' 'title: The Rust Programming Language' 'languages: [en]' 'default_language: en' 'pictures: false' > "$site/Content/site.yml"
done
echo 'highlight: false' >> "$rust_plain/Content/site.yml"

rust_repeats="${RUST_REPEATS:-5}"
rust_book_run() { # run number: full builds (no .vitrina/, fresh output on tmpfs) with and without highlighting, then
  # each one's warm rebuild (nothing changed, same output), RUST_REPEATS times (default 5: these builds take a tenth of a
  # second, where a shared machine's noise is as large as the difference measured); checks that only the first site's
  # pages have Chroma's HTML.
  local i=$1 k
  for k in $(seq "$rust_repeats"); do
    rm -rf "$rust_site/.vitrina" "$rust_plain/.vitrina"
    vitrina_build rust-full/vitrina "$shm/rust-$i-$k" --site "$rust_site" --offline
    vitrina_build rust-plain-full/vitrina "$shm/rust-plain-$i-$k" --site "$rust_plain" --offline
    vitrina_build rust-warm/vitrina "$shm/rust-$i-$k" --site "$rust_site" --offline
    vitrina_build rust-plain-warm/vitrina "$shm/rust-plain-$i-$k" --site "$rust_plain" --offline
    grep -rqF 'class="chroma"' "$shm/rust-$i-$k" || { echo "The Rust book's pages have no highlighted code" >&2; exit 1; }
    if grep -rqF 'class="chroma"' "$shm/rust-plain-$i-$k"; then echo "The Rust book has highlighted code with highlight: false" >&2; exit 1; fi
    rm -rf "$shm/rust-$i-$k" "$shm/rust-plain-$i-$k"
  done
}

redraw() { # key, site, output folder: every page drawn again into an output that holds them (the site's record removed)
  rm -rf "$2/.vitrina/state"
  vitrina_build "$1" "$3" --site "$2" --offline
}

# ---------------------------------------------------------------------------------------------
# Measuring: builds under /usr/bin/time (bench-common.sh); a build that must fail, and the log a build must show.
# Medición: construcciones bajo /usr/bin/time; una que debe fallar y lo que debe decir su registro.
# ---------------------------------------------------------------------------------------------

expect_in_log() { # text the last build's log must hold, what it shows
  grep -q "$1" "$last_log" || { echo "The build's output does not show $2:" >&2; cat "$last_log" >&2; exit 1; }
}

vitrina_failure() { # key, output folder, then extra arguments for a `vitrina build` that must fail (exit 1)
  local log="$work/logs/$((++builds))-${1//\//-}.log" status=0
  echo "  $1" >&2
  /usr/bin/time -f "%e %M %U %S" -o "$log.time" "$vitrina" build --output "$2" "${@:3}" > "$log" 2>&1 || status=$?
  [ "$status" -eq 1 ] || { echo "Expected the build to fail with exit 1, got $status: ${*:3}" >&2; cat "$log" >&2; exit 1; }
  read -r t_secs t_kb t_user t_sys < <(tail -1 "$log.time") # time adds a line "Command exited with non-zero status 1" first
  record "$1" 0
  last_log=$log
}

# ---------------------------------------------------------------------------------------------
# The runs: in each, every scenario builds Hugo then Vitrina, each into a new output folder.
# Las ejecuciones: en cada una, Hugo y luego Vitrina por escenario, cada uno en una carpeta nueva.
# ---------------------------------------------------------------------------------------------
for i in $(seq "$runs"); do
  echo "Run $i of $runs" >&2
  # a. Full build, 1x, output on tmpfs; every full build starts without Vitrina's memory of parsed Markdown
  # (.vitrina), as cold as Hugo's. / Construcción completa en tmpfs, sin la memoria de Markdown ya leído.
  hugo_build tmpfs/hugo "$work/hugo-1" "$shm/hugo-$i"
  cold_build tmpfs/vitrina "$shm/vitrina-$i" "$work/vitrina-1"
  # b. Full build, 1x, output on disk; c. Vitrina again into the same folder, nothing changed.
  # Construcción completa en disco y reconstrucción de Vitrina sin cambios en la misma carpeta.
  hugo_build disk/hugo "$work/hugo-1" "$work/out/hugo-1-$i"
  cold_build disk/vitrina "$work/out/vitrina-1-$i" "$work/vitrina-1"
  vitrina_build rebuild/vitrina "$work/out/vitrina-1-$i" --site "$work/vitrina-1"
  # The floor on disk: `cp -r` of that output into a fresh folder (the kernel creating its folders and files, which
  # both tools' full builds also pay). / El suelo en disco: `cp -r` de esa salida a una carpeta nueva.
  timed "$work/logs/$((++builds))-disk-copy.log" cp -r "$work/out/vitrina-1-$i" "$work/out/vitrina-1-copy-$i"
  record disk-copy/cp "$(html_count "$work/out/vitrina-1-$i")"
  # d. Scaling: 2x and 4x corpora on tmpfs (each tool's own cost) and on disk, where the kernel's writeback of
  # 37-150 MB of output also grows faster than linear, for both tools.
  # Escalado: corpus 2x y 4x en tmpfs (el coste propio de cada herramienta) y en disco (con la escritura del núcleo).
  for factor in 2 4; do
    hugo_build "${factor}x-tmpfs/hugo" "$work/hugo-$factor" "$shm/hugo-$factor"
    cold_build "${factor}x-tmpfs/vitrina" "$shm/vitrina-$factor" "$work/vitrina-$factor"
    rm -rf "$shm/hugo-$factor" "$shm/vitrina-$factor"
    hugo_build "${factor}x/hugo" "$work/hugo-$factor" "$work/out/hugo-$factor-$i"
    cold_build "${factor}x/vitrina" "$work/out/vitrina-$factor-$i" "$work/vitrina-$factor"
  done
  # e. Default site of this repository: into a fresh folder, as a CI job does; `cp -r` of what it wrote; again into the
  # same folder with nothing changed (a warm rebuild); then every page drawn again into it, with and without the
  # published outputs, three times each, alternating (their difference is a few percent of the build).
  # Sitio por defecto: en una carpeta nueva, `cp -r` de lo escrito, reconstrucción sin cambios y cada página dibujada
  # de nuevo, con y sin las salidas publicadas, tres veces cada una y alternando.
  vitrina_build default-cold/vitrina "$work/out/default-$i" --site "$default_site" --offline
  timed "$work/logs/$((++builds))-default-copy.log" cp -r "$work/out/default-$i" "$work/out/default-copy-$i"
  record default-copy/cp "$(html_count "$work/out/default-$i")"
  vitrina_build default/vitrina "$work/out/default-$i" --site "$default_site" --offline
  vitrina_build plain-warm/vitrina "$work/out/plain-$i" --site "$plain_site" --offline
  for _ in 1 2 3; do
    redraw default-redraw/vitrina "$default_site" "$work/out/default-$i"
    redraw plain-redraw/vitrina "$plain_site" "$work/out/plain-$i"
  done
  # One character's response changed (see above): a build to warm, the change, then the measured rebuild.
  # Un personaje cambiado: una construcción para calentar, el cambio y la reconstrucción medida.
  vitrina_build character-warm/vitrina "$work/out/character-$i" --site "$character_site" --offline
  change_character "$i"
  vitrina_build character/vitrina "$work/out/character-$i" --site "$character_site" --offline
  character_drawn=$(sed -n 's/^ *pages drawn: \([0-9]*\),.*/\1/p' "$last_log")
  # f. Dead APIs (see above): offline, then every host down with a stale cache, then a host that never answers,
  # then nothing cached. / APIs caídas: sin red, servidores caídos con caché caducada, uno mudo, y nada guardado.
  vitrina_build down-offline/vitrina "$work/out/down-offline-$i" --site "$down_site" --offline
  vitrina_build down-stale/vitrina "$work/out/down-stale-$i" --site "$down_site" "${down_apis[@]}"
  expect_in_log "was down from .* (connection refused)" "a warning for each host that was down"
  vitrina_build down-silent/vitrina "$work/out/down-silent-$i" --site "$down_site" "${silent_apis[@]}"
  expect_in_log "was down from .* (timed out waiting for an answer)" "the host that never answered as down"
  vitrina_failure down-empty/vitrina "$work/out/down-empty-$i" --site "$empty_site" "${down_apis[@]}"
  expect_in_log "3 hosts were down" "one error listing the three hosts that were down"
  # h. Pictures: the default site into a fresh output with its picture cache emptied (every picture decoded and encoded
  # again; the next run's fresh output finds them made). / Con la caché de imágenes vacía: todas se hacen de nuevo.
  rm -rf "$default_site/.vitrina/pictures"
  vitrina_build pictures-empty/vitrina "$work/out/pictures-empty-$i" --site "$default_site" --offline
  expect_in_log "made for the web" "pictures made again with the cache emptied"
  # g. The Rust book (see above): full builds with and without highlighting, then their warm rebuilds.
  # El libro de Rust: construcciones completas con y sin resaltado, y sus reconstrucciones sin cambios.
  rust_book_run "$i"
done

# ---------------------------------------------------------------------------------------------
# The bytes of pictures a phone downloads (Scripts/phone-bytes.py: 390 pixels wide at density 2, each page scrolled to
# its end) from the ten pages heaviest in pictures when they are published as they come (`pictures: false`), and from
# the same pages as the default site publishes them.
# Los bytes de imagen que descarga un teléfono en las diez páginas más pesadas, sin y con la etapa de imágenes.
# ---------------------------------------------------------------------------------------------
echo "Pictures: what a phone downloads" >&2
as_they_come="$work/pictures-off-site"
mkdir -p "$as_they_come" && cp -r Content Templates "$as_they_come/"
printf '\npictures: false\n' >> "$as_they_come/Content/site.yml"
"$vitrina" build --site "$as_they_come" --output "$work/out/pictures-off" --offline > "$work/logs/pictures-off.log" 2>&1 \
  || { cat "$work/logs/pictures-off.log" >&2; exit 1; }
"$vitrina" build --site "$default_site" --output "$work/out/pictures-on" --offline > "$work/logs/pictures-on.log" 2>&1 \
  || { cat "$work/logs/pictures-on.log" >&2; exit 1; }
python3 Scripts/phone-bytes.py "$work/out/pictures-off" > "$work/logs/phone-off.txt"
mapfile -t heavy < <(tail -n +2 "$work/logs/phone-off.txt" | awk '{ print $2 }')
python3 Scripts/phone-bytes.py "$work/out/pictures-on" --pages "${heavy[@]}" > "$work/logs/phone-on.txt"
phone_off=$(awk '/^TOTAL/ { print $2 }' "$work/logs/phone-off.txt")
phone_on=$(awk '/^TOTAL/ { print $2 }' "$work/logs/phone-on.txt")

# ---------------------------------------------------------------------------------------------
# `vitrina serve` on tldr-en (disk): a line added to one page, timed from the edit until the page's file in the
# output changes (watcher included), once per run after the first build.
# `vitrina serve` sobre tldr-en: se añade una línea a una página y se mide hasta que su fichero cambia en la salida.
# ---------------------------------------------------------------------------------------------
serve_secs=""
serve_site="$work/serve-site"
cp -r "$work/vitrina-1" "$serve_site" && rm -rf "$serve_site/.vitrina"
"$vitrina" serve --site "$serve_site" --output "$work/out/serve" --port 0 > "$work/logs/serve.log" 2>&1 &
serve_pid=$!
for _ in $(seq 600); do grep -q '^Serving' "$work/logs/serve.log" && break; sleep 0.1; done
grep -q '^Serving' "$work/logs/serve.log" || { echo "vitrina serve did not start:" >&2; cat "$work/logs/serve.log" >&2; kill "$serve_pid"; exit 1; }
page=common/tar.md
[ -f "$serve_site/Content/$page" ] || page=$(cd "$serve_site/Content" && ls */*.md | head -1)
html="$work/out/serve/${page%.md}/index.html"
serve_edits "$serve_site/Content/$page" "$html" "$runs" 0.5
kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true

# ---------------------------------------------------------------------------------------------
# Math: a textbook of 10,000 formulas, on and off, cold and warm (Scripts/bench-math.sh).
# Matemáticas: un libro de 10.000 fórmulas, con y sin, en frío y en caliente.
# ---------------------------------------------------------------------------------------------
math_bench

# ---------------------------------------------------------------------------------------------
# The packed binary (`make dist`: static, the default theme inside, stripped as the tarball packs it): its size, and
# its start-up: `vitrina --version`, and a build of an empty site (one site.yml, no Templates/) into a new folder,
# each timed from the shell (ns clock) 10 x RUNS times. VITRINA_DIST_BIN=path skips Scripts/dist.sh.
# El binario empaquetado: su tamaño y su arranque (`--version` y la construcción de un sitio vacío), 10 x RUNS veces.
# ---------------------------------------------------------------------------------------------
echo "Packed binary: size and start-up" >&2
# Without VITRINA_BIN the measured binary already is the packed one; a binary given by VITRINA_BIN may be any build.
if [ -n "${VITRINA_DIST_BIN:-}" ]; then dist_bin=$VITRINA_DIST_BIN
elif [ -z "${VITRINA_BIN:-}" ]; then dist_bin=$vitrina
else dist_bin=$(Scripts/dist.sh --binary-only 2> "$work/logs/dist.log"); fi
cp "$dist_bin" "$work/vitrina-dist" && strip "$work/vitrina-dist"
dist_mb=$(awk -v b="$(stat -c %s "$work/vitrina-dist")" 'BEGIN { printf "%.1f", b / 1048576 }')
mkdir -p "$work/empty-new/Content"
printf '%s\n' 'title: Empty' > "$work/empty-new/Content/site.yml"
wall() { # log file, then the command: prints its wall time in seconds; a failure prints the log and stops the script
  local start end
  start=$(date +%s%N)
  "${@:2}" > "$1" 2>&1 || { echo "Failed: ${*:2}" >&2; cat "$1" >&2; exit 1; }
  end=$(date +%s%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f ", (b - a) / 1e9 }'
}
version_secs="" empty_secs=""
for i in $(seq $((runs * 10))); do
  version_secs+=$(wall "$work/logs/dist-version.log" "$work/vitrina-dist" --version)
  empty_secs+=$(wall "$work/logs/dist-empty.log" "$work/vitrina-dist" build --site "$work/empty-new" --output "$work/out/empty-$i" --offline)
done

# ---------------------------------------------------------------------------------------------
# Docs folders as they are: Material's own docs (../shared/corpora/mkdocs-material, its mkdocs.yml) built by MkDocs +
# Material and by Vitrina, both cold, except that Vitrina keeps .vitrina/pictures/ as a CI job restores it (MkDocs
# makes no pictures); MkDocs gets the same folder without what it cannot run here (the blog and minify plugins, the
# hooks and overrides of Material's own repository). And the Rust book as an mdBook (book.toml, SUMMARY.md, its
# listings/ included) beside the build of its folder as plain Markdown above.
# Carpetas de documentación tal cual: la de Material con MkDocs y con Vitrina, y el libro de Rust como mdBook.
# ---------------------------------------------------------------------------------------------
mkdocs_corpus="${MKDOCS_DOCS:-../shared/corpora/mkdocs-material}"
docs_runs=""
docs_search=""
if [ -f "$mkdocs_corpus/mkdocs.yml" ]; then
  command -v mkdocs >/dev/null && python3 -c 'import material' 2>/dev/null || { echo "Installing mkdocs-material (pip)" >&2; python3 -m pip install -q mkdocs-material; }
  cp -r "$mkdocs_corpus" "$work/mkdocs-vitrina"
  cp -r "$mkdocs_corpus" "$work/mkdocs-mkdocs"
  python3 - "$work/mkdocs-mkdocs" <<'PY'
import pathlib, re, sys
root = pathlib.Path(sys.argv[1])
config = root / "mkdocs.yml"
text = config.read_text()
text = text.replace("  - blog\n", "").replace("  - minify:\n      minify_html: true\n", "").replace("  custom_dir: material/overrides\n", "")
text = re.sub(r"hooks:\n(  - .*\n)+", "", text)
config.write_text(text)
for page in (root / "docs").rglob("*.md"):
    body = page.read_text()
    if "\ntemplate:" in body[:400]:
        page.write_text(re.sub(r"\ntemplate: [^\n]*", "", body, count=1))
PY
  echo "Docs folders as they are" >&2
  vitrina_build docs-pictures/vitrina "$shm/docs-first" --site "$work/mkdocs-vitrina" --offline
  rm -rf "$shm/docs-first"
  rust_as_is="$work/rust-as-is"
  cp -r "$rust_book" "$rust_as_is"
  for i in $(seq "$runs"); do
    find "$work/mkdocs-vitrina/.vitrina" -mindepth 1 -maxdepth 1 ! -name pictures -exec rm -rf {} +
    vitrina_build docs-mkdocs/vitrina "$shm/docs-vitrina-$i" --site "$work/mkdocs-vitrina" --offline
    rm -rf "$work/mkdocs-mkdocs/site"
    timed "$work/logs/$((++builds))-docs-mkdocs.log" env NO_MKDOCS_2_WARNING=1 mkdocs build -q -f "$work/mkdocs-mkdocs/mkdocs.yml" -d "$shm/docs-mkdocs-$i"
    record docs-mkdocs/mkdocs "$(html_count "$shm/docs-mkdocs-$i")"
    # Search on the same folder: a one-word query's bytes against MkDocs' whole index (Scripts/search-vs-mkdocs.py).
    # La búsqueda en la misma carpeta: bytes de una consulta de una palabra frente al índice entero de MkDocs.
    [ "$i" != 1 ] || docs_search=$(python3 Scripts/search-vs-mkdocs.py "$shm/docs-vitrina-$i" "$shm/docs-mkdocs-$i")
    rm -rf "$rust_as_is/.vitrina" "$shm/docs-vitrina-$i" "$shm/docs-mkdocs-$i"
    vitrina_build rust-as-is/vitrina "$shm/rust-as-is-$i" --site "$rust_as_is" --offline
    grep -q 'class="boring' "$shm/rust-as-is-$i/ch04-01-what-is-ownership/index.html" || { echo "The Rust book as an mdBook hides no lines" >&2; exit 1; }
    rm -rf "$shm/rust-as-is-$i"
  done
  docs_runs=yes
fi

# ---------------------------------------------------------------------------------------------
# Report: medians, one table, then each goal with PASS/FAIL; printed, and appended to BENCHMARKS.md as it was printed.
# Informe: medianas, una tabla y cada objetivo con PASS/FAIL; se imprime y se añade tal cual a BENCHMARKS.md.
# ---------------------------------------------------------------------------------------------

report() {
  echo
  echo "Vitrina vs Hugo $(hugo version | awk '{ print $2 }'), tldr-en corpus, median of $runs runs, $(nproc) cores"
  echo "(pages: Vitrina's 'Built N pages'; Hugo's *.html files; peak = max resident memory)"
  printf "%-32s %9s %9s %11s %11s %10s %10s %7s\n" scenario vitrina-s hugo-s vitrina-p/s hugo-p/s vitrina-MB hugo-MB ratio
  row "full build, tmpfs, 1x" tmpfs/vitrina tmpfs/hugo
  row "full build, disk, 1x" disk/vitrina disk/hugo
  row "  floor: cp -r of its output" disk-copy/cp disk/hugo
  row "no-change rebuild (Hugo full)" rebuild/vitrina disk/hugo
  row "full build, tmpfs, 2x" 2x-tmpfs/vitrina 2x-tmpfs/hugo
  row "full build, tmpfs, 4x" 4x-tmpfs/vitrina 4x-tmpfs/hugo
  row "full build, disk, 2x" 2x/vitrina 2x/hugo
  row "full build, disk, 4x" 4x/vitrina 4x/hugo
  row "default site, fresh output" default-cold/vitrina ""
  row "default site, cp -r of it" default-copy/cp ""
  row "default site, warm rebuild" default/vitrina ""
  row "default site, every page redrawn" default-redraw/vitrina ""
  row "  the same, no published outputs" plain-redraw/vitrina ""
  row "default site, character changed" character/vitrina ""
  row "default site, no picture cache" pictures-empty/vitrina ""
  awk -v a="$phone_off" -v b="$phone_on" 'BEGIN { printf "%-32s %9.2f\n%-32s %9.2f\n", "phone: 10 pages, as came (MB)", a / 1048576, "  the same, made for the web (MB)", b / 1048576 }'
  row "Rust book, full, highlighting" rust-full/vitrina ""
  row "  the same, highlighting off" rust-plain-full/vitrina ""
  row "Rust book, warm rebuild" rust-warm/vitrina ""
  row "  the same, highlighting off" rust-plain-warm/vitrina ""
  if [ -n "$docs_runs" ]; then
    row "MkDocs docs (Material's), Vitrina" docs-mkdocs/vitrina ""
    row "  the same, MkDocs + Material" docs-mkdocs/mkdocs ""
    row "Rust book as an mdBook (listings)" rust-as-is/vitrina ""
  fi
  math_rows
  printf "%-32s %9.3f\n" "serve: one page edited to disk" "$(median "$serve_secs")"
  row "dead APIs: offline build (same)" down-offline/vitrina ""
  row "dead APIs: stale cache, refused" down-stale/vitrina ""
  row "dead APIs: stale, never answer" down-silent/vitrina ""
  row "dead APIs: nothing cached, fails" down-empty/vitrina ""
  printf "%-32s %9s\n" "packed binary, stripped (MB)" "$dist_mb"
  printf "%-32s %9.3f\n" "packed: vitrina --version" "$(median "$version_secs")"
  printf "%-32s %9.3f\n" "packed: build of an empty site" "$(median "$empty_secs")"

  echo
  echo "Goals (value: ratio, or seconds for the default site)"
  goal "full build on tmpfs <= 0.3x Hugo" "$(ratio "$(s tmpfs/vitrina)" "$(s tmpfs/hugo)")" "<=" 0.3
  goal "full build on disk <= 0.3x Hugo" "$(ratio "$(s disk/vitrina)" "$(s disk/hugo)")" "<=" 0.3
  printf "  (on disk, cp -r of the built output alone takes %.2fx Hugo's build, on one core)\n" \
    "$(ratio "$(s disk-copy/cp)" "$(s disk/hugo)")"
  goal "no-change rebuild <= 0.2x Hugo full build (disk)" "$(ratio "$(s rebuild/vitrina)" "$(s disk/hugo)")" "<=" 0.2
  goal "peak memory <= 0.2x Hugo's (full build, disk)" "$(ratio "$(kb disk/vitrina)" "$(kb disk/hugo)")" "<=" 0.2
  goal "scaling: 2x corpus <= 2.2x own 1x time (tmpfs)" "$(ratio "$(s 2x-tmpfs/vitrina)" "$(s tmpfs/vitrina)")" "<=" 2.2
  goal "scaling: 4x corpus <= 4.0x own 1x time (tmpfs)" "$(ratio "$(s 4x-tmpfs/vitrina)" "$(s tmpfs/vitrina)")" "<=" 4.0
  goal "default site warm rebuild < 1 s" "$(s default/vitrina)" "<" 1
  goal "default site, 1 character changed, rebuild < 0.3 s" "$(s character/vitrina)" "<" 0.3
  goal "default site, fresh output <= 1.5x its warm rebuild" "$(ratio "$(s default-cold/vitrina)" "$(s default/vitrina)")" "<=" 1.5
  goal "default site, fresh output's writing <= cp -r of it (s)" \
    "$(awk -v f="$(s default-cold/vitrina)" -v r="$(s default-redraw/vitrina)" 'BEGIN { printf "%.3f", f - r }')" "<=" "$(s default-copy/cp)"
  goal "published outputs add < 5% (all redrawn in place)" "$(ratio "$(s default-redraw/vitrina)" "$(s plain-redraw/vitrina)")" "<" 1.05
  goal "phone's picture bytes, 10 heaviest pages <= 0.4x" "$(ratio "$phone_on" "$phone_off")" "<=" 0.4
  goal "Rust book: full build, highlighting <= 1.25x off" "$(ratio "$(s rust-full/vitrina)" "$(s rust-plain-full/vitrina)")" "<=" 1.25
  goal "Rust book: warm rebuild, highlighting <= 1.1x off" "$(ratio "$(s rust-warm/vitrina)" "$(s rust-plain-warm/vitrina)")" "<=" 1.1
  if [ -n "$docs_runs" ]; then
    goal "MkDocs docs: full build <= 0.05x MkDocs + Material" "$(ratio "$(s docs-mkdocs/vitrina)" "$(s docs-mkdocs/mkdocs)")" "<=" 0.05
    goal "Rust book as an mdBook <= 1.5x its folder alone" "$(ratio "$(s rust-as-is/vitrina)" "$(s rust-full/vitrina)")" "<=" 1.5
    echo "  (search on Material's docs: $(tr '\n' ' ' <<<"$docs_search"))"
    goal "Material's docs: a one-word query's most bytes <= 0.25x MkDocs' index" \
      "$(awk -v q="$(awk '$1 == "vitrina_query_kb_max" { print $2 }' <<<"$docs_search")" \
                -v m="$(awk '$1 == "mkdocs_index_kb" { print $2 }' <<<"$docs_search")" 'BEGIN { printf "%.3f", q / m }')" "<=" 0.25
  fi
  math_goals
  goal "serve: one tldr page edited to disk < 50 ms (s)" "$(median "$serve_secs")" "<" 0.05
  goal "dead APIs, stale: <= 2x offline + connect timeout (s)" "$(s down-stale/vitrina)" "<=" \
    "$(awk -v o="$(s down-offline/vitrina)" -v c="$connect_timeout" 'BEGIN { printf "%.2f", 2 * o + c }')"
  goal "dead APIs, nothing cached: fails listing hosts < 15 s" "$(s down-empty/vitrina)" "<" 15
  echo "  (one character changed: ${character_drawn:-?} pages drawn in the last run)"
  printf "  (default site: a warm rebuild draws no page, a fresh output draws them all; fresh / all redrawn in place: %.2f)\n" \
    "$(ratio "$(s default-cold/vitrina)" "$(s default-redraw/vitrina)")"
  echo
  echo "Scaling on disk, for comparison (own 1x time; Vitrina / Hugo)"
  printf "  2x: %.2f / %.2f   4x: %.2f / %.2f\n" "$(ratio "$(s 2x/vitrina)" "$(s disk/vitrina)")" "$(ratio "$(s 2x/hugo)" "$(s disk/hugo)")" \
    "$(ratio "$(s 4x/vitrina)" "$(s disk/vitrina)")" "$(ratio "$(s 4x/hugo)" "$(s disk/hugo)")"
  printf "  on tmpfs, Hugo: 2x %.2f   4x %.2f\n" "$(ratio "$(s 2x-tmpfs/hugo)" "$(s tmpfs/hugo)")" "$(ratio "$(s 4x-tmpfs/hugo)" "$(s tmpfs/hugo)")"
}

report | tee "$work/figures.txt"
settings="RUNS=$runs, RUST_REPEATS=$rust_repeats, corpus $corpus, Rust book $rust_book, binary ${VITRINA_BIN:-packed by make dist}"
bench_append_entry "$results" "$started" "$commit" "make bench" "$settings" "$work/out" "$shm" < "$work/figures.txt"
echo "Appended this run to $results" >&2
