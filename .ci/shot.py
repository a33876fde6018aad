#!/usr/bin/env python3
"""Screenshots for the window test, with the standard library only.

  shot.py png IN.xwd OUT.png        convert an `xwd -root` dump to PNG
  shot.py drawn IN.xwd              fraction of pixels that differ from the most common colour
  shot.py diff A.xwd B.xwd [X0 Y0 X1 Y1]
                                    fraction of pixels that differ (optionally in a box)
  shot.py pngok FILE.png            exit 0 if FILE is a PNG with a sane header
  shot.py count IN.xwd RRGGBB TOL X0 Y0 X1 Y1
                                    pixels in the box within TOL (per channel) of colour RRGGBB
"""
import struct
import sys
import zlib


def load_xwd(path):
    data = open(path, "rb").read()
    fields = struct.unpack(">25I", data[:100])
    header_size, version = fields[0], fields[1]
    if version != 7:
        sys.exit(f"{path}: not an XWD v7 file")
    width, height = fields[4], fields[5]
    byte_order, bpp, bytes_per_line = fields[7], fields[11], fields[12]
    ncolors = fields[19]
    if bpp != 32:
        sys.exit(f"{path}: {bpp} bits per pixel (expected 32)")
    off = header_size + 12 * ncolors
    rows = []
    for y in range(height):
        line = data[off + y * bytes_per_line: off + y * bytes_per_line + width * 4]
        if byte_order == 0:  # LSB first: B G R X
            rgb = bytes(b for i in range(0, len(line), 4) for b in (line[i + 2], line[i + 1], line[i]))
        else:  # MSB first: X R G B
            rgb = bytes(b for i in range(0, len(line), 4) for b in (line[i + 1], line[i + 2], line[i + 3]))
        rows.append(rgb)
    return width, height, rows


def save_png(path, width, height, rows):
    def chunk(kind, body):
        c = kind + body
        return struct.pack(">I", len(body)) + c + struct.pack(">I", zlib.crc32(c) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + r for r in rows)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)


def count_near(path, rgb, tol, box):
    """Pixels near `rgb` in `box`, reading only the box (fast enough to run
    on a dozen screenshots in a second)."""
    data = open(path, "rb").read()
    fields = struct.unpack(">25I", data[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bpp, bytes_per_line, ncolors = fields[7], fields[11], fields[12], fields[19]
    if bpp != 32:
        sys.exit(f"{path}: {bpp} bits per pixel (expected 32)")
    off = header_size + 12 * ncolors
    # Channel offsets inside a 4-byte pixel.
    ri, gi, bi = (2, 1, 0) if byte_order == 0 else (1, 2, 3)
    x0, y0, x1, y1 = box
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(width, x1), min(height, y1)
    n = 0
    for y in range(y0, y1):
        line = data[off + y * bytes_per_line + 4 * x0: off + y * bytes_per_line + 4 * x1]
        rs, gs, bs = line[ri::4], line[gi::4], line[bi::4]
        for r, g, b in zip(rs, gs, bs):
            if abs(r - rgb[0]) <= tol and abs(g - rgb[1]) <= tol and abs(b - rgb[2]) <= tol:
                n += 1
    return n


def pixels(rows, box=None):
    h = len(rows)
    w = len(rows[0]) // 3 if rows else 0
    x0, y0, x1, y1 = box or (0, 0, w, h)
    for y in range(max(0, y0), min(h, y1)):
        r = rows[y]
        for x in range(max(0, x0), min(w, x1)):
            yield r[3 * x: 3 * x + 3]


def main():
    cmd = sys.argv[1]
    if cmd == "png":
        w, h, rows = load_xwd(sys.argv[2])
        save_png(sys.argv[3], w, h, rows)
    elif cmd == "drawn":
        _, _, rows = load_xwd(sys.argv[2])
        counts = {}
        for p in pixels(rows):
            counts[p] = counts.get(p, 0) + 1
        total = sum(counts.values())
        print(f"{1 - max(counts.values()) / total:.4f}")
    elif cmd == "diff":
        _, _, a = load_xwd(sys.argv[2])
        _, _, b = load_xwd(sys.argv[3])
        box = tuple(int(v) for v in sys.argv[4:8]) if len(sys.argv) >= 8 else None
        n = d = 0
        for p, q in zip(pixels(a, box), pixels(b, box)):
            n += 1
            if max(abs(p[i] - q[i]) for i in range(3)) > 24:
                d += 1
        print(f"{d / max(n, 1):.4f}")
    elif cmd == "pngok":
        head = open(sys.argv[2], "rb").read(24)
        ok = head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
        w, h = struct.unpack(">II", head[16:24]) if ok else (0, 0)
        print(f"{w}x{h}")
        sys.exit(0 if ok and w > 0 and h > 0 else 1)
    elif cmd == "count":
        c = sys.argv[3]
        rgb = (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16))
        box = tuple(int(v) for v in sys.argv[5:9])
        print(count_near(sys.argv[2], rgb, int(sys.argv[4]), box))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
