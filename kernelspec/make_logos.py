"""Draws Sable's kernel logos (logo-32x32.png, logo-64x64.png, logo-svg.svg) with the standard
library only; the outputs are committed, this script documents how they were made."""
import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
BG = (28, 31, 38)       # near-black, like a sable's coat
FG = (236, 176, 72)     # amber


def png(size, pixels):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(v for px in row for v in px) for row in pixels)
    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def s_curve(t):
    """A point on the letter S (a pair of arcs), t in [0, 1], in unit square coordinates."""
    if t < 0.5:
        a = math.pi * (0.25 + 3.0 * t * 2 * 0.5)
        return 0.5 + 0.22 * math.cos(a), 0.32 - 0.18 * math.sin(a)
    a = math.pi * (0.75 - 3.0 * (t - 0.5) * 2 * 0.5)
    return 0.5 + 0.22 * math.cos(a), 0.68 - 0.18 * math.sin(a)


def draw(size):
    pts = [s_curve(i / 400) for i in range(401)]
    ss = 4  # supersampling per axis
    width = 0.085
    radius = 0.2
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            cover_bg = cover_fg = 0
            for sy in range(ss):
                for sx in range(ss):
                    u = (x + (sx + 0.5) / ss) / size
                    v = (y + (sy + 0.5) / ss) / size
                    # rounded square background
                    dx = max(abs(u - 0.5) - (0.5 - radius), 0)
                    dy = max(abs(v - 0.5) - (0.5 - radius), 0)
                    if dx * dx + dy * dy > radius * radius:
                        continue
                    cover_bg += 1
                    if min((u - px) ** 2 + (v - py) ** 2 for px, py in pts) < width * width:
                        cover_fg += 1
            n = ss * ss
            if cover_bg == 0:
                row.append((0, 0, 0, 0))
                continue
            f = cover_fg / cover_bg
            col = tuple(round(BG[i] * (1 - f) + FG[i] * f) for i in range(3))
            row.append(col + (round(255 * cover_bg / n),))
        rows.append(row)
    return rows


def svg():
    pts = [s_curve(i / 80) for i in range(81)]
    path = "M" + " L".join(f"{64 * x:.2f},{64 * y:.2f}" for x, y in pts)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">\n'
        f'  <rect width="64" height="64" rx="12.8" fill="rgb{BG}"/>\n'
        f'  <path d="{path}" fill="none" stroke="rgb{FG}" stroke-width="10.9" '
        'stroke-linecap="round" stroke-linejoin="round"/>\n'
        "</svg>\n")


if __name__ == "__main__":
    for size in (32, 64):
        with open(os.path.join(HERE, f"logo-{size}x{size}.png"), "wb") as f:
            f.write(png(size, draw(size)))
    with open(os.path.join(HERE, "logo-svg.svg"), "w") as f:
        f.write(svg())
