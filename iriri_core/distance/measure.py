"""The time and bytes of the protocol's parts, for docs/distance.md:
``python -m iriri_core.bench --distance`` prints them (in CPython; the same
code runs in Pyodide).  Figures only: no test asserts on them.

>>> list(sizes())[:3]
['deal message 1 (starter)', 'deal message 2 (answerer)', 'deal message 3 (starter, with its first move)']
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .chains import Chain, batch_seed, uniform
from .deal import PYRINOES_PLACES, Dealer
from .ecdsa import PrivateKey, verify
from .locking import Cards, Lock

DOMINO_LABELS = tuple(f"{high}-{low}" for high in range(6, -1, -1) for low in range(high, -1, -1))
"""The 28 dominoes, 6-6 to 0-0, written as Pyrinoes writes them."""


def _dealers() -> tuple[Dealer, Dealer, bytes, bytes, bytes]:
    cards = Cards(DOMINO_LABELS)
    fire, ice = Dealer(cards, PYRINOES_PLACES, 0), Dealer(cards, PYRINOES_PLACES, 1)
    face = () if PYRINOES_PLACES.face_up is None else (PYRINOES_PLACES.face_up,)
    first = fire.start()
    second = ice.answer(first)
    fire.take((*PYRINOES_PLACES.hands[0], *face), second)
    third = fire.lift((*PYRINOES_PLACES.hands[1], *face))
    ice.take((*PYRINOES_PLACES.hands[1], *face), third)
    return fire, ice, first, second, third


def sizes() -> dict[str, int]:
    """Bytes of each message of a Pyrinoes deal and of a draw's lift and a
    shown domino (before base64, which makes 4 characters of 3 bytes)."""
    fire, ice, first, second, third = _dealers()
    boneyard = PYRINOES_PLACES.boneyard(28)
    return {
        "deal message 1 (starter)": len(first),
        "deal message 2 (answerer)": len(second),
        "deal message 3 (starter, with its first move)": len(third),
        "a draw's lift (with the other's next move)": len(fire.lift([boneyard[0]])),
        "a domino shown when played": len(ice.show(PYRINOES_PLACES.hands[1][0])),
    }


def _time(action: Callable[[], Any], repeat: int) -> float:
    """The best of ``repeat`` runs of ``action``, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return round(best * 1000, 3)


def timings(repeat: int = 5) -> dict[str, float]:
    """Milliseconds (the best of ``repeat``) of each step: a signature made
    and checked, a deck of 28 locked, a deal's messages, a draw, a roll."""
    key = PrivateKey.generate()
    public = key.public_bytes()
    message = b"x" * 120
    signature = key.sign(message)
    cards = Cards(DOMINO_LABELS)
    lock = Lock.generate()
    fire, ice, first, _, third = _dealers()
    boneyard = PYRINOES_PLACES.boneyard(28)
    chain = Chain.generate(length=4096)
    return {
        "sign a move (ECDSA P-256)": _time(lambda: key.sign(message), repeat),
        "verify a move's signature": _time(lambda: verify(public, message, signature), repeat),
        "lock a deck of 28 dominoes": _time(lambda: lock.lock(cards.points), repeat),
        "deal message 1 (lock and shuffle 28)": _time(Dealer(cards, PYRINOES_PLACES, 0).start, repeat),
        "deal message 2 (lock 28, lift 10, prove)": _time(
            lambda: Dealer(cards, PYRINOES_PLACES, 1).answer(first), repeat
        ),
        "read a hand of 9 and the face-up domino (check the proof)": _time(
            lambda: _take_copy(ice, third), repeat
        ),
        "lift one domino for a draw": _time(lambda: fire.lift([boneyard[0]]), repeat),
        "make a chain of 4096 values": _time(lambda: Chain.generate(length=4096), repeat),
        "a roll from both values": _time(
            lambda: uniform(batch_seed(b"game", 1, chain.value(1), chain.value(2)), 8), repeat
        ),
    }


def _take_copy(dealer: Dealer, message: bytes) -> list[str]:
    """Read the answerer's hand again on a copy, so the dealer is unchanged."""
    copy = Dealer(dealer.cards, dealer.places, dealer.seat, dealer.lock)
    copy.deck, copy.other = dealer.deck, dealer.other
    face = () if dealer.places.face_up is None else (dealer.places.face_up,)
    return copy.take((*dealer.places.hands[dealer.seat], *face), message)


def figures() -> dict[str, Any]:
    """Every figure, as one JSON section."""
    return {"bytes": sizes(), "milliseconds": timings()}
