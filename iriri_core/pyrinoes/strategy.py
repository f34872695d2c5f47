"""How the bots judge Pyrinoes positions (simple for now: docs/bots.md).

A position is worth the match lead, plus half what the round would give if
it ended now: the other player's hand total less one's own, a hidden domino
counted at the average weight of the dominoes its viewer has not seen.
"""

from __future__ import annotations

from .rules import fits, legal_moves, match_scores
from .state import ALL_DOMINOES, UNSEEN, Build, Domino, Play, PyrinoesMove, PyrinoesState

ROUND_WEIGHT = 0.5
"""How much of the hand totals' difference a round still under way is worth."""


def _unseen_weight(state: PyrinoesState) -> float:
    """The average weight of the dominoes hidden in ``state`` (a view)."""
    seen = {d for hand in state.hands for d in hand if d != UNSEEN}
    seen |= {item.tile for item in state.line if isinstance(item.tile, Domino)}
    left = [d.weight for d in ALL_DOMINOES if d not in seen]
    return sum(left) / len(left) if left else 0.0


def estimated_total(state: PyrinoesState, seat: int) -> float:
    """``seat``'s hand total as far as ``state`` shows it."""
    average = _unseen_weight(state)
    dominoes = sum(average if d == UNSEEN else d.weight for d in state.hands[seat])
    pyramids = sum(p.size for p in state.supply[seat]) + sum(t.pips for t in state.pyrinoes[seat])
    return dominoes + pyramids


def evaluate(state: PyrinoesState, player: int) -> float:
    """The match lead of ``player``, and half its lead in hand totals during a round.

    >>> from .rules import new_match
    >>> evaluate(new_match(), 0)
    0.0
    """
    scores = match_scores(state)
    other = 1 - player
    value = float(scores[player] - scores[other])
    if state.round >= 1 and state.ending is None and state.line:
        value += ROUND_WEIGHT * (estimated_total(state, other) - estimated_total(state, player))
    return value


def _worth(state: PyrinoesState, move: PyrinoesMove) -> tuple[int, int]:
    """Plays first, heaviest first; then pyrinoes that fit an open end; then the rest."""
    if isinstance(move, Play):
        tile = move.tile
        weight = tile.weight if isinstance(tile, Domino) else tile.pips
        return (0, -weight)
    if isinstance(move, Build):
        fitting = bool(state.line) and any(fits(move.pyrino, spots) for spots in state.open_ends)
        return (1 if fitting else 2, -move.pyrino.pips)
    return (3, 0)


def candidate_moves(state: PyrinoesState) -> list[PyrinoesMove]:
    """Every legal move, the most promising first."""
    return sorted(legal_moves(state), key=lambda move: _worth(state, move))
