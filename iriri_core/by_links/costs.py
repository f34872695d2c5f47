"""How long a link to a friend is, game by game (docs/distance.md, "Cost"):
a game played at random, each player's turn made into one signed block as
the protocol says, and the length of the link's packet measured after the
first move and after move 40.  ``python -m iriri_core.bench --distance``
prints it.

A block carries the moves of one turn (chance's moves are not sent), the
player's chain value where the game has chance (every Pach-Ice-i turn;
the first block of each player in Iriri and Pyrinoes, for the ring and
the picks), and, in Pyrinoes, the deal's parts as long as
:mod:`iriri_core.by_links.crypto.deal` makes them: the starter's lift of the
answerer's hand on its first move of a round, a draw's lift on the other
player's next move, and the proof of each domino played out of a hand.

>>> lengths = link_lengths("hextris")
>>> 0 < lengths["after move 1"] < 300
True
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

from ..engine import CHANCE, draw_chance, get_game
from .crypto.blocks import Block, write_packet
from .crypto.chains import Chain
from .crypto.ecdsa import PrivateKey
from .crypto.measure import sizes

_DOMINO_PLAYED = re.compile(r"^\d-\d (left|right)$")


@cache
def _sizes() -> dict[str, int]:
    return sizes()


def _deal_bytes(game_name: str, texts: list[str], after_deal: bool, other_drew: bool) -> int:
    """The bytes of a Pyrinoes deal riding on one turn's block."""
    if game_name != "pyrinoes":
        return 0
    cost = _sizes()
    extra = cost["deal message 3 (starter, with its first move)"] if after_deal else 0
    extra += cost["a draw's lift (with the other's next move)"] if other_drew else 0
    extra += cost["a domino shown when played"] * sum(bool(_DOMINO_PLAYED.match(t)) for t in texts)
    return extra


def link_lengths(game_name: str, marks: tuple[int, ...] = (1, 40), seed: int = 1) -> dict[str, int]:
    """The characters of the link's packet (past the page's address) that
    carries the turn holding each of the ``marks``-th moves of the players,
    in a game played at random from ``seed``."""
    game = get_game(game_name)
    rng = random.Random(seed)
    state = game.new_game(players=2, seed=seed)
    keys = (PrivateKey(1001), PrivateKey(1002))
    chains = (Chain.make(b"seat 0's own chain", 64), Chain.make(b"seat 1's own chain", 64))
    has_chance = game_name in ("pach-ice-i", "iriri", "pyrinoes")
    every_turn = game_name == "pach-ice-i"
    found: dict[str, int] = {}
    previous, count, blocks_of = bytes(32), 0, [0, 0]
    turn: list[str] = []
    seat: int | None = None
    dealt = drew = False
    flags: dict[str, Any] = {"after_deal": False, "other_drew": False}

    def close() -> None:
        nonlocal previous, turn
        if seat is None or not turn:
            return
        blocks_of[seat] += 1
        reveal = (
            chains[seat].value(blocks_of[seat])
            if has_chance and (every_turn or blocks_of[seat] == 1)
            else b""
        )
        extra = _deal_bytes(game_name, turn, flags["after_deal"], flags["other_drew"])
        ply = count - len(turn)  # the moves before this turn's, as the ledger checks
        block = Block(previous, seat, ply, tuple(turn), reveal=reveal, deal=bytes(extra)).signed(keys[seat])
        length = len(write_packet([block]))
        for mark in marks:
            if ply < mark <= count:
                found[f"after move {mark}"] = length
        previous, turn = block.digest, []
        flags["after_deal"] = False
        flags["other_drew"] = drew

    while not game.is_over(state) and len(found) < len(marks):
        mover = game.current_player(state)
        if mover == CHANCE:
            move = draw_chance(game, state, rng)
            dealt = dealt or game.move_text(state, move).startswith("deal")
            state = game.play(state, move)
            continue
        if mover != seat:
            close()
            drew = False
            seat = mover
            if dealt:
                flags["after_deal"], dealt = True, False
        move = rng.choice(game.legal_moves(state))
        text = game.move_text(state, move)
        drew = drew or text == "draw"
        turn.append(text)
        count += 1
        state = game.play(state, move)
    close()
    return found


def every_game() -> dict[str, dict[str, int]]:
    """:func:`link_lengths` of every game, from the first seed whose game
    lasts 40 moves."""
    from ..engine import game_names

    found = {}
    for name in game_names():
        for seed in range(1, 40):  # a game played at random may end before move 40: the next seed
            found[name] = link_lengths(name, seed=seed)
            if len(found[name]) == 2:
                break
    return found
