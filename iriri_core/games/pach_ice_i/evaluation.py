"""The trained evaluation of Pach-Ice-i: who wins, from a position where the
next player is about to roll.

A few features of the position (the race, the landings each player's next
roll offers by their odds, frozen pieces, pieces home and in the pad, ...:
:func:`features`) are weighed by a linear model into the log-odds that the
player about to roll wins.  The weights are data, ``weights.json`` beside
this module, learned by self-play with TD(lambda) as TD-Gammon learned
backgammon; ``python -m iriri_core.games.pach_ice_i.train`` makes them again
and tells how well they foretell the winner against the hand-made
evaluation (:func:`strategy.standing`).

>>> from .rules import deal
>>> round(win_chance(deal(), 0), 2) == round(1 - win_chance(deal(), 1), 2)
True
"""

from __future__ import annotations

import importlib.resources
import json
import math
from collections.abc import Sequence
from functools import lru_cache

from .board import MARKED, SQUARES, colour_of
from .rules import legal_moves
from .state import PIECES, PachMove, PachState, Roll
from .strategy import _COLOUR, _POSITION, HOME, ODDS, frozen, landings, remaining
from .whole_turns import whole_turns

WEIGHTS_FILE = "weights.json"

FEATURES = (
    "bias",
    "race",
    "race_scaled",
    "landings_roller",
    "landings_other",
    "frozen_roller",
    "frozen_other",
    "home",
    "pad",
    "moves_others",
    "movable",
    "race_late",
)
"""The features' names, in the order of the weights."""

_OWN_COLOUR = tuple(
    tuple(square in MARKED or colour_of(square) == seat for square in range(SQUARES)) for seat in (0, 1)
)


def _movable(state: PachState, seat: int) -> int:
    """``seat``'s pieces on the board that ``seat`` may move itself."""
    own = _OWN_COLOUR[seat]
    return sum(
        1
        for square, piece in enumerate(state.board)
        if piece is not None and piece[0] == seat and own[square]
    )


def _pad(state: PachState, seat: int) -> int:
    return sum(len(tree) for tree in state.trees[seat])


def plain_features(state: PachState) -> list[float]:
    """:func:`features` written plainly from the hand-made evaluation's parts
    (the tests check that the two agree)."""
    me = state.to_move
    other = 1 - me
    mine, theirs = remaining(state, me), remaining(state, other)
    race = (theirs - mine) / 100.0
    total = mine + theirs + HOME
    pips_me, pips_other = state.entered_pips(me), state.entered_pips(other)
    return [
        1.0,
        race,
        (theirs - mine) / math.sqrt(total),
        landings(state, me) / 100.0,
        landings(state, other) / 100.0,
        frozen(state, me) / 5.0,
        frozen(state, other) / 5.0,
        (sum(state.home[me]) - sum(state.home[other])) / PIECES,
        (_pad(state, me) - _pad(state, other)) / PIECES,
        float(pips_me >= pips_other) - float(pips_other >= pips_me),
        (_movable(state, me) - _movable(state, other)) / 5.0,
        race * (HOME * 2 * PIECES) / total / 10.0,
    ]


def _landings(
    sources: list[tuple[int, int]], targets: list[tuple[int, int, int]], odds: tuple[tuple[float, ...], ...]
) -> float:
    total = 0.0
    for at, size, gain in targets:
        miss = 1.0
        for start, mover in sources:
            if mover >= size and start < at:
                miss *= 1.0 - odds[mover][at - start]
        total += (1.0 - miss) * gain
    return total


def features(state: PachState) -> list[float]:
    """The features of ``state`` for the player about to roll (``to_move``;
    the dice not rolled): each a difference between that player and the
    other, or one player's alone, scaled to about 1.  The same as
    :func:`plain_features`, in one pass over the board."""
    me = state.to_move
    other = 1 - me
    pips = (state.entered_pips(0), state.entered_pips(1))
    moves_others = (pips[0] >= pips[1], pips[1] >= pips[0])
    left = [HOME * (PIECES - sum(state.home[0])), HOME * (PIECES - sum(state.home[1]))]
    frozen_ = [0, 0]
    movable = [0, 0]
    sources: tuple[list[tuple[int, int]], list[tuple[int, int]]] = (
        [(0, size) for size in {tree[-1] for tree in state.trees[0]}],
        [(0, size) for size in {tree[-1] for tree in state.trees[1]}],
    )
    targets: tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]] = ([], [])
    at0, at1 = _POSITION
    for square, piece in enumerate(state.board):
        if piece is None:
            continue
        owner, size = piece
        p0, p1 = at0[square], at1[square]
        left[owner] -= p0 if owner == 0 else p1
        colour = _COLOUR[square]
        if colour == 1:  # white: Black's target, White's source
            targets[0].append((p0, size, p1 if owner == 1 else HOME - p0))
            if owner == 0:
                frozen_[0] += 1
            else:
                movable[1] += 1
            if owner == 1 or moves_others[1]:
                sources[1].append((p1, size))
        elif colour == 0:
            targets[1].append((p1, size, p0 if owner == 0 else HOME - p1))
            if owner == 1:
                frozen_[1] += 1
            else:
                movable[0] += 1
            if owner == 0 or moves_others[0]:
                sources[0].append((p0, size))
        else:  # marked: both colours, nobody's target
            movable[owner] += 1
            if owner == 0 or moves_others[0]:
                sources[0].append((p0, size))
            if owner == 1 or moves_others[1]:
                sources[1].append((p1, size))
    mine, theirs = left[me], left[other]
    race = (theirs - mine) / 100.0
    total = mine + theirs + HOME
    pads = (PIECES - sum(state.home[0]), PIECES - sum(state.home[1]))
    on_board = [0, 0]
    for piece in state.board:
        if piece is not None:
            on_board[piece[0]] += 1
    pad_me, pad_other = pads[me] - on_board[me], pads[other] - on_board[other]
    return [
        1.0,
        race,
        (theirs - mine) / math.sqrt(total),
        _landings(sources[me], targets[me], ODDS) / 100.0,
        _landings(sources[other], targets[other], ODDS) / 100.0,
        frozen_[me] / 5.0,
        frozen_[other] / 5.0,
        (sum(state.home[me]) - sum(state.home[other])) / PIECES,
        (pad_me - pad_other) / PIECES,
        float(moves_others[me]) - float(moves_others[other]),
        (movable[me] - movable[other]) / 5.0,
        race * (HOME * 2 * PIECES) / total / 10.0,
    ]


START = (0.0, 2.5, 0.0, 2.5, -1.25, -0.5, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0)
"""Where training starts: the hand-made evaluation's terms (:func:`strategy.standing`
over 4 points, the old search's curve), the other features at 0."""


def load_start() -> tuple[float, ...]:
    """The weights training starts from (:data:`START`)."""
    return START


def load_weights() -> tuple[float, ...]:
    """The trained weights kept in the package."""
    text = importlib.resources.files(__package__).joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{WEIGHTS_FILE} names other features than {FEATURES}")
    return tuple(float(w) for w in data["weights"])


WEIGHTS = load_weights()


def logit(state: PachState, weights: Sequence[float] = WEIGHTS) -> float:
    """The log-odds that the player about to roll in ``state`` wins."""
    return sum(w * x for w, x in zip(weights, features(state), strict=True))


@lru_cache(maxsize=65536)
def _roller_logit(state: PachState) -> float:
    return logit(state)


WIN_LOGIT = 20.0
"""The log-odds of a finished game for the winner (the loser's is minus this)."""


def value(state: PachState, player: int) -> float:
    """``player``'s log-odds of winning from ``state``, a position between two
    turns (the dice not rolled) or a finished game."""
    if state.is_over:
        return WIN_LOGIT if state.winner == player else -WIN_LOGIT
    roller = _roller_logit(state)
    return roller if state.to_move == player else -roller


def win_chance(state: PachState, player: int) -> float:
    """``player``'s chance of winning from ``state`` (:func:`value` through the logistic curve)."""
    return 1.0 / (1.0 + math.exp(-value(state, player)))


def evaluate(state: PachState, player: int) -> float:
    """``player``'s log-odds of winning (the game's evaluation): between two
    turns, :func:`value`; in the middle of a turn, after the mover's best way
    to finish it."""
    if state.is_over or not state.dice:
        return value(state, player)
    best = max(value(end, state.to_move) for _, end in whole_turns(state))
    return best if state.to_move == player else -best


def candidate_moves(state: PachState) -> list[PachMove]:
    """Every legal move, those that begin the best whole turns first."""
    moves = legal_moves(state)
    if len(moves) < 2 or isinstance(moves[0], Roll):
        return moves
    mover = state.to_move
    best: dict[PachMove, float] = {}
    for turn, end in whole_turns(state):
        worth = value(end, mover)
        if worth > best.get(turn[0], -math.inf):
            best[turn[0]] = worth
    return sorted(moves, key=lambda move: -best.get(move, -math.inf))


__all__ = ["FEATURES", "WEIGHTS", "candidate_moves", "evaluate", "features", "logit", "value", "win_chance"]
