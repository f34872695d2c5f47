"""Commutative locks on P-256, for dealing cards that neither player can see
(mental poker, docs/distance.md "The deal by both browsers").

This module owns the cards as points and the locks on them:

* each card (a domino, or any of N cards named by a label) is a
  point found by hashing its label onto the curve, trying counters 0, 1, ...
  until the hash is the abscissa of a point (try and increment); nobody
  knows the discrete logarithm of any of them;
* a lock is a secret scalar k: locking multiplies a point by k, unlocking
  multiplies by k's inverse mod the group's order.  Locks commute
  (a·(b·P) = b·(a·P)), so a card locked by both players opens when each
  has lifted their own lock, in either order;
* a locked card says nothing about which card it is to someone without
  the key (telling a·P from a random point is the decisional Diffie-Hellman
  problem on P-256), and a card with every lock lifted is read by matching
  it against the known points (:class:`Cards`).

>>> cards = Cards(("6-6", "6-5", "5-5"))
>>> a, b = Lock(11), Lock(13)
>>> locked = b.lock(a.lock(cards.points))
>>> [cards.name(p) for p in a.unlock(b.unlock(locked))]
['6-6', '6-5', '5-5']
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .chains import uniform
from .p256 import (
    N,
    Point,
    PointError,
    check_scalar,
    compress,
    decode_point,
    derived_scalar,
    lift_x,
    mul,
    random_scalar,
)

CARD_TAG = b"iriri distance card v1\x00"
"""What every card's hash starts with, so that no other use of the hash
gives the same points."""

_LOCK_TAG = b"iriri distance lock v1\x00"

T = TypeVar("T")

POINT_BYTES = 33
"""A locked card in a message: the compressed point."""


def card_point(label: str) -> tuple[int, int]:
    """The point of the card named ``label``: SHA-256 of the tag, the label
    and a counter byte, the first counter whose hash is a point's abscissa
    (the point with the even y).  About half the counters work, so the
    first few almost always do.

    >>> card_point("6-5") == card_point("6-5") != card_point("5-6")
    True
    """
    data = label.encode("utf-8")
    for counter in range(256):
        x = int.from_bytes(hashlib.sha256(CARD_TAG + data + bytes([counter])).digest(), "big")
        point = lift_x(x, odd=False)
        if point is not None:
            return point
    raise ValueError(f"no point found for the card {label!r}")  # about 2^-256


class Cards:
    """A set of cards by their labels, their points, and the way back from
    a point with every lock lifted to its card."""

    def __init__(self, labels: Sequence[str]) -> None:
        if len(set(labels)) != len(labels):
            raise ValueError("every card needs a label of its own")
        self.labels = tuple(labels)
        self.points: tuple[tuple[int, int], ...] = tuple(card_point(label) for label in labels)
        self._names = {point: label for point, label in zip(self.points, self.labels, strict=True)}

    def name(self, point: Point) -> str:
        """The card this unlocked point is; raises ValueError if it is no
        card (a lock not lifted, or a card that was never in the deck)."""
        label = None if point is None else self._names.get(point)
        if label is None:
            raise ValueError("this is not one of the cards: a lock on it is still closed")
        return label


@dataclass(frozen=True, repr=False)
class Lock:
    """One player's lock for one deal: a secret scalar in [1, N-1]."""

    secret: int

    def __post_init__(self) -> None:
        check_scalar(self.secret, "a lock")

    def __repr__(self) -> str:
        return "Lock(<secret>)"

    @classmethod
    def generate(cls) -> Lock:
        """A new lock from the system's secure random source."""
        return cls(random_scalar())

    @classmethod
    def derive(cls, secret: bytes, name: bytes) -> Lock:
        """The lock named ``name`` made from ``secret`` (a side's secret of at
        least 16 bytes): the same each time, so a side that keeps only its
        secret makes its lock of each round again."""
        if len(secret) < 16:
            raise ValueError("a lock is derived from a secret of 16 bytes or more")
        return cls(derived_scalar(_LOCK_TAG + len(secret).to_bytes(2, "big") + secret + name))

    def lock(self, points: Iterable[Point]) -> list[Point]:
        """Every point multiplied by the lock."""
        return [mul(self.secret, point) for point in points]

    def unlock(self, points: Iterable[Point]) -> list[Point]:
        """Every point multiplied by the lock's inverse (lifts this lock)."""
        inverse = pow(self.secret, -1, N)
        return [mul(inverse, point) for point in points]


def shuffled(items: Sequence[T], seed: bytes | None = None) -> list[T]:
    """The items in an order drawn from the system's secure random source,
    or, with ``seed`` (which must hold a secret), from the seed: a
    Fisher-Yates shuffle by :func:`~.chains.uniform`, the same each time."""
    order = list(items)
    if seed is None:
        secrets.SystemRandom().shuffle(order)
        return order
    for last in range(len(order) - 1, 0, -1):
        pick = uniform(seed, last + 1, last)
        order[last], order[pick] = order[pick], order[last]
    return order


def pack(points: Iterable[Point]) -> bytes:
    """Points as bytes: 33 each, compressed."""
    return b"".join(compress(point) for point in points)


def unpack(data: bytes) -> list[tuple[int, int]]:
    """Points from :func:`pack`'s bytes; raises PointError saying which is wrong."""
    if len(data) % POINT_BYTES:
        raise PointError(
            f"locked cards are {POINT_BYTES} bytes each; {len(data)} bytes is not a whole number of them"
        )
    found = []
    for index in range(0, len(data), POINT_BYTES):
        try:
            found.append(decode_point(data[index : index + POINT_BYTES]))
        except PointError as exc:
            raise PointError(f"card {index // POINT_BYTES + 1}: {exc}") from None
    return found
