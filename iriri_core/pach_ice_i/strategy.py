"""How the bots judge Pach-Ice-i positions (docs/bots.md).

A race: each player's progress is how far along its path its pieces are
(a piece home counts the whole path and one more square), and a position is
worth the difference, in tens of squares.  Candidate moves put the moves
that leave the mover best placed first.
"""

from __future__ import annotations

from .board import PATH_LENGTH, POSITIONS
from .rules import legal_moves, play
from .state import PIECES, PachMove, PachState, Roll

SQUARES_PER_POINT = 10.0


def progress(state: PachState, seat: int) -> int:
    """The squares ``seat``'s pieces have covered along its path."""
    total = (PATH_LENGTH + 1) * sum(state.home[seat])
    for square, piece in enumerate(state.board):
        if piece is not None and piece[0] == seat:
            total += POSITIONS[seat][square]
    return total


def evaluate(state: PachState, player: int) -> float:
    """``player``'s progress less the opponent's, in tens of squares."""
    if state.is_over:
        return 100.0 if state.winner == player else -100.0
    return (progress(state, player) - progress(state, 1 - player)) / SQUARES_PER_POINT


def candidate_moves(state: PachState) -> list[PachMove]:
    """Every legal move, the best for the mover first (one move ahead)."""
    moves = legal_moves(state)
    if len(moves) < 2 or isinstance(moves[0], Roll):
        return moves
    me = state.to_move
    value = {move: evaluate(play(state, move), me) for move in moves}
    return sorted(moves, key=lambda move: -value[move])


__all__ = ["PIECES", "candidate_moves", "evaluate", "progress"]
