"""What the Pach-Ice-i tests share: crafted positions and moves by square name.

Pieces are named as in docs/notation.md (``K3`` a large black, ``W1`` a small
white) on squares a1 to g7.  Black (K) is seat 0 and moves from black squares,
White (W) seat 1 from white squares; a1, g7 and the other corners are black,
and a1, a4, a7, d1, d4, d7, g1, g4, g7 are marked.
"""

from __future__ import annotations

import pytest

from iriri_core import IllegalMoveError, get_game
from iriri_core.games.pach_ice_i import Advance, Enter, PachState, square_index
from iriri_core.games.pach_ice_i.notation import setup
from iriri_core.games.pach_ice_i.rules import legal_moves, play

GAME = get_game("pach-ice-i")

Trees = tuple[tuple[int, ...], ...]


def position(
    board: dict[str, str],
    to_move: int = 0,
    dice: tuple[int, ...] = (1, 2, 3),
    trees: tuple[Trees, Trees] = ((), ()),
    home: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None,
    moved: tuple[str, ...] = (),
) -> PachState:
    """A position with ``board`` (square name to piece) and ``trees`` in the
    pads, the rest of each stash home unless ``home`` says otherwise; read
    back through position text, so it is one the reader accepts."""
    state = setup(board, to_move, dice, trees, home, moved)
    assert GAME.from_text(GAME.to_text(state)) == state
    return state


def at(state: PachState, name: str) -> tuple[int, int] | None:
    """The piece on square ``name``."""
    return state.board[square_index(name)]


def step(square: str, *dice: int) -> Advance:
    """Move the piece on ``square`` by ``dice``."""
    return Advance(square_index(square), tuple(sorted(dice)))


def refused(state: PachState, move: Advance | Enter, words: str) -> None:
    """``move`` is not listed, and ``play`` refuses it saying ``words``."""
    assert move not in legal_moves(state)
    with pytest.raises(IllegalMoveError, match=words):
        play(state, move)
