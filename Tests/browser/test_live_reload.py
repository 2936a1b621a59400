"""`vitrina serve`: a real server on 127.0.0.1 and a real page that reloads on an edit, shows a failed
rebuild's error in an overlay, and clears it when the file is fixed. The site comes from `vitrina new`.
"""
from __future__ import annotations

import re
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import REPO

PAGE = "Content/docs/getting-started.md"


@pytest.fixture
def served_site(tmp_path):
    binary = REPO / ".build" / "debug" / "vitrina"
    site = tmp_path / "sitio"
    subprocess.run([str(binary), "new", str(site)], check=True, stdout=subprocess.DEVNULL)
    server = subprocess.Popen(
        [str(binary), "serve", "--site", str(site), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    url = None
    deadline = time.time() + 60
    while url is None and time.time() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        if match:
            url = match.group(1)
    assert url, "vitrina serve did not say where it listens"
    # Its reports keep being read (a full pipe would stop the server) and are printed, which pytest shows on a failure.
    output: list[str] = []
    reader = threading.Thread(target=lambda: output.extend(server.stdout), daemon=True)
    reader.start()
    yield site, url
    server.terminate()
    server.wait(timeout=10)
    reader.join(timeout=10)
    print("vitrina serve said:\n" + "".join(output))


def _served(address: str) -> bool:
    try:
        with urllib.request.urlopen(address, timeout=5) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def _edit(site: Path, text: str) -> None:
    (site / PAGE).write_text(text, encoding="utf-8")


def test_edit_reloads_the_open_page_and_errors_show_in_an_overlay(served_site, page):
    site, url = served_site
    page.goto(url + "docs/getting-started/")
    page.wait_for_function("window.vitrinaLiveReload && window.vitrinaLiveReload.connected()")
    assert page.locator("h1").first.inner_text().startswith("Primeros pasos")

    _edit(site, "---\ntitle: Primeros pasos\n---\nTexto recargado al guardar.\n")
    page.wait_for_selector("text=Texto recargado al guardar.", timeout=10_000)

    _edit(site, "---\ntitle: [roto\n---\nNo se ve.\n")
    overlay = page.locator("#vitrina-error-overlay")
    overlay.wait_for(state="visible", timeout=10_000)
    assert "Content/docs/getting-started.md" in overlay.inner_text()
    assert page.locator("text=Texto recargado al guardar.").count() == 1, "the last good page stays underneath"

    _edit(site, "---\ntitle: Primeros pasos\n---\nArreglado.\n")
    page.wait_for_selector("text=Arreglado.", timeout=10_000)
    assert page.locator("#vitrina-error-overlay").count() == 0


def test_an_edited_section_page_reloads_after_a_quick_edit(served_site, page):
    """A new page goes through a build; editing its text then takes the quick edit (only that page is drawn)."""
    site, url = served_site
    notes = site / "Content" / "notas" / "primera.md"
    notes.parent.mkdir(parents=True)
    notes.write_text("# Primera nota\n\nBorrador inicial.\n", encoding="utf-8")
    # Served, not only on disk: the server answers with what the manifest lists, and a build moves the manifest in
    # after the pages, so a file can exist a moment before it is served.
    deadline = time.time() + 30
    while time.time() < deadline and not _served(url + "notas/primera/"):
        time.sleep(0.05)
    assert _served(url + "notas/primera/"), "the page saved into a new folder was not built and served within 30 s"
    page.goto(url + "notas/primera/")
    page.wait_for_function("window.vitrinaLiveReload && window.vitrinaLiveReload.connected()")
    assert page.locator("text=Borrador inicial.").count() == 1

    notes.write_text("# Primera nota\n\nTexto corregido en el acto.\n", encoding="utf-8")
    page.wait_for_selector("text=Texto corregido en el acto.", timeout=10_000)
    assert page.locator("h1").first.inner_text().startswith("Primera nota")
