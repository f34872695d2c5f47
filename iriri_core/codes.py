"""Codes: text packed small enough to travel in a link. A code is a version,
a dot, and the text compressed with zlib in URL-safe base64 without its
padding. Game links (:mod:`iriri_core.site.links`) and pictures
(:mod:`iriri_core.pictures.packed`) are both written so, each with its own
version and its own words.

>>> code = write_code("1", "hello")
>>> read_code(code, "1", "picture", ValueError, 100)
b'hello'
>>> read_code("2." + code[2:], "1", "picture", ValueError, 100)
Traceback (most recent call last):
ValueError: this picture is version 2, newer than this page reads
"""

from __future__ import annotations

import base64
import binascii
import zlib


def write_code(version: str, text: str) -> str:
    """The code of ``text`` under ``version``."""
    packed = zlib.compress(text.encode(), 9)
    return version + "." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def read_code(
    code: str, version: str, what: str, error: type[Exception], max_text: int, max_code: int | None = None
) -> bytes:
    """The text a code holds; raises ``error`` saying what is wrong with it, in
    words about ``what`` it should be ("game link", "picture"): not a code, a
    later version, more than ``max_code`` characters or ``max_text`` bytes,
    or damaged."""
    got, dot, body = code.strip().partition(".")
    if not dot or not got.isdigit():
        raise error(f"this is not a {what}: it should start with a version, like {version}.")
    if got != version:
        raise error(f"this {what} is version {got}, newer than this page reads")
    if max_code is not None and len(body) > max_code:
        raise error(f"this {what} is too big")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        text = unpacker.decompress(packed, max_text)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise ValueError("too long or cut short")
    except (ValueError, binascii.Error, zlib.error):
        raise error(f"this {what} is damaged: it may have been cut short when copied") from None
    return text
