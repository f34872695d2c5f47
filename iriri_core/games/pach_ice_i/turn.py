"""A Pach-Ice-i turn as a person makes it, piece by piece: what they have
picked (:class:`Draft`), where a part takes its piece, which dice a part may
take, which of several ways home the presenter takes, and the dice of the
turn under way as they are drawn."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import rules
from .board import PATH_LENGTH, PATHS, POSITIONS
from .marks import GOAL
from .state import Advance, Enter, PachState, Roll, Tree

if TYPE_CHECKING:
    from ...presenter import Seen


Part = Enter | Advance
"""One piece's move: a turn is one to three of them."""


Place = int | str
"""Where a part takes its piece: a square, or :data:`~iriri_core.pictures.drawing.GOAL`."""


@dataclass
class Draft:
    """What the person to move has picked so far in this part of their turn."""

    square: int | None = None
    """The piece picked on the board."""
    tree: Tree | None = None
    """The tree picked in their pad."""
    slot: int | None = None
    """Which tree of that shape was tapped: its index in the pad."""
    dice: tuple[int, ...] = ()
    """The dice they picked (indexes among the dice still to use), in the order tapped."""


def destination(state: PachState, move: Part) -> Place:
    """Where ``move`` takes its piece: a square, or the goal.

    >>> from dataclasses import replace
    >>> from .board import square_name
    >>> from .rules import deal
    >>> state = replace(deal(), dice=(2, 3, 5))
    >>> square_name(destination(state, Enter((3, 2, 1), (2, 3, 5))))
    'b5'
    """
    seat = state.to_move
    start = 0 if isinstance(move, Enter) else POSITIONS[seat][move.square]
    target = start + sum(move.dice)
    return GOAL if target > PATH_LENGTH else PATHS[seat][target - 1]


def piece_moved(state: PachState, move: Part) -> tuple[int, int]:
    if isinstance(move, Enter):
        return (state.to_move, move.tree[-1])
    piece = state.board[move.square]
    assert piece is not None
    return piece


def dice_choices(dice: tuple[int, ...], count: int) -> list[tuple[int, ...]]:
    return sorted(set(itertools.combinations(dice, count))) if count <= len(dice) else []


def choose(state: PachState, moves: list[Part]) -> Part:
    """Of several moves of one piece to one place (only the goal, where no
    exact roll is needed, is reached by several choices of dice), the one
    that leaves the most moves for the rest of the turn, the smallest dice
    first among equals."""
    if len(moves) == 1:
        return moves[0]

    def keeps(move: Part) -> int:
        after = rules.play(state, move)
        return 10**6 if after.is_over else len(rules.legal_moves(after)) if after.dice else 0

    return max(moves, key=lambda move: (keeps(move), -sum(move.dice), [-d for d in move.dice]))


def dice_shown(seen: Seen) -> list[tuple[int, bool, int | None]]:
    """The dice of the turn under way: the roll's dice in order, each with
    whether it is used and its index among the dice still to use; only the
    dice left where the roll is not among the moves seen (a position set up
    in the middle of a turn)."""
    state: PachState = seen.state
    if not state.dice:
        return []
    roll: tuple[int, ...] | None = None
    used: list[int] = []
    for _, move in reversed(seen.plies):
        if isinstance(move, Roll):
            roll = move.dice
            break
        if not isinstance(move, Enter | Advance):
            break
        used.extend(move.dice)
    if roll is None or Counter(roll) != Counter(state.dice) + Counter(used):
        return [(value, False, i) for i, value in enumerate(state.dice)]
    left = list(enumerate(state.dice))
    shown: list[tuple[int, bool, int | None]] = []
    for value in roll:
        found = next((i for i, v in left if v == value), None)
        if found is None:
            shown.append((value, True, None))
        else:
            left.remove((found, value))
            shown.append((value, False, found))
    return shown
