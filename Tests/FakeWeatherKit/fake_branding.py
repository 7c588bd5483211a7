"""The attribution endpoint's body and its mark images, made at run time (no binary fixtures).

Shaped like Apple's `GET /attribution/{language}` answer (docs/weatherkit-api.md §2.3):
logo values are partial paths on the same host; the images are tiny valid PNGs, one black
(the light-background mark) and one white (the dark-background mark).
"""

import struct
import zlib

STAMP = "090122"


def png(gray):
    """A valid 4×2 8-bit grayscale PNG filled with `gray`."""
    width, height = 4, 2

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes([gray]) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def asset_path(language, colour, scale):
    return f"/assets/branding/{language}/Apple_Weather_{colour}_{language}_{scale}X_{STAMP}.png"


def attribution(language):
    body = {"serviceName": "Apple Weather"}
    for name, colour in (("logoDark", "wht"), ("logoLight", "blk"), ("logoSquare", "sq")):
        for scale in (1, 2, 3):
            body[f"{name}@{scale}x"] = asset_path(language, colour, scale)
    return body


def asset(path):
    """The PNG for a path the attribution names, or None."""
    parts = path.strip("/").split("/")
    if len(parts) != 4 or parts[:2] != ["assets", "branding"]:
        return None
    language = parts[2]
    for colour, gray in (("blk", 0), ("wht", 255), ("sq", 128)):
        for scale in (1, 2, 3):
            if path == asset_path(language, colour, scale):
                return png(gray)
    return None
