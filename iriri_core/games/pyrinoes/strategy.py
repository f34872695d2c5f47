"""How the bots judge Pyrinoes positions (docs/bots.md, "What plays Pyrinoes well").

A round is a race to play out one's pyramids: the player who does ends it,
with a bonus, while the other still counts every pyramid and domino left.
So a position is worth, for the player judging it:

- the match lead (the round just ended included);
- during a round, the lead in the race: turns each player still needs to
  play out their pyramids (a pyrino in hand needs one, a pyramid in the
  supply half of one: at best four go into a pyrino, which is then
  played), :data:`TURN` points a turn;
- the lead in pyramid pips left, and half the lead in domino weights, a
  hidden domino counted at the average weight of those the judge has not
  seen;
- the pips of the greens each has played (they score), and half of those
  in their pyrinoes (they will, once played, and the other cannot use them);
- :data:`FITTING` points for each pyrino in hand that fits an open end now.

The weights were chosen by matches of one round (docs/bots.md gives the
figures); the work term is what matters most.
"""

from __future__ import annotations

from functools import lru_cache

from ...pieces import Pyramid
from .rules import builds, chance_acts, fits, greens_played, is_over, legal_moves, match_scores, plays
from .state import (
    ALL_DOMINOES,
    GREEN,
    UNSEEN,
    Build,
    Domino,
    Draw,
    Pass,
    Play,
    PyrinoesMove,
    PyrinoesState,
)

TURN = 5.0
"""Points a turn of lead in the race to play out one's pyramids is worth."""
FITTING = 3.0
"""Points a pyrino in hand that fits an open end is worth."""
DOMINO_WEIGHT = 0.5
"""How much a pip of dominoes in hand counts, against a pip of pyramids."""
GREEN_IN_HAND = 0.5
"""How much a green pip in an unplayed pyrino counts for its holder."""
BUILDS_SEARCHED = 6
"""Builds among the candidate moves, besides every play: the most promising ones."""


def _unseen_weight(state: PyrinoesState) -> float:
    """The average weight of the dominoes hidden in ``state`` (a view)."""
    seen = {d for hand in state.hands for d in hand if d != UNSEEN}
    seen |= {item.tile for item in state.line if isinstance(item.tile, Domino)}
    left = [d.weight for d in ALL_DOMINOES if d not in seen]
    return sum(left) / len(left) if left else 0.0


def _standing(state: PyrinoesState, seat: int, hidden: float) -> float:
    """What ``seat`` holds, in points against it: turns still needed, pips
    of its own pyramids and dominoes, greens played and held, fitting pyrinoes."""
    pyrinoes = state.pyrinoes[seat]
    turns = len(pyrinoes) + len(state.supply[seat]) / 2
    own = sum(p.size for p in state.supply[seat])
    greens_held = 0
    for tile in pyrinoes:
        for piece in tile.pyramids:
            if piece.colour == GREEN:
                greens_held += piece.size
            else:
                own += piece.size
    dominoes = sum(hidden if d == UNSEEN else d.weight for d in state.hands[seat])
    ends = state.open_ends
    fitting = sum(any(fits(tile, spots) for spots in ends) for tile in pyrinoes)
    return (
        TURN * turns
        + own
        + DOMINO_WEIGHT * dominoes
        - greens_played(state, seat)
        - GREEN_IN_HAND * greens_held
        - FITTING * fitting
    )


def evaluate(state: PyrinoesState, player: int) -> float:
    """The match lead of ``player``, and during a round its lead as the
    module's docstring describes it.

    >>> from .rules import new_match
    >>> evaluate(new_match(), 0)
    0.0
    """
    scores = match_scores(state)
    other = 1 - player
    value = float(scores[player] - scores[other])
    if state.round >= 1 and state.ending is None and state.line:
        hidden = _unseen_weight(state) if UNSEEN in (*state.hands[0], *state.hands[1]) else 0.0
        value += _standing(state, other, hidden) - _standing(state, player, hidden)
    return value


def _worth(state: PyrinoesState, move: PyrinoesMove) -> tuple[float, ...]:
    """Pyrinoes played first, the heaviest first; then dominoes, the
    heaviest first; then builds that fit an open end, the most pyramids
    first; then the other builds; then draws and passes."""
    if isinstance(move, Play):
        tile = move.tile
        return (1, -tile.weight) if isinstance(tile, Domino) else (0, -tile.pips)
    if isinstance(move, Build):
        made = move.pyrino
        fitting = bool(state.line) and any(fits(made, spots) for spots in state.open_ends)
        return (2 if fitting else 3, -len(made.pyramids), -made.pips)
    return (4,)


def candidate_moves(state: PyrinoesState) -> list[PyrinoesMove]:
    """Every play, draw or pass, and the :data:`BUILDS_SEARCHED` most
    promising builds, the most promising moves first (the builds of a
    supply are the same in every position a search draws: they are kept,
    :func:`_builds_searched`)."""
    if chance_acts(state) or is_over(state):
        return legal_moves(state)
    seat = state.to_move
    found: list[PyrinoesMove] = sorted(plays(state, seat), key=lambda move: _worth(state, move))
    ends = state.open_ends if state.line else None
    found += _builds_searched(seat, state.supply[seat], state.greens, ends)
    if found:
        return found
    return [Draw()] if state.boneyard else [Pass()]


@lru_cache(maxsize=4096)
def _builds_searched(
    seat: int, supply: tuple[Pyramid, ...], greens: tuple[int, int, int], ends: tuple[int, int] | None
) -> tuple[Build, ...]:
    """The :data:`BUILDS_SEARCHED` most promising builds of ``seat`` from
    ``supply`` and ``greens``, where the line's open ends are ``ends``."""
    state = PyrinoesState(to_move=seat, supply=(supply, supply), greens=greens)
    moves = sorted(Build(tile) for tile in builds(state, seat))
    fitting = [bool(ends) and any(fits(move.pyrino, spots) for spots in ends or ()) for move in moves]
    ranked = sorted(
        range(len(moves)),
        key=lambda i: (2 if fitting[i] else 3, -len(moves[i].pyrino.pyramids), -moves[i].pyrino.pips),
    )
    return tuple(moves[i] for i in ranked[:BUILDS_SEARCHED])
