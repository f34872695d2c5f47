"""Hextris positions and moves: plain immutable values.

Spots are indexes into :data:`iriri_core.games.hextris.board.SPOTS` (named a1 to
e5); pieces on the board are :class:`~iriri_core.pieces.Pyramid` values, and
a piece belongs to the seat of its colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import OrderedMove
from ...pieces import Pyramid

PLAYING = ""
WON = "won"
AGREED = "agreed"
BLOCKED = "blocked"
ENDINGS = (PLAYING, WON, AGREED, BLOCKED)
"""How a game stands: still playing; won with a third group; drawn by
agreement; or drawn because nobody could move (docs/rules-notes.md)."""


@dataclass(frozen=True)
class HextrisState:
    """Everything needed to continue a game of Hextris.

    ``board`` has one entry per spot, None where it is vacant; ``hands`` holds
    each seat's pieces in hand as counts of (small, medium, large);
    ``groups`` counts each seat's groups of five (the banked ones, and at the
    end the one left on the board); ``passes`` counts turns lost in a row.
    """

    colours: tuple[str, ...]
    board: tuple[Pyramid | None, ...]
    hands: tuple[tuple[int, int, int], ...]
    groups: tuple[int, ...]
    to_move: int = 0
    passes: int = 0
    ending: str = PLAYING
    winner: int | None = None

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.colours)

    @property
    def is_over(self) -> bool:
        """True once the game has been won or drawn."""
        return self.ending != PLAYING

    def owner(self, piece: Pyramid) -> int:
        """The seat that plays ``piece``."""
        return self.colours.index(piece.colour)


@dataclass(frozen=True, eq=True)
class Drop(OrderedMove):
    """Put a piece of ``size`` (1 small, 2 medium, 3 large) from hand on an edge spot."""

    size: int
    spot: int

    def _key(self) -> tuple[Any, ...]:
        return (0, self.size, self.spot)


@dataclass(frozen=True, eq=True)
class Slide(OrderedMove):
    """Move one's own piece in a straight line from ``start`` to ``end``."""

    start: int
    end: int

    def _key(self) -> tuple[Any, ...]:
        return (1, self.start, self.end)


@dataclass(frozen=True, eq=True)
class Swap(OrderedMove):
    """Swap one's own piece at ``mover`` with the adjacent piece at ``other``."""

    mover: int
    other: int

    def _key(self) -> tuple[Any, ...]:
        return (2, self.mover, self.other)


@dataclass(frozen=True, eq=True)
class Pass(OrderedMove):
    """Lose the turn: the only move of a player with no legal move."""

    def _key(self) -> tuple[Any, ...]:
        return (3,)


@dataclass(frozen=True, eq=True)
class Draw(OrderedMove):
    """The players agree a draw.  Not one player's move, so never among the
    legal moves: a table plays it once every player has agreed."""

    def _key(self) -> tuple[Any, ...]:
        return (4,)


HextrisMove = Drop | Slide | Swap | Pass | Draw
