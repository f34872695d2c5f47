"""Pach-Ice-i positions and moves: plain immutable values.

A piece is ``(seat, size)`` with sizes 1 (small), 2 (medium) and 3 (large),
which are also its pips.  A start pad holds trees, each a tuple of sizes from
the bottom up; only the top (last) piece of a tree may be entered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import OrderedMove

Piece = tuple[int, int]
"""``(seat, size)``: whose piece, and how large."""
Tree = tuple[int, ...]
"""A tree in a start pad, sizes from the bottom up."""

PIECES = 15
"""Each player's stash: five trees of a large, a medium and a small."""
PIPS = 30
"""The pips of a whole stash."""


@dataclass(frozen=True)
class PachState:
    """Everything needed to continue a game of Pach-Ice-i.

    ``board`` has one entry per square (None where empty); ``trees`` holds
    each seat's start pad, sorted; ``home`` counts, by size (small, medium,
    large), the pieces each seat has brought into the other's pad.  ``dice``
    are the dice still to use this turn, sorted (none before the roll);
    ``moved`` the squares of the pieces moved this turn, and ``resent`` the
    sizes of pieces moved this turn that were then sent back to the mover's
    own pad (they may not be entered again this turn).
    """

    board: tuple[Piece | None, ...]
    trees: tuple[tuple[Tree, ...], tuple[Tree, ...]]
    home: tuple[tuple[int, int, int], tuple[int, int, int]]
    to_move: int = 0
    dice: tuple[int, ...] = ()
    moved: tuple[int, ...] = ()
    resent: tuple[int, ...] = ()
    winner: int | None = None

    players = 2

    @property
    def is_over(self) -> bool:
        """True once a player has all fifteen pieces in the other's pad."""
        return self.winner is not None

    def entered_pips(self, seat: int) -> int:
        """The pips of ``seat``'s pieces out of its own pad (on the board or home)."""
        return PIPS - sum(sum(tree) for tree in self.trees[seat])

    def pieces_home(self, seat: int) -> int:
        """How many of ``seat``'s pieces have reached the other's pad."""
        return sum(self.home[seat])


def _sort_dice(move: Roll | Enter | Advance) -> None:
    """Which die is which never matters: a move's dice are kept sorted, so
    ``Advance(0, (2, 1)) == Advance(0, (1, 2))``."""
    object.__setattr__(move, "dice", tuple(sorted(move.dice)))


@dataclass(frozen=True, eq=True)
class Roll(OrderedMove):
    """Chance rolls three eight-sided dice (``dice`` sorted)."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        _sort_dice(self)

    def _key(self) -> tuple[Any, ...]:
        return (0, self.dice)


@dataclass(frozen=True, eq=True)
class Enter(OrderedMove):
    """Enter the top piece of ``tree`` (in the mover's pad) by the sum of ``dice``."""

    tree: Tree
    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        _sort_dice(self)

    def _key(self) -> tuple[Any, ...]:
        return (1, self.tree, self.dice)


@dataclass(frozen=True, eq=True)
class Advance(OrderedMove):
    """Move the piece on ``square`` by the sum of ``dice`` along the mover's path."""

    square: int
    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        _sort_dice(self)

    def _key(self) -> tuple[Any, ...]:
        return (2, self.square, self.dice)


@dataclass(frozen=True, eq=True)
class Pass(OrderedMove):
    """The roll cannot be used in full: the turn is lost."""

    def _key(self) -> tuple[Any, ...]:
        return (3,)


PachMove = Roll | Enter | Advance | Pass
