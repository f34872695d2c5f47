"""NIST P-256 (secp256r1) arithmetic: the curve's constants, points in
Jacobian coordinates, scalar multiplication, and points written as bytes.

This module owns the group everything else in :mod:`iriri_core.by_links.crypto`
works in: ECDSA signatures (:mod:`.ecdsa`), the commutative locks of a
deal by both browsers (:mod:`.locking`), the proofs that a lock was lifted
honestly (:mod:`.proofs`) and that a deck was shuffled (:mod:`.shuffle`).
The constants are those of FIPS 186-4, D.1.2.3 (the same curve WebCrypto
calls "P-256").

A point is an affine pair of integers ``(x, y)``, or :data:`INFINITY`
(None), the group's zero.  The arithmetic runs in Jacobian coordinates
(X, Y, Z stand for x = X/Z², y = Y/Z³), which needs one inversion per scalar
multiplication instead of one per addition; a long sum of multiples runs
in steps (:func:`mul_add_steps`), so that the page can run it between
frames.  Python's integers do not run in constant time, so secrets handled
here could leak through timing to someone measuring this machine; the
page's signing keys stay in WebCrypto, and the keys that lock a deal are
made for one round only (docs/distance.md).

>>> mul(N - 1, G) == neg(G)
True
>>> decode_point(encode_point(G)) == G and decode_point(compress(G)) == G
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from typing import Final

from .steps import Steps, finish

P: Final = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
"""The field's prime, 2^256 - 2^224 + 2^192 + 2^96 - 1."""
A: Final = P - 3
B: Final = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
N: Final = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
"""The order of the group (a prime; the cofactor is 1)."""
GX: Final = 0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296
GY: Final = 0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5

Point = tuple[int, int] | None
"""An affine point, or None for the point at infinity."""
INFINITY: Final[Point] = None
G: Final[tuple[int, int]] = (GX, GY)

_Jacobian = tuple[int, int, int]
_ZERO: Final[_Jacobian] = (1, 1, 0)
_WINDOW: Final = 4

STEP_WORK: Final = 128
"""About how many doublings and additions of points :func:`mul_add_steps`
does between two yields: half a millisecond to a millisecond in CPython (an
addition takes about 5 µs, a doubling 3), about twice that in Pyodide."""


class PointError(ValueError):
    """Bytes that are not a point of P-256 (wrong length, off the curve, at infinity)."""


def random_scalar() -> int:
    """A new secret scalar in [1, N-1] from the system's secure random
    source: every signing key, lock and proof's nonce is drawn here."""
    return secrets.randbelow(N - 1) + 1


def derived_scalar(data: bytes) -> int:
    """A secret scalar in [1, N-1] derived from ``data`` (which must hold a
    secret): SHA-512 of it, reduced, so the bias is about 2^-256.  A side
    that must make the same lock or nonce again from what it keeps (a
    game's replay) draws it here.

    >>> derived_scalar(b"a secret") == derived_scalar(b"a secret") != derived_scalar(b"another")
    True
    """
    return int.from_bytes(hashlib.sha512(data).digest(), "big") % (N - 1) + 1


def check_scalar(value: int, what: str) -> int:
    """``value`` if it is a secret scalar (in [1, N-1]); otherwise raises
    ValueError saying that ``what`` (e.g. "a lock") must be one.

    >>> check_scalar(0, "a lock")
    Traceback (most recent call last):
    ...
    ValueError: a lock is a number from 1 to the group's order less one
    """
    if not 1 <= value < N:
        raise ValueError(f"{what} is a number from 1 to the group's order less one")
    return value


def on_curve(point: Point) -> bool:
    """Whether ``point`` is a finite point of the curve y² = x³ - 3x + b.

    >>> on_curve(G), on_curve((GX, GY + 1)), on_curve(None)
    (True, False, False)
    """
    if point is None:
        return False
    x, y = point
    return 0 <= x < P and 0 <= y < P and (y * y - (x * x * x + A * x + B)) % P == 0


def neg(point: Point) -> Point:
    """The point's inverse in the group."""
    return None if point is None else (point[0], (-point[1]) % P)


def _to_jacobian(point: Point) -> _Jacobian:
    return _ZERO if point is None else (point[0], point[1], 1)


def _to_affine(point: _Jacobian) -> Point:
    x, y, z = point
    if z == 0:
        return None
    zi = pow(z, -1, P)
    zi2 = zi * zi % P
    return (x * zi2 % P, y * zi2 * zi % P)


def _double(point: _Jacobian) -> _Jacobian:
    """2·point (the "dbl-2001-b" formulas, which use a = -3)."""
    x, y, z = point
    if z == 0 or y == 0:
        return _ZERO
    delta = z * z % P
    gamma = y * y % P
    beta = x * gamma % P
    alpha = 3 * (x - delta) * (x + delta) % P
    x3 = (alpha * alpha - 8 * beta) % P
    z3 = ((y + z) * (y + z) - gamma - delta) % P
    y3 = (alpha * (4 * beta - x3) - 8 * gamma * gamma) % P
    return (x3, y3, z3)


def _add(one: _Jacobian, two: _Jacobian) -> _Jacobian:
    """one + two (the "add-2007-bl" formulas), doubling where they are equal."""
    x1, y1, z1 = one
    x2, y2, z2 = two
    if z1 == 0:
        return two
    if z2 == 0:
        return one
    z1z1 = z1 * z1 % P
    z2z2 = z2 * z2 % P
    u1 = x1 * z2z2 % P
    u2 = x2 * z1z1 % P
    s1 = y1 * z2 * z2z2 % P
    s2 = y2 * z1 * z1z1 % P
    h = (u2 - u1) % P
    r = 2 * (s2 - s1) % P
    if h == 0:
        return _double(one) if r == 0 else _ZERO
    i = 4 * h * h % P
    j = h * i % P
    v = u1 * i % P
    x3 = (r * r - j - 2 * v) % P
    y3 = (r * (v - x3) - 2 * s1 * j) % P
    z3 = ((z1 + z2) * (z1 + z2) - z1z1 - z2z2) * h % P
    return (x3, y3, z3)


def add(one: Point, two: Point) -> Point:
    """one + two in the group.

    >>> add(G, neg(G)) is None and add(G, G) == mul(2, G)
    True
    """
    return _to_affine(_add(_to_jacobian(one), _to_jacobian(two)))


def _table(point: Point) -> list[_Jacobian]:
    """0·point, 1·point, ..., 15·point, for a window of four bits."""
    base = _to_jacobian(point)
    table = [_ZERO, base]
    for _ in range(2, 1 << _WINDOW):
        table.append(_add(table[-1], base))
    return table


def mul_add_steps(pairs: Iterable[tuple[int, Point]]) -> Steps[Point]:
    """Σ k·point over ``pairs``, the windows of all scalars walked together
    (one chain of doublings: Shamir's trick), in steps (:mod:`.steps`): it
    yields after every :data:`STEP_WORK` doublings and additions or so
    (half a millisecond in CPython), so that a sum of many terms, or many
    sums, can run a slice at a time.

    >>> from .steps import finish
    >>> finish(mul_add_steps([(3, G), (5, G)])) == mul(8, G)
    True
    """
    mask = (1 << _WINDOW) - 1
    work = 0
    tables: list[tuple[int, list[_Jacobian]]] = []
    for k, point in pairs:
        tables.append((k % N, _table(point)))
        work += mask - 1  # the table's additions
        if work >= STEP_WORK:
            yield
            work = 0
    per_window = _WINDOW + len(tables)  # at most: a digit 0 adds nothing
    acc = _ZERO
    for shift in range(256 - _WINDOW, -1, -_WINDOW):
        for _ in range(_WINDOW):
            acc = _double(acc)
        for k, table in tables:
            digit = (k >> shift) & mask
            if digit:
                acc = _add(acc, table[digit])
        work += per_window
        if work >= STEP_WORK:
            yield
            work = 0
    if work:
        yield  # so that what runs next starts a slice of its own
    return _to_affine(acc)


def mul_add(pairs: Iterable[tuple[int, Point]]) -> Point:
    """Σ k·point over ``pairs`` at once (:func:`mul_add_steps` run to the
    end), so a signature's check costs little more than one multiplication.

    >>> mul_add([(3, G), (5, G)]) == mul(8, G)
    True
    """
    return finish(mul_add_steps(pairs))


def mul(k: int, point: Point) -> Point:
    """k·point (k taken mod the group's order N).

    >>> mul(N, G) is None and mul(1, G) == G
    True
    """
    return mul_add([(k, point)])


def sqrt_mod_p(value: int) -> int | None:
    """A square root of ``value`` mod P, or None where there is none
    (P ≡ 3 mod 4, so it is value^((P+1)/4) when one exists)."""
    root = pow(value, (P + 1) // 4, P)
    return root if root * root % P == value % P else None


def lift_x(x: int, odd: bool) -> Point:
    """The point with abscissa ``x`` and a y of the given parity, or None
    where x is not the abscissa of a point."""
    if not 0 <= x < P:
        return None
    y = sqrt_mod_p((x * x * x + A * x + B) % P)
    if y is None:
        return None
    return (x, y) if (y & 1) == odd else (x, P - y)


def encode_point(point: Point) -> bytes:
    """The point as 65 bytes, 0x04 then x and y (WebCrypto's "raw" public key)."""
    if point is None:
        raise PointError("the point at infinity has no encoding")
    return b"\x04" + point[0].to_bytes(32, "big") + point[1].to_bytes(32, "big")


def compress(point: Point) -> bytes:
    """The point as 33 bytes, 0x02 or 0x03 (the parity of y) then x (SEC 1, 2.3.3)."""
    if point is None:
        raise PointError("the point at infinity has no encoding")
    return bytes([2 + (point[1] & 1)]) + point[0].to_bytes(32, "big")


def decode_point(data: bytes) -> tuple[int, int]:
    """A finite point from 65 (uncompressed) or 33 (compressed) bytes;
    raises PointError saying what is wrong.

    >>> decode_point(b"\\x04" + bytes(64))
    Traceback (most recent call last):
    ...
    iriri_core.by_links.crypto.p256.PointError: the point is not on the curve P-256
    """
    if len(data) == 65 and data[0] == 4:
        point: Point = (int.from_bytes(data[1:33], "big"), int.from_bytes(data[33:], "big"))
    elif len(data) == 33 and data[0] in (2, 3):
        point = lift_x(int.from_bytes(data[1:], "big"), odd=data[0] == 3)
    else:
        raise PointError(f"a point is 65 bytes starting 04, or 33 starting 02 or 03, not {len(data)} bytes")
    if point is None or not on_curve(point):
        raise PointError("the point is not on the curve P-256")
    return point
