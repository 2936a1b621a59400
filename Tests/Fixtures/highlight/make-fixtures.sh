#!/bin/sh
# Regenerates the fixtures beside this script from the real tools: Debian's hugo 0.111.3 for the HTML of fenced blocks
# and `hugo gen chromastyles`, and Debian's Chroma 2.5.0 source (through chroma-css.go) for Chroma's own CSS.
# Needs: hugo, go, golang-github-alecthomas-chroma-v2-dev. Run from anywhere; writes only into this folder and a
# temporary directory.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Chroma's CSS, built from the installed source in GOPATH mode.
mkdir -p "$work/chroma-css"
cp "$here/chroma-css.go" "$work/chroma-css/main.go"
(cd "$work/chroma-css" && GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE="$work/gocache" go build -o chroma-css .)
for style in github monokai github-dark; do
  "$work/chroma-css/chroma-css" "$style" > "$here/chroma-$style.css"
done
"$work/chroma-css/chroma-css" -fnv > "$here/chroma-css.fnv"

# Hugo's CSS: Chroma's with all classes; --highlightStyle= keeps the style's own line highlight (Hugo's default
# replaces it with bg:#ffffcc), so the github one is also kept with Hugo's default.
for style in github monokai; do
  hugo gen chromastyles --style="$style" --highlightStyle= > "$here/hugo-$style.css"
done
hugo gen chromastyles --style=github > "$here/hugo-github-default.css"

# Hugo's HTML: one page per block of blocks.md (a "## name" heading, then the fenced block).
site="$work/site"
hugo new site "$site" > /dev/null
printf '[markup.highlight]\nnoClasses = false\n' >> "$site/config.toml"
mkdir -p "$site/layouts/_default"
printf '{{ .Content }}' > "$site/layouts/_default/single.html"
awk -v dir="$site/content" '
  /^## / { name = $2; file = dir "/" name ".md"; print "---\ntitle: " name "\n---" > file; next }
  name != "" { print >> file }
' "$here/blocks.md"
(cd "$site" && hugo --quiet)
for page in "$site"/content/*.md; do
  name=$(basename "$page" .md)
  cp "$site/public/$name/index.html" "$here/hugo-$name.html"
done
