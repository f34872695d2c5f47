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

from . import shuffle
from .chains import Chain, batch_seed, uniform
from .deal import Dealer, Places
from .ecdsa import PrivateKey, verify
from .locking import Cards, Lock

DOMINO_LABELS = tuple(f"{high}-{low}" for high in range(6, -1, -1) for low in range(high, -1, -1))
"""The 28 dominoes, 6-6 to 0-0, each written high-low."""

MEASURED = Places(hands=(tuple(range(9)), tuple(range(9, 18))), face_up=18)
"""The deal measured: nine cards to each hand, one face up, the boneyard
19-27 (the dominoes' deal of docs/distance.md, whose figures these are;
tests/test_friend_deck.py checks that it is the one played)."""


def _dealers() -> tuple[Dealer, Dealer, bytes, bytes, bytes]:
    """A deal made by two fresh dealers (each with a fresh :class:`~.steps.Work`):
    both dealers, and messages 1, 2 and 3."""
    cards = Cards(DOMINO_LABELS)
    fire, ice = Dealer(cards, MEASURED, 0), Dealer(cards, MEASURED, 1)
    first = fire.start()
    ice.check_start(first)
    second = ice.answer(first)
    fire.take(_FIRE_READS, second)
    third = fire.lift(_ICE_READS)
    ice.take(_ICE_READS, third)
    return fire, ice, first, second, third


_FACE = () if MEASURED.face_up is None else (MEASURED.face_up,)
_FIRE_READS = (*MEASURED.hands[0], *_FACE)
"""The starter's hand and the domino face up: what message 2 lifts."""
_ICE_READS = (*MEASURED.hands[1], *_FACE)
"""The answerer's hand and the domino face up: what message 3 lifts."""


def sizes() -> dict[str, int]:
    """Bytes of each message of a deal of the 28 dominoes (messages 1 and 2 with
    their proofs of shuffle) and of a draw's lift and a shown domino
    (before base64, which makes 4 characters of 3 bytes)."""
    fire, ice, first, second, third = _dealers()
    boneyard = MEASURED.boneyard(28)
    return {
        "deal message 1 (starter)": len(first),
        "deal message 2 (answerer)": len(second),
        "deal message 3 (starter, with its first move)": len(third),
        "a draw's lift (with the other's next move)": len(fire.lift([boneyard[0]])),
        "a domino shown when played": len(ice.show(MEASURED.hands[1][0])),
        "of which a proof of shuffle (28 dominoes)": shuffle.proof_bytes(len(DOMINO_LABELS)),
    }


def _time(action: Callable[..., Any], repeat: int, fresh: Callable[[], Any] | None = None) -> float:
    """The best of ``repeat`` runs of ``action``, in milliseconds; with
    ``fresh``, each run is ``action(fresh())``, ``fresh()`` untimed (a new
    dealer each time: a :class:`~.steps.Work` keeps what it computed, so a
    second run on the same dealer would time a cache hit)."""
    best = float("inf")
    for _ in range(repeat):
        given = () if fresh is None else (fresh(),)
        start = time.perf_counter()
        action(*given)
        best = min(best, time.perf_counter() - start)
    return round(best * 1000, 3)


def timings(repeat: int = 5) -> dict[str, float]:
    """Milliseconds (the best of ``repeat``, each on fresh dealers whose
    :class:`~.steps.Work` holds nothing) of each step: a signature made and
    checked, a deck of 28 locked, a deal's messages with their proofs of
    shuffle made and checked, a draw, a roll."""
    key = PrivateKey.generate()
    public = key.public_bytes()
    message = b"x" * 120
    signature = key.sign(message)
    cards = Cards(DOMINO_LABELS)
    lock = Lock.generate()
    fire, ice, first, second, third = _dealers()
    boneyard = MEASURED.boneyard(28)
    chain = Chain.generate(length=4096)

    def starter() -> Dealer:
        return Dealer(cards, MEASURED, 0)

    def answerer() -> Dealer:
        return Dealer(cards, MEASURED, 1)

    def waiting_starter() -> Dealer:
        """The starter of message 1, waiting for message 2, on a fresh Work."""
        copy = Dealer(cards, MEASURED, 0, fire.lock)
        copy.first = list(fire.first)
        return copy

    def dealt_starter() -> Dealer:
        """The starter after message 3, on a fresh Work (a draw's lift to time)."""
        copy = Dealer(cards, MEASURED, 0, fire.lock)
        copy.deck, copy.other = fire.deck, fire.other
        return copy

    return {
        "sign a move (ECDSA P-256)": _time(lambda: key.sign(message), repeat),
        "verify a move's signature": _time(lambda: verify(public, message, signature), repeat),
        "lock a deck of 28 dominoes": _time(lambda: lock.lock(cards.points), repeat),
        "make message 1 (lock 28, shuffle, prove the shuffle)": _time(Dealer.start, repeat, starter),
        "check message 1's proof of shuffle": _time(lambda ice: ice.check_start(first), repeat, answerer),
        "make message 2 (lock 28, shuffle, prove, lift 10, prove the lift)": _time(
            lambda ice: ice.answer(first), repeat, answerer
        ),
        "read message 2 (check its proof of shuffle and the lift's proof, open 10)": _time(
            lambda fire: fire.take(_FIRE_READS, second), repeat, waiting_starter
        ),
        "read message 3: a hand of 9 and the face-up domino (check the proof, open 10)": _time(
            lambda: _take_copy(ice, third), repeat
        ),
        "lift one domino for a draw": _time(lambda fire: fire.lift([boneyard[0]]), repeat, dealt_starter),
        "make a chain of 4096 values": _time(lambda: Chain.generate(length=4096), repeat),
        "a roll from both values": _time(
            lambda: uniform(batch_seed(b"game", 1, chain.value(1), chain.value(2)), 8), repeat
        ),
    }


def _take_copy(dealer: Dealer, message: bytes) -> list[str]:
    """Read the answerer's hand again on a copy with a fresh Work (so nothing
    is found computed), the dealer unchanged."""
    copy = Dealer(dealer.cards, dealer.places, dealer.seat, dealer.lock)
    copy.deck, copy.other = dealer.deck, dealer.other
    return copy.take(_ICE_READS, message)


def figures() -> dict[str, Any]:
    """Every figure, as one JSON section."""
    return {"bytes": sizes(), "milliseconds": timings()}
