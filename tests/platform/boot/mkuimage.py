#!/usr/bin/env python3
"""Wraps a raw kernel in a legacy uImage header (U-Boot's format: 64 bytes, big-endian, CRC-32
of the header and of the data), type kernel, ARM, uncompressed, for the direct-boot tests.
usage: mkuimage.py LOAD ENTRY IN OUT"""
import struct
import sys
import zlib

load, entry = int(sys.argv[1], 0), int(sys.argv[2], 0)
data = open(sys.argv[3], "rb").read()
def header(hcrc):
    return struct.pack(">7I4B32s", 0x27051956, hcrc, 0, len(data), load, entry,
                       zlib.crc32(data) & 0xFFFFFFFF, 5, 2, 2, 0, b"zvp kernel stub")
h = header(zlib.crc32(header(0)) & 0xFFFFFFFF)
open(sys.argv[4], "wb").write(h + data)
