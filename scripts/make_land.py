#!/usr/bin/env python3
"""Builds the fleet map's land outlines from Natural Earth (public domain).

Reads the 1:110m countries shapefile shipped in the geopandas 0.14.4 wheel on PyPI
(geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp), keeps the outer ring of every
polygon, simplifies each ring with Douglas-Peucker, quantises it and writes
Sources/FleetReports/Resources/land.txt (format at its top) and LICENSE-naturalearth beside it.
Standard library only; the same wheel always gives the same bytes.

Usage: scripts/make_land.py [--from geopandas-0.14.4-py3-none-any.whl] [--check]

Without --from, pip downloads the wheel (no dependencies). --check writes into a temporary
folder and compares with the committed files (exit 1 when they differ), for tests and CI.
"""
import argparse
import filecmp
import hashlib
import os
import struct
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESOURCES = os.path.join(ROOT, "Sources", "FleetReports", "Resources")
WHEEL = "geopandas-0.14.4-py3-none-any.whl"
WHEEL_SHA256 = "3bb6473cb59d51e1a7fe2dbc24a1a063fb0ebdeddf3ce08ddbf8c7ddc99689aa"
SHAPEFILE = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp"
# Coordinates are stored in units of 1/UNIT degree; rings are simplified to TOLERANCE degrees.
UNIT = 10
TOLERANCE = 0.1
COMMAND = "scripts/make_land.py --from " + WHEEL


def download():
    target = tempfile.mkdtemp(prefix="geopandas-")
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "-d", target,
                    "geopandas==0.14.4"], check=True)
    path = os.path.join(target, WHEEL)
    if not os.path.exists(path):
        sys.exit(f"pip did not download {WHEEL} into {target}")
    return path


def read_shapefile(wheel_path):
    """The wheel's sha256 and the shapefile's bytes, after checking the wheel is the pinned one."""
    with open(wheel_path, "rb") as handle:
        digest = hashlib.sha256(handle.read()).hexdigest()
    if digest != WHEEL_SHA256:
        sys.exit(f"{wheel_path} has sha256 {digest}, not the pinned {WHEEL_SHA256} of {WHEEL}; "
                 "pass the geopandas 0.14.4 wheel from PyPI")
    with zipfile.ZipFile(wheel_path) as wheel:
        return digest, wheel.read(SHAPEFILE)


def polygons(shp):
    """Every ring of every polygon record, as lists of (lon, lat), with its signed area."""
    if struct.unpack(">i", shp[0:4])[0] != 9994:
        sys.exit(f"{SHAPEFILE} is not a shapefile (bad file code)")
    offset = 100
    rings = []
    while offset < len(shp):
        _, words = struct.unpack(">ii", shp[offset:offset + 8])
        content = shp[offset + 8:offset + 8 + 2 * words]
        offset += 8 + 2 * words
        shape_type = struct.unpack("<i", content[0:4])[0]
        if shape_type == 0:
            continue
        if shape_type != 5:
            sys.exit(f"{SHAPEFILE}: shape type {shape_type} is not a polygon")
        parts, points = struct.unpack("<ii", content[36:44])
        starts = list(struct.unpack(f"<{parts}i", content[44:44 + 4 * parts])) + [points]
        base = 44 + 4 * parts
        coords = [struct.unpack("<dd", content[base + 16 * i:base + 16 * i + 16]) for i in range(points)]
        for start, end in zip(starts, starts[1:]):
            rings.append(coords[start:end])
    return rings


def signed_area(ring):
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1])) / 2


def douglas_peucker(points, tolerance):
    """Simplifies an open polyline (iteratively, so no recursion limit)."""
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        dx, dy = bx - ax, by - ay
        length = (dx * dx + dy * dy) ** 0.5
        worst, index = 0.0, None
        for i in range(first + 1, last):
            px, py = points[i]
            if length == 0:
                distance = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            else:
                distance = abs(dx * (ay - py) - dy * (ax - px)) / length
            if distance > worst:
                worst, index = distance, i
        if index is not None and worst > tolerance:
            keep[index] = True
            stack.append((first, index))
            stack.append((index, last))
    return [point for point, kept in zip(points, keep) if kept]


def simplify(ring, owners):
    """The ring simplified and quantised, without its closing point, or None when it vanishes.

    A border two countries share is simplified once, the same way in both rings, so no sliver
    of sea opens between them: the ring is cut wherever the set of rings a vertex belongs to
    changes (the ends of every shared border), those vertices are kept, and Douglas-Peucker runs
    on each piece between them.
    """
    if ring[0] == ring[-1]:
        ring = ring[:-1]
    if len(ring) < 3:
        return None
    count = len(ring)
    keys = [owners[point] for point in ring]
    cuts = [i for i in range(count) if keys[i] != keys[i - 1] or keys[i] != keys[(i + 1) % count]]
    if not cuts:
        # Nothing shared (an island): cut at the first point and the one farthest from it.
        far = max(range(count), key=lambda i: (ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2)
        cuts = [0, far] if far else [0]
    kept = []
    for start, end in zip(cuts, cuts[1:] + [cuts[0] + count]):
        piece = [ring[i % count] for i in range(start, end + 1)]
        kept += douglas_peucker(piece, TOLERANCE)[:-1] if len(piece) > 2 else piece[:-1]
    quantised = []
    for lon, lat in kept:
        point = (round(lon * UNIT), round(lat * UNIT))
        if not quantised or quantised[-1] != point:
            quantised.append(point)
    if len(quantised) > 1 and quantised[0] == quantised[-1]:
        quantised.pop()
    return quantised if len(quantised) >= 3 else None


def land_text(shp, digest):
    lines = [
        "# fleetwx land outlines for the fleet map (Sources/FleetReports/FleetMapLand.swift reads them).",
        "# Natural Earth 1:110m countries (public domain, see LICENSE-naturalearth), from",
        f"# {SHAPEFILE}",
        f"# in {WHEEL} (sha256 {digest}).",
        f"# Generated by {COMMAND}; do not edit.",
        "# Outer rings only (holes dropped: at this scale they are enclaves that another country's",
        f"# ring fills), simplified (Douglas-Peucker, {TOLERANCE} degree; shared borders alike in both rings).",
        "# Format: lines starting with '#' are comments; every other line is one closed ring of",
        "# space-separated integers: the first point's longitude and latitude, then each further",
        "# point as the difference from the one before (longitude, latitude), all in units of",
        f"# 1/{UNIT} degree. The first line after the comments is 'unit {UNIT}'.",
        f"unit {UNIT}",
    ]
    # Shapefile outer rings run clockwise (negative signed area in lon/lat); holes counter-clockwise.
    outer = [ring for ring in polygons(shp) if signed_area(ring) < 0]
    owners = {}
    for index, ring in enumerate(outer):
        for point in ring:
            owners.setdefault(point, set()).add(index)
    owners = {point: frozenset(rings) for point, rings in owners.items()}
    for ring in outer:
        points = simplify(ring, owners)
        if points is None:
            continue
        numbers = [points[0][0], points[0][1]]
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            numbers += [x1 - x0, y1 - y0]
        lines.append(" ".join(str(number) for number in numbers))
    return "\n".join(lines) + "\n"


def licence_text(digest):
    return f"""Land outlines: Natural Earth, https://www.naturalearthdata.com/

land.txt is derived from the Natural Earth 1:110m Admin 0 countries data set, as shipped in
the geopandas 0.14.4 wheel on PyPI:

    file:   {WHEEL}
    sha256: {digest}
    member: {SHAPEFILE}

Natural Earth data are in the public domain. Its terms of use say, in short: all versions of
Natural Earth raster and vector map data are free for anyone to use in any way, commercial or
not, with no permission needed; crediting Natural Earth is welcome but not required; the
data come with no warranty. See https://www.naturalearthdata.com/about/terms-of-use/ for the
full terms.

fleetwx keeps the outer ring of every country polygon, simplifies it (Douglas-Peucker, {TOLERANCE}
degree) and rounds it to 1/{UNIT} degree. Regenerate (byte for byte) with:

    {COMMAND}

and check the committed copy with the same command and --check.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", help=f"the {WHEEL} file (default: download it with pip)")
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    args = parser.parse_args()
    digest, shp = read_shapefile(args.source or download())
    outputs = {"land.txt": land_text(shp, digest), "LICENSE-naturalearth": licence_text(digest)}
    target = tempfile.mkdtemp(prefix="land-") if args.check else RESOURCES
    os.makedirs(target, exist_ok=True)
    for name, text in outputs.items():
        with open(os.path.join(target, name), "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    if args.check:
        stale = [name for name in outputs
                 if not os.path.exists(os.path.join(RESOURCES, name))
                 or not filecmp.cmp(os.path.join(target, name), os.path.join(RESOURCES, name), shallow=False)]
        if stale:
            sys.exit(f"{', '.join(stale)} in {RESOURCES} differ from what {COMMAND} makes; run it and commit")
        print(f"land.txt and LICENSE-naturalearth match {WHEEL}")
        return
    land = outputs["land.txt"]
    rings = sum(1 for line in land.splitlines() if not line.startswith("#")) - 1
    print(f"wrote {os.path.join(RESOURCES, 'land.txt')} ({len(land.encode())} bytes, {rings} rings)")


if __name__ == "__main__":
    main()
