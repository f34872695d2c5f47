"""Iriri positions and moves: plain immutable values.

Cells are ``(x, y)`` with x growing to the right and y growing downwards.  The
first word on the empty board starts at ``(0, 0)``; the board then grows in any
direction, so coordinates may be negative.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...engine import OrderedMove
from ...pieces import Pyramid

Cell = tuple[int, int]

PLACE = "place"
TAKE = "take"


@dataclass(frozen=True)
class IririState:
    """Everything needed to continue a game of Iriri.

    ``dictionary`` is the ring read clockwise from position 1 (index 0);
    ``hands`` holds each seat's pieces, smallest first; ``board`` holds the
    placed pieces sorted by cell; ``passes`` counts passes in a row.
    """

    colours: tuple[str, ...]
    dictionary: tuple[Pyramid, ...]
    hands: tuple[tuple[Pyramid, ...], ...]
    board: tuple[tuple[Cell, Pyramid], ...] = ()
    scores: tuple[float, ...] = field(default=())
    to_move: int = 0
    phase: str = PLACE
    passes: int = 0

    def __post_init__(self) -> None:
        if not self.scores:
            object.__setattr__(self, "scores", (0.0,) * len(self.colours))

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.colours)

    @property
    def first_word_down(self) -> bool:
        """Whether the opening word (with its bonus) has been placed."""
        return bool(self.board)

    @property
    def is_over(self) -> bool:
        """The game ends once every player has passed in succession."""
        return self.passes >= len(self.colours)

    @cached_property
    def grid(self) -> dict[Cell, Pyramid]:
        """The board as a mapping from cell to piece (do not modify)."""
        return dict(self.board)

    def hand(self, player: int | None = None) -> tuple[Pyramid, ...]:
        """The hand of ``player``, by default of the player to move."""
        return self.hands[self.to_move if player is None else player]


@dataclass(frozen=True, eq=True)
class Place(OrderedMove):
    """Put hand pieces on cells; stored sorted by cell, so equal moves compare equal.

    >>> Place((((1, 0), Pyramid("yellow", 2)), ((0, 0), Pyramid("yellow", 1)))).cells
    ((0, 0), (1, 0))
    """

    pieces: tuple[tuple[Cell, Pyramid], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "pieces", tuple(sorted(self.pieces)))

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells filled, sorted."""
        return tuple(cell for cell, _ in self.pieces)

    def _key(self) -> tuple[Any, ...]:
        return (0, self.pieces)


@dataclass(frozen=True, eq=True)
class Take(OrderedMove):
    """Take ``piece`` from position ``index`` (0-based) of the dictionary."""

    index: int
    piece: Pyramid

    def _key(self) -> tuple[Any, ...]:
        return (1, self.index, self.piece)


@dataclass(frozen=True, eq=True)
class Pass(OrderedMove):
    """Pass the turn: allowed only when no placement is legal."""

    def _key(self) -> tuple[Any, ...]:
        return (2,)


IririMove = Place | Take | Pass
