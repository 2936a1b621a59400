#!/usr/bin/env bash
# Rebuilds the committed snapshot (Content/data/) with Vitrina itself: the replay server serves the
# recordings on 127.0.0.1 and `vitrina fetch --update-snapshot` fetches everything the site needs.
# Reconstruye la instantánea: el servidor de réplica sirve las grabaciones y Vitrina las descarga.
set -euo pipefail
cd "$(dirname "$0")/.."
recordings="${1:-../shared/recordings}"
[ -d "$recordings" ] || { echo "no recordings at $recordings" >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
.build/debug/vitrina-replay --root "$recordings" --port "$port" > /tmp/vitrina-replay.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q listening /tmp/vitrina-replay.log 2>/dev/null && break; sleep 0.1; done
base="http://127.0.0.1:$port"
rm -rf .vitrina/cache
.build/debug/vitrina fetch --update-snapshot \
  --api pokeapi="$base" --api rickandmorty="$base" --api store="$base" --api sprites="$base/PokeAPI/sprites/master"
echo "Snapshot: $(du -sh --apparent-size Content/data | cut -f1) in $(find Content/data -type f | wc -l) files"
