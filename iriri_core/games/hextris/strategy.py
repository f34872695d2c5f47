"""How the bots judge Hextris positions (docs/bots.md).

The evaluation counts, for each player, the groups of five made (10 points
each) and how far along the groups on the board are: a piece in a group of
two is worth more than a lone one, and a group of four (one short) most.  A
player's standing is that total less the best opponent's.  Candidate moves
put the moves that form a group first, then those that grow one's groups.
"""

from __future__ import annotations

from .rules import group_at, legal_moves, play
from .state import HextrisMove, HextrisState

GROUP_VALUE = 10.0
"""A group of five made, in evaluation points."""

PROGRESS = (0.0, 0.0, 1.0, 2.5, 4.5)
"""The worth of a group on the board by its size (index), before it has five."""


def strength(state: HextrisState, seat: int) -> float:
    """Groups made and the progress of ``seat``'s groups on the board."""
    colour = state.colours[seat]
    total = GROUP_VALUE * state.groups[seat]
    seen: set[int] = set()
    for spot, piece in enumerate(state.board):
        if piece is None or piece.colour != colour or spot in seen:
            continue
        group = group_at(state.board, spot)
        seen |= group
        total += PROGRESS[min(len(group), len(PROGRESS) - 1)]
    return total


def evaluate(state: HextrisState, player: int) -> float:
    """``player``'s strength less the strongest opponent's."""
    if state.is_over:
        if state.winner is None:
            return 0.0
        return 100.0 if state.winner == player else -100.0
    mine = strength(state, player)
    best = max(strength(state, seat) for seat in range(state.players) if seat != player)
    return mine - best


def candidate_moves(state: HextrisState) -> list[HextrisMove]:
    """Every legal move, best first by the evaluation of the position it
    leaves for the mover (a move that banks a group comes before one that
    only grows a group)."""
    moves = legal_moves(state)
    if len(moves) < 2:
        return moves
    me = state.to_move
    value = {move: evaluate(play(state, move), me) for move in moves}
    return sorted(moves, key=lambda move: -value[move])
