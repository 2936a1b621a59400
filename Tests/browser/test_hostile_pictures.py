"""Pictures from an API that cannot carry script.

A declared source (the Fake Store, served by the replay server on 127.0.0.1) names as its products' pictures hostile
SVGs (the vectors of OWASP's and DOMPurify's lists, and a seeded sample of generated ones), an HTML page named `.jpg`,
an SVG served as `image/png`, and benign SVGs (PokéAPI's artwork, the theme's world map and icons). The build must
name each hostile picture in a warning, publish the HTML as nothing, and publish every SVG so that opening it
directly in Chromium, from file:// and over HTTP, runs nothing; Python's own XML parser must find in each published
SVG nothing that could run or reach out; and each benign SVG must draw the same pixels as it came.

Imágenes de una API que no pueden llevar código: cada SVG publicado se abre en Chromium sin ejecutar nada, las
benignas dibujan los mismos píxeles y cada imagen hostil se nombra en un aviso.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from conftest import serve_under
from test_hostile_data import DialogWatch, _binary

REPO = Path(__file__).resolve().parents[2]
SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60" height="60">'
DRAWING = '<rect width="60" height="60" fill="#3a6"/>'

# Each calls alert(): a dialog is how the browser test sees script run. / Cada uno llama a alert().
VECTORS = [
    "<script>alert(1)</script>",
    "<script><![CDATA[alert(1)]]></script>",
    '<rect width="10" height="10" onload="alert(1)"/>',
    '<image href="x" onerror="alert(1)"/>',
    '<image href="data:image/png;base64,iVBORw0KGgo=" onerror="alert(1)"/>',
    '<foreignObject width="60" height="60"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject>',
    '<foreignObject width="60" height="60"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>',
    '<set attributeName="onload" to="alert(1)"/>',
    '<animate attributeName="onbegin" to="alert(1)" begin="0s"/>',
    '<animate onbegin="alert(1)" attributeName="x" dur="1s"/>',
    '<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>',
    '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>',
    '<h:img xmlns:h="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/>',
    '<script\n>alert(1)</script\n>',
    '<svg onload="alert(1)"/>',
    '<g><svg><script>alert(1)</script></svg></g>',
    '<discard begin="0s" onbegin="alert(1)"/>',
    '<use href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=#x"/>',
    '<style>@import url(data:text/css,x);</style><rect width="5" height="5" fill="url(https://evil.example/#a)"/>',
    '<a href="javascript:alert(1)"><rect width="9" height="9"/></a>',
    '<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>',
]
REFUSED = ['<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]>' + SVG_OPEN + DRAWING + "&x;</svg>"]
HANDLERS = ["onload", "onerror", "onbegin", "onfocusin", "ONLOAD", "OnLoad"]
CONTAINERS = ["g", "defs", "a", "switch", "svg", "symbol"]


def generated(count: int, seed: int = 0x5AFE) -> list[str]:
    """A seeded sample of hostile documents: vectors nested in containers, with handlers on the root."""
    chooser = random.Random(seed)
    documents = []
    for _ in range(count):
        body = DRAWING + "".join(chooser.choice(VECTORS) for _ in range(chooser.randint(1, 3)))
        for _ in range(chooser.randint(0, 2)):
            container = chooser.choice(CONTAINERS)
            body = f"<{container}>{body}</{container}>"
        root = SVG_OPEN if chooser.random() < 0.7 else SVG_OPEN.replace(">", f' {chooser.choice(HANDLERS)}="alert(1)">', 1)
        documents.append(root + body + "</svg>")
    return documents


def benign_sources() -> dict[str, bytes]:
    """Real SVGs: PokéAPI's dream-world artwork (the fixtures) and the theme's pictures."""
    found = {}
    artwork = REPO / "Tests/Fixtures/recordings/raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/dream-world"
    for path in sorted(artwork.glob("*.svg")):
        found[f"benign-art-{path.stem}.svg"] = path.read_bytes()
    for name in ["world.svg", "placeholder.svg", "favicon.svg", "sample.svg"]:
        found[f"benign-theme-{Path(name).stem}.svg"] = (REPO / "Templates/assets" / name).read_bytes()
    return found


def pictures() -> dict[str, bytes]:
    """Every picture the hostile source names, by file name below the store's `img/`."""
    found = {f"vector-{index:02}.svg": (SVG_OPEN + DRAWING + vector + "</svg>").encode() for index, vector in enumerate(VECTORS)}
    found |= {f"generated-{index:03}.svg": document.encode() for index, document in enumerate(generated(150))}
    found |= {f"refused-{index}.svg": document.encode() for index, document in enumerate(REFUSED)}
    found["page.jpg"] = b"<!doctype html><html><body><svg onload=alert(1)></svg><script>alert(1)</script></body></html>"
    found["drawing.png"] = (SVG_OPEN + DRAWING + "<script>alert(1)</script></svg>").encode()
    return found | benign_sources()


HOSTILE = [name for name in pictures() if not name.startswith("benign-")]


@pytest.fixture(scope="module")
def picture_site(tmp_path_factory):
    """(source recordings, output folder, build output) of a site whose store's pictures are the pictures above."""
    work = tmp_path_factory.mktemp("hostile-pictures")
    recordings = work / "recordings"
    shutil.copytree(REPO / "Tests/Fixtures/recordings/fakestoreapi.com", recordings / "fakestoreapi.com")
    images = recordings / "fakestoreapi.com" / "img"
    listing_file = recordings / "fakestoreapi.com" / "products" / "index.json"
    listing = json.loads(listing_file.read_text())
    template = listing[0]
    for number, (name, data) in enumerate(sorted(pictures().items()), start=1001):
        (images / name).write_bytes(data)
        listing.append(template | {"id": number, "title": f"Picture {name}", "category": "pictures",
                                   "image": f"https://fakestoreapi.com/img/{name}"})
    listing_file.write_text(json.dumps(listing))

    source = work / "source"
    (source / "Content").mkdir(parents=True)
    lines = (REPO / "Content" / "site.yml").read_text().split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("  store:"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("  ") and not lines[i].startswith("   ")), len(lines))
    (source / "Content" / "site.yml").write_text(
        "title: Pictures\ndefault_language: en\nlanguages: [en]\napp_screens: true\nsources:\n" + "\n".join(lines[start:end]) + "\n")
    shutil.copytree(REPO / "Templates", source / "Templates")
    output = work / "site"
    vitrina, replay = _binary("vitrina"), _binary("vitrina-replay")
    server = subprocess.Popen([str(replay), "--root", str(recordings), "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = server.stdout.readline()
        assert line.startswith("listening on "), line
        # As under GitHub Actions, every warning is printed as an annotation (the summary lists the first 50).
        # Como en GitHub Actions: cada aviso sale como anotación (el resumen muestra los 50 primeros).
        build = subprocess.run([str(vitrina), "build", "--site", str(source), "--output", str(output), "--api", f"store={line.split()[-1]}"],
                               capture_output=True, text=True, timeout=600, env=os.environ | {"GITHUB_ACTIONS": "true"})
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert build.returncode == 0, f"the site did not build:\n{build.stdout}\n{build.stderr}"
    return images, output, build.stdout + build.stderr


def published(output: Path) -> dict[str, Path]:
    """Each source picture's published file, by source name (the name before the extension and fingerprint)."""
    found = {}
    for path in (output / "media").rglob("*"):
        if path.is_file():
            stem = path.name.split(".")[0]
            found.setdefault(stem, path)
    return found


def test_each_hostile_picture_is_named_in_a_warning(picture_site):
    _, _, log = picture_site
    unnamed = [name for name in HOSTILE if f"/img/{name}" not in log]
    assert unnamed == [], f"no warning names {unnamed}\n{log[-3000:]}"
    assert "page.jpg" in log and "is not a picture" in log


def test_only_pictures_are_published_with_the_extension_their_bytes_say(picture_site):
    _, output, _ = picture_site
    files = published(output)
    assert "page" not in files, "the HTML named .jpg was published"
    assert "refused-0" not in files
    assert files["drawing"].suffix == ".svg", files["drawing"]
    for name in pictures():
        stem = Path(name).stem
        if name.endswith(".svg") and not name.startswith("refused"):
            path = files[stem]
            parts = path.name.split(".")
            assert parts[-1] == "svg" and len(parts[-2]) == 8, f"{path.name}: not NAME.FINGERPRINT.svg"


def test_published_svgs_hold_nothing_that_runs_as_python_reads_them(picture_site):
    _, output, _ = picture_site
    svg = "{http://www.w3.org/2000/svg}"
    problems = []
    for path in sorted((output / "media").rglob("*.svg")):
        root = ElementTree.parse(path).getroot()
        for element in root.iter():
            if not element.tag.startswith(svg) or element.tag[len(svg):] in {"script", "foreignObject", "set", "animate", "handler", "discard"}:
                problems.append(f"{path.name}: <{element.tag}>")
            for key, value in element.attrib.items():
                local = key.split("}")[-1]
                squeezed = "".join(value.lower().split())
                if local.lower().startswith("on") or "javascript:" in squeezed or "@import" in squeezed:
                    problems.append(f"{path.name}: {key}={value!r}")
                if local == "href" and not (squeezed.startswith("#") or squeezed.startswith("data:image/png;base64,")):
                    problems.append(f"{path.name}: {key}={value!r}")
    assert problems == []


def _open_each(page, urls: list[str]) -> list[str]:
    watch = DialogWatch(page)
    for url in urls:
        page.goto(url)
        page.wait_for_timeout(30)
    return watch.seen


def test_no_published_picture_runs_script_opened_directly(page, picture_site, tmp_path_factory):
    images, output, _ = picture_site
    # The watch sees script run: the hostile originals, opened the same way, do. / El vigilante ve el código ejecutarse.
    control = _open_each(page, [(images / name).as_uri() for name in ["vector-00.svg", "vector-01.svg", "vector-14.svg"]])
    assert len(control) == 3, f"the originals ran no script, so the watch sees nothing: {control}"

    files = sorted(path for path in (output / "media").rglob("*") if path.is_file())
    assert len(files) > 150
    seen = _open_each(page, [path.as_uri() for path in files])
    assert seen == [], f"script ran from file://: {seen}"
    # A picture opened over HTTP makes Chromium ask for /favicon.ico, which this server has not.
    # Una imagen abierta por HTTP hace que Chromium pida /favicon.ico, que este servidor no tiene.
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    for base in serve_under(output, tmp_path_factory.mktemp("pictures-http"), "demo/pictures/"):
        seen = _open_each(page, [base + str(path.relative_to(output)) for path in files])
        assert seen == [], f"script ran over HTTP: {seen}"


def test_benign_svgs_draw_the_same_pixels(page, picture_site):
    images, output, _ = picture_site
    files = published(output)
    page.set_viewport_size({"width": 500, "height": 500})
    different = []
    benign = [name for name in pictures() if name.startswith("benign-")]
    assert len(benign) >= 8
    for name in benign:
        shots = []
        for path in [images / name, files[Path(name).stem]]:
            # A page on disk, so it may show pictures from disk. / Una página en disco, que puede mostrar imágenes del disco.
            frame = output.parent / "compare.html"
            frame.write_text(f'<!doctype html><body style="margin:0;background:#fff"><img src="{path.as_uri()}" '
                             'style="display:block;width:480px;height:480px;object-fit:contain"></body>')
            page.goto(frame.as_uri())
            page.wait_for_function("() => document.images[0].complete && document.images[0].naturalWidth > 0")
            shots.append(page.screenshot())
        if shots[0] != shots[1]:
            different.append(name)
    assert different == [], f"drawn differently once published: {different}"
