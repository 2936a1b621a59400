#!/usr/bin/env bash
# `make bench`: release build of the default site from the committed snapshot, cold (no cache, no
# Output/) and warm (rebuilt at once), with wall time, pages per second and peak memory.
# Mide construcciones en frío y en caliente del sitio por defecto: tiempo, páginas/s y memoria máxima.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-5}"
[ -x /usr/bin/time ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; }
swift build -c release --product vitrina >/dev/null
bin=.build/release/vitrina
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure() { # label, then the command; prints "seconds pages peak_kb"
  local log="$work/$1.log"
  /usr/bin/time -f "%e %M" -o "$work/$1.time" "${@:2}" > "$log" 2>&1 || { cat "$log"; exit 1; }
  local pages; pages=$(sed -n 's/^Built \([0-9]*\) pages.*/\1/p' "$log")
  echo "$(cat "$work/$1.time") $pages"
}

printf "%-6s %8s %7s %10s %10s\n" run seconds pages pages/s peak-MB
report() { # label seconds peak pages
  awk -v l="$1" -v s="$2" -v m="$3" -v p="$4" 'BEGIN { printf "%-6s %8.2f %7d %10.0f %10.1f\n", l, s, p, p / (s > 0 ? s : 0.001), m / 1024 }'
}
for i in $(seq "$runs"); do
  rm -rf .vitrina/cache "$work/out"
  read -r s m p < <(measure "cold$i" "$bin" build --offline --output "$work/out")
  report "cold" "$s" "$m" "$p"
  read -r s m p < <(measure "warm$i" "$bin" build --offline --output "$work/out")
  report "warm" "$s" "$m" "$p"
done
echo "Last warm build report:"
sed 's/^/  /' "$work/warm$runs.log"
