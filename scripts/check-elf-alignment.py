#!/usr/bin/env python3
"""Checks that shared libraries load on Android devices with 16 KB memory pages.

Android 15+ may run with 16 KB pages; there a 64-bit library whose PT_LOAD segments are aligned
to less than 16 KB fails to load ("program alignment (4096) cannot be smaller than system page
size (16384)"). 32-bit libraries are never loaded with 16 KB pages and are not checked.

Usage: check-elf-alignment.py LIB.so...   exit 0 when every library is fine, 1 otherwise.
Plain Python (no readelf), so it runs on macOS, Linux and Windows.
"""
import struct
import sys

PT_LOAD = 1
REQUIRED = 16384


def load_alignments(path):
    """Returns (bits, [p_align of each PT_LOAD]) of the ELF file at path."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    bits = {1: 32, 2: 64}.get(data[4])
    endian = {1: "<", 2: ">"}.get(data[5])
    if bits is None or endian is None:
        raise ValueError("unknown ELF class or byte order")
    if bits == 64:
        phoff, = struct.unpack_from(endian + "Q", data, 0x20)
        phentsize, phnum = struct.unpack_from(endian + "HH", data, 0x36)
        fmt, align_at = endian + "I", 0x30
    else:
        phoff, = struct.unpack_from(endian + "I", data, 0x1C)
        phentsize, phnum = struct.unpack_from(endian + "HH", data, 0x2A)
        fmt, align_at = endian + "I", 0x1C
    aligns = []
    for i in range(phnum):
        entry = phoff + i * phentsize
        p_type, = struct.unpack_from(endian + "I", data, entry)
        if p_type == PT_LOAD:
            if bits == 64:
                p_align, = struct.unpack_from(endian + "Q", data, entry + align_at)
            else:
                p_align, = struct.unpack_from(fmt, data, entry + align_at)
            aligns.append(p_align)
    return bits, aligns


def main(paths):
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    ok = True
    for path in paths:
        try:
            bits, aligns = load_alignments(path)
        except (OSError, ValueError, struct.error) as e:
            print(f"{path}: cannot read: {e}")
            ok = False
            continue
        if bits == 32:
            print(f"{path}: 32-bit, not loaded with 16 KB pages (LOAD alignment {min(aligns, default=0)})")
        elif aligns and min(aligns) >= REQUIRED:
            print(f"{path}: ok, LOAD segments aligned to {min(aligns)} bytes")
        else:
            print(f"{path}: NOT 16 KB-aligned: LOAD alignment {min(aligns, default=0)} < {REQUIRED} "
                  "(link with -Wl,-z,max-page-size=16384 or NDK r28+)")
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
