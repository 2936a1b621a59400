#!/usr/bin/env bash
# `make bench`: Vitrina and Hugo side by side on the tldr-en corpus (../shared/corpora/tldr-en):
# full builds on tmpfs and on disk, a rebuild with nothing changed, 2x and 4x copies of the corpus,
# the default site's warm rebuild, and one page edited under `vitrina serve`. Each figure is the median of RUNS runs (default 3), the two
# tools interleaved in every run, each build into a fresh, empty output folder. Prints one table and
# the goals with PASS/FAIL; exits 0 when a goal fails (it is a report), non-zero when a build fails.
# Compara Vitrina y Hugo sobre el corpus tldr-en y el sitio por defecto: tabla de medianas y objetivos.
#
#   RUNS=5 Scripts/bench.sh                       more runs per figure
#   VITRINA_BIN=path/to/vitrina Scripts/bench.sh  use that binary, skip `swift build -c release`
#   CORPUS=path/to/corpus Scripts/bench.sh        another corpus of Markdown folders
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${RUNS:-3}"
corpus="${CORPUS:-../shared/corpora/tldr-en}"
[ -d "$corpus" ] || { echo "No corpus at $corpus" >&2; exit 1; }
corpus=$(cd "$corpus" && pwd)

# ---------------------------------------------------------------------------------------------
# Tools: Debian's hugo and time when missing, then Vitrina in release (unless VITRINA_BIN is set).
# Herramientas: instala hugo y time de Debian si faltan y compila Vitrina en modo release.
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

vitrina_binary() { # prints the path of the Vitrina binary to measure
  if [ -n "${VITRINA_BIN:-}" ]; then
    realpath "$VITRINA_BIN"
  else
    swift build -c release --product vitrina >/dev/null
    realpath .build/release/vitrina
  fi
}

install_tools
vitrina=$(vitrina_binary)

# Work folder on disk and output folder on tmpfs, both removed on exit.
# Carpeta de trabajo en disco y carpeta de salida en tmpfs; ambas se borran al salir.
work=$(mktemp -d)
shm=$(mktemp -d /dev/shm/vitrina-bench.XXXXXX)
trap 'rm -rf "$work" "$shm"' EXIT
mkdir -p "$work/logs" "$work/out"

# ---------------------------------------------------------------------------------------------
# Sites: the corpus copied FACTOR times (copy k > 1 renames each folder, e.g. common-2), laid out
# once as a Vitrina site (Content/ + site.yml, built-in theme) and once as a Hugo site (content/,
# config.toml and minimal layouts equivalent to Vitrina's default theme).
# Sitios: el corpus copiado FACTOR veces, como sitio de Vitrina y como sitio de Hugo equivalente.
# ---------------------------------------------------------------------------------------------
copy_corpus() { # destination folder, factor
  local dest=$1 factor=$2 k section suffix
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

echo "Preparing sites (1x, 2x, 4x) in $work" >&2
write_hugo_theme "$work/hugo-theme"
for factor in 1 2 4; do
  make_vitrina_site "$work/vitrina-$factor" "$factor"
  make_hugo_site "$work/hugo-$factor" "$factor"
done

# ---------------------------------------------------------------------------------------------
# Measuring: each build runs under /usr/bin/time; a failed build prints its log and stops the script.
# Results are kept per key "scenario/tool" as space-separated lists of seconds and peak KB.
# Medición: cada construcción bajo /usr/bin/time; si una falla se muestra su registro y se sale.
# ---------------------------------------------------------------------------------------------
declare -A secs=() peak=() pages=()
builds=0

timed() { # log file, then the command; sets t_secs and t_kb
  if ! /usr/bin/time -f "%e %M" -o "$1.time" "${@:2}" > "$1" 2>&1; then
    echo "Build failed: ${*:2}" >&2
    cat "$1" >&2
    exit 1
  fi
  read -r t_secs t_kb < "$1.time"
}

html_count() { find "$1" -name '*.html' | wc -l; }

record() { # key, pages
  secs[$1]+="$t_secs "
  peak[$1]+="$t_kb "
  pages[$1]=$2
}

hugo_build() { # key, site folder, output folder
  local log="$work/logs/$((++builds))-${1//\//-}.log"
  echo "  $1" >&2
  timed "$log" hugo --source "$2" --destination "$3"
  record "$1" "$(html_count "$3")"
}

vitrina_build() { # key, output folder, then extra arguments for `vitrina build`
  local log="$work/logs/$((++builds))-${1//\//-}.log" n
  echo "  $1" >&2
  timed "$log" "$vitrina" build --output "$2" "${@:3}"
  n=$(sed -n 's/^Built \([0-9]*\) pages.*/\1/p' "$log")
  record "$1" "${n:-$(html_count "$2")}"
}

# ---------------------------------------------------------------------------------------------
# The runs: in each, every scenario builds Hugo then Vitrina, each into a new output folder.
# Las ejecuciones: en cada una, Hugo y luego Vitrina por escenario, cada uno en una carpeta nueva.
# ---------------------------------------------------------------------------------------------
for i in $(seq "$runs"); do
  echo "Run $i of $runs" >&2
  # a. Full build, 1x, output on tmpfs; every full build starts without Vitrina's memory of parsed Markdown
  # (.vitrina/documents.bin), as cold as Hugo's. / Construcción completa en tmpfs, sin la memoria de Markdown ya leído.
  hugo_build tmpfs/hugo "$work/hugo-1" "$shm/hugo-$i"
  rm -rf "$work/vitrina-1/.vitrina"
  vitrina_build tmpfs/vitrina "$shm/vitrina-$i" --site "$work/vitrina-1"
  # b. Full build, 1x, output on disk; c. Vitrina again into the same folder, nothing changed.
  # Construcción completa en disco y reconstrucción de Vitrina sin cambios en la misma carpeta.
  hugo_build disk/hugo "$work/hugo-1" "$work/out/hugo-1-$i"
  rm -rf "$work/vitrina-1/.vitrina"
  vitrina_build disk/vitrina "$work/out/vitrina-1-$i" --site "$work/vitrina-1"
  vitrina_build rebuild/vitrina "$work/out/vitrina-1-$i" --site "$work/vitrina-1"
  # d. Scaling: 2x and 4x corpora on tmpfs (each tool's own cost) and on disk, where the kernel's writeback of
  # 37-150 MB of output also grows faster than linear, for both tools.
  # Escalado: corpus 2x y 4x en tmpfs (el coste propio de cada herramienta) y en disco (con la escritura del núcleo).
  for factor in 2 4; do
    hugo_build "${factor}x-tmpfs/hugo" "$work/hugo-$factor" "$shm/hugo-$factor"
    rm -rf "$work/vitrina-$factor/.vitrina"
    vitrina_build "${factor}x-tmpfs/vitrina" "$shm/vitrina-$factor" --site "$work/vitrina-$factor"
    rm -rf "$shm/hugo-$factor" "$shm/vitrina-$factor"
    hugo_build "${factor}x/hugo" "$work/hugo-$factor" "$work/out/hugo-$factor-$i"
    rm -rf "$work/vitrina-$factor/.vitrina"
    vitrina_build "${factor}x/vitrina" "$work/out/vitrina-$factor-$i" --site "$work/vitrina-$factor"
  done
  # e. Default site of this repository: once to warm the cache, then measured into the same folder.
  # Sitio por defecto del repositorio: una vez para calentar la caché y luego la medida en caliente.
  vitrina_build default-cold/vitrina "$work/out/default-$i" --offline
  vitrina_build default/vitrina "$work/out/default-$i" --offline
done

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
for i in $(seq "$runs"); do
  sleep 0.5
  before=$(stat -c %y "$html")
  start=$(date +%s%N)
  printf '\nEdited in run %s.\n' "$i" >> "$serve_site/Content/$page"
  # A plain loop: `for _ in $(seq N)` would first spend ~100 ms expanding N words, after the edit.
  tries=0
  while [ "$(stat -c %y "$html")" = "$before" ] && [ $((tries += 1)) -lt 200000 ]; do :; done
  serve_secs+="$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }') "
done
kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true

# ---------------------------------------------------------------------------------------------
# Report: medians, one table, then each goal with PASS/FAIL.
# Informe: medianas, una tabla y cada objetivo con PASS/FAIL.
# ---------------------------------------------------------------------------------------------
median() { # space-separated numbers
  tr ' ' '\n' <<< "$1" | awk 'NF' | sort -g |
    awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
s() { median "${secs[$1]:-}"; }
kb() { median "${peak[$1]:-}"; }

row() { # label, Vitrina key, Hugo key (empty: no Hugo figure)
  local h=$3
  awk -v l="$1" -v vs="$(s "$2")" -v vm="$(kb "$2")" -v vp="${pages[$2]}" \
      -v has="${h:+1}" -v hs="${h:+$(s "$h")}" -v hm="${h:+$(kb "$h")}" -v hp="${h:+${pages[$h]}}" '
    function rate(p, t) { return sprintf("%.0f", p / (t > 0 ? t : 0.005)) }
    BEGIN {
      if (has) printf "%-32s %9.2f %9.2f %11s %11s %10.1f %10.1f %7.2f\n", l, vs, hs, rate(vp, vs), rate(hp, hs), vm / 1024, hm / 1024, vs / (hs > 0 ? hs : 0.005)
      else printf "%-32s %9.2f %9s %11s %11s %10.1f %10s %7s\n", l, vs, "-", rate(vp, vs), "-", vm / 1024, "-", "-"
    }'
}

goal() { # text, value, comparison (< or <=), limit
  awk -v t="$1" -v v="$2" -v op="$3" -v lim="$4" 'BEGIN {
    ok = op == "<" ? v < lim : v <= lim
    printf "%s  %-52s %6.2f %-2s %s\n", ok ? "PASS" : "FAIL", t, v, op, lim }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / (b > 0 ? b : 0.005) }'; }

echo
echo "Vitrina vs Hugo $(hugo version | awk '{ print $2 }'), tldr-en corpus, median of $runs runs, $(nproc) cores"
echo "(pages: Vitrina's 'Built N pages'; Hugo's *.html files; peak = max resident memory)"
printf "%-32s %9s %9s %11s %11s %10s %10s %7s\n" scenario vitrina-s hugo-s vitrina-p/s hugo-p/s vitrina-MB hugo-MB ratio
row "full build, tmpfs, 1x" tmpfs/vitrina tmpfs/hugo
row "full build, disk, 1x" disk/vitrina disk/hugo
row "no-change rebuild (Hugo full)" rebuild/vitrina disk/hugo
row "full build, tmpfs, 2x" 2x-tmpfs/vitrina 2x-tmpfs/hugo
row "full build, tmpfs, 4x" 4x-tmpfs/vitrina 4x-tmpfs/hugo
row "full build, disk, 2x" 2x/vitrina 2x/hugo
row "full build, disk, 4x" 4x/vitrina 4x/hugo
row "default site, fresh output" default-cold/vitrina ""
row "default site, warm rebuild" default/vitrina ""
printf "%-32s %9.3f\n" "serve: one page edited to disk" "$(median "$serve_secs")"

echo
echo "Goals (value: ratio, or seconds for the default site)"
goal "full build on tmpfs <= 0.5x Hugo" "$(ratio "$(s tmpfs/vitrina)" "$(s tmpfs/hugo)")" "<=" 0.5
goal "full build on disk < 1.0x Hugo" "$(ratio "$(s disk/vitrina)" "$(s disk/hugo)")" "<" 1.0
goal "no-change rebuild <= 0.2x Hugo full build (disk)" "$(ratio "$(s rebuild/vitrina)" "$(s disk/hugo)")" "<=" 0.2
goal "peak memory <= Hugo's (full build, disk)" "$(ratio "$(kb disk/vitrina)" "$(kb disk/hugo)")" "<=" 1.0
goal "scaling: 2x corpus <= 2.2x own 1x time (tmpfs)" "$(ratio "$(s 2x-tmpfs/vitrina)" "$(s tmpfs/vitrina)")" "<=" 2.2
goal "scaling: 4x corpus <= 4.4x own 1x time (tmpfs)" "$(ratio "$(s 4x-tmpfs/vitrina)" "$(s tmpfs/vitrina)")" "<=" 4.4
goal "default site warm rebuild < 1 s" "$(s default/vitrina)" "<" 1
goal "serve: one tldr page edited to disk < 50 ms (s)" "$(median "$serve_secs")" "<" 0.05
echo
echo "Scaling on disk, for comparison (own 1x time; Vitrina / Hugo)"
printf "  2x: %.2f / %.2f   4x: %.2f / %.2f\n" "$(ratio "$(s 2x/vitrina)" "$(s disk/vitrina)")" "$(ratio "$(s 2x/hugo)" "$(s disk/hugo)")" \
  "$(ratio "$(s 4x/vitrina)" "$(s disk/vitrina)")" "$(ratio "$(s 4x/hugo)" "$(s disk/hugo)")"
printf "  on tmpfs, Hugo: 2x %.2f   4x %.2f\n" "$(ratio "$(s 2x-tmpfs/hugo)" "$(s tmpfs/hugo)")" "$(ratio "$(s 4x-tmpfs/hugo)" "$(s tmpfs/hugo)")"
