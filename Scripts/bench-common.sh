# Shared by `make bench` (Scripts/bench.sh) and `make bench-scale` (Scripts/bench-scale.sh): the tools, the corpus laid
# out as a Vitrina site and as the equivalent Hugo site, builds timed under /usr/bin/time, medians, the table and goals.
# Sourced, not run; the caller sets `corpus` (a folder of Markdown folders), `work` (logs go to $work/logs) and
# `vitrina` (the binary, from vitrina_binary). Each run's figures are appended to BENCHMARKS.md (bench_append_entry).
# Compartido por `make bench` y `make bench-scale`: herramientas, el corpus como sitio de Vitrina y de Hugo, tiempos,
# medianas, la tabla, los objetivos y la entrada que cada ejecución añade a BENCHMARKS.md.

# ---------------------------------------------------------------------------------------------
# Tools: Debian's hugo and time when missing; Vitrina's packed binary (make dist) unless VITRINA_BIN is set.
# Herramientas: hugo y time de Debian si faltan; el binario empaquetado de Vitrina (make dist) salvo VITRINA_BIN.
# ---------------------------------------------------------------------------------------------
install_tools() {
  local missing=()
  command -v hugo >/dev/null || missing+=(hugo)
  [ -x /usr/bin/time ] || missing+=(time)
  if ((${#missing[@]})); then
    echo "Installing ${missing[*]} (apt-get)" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

vitrina_binary() { # prints the path of the Vitrina binary to measure: the one users run (make dist / make install:
  # static, release), so that its speed and memory are what they get. / El binario que usan (estático, release).
  if [ -n "${VITRINA_BIN:-}" ]; then
    realpath "$VITRINA_BIN"
  else
    realpath "$(Scripts/dist.sh --binary-only)"
  fi
}

# ---------------------------------------------------------------------------------------------
# Sites: the corpus copied FACTOR times (copy k > 1 renames each folder, e.g. common-2), laid out once as a Vitrina
# site (Content/ + site.yml, built-in theme) and once as a Hugo site (content/, config.toml and minimal layouts
# equivalent to Vitrina's default theme).
# Sitios: el corpus copiado FACTOR veces, como sitio de Vitrina y como sitio de Hugo equivalente.
# ---------------------------------------------------------------------------------------------
copy_corpus() { # destination folder, factor
  local dest=$1 factor=$2 k section suffix
  [ -d "${corpus:-}" ] || { echo "copy_corpus: \$corpus (the tldr-en folder) is not set to a folder" >&2; return 1; }
  mkdir -p "$dest"
  for k in $(seq "$factor"); do
    suffix=""
    [ "$k" -eq 1 ] || suffix="-$k"
    for section in "$corpus"/*/; do
      section=$(basename "$section")
      cp -r "$corpus/$section" "$dest/$section$suffix"
    done
  done
}

make_vitrina_site() { # site folder, factor
  copy_corpus "$1/Content" "$2"
  printf '%s\n' 'title: tldr pages' 'languages: [en]' 'default_language: en' > "$1/Content/site.yml"
}

write_hugo_theme() { # folder: config.toml, layouts/ and static/ shared by every Hugo site
  mkdir -p "$1/layouts/_default" "$1/static"
  cat > "$1/config.toml" <<'EOF'
baseURL = "https://example.org/"
languageCode = "en"
defaultContentLanguage = "en"
title = "tldr pages"
disableKinds = ["taxonomy", "term", "RSS"]
paginate = 20
pluralizeListTitles = false
EOF
  cat > "$1/layouts/_default/baseof.html" <<'EOF'
<!DOCTYPE html>
<html lang="{{ .Site.Language.Lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if .IsHome }}{{ .Site.Title }}{{ else }}{{ .Title }} · {{ .Site.Title }}{{ end }}</title>
<meta name="description" content="{{ with .Description }}{{ . }}{{ else }}{{ .Summary | plainify | truncate 160 }}{{ end }}">
<link rel="stylesheet" href="{{ "style.css" | relURL }}">
</head>
<body>
<header>
<a href="{{ "" | relURL }}">{{ .Site.Title }}</a>
<nav><ul>{{ range first 8 .Site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}{{ if gt (len .Site.Sections) 8 }}<li><a href="{{ "" | relURL }}">More…</a></li>{{ end }}</ul></nav>
</header>
<main>{{ block "main" . }}{{ end }}</main>
<footer><p>Pages by the tldr-pages contributors, CC BY 4.0.</p></footer>
</body>
</html>
EOF
  cat > "$1/layouts/_default/single.html" <<'EOF'
{{ define "main" }}<article><h1>{{ .Title }}</h1>
{{ .Content }}</article>{{ end }}
EOF
  cat > "$1/layouts/_default/list.html" <<'EOF'
{{ define "main" }}<h1>{{ .Title }}</h1>
{{ $pager := .Paginate .Pages.ByWeight }}
<ul>{{ range $pager.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>
{{ template "_internal/pagination.html" . }}{{ end }}
EOF
  cat > "$1/layouts/index.html" <<'EOF'
{{ define "main" }}<h1>{{ .Site.Title }}</h1>
<ul>{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> ({{ len .Pages }})</li>{{ end }}</ul>{{ end }}
EOF
  printf '%s\n' 'body { font-family: system-ui, sans-serif; max-width: 50rem; margin: auto; }' > "$1/static/style.css"
}


make_hugo_site() { # site folder, factor
  copy_corpus "$1/content" "$2"
  cp -r "$work/hugo-theme/." "$1/"
}

# ---------------------------------------------------------------------------------------------
# Measuring: each build runs under /usr/bin/time; a failed build prints its log and stops the script. Results are kept
# per key "scenario/tool" as space-separated lists of seconds and peak KB.
# Medición: cada construcción bajo /usr/bin/time; si una falla se muestra su registro y se sale.
# ---------------------------------------------------------------------------------------------
declare -A secs=() peak=() pages=() cpu_user=() cpu_sys=() stolen=()
builds=0

steal_ticks() { # the processor time the machine's host has taken from this system so far, in clock ticks (/proc/stat's
  # `steal`: 0 on a machine of its own); a build's share of it tells a slow run from slow code
  # El tiempo de procesador que el anfitrión de la máquina virtual le ha quitado, en ticks: 0 en una máquina propia.
  awk '$1 == "cpu" { print $9 + 0; exit }' /proc/stat 2>/dev/null || echo 0
}

timed() { # log file, then the command; sets t_secs (wall, to the millisecond: time's %e counts hundredths, too coarse
  # for builds of a tenth of a second), t_kb, t_user and t_sys (CPU seconds in the program and in the kernel for it),
  # and t_steal (seconds of processor time the host took from the machine during it, summed over its cores)
  local start end steal
  # Each build starts from a flushed disk: without this, a build paid for writing back the output of the build before
  # it (the other tool's, in a side-by-side run: 350 MB at 100,000 pages), and the order of the runs chose the winner.
  # Cada construcción empieza con el disco al día: si no, pagaba la escritura diferida de la salida anterior.
  sync
  steal=$(steal_ticks)
  start=$(date +%s%N)
  if ! /usr/bin/time -f "%e %M %U %S" -o "$1.time" "${@:2}" > "$1" 2>&1; then
    echo "Build failed: ${*:2}" >&2
    cat "$1" >&2
    exit 1
  fi
  end=$(date +%s%N)
  t_steal=$(awk -v a="$steal" -v b="$(steal_ticks)" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", (b - a) / hz }')
  read -r _ t_kb t_user t_sys < "$1.time"
  t_secs=$(awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", ns / 1e9 }')
}

html_count() { find "$1" -name '*.html' | wc -l; }

record() { # key, pages
  secs[$1]+="$t_secs "
  peak[$1]+="$t_kb "
  cpu_user[$1]+="${t_user:-0} "
  cpu_sys[$1]+="${t_sys:-0} "
  stolen[$1]+="${t_steal:-0} "
  pages[$1]=$2
}

# Every file of a site, and the program, read before its build is timed: each tool starts with its sources and its code
# in the page cache, as a CI job does right after its checkout. Without it, this machine's reclaimer (DAMON) had evicted
# one tool's files and not the other's between runs (Vitrina's content stage at 14x took 2.4 s in one run and 7.0 s in
# the next; an edit's build 0.8 s in one run and 2.8 s in the next, 1.7 s of it outside every stage).
# Cada herramienta empieza con sus fuentes y su programa en la caché de páginas, como un trabajo de CI tras su checkout.
warm() { # site folder, program: read once, and the disk's pending writes flushed, so that no build pays for writing
  # back the last one's output (a Vitrina build right after Hugo's 100,000 pages ran beside their writeback)
  # Leídos una vez, y las escrituras pendientes del disco hechas: ninguna construcción paga las de la anterior.
  find "$1" -type f -print0 | xargs -0 -r cat > /dev/null
  cat "$2" > /dev/null
  sync
}

hugo_build() { # key, site folder, output folder
  local log="$work/logs/$((++builds))-${1//\//-}.log"
  echo "  $1" >&2
  warm "$2" "$(command -v hugo)"
  timed "$log" hugo --source "$2" --destination "$3"
  record "$1" "$(html_count "$3")"
}

vitrina_build() { # key, output folder, then extra arguments for `vitrina build`
  local log="$work/logs/$((++builds))-${1//\//-}.log" n
  echo "  $1" >&2
  local argument previous=""
  for argument in "${@:3}"; do [ "$previous" != --site ] || warm "$argument" "$vitrina"; previous=$argument; done
  timed "$log" "$vitrina" build --output "$2" "${@:3}"
  n=$(sed -n 's/^Built \([0-9]*\) pages.*/\1/p' "$log")
  record "$1" "${n:-$(html_count "$2")}"
  last_log=$log
}

cold_build() { # key, output folder, site folder: a full build without Vitrina's memory of parsed Markdown (.vitrina), as
  # cold as Hugo's / una construcción completa sin la memoria de Markdown ya leído, tan en frío como la de Hugo
  rm -rf "$3/.vitrina"
  vitrina_build "$1" "$2" --site "$3"
}

# ---------------------------------------------------------------------------------------------
# Report: medians, table rows, goals with PASS/FAIL. / Informe: medianas, filas de la tabla y objetivos.
# ---------------------------------------------------------------------------------------------
median() { # space-separated numbers
  tr ' ' '\n' <<< "$1" | awk 'NF' | sort -g |
    awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

s() { median "${secs[$1]:-}"; }

latest() { awk '{ print $NF }' <<< "${secs[$1]:-}"; } # key: the seconds of its last build

kb() { median "${peak[$1]:-}"; }

cpu() { echo "user $(median "${cpu_user[$1]:-}") system $(median "${cpu_sys[$1]:-}")"; } # key: its CPU seconds, medians

row() { # label, Vitrina key, Hugo key (empty: no Hugo figure)
  local h=$3
  awk -v l="$1" -v vs="$(s "$2")" -v vm="$(kb "$2")" -v vp="${pages[$2]}" \
      -v has="${h:+1}" -v hs="${h:+$(s "$h")}" -v hm="${h:+$(kb "$h")}" -v hp="${h:+${pages[$h]}}" '
    function rate(p, t) { return sprintf("%.0f", p / (t > 0 ? t : 0.005)) }
    BEGIN {
      if (has) printf "%-32s %9.3f %9.3f %11s %11s %10.1f %10.1f %7.2f\n", l, vs, hs, rate(vp, vs), rate(hp, hs), vm / 1024, hm / 1024, vs / (hs > 0 ? hs : 0.005)
      else printf "%-32s %9.3f %9s %11s %11s %10.1f %10s %7s\n", l, vs, "-", rate(vp, vs), "-", vm / 1024, "-", "-"
    }'
}

goal() { # text, value, comparison (<, <= or >=), limit
  awk -v t="$1" -v v="$2" -v op="$3" -v lim="$4" 'BEGIN {
    ok = op == "<" ? v < lim : op == ">=" ? v >= lim : v <= lim
    printf "%s  %-52s %7.3f %-2s %s\n", ok ? "PASS" : "FAIL", t, v, op, lim }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / (b > 0 ? b : 0.005) }'; }

serve_edits() { # page file, its HTML in the output, times, pause (s): appends a line to the page TIMES times, each after
  # PAUSE seconds, and adds the seconds until the HTML file changed to serve_secs (a plain loop: `for _ in $(seq N)`
  # would first spend ~100 ms expanding N words, after the edit)
  local i before start tries
  for i in $(seq "$3"); do
    sleep "$4"
    before=$(stat -c %y "$2")
    start=$(date +%s%N)
    printf '\nEdited under serve, %s.\n' "$i" >> "$1"
    tries=0
    while [ "$(stat -c %y "$2")" = "$before" ] && [ $((tries += 1)) -lt 2000000 ]; do :; done
    serve_secs+="$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }') "
  done
}

# ---------------------------------------------------------------------------------------------
# Results: each run appends one entry to BENCHMARKS.md (or to RESULTS): when it started, the machine, the commit, the
# command and its settings, and the table and goals as printed, so that the history of the figures is kept with them.
# Resultados: cada ejecución añade una entrada a BENCHMARKS.md: cuándo, qué máquina, qué commit, qué ajustes y las cifras.
# ---------------------------------------------------------------------------------------------
bench_now() { date -u '+%Y-%m-%d %H:%M:%S UTC'; }

bench_start() { # when and what is measured, taken before anything is built (the tree may change during the run), where
  # the entry goes and how many runs (RUNS, 1 to 9): sets started, commit, results and runs
  # Cuándo y qué se mide, antes de construir nada; dónde va la entrada y cuántas ejecuciones.
  started=$(bench_now)
  commit=$(bench_commit)
  results="${RESULTS:-BENCHMARKS.md}"
  runs="${RUNS:-3}"
  [[ $runs =~ ^[1-9]$ ]] || { echo "RUNS must be a number from 1 to 9, not '$runs'" >&2; exit 1; }
}

bench_commit() { # the checked-out commit, "-dirty" when the tree has other changes than BENCHMARKS.md
  local commit
  commit=$(git rev-parse --short HEAD 2>/dev/null) || { echo "unknown (not a git checkout)"; return 0; }
  # The results file changes with every run: it says nothing about the code measured.
  # El fichero de resultados cambia en cada ejecución: no dice nada del código medido.
  if [ -n "$(git status --porcelain -- ':(top,exclude)BENCHMARKS.md' 2>/dev/null)" ]; then commit+="-dirty"; fi
  echo "$commit"
}

bench_machine() { # output folders: one line with the CPU, cores, memory, kernel, system and each folder's file system
  local cpu memory system="" dir filesystems=""
  cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -1)
  memory=$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
  [ ! -r /etc/os-release ] || system=$(. /etc/os-release && echo "${PRETTY_NAME:-}")
  for dir in "$@"; do
    filesystems+="${filesystems:+, }$(df --output=fstype "$dir" | tail -1) (mounted at $(df --output=target "$dir" | tail -1))"
  done
  printf '%s, %s cores, %s memory, kernel %s%s; output on %s\n' "${cpu:-unknown CPU}" "$(nproc)" "${memory:-unknown}" \
    "$(uname -r)" "${system:+, $system}" "${filesystems:-an unknown file system}"
}

bench_append_entry() { # results file, start time, commit, command, settings, output folders...; the figures on stdin
  local file=$1 started=$2 commit=$3 command=$4 settings=$5 figures entry
  shift 5
  # The figures as printed, without the blank lines around them. / Las cifras tal como salieron, sin líneas vacías alrededor.
  figures=$(sed -e '/[^[:space:]]/,$!d') || return
  # Made whole before it is written: a failure leaves the file as it was. / Completa antes de escribirse.
  entry=$(printf '\n### %s · %s\n\n- Machine: %s\n- Commit: %s\n- Command: `%s` with %s\n\n```text\n%s\n```\n' \
    "$started" "$command" "$(bench_machine "$@")" "$commit" "$command" "$settings" "$figures") || return
  # A file not ending in a newline would glue the entry to its last line. / Sin salto final, la entrada se pegaría.
  if [ -s "$file" ] && [ -n "$(tail -c 1 "$file")" ]; then printf '\n' >> "$file"; fi
  printf '%s\n' "$entry" >> "$file"
}
