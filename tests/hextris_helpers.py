"""Helpers for the Hextris tests: crafted positions with every piece accounted for.

A crafted position is drawn as the board rows of position text (docs/notation.md),
top row ``e`` first; :func:`position` fills in the rest: each player's hand holds
whatever of their stash is neither on the board nor in a banked group.

>>> state = position('''
... e     ..  ..  ..
... d   ..  ..  ..  ..
... c ..  ..  Y3  ..  ..
... b   ..  ..  ..  B1
... a     ..  ..  ..
... ''')
>>> state.hands
((5, 5, 4), (4, 5, 5))
>>> [move_text(m) for m in GAME.legal_moves(state) if not move_text(m).startswith(("S", "M", "L"))][:3]
['c3-a1', 'c3-a3', 'c3-b2']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from iriri_core import IllegalMoveError, get_game
from iriri_core.games.hextris import HextrisState, spot_index
from iriri_core.games.hextris.notation import move_text
from iriri_core.pieces import COLOURS, PER_SIZE

GAME = get_game("hextris")

EMPTY = """
e     ..  ..  ..
d   ..  ..  ..  ..
c ..  ..  ..  ..  ..
b   ..  ..  ..  ..
a     ..  ..  ..
"""

LETTERS = {letter: colour for colour, letter in COLOURS.items()}


def board_rows(board: str) -> list[str]:
    """The five rows of a drawn board, top (e) first, without blank lines."""
    return [line.strip() for line in board.strip("\n").splitlines() if line.strip()]


def _fill(hand: list[int], banked: int) -> tuple[int, int, int]:
    """Take ``5 x banked`` pieces out of ``hand`` (small, medium, large),
    always from the size with most left, for the groups already banked."""
    for _ in range(5 * banked):
        biggest = max(range(3), key=lambda i: (hand[i], i))
        hand[biggest] -= 1
    return (hand[0], hand[1], hand[2])


def position(
    board: str = EMPTY,
    *,
    players: str = "yellow blue",
    to_move: int = 1,
    groups: Sequence[int] | None = None,
    hands: Sequence[tuple[int, int, int]] | None = None,
    passes: int = 0,
    result: str = "playing",
) -> HextrisState:
    """The position with ``board`` drawn as rows e to a; ``to_move`` counts from 1.

    Unless ``hands`` is given, each hand is the player's stash less the pieces
    on the board and five pieces for each banked group (``groups``)."""
    colours = players.split()
    groups = tuple(groups) if groups is not None else (0,) * len(colours)
    if hands is None:
        tokens = re.findall(r"\b([A-Z])([123])\b", "\n".join(row[1:] for row in board_rows(board)))
        made = []
        for seat, colour in enumerate(colours):
            on_board = [int(size) for letter, size in tokens if LETTERS[letter] == colour]
            left = [PER_SIZE - on_board.count(size) for size in (1, 2, 3)]
            made.append(_fill(left, groups[seat]))
        hands = made
    lines = [
        "Hextris",
        f"players: {players}",
        f"to move: {to_move}",
        f"passes in a row: {passes}",
        "groups: " + " ".join(str(g) for g in groups),
        *(f"hand {seat + 1}: {s} small, {m} medium, {b} large" for seat, (s, m, b) in enumerate(hands)),
        f"result: {result}",
        "board:",
        *board_rows(board),
    ]
    return GAME.from_text("\n".join(lines) + "\n")


def play(state: HextrisState, *moves: str) -> HextrisState:
    """``state`` after the moves, given as move text."""
    for text in moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    return state


def legal(state: HextrisState) -> set[str]:
    """Every legal move as text."""
    return {move_text(move) for move in GAME.legal_moves(state)}


def slides(state: HextrisState, start: str) -> set[str]:
    """The legal slides of the piece on ``start``, as text."""
    return {text for text in legal(state) if text.startswith(f"{start}-")}


def illegal(state: HextrisState, move: str, *words: str) -> str:
    """Playing ``move`` must fail with a sentence holding each of ``words``;
    the move must not be among the legal moves either."""
    assert GAME.parse_move(state, move) not in GAME.legal_moves(state)
    with pytest.raises(IllegalMoveError) as info:
        play(state, move)
    message = str(info.value)
    assert len(message.split()) >= 4, f"not a helpful sentence: {message!r}"
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


def pieces_at(state: HextrisState, *spots: str) -> list[str]:
    """The piece on each spot, like ``Y3``, or ``..`` where it is vacant."""
    return [str(state.board[spot_index(s)] or "..") for s in spots]
