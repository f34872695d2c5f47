"""How the bots judge Pach-Ice-i positions (docs/bots.md tells how each term
was measured, by bots playing each other).

* **A turn is several moves by one player** (a roll, then one move per
  piece), so a move is judged by the best whole turn it begins: in the
  middle of a turn a position is worth the best way to use the dice left
  (:func:`turn_best`), found by trying them all.
* **The race**: the squares each player's pieces still have to go (a piece
  in the pad has the whole path and one more square to go; a piece home
  none).
* **Landings**: a piece landed on goes to the pad of the player whose colour
  the square is.  For the lander, an opponent's piece standing on the
  opponent's colour goes back to its owner's pad (it loses its squares), and
  the lander's own piece standing there goes home (it gains the rest of its
  way).  Each player's landings on its next roll are counted, each by its
  chance (:func:`landings`), the next player to roll's in full and the
  other's at half.
* **Frozen pieces**: a piece on the opponent's colour may be moved only by
  the opponent; each is worth 4 squares less.

The evaluation is a player's standing less the opponent's, in tens of
squares; a finished game is worth 100 to the winner.

>>> from .rules import deal, play
>>> from .state import Roll
>>> state = play(deal(), Roll((2, 3, 5)))
>>> evaluate(state, 0) == -evaluate(state, 1)
True
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache

from .board import MARKED, PATH_LENGTH, POSITIONS, SQUARES, colour_of
from .rules import apply_part, legal_moves
from .state import PIECES, Advance, Enter, PachMove, PachState, Pass, Roll

HOME = PATH_LENGTH + 1
"""The squares a piece covers from its pad to the goal."""

WIN = 100.0
"""The evaluation of a finished game for the winner (the loser's is minus this)."""

_COLOUR = tuple(-1 if square in MARKED else colour_of(square) for square in range(SQUARES))
"""Each square's colour, -1 for the marked squares (both colours)."""

_POSITION = tuple(tuple(POSITIONS[seat][square] for square in range(SQUARES)) for seat in (0, 1))
"""``_POSITION[seat][square]``: how far along ``seat``'s path the square is."""


def _landing_odds() -> tuple[tuple[float, ...], ...]:
    counts = [Counter[int]() for _ in range(4)]
    for roll in itertools.product(range(1, 9), repeat=3):
        for size, dice in ((3, 1), (2, 2), (1, 3)):
            counts[size].update({sum(some) for some in itertools.combinations(roll, dice)})
    return tuple(tuple(counts[size][d] / 8**3 for d in range(HOME + 1)) for size in range(4))


ODDS = _landing_odds()
"""``ODDS[size][d]``: the chance that a roll lets a piece of ``size`` go
exactly ``d`` squares (one die for a large, two for a medium, all three for
a small).

>>> round(ODDS[3][8], 3), round(ODDS[1][3], 4), ODDS[1][2]
(0.33, 0.002, 0.0)
"""


@dataclass(frozen=True)
class Weights:
    """The evaluation's terms, in squares of the race, kept together so that
    variants can be measured against each other."""

    landing_next: float = 1.0
    """Each square the next player to roll could gain by a landing, by its chance."""
    landing_later: float = 0.5
    """The same for the other player, whose roll comes after."""
    frozen: float = 4.0
    """Each piece standing where only the opponent may move it."""
    squares_per_point: float = 10.0
    """Squares in one point of the evaluation."""


WEIGHTS = Weights()


def remaining(state: PachState, seat: int) -> int:
    """The squares ``seat``'s pieces still have to go to reach the goal."""
    total = HOME * (PIECES - sum(state.home[seat]))
    position = _POSITION[seat]
    for square, piece in enumerate(state.board):
        if piece is not None and piece[0] == seat:
            total -= position[square]
    return total


def progress(state: PachState, seat: int) -> int:
    """The squares ``seat``'s pieces have covered along its path."""
    return HOME * PIECES - remaining(state, seat)


def landings(state: PachState, seat: int) -> float:
    """The squares ``seat`` could gain by landing on a piece with its next
    roll, each landing weighted by its chance (one roll's landings are added
    up, although a roll can make at most three).  The pieces it may move
    are its own on its colour or a marked square, the opponent's there too
    while its entered pips allow, and the top of each tree in its pad; the
    targets stand on the opponent's colour, and the mover must be as large.

    >>> from .notation import setup
    >>> state = setup({"a3": "K3", "b5": "W2"})
    >>> round(landings(state, 0), 3)  # a 7 on any die: White's medium loses b5's 20 squares
    6.602
    """
    other = 1 - seat
    position = _POSITION[seat]
    moves_others = state.entered_pips(seat) >= state.entered_pips(other)
    sources = [(0, size) for size in {tree[-1] for tree in state.trees[seat]}]
    targets = []
    for square, piece in enumerate(state.board):
        if piece is None:
            continue
        colour = _COLOUR[square]
        if colour == other:
            gain = _POSITION[other][square] if piece[0] == other else HOME - position[square]
            targets.append((position[square], piece[1], gain))
        elif piece[0] == seat or moves_others:
            sources.append((position[square], piece[1]))
    total = 0.0
    for at, size, gain in targets:
        miss = 1.0
        for start, mover in sources:
            if mover >= size and start < at:
                miss *= 1.0 - ODDS[mover][at - start]
        total += (1.0 - miss) * gain
    return total


def frozen(state: PachState, seat: int) -> int:
    """``seat``'s pieces on the opponent's colour, which only the opponent may move."""
    other = 1 - seat
    return sum(
        1
        for square, piece in enumerate(state.board)
        if piece is not None and piece[0] == seat and _COLOUR[square] == other
    )


def standing(state: PachState, player: int, weights: Weights = WEIGHTS) -> float:
    """The evaluation of ``state`` as it stands, without looking at the dice
    still to use: ``player``'s race, landings and frozen pieces against the
    opponent's, in points."""
    if state.is_over:
        return WIN if state.winner == player else -WIN
    other = 1 - player
    roller = 1 - state.to_move if state.dice else state.to_move
    value = float(remaining(state, other) - remaining(state, player))
    for seat, sign in ((player, 1.0), (other, -1.0)):
        weight = weights.landing_next if seat == roller else weights.landing_later
        value += sign * weight * landings(state, seat)
    value -= weights.frozen * (frozen(state, player) - frozen(state, other))
    return value / weights.squares_per_point


@lru_cache(maxsize=4096)
def turn_best(state: PachState, weights: Weights = WEIGHTS) -> float:
    """The mover's standing after the best way to use the dice it has left
    (every way is tried; a roll that cannot be used is passed)."""
    mover = state.to_move
    moves = legal_moves(state)
    if moves == [Pass()]:
        return standing(replace(state, to_move=1 - mover, dice=(), moved=(), resent=()), mover, weights)
    return max(after_part(state, move, weights) for move in moves)


def after_part(state: PachState, move: PachMove, weights: Weights = WEIGHTS) -> float:
    """The mover's evaluation after ``move``, one move of its turn, and the
    best use of the dice left."""
    assert isinstance(move, Enter | Advance)
    mover = state.to_move
    after = apply_part(state, move)
    if after.is_over or not after.dice:
        return standing(after, mover, weights)
    return turn_best(after, weights)


def evaluate(state: PachState, player: int, weights: Weights = WEIGHTS) -> float:
    """``player``'s standing less the opponent's, in tens of squares; in the
    middle of a turn, after the best use of the mover's dice left."""
    if state.is_over or not state.dice:
        return standing(state, player, weights)
    value = turn_best(state, weights)
    return value if state.to_move == player else -value


def candidate_moves(state: PachState, weights: Weights = WEIGHTS) -> list[PachMove]:
    """Every legal move, those that begin the best whole turns first."""
    moves = legal_moves(state)
    if len(moves) < 2 or isinstance(moves[0], Roll):
        return moves
    value = {move: after_part(state, move, weights) for move in moves}
    return sorted(moves, key=lambda move: -value[move])


__all__ = ["WEIGHTS", "Weights", "candidate_moves", "evaluate", "landings", "progress", "standing"]
