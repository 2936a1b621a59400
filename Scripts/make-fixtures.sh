#!/usr/bin/env bash
# Copies a small subset of the recorded API responses into Tests/Fixtures/recordings.
# Copia un subconjunto pequeño de las respuestas grabadas en Tests/Fixtures/recordings.
# Usage: Scripts/make-fixtures.sh [RECORDINGS_DIR]   (default: ../shared/recordings)
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$(cd "${1:-$repo/../shared/recordings}" && pwd)"
dst="$repo/Tests/Fixtures/recordings"

pokemon_ids=(1 2 3 4 25)
character_ids=$(seq 1 25)

command -v jq >/dev/null || { echo "make-fixtures: jq is required" >&2; exit 1; }
[[ -f "$src/README.md" ]] || { echo "make-fixtures: $src does not look like the recordings" >&2; exit 1; }

rm -rf "$dst"
mkdir -p "$dst"

# Copies one file, keeping its path relative to the recordings root.
copy() {
  local rel="$1"
  mkdir -p "$dst/$(dirname "$rel")"
  cp "$src/$rel" "$dst/$rel"
}

# Maps an absolute recorded URL to its file: JSON resources end in a slash (index.json).
url_to_path() {
  local path="${1#https://}"
  if [[ "$path" == */ ]]; then echo "${path}index.json"; else echo "$path"; fi
}

# Rewrites a PokéAPI list index.json so that it lists only the resources copied next to it.
rewrite_poke_index() {
  local kind="$1"
  local ids
  ids=$(find "$dst/pokeapi.co/api/v2/$kind" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | jq -R 'tonumber' | jq -s -c .)
  jq -c --argjson ids "$ids" '
    .results |= map(select((.url | split("/")[-2] | tonumber) as $id | $ids | index($id)))
    | .count = (.results | length)
  ' "$src/pokeapi.co/api/v2/$kind/index.json" > "$dst/pokeapi.co/api/v2/$kind/index.json"
}

poke="pokeapi.co/api/v2"
for id in "${pokemon_ids[@]}"; do
  copy "$poke/pokemon/$id/index.json"
  copy "$poke/pokemon-species/$id/index.json"
  pokemon="$src/$poke/pokemon/$id/index.json"
  species="$src/$poke/pokemon-species/$id/index.json"
  { jq -r '.types[].type.url, .abilities[].ability.url' "$pokemon"
    jq -r '.evolution_chain.url' "$species"
  } | while read -r url; do copy "$(url_to_path "$url")"; done
  jq -r '.sprites | .front_default, .back_default, .front_shiny, .back_shiny, .front_female, .other.dream_world.front_default, .versions["generation-i"]["red-blue"].front_default, .versions["generation-i"].yellow.front_default, .versions["generation-ii"].gold.front_default, .versions["generation-ii"].silver.front_default, .versions["generation-ii"].crystal.front_default
         | select(. != null)' "$pokemon" |
    while read -r url; do
      rel="$(url_to_path "$url")"
      if [[ -f "$src/$rel" ]]; then copy "$rel"; else echo "skipped missing sprite $rel"; fi
    done
done
for kind in pokemon pokemon-species type ability evolution-chain; do
  rewrite_poke_index "$kind"
done

rm_api="rickandmortyapi.com/api"
for id in $character_ids; do
  copy "$rm_api/character/$id/index.json"
  copy "$rm_api/character/avatar/$id.jpeg"
done
jq -c '[.[] | select(.id <= 25)]' "$src/$rm_api/character/index.json" > "$dst/$rm_api/character/index.json"
for kind in episode location; do
  (cd "$src" && find "$rm_api/$kind" -name '*.json') | while read -r rel; do copy "$rel"; done
done

(cd "$src" && find fakestoreapi.com -type f) | while read -r rel; do copy "$rel"; done

echo "fixtures written to $dst"
echo "files: $(find "$dst" -type f | wc -l)"
echo "size: $(du -sh --apparent-size "$dst" | cut -f1) (apparent), $(du -sh "$dst" | cut -f1) on disk"
