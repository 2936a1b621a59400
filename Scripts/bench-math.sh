#!/usr/bin/env bash
# `make bench-math`, and a section of `make bench`: a textbook of 10,000 formulas (Scripts/math-textbook.py: the oracle
# fixture's formulas as GitHub writes them, 100 chapters of 100) built with math on and with `math: false`, each cold
# (no .vitrina/, so every formula is made) and warm (the parsed Markdown and its MathML remembered); the cost of making
# the formulas is the cold difference. RUNS runs each (default 3), medians; appended to BENCHMARKS.md when run alone.
# Un libro de 10.000 fórmulas construido con y sin matemáticas, en frío y en caliente; el coste es la diferencia en frío.
#
#   Scripts/bench-math.sh                          build the packed binary (Scripts/dist.sh) and measure
#   VITRINA_BIN=path/to/vitrina Scripts/bench-math.sh   measure that binary
#   RESULTS=path/to/results.md Scripts/bench-math.sh    append the entry there instead of BENCHMARKS.md

math_site_on="" math_site_off=""

math_bench() { # builds the textbook on and off, cold and warm, RUNS times; needs $vitrina, $work, $shm and $runs
  echo "Math: a textbook of 10,000 formulas" >&2
  math_site_on="$work/math-on" math_site_off="$work/math-off"
  python3 Scripts/math-textbook.py "$math_site_on" 100 100 > /dev/null
  python3 Scripts/math-textbook.py "$math_site_off" 100 100 --off > /dev/null
  local i
  for i in $(seq "$runs"); do
    rm -rf "$math_site_on/.vitrina" "$math_site_off/.vitrina" "$shm"/math-*
    vitrina_build math-cold/vitrina "$shm/math-cold-$i" --site "$math_site_on" --offline
    [ "$i" != 1 ] || math_made=$(grep -o '<math ' -r "$shm/math-cold-$i" --include=index.html | wc -l)
    vitrina_build math-off-cold/vitrina "$shm/math-off-cold-$i" --site "$math_site_off" --offline
    vitrina_build math-warm/vitrina "$shm/math-warm-$i" --site "$math_site_on" --offline
    vitrina_build math-off-warm/vitrina "$shm/math-off-warm-$i" --site "$math_site_off" --offline
  done
}

math_rows() {
  row "textbook, 10,000 formulas, cold" math-cold/vitrina ""
  row "  the same, math: false" math-off-cold/vitrina ""
  row "textbook, warm" math-warm/vitrina ""
  row "  the same, math: false" math-off-warm/vitrina ""
}

math_goals() {
  echo "  (textbook: ${math_made:-?} formulas in its pages)"
  goal "10,000 formulas made in < 1 s (cold, on - off)" \
    "$(awk -v a="$(s math-cold/vitrina)" -v b="$(s math-off-cold/vitrina)" 'BEGIN { printf "%.3f", a - b }')" "<" 1
  # What a warm build still pays for its formulas, against making them: the memo's larger documents, no formula made.
  # Lo que una construcción en caliente aún paga por sus fórmulas, frente a hacerlas.
  goal "warm build pays < 10% of making the formulas" \
    "$(awk -v w="$(s math-warm/vitrina)" -v wo="$(s math-off-warm/vitrina)" -v c="$(s math-cold/vitrina)" -v co="$(s math-off-cold/vitrina)" \
        'BEGIN { d = c - co; printf "%.3f", (w - wo) / (d > 0 ? d : 0.001) }')" "<" 0.1
}

# Run alone: the tools, a work folder, the section, its table and goals, and the entry. / Solo: la sección y su entrada.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  cd "$(dirname "$0")/.."
  source Scripts/bench-common.sh
  bench_start
  install_tools
  vitrina=$(vitrina_binary)
  work=$(mktemp -d)
  shm=$(mktemp -d /dev/shm/vitrina-bench-math.XXXXXX)
  trap 'rm -rf "$work" "$shm"' EXIT
  mkdir -p "$work/logs"
  math_bench
  {
    echo
    echo "Vitrina, a textbook of formulas, median of $runs runs, $(nproc) cores"
    printf "%-32s %9s %9s %11s %11s %10s %10s %7s\n" scenario vitrina-s hugo-s vitrina-p/s hugo-p/s vitrina-MB hugo-MB ratio
    math_rows
    echo
    echo "Goals"
    math_goals
  } | tee "$work/figures.txt"
  bench_append_entry "$results" "$started" "$commit" "make bench-math" "RUNS=$runs, binary ${VITRINA_BIN:-packed by make dist}" "$shm" < "$work/figures.txt"
  echo "Appended this run to $results" >&2
fi
