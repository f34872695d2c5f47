"""Hash chains for commit and reveal, and chance made from both players'
revealed values (docs/distance.md, "Fair chance").

This module owns the values each player puts into chance.  A player makes
a chain from a secret: v₀ = the secret, vᵢ₊₁ = step(vᵢ), up to v_L; the
chain's end v_L is its commitment, sent in the player's first link.  The
values are then revealed backwards, one per chance batch: the first
revealed is v_L₋₁ (whose step is the commitment), the next v_L₋₂ (whose
step is the one before), and so on.  A revealed value is checked by
stepping it forward to the last value known of that chain
(:func:`steps_to`); nobody can
find the next value from the ones shown (it would mean inverting
SHA-256), and nobody can change a value once the commitment is out (it
would mean finding a second preimage).  So every value a player will ever
put into chance is fixed before the other has shown any of theirs.

A batch of chance (the moves of chance between two players' decisions: a
roll of three dice, a ring shuffled, the picks for who starts) is made from
both players' values for that batch, the game's identity and the batch's
number (:func:`batch_seed`); the engine's moves of chance then come from
that seed as they come from a game's seed today
(:func:`iriri_core.engine.fixed_chance`, ``seed`` the batch's seed and
``ply`` the move's number).  :func:`uniform` draws a number from a seed
without bias, for a reader who wants the protocol without the engine.

>>> fire, ice = Chain.make(b"fire's own secret", 8), Chain.make(b"ice's own secret", 8)
>>> steps_to(fire.value(1), fire.commitment), steps_to(fire.value(2), fire.value(1))
(1, 1)
>>> steps_to(fire.value(3), fire.value(1)), steps_to(fire.value(1), ice.commitment)
(2, None)
>>> 1 <= uniform(batch_seed(b"game", 1, fire.value(1), ice.value(1)), 8) + 1 <= 8
True
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

VALUE_BYTES = 16
"""A chain's values are 128 bits: enough that nobody can invert a step or
find another value with the same step, and they keep links short."""

DEFAULT_LENGTH = 4096
"""Values in a new chain: a batch each; a long game commits to a new chain
(docs/distance.md) before this runs out."""

MAX_GAP = 4096
"""The most steps a revealed value may be from the last known one."""

_STEP_TAG = b"iriri distance chain v1\x00"
_SEED_TAG = b"iriri distance chance v1\x00"
_DRAW_TAG = b"iriri distance draw v1\x00"


def step(value: bytes) -> bytes:
    """The next value of a chain: SHA-256 of a tag and ``value``, cut to 16 bytes."""
    return hashlib.sha256(_STEP_TAG + value).digest()[:VALUE_BYTES]


@dataclass(frozen=True, repr=False)
class Chain:
    """A player's chain, kept by that player only: the secret and the
    values, v₀ (the secret) to v_L (the commitment)."""

    values: tuple[bytes, ...]

    def __repr__(self) -> str:
        return f"Chain(<secret>, length={self.length})"

    @classmethod
    def make(cls, secret: bytes, length: int = DEFAULT_LENGTH) -> Chain:
        """The chain of ``length`` steps from ``secret`` (16 bytes or more:
        as many as a value, so the secret is no easier to guess than a value)."""
        if len(secret) < VALUE_BYTES or length < 1:
            raise ValueError(f"a chain needs a secret of {VALUE_BYTES} bytes or more and at least one step")
        values = [hashlib.sha256(_STEP_TAG + secret).digest()[:VALUE_BYTES]]
        for _ in range(length):
            values.append(step(values[-1]))
        return cls(tuple(values))

    @classmethod
    def generate(cls, length: int = DEFAULT_LENGTH) -> Chain:
        """A chain from a new secret from the system's secure random source."""
        return cls.make(secrets.token_bytes(32), length)

    @property
    def length(self) -> int:
        """How many values the chain can reveal."""
        return len(self.values) - 1

    @property
    def commitment(self) -> bytes:
        """The chain's end, v_L, sent in the player's first link."""
        return self.values[-1]

    def value(self, batch: int) -> bytes:
        """The value revealed for the ``batch``-th batch (1-based): v_L₋batch."""
        if not 1 <= batch <= self.length:
            raise IndexError(f"this chain has values for batches 1 to {self.length}, not {batch}")
        return self.values[self.length - batch]


def steps_to(revealed: bytes, known: bytes, most: int = MAX_GAP) -> int | None:
    """How many steps take ``revealed`` to ``known`` (the commitment, or the
    last value revealed of that chain): 1 for the next value back, more where
    batches were skipped; None if ``revealed`` does not reach ``known`` in at
    most ``most`` steps (a value of another chain, changed, or cut short)."""
    if len(revealed) != VALUE_BYTES or len(known) != VALUE_BYTES:
        return None
    value = revealed
    for gap in range(1, min(most, MAX_GAP) + 1):
        value = step(value)
        if value == known:
            return gap
    return None


def values_back(revealed: bytes, known: bytes, most: int = MAX_GAP) -> list[bytes] | None:
    """The values ``revealed`` shows, from the one after ``known`` (the last
    value known of that chain) to ``revealed`` itself, in the order of their
    batches; None if ``revealed`` does not step to ``known`` in at most
    ``most`` steps.  A ledger keeps them, so any batch's value is at hand.

    >>> chain = Chain.make(b"a secret of sixteen bytes", 8)
    >>> values_back(chain.value(3), chain.value(1)) == [chain.value(2), chain.value(3)]
    True
    >>> values_back(chain.value(3), chain.value(1), most=1) is None
    True
    """
    gap = steps_to(revealed, known, most)
    if gap is None:
        return None
    found = [revealed]
    for _ in range(gap - 1):
        found.append(step(found[-1]))
    return found[::-1]


def batch_seed(game_id: bytes, batch: int, fire: bytes, ice: bytes) -> bytes:
    """The seed of a batch of chance: SHA-256 of a tag, the game's identity
    (the hash of its first link), the batch's number and both players'
    values in seat order.  Either value alone, with everything else known,
    leaves all 2^128 possibilities of the other, so the seed is unknown to
    the player who has only one of them."""
    if len(fire) != VALUE_BYTES or len(ice) != VALUE_BYTES:
        raise ValueError(f"a chain's value is {VALUE_BYTES} bytes")
    number = batch.to_bytes(4, "big")
    return hashlib.sha256(_SEED_TAG + hashlib.sha256(game_id).digest() + number + fire + ice).digest()


def seed_number(seed: bytes) -> int:
    """A batch's seed as the whole number the engine's ``fixed_chance`` takes."""
    return int.from_bytes(seed, "big")


def uniform(seed: bytes, count: int, index: int = 0) -> int:
    """The ``index``-th number in [0, count) drawn from ``seed``: hashes of
    the seed, the index and a counter, read as 64-bit numbers, the first one
    below the largest multiple of ``count`` taken (so no number is likelier
    than another)."""
    if count < 1:
        raise ValueError("draw from at least one possibility")
    limit = (1 << 64) - (1 << 64) % count
    counter = 0
    while True:
        data = _DRAW_TAG + seed + index.to_bytes(4, "big") + counter.to_bytes(4, "big")
        number = int.from_bytes(hashlib.sha256(data).digest()[:8], "big")
        if number < limit:
            return number % count
        counter += 1
