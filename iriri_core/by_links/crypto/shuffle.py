"""Proofs that a deck was locked and shuffled honestly (a verifiable
shuffle), so that neither player of a deal can put in its deck anything
but the other's cards under its own lock (docs/distance.md, "The deal by
both browsers").

This module owns those proofs.  The statement is: the prover knows x with
K = x·G (its lock's public point) and an order ψ of the n places with
Yᵢ = x·X_ψ(i) for every output i: the outputs Y₁..Yₙ are the inputs
X₁..Xₙ each locked by x, shuffled (an *exponentiation shuffle*).  Without
such a proof a cheater could put in its deck, say, x·(X₁ + 2X₂ + 4X₃), and
the other player's later lifts of its own lock from that card would tell
the cheater things about cards it was never dealt.

The proof is Terelius and Wikström's proof of a shuffle (2010), in the
form Haenni, Locher, Koenig and Dubuis write out for re-encryption mixes
("Pseudo-code algorithms for verifiable re-encryption mix-nets", 2017:
GenPermutationCommitment, GenCommitmentChain, GenShuffleProof,
CheckShuffleProof), here for locking instead of re-encryption, written
additively on P-256 and made non-interactive by hashing.  H and H₁..Hₙ are
points hashed onto the curve (:func:`generator`), so nobody knows the
discrete logarithm of any of them to G or to another.  Indices below run
from 1, as in the paper; the code counts from 0.

The prover, with random scalars r, r̂, ω (all drawn from x, ψ and the
statement, below):

1. commits to ψ: c_ψ(i) = r_ψ(i)·G + Hᵢ for each output i, so cⱼ commits
   to column j of ψ's matrix M (Mᵢⱼ = 1 where j = ψ(i));
2. hashes K, X, Y and c into a challenge uⱼ for each input (128 bits,
   never 0), and sets u'ᵢ = u_ψ(i), the vector M·u;
3. chains commitments to the product of the u': ĉ₀ = H and
   ĉᵢ = r̂ᵢ·G + u'ᵢ·ĉᵢ₋₁, so ĉₙ = (Π u'ᵢ)·H + r̂·G with r̂ = Σ r̂ᵢ·vᵢ,
   vₙ = 1, vᵢ₋₁ = u'ᵢ·vᵢ;
4. with X̄ = Σ uⱼ·Xⱼ, commits to the nonces: t₁ = ω₁·G, t₂ = ω₂·G,
   t₃ = ω₃·G + Σ ω'ᵢ·Hᵢ, t₄ = Σ ω'ᵢ·Yᵢ - ω₄·X̄, t₅ = ω₄·G and
   t̂ᵢ = ω̂ᵢ·G + ω'ᵢ·ĉᵢ₋₁;
5. hashes all that (the statement, c, ĉ and every t) into the challenge
   e (mod N), and answers, mod N: s₁ = ω₁ - e·Σ rⱼ, s₂ = ω₂ - e·r̂,
   s₃ = ω₃ - e·Σ rⱼ·uⱼ, s₄ = ω₄ - e·x, ŝᵢ = ω̂ᵢ - e·r̂ᵢ, s'ᵢ = ω'ᵢ - e·u'ᵢ.

The checker makes every t again from e and the answers, and accepts if
hashing them gives e.  For an honest proof each comes out as the prover's:

* c̄ = Σ cⱼ - Σ Hᵢ = (Σ rⱼ)·G, so t'₁ = e·c̄ + s₁·G = t₁;
* Π u'ᵢ = Π uⱼ (the same numbers in another order), so
  ĉ = ĉₙ - (Π uⱼ)·H = r̂·G and t'₂ = e·ĉ + s₂·G = t₂;
* c̃ = Σ uⱼ·cⱼ = (Σ rⱼ·uⱼ)·G + Σ u'ᵢ·Hᵢ, so
  t'₃ = e·c̃ + s₃·G + Σ s'ᵢ·Hᵢ = t₃;
* Σ u'ᵢ·Yᵢ = Σ u_ψ(i)·x·X_ψ(i) = x·X̄, so
  t'₄ = Σ s'ᵢ·Yᵢ - s₄·X̄ = t₄ - e·(Σ u'ᵢ·Yᵢ - x·X̄) = t₄;
* t'₅ = s₄·G + e·K = t₅ (the x of t₄ is the lock of K);
* t̂'ᵢ = e·ĉᵢ + ŝᵢ·G + s'ᵢ·ĉᵢ₋₁ = t̂ᵢ (ĉᵢ - u'ᵢ·ĉᵢ₋₁ = r̂ᵢ·G).

Why a cheater fails: from answers to two challenges e one could open the
commitments.  t₁ shows that c opens to a matrix M whose every row sums to
1; t₃ that c̃ opens to M·u; the chain and t₂ that the entries of M·u
multiply to Π uⱼ; the u being drawn after c is fixed, the two hold (but
with a chance of about n in 2¹²⁸) only if M is a permutation's matrix
(Terelius and Wikström's theorem).  t₄ and t₅ then show
Σ uⱼ·(Y_ψ⁻¹(j) - x·Xⱼ) = 0 with x the lock of K, and the u being drawn
after Y is fixed, that holds (but with a chance of 2⁻¹²⁸) only if every
Y_ψ⁻¹(j) = x·Xⱼ.  The proof tells nothing of x or ψ: given the challenges
first, anyone could make answers that look the same without knowing
either (the proof is zero-knowledge for a challenger who follows the
protocol, as a hash does).

A proof is c₁..cₙ and ĉ₁..ĉₙ (33 bytes each, compressed), then e, s₁..s₄,
ŝ₁..ŝₙ and s'₁..s'ₙ (32 bytes each): 130·n + 160 bytes, 3800 for the 28
dominoes.  Its random scalars are derived from x, ψ and the statement (as
:func:`.proofs.prove` derives its nonce), so the same deck always gets the
same proof, and no two statements (nor two orders giving the same deck,
where an input is there twice) share a nonce.  Making one costs 4n
multiplications or sums of two terms and three sums of n terms; checking
one, n sums of three terms and four of n terms.  Both run in steps
(:mod:`.steps`) of a millisecond or less in CPython.

>>> from .locking import card_point
>>> from .p256 import G, mul
>>> cards = [card_point(label) for label in ("6-6", "6-5", "5-5")]
>>> lock = 1234567
>>> deck, proof = prove(lock, cards, [2, 0, 1])
>>> deck == [mul(lock, cards[2]), mul(lock, cards[0]), mul(lock, cards[1])]
True
>>> len(proof) == proof_bytes(3) == 550, check(mul(lock, G), cards, deck, proof)
(True, True)
>>> check(mul(lock, G), cards, [deck[1], deck[0], deck[2]], proof)
False
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence

from .p256 import (
    G,
    N,
    Point,
    PointError,
    add,
    check_scalar,
    compress,
    decode_point,
    derived_scalar,
    lift_x,
    mul_add_steps,
    neg,
    on_curve,
)
from .steps import Steps, finish

GENERATOR_TAG = b"iriri distance shuffle generator v1\x00"
"""What the hash of every generator H, H₁, H₂, ... starts with."""

_STATEMENT_TAG = b"iriri distance shuffle v1\x00"
_NONCE_TAG = b"iriri distance shuffle nonce v1\x00"

_POINT = 33
_SCALAR = 32

# What each random scalar of a proof is drawn for (with its index).
_R, _R_HAT, _OMEGA_PRIME, _OMEGA_HAT, _OMEGA = 1, 2, 3, 4, 5

_GENERATORS_PER_STEP = 4
"""Generators found between two yields (each costs one or two square roots
mod P, about 0.1 ms each in CPython)."""
_POINTS_PER_STEP = 8
"""Points read or added between two yields (a square root each, or an
inversion)."""


def proof_bytes(n: int) -> int:
    """The bytes of a proof for a deck of ``n`` cards: 2n points of 33
    bytes, n + n + 5 scalars of 32.

    >>> proof_bytes(28)
    3800
    """
    return 2 * _POINT * n + _SCALAR * (2 * n + 5)


@functools.cache
def generator(index: int) -> tuple[int, int]:
    """The proof's generator number ``index``: H for 0, Hᵢ for i ≥ 1.  It
    is SHA-256 of :data:`GENERATOR_TAG`, the index (4 bytes) and a counter
    byte, the first counter whose hash is a point's abscissa (the point with
    the even y), as :func:`.locking.card_point` finds a card: nobody knows
    its discrete logarithm to G or to another generator.

    >>> generator(1) == generator(1) != generator(2)
    True
    """
    data = GENERATOR_TAG + index.to_bytes(4, "big")
    for counter in range(256):
        x = int.from_bytes(hashlib.sha256(data + bytes([counter])).digest(), "big")
        point = lift_x(x, odd=False)
        if point is not None:
            return point
    raise ValueError(f"no point found for the generator {index}")  # about 2^-256


def _generators_steps(n: int) -> Steps[list[tuple[int, int]]]:
    """H, H₁, ..., Hₙ, in steps (they are found once, then remembered)."""
    found = []
    for index in range(n + 1):
        found.append(generator(index))
        if index % _GENERATORS_PER_STEP == _GENERATORS_PER_STEP - 1:
            yield
    return found


def _sum_steps(points: Sequence[Point]) -> Steps[Point]:
    """The sum of ``points``, in steps."""
    total: Point = None
    for index, point in enumerate(points):
        total = add(total, point)
        if index % _POINTS_PER_STEP == _POINTS_PER_STEP - 1:
            yield
    return total


def _encoded(point: Point) -> bytes:
    """A point for a hash: compressed, or one byte 0 for the point at
    infinity (which no checked proof has, but a cheater's might)."""
    return b"\x00" if point is None else compress(point)


def _statement(public: Point, inputs: Sequence[Point], outputs: Sequence[Point]) -> bytes:
    """SHA-256 of the statement: the number of cards, K, the inputs and the
    outputs."""
    data = [_STATEMENT_TAG, len(inputs).to_bytes(4, "big"), _encoded(public)]
    data += [_encoded(point) for point in inputs]
    data += [_encoded(point) for point in outputs]
    return hashlib.sha256(b"".join(data)).digest()


def _challenges(statement: bytes, commitments: bytes) -> tuple[bytes, list[int]]:
    """The hash of the statement and the permutation's commitments (their
    bytes), and the challenges u₁..uₙ drawn from it: 128 bits each, plus
    one, so none is 0."""
    seed = hashlib.sha256(statement + b"u" + commitments).digest()
    count = len(commitments) // _POINT
    return seed, [
        1 + int.from_bytes(hashlib.sha256(seed + j.to_bytes(4, "big")).digest()[:16], "big")
        for j in range(count)
    ]


def _challenge(seed: bytes, chain: bytes, commitments: Sequence[Point]) -> int:
    """The challenge e: SHA-256 of the statement and c (``seed``, from
    :func:`_challenges`), the chain ĉ₁..ĉₙ (its bytes) and t₁..t₅,
    t̂₁..t̂ₙ, mod N."""
    data = seed + b"e" + chain + b"".join(_encoded(point) for point in commitments)
    return int.from_bytes(hashlib.sha256(data).digest(), "big") % N


def _nonce_base(key: bytes, statement: bytes) -> bytes:
    """What every random scalar of a proof is drawn from: a hash of the
    prover's ``key`` (its secret and its order) and the statement."""
    return hashlib.sha512(_NONCE_TAG + len(key).to_bytes(4, "big") + key + statement).digest()


def _drawn(base: bytes, label: int, index: int) -> int:
    """The random scalar ``label`` number ``index`` of a proof."""
    return derived_scalar(base + bytes([label]) + index.to_bytes(4, "big"))


def _proof_steps(
    secret: int,
    public: Point,
    inputs: Sequence[Point],
    outputs: Sequence[Point],
    order: Sequence[int],
    key: bytes,
) -> Steps[bytes]:
    """The prover's algorithm: a proof that ``outputs`` are ``inputs``
    locked by ``secret`` in ``order`` (output i from input order[i]), for
    the lock's point ``public``, its random scalars drawn from ``key`` and
    the statement.  It takes the statement's word for it: an honest prover
    (:func:`prove_steps`) calls it with a true statement; a test's cheater
    calls it with a false one, to see the checker refuse the proof."""
    n = len(inputs)
    statement = _statement(public, inputs, outputs)
    base = _nonce_base(key, statement)
    r = [_drawn(base, _R, j) for j in range(n)]
    r_hat = [_drawn(base, _R_HAT, i) for i in range(n)]
    omega_prime = [_drawn(base, _OMEGA_PRIME, i) for i in range(n)]
    omega_hat = [_drawn(base, _OMEGA_HAT, i) for i in range(n)]
    omega = [_drawn(base, _OMEGA, k) for k in range(4)]
    generators = yield from _generators_steps(n)
    h, hs = generators[0], generators[1:]

    # The permutation's commitment, one point per input j: rⱼ·G plus the
    # generator of the output it goes to.
    goes_to: list[list[int]] = [[] for _ in range(n)]
    for i, j in enumerate(order):
        goes_to[j].append(i)
    commitments: list[Point] = []
    for j in range(n):
        point = yield from mul_add_steps([(r[j], G)])
        for i in goes_to[j]:
            point = add(point, hs[i])
        commitments.append(point)
    commitment_bytes = b"".join(compress(point) for point in commitments)
    seed, u = _challenges(statement, commitment_bytes)
    u_prime = [u[j] for j in order]

    # The chain of commitments to the product of the u'.
    chain: list[Point] = [h]
    for i in range(n):
        chain.append((yield from mul_add_steps([(r_hat[i], G), (u_prime[i], chain[i])])))
    chain_bytes = b"".join(compress(point) for point in chain[1:])

    # The nonces' commitments.
    x_bar = yield from mul_add_steps(zip(u, inputs, strict=True))
    t: list[Point] = [
        (yield from mul_add_steps([(omega[0], G)])),
        (yield from mul_add_steps([(omega[1], G)])),
        (yield from mul_add_steps([(omega[2], G), *zip(omega_prime, hs, strict=True)])),
        (yield from mul_add_steps([*zip(omega_prime, outputs, strict=True), (-omega[3], x_bar)])),
        (yield from mul_add_steps([(omega[3], G)])),
    ]
    for i in range(n):
        t.append((yield from mul_add_steps([(omega_hat[i], G), (omega_prime[i], chain[i])])))
    e = _challenge(seed, chain_bytes, t)

    # The answers.
    v = [1] * n
    for i in range(n - 1, 0, -1):
        v[i - 1] = u_prime[i] * v[i] % N
    r_chain = sum(ri * vi for ri, vi in zip(r_hat, v, strict=True))
    answers = [
        e,
        omega[0] - e * sum(r),
        omega[1] - e * r_chain,
        omega[2] - e * sum(rj * uj for rj, uj in zip(r, u, strict=True)),
        omega[3] - e * secret,
        *(w - e * ri for w, ri in zip(omega_hat, r_hat, strict=True)),
        *(w - e * ui for w, ui in zip(omega_prime, u_prime, strict=True)),
    ]
    return commitment_bytes + chain_bytes + b"".join((a % N).to_bytes(_SCALAR, "big") for a in answers)


def prove_steps(
    secret: int, inputs: Sequence[Point], order: Sequence[int]
) -> Steps[tuple[list[Point], bytes]]:
    """Lock ``inputs`` with the lock ``secret`` and shuffle them into
    ``order`` (output i is secret·inputs[order[i]]), in steps: the outputs,
    and the proof that they are that (:func:`proof_bytes` long).  Raises
    ValueError for a lock out of range, no inputs, an input that is no
    point of the curve, or an order that is not each place once."""
    check_scalar(secret, "a lock")
    n = len(inputs)
    if n < 1:
        raise ValueError("a shuffle needs at least one card")
    if sorted(order) != list(range(n)):
        raise ValueError(f"the order must hold each of the places 0 to {n - 1} once")
    if not all(on_curve(point) for point in inputs):
        raise ValueError("every card to shuffle must be a point of the curve")
    public = yield from mul_add_steps([(secret, G)])
    outputs: list[Point] = []
    for j in order:
        outputs.append((yield from mul_add_steps([(secret, inputs[j])])))
    key = secret.to_bytes(_SCALAR, "big") + b"".join(j.to_bytes(4, "big") for j in order)
    proof = yield from _proof_steps(secret, public, inputs, outputs, order, key)
    return outputs, proof


def prove(secret: int, inputs: Sequence[Point], order: Sequence[int]) -> tuple[list[Point], bytes]:
    """:func:`prove_steps` at once."""
    return finish(prove_steps(secret, inputs, order))


def check_steps(
    public: Point, inputs: Sequence[Point], outputs: Sequence[Point], proof: bytes
) -> Steps[bool]:
    """Whether ``proof`` shows that ``outputs`` are ``inputs`` locked by the
    lock of ``public`` and shuffled, in steps.  Anything malformed (no
    inputs, outputs of another number, a proof of another length, a point
    off the curve or at infinity, a scalar of N or more) is False."""
    n = len(inputs)
    if n < 1 or len(outputs) != n or len(proof) != proof_bytes(n):
        return False
    if not (on_curve(public) and all(on_curve(point) for point in (*inputs, *outputs))):
        return False
    points: list[Point] = []
    for index in range(2 * n):
        try:
            points.append(decode_point(proof[index * _POINT : (index + 1) * _POINT]))
        except PointError:
            return False
        if index % _POINTS_PER_STEP == _POINTS_PER_STEP - 1:
            yield
    commitments, chain = points[:n], [generator(0), *points[n:]]
    start = 2 * n * _POINT
    scalars = [int.from_bytes(proof[k : k + _SCALAR], "big") for k in range(start, len(proof), _SCALAR)]
    if any(scalar >= N for scalar in scalars):
        return False
    e, s1, s2, s3, s4 = scalars[:5]
    s_hat, s_prime = scalars[5 : 5 + n], scalars[5 + n :]

    generators = yield from _generators_steps(n)
    h, hs = generators[0], generators[1:]
    seed, u = _challenges(_statement(public, inputs, outputs), proof[: n * _POINT])
    product = 1
    for uj in u:
        product = product * uj % N
    x_bar = yield from mul_add_steps(zip(u, inputs, strict=True))
    c_bar = yield from _sum_steps([*commitments, *(neg(point) for point in hs)])
    c_tilde = yield from mul_add_steps(zip(u, commitments, strict=True))
    t: list[Point] = [
        (yield from mul_add_steps([(e, c_bar), (s1, G)])),
        (yield from mul_add_steps([(e, chain[n]), (-e * product, h), (s2, G)])),
        (yield from mul_add_steps([(e, c_tilde), (s3, G), *zip(s_prime, hs, strict=True)])),
        (yield from mul_add_steps([*zip(s_prime, outputs, strict=True), (-s4, x_bar)])),
        (yield from mul_add_steps([(s4, G), (e, public)])),
    ]
    for i in range(n):
        t.append((yield from mul_add_steps([(e, chain[i + 1]), (s_hat[i], G), (s_prime[i], chain[i])])))
    return _challenge(seed, proof[n * _POINT : start], t) == e


def check(public: Point, inputs: Sequence[Point], outputs: Sequence[Point], proof: bytes) -> bool:
    """:func:`check_steps` at once."""
    return finish(check_steps(public, inputs, outputs, proof))
