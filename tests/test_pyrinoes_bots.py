"""The Pyrinoes bots: they see only their own view, and play the race well.

The strength figures over hundreds of rounds are in docs/bots.md, from
``python -m iriri_core.bench --game pyrinoes``; the matches here are small
checks that can fail.  That no level peeks (two positions the seat to move
cannot tell apart get the same move at the table, and a bot handed whole
positions is caught) is checked for every game with hidden information in
tests/test_conformance.py.
"""

from __future__ import annotations

import pytest
from pyrinoes_helpers import GAME, position

from iriri_core.bots import SearchBot, make_bot
from iriri_core.bots.searchers import iterations_for
from iriri_core.bots.tournament import play_game, play_match
from iriri_core.games.pyrinoes import strategy

ROUND = {"target": 1}
"""A match to 1 point: one round (or until somebody scores)."""


def test_the_search_has_a_budget_of_its_own() -> None:
    """One information-set search (iriri_core/bots/ismcts.py), 120 iterations for hard (docs/bots.md)."""
    assert GAME.search_iterations == 120 and iterations_for(GAME) == 120
    assert SearchBot().budget(GAME) == 120 and iterations_for(GAME, "expert") == 480


def test_the_race_comes_first() -> None:
    """With every pyramid built, a pyrino that fits is played before a
    heavier domino: it is a turn nearer to playing out one's pyramids,
    which ends the round."""
    built = "R3R3+Y3Y3 R3R2+Y3Y2 R2R2+Y2Y2 R1R1+Y1Y1 R1+Y1"
    state = position("5-3", fire="6-5 2-1", fire_pyrinoes=built, ice="4-4 4-0")
    assert not state.supply[0]
    for level in ("greedy", "medium", "hard"):
        move = make_bot(level, seed=1).choose(GAME, GAME.view(state, 0))
        assert GAME.move_text(state, move) == "R3R2+Y3Y2 left", level


def test_building_puts_four_pyramids_in_one_pyrino() -> None:
    """With nothing to play, a build of four pyramids (two turns nearer the
    end) is worth more than one of two."""
    state = position("5-3", fire="6-6 2-1", ice="4-4 4-0")
    big = max(
        (m for m in GAME.legal_moves(state)),
        key=lambda m: strategy.evaluate(GAME.play(state, m), 0),
    )
    assert len(big.pyrino.pyramids) == 4


def test_candidates_are_every_play_and_the_best_builds() -> None:
    state = position("5-3", fire="6-5 3-1", fire_pyrinoes="R3+Y2", ice="4-4 4-0")
    legal = GAME.legal_moves(state)
    candidates = GAME.candidate_moves(state)
    texts = [GAME.move_text(state, m) for m in candidates]
    assert texts[:3] == ["R3+Y2 right", "6-5 left", "3-1 right"]
    assert len(candidates) == 3 + strategy.BUILDS_SEARCHED < len(legal)
    assert set(candidates) <= set(legal)


@pytest.mark.slow
def test_the_levels_beat_random_rounds() -> None:
    """Small matches of one round each: medium wins most of 24, and hard
    most of 8 (docs/bots.md has the figures over 200)."""
    medium = play_match(GAME, ["medium", "random"], games=24, seed=11, options=ROUND)
    assert medium.wins["medium"] >= 19, medium
    hard = play_match(GAME, ["hard", "random"], games=8, seed=11, options=ROUND)
    assert hard.wins["hard"] >= 6, hard


def test_a_match_to_one_point_is_decided_by_its_first_scoring_round() -> None:
    """How the bench counts strength in rounds (iriri_core.bench.STRENGTH_OPTIONS)."""
    for seed in range(3):
        result = play_game(GAME, [make_bot("random", 1), make_bot("random", 2)], seed=seed, options=ROUND)
        states = result.record.replay()
        assert states[0].target == 1
        final = states[-1]
        assert final.banked == (0, 0), "every round before the last scored nothing"
        assert result.outcome is not None and max(GAME.scores(final)) >= 1
