"""Building a pyrino by taps: the draft of a turn (:class:`Draft`) and
where each pyramid picked may go, with the engine's reason where it may not."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...pieces import SIZE_NAMES, Pyramid
from . import rules
from .state import GREEN, SEAT_COLOURS, End, Pyrino, PyrinoesState


@dataclass
class Draft:
    """What the person to move has picked so far."""

    tile: str | None = None
    """The domino or pyrino of their hand picked to play (its text)."""
    ends: list[list[Pyramid]] = field(default_factory=lambda: [[], []])
    """The pyramids chosen for each end of the pyrino being built (a stack larger first)."""
    at: int = 0
    """The end a pyramid went to last."""

    @property
    def building(self) -> bool:
        """Some pyramids are chosen."""
        return bool(self.ends[0] or self.ends[1])


def available(state: PyrinoesState, piece: Pyramid) -> int:
    """How many of ``piece`` the player to move may build with (supply or greens)."""
    if piece.colour == GREEN:
        return state.greens[piece.size - 1]
    return state.supply[state.to_move].count(piece)


def add_problem(state: PyrinoesState, draft: Draft, piece: Pyramid) -> str | None:
    """Why ``piece`` cannot be taken for the pyrino (none left), or None."""
    used = sum(p == piece for end in draft.ends for p in end)
    if available(state, piece) > used:
        return None
    if piece.colour == GREEN:
        return f"no {SIZE_NAMES[piece.size]} green is left to build with"
    if not used:
        return f"your supply has no {piece.name} left"
    had = "the one it had is" if used == 1 else f"the {used} it had are"
    return f"your supply has no other {piece.name}: {had} in the pyrino already"


def _shape_problem(ends: list[list[Pyramid]], seat: int) -> str | None:
    """The engine's reason the ends chosen so far cannot make a pyrino, or None."""
    for end in ends:
        colours = {p.colour for p in end}
        if len(end) > 2 or len(colours) > 1 or (len(end) == 2 and GREEN in colours):
            shape: End = tuple(end)
            return rules.pyrino_problem(Pyrino(shape, shape), seat)
    if ends[0] and ends[1]:
        return rules.pyrino_problem(Pyrino(tuple(ends[0]), tuple(ends[1])), seat)
    return None


def place_piece(
    seat: int, ends: list[list[Pyramid]], at: int, piece: Pyramid, only: int | None = None
) -> tuple[list[list[Pyramid]], int] | str:
    """The ends with ``piece`` added to the end ``at`` (or ``only``), else
    to the other, whichever the rules allow first; else the engine's reason.

    >>> place_piece(0, [[Pyramid("red", 3)], []], 0, Pyramid("yellow", 1))
    ([[Pyramid(colour='red', size=3)], [Pyramid(colour='yellow', size=1)]], 1)
    >>> place_piece(0, [[Pyramid("red", 3)], [Pyramid("yellow", 1)]], 1, Pyramid("yellow", 2))[0][1]
    [Pyramid(colour='yellow', size=2), Pyramid(colour='yellow', size=1)]
    >>> place_piece(0, [[Pyramid("red", 3), Pyramid("red", 2)], [Pyramid("yellow", 1)]], 0, Pyramid("red", 1))
    'each end of a pyrino is one pyramid or a stack of two'
    """
    problems = []
    for end in (at, 1 - at) if only is None else (only,):
        tried = [list(e) for e in ends]
        tried[end] = sorted([*tried[end], piece], key=lambda p: -p.size)
        problem = _shape_problem(tried, seat)
        if problem is None:
            return tried, end
        problems.append(problem)
    return problems[0]


def usable_pieces(state: PyrinoesState, draft: Draft) -> set[str]:
    """The pyramids (``R3``, ``G1``) that may go in the pyrino being built now."""
    seat = state.to_move
    pieces = [Pyramid(c, s) for c in (*SEAT_COLOURS[seat], GREEN) for s in (1, 2, 3)]
    return {
        str(p)
        for p in pieces
        if add_problem(state, draft, p) is None
        and not isinstance(place_piece(seat, draft.ends, draft.at, p), str)
    }
