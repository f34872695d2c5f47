"""Pyrinoes values: dominoes, pyrinoes, the line of play, moves and positions.

A domino is ``Domino(high, low)``; its weight is the sum of its spots.  A
pyrino is two ends, each one pyramid or a stack of two (written bottom
first, the larger at the bottom); an end's spot count is its pips, or 0 for
a green.  Fire (seat 0) plays red and yellow, ice (seat 1) blue and black;
the three green trios are communal.

>>> Domino(5, 3).weight, Domino(6, 6).is_double
(8, True)
>>> pyrino((Pyramid("yellow", 1),), (Pyramid("red", 3),)).spots
(3, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...engine import OrderedMove
from ...pieces import SIZES, Pyramid

FIRE, ICE = 0, 1
SEAT_NAMES = ("fire", "ice")
"""The seats as position text and notation write them."""
SEATS = ("Fire", "Ice")
"""What players call the seats, in words: fire plays red and yellow, ice blue and black."""
SEAT_COLOURS = (("red", "yellow"), ("blue", "black"))
"""Each seat's two colours."""
GREEN = "green"
COLOUR_RANK = {"red": 0, "yellow": 1, "blue": 2, "black": 3, GREEN: 4}
"""The order pyramids of different colours are written in."""
PER_SIZE = 3
"""Three trios of each colour: three pyramids of each size."""
HAND = 9
"""Dominoes dealt to each player."""
TARGET = 100
"""The winning threshold, unless agreed otherwise."""


class Domino(NamedTuple):
    """A domino, its larger spot count first: ``Domino(5, 3)`` is the 5-3."""

    high: int
    low: int

    @property
    def spots(self) -> tuple[int, int]:
        """The spot counts of its two ends."""
        return (self.high, self.low)

    @property
    def weight(self) -> int:
        """The sum of its spots."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        """The same spot count at both ends."""
        return self.high == self.low

    def __str__(self) -> str:
        return "?" if self == UNSEEN else f"{self.high}-{self.low}"


def domino(a: int, b: int) -> Domino:
    """The domino with spot counts ``a`` and ``b``, in either order."""
    return Domino(max(a, b), min(a, b))


UNSEEN = Domino(-1, -1)
"""A domino in a view that its viewer may not see (written ``?``)."""

ALL_DOMINOES = tuple(Domino(high, low) for high in range(6, -1, -1) for low in range(high, -1, -1))
"""The double-six set, 6-6 first: 28 dominoes."""

End = tuple[Pyramid, ...]
"""One end of a pyrino: a pyramid, or two of one colour, the larger first (at the bottom)."""


def end_spots(end: End) -> int:
    """An end's spot count: its pips, or 0 for a green."""
    return 0 if end and end[0].colour == GREEN else sum(p.size for p in end)


def end_key(end: End) -> tuple[Any, ...]:
    """How ends are ordered: more spots first, then by colour and sizes."""
    return (-end_spots(end), tuple((COLOUR_RANK.get(p.colour, 9), -p.size) for p in end))


def end_text(end: End) -> str:
    """``R3`` or a stack bottom first, ``Y2Y1``."""
    return "".join(str(p) for p in end)


class Pyrino(NamedTuple):
    """A pyrino: two ends, in the order :func:`pyrino` puts them (more spots first)."""

    first: End
    second: End

    @property
    def spots(self) -> tuple[int, int]:
        """The spot counts of its two ends."""
        return (end_spots(self.first), end_spots(self.second))

    @property
    def is_double(self) -> bool:
        """The same spot count at both ends."""
        return self.spots[0] == self.spots[1]

    @property
    def pyramids(self) -> tuple[Pyramid, ...]:
        """Every pyramid it is made of."""
        return self.first + self.second

    @property
    def pips(self) -> int:
        """The pips of its pyramids, greens counted by their size."""
        return sum(p.size for p in self.pyramids)

    def __str__(self) -> str:
        return f"{end_text(self.first)}+{end_text(self.second)}"


def pyrino(a: Iterable[Pyramid], b: Iterable[Pyramid]) -> Pyrino:
    """The pyrino with ends ``a`` and ``b`` (in either order), each stack
    written bottom first."""
    ends = sorted(
        (tuple(sorted(a, key=lambda p: -p.size)), tuple(sorted(b, key=lambda p: -p.size))), key=end_key
    )
    return Pyrino(ends[0], ends[1])


Tile = Domino | Pyrino
"""What is played to the line: a domino or a pyrino."""


def tile_key(tile: Tile) -> tuple[Any, ...]:
    """How tiles are ordered: dominoes (6-6 first), then pyrinoes."""
    if isinstance(tile, Domino):
        return (0, -tile.high, -tile.low)
    return (1, end_key(tile.first), end_key(tile.second))


class Placed(NamedTuple):
    """A tile in the line of play; ``reverse`` when its second end is on the left."""

    tile: Tile
    reverse: bool = False

    @property
    def spots(self) -> tuple[int, int]:
        """The spot counts of its left and right ends."""
        a, b = self.tile.spots
        return (b, a) if self.reverse else (a, b)

    @property
    def ends_text(self) -> tuple[str, str]:
        """Its ends as text, left to right."""
        if isinstance(self.tile, Domino):
            a, b = self.spots
            return (str(a), str(b))
        first, second = end_text(self.tile.first), end_text(self.tile.second)
        return (second, first) if self.reverse else (first, second)

    def __str__(self) -> str:
        left, right = self.ends_text
        return f"{left}-{right}" if isinstance(self.tile, Domino) else f"{left}+{right}"


def placed(tile: Tile, reverse: bool) -> Placed:
    """A tile placed in the line; a double domino is the same either way round."""
    return Placed(tile, reverse and not (isinstance(tile, Domino) and tile.is_double))


def owner_of(tile: Pyrino) -> int | None:
    """The seat whose colours a pyrino is made of (None if it is nobody's)."""
    for seat, colours in enumerate(SEAT_COLOURS):
        if any(p.colour in colours for p in tile.pyramids):
            return seat
    return None


def full_supply(seat: int) -> tuple[Pyramid, ...]:
    """A seat's supply at the start of a round: three of each size in each of its colours."""
    return tuple(
        Pyramid(colour, size) for colour in SEAT_COLOURS[seat] for size in SIZES for _ in range(PER_SIZE)
    )


ENDINGS = {"no-pyramids": 5, "one-colour": 5, "nothing-left": 10, "two-passes": 0}
"""How a round ends, and the bonus of the player who played last."""


@dataclass(frozen=True)
class PyrinoesState:
    """Everything needed to continue a match of Pyrinoes.

    ``round`` is 0 while the players pick dominoes to decide who starts
    (``picks``: fire's, then ice's), then 1, 2, ...  ``banked`` holds the
    match scores of the rounds finished before this one; ``first`` the seat
    that plays first this round.  ``hands`` are each seat's dominoes (sorted,
    6-6 first; :data:`UNSEEN` in a view), ``pyrinoes`` the pyrinoes each has
    built and not played, ``supply`` each seat's pyramids, ``greens`` the
    communal greens left by size (small, medium, large), ``boneyard`` the
    dominoes face down (during the deal, all those not dealt yet).  The line
    is empty only while the round is dealt.  ``drawing`` when the player to
    move has chosen to draw and chance gives the domino; ``passes`` counts
    the passes just made in a row; ``ending`` and ``ender`` say how the round
    ended and who played last (None while it goes on).

    ``shut`` is what play has shown of each hand (:func:`shut_after`): a
    player who draws or passes has no domino that fits an open end then.
    For each seat, a mask of spot counts (bit ``s`` for ``s`` spots) for
    each of its dominoes known to have none of them, the most shut first
    (each shuts out what the next does, and more); the dominoes past them
    are shut from nothing.  It is history, not the position: it is left
    out of comparisons and of position text, and a position set up from
    text knows nothing of it.
    """

    target: int = TARGET
    round: int = 0
    banked: tuple[int, int] = (0, 0)
    first: int | None = None
    picks: tuple[Domino, ...] = ()
    to_move: int = FIRE
    line: tuple[Placed, ...] = ()
    hands: tuple[tuple[Domino, ...], tuple[Domino, ...]] = ((), ())
    pyrinoes: tuple[tuple[Pyrino, ...], tuple[Pyrino, ...]] = ((), ())
    supply: tuple[tuple[Pyramid, ...], tuple[Pyramid, ...]] = ((), ())
    greens: tuple[int, int, int] = (PER_SIZE, PER_SIZE, PER_SIZE)
    boneyard: tuple[Domino, ...] = ()
    drawing: bool = False
    passes: int = 0
    ending: str | None = None
    ender: int | None = None
    shut: tuple[tuple[int, ...], tuple[int, ...]] = field(default=((), ()), compare=False)

    players = 2

    @property
    def dealing(self) -> bool:
        """True while the round's dominoes are dealt (the line is still empty)."""
        return self.round >= 1 and self.ending is None and not self.line

    @property
    def open_ends(self) -> tuple[int, int]:
        """The spot counts of the line's left and right open ends."""
        return (self.line[0].spots[0], self.line[-1].spots[1])


def evolve(state: PyrinoesState, **changes: Any) -> PyrinoesState:
    """``state`` with ``changes`` made, as :func:`dataclasses.replace` makes
    them but six times faster (a search plays thousands of moves a
    decision); the names are not checked, so only the rules use it.

    >>> evolve(PyrinoesState(), passes=1) == PyrinoesState(passes=1)
    True
    """
    new = object.__new__(PyrinoesState)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    return new


# ---------------------------------------------------------------- moves


@dataclass(frozen=True, eq=True)
class Pick(OrderedMove):
    """Chance: the domino a player picks to decide who starts (fire picks first)."""

    domino: Domino

    def _key(self) -> tuple[Any, ...]:
        return (0, tile_key(self.domino))


@dataclass(frozen=True, eq=True)
class Deal(OrderedMove):
    """Chance: the next domino dealt, to fire's hand, then ice's, then face up."""

    domino: Domino

    def _key(self) -> tuple[Any, ...]:
        return (1, tile_key(self.domino))


@dataclass(frozen=True, eq=True)
class Drawn(OrderedMove):
    """Chance: the domino the player who draws takes from the boneyard."""

    domino: Domino

    def _key(self) -> tuple[Any, ...]:
        return (2, tile_key(self.domino))


LEFT, RIGHT = 0, 1
END_NAMES = ("left", "right")


@dataclass(frozen=True, eq=True)
class Play(OrderedMove):
    """Play a domino or pyrino from the hand at the line's ``end`` (LEFT or RIGHT)."""

    tile: Tile
    end: int

    def _key(self) -> tuple[Any, ...]:
        return (3, tile_key(self.tile), self.end)


@dataclass(frozen=True, eq=True)
class Build(OrderedMove):
    """Build a pyrino from the supply (and the greens) into the hand."""

    pyrino: Pyrino

    def _key(self) -> tuple[Any, ...]:
        return (4, tile_key(self.pyrino))


@dataclass(frozen=True, eq=True)
class Draw(OrderedMove):
    """Draw from the boneyard (chance then gives the domino): the turn."""

    def _key(self) -> tuple[Any, ...]:
        return (5,)


@dataclass(frozen=True, eq=True)
class Pass(OrderedMove):
    """Pass: nothing to play or build, and the boneyard is empty."""

    def _key(self) -> tuple[Any, ...]:
        return (6,)


PyrinoesMove = Pick | Deal | Drawn | Play | Build | Draw | Pass
