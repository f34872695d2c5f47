"""The proof of a shuffle (iriri_core.by_links.crypto.shuffle) and the sums in steps
it runs on (p256.mul_add_steps).

What it pins: an honest proof checks (1, 2 and 28 cards), is the same each
time and is 130·n + 160 bytes; anything malformed is refused without an
exception; a proof does not carry over to other outputs, another lock's
point, the inputs in another order or another number of outputs; and every
dishonest deck a cheater might make (sums of the inputs, a point not from
them, a place locked twice or by another lock, a card twice) is refused,
whether the cheater patches an honest proof, runs the prover's own code on
its deck with the best order it has, or forges a proof by hand with any
matrix in place of the order, grinding its random numbers 200 times.

The cheater by hand (:func:`forge`) is the prover's algorithm written again
here for any matrix M (Mᵢⱼ: how much of input j output i is made of; a
permutation's matrix for an honest deck), with the module's own hashes: the
protocol is public.  A linear cheat Y = x·A·X passes every relation of the
proof but two with M the inverse of A's transpose, and every relation but
the product's when A's columns each sum to 1: :func:`recomputed` shows it,
so that the tests below that refuse it test the product's argument.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from iriri_core.by_links.crypto import p256, shuffle
from iriri_core.by_links.crypto.locking import card_point
from iriri_core.by_links.crypto.measure import DOMINO_LABELS
from iriri_core.by_links.crypto.p256 import G, N, Point, compress, derived_scalar, mul, mul_add, mul_add_steps
from iriri_core.by_links.crypto.steps import Running, finish

DOMINOES = [card_point(label) for label in DOMINO_LABELS]
LOCK = derived_scalar(b"test shuffle: the prover's lock")
OTHER_LOCK = derived_scalar(b"test shuffle: another lock")
PUBLIC = mul(LOCK, G)
FOUR = DOMINOES[:4]
IDENTITY = [0, 1, 2, 3]

Matrix = list[list[int]]


def deck_order(n: int, seed: int) -> list[int]:
    order = list(range(n))
    random.Random(seed).shuffle(order)
    return order


def flipped(data: bytes, index: int, bit: int = 1) -> bytes:
    """``data`` with one bit of byte ``index`` changed."""
    return data[:index] + bytes([data[index] ^ bit]) + data[index + 1 :]


# The cheater's tools: linear decks, matrices mod N, a forger by hand, and
# the checker's relations recomputed.


def linear(secret: int, inputs: Sequence[Point], matrix: Matrix) -> list[Point]:
    """The deck Yᵢ = secret·Σⱼ Aᵢⱼ·Xⱼ for the matrix A."""
    return [mul_add([(secret * a, x) for a, x in zip(row, inputs, strict=True) if a]) for row in matrix]


def transposed_inverse(matrix: Matrix) -> Matrix:
    """(A⁻¹)ᵀ mod N, by Gauss and Jordan's elimination."""
    n = len(matrix)
    rows = [[a % N for a in row] + [int(i == j) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col])
        rows[col], rows[pivot] = rows[pivot], rows[col]
        scale = pow(rows[col][col], -1, N)
        rows[col] = [a * scale % N for a in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [(a - factor * b) % N for a, b in zip(rows[r], rows[col], strict=True)]
    inverse = [row[n:] for row in rows]
    return [[inverse[j][i] for j in range(n)] for i in range(n)]


def permutation_matrix(order: Sequence[int]) -> Matrix:
    return [[int(j == order[i]) for j in range(len(order))] for i in range(len(order))]


def forged_commitments(matrix: Matrix, rng: random.Random) -> tuple[list[int], bytes]:
    """The forger's first move: random rⱼ, and cⱼ = rⱼ·G + Σᵢ Mᵢⱼ·Hᵢ for
    each column j of its matrix (their bytes)."""
    n = len(matrix)
    r = [rng.randrange(1, N) for _ in range(n)]
    hs = [shuffle.generator(i + 1) for i in range(n)]
    commitments = [
        mul_add([(r[j], G), *((matrix[i][j], hs[i]) for i in range(n) if matrix[i][j] % N)]) for j in range(n)
    ]
    return r, b"".join(compress(c) for c in commitments)


def forge(
    secret: int,
    public: Point,
    inputs: Sequence[Point],
    outputs: Sequence[Point],
    matrix: Matrix,
    seed: int,
) -> tuple[bytes, list[Point]]:
    """A proof made by hand with ``matrix`` in place of an order (its
    column j committed to as cⱼ, u' = M·u), random numbers from ``seed``;
    the proof and the prover's t₁..t₅, t̂₁..t̂ₙ."""
    n = len(inputs)
    rng = random.Random(seed)

    def draw() -> int:
        return rng.randrange(1, N)

    r, commitment_bytes = forged_commitments(matrix, rng)
    r_hat = [draw() for _ in range(n)]
    w_prime, w_hat, w = [draw() for _ in range(n)], [draw() for _ in range(n)], [draw() for _ in range(4)]
    h, hs = shuffle.generator(0), [shuffle.generator(i + 1) for i in range(n)]
    seed_u, u = shuffle._challenges(shuffle._statement(public, inputs, outputs), commitment_bytes)
    u_prime = [sum(m * uj for m, uj in zip(matrix[i], u, strict=True)) % N for i in range(n)]
    chain: list[Point] = [h]
    for i in range(n):
        chain.append(mul_add([(r_hat[i], G), (u_prime[i], chain[i])]))
    chain_bytes = b"".join(compress(c) for c in chain[1:])
    x_bar = mul_add(list(zip(u, inputs, strict=True)))
    t = [
        mul(w[0], G),
        mul(w[1], G),
        mul_add([(w[2], G), *zip(w_prime, hs, strict=True)]),
        mul_add([*zip(w_prime, outputs, strict=True), (-w[3], x_bar)]),
        mul(w[3], G),
        *(mul_add([(w_hat[i], G), (w_prime[i], chain[i])]) for i in range(n)),
    ]
    e = shuffle._challenge(seed_u, chain_bytes, t)
    v = [1] * n
    for i in range(n - 1, 0, -1):
        v[i - 1] = u_prime[i] * v[i] % N
    answers = [
        e,
        w[0] - e * sum(r),
        w[1] - e * sum(a * b for a, b in zip(r_hat, v, strict=True)),
        w[2] - e * sum(a * b for a, b in zip(r, u, strict=True)),
        w[3] - e * secret,
        *(a - e * b for a, b in zip(w_hat, r_hat, strict=True)),
        *(a - e * b for a, b in zip(w_prime, u_prime, strict=True)),
    ]
    return commitment_bytes + chain_bytes + b"".join((a % N).to_bytes(32, "big") for a in answers), t


def recomputed(public: Point, inputs: Sequence[Point], outputs: Sequence[Point], proof: bytes) -> list[Point]:
    """The checker's t'₁..t'₅, t̂'₁..t̂'ₙ from a well-formed proof, written
    again from the module's docstring."""
    n = len(inputs)
    points = [p256.decode_point(proof[k : k + 33]) for k in range(0, 66 * n, 33)]
    c, chain = points[:n], [shuffle.generator(0), *points[n:]]
    scalars = [int.from_bytes(proof[k : k + 32], "big") for k in range(66 * n, len(proof), 32)]
    e, s1, s2, s3, s4 = scalars[:5]
    s_hat, s_prime = scalars[5 : 5 + n], scalars[5 + n :]
    h, hs = shuffle.generator(0), [shuffle.generator(i + 1) for i in range(n)]
    _, u = shuffle._challenges(shuffle._statement(public, inputs, outputs), proof[: 33 * n])
    product = 1
    for uj in u:
        product = product * uj % N
    c_bar = mul_add([*((1, cj) for cj in c), *((-1, hi) for hi in hs)])
    c_hat = mul_add([(1, chain[n]), (-product, h)])
    c_tilde = mul_add(list(zip(u, c, strict=True)))
    x_bar = mul_add(list(zip(u, inputs, strict=True)))
    return [
        mul_add([(e, c_bar), (s1, G)]),
        mul_add([(e, c_hat), (s2, G)]),
        mul_add([(e, c_tilde), (s3, G), *zip(s_prime, hs, strict=True)]),
        mul_add([*zip(s_prime, outputs, strict=True), (-s4, x_bar)]),
        mul_add([(s4, G), (e, public)]),
        *(mul_add([(e, chain[i + 1]), (s_hat[i], G), (s_prime[i], chain[i])]) for i in range(n)),
    ]


def core_proof(
    secret: int, public: Point, inputs: Sequence[Point], outputs: Sequence[Point], order: Sequence[int]
) -> bytes:
    """The module's own prover run on a deck it is given (which may be a
    cheater's), with the order given as its witness."""
    key = secret.to_bytes(32, "big") + bytes(order)
    return finish(shuffle._proof_steps(secret, public, inputs, outputs, order, key))


# The sums in steps.


def test_mul_add_in_steps_is_mul_add_and_yields() -> None:
    rng = random.Random(7)
    pairs: list[tuple[int, Point]] = [(rng.randrange(N), mul(rng.randrange(1, N), G)) for _ in range(12)]
    pairs += [(0, G), (5, None), (N + 3, G)]
    expected: Point = None
    for k, point in pairs:
        expected = p256.add(expected, mul(k, point))
    steps = mul_add_steps(pairs)
    running = Running(steps)
    slices = 0
    while not running.run_for(0.0):
        slices += 1
    assert running.result == expected == mul_add(pairs)
    assert slices >= 10  # 15 tables, then 64 windows of 4 doublings and 15 additions
    assert finish(mul_add_steps([])) is None


# Honest proofs.


@pytest.mark.parametrize("n", [1, 2, 28])
def test_an_honest_proof_checks(n: int) -> None:
    inputs, order = DOMINOES[:n], deck_order(n, n)
    outputs, proof = shuffle.prove(LOCK, inputs, order)
    assert outputs == [mul(LOCK, inputs[j]) for j in order]
    assert len(proof) == shuffle.proof_bytes(n) == 130 * n + 160
    assert shuffle.check(PUBLIC, inputs, outputs, proof)


def test_sizes() -> None:
    assert [shuffle.proof_bytes(n) for n in (1, 2, 9, 28)] == [290, 420, 1330, 3800]


def test_the_same_statement_gets_the_same_proof_and_another_gets_another() -> None:
    order = deck_order(6, 1)
    first = shuffle.prove(LOCK, DOMINOES[:6], order)
    assert shuffle.prove(LOCK, DOMINOES[:6], order) == first
    other = shuffle.prove(LOCK, DOMINOES[:6], deck_order(6, 2))
    assert other[0] != first[0] and other[1][:198] != first[1][:198]


def test_two_orders_of_the_same_deck_share_no_random_number() -> None:
    """With a card twice in the inputs, two orders give the same outputs:
    the statement is the same, the witness is not.  The random numbers are
    drawn from the order too, so the two proofs share no nonce (with the
    same ω₄ and two challenges, s₄ = ω₄ - e·x would give x away)."""
    inputs = [DOMINOES[0], DOMINOES[0], DOMINOES[1]]
    one, proof_one = shuffle.prove(LOCK, inputs, [0, 1, 2])
    two, proof_two = shuffle.prove(LOCK, inputs, [1, 0, 2])
    assert one == two and proof_one != proof_two
    assert shuffle.check(PUBLIC, inputs, one, proof_one) and shuffle.check(PUBLIC, inputs, two, proof_two)
    start = 66 * 3
    e1, e2 = (int.from_bytes(p[start : start + 32], "big") for p in (proof_one, proof_two))
    s1, s2 = (int.from_bytes(p[start + 128 : start + 160], "big") for p in (proof_one, proof_two))
    assert e1 != e2 and (s2 - s1) * pow(e1 - e2, -1, N) % N != LOCK


def test_proving_in_steps_is_proving_at_once_and_slices_are_short() -> None:
    order = deck_order(5, 3)
    running = Running(shuffle.prove_steps(LOCK, DOMINOES[:5], order))
    slices = 0
    while not running.run_for(0.0):
        slices += 1
    assert running.result == shuffle.prove(LOCK, DOMINOES[:5], order)
    assert slices > 50
    assert running.result is not None
    outputs, proof = running.result
    checking = Running(shuffle.check_steps(PUBLIC, DOMINOES[:5], outputs, proof))
    while not checking.run_for(0.0):
        slices += 1
    assert checking.result is True


@pytest.mark.parametrize(
    ("secret", "inputs", "order", "words"),
    [
        (0, FOUR, IDENTITY, "a lock"),
        (N, FOUR, IDENTITY, "a lock"),
        (LOCK, [], [], "at least one card"),
        (LOCK, FOUR, [0, 1, 2], "each of the places"),
        (LOCK, FOUR, [0, 1, 1, 3], "each of the places"),
        (LOCK, [*FOUR[:3], None], IDENTITY, "a point of the curve"),
        (LOCK, [*FOUR[:3], (1, 2)], IDENTITY, "a point of the curve"),
    ],
)
def test_the_prover_refuses_what_is_no_shuffle(
    secret: int, inputs: list[Point], order: list[int], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        shuffle.prove(secret, inputs, order)


# Malformed proofs and statements: False, never an exception.


@pytest.fixture(scope="module")
def three() -> tuple[list[Point], list[Point], bytes]:
    """Three dominoes, their deck and its proof."""
    inputs: list[Point] = list(DOMINOES[:3])
    outputs, proof = shuffle.prove(LOCK, inputs, [2, 0, 1])
    return inputs, outputs, proof


def test_malformed_is_false(three: tuple[list[Point], list[Point], bytes]) -> None:
    inputs, outputs, proof = three
    assert shuffle.check(PUBLIC, inputs, outputs, proof)
    off_curve = (p256.GX, p256.GY + 1)
    no_abscissa = next(x for x in range(1, 100) if p256.lift_x(x, odd=False) is None)
    points_end, scalars = 66 * 3, 66 * 3 + 32 * 5
    malformed = [
        (PUBLIC, inputs, outputs, proof[:-1]),
        (PUBLIC, inputs, outputs, proof + b"\x00"),
        (PUBLIC, inputs, outputs, proof[:-130]),
        (PUBLIC, inputs, outputs, proof + bytes(130)),
        (PUBLIC, inputs, outputs, b""),
        (PUBLIC, [], [], bytes(160)),
        (PUBLIC, [], [], b""),
        (None, inputs, outputs, proof),
        (off_curve, inputs, outputs, proof),
        (PUBLIC, [*inputs[:2], None], outputs, proof),
        (PUBLIC, inputs, [*outputs[:2], None], proof),
        (PUBLIC, inputs, [*outputs[:2], off_curve], proof),
        (PUBLIC, [off_curve, *inputs[1:]], outputs, proof),
        # a point of the proof with no point at that abscissa, at infinity, of another form
        (PUBLIC, inputs, outputs, b"\x02" + no_abscissa.to_bytes(32, "big") + proof[33:]),
        (PUBLIC, inputs, outputs, proof[:33] + bytes(33) + proof[66:]),
        (PUBLIC, inputs, outputs, proof[:99] + b"\x04" + proof[100:]),
        (PUBLIC, inputs, outputs, proof[:99] + b"\x02" + b"\xff" * 32 + proof[132:]),
        # scalars of N or more: e, s₄, the last s'
        (PUBLIC, inputs, outputs, proof[:points_end] + N.to_bytes(32, "big") + proof[points_end + 32 :]),
        (PUBLIC, inputs, outputs, proof[: scalars - 32] + b"\xff" * 32 + proof[scalars:]),
        (PUBLIC, inputs, outputs, proof[:-32] + (N + 1).to_bytes(32, "big")),
    ]
    for public, ins, outs, data in malformed:
        assert shuffle.check(public, ins, outs, data) is False


def test_a_proof_with_any_field_changed_is_refused(three: tuple[list[Point], list[Point], bytes]) -> None:
    """Every field (each c, each ĉ, e, s₁..s₄, each ŝ and s'), changed at
    its first, a middle and its last byte; the first byte of a point with
    its low bit changed is the point's negative, a point still."""
    inputs, outputs, proof = three
    n = 3
    fields = [(33 * k, 33) for k in range(2 * n)] + [(66 * n + 32 * k, 32) for k in range(5 + 2 * n)]
    assert sum(size for _, size in fields) == len(proof)
    for start, size in fields:
        for index in (start, start + size // 2, start + size - 1):
            for bit in (1, 0x80):
                assert not shuffle.check(PUBLIC, inputs, outputs, flipped(proof, index, bit)), (index, bit)


def test_a_proof_is_for_its_statement_only(three: tuple[list[Point], list[Point], bytes]) -> None:
    inputs, outputs, proof = three
    other_outputs, other_proof = shuffle.prove(LOCK, inputs, [0, 2, 1])
    assert shuffle.check(PUBLIC, inputs, other_outputs, other_proof)
    assert not shuffle.check(PUBLIC, inputs, other_outputs, proof)  # made for other outputs
    assert not shuffle.check(PUBLIC, inputs, outputs, other_proof)
    assert not shuffle.check(mul(OTHER_LOCK, G), inputs, outputs, proof)  # another lock's point
    assert not shuffle.check(p256.neg(PUBLIC), inputs, outputs, proof)
    for order in ([1, 0, 2], [2, 1, 0], [1, 2, 0]):  # the inputs in another order (still a shuffle)
        assert not shuffle.check(PUBLIC, [inputs[j] for j in order], outputs, proof)
    assert not shuffle.check(PUBLIC, inputs, outputs[:2], proof)  # outputs of another length
    assert not shuffle.check(PUBLIC, inputs, [*outputs, mul(LOCK, DOMINOES[5])], proof)
    four_outputs, four_proof = shuffle.prove(LOCK, FOUR, IDENTITY)
    assert not shuffle.check(PUBLIC, inputs, four_outputs[:3], four_proof)  # a longer proof
    assert not shuffle.check(PUBLIC, inputs, outputs, four_proof[:-130])


def test_a_proof_made_up_from_its_answers_is_refused(three: tuple[list[Point], list[Point], bytes]) -> None:
    """Without the lock, a forger picks e and every answer at random and
    the commitments to fit (as a simulator would): the hash is not e."""
    inputs, outputs, _ = three
    rng = random.Random(5)
    points = b"".join(compress(mul(rng.randrange(1, N), G)) for _ in range(6))
    answers = b"".join(rng.randrange(N).to_bytes(32, "big") for _ in range(11))
    assert not shuffle.check(PUBLIC, inputs, outputs, points + answers)


# Cheaters.  Each deck below is four places from FOUR under LOCK, one or two of
# them dishonest; a linear one comes with its matrix A (Y = LOCK·A·X).

SUMS = [[1, 2, 4, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
"""Y₁ = x·(X₁ + 2X₂ + 4X₃), the rest honest."""
SUMS_COLUMNS_ONE = [[1, 2, 4, 0], [0, -1, 0, 0], [0, 0, -3, 0], [0, 0, 0, 1]]
"""Sums whose matrix has every column summing to 1: only the product stops them."""
HALVED_DOUBLED = [[pow(2, -1, N), 0, 0, 0], [0, 2, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
"""Y₁ = x·(X₁/2), Y₂ = x·2X₂: the product of M·u is right, only the rows' sums stop it."""
TWICE = [[LOCK, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
"""Y₁ = x²·X₁: a place locked twice."""
SECOND_LOCK = [[OTHER_LOCK * pow(LOCK, -1, N) % N, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
"""Y₁ = x'·X₁: a place under another lock."""


def cheats() -> dict[str, tuple[list[Point], Matrix | None]]:
    """Every dishonest deck of four, by name, with its matrix if it is linear."""
    honest = [mul(LOCK, x) for x in FOUR]
    decks: dict[str, tuple[list[Point], Matrix | None]] = {
        name: (linear(LOCK, FOUR, matrix), matrix)
        for name, matrix in (
            ("sums", SUMS),
            ("sums with columns of one", SUMS_COLUMNS_ONE),
            ("a place halved, another doubled", HALVED_DOUBLED),
            ("locked twice", TWICE),
            ("a second lock", SECOND_LOCK),
        )
    }
    decks["a random point"] = ([mul(derived_scalar(b"test shuffle: a point"), G), *honest[1:]], None)
    decks["a card not in the deck"] = ([mul(LOCK, card_point("7-7")), *honest[1:]], None)
    decks["a card twice"] = ([honest[0], honest[0], *honest[2:]], None)
    decks["another lock for all"] = ([mul(OTHER_LOCK, x) for x in FOUR], None)
    return decks


CHEATS = cheats()


@pytest.mark.parametrize("name", list(CHEATS))
def test_a_cheater_patching_an_honest_proof_is_refused(name: str) -> None:
    outputs, _ = CHEATS[name]
    _, proof = shuffle.prove(LOCK, FOUR, IDENTITY)
    assert not shuffle.check(PUBLIC, FOUR, outputs, proof)


@pytest.mark.parametrize("name", list(CHEATS))
def test_a_cheater_running_the_provers_code_is_refused(name: str) -> None:
    """The module's prover on the cheater's deck, with the honest order,
    with the first place's source moved to each input (an order that may
    take an input twice), and, for another lock, with that lock."""
    outputs, _ = CHEATS[name]
    orders = [IDENTITY, *([j, 1, 2, 3] for j in range(1, 4)), [0, 0, 2, 3]]
    for order in orders:
        assert not shuffle.check(PUBLIC, FOUR, outputs, core_proof(LOCK, PUBLIC, FOUR, outputs, order))
    if name == "another lock for all":
        assert not shuffle.check(
            PUBLIC, FOUR, outputs, core_proof(OTHER_LOCK, PUBLIC, FOUR, outputs, IDENTITY)
        )


def test_the_sums_under_every_order_are_refused() -> None:
    from itertools import permutations

    outputs, _ = CHEATS["sums"]
    for order in permutations(range(4)):
        assert not shuffle.check(PUBLIC, FOUR, outputs, core_proof(LOCK, PUBLIC, FOUR, outputs, order))


@pytest.mark.parametrize("name", list(CHEATS))
def test_a_cheater_forging_by_hand_is_refused(name: str) -> None:
    """The forger with the best matrix it has: for a linear deck, the one
    that makes the outputs' relation true (Σ u'ᵢ·Yᵢ = x·X̄); otherwise the
    honest order's."""
    outputs, matrix = CHEATS[name]
    best = permutation_matrix(IDENTITY) if matrix is None else transposed_inverse(matrix)
    secrets = [LOCK, OTHER_LOCK] if name == "another lock for all" else [LOCK]
    for secret in secrets:
        proof, _ = forge(secret, PUBLIC, FOUR, outputs, best, seed=1)
        assert not shuffle.check(PUBLIC, FOUR, outputs, proof)


def test_the_forger_is_a_faithful_prover() -> None:
    """With a permutation's matrix and an honest deck, the forger's proof
    checks, and the checker's t' are the prover's t, one by one (the
    algebra of the module's docstring)."""
    order = [2, 0, 3, 1]
    outputs = [mul(LOCK, FOUR[j]) for j in order]
    proof, t = forge(LOCK, PUBLIC, FOUR, outputs, permutation_matrix(order), seed=2)
    assert shuffle.check(PUBLIC, FOUR, outputs, proof)
    assert recomputed(PUBLIC, FOUR, outputs, proof) == t


@pytest.mark.parametrize(
    ("name", "failing"),
    [
        ("sums with columns of one", [1]),
        ("a place halved, another doubled", [0]),
        ("sums", [0, 1]),
        ("locked twice", [0, 1]),
        ("a second lock", [0, 1]),
    ],
)
def test_what_stops_a_linear_cheat(name: str, failing: list[int]) -> None:
    """A linear deck with the matrix that makes Σ u'ᵢ·Yᵢ = x·X̄ true
    passes t₃, t₄, t₅ and the chain; the rows' sums (t₁) stop it unless
    A's columns each sum to 1, and then the product (t₂) alone does; the
    product of M·u is right for a place halved and another doubled, and
    then the rows' sums alone stop it."""
    outputs, matrix = CHEATS[name]
    assert matrix is not None
    proof, t = forge(LOCK, PUBLIC, FOUR, outputs, transposed_inverse(matrix), seed=3)
    again = recomputed(PUBLIC, FOUR, outputs, proof)
    assert [k for k in range(len(t)) if again[k] != t[k]] == failing
    assert not shuffle.check(PUBLIC, FOUR, outputs, proof)


GRINDING_INPUTS = DOMINOES[:2]
GRINDING_MATRIX = [[2, 0], [-1, 1]]
"""The strongest cheat of two places: Y₁ = 2x·X₁, Y₂ = x·(X₂ - X₁).  A's
columns sum to 1, so with M = (A⁻¹)ᵀ only the product stands in its way."""


def test_a_cheater_grinding_its_random_numbers_never_gets_the_product() -> None:
    """The forger of the strongest cheat of two places tries 200 seeds for
    its random numbers, each giving other commitments and so other
    challenges u: the product's relation Π u'ᵢ = Π uⱼ, all that it lacks
    (test_what_stops_a_linear_cheat), never holds."""
    outputs = linear(LOCK, GRINDING_INPUTS, GRINDING_MATRIX)
    best = transposed_inverse(GRINDING_MATRIX)
    statement = shuffle._statement(PUBLIC, GRINDING_INPUTS, outputs)
    seen = set()
    for seed in range(200):
        _, commitment_bytes = forged_commitments(best, random.Random(1000 + seed))
        seen.add(commitment_bytes)
        _, u = shuffle._challenges(statement, commitment_bytes)
        u_prime = [sum(m * uj for m, uj in zip(row, u, strict=True)) % N for row in best]
        assert u_prime[0] * u_prime[1] % N != u[0] * u[1] % N
    assert len(seen) == 200
    for seed in range(10):  # whole proofs of the first seeds (all 200: the slow test below)
        proof, _ = forge(LOCK, PUBLIC, GRINDING_INPUTS, outputs, best, seed=1000 + seed)
        assert not shuffle.check(PUBLIC, GRINDING_INPUTS, outputs, proof)


@pytest.mark.slow
def test_a_cheater_grinding_200_whole_proofs_is_refused() -> None:
    """The same forger makes 200 whole proofs, one per seed: none checks."""
    outputs = linear(LOCK, GRINDING_INPUTS, GRINDING_MATRIX)
    best = transposed_inverse(GRINDING_MATRIX)
    for seed in range(200):
        proof, _ = forge(LOCK, PUBLIC, GRINDING_INPUTS, outputs, best, seed=1000 + seed)
        assert not shuffle.check(PUBLIC, GRINDING_INPUTS, outputs, proof)


def test_a_cheater_in_a_deck_of_28_is_refused() -> None:
    """The brief's sums in a whole deck of dominoes, proved by the module's
    code with the order of the honest places."""
    order = deck_order(28, 4)
    outputs, proof = shuffle.prove(LOCK, DOMINOES, order)
    cheat = list(outputs)
    cheat[0] = mul_add(
        [(LOCK, DOMINOES[order[0]]), (2 * LOCK, DOMINOES[order[1]]), (4 * LOCK, DOMINOES[order[2]])]
    )
    assert not shuffle.check(PUBLIC, DOMINOES, cheat, proof)
    assert not shuffle.check(PUBLIC, DOMINOES, cheat, core_proof(LOCK, PUBLIC, DOMINOES, cheat, order))
