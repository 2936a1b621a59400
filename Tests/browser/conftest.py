"""Fixtures for Vitrina's browser tests.

The site is the default one, built offline with the debug binary (or taken from $VITRINA_SITE).
Chromium is Debian's (never `playwright install`): headless, with --no-sandbox because CI runs as root.
Every test gets a fresh browser context (clean localStorage); any console error or uncaught page
error during a test fails that test, so "no console error" is checked on every page a test visits.
"""
from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import sys
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[2]
SITE_ENV = "VITRINA_SITE"
DEFAULT_TIMEOUT_MS = 10_000


def pytest_addoption(parser):
    # test_docs_nav.py against a real built site instead of its generated fixture.
    parser.addoption("--docs-nav-site", default=None, help="built site for test_docs_nav.py (else its fixture is generated)")
    parser.addoption("--docs-nav-manifest", default=None, help="JSON naming the pages test_docs_nav.py visits")
    parser.addoption("--search-site", default=None, help="built site for test_search.py (else its fixture is generated)")
    parser.addoption("--search-manifest", default=None, help="JSON naming the pages test_search.py searches")


# ---------------------------------------------------------------------------------------------
# The built site
# ---------------------------------------------------------------------------------------------

def _build_site(target: Path) -> Path:
    binary = REPO / ".build" / "debug" / "vitrina"
    if not binary.exists():
        subprocess.run(["swift", "build", "--product", "vitrina"], cwd=REPO, check=True)
    subprocess.run(
        [str(binary), "build", "--offline", "--output", str(target)],
        cwd=REPO, check=True, stdout=subprocess.DEVNULL,
    )
    return target


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """Folder of the built default site."""
    given = os.environ.get(SITE_ENV)
    if given:
        path = Path(given).resolve()
    else:
        path = _build_site(tmp_path_factory.mktemp("vitrina") / "site")
    assert (path / "index.html").is_file(), f"no built site at {path}"
    return path


@pytest.fixture(scope="session")
def site_url(site):
    """site_url("pokemon/index.html") -> file:///…/pokemon/index.html (optionally with a query)."""
    base = site.as_uri().rstrip("/") + "/"

    def make(path: str = "index.html", query: str = "") -> str:
        return base + path.lstrip("/") + (("?" + query) if query else "")

    return make


# ---------------------------------------------------------------------------------------------
# The browser
# ---------------------------------------------------------------------------------------------

def chromium_path() -> str:
    return shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True, args=["--no-sandbox"],
        )
        yield instance
        instance.close()


class ConsoleWatch:
    """Collects console errors and uncaught exceptions of every page of a context."""

    def __init__(self):
        self.errors: list[str] = []

    def attach(self, page):
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.errors.append(f"[{page.url}] uncaught: {error}"))

    def _on_console(self, message):
        if message.type == "error":
            where = message.location or {}
            self.errors.append(
                f"[{where.get('url', '?')}:{where.get('lineNumber', '?')}] console.error: {message.text}"
            )


@pytest.fixture
def new_page(browser, request):
    """Factory: new_page(**context_options) -> a page in a fresh, watched context.

    Options go to browser.new_context (viewport, java_script_enabled, …); `init_script=` adds a script
    that runs before the page's own scripts.
    """
    watch = ConsoleWatch()
    request.node._console_watch = watch
    contexts = []

    def make(init_script: str | None = None, **options):
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        context.on("page", watch.attach)
        if init_script:
            context.add_init_script(init_script)
        contexts.append(context)
        page = context.new_page()
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page):
    """A page in a fresh context at desktop width; console errors fail the test."""
    return new_page()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    outcome = yield
    watch = getattr(item, "_console_watch", None)
    if watch is None or not watch.errors:
        return
    report = "\n".join(watch.errors)
    if outcome.excinfo is None:
        outcome.force_exception(AssertionError("the browser logged errors:\n" + report))
    else:
        item.add_report_section("call", "browser errors", report)


# ---------------------------------------------------------------------------------------------
# The same site over HTTP under a sub-path
# ---------------------------------------------------------------------------------------------

SUB_PATH = "demo/vitrina/"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def fixture_module(name: str):
    """Tests/browser/fixtures/NAME.py, loaded as a module (the scripts that write a test site)."""
    spec = importlib.util.spec_from_file_location(name, REPO / "Tests/browser/fixtures" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def given_site(request, name: str, manifest_file: str):
    """A real built site given to a suite that otherwise writes its own: --NAME-site=FOLDER (or VITRINA_NAME_SITE) and
    its manifest, --NAME-manifest=FILE (or VITRINA_NAME_MANIFEST, else FOLDER/manifest_file); None when none is given."""
    def option(flag: str) -> str | None:
        try:
            value = request.config.getoption(f"--{name}-{flag}")
        except ValueError:
            value = None
        return value or os.environ.get(f"VITRINA_{name.upper().replace('-', '_')}_{flag.upper()}")
    given = option("site")
    if not given:
        return None
    site = Path(given).resolve()
    manifest_path = option("manifest") or site / manifest_file
    return site, json.loads(Path(manifest_path).read_text(encoding="utf-8"))


def serve_under(folder, root, sub_path: str):
    """Serves `folder` over HTTP at /`sub_path` on 127.0.0.1 (a generator: yields the base URL, ending in /)."""
    mount = root / sub_path.rstrip("/")
    mount.parent.mkdir(parents=True)
    mount.symlink_to(folder, target_is_directory=True)
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="vitrina-http", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{sub_path}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def http_site(site, tmp_path_factory):
    """Base URL (ending in /) of the site served over HTTP at /demo/vitrina/ on 127.0.0.1."""
    yield from serve_under(site, tmp_path_factory.mktemp("http-root"), SUB_PATH)
