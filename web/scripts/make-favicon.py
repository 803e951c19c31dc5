"""Draws public/logo.svg (a white briefcase on a blue rounded square) into public/favicon.ico at
16, 32 and 48 pixels, with no image library: each shape of the logo is a test of whether a point of
its 64x64 drawing is inside it, sampled 8x8 times per pixel. Run it again when the logo changes."""

import struct
import sys
import zlib
from pathlib import Path

BLUE = (0x1D, 0x4E, 0xD8)
WHITE = (0xFF, 0xFF, 0xFF)


def in_rounded_rect(x, y, left, top, width, height, radius):
    if not (left <= x <= left + width and top <= y <= top + height):
        return False
    cx = min(max(x, left + radius), left + width - radius)
    cy = min(max(y, top + radius), top + height - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def colour_at(x, y):
    """The logo's colour at (x, y) of its 64x64 drawing, or None outside it."""
    if not in_rounded_rect(x, y, 0, 0, 64, 64, 14):
        return None
    if in_rounded_rect(x, y, 28, 32, 8, 6, 1):
        return BLUE
    if in_rounded_rect(x, y, 12, 24, 40, 26, 5):
        return WHITE
    # The handle: the path M22 24 v-4 a4 4 0 0 1 4-4 h12 a4 4 0 0 1 4 4 v4, stroked 4 wide.
    handle = in_rounded_rect(x, y, 20, 14, 24, 12, 6) and not in_rounded_rect(x, y, 24, 18, 16, 12, 2)
    if handle and y <= 24:
        return WHITE
    return BLUE


def png(size, samples=8):
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            total, r, g, b = 0, 0, 0, 0
            for sy in range(samples):
                for sx in range(samples):
                    x = (px + (sx + 0.5) / samples) * 64 / size
                    y = (py + (sy + 0.5) / samples) * 64 / size
                    colour = colour_at(x, y)
                    if colour:
                        total += 1
                        r, g, b = r + colour[0], g + colour[1], b + colour[2]
            if total:
                row += bytes([r // total, g // total, b // total, 255 * total // samples**2])
            else:
                row += bytes(4)
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


def ico(sizes):
    images = [png(size) for size in sizes]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, image in zip(sizes, images):
        out += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(image), offset)
        offset += len(image)
    return out + b"".join(images)


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent.parent / "public" / "favicon.ico")
    target.write_bytes(ico([16, 32, 48]))
    print(f"wrote {target}")
