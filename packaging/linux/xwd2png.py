#!/usr/bin/env python3
"""Converts an X window dump (xwd -root, TrueColor, 24 or 32 bits per pixel) to PNG, with only
the standard library (Debian has no ImageMagick by default). Prints the number of distinct
colours, so a caller can tell a drawn window from an empty screen.

    xwd2png.py IN.xwd OUT.png
"""
import struct
import sys
import zlib


def main(source, target):
    data = open(source, 'rb').read()
    header = struct.unpack('>25I', data[:100])
    header_size, _version, pixmap_format, depth, width, height = header[:6]
    byte_order, bits_per_pixel, bytes_per_line = header[7], header[11], header[12]
    red_mask, green_mask, blue_mask = header[14:17]
    ncolors = header[19]
    if pixmap_format != 2 or bits_per_pixel not in (24, 32):
        sys.exit(f'xwd2png: unsupported dump (format {pixmap_format}, {bits_per_pixel} bpp)')
    offset = header_size + ncolors * 12
    step = bits_per_pixel // 8
    endian = 'little' if byte_order == 0 else 'big'

    def shift(mask):
        return (mask & -mask).bit_length() - 1

    rs, gs, bs = shift(red_mask), shift(green_mask), shift(blue_mask)
    rows, colours = [], set()
    for y in range(height):
        line = data[offset + y * bytes_per_line: offset + y * bytes_per_line + width * step]
        row = bytearray(b'\0')
        for x in range(0, width * step, step):
            pixel = int.from_bytes(line[x:x + step], endian)
            rgb = ((pixel & red_mask) >> rs, (pixel & green_mask) >> gs, (pixel & blue_mask) >> bs)
            row += bytes(rgb)
            if len(colours) < 4096:
                colours.add(rgb)
        rows.append(bytes(row))

    def chunk(kind, body):
        return (struct.pack('>I', len(body)) + kind + body
                + struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff))

    png = (b'\x89PNG\r\n\x1a\n'
           + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0))
           + chunk(b'IDAT', zlib.compress(b''.join(rows), 9)) + chunk(b'IEND', b''))
    open(target, 'wb').write(png)
    print(len(colours))


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
