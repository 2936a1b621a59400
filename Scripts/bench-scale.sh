#!/usr/bin/env bash
# `make bench-scale`: Vitrina and Hugo side by side on a site of about 100,000 pages: the tldr-en corpus
# (../shared/corpora/tldr-en) copied 14 times (103,950 Markdown pages), on disk. In each run: a full build of each into a
# fresh folder (Hugo's first in odd runs and last in even ones, the time goal being the median of each run's ratio;
# Vitrina's twice, with and without search, one right after the other: the pair's difference is shown
# beside the index's cost, its processor time as the build reports it over the build's); each again into its folder
# with nothing changed (Hugo draws every page again; Vitrina compares the sources' stamps); one page edited (a line
# added to common/tar.md) and built again; then the corpus copied once and 4 times built by Vitrina into fresh folders,
# for the table of each stage's time per 1,000 pages at 1x, 4x and 14x.
# Once, after the runs: `vitrina serve` on the 14x site, one page edited RUNS times, timed from the edit until the
# page's file changes in the output, with serve's peak memory. Each figure is the median of RUNS runs (default 3).
# Every build writes into a folder of its own, all removed at the end (about 10 GB and 2.5 million inodes with RUNS=3:
# each page is a folder and a file, each taking a block; checked before anything is built), in a new file system of
# the run's own when the machine allows (FRESH_FS=0: the disk as it is).
# Takes about 20 minutes with RUNS=3 on 2 cores; prints one table (with each tool's CPU time, program and kernel, for
# the full build) and the goals with PASS/FAIL (exit 0 when a goal fails: it is a report), non-zero when a build fails.
# Vitrina y Hugo sobre unas 100.000 páginas (tldr-en copiado 14 veces): construcción completa, sin cambios, una página
# editada, `vitrina serve`, y el tiempo de cada etapa por cada 1.000 páginas a 1x, 4x y 14x.
#
#   RUNS=1 Scripts/bench-scale.sh                 one run per figure
#   FACTOR=14 Scripts/bench-scale.sh              how many copies of the corpus make the big site (default 14)
#   VITRINA_BIN=path/to/vitrina Scripts/bench-scale.sh  use that binary, skip building the packed one (Scripts/dist.sh)
#   CORPUS=path/to/corpus Scripts/bench-scale.sh  another corpus of Markdown folders
#   RESULTS=path/to/results.md Scripts/bench-scale.sh  append the run's entry there instead of BENCHMARKS.md
#   FRESH_FS=0 Scripts/bench-scale.sh             build in TMPDIR's disk as it is, not in a new file system
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/bench-common.sh
bench_start
factor="${FACTOR:-14}"
# Whole numbers in a sensible range before bash does arithmetic with them. / Números enteros y acotados.
[[ $factor =~ ^[1-9][0-9]?$ ]] || { echo "FACTOR must be a number from 1 to 99, not '$factor'" >&2; exit 1; }
corpus="${CORPUS:-../shared/corpora/tldr-en}"
[ -d "$corpus" ] || { echo "No corpus at $corpus" >&2; exit 1; }
corpus=$(cd "$corpus" && pwd)

install_tools
# The search's timing runs in Chromium through playwright: installed before the first build, not found missing at the end.
# La medida de la búsqueda usa Chromium con playwright: se instala antes de la primera construcción, no al final.
Scripts/browser-tests.sh --deps-only >&2
vitrina=$(vitrina_binary)

# Everything on disk (as a docs project's CI job builds), removed on exit.
# Todo en disco, como construye un trabajo de CI; se borra al salir.
work=$(mktemp -d)
serve_pid="" image="" device=""
cleanup() { # set before the file system is made, so that a failed mount leaves no loop device: unmounted (lazily while
  # a killed build still holds it), its device let go and its file removed
  [ -z "$serve_pid" ] || pkill -P "$serve_pid" 2>/dev/null || true
  if [ -n "$device" ]; then
    if mountpoint -q "$work"; then
      umount "$work" 2>/dev/null || { sleep 2; umount "$work" 2>/dev/null; } || umount -l "$work"
    fi
    losetup -d "$device" 2>/dev/null || true
  fi
  [ -z "$image" ] || rm -f "$image"
  rm -rf "$work"
}
trap cleanup EXIT

# Room for everything the run writes, asked of the disk before the first build: a disk that filled up failed a build
# 15 minutes in. Each page takes two inodes (its folder and its file) and a 4 KB block each; the big site is built
# 3 x RUNS times (both tools, and Vitrina without search) and once by `vitrina serve`, and exists three times as sources
# (Hugo's, Vitrina's, and Vitrina's with search off); the 1x and 4x copies once a run.
# Sitio para todo lo que escribe la ejecución, comprobado antes de la primera construcción.
corpus_pages=$(find "$corpus" -name '*.md' | wc -l)
need_inodes=$(( corpus_pages * 2 * (factor * (3 * runs + 4) + 5 * (runs + 1)) ))
need_kb=$(( need_inodes * 4 ))
read -r free_kb free_inodes < <(df --output=avail,iavail -k "$work" | tail -1)
if (( free_kb < need_kb || free_inodes < need_inodes )); then
  echo "Not enough room in $work for this run: it writes about $(( need_kb / 1024 / 1024 + 1 )) GB in $need_inodes files and" \
       "folders, and its disk has $(( free_kb / 1024 / 1024 )) GB and $free_inodes inodes free. Free some (or set TMPDIR" \
       "to a larger disk, or lower RUNS or FACTOR) and run it again." >&2
  exit 1
fi

# The run's own file system, new, in a file on that disk, when the machine allows it (root, a loop device; FRESH_FS=0
# turns it off): ext4 without a journal, as this machine's disk. On a disk that has held other folders, creating a file
# walks past every inode freed in the last minutes (ext4 without a journal: `recently_deleted`, most of the kernel's
# time in perf): a run started after another had removed its 2 million inodes measured Hugo's full build at 113 s and
# Vitrina's at 49 s, against 45 s and 12 s. A new file system is what a CI job's fresh machine has, the same for both
# tools and for every run, and removing it at the end is removing one file.
# El sistema de ficheros propio de la ejecución, nuevo, en un fichero del disco: un disco que ya tuvo otras carpetas
# recorre los inodos liberados hace poco al crear cada fichero, y el orden de las ejecuciones decidía el resultado.
if [ "${FRESH_FS:-1}" = 1 ] && [ "$(id -u)" = 0 ] && [ -e /dev/loop-control ] && command -v mkfs.ext4 > /dev/null; then
  image="$work.img"
  truncate -s "$(( need_kb * 3 / 2 ))K" "$image"
  mkfs.ext4 -q -F -O ^has_journal -N "$(( need_inodes * 5 / 4 ))" -E lazy_itable_init=0 "$image"
  device=$(losetup --find --show --direct-io=on "$image")
  mount "$device" "$work"
  echo "Building in a new ext4 file system (no journal) in $image" >&2
fi
mkdir -p "$work/logs" "$work/out"

echo "Preparing sites (1x, 4x, ${factor}x) in $work" >&2
write_hugo_theme "$work/hugo-theme"
make_hugo_site "$work/hugo-big" "$factor"
# Each copy once (FACTOR=1 or 4 is also the small site: made twice, the corpus was copied twice into one folder).
# Cada copia una vez: con FACTOR=1 o 4 el corpus se copiaba dos veces en la misma carpeta.
for copies in 1 4 "$factor"; do [ -d "$work/vitrina-$copies" ] || make_vitrina_site "$work/vitrina-$copies" "$copies"; done
big="$work/vitrina-$factor"
page=common/tar.md
[ -f "$big/Content/$page" ] || page=$(cd "$big/Content" && ls */*.md | head -1)
# In the copies every word is on 14 pages: 40 words made up for the run, each added to one page's text, are the words
# of a single page the search budgets are measured with (the issue's case). Hugo's site gets the same lines.
# En las copias cada palabra está en 14 páginas: 40 palabras inventadas, cada una en una sola página, para la búsqueda.
python3 - "$big/Content" "$work/hugo-big/content" "$page" <<'PY'
import pathlib, random, sys
vitrina, hugo, edited = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
pages = sorted(str(p.relative_to(vitrina)) for p in vitrina.rglob("*.md") if p.name != "_index.md")
rng = random.Random(51)
for name in rng.sample([p for p in pages if p != edited], 40):
    word = "".join(rng.choice("bcdfghjklmnpqrstvwxz") for _ in range(9))
    for root in (vitrina, hugo):
        if not (root / name).is_file():
            continue
        with open(root / name, "a") as page:
            page.write(f"\nPlanted for the search bench: {word}.\n")
PY
# The same site with search off, for what the index costs (the pairs of step a).
# El mismo sitio sin búsqueda, para lo que cuesta el índice (las parejas del paso a).
bign="$work/vitrina-$factor-nosearch"
cp -a "$big" "$bign"
printf 'search: false\n' >> "$bign/Content/site.yml"

paired="" # each run's full build over Hugo's full build beside it
index_shares="" # each run's (full - without search) / full
index_cpu="" # each run's full build: the index's processor time (its report's `search index:` line) / the build's
declare -A stage_ms=() # "copies/stage" -> space-separated milliseconds of that stage in each run's full build

stage_times() { # copies: the last build's stage line added to stage_ms
  local name value
  while read -r name value; do
    stage_ms["$1/$name"]+="$value "
  done < <(sed -n 's/^  stages: //p' "$last_log" | tr ',' '\n' |
           awk '{ v = $2; if ($3 == "s") v *= 1000; if (NF >= 3) print $1, v }')
}

drawn() { sed -n 's/^ *pages drawn: \([0-9]*\),.*/\1/p' "$last_log"; }

# The last build's search index: its processor time on every core, as its report tells it, over the build's own (program
# and kernel, as `time` counts it). Both cores are busy all through a full build, so this is the share of its time the
# index takes, measured inside one build instead of between two whose times swing by more than the index weighs.
# El tiempo de procesador del índice, según el informe, sobre el de toda la construcción: medido dentro de una sola.
index_cpu_share() {
  sed -n 's/^  search index: made and written in \([0-9.]*\) \(m\{0,1\}s\) of processor time$/\1 \2/p' "$last_log" |
    awk -v u="$t_user" -v k="$t_sys" '{ v = $1; if ($2 == "ms") v /= 1000; printf "%.3f", v / (u + k) }'
}

# Every build goes into a folder of its own and no output is deleted before the end: on ext4 without a journal (this
# machine's disk), creating files skips every inode deleted in the last 60-360 s and reads its inode block to know it,
# so a build right after deleting a 100,000-page output spent most of its time in the kernel (perf: recently_deleted
# and find_get_block_common), Hugo's as much as Vitrina's. A CI job builds into a fresh checkout; so do these runs.
# Cada construcción en su propia carpeta y ninguna salida se borra antes del final (ext4 sin diario salta los inodos
# borrados hace poco, y leerlos costaba la mayor parte de la construcción).
for i in $(seq "$runs"); do
  echo "Run $i of $runs" >&2
  hugo_out="$work/out/hugo-$i" vitrina_out="$work/out/vitrina-$i"
  # a. Full builds into fresh folders (Vitrina without its memory of parsed Markdown, as cold as Hugo), Hugo's first
  # in odd runs and last in even ones: the machine's pace drifts over minutes (its host takes processor time from it,
  # `steal`, from none to a tenth of a build), so each run's Vitrina build is compared with the Hugo build beside it,
  # and the goal is the median of those ratios, with no tool always first.
  # Construcciones completas en carpetas nuevas; Hugo primero en las ejecuciones impares y último en las pares: el
  # ritmo de la máquina cambia en minutos, así que cada ejecución compara sus dos construcciones, una junto a otra.
  ((i % 2 == 0)) || hugo_build full/hugo "$work/hugo-big" "$hugo_out"
  # The same site without search right beside it, first in every other run: each run's pair's difference is shown
  # beside the index's own processor time (`index_cpu_share`), which decides the goal: two builds' times swing by more
  # than the index weighs, so three pairs' median passed or failed it by chance.
  # El mismo sitio sin búsqueda a su lado, primero una ejecución de cada dos: la diferencia de cada pareja se muestra
  # junto al tiempo de procesador del propio índice, que decide el objetivo (dos construcciones varían más que él).
  pair=(search nosearch)
  ((i % 2)) || pair=(nosearch search)
  for variant in "${pair[@]}"; do
    if [ "$variant" = search ]; then
      cold_build full/vitrina "$vitrina_out" "$big"
      stage_times "$factor"
      index_cpu+="$(index_cpu_share) "
      with_search=$t_secs
    else
      cold_build nosearch/vitrina "$work/out/vitrina-nosearch-$i" "$bign"
      without_search=$t_secs
    fi
  done
  index_shares+="$(awk -v a="$with_search" -v b="$without_search" 'BEGIN { printf "%.3f", (a - b) / a }') "
  ((i % 2)) || hugo_build full/hugo "$work/hugo-big" "$hugo_out"
  paired+="$(ratio "$with_search" "$(latest full/hugo)") "
  # b. Nothing changed, into the same folders. / Sin cambios, en las mismas carpetas.
  hugo_build again/hugo "$work/hugo-big" "$hugo_out"
  vitrina_build unchanged/vitrina "$vitrina_out" --site "$big"
  # c. One page edited. / Una página editada.
  printf '\nEdited in run %s.\n' "$i" >> "$big/Content/$page"
  printf '\nEdited in run %s.\n' "$i" >> "$work/hugo-big/content/$page"
  printf '\nEdited in run %s.\n' "$i" >> "$bign/Content/$page"
  hugo_build edit/hugo "$work/hugo-big" "$hugo_out"
  vitrina_build edit/vitrina "$vitrina_out" --site "$big"
  edit_drawn=$(drawn)
  grep -q "Edited in run $i" "$vitrina_out/${page%.md}/index.html" || { echo "The edited page was not drawn again" >&2; exit 1; }
  # d. The same corpus once and 4 times, for the stage table. / El corpus 1 y 4 veces, para la tabla de etapas.
  for copies in 1 4; do
    cold_build "full-$copies/vitrina" "$work/out/vitrina-$copies-$i" "$work/vitrina-$copies"
    stage_times "$copies"
  done
done

# ---------------------------------------------------------------------------------------------
# `vitrina serve` on the big site: one line added to a page, timed until the page's file changes in the output.
# `vitrina serve` sobre el sitio grande: una línea añadida y el tiempo hasta que cambia su fichero en la salida.
# ---------------------------------------------------------------------------------------------
echo "vitrina serve on the ${factor}x site" >&2
serve_secs=""
rm -rf "$work/out/serve"
/usr/bin/time -f "%e %M" -o "$work/logs/serve.time" "$vitrina" serve --site "$big" --output "$work/out/serve" --port 0 \
  > "$work/logs/serve.log" 2>&1 &
serve_pid=$!
for _ in $(seq 3000); do grep -q '^Serving' "$work/logs/serve.log" && break; sleep 0.1; done
grep -q '^Serving' "$work/logs/serve.log" || { echo "vitrina serve did not start:" >&2; cat "$work/logs/serve.log" >&2; exit 1; }
html="$work/out/serve/${page%.md}/index.html"
# Serve goes on serving when its first build fails: its log then says why, not a missing file's `stat` (seen once).
# Serve sigue sirviendo si su primera construcción falla: su registro dice por qué.
[ -f "$html" ] || { echo "vitrina serve's first build did not write $html:" >&2; cat "$work/logs/serve.log" >&2; exit 1; }
serve_edits "$big/Content/$page" "$html" "$runs" 1
pkill -INT -P "$serve_pid" || true # /usr/bin/time ignores SIGINT while its command runs: the signal goes to serve
wait "$serve_pid" 2>/dev/null || true
serve_pid=""
read -r _ serve_kb < <(tail -1 "$work/logs/serve.time")

# ---------------------------------------------------------------------------------------------
# The search index of the big site's last full build: the bytes a one-word query loads (words of one page's text, and
# the commonest), and the index's bytes against the pages' HTML (Scripts/search-budget.py).
# El índice de búsqueda del sitio grande: bytes de una consulta de una palabra y tamaño frente al HTML.
# ---------------------------------------------------------------------------------------------
budget=$(python3 Scripts/search-budget.py "$vitrina_out" en 200)
# And in Chromium from file://: each word typed into a fresh page's box, timed until its first results show.
# Y en Chromium desde file://: cada palabra escrita en la caja de una página nueva, hasta sus primeros resultados.
budget+=$'\n'$(python3 Scripts/search-timing.py "$vitrina_out" en 30 | sed 's/^/browser_/')
search_value() { awk -v k="$1" '$1 == k { print $2 }' <<<"$budget"; }

# ---------------------------------------------------------------------------------------------
# Report: printed, and appended to BENCHMARKS.md as it was printed.
# Informe: se imprime y se añade tal cual a BENCHMARKS.md.
# ---------------------------------------------------------------------------------------------
report() {
  echo
  echo "Vitrina vs Hugo $(hugo version | awk '{ print $2 }'), tldr-en x$factor on disk (${pages[full/vitrina]} pages), median of $runs runs, $(nproc) cores"
  printf "%-32s %9s %9s %11s %11s %10s %10s %7s\n" scenario vitrina-s hugo-s vitrina-p/s hugo-p/s vitrina-MB hugo-MB ratio
  row "full build, fresh folder" full/vitrina full/hugo
  row "  the same, search: false" nosearch/vitrina full/hugo
  row "nothing changed (Hugo: again)" unchanged/vitrina again/hugo
  row "one page edited" edit/vitrina edit/hugo
  printf "%-32s %9.3f %9s %11s %11s %10.1f\n" "serve: one page edited to disk" "$(median "$serve_secs")" - - - "$(awk -v k="$serve_kb" 'BEGIN { print k / 1024 }')"
  echo "  (one page edited: ${edit_drawn:-?} pages drawn in the last run)"
  # The full build's CPU time, in the program and in the kernel: both tools make the same folder and file for each page,
  # and on ext4 that kernel work can weigh nearly as much as all of Vitrina's own.
  # El tiempo de CPU de la construcción completa, en el programa y en el núcleo: ambos crean una carpeta y un fichero por página.
  echo "  (full build's CPU, medians in s: vitrina $(cpu full/vitrina), hugo $(cpu full/hugo))"
  # What the host took from the machine during each run's full build: a run's pair slowed by it is seen, not guessed.
  # Lo que el anfitrión quitó a la máquina durante cada construcción completa.
  echo "  (processor time the machine's host took during each full build, s: vitrina ${stolen[full/vitrina]:-}, hugo ${stolen[full/hugo]:-})"

  echo
  echo "Each stage's time per 1,000 pages (ms, median of full builds into fresh folders), and its growth from 1x"
  printf "%-10s %9s %9s %9s %9s %9s\n" stage 1x 4x "${factor}x" "4x/1x" "${factor}x/1x"
  for name in stamp config theme memos content plan diff render assemble check write save; do
    one=$(median "${stage_ms[1/$name]:-0}") four=$(median "${stage_ms[4/$name]:-0}") many=$(median "${stage_ms[$factor/$name]:-0}")
    awk -v n="$name" -v a="$one" -v b="$four" -v c="$many" -v pa="${pages[full-1/vitrina]}" -v pb="${pages[full-4/vitrina]}" \
        -v pc="${pages[full/vitrina]}" 'BEGIN {
      x = a / pa * 1000; y = b / pb * 1000; z = c / pc * 1000
      printf "%-10s %9.2f %9.2f %9.2f %9s %9s\n", n, x, y, z, (x > 0 ? sprintf("%.2f", y / x) : "-"), (x > 0 ? sprintf("%.2f", z / x) : "-") }'
  done
  awk -v a="$(s full-1/vitrina)" -v b="$(s full-4/vitrina)" -v c="$(s full/vitrina)" -v pa="${pages[full-1/vitrina]}" \
      -v pb="${pages[full-4/vitrina]}" -v pc="${pages[full/vitrina]}" 'BEGIN {
    x = a / pa * 1000; y = b / pb * 1000; z = c / pc * 1000
    printf "%-10s %9.2f %9.2f %9.2f %9.2f %9.2f\n", "whole", x * 1000, y * 1000, z * 1000, y / x, z / x }'

  echo
  echo "Goals"
  echo "  (each run's full build over the Hugo build beside it, Hugo first in odd runs: $paired)"
  goal "${factor}x: full build <= 0.3x Hugo (median of pairs)" "$(median "$paired")" "<=" 0.3
  goal "${factor}x: peak memory <= 0.2x Hugo's" "$(ratio "$(kb full/vitrina)" "$(kb full/hugo)")" "<=" 0.2
  goal "${factor}x: peak memory < 2 GB (MB)" "$(awk -v k="$(kb full/vitrina)" 'BEGIN { print k / 1024 }')" "<" 2048
  goal "${factor}x: nothing changed < 2 s" "$(s unchanged/vitrina)" "<" 2
  goal "${factor}x: one page edited < 1 s" "$(s edit/vitrina)" "<" 1
  goal "${factor}x: serve, one page edited to disk < 100 ms (s)" "$(median "$serve_secs")" "<" 0.1
  echo "  (search: $(tr '\n' ' ' <<<"$budget"))"
  goal "${factor}x: search, one-word query loads <= 300 KB (KB)" "$(search_value query_kb_max)" "<=" 300
  goal "${factor}x: search, first results of a one-word query < 1 s (ms)" "$(search_value browser_first_result_ms_max)" "<" 1000
  goal "${factor}x: search, the one page of each word found (misses)" "$(search_value browser_misses)" "<=" 0
  goal "${factor}x: search, words of a single page timed in Chromium" "$(search_value browser_words)" ">=" 30
  goal "${factor}x: search files <= 25% of the HTML's bytes" "$(search_value index_share)" "<=" 0.25
  echo "  (the search index's share of each run's full build, beside the same build without search: $index_shares)"
  echo "  (the search index's processor time over its full build's, in each run: $index_cpu)"
  goal "${factor}x: the search index's cost <= 10% of a full build" "$(median "$index_cpu")" "<=" 0.1
}

report | tee "$work/figures.txt"
settings="RUNS=$runs, FACTOR=$factor, corpus $corpus, binary ${VITRINA_BIN:-packed by make dist}${device:+, in a new ext4 file system (no journal, in a file)}"
bench_append_entry "$results" "$started" "$commit" "make bench-scale" "$settings" "$work/out" < "$work/figures.txt"
echo "Appended this run to $results" >&2
