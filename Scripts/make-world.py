#!/usr/bin/env python3
"""Build the offline world map from Natural Earth (dev-time only).

Construye el mapa del mundo sin conexión a partir de Natural Earth (solo en desarrollo).

Reads the Natural Earth 1:110m Admin 0 shapefile (public domain) kept in ../shared/geo and writes:

  Templates/assets/world.svg
      Equirectangular world, viewBox "-180 -90 360 180", x = longitude, y = -latitude,
      one <path> per country (id = ISO A3 where it has one, data-name = English name).
  Sources/VitrinaFeatures/Characters/WorldPoints.swift
      One interior land point per country (inside its largest polygon), sorted by name,
      and a fixed list of open-ocean points checked to be at sea.

This is the only place in the project that reads ../shared. The outputs are committed; the build
never runs this script. The shapefile is parsed with `struct` (no third-party packages), and the
output is deterministic: running it twice gives identical files.

Usage:  python3 Scripts/make-world.py [--geo DIR] [--check]
        --check  exit 1 when the committed outputs differ from what the script would write.
"""

import argparse
import math
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_GEO = os.path.normpath(os.path.join(ROOT, "..", "shared", "geo"))
SVG_OUT = os.path.join(ROOT, "Templates", "assets", "world.svg")
SWIFT_OUT = os.path.join(ROOT, "Sources", "VitrinaFeatures", "Characters", "WorldPoints.swift")

# Simplification tolerance (degrees) and the grid the SVG coordinates are rounded to.
SIMPLIFY_EPSILON = 0.05
SVG_DECIMALS = 1
# Rings whose simplified area is below this (square degrees) are dropped, except a country's largest.
MIN_RING_AREA = 0.02

# Colours of the background. The pages dim the image in the dark theme (map.css), so these are
# mid-light tones that read on both palettes.
SEA_COLOUR = "#a9cbe3"
LAND_COLOUR = "#eee9da"
BORDER_COLOUR = "#a59f8c"
# Border width in map units. The pages zoom the map up to 40x by changing the host viewBox, and an
# SVG used as an image scales its strokes with it; so the file carries thinner widths for higher
# zooms, picked with a fragment (world.svg#s10 and so on) that map.js sets from the screen pixels per
# map unit. Each band keeps borders at roughly 0.3-0.7 px on screen. Without a fragment: BORDER_WIDTH.
BORDER_WIDTH = "0.2"
BORDER_BANDS = [("s2", "0.12"), ("s4", "0.07"), ("s10", "0.03"), ("s25", "0.012"), ("s60", "0.005"), ("s150", "0.002")]

# Natural Earth 110m leaves iso_a3 = "-99" for a few countries; these have a well-known code.
ISO_FIXUPS = {"France": "FRA", "Norway": "NOR"}

# Open-ocean points (longitude, latitude), spread over every ocean. Each one is checked below
# to lie at sea and at least SEA_MARGIN degrees from any coastline vertex.
SEA_POINTS = [
    ("North Pacific, west", 160.0, 30.0),
    ("North Pacific, central", -170.0, 35.0),
    ("North Pacific, east", -140.0, 25.0),
    ("Gulf of Alaska", -145.0, 50.0),
    ("Equatorial Pacific, west", 170.0, 5.0),
    ("Equatorial Pacific, east", -120.0, 0.0),
    ("South Pacific, west", -170.0, -30.0),
    ("South Pacific, central", -130.0, -25.0),
    ("South Pacific, east", -100.0, -35.0),
    ("Tasman Sea", 160.0, -40.0),
    ("North Atlantic, west", -60.0, 35.0),
    ("North Atlantic, central", -40.0, 45.0),
    ("North Atlantic, east", -25.0, 30.0),
    ("Equatorial Atlantic", -25.0, 0.0),
    ("South Atlantic, west", -30.0, -30.0),
    ("South Atlantic, east", 0.0, -25.0),
    ("Norwegian Sea", 0.0, 68.0),
    ("Arabian Sea", 65.0, 12.0),
    ("Indian Ocean, central", 80.0, -10.0),
    ("Indian Ocean, west", 60.0, -30.0),
    ("Indian Ocean, east", 95.0, -30.0),
    ("Southern Ocean, Atlantic", -20.0, -55.0),
    ("Southern Ocean, Indian", 80.0, -55.0),
    ("Southern Ocean, Pacific", -140.0, -58.0),
]
SEA_MARGIN = 3.0


# ---------------------------------------------------------------------------------------------
# Shapefile (.shp) and dBase (.dbf) readers
# ---------------------------------------------------------------------------------------------

def read_shp(path):
    """Return a list with one entry per record: a list of rings, each a list of (x, y)."""
    with open(path, "rb") as f:
        data = f.read()
    file_code, = struct.unpack(">i", data[0:4])
    if file_code != 9994:
        raise SystemExit(f"{path}: not a shapefile (file code {file_code})")
    shape_type, = struct.unpack("<i", data[32:36])
    if shape_type not in (5, 15, 25):
        raise SystemExit(f"{path}: expected polygons, got shape type {shape_type}")
    shapes = []
    offset = 100
    while offset + 8 <= len(data):
        _number, length_words = struct.unpack(">ii", data[offset:offset + 8])
        content = data[offset + 8: offset + 8 + length_words * 2]
        offset += 8 + length_words * 2
        kind, = struct.unpack("<i", content[0:4])
        if kind == 0:  # null shape
            shapes.append([])
            continue
        if kind not in (5, 15, 25):
            raise SystemExit(f"{path}: unsupported shape type {kind} in a record")
        num_parts, num_points = struct.unpack("<ii", content[36:44])
        parts = list(struct.unpack(f"<{num_parts}i", content[44:44 + 4 * num_parts]))
        base = 44 + 4 * num_parts
        coords = struct.unpack(f"<{2 * num_points}d", content[base:base + 16 * num_points])
        points = [(coords[2 * i], coords[2 * i + 1]) for i in range(num_points)]
        rings = []
        for i, start in enumerate(parts):
            end = parts[i + 1] if i + 1 < num_parts else num_points
            rings.append(points[start:end])
        shapes.append(rings)
    return shapes


def read_dbf(path, encoding):
    with open(path, "rb") as f:
        data = f.read()
    num_records, header_len, record_len = struct.unpack("<IHH", data[4:12])
    fields = []
    pos = 32
    while data[pos] != 0x0D:
        name = data[pos:pos + 11].split(b"\x00", 1)[0].decode("ascii")
        ftype = chr(data[pos + 11])
        flen = data[pos + 16]
        fields.append((name, ftype, flen))
        pos += 32
    records = []
    for r in range(num_records):
        start = header_len + r * record_len
        raw = data[start:start + record_len]
        if raw[:1] == b"*":  # deleted
            records.append(None)
            continue
        values = {}
        p = 1
        for name, ftype, flen in fields:
            text = raw[p:p + flen].decode(encoding).strip()
            p += flen
            if ftype in ("N", "F"):
                try:
                    values[name] = float(text) if text else None
                except ValueError:
                    values[name] = None
            else:
                values[name] = text
        records.append(values)
    return records


# ---------------------------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------------------------

def signed_area(ring):
    s = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2.0


def centroid(ring):
    a = signed_area(ring)
    if abs(a) < 1e-12:
        xs = [p[0] for p in ring]
        ys = [p[1] for p in ring]
        return (sum(xs) / len(xs), sum(ys) / len(ys))
    cx = cy = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (6 * a), cy / (6 * a))


def point_in_ring(x, y, ring):
    inside = False
    n = len(ring)
    j = n - 1
    for i in range(n):
        xi, yi = ring[i]
        xj, yj = ring[j]
        if (yi > y) != (yj > y):
            xc = xi + (y - yi) * (xj - xi) / (yj - yi)
            if x < xc:
                inside = not inside
        j = i
    return inside


def point_in_polygon(x, y, polygon):
    outer, holes = polygon
    if not point_in_ring(x, y, outer):
        return False
    return not any(point_in_ring(x, y, h) for h in holes)


def group_polygons(rings):
    """Shapefile outer rings are clockwise (negative shoelace area), holes counter-clockwise.
    Returns [(outer, [holes])]."""
    outers = [r for r in rings if signed_area(r) < 0]
    holes = [r for r in rings if signed_area(r) >= 0]
    if not outers:  # tolerate files with the opposite winding
        outers, holes = holes, []
    polygons = [(o, []) for o in outers]
    for h in holes:
        hx, hy = h[0]
        for o, hs in polygons:
            if point_in_ring(hx, hy, o):
                hs.append(h)
                break
    return polygons


def polygon_area(polygon):
    outer, holes = polygon
    return abs(signed_area(outer)) - sum(abs(signed_area(h)) for h in holes)


def distance_to_segment(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    if dx == 0 and dy == 0:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)
    t = max(0.0, min(1.0, t))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def distance_to_rings(x, y, rings):
    best = float("inf")
    for ring in rings:
        n = len(ring)
        for i in range(n):
            ax, ay = ring[i]
            bx, by = ring[(i + 1) % n]
            d = distance_to_segment(x, y, ax, ay, bx, by)
            if d < best:
                best = d
    return best


def interior_point(polygon):
    """A point well inside the polygon: its centroid when that lies inside and not too close to an
    edge, otherwise the middle of the widest inside stretch found by scanning horizontal lines."""
    outer, holes = polygon
    rings = [outer] + holes
    cx, cy = centroid(outer)
    xs = [p[0] for p in outer]
    ys = [p[1] for p in outer]
    size = min(max(xs) - min(xs), max(ys) - min(ys))
    if point_in_polygon(cx, cy, polygon) and distance_to_rings(cx, cy, rings) >= size * 0.1:
        return (cx, cy)
    best = None
    steps = 64
    y0, y1 = min(ys), max(ys)
    for k in range(1, steps):
        y = y0 + (y1 - y0) * k / steps
        crossings = []
        for ring in rings:
            n = len(ring)
            for i in range(n):
                xa, ya = ring[i]
                xb, yb = ring[(i + 1) % n]
                if (ya > y) != (yb > y):
                    crossings.append(xa + (y - ya) * (xb - xa) / (yb - ya))
        crossings.sort()
        for i in range(0, len(crossings) - 1, 2):
            a, b = crossings[i], crossings[i + 1]
            mx = (a + b) / 2
            # Prefer wide stretches near the vertical middle of the shape.
            score = (b - a) * (1.0 - 0.5 * abs(y - cy) / max(y1 - y0, 1e-9))
            if best is None or score > best[0]:
                best = (score, mx, y)
    if best is None:
        return (cx, cy)
    return (best[1], best[2])


def douglas_peucker(points, epsilon):
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        start, end = stack.pop()
        ax, ay = points[start]
        bx, by = points[end]
        max_d = -1.0
        index = None
        for i in range(start + 1, end):
            d = distance_to_segment(points[i][0], points[i][1], ax, ay, bx, by)
            if d > max_d:
                max_d, index = d, i
        if index is not None and max_d > epsilon:
            keep[index] = True
            stack.append((start, index))
            stack.append((index, end))
    return [p for p, k in zip(points, keep) if k]


def simplify_ring(ring, epsilon, decimals):
    pts = list(ring)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    if len(pts) < 3:
        return []
    # Split the closed ring at its farthest point from the start so both halves keep their shape.
    far = max(range(len(pts)), key=lambda i: (pts[i][0] - pts[0][0]) ** 2 + (pts[i][1] - pts[0][1]) ** 2)
    first = douglas_peucker(pts[:far + 1], epsilon)
    second = douglas_peucker(pts[far:] + [pts[0]], epsilon)
    simplified = first[:-1] + second[:-1]
    rounded = []
    for x, y in simplified:
        q = (round(x, decimals), round(y, decimals))
        if not rounded or rounded[-1] != q:
            rounded.append(q)
    while len(rounded) > 1 and rounded[0] == rounded[-1]:
        rounded.pop()
    if len(rounded) < 3:
        return []
    return rounded


# ---------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------

def fmt(value, decimals):
    text = f"{value:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text


def ring_path(ring, decimals):
    """Compact path data for one ring: x = longitude, y = -latitude."""
    out = []
    for i, (x, y) in enumerate(ring):
        if i == 0:
            out.append("M")
        elif i == 1:
            out.append("L")
        for number in (fmt(x, decimals), fmt(-y, decimals)):
            if out and out[-1] not in ("M", "L") and not number.startswith("-"):
                out.append(" ")
            out.append(number)
    out.append("Z")
    return "".join(out)


def xml_escape(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace('"', "&quot;"))


def slug(text):
    out = []
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")


def build(geo_dir):
    shp = os.path.join(geo_dir, "naturalearth_lowres.shp")
    dbf = os.path.join(geo_dir, "naturalearth_lowres.dbf")
    cpg = os.path.join(geo_dir, "naturalearth_lowres.cpg")
    encoding = "latin-1"
    if os.path.exists(cpg):
        with open(cpg, encoding="ascii") as f:
            encoding = f.read().strip() or encoding
    shapes = read_shp(shp)
    records = read_dbf(dbf, encoding)
    if len(shapes) != len(records):
        raise SystemExit(f"{len(shapes)} shapes but {len(records)} attribute records")

    countries = []
    for rings, rec in zip(shapes, records):
        if rec is None or not rings:
            continue
        name = rec.get("name") or "?"
        iso = rec.get("iso_a3") or ""
        if not (len(iso) == 3 and iso.isalpha()):
            iso = ISO_FIXUPS.get(name, "")
        countries.append({"name": name, "iso": iso, "rings": rings,
                          "polygons": group_polygons(rings)})
    countries.sort(key=lambda c: (c["name"], c["iso"]))

    # --- SVG -----------------------------------------------------------------------------
    used_ids = set()
    lines = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-180 -90 360 180" width="360" height="180">',
        "<!-- Generated by Scripts/make-world.py from Natural Earth 1:110m countries (public domain). "
        "Do not edit. -->",
        "<!-- Generado por Scripts/make-world.py a partir de Natural Earth 1:110m (dominio público). "
        "No editar. -->",
        f'<rect x="-180" y="-90" width="360" height="180" fill="{SEA_COLOUR}"/>',
        "<!-- Border width by zoom band: world.svg#s10 targets one of these markers. -->",
        "<style>" + "".join(f"#{band}:target~g{{stroke-width:{width}}}" for band, width in BORDER_BANDS) + "</style>",
        "".join(f'<g id="{band}"/>' for band, _ in BORDER_BANDS),
        f'<g fill="{LAND_COLOUR}" stroke="{BORDER_COLOUR}" stroke-width="{BORDER_WIDTH}" '
        'stroke-linejoin="round" fill-rule="evenodd">',
    ]
    for c in countries:
        largest = max(c["rings"], key=lambda r: abs(signed_area(r)))
        pieces = []
        for ring in c["rings"]:
            decimals = SVG_DECIMALS
            simple = simplify_ring(ring, SIMPLIFY_EPSILON, decimals)
            if not simple and ring is largest:
                # Never lose a whole country: keep its largest ring at a finer grid.
                decimals = 2
                simple = simplify_ring(ring, 0.0, decimals)
            if not simple:
                continue
            if ring is not largest and abs(signed_area(simple)) < MIN_RING_AREA:
                continue
            pieces.append(ring_path(simple, decimals))
        if not pieces:
            continue
        ident = c["iso"] if c["iso"] and c["iso"] not in used_ids else slug(c["name"])
        used_ids.add(ident)
        lines.append(f'<path id="{xml_escape(ident)}" data-name="{xml_escape(c["name"])}" d="{"".join(pieces)}"/>')
    lines.append("</g>")
    lines.append("</svg>")
    svg = "\n".join(lines) + "\n"

    # --- Land points ---------------------------------------------------------------------
    land = []
    for c in countries:
        polygons = [p for p in c["polygons"] if polygon_area(p) > 0]
        if not polygons:
            continue
        largest = max(polygons, key=polygon_area)
        x, y = interior_point(largest)
        x, y = round(x, 2), round(y, 2)
        if not point_in_polygon(x, y, largest):
            raise SystemExit(f"interior point for {c['name']} is outside it: {x}, {y}")
        land.append((c["name"], c["iso"], x, y))

    # --- Sea points ----------------------------------------------------------------------
    all_polygons = [p for c in countries for p in c["polygons"]]
    all_rings = [r for c in countries for r in c["rings"]]
    for label, x, y in SEA_POINTS:
        for p in all_polygons:
            if point_in_polygon(x, y, p):
                raise SystemExit(f"sea point {label} ({x}, {y}) is on land")
        d = distance_to_rings(x, y, all_rings)
        if d < SEA_MARGIN:
            raise SystemExit(f"sea point {label} ({x}, {y}) is only {d:.2f}° from a coast")

    out = [
        "// Generated by Scripts/make-world.py from Natural Earth 1:110m countries (public domain). Do not edit.",
        "// Generado por Scripts/make-world.py a partir de Natural Earth 1:110m (dominio público). No editar.",
        "",
        "/// Points for the world map as longitude/latitude (on the map x = longitude, y = -latitude): one inside",
        "/// each country, sorted by country name, and open-ocean points for unknown locations.",
        "enum WorldPoints {",
        f"    /// One interior point per country ({len(land)}), inside its largest polygon.",
        "    static let land: [(longitude: Double, latitude: Double)] = [",
    ]
    for name, iso, x, y in land:
        tag = f"{name} ({iso})" if iso else name
        out.append(f"        (longitude: {fmt_swift(x)}, latitude: {fmt_swift(y)}), // {tag}")
    out.append("    ]")
    out.append("")
    out.append(f"    /// Open-ocean points ({len(SEA_POINTS)}), each at least {fmt_swift(SEA_MARGIN)}° from any coast.")
    out.append("    static let sea: [(longitude: Double, latitude: Double)] = [")
    for label, x, y in SEA_POINTS:
        out.append(f"        (longitude: {fmt_swift(x)}, latitude: {fmt_swift(y)}), // {label}")
    out.append("    ]")
    out.append("}")
    swift = "\n".join(out) + "\n"
    return svg, swift, len(countries), len(land)


def fmt_swift(value):
    text = f"{value:.2f}".rstrip("0")
    if text.endswith("."):
        text += "0"
    if text == "-0.0":
        text = "0.0"
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--geo", default=DEFAULT_GEO, help="folder holding naturalearth_lowres.shp/.dbf")
    parser.add_argument("--check", action="store_true", help="only compare with the committed outputs")
    args = parser.parse_args()
    svg, swift, countries, land = build(args.geo)
    outputs = [(SVG_OUT, svg), (SWIFT_OUT, swift)]
    if args.check:
        stale = []
        for path, text in outputs:
            try:
                with open(path, encoding="utf-8") as f:
                    if f.read() != text:
                        stale.append(path)
            except FileNotFoundError:
                stale.append(path)
        for path in stale:
            print(f"out of date: {os.path.relpath(path, ROOT)}", file=sys.stderr)
        return 1 if stale else 0
    for path, text in outputs:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print(f"wrote {os.path.relpath(path, ROOT)} ({len(text.encode('utf-8'))} bytes)")
    print(f"{countries} countries, {land} land points, {len(SEA_POINTS)} sea points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
