"""Proofs that one secret scalar links several pairs of points (Chaum and
Pedersen's proof of equal discrete logarithms, made non-interactive by
hashing, and batched), so a lock is seen to be lifted honestly at once.

This module owns those proofs.  The statement is: the prover knows x with
K = x·G (K is the lock's public point, sent with the first locked deck) and
Mᵢ = x·Hᵢ for every pair (Hᵢ, Mᵢ).  Uses in a deal by both browsers:

* lifting a lock from cards Y₁..Yₖ, giving Z₁..Zₖ = x⁻¹·Yᵢ: the pairs are
  (Zᵢ, Yᵢ), so the receiver knows at once that the lifted cards are the
  ones in the deck and not cards the sender chose;
* playing a domino d out of a hand: the pair (card_point(d), Z), Z being
  the player's card with the other's lock lifted, so the other knows d
  was really in that hand.

The pairs are folded into one by coefficients hashed from all of them
(H* = Σ cᵢHᵢ, M* = Σ cᵢMᵢ), and one proof for (G, K), (H*, M*) is 64 bytes
whatever the number of pairs.

>>> from .p256 import G, mul
>>> x = 1234567
>>> pairs = [(mul(5, G), mul(5 * x, G)), (mul(9, G), mul(9 * x, G))]
>>> proof = prove(x, pairs)
>>> len(proof), check(mul(x, G), pairs, proof)
(64, True)
>>> check(mul(x + 1, G), pairs, proof)
False
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from .p256 import G, N, Point, compress, derived_scalar, mul, mul_add_steps
from .steps import Steps, finish

PROOF_BYTES = 64
_TAG = b"iriri distance dleq v1\x00"
_NONCE_TAG = b"iriri distance dleq nonce v1\x00"

Pair = tuple[Point, Point]


def _weights(public: Point, pairs: Sequence[Pair]) -> tuple[bytes, list[int]]:
    """The statement's hash, and a coefficient hashed from it for each pair."""
    statement = _TAG + compress(public) + b"".join(compress(h) + compress(m) for h, m in pairs)
    seed = hashlib.sha256(statement).digest()
    weights = [
        int.from_bytes(hashlib.sha256(seed + index.to_bytes(4, "big")).digest()[:16], "big")
        for index in range(len(pairs))
    ]
    return seed, weights


def _fold_steps(weights: Sequence[int], points: Sequence[Point]) -> Steps[Point]:
    """Σ wᵢ·pointᵢ: one side of the pairs folded into one point."""
    return mul_add_steps(list(zip(weights, points, strict=True)))


def _challenge(seed: bytes, first: Point, second: Point) -> int:
    data = seed + b"".join(b"\x00" if p is None else compress(p) for p in (first, second))
    return int.from_bytes(hashlib.sha256(data).digest(), "big") % N


def prove_steps(secret: int, pairs: Sequence[Pair]) -> Steps[bytes]:
    """A proof (64 bytes: the challenge e, then s) that ``secret`` is the
    scalar of G to secret·G and of every pair, in steps (:mod:`.steps`).
    The nonce is derived from the secret and the statement (as RFC 6979
    does for signatures), so the same statement gets the same proof: a side
    can make its message again from what it keeps, and no nonce is ever
    used for two statements."""
    if not pairs:
        raise ValueError("a proof needs at least one pair of points")
    seed, weights = _weights(mul(secret, G), pairs)
    folded_h = yield from _fold_steps(weights, [h for h, _ in pairs])  # the checker folds M too
    nonce = derived_scalar(_NONCE_TAG + secret.to_bytes(32, "big") + seed)
    yield
    first = mul(nonce, G)
    yield
    e = _challenge(seed, first, mul(nonce, folded_h))
    s = (nonce - e * secret) % N
    return e.to_bytes(32, "big") + s.to_bytes(32, "big")


def check_steps(public: Point, pairs: Sequence[Pair], proof: bytes) -> Steps[bool]:
    """Whether ``proof`` shows that the scalar of G to ``public`` is the
    scalar of every pair, in steps.  Anything malformed is False."""
    if len(proof) != PROOF_BYTES or not pairs or public is None:
        return False
    if any(h is None or m is None for h, m in pairs):
        return False
    e = int.from_bytes(proof[:32], "big")
    s = int.from_bytes(proof[32:], "big")
    if not (e < N and s < N):
        return False
    seed, weights = _weights(public, pairs)
    folded_h = yield from _fold_steps(weights, [h for h, _ in pairs])
    folded_m = yield from _fold_steps(weights, [m for _, m in pairs])
    first = yield from mul_add_steps([(s, G), (e, public)])
    second = yield from mul_add_steps([(s, folded_h), (e, folded_m)])
    return _challenge(seed, first, second) == e


def prove(secret: int, pairs: Sequence[Pair]) -> bytes:
    """:func:`prove_steps` at once."""
    return finish(prove_steps(secret, pairs))


def check(public: Point, pairs: Sequence[Pair], proof: bytes) -> bool:
    """:func:`check_steps` at once."""
    return finish(check_steps(public, pairs, proof))
