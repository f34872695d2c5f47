"""Iriri's strategy knowledge (iriri_core/games/iriri/strategy.py): the fast
one-piece placements agree with the rules, the candidate moves are legal,
and the evaluation means what it says."""

from __future__ import annotations

from typing import Any

import pytest
from test_movegen import positions

from iriri_core.games.iriri import rules, strategy
from iriri_core.games.iriri.state import Pass, Place


@pytest.mark.parametrize("players", [2, 3, 4])
def test_singles_are_exactly_the_one_piece_placements(iriri: Any, players: int) -> None:
    for state in positions(iriri, range(8), players):
        if not state.board:
            assert strategy.singles(state, state.hand()) == {}
            continue
        expected = {
            move.pieces[0]: score for move, score in rules.placements(state).items() if len(move.pieces) == 1
        }
        assert strategy.singles(state, state.hand()) == expected, iriri.to_text(state)


@pytest.mark.parametrize("players", [2, 3])
def test_candidate_moves_are_legal_unique_and_never_empty(iriri: Any, players: int) -> None:
    for state in positions(iriri, range(4), players)[::3]:
        candidates = iriri.candidate_moves(state)
        legal = iriri.legal_moves(state)
        assert candidates and len(set(candidates)) == len(candidates)
        assert set(candidates) <= set(legal)
        placements = [m for m in legal if isinstance(m, Place)]
        if any(len(m.pieces) == 1 for m in placements) and state.board:
            assert all(len(m.pieces) == 1 for m in candidates), "one piece a turn when one piece fits"
        if legal == [Pass()]:
            assert candidates == [Pass()]


def test_candidate_placements_come_best_scoring_first(iriri: Any) -> None:
    for state in positions(iriri, range(3)):
        scored = rules.placements(state)
        points = [scored[m] for m in iriri.candidate_moves(state) if isinstance(m, Place)]
        assert points == sorted(points, reverse=True)


def test_evaluation_counts_pieces_still_to_place(iriri: Any) -> None:
    """A piece in hand or still to take is worth PIECE_VALUE points: moving
    one from the hand back to the ring changes nothing, and a piece laid is
    a piece less to place."""
    state = iriri.new_game(players=2, seed=1)
    text = iriri.to_text(state)
    fewer = iriri.from_text(
        text.replace("hand 1: Y1 Y2 Y3", "hand 1: Y1 Y2").replace("dictionary: ", "dictionary: Y3 ")
    )
    assert strategy.still_to_take(fewer, 0) == strategy.still_to_take(state, 0) + 1
    assert strategy.standing(fewer, 0) == pytest.approx(strategy.standing(state, 0))
    laid = iriri.play(state, iriri.parse_move(state, "Y1@0,0 Y2@1,0"))  # 6.5 points for two pieces
    assert laid.scores[0] == 6.5
    pieces_before = len(state.hands[0]) + strategy.still_to_take(state, 0)
    pieces_after = len(laid.hands[0]) + strategy.still_to_take(laid, 0)
    assert pieces_before - pieces_after == 2  # so the two pieces cost 6 of the 6.5 points


def test_evaluation_is_zero_sum_for_two_and_exact_at_the_end(iriri: Any) -> None:
    for state in positions(iriri, range(2))[::4]:
        assert iriri.evaluate(state, 0) == pytest.approx(-iriri.evaluate(state, 1))
    state = iriri.new_game(players=3, seed=2)
    text = iriri.to_text(state).replace("passes in a row: 0", "passes in a row: 3")
    ended = iriri.from_text(text.replace("scores: 0 0 0", "scores: 5 9 9"))
    assert [iriri.evaluate(ended, seat) for seat in range(3)] == [-strategy.WIN, 0.0, 0.0]
    ended = iriri.from_text(text.replace("scores: 0 0 0", "scores: 5 9 4"))
    assert [iriri.evaluate(ended, seat) for seat in range(3)] == [-strategy.WIN, strategy.WIN, -strategy.WIN]
