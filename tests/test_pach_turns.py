"""Pach-Ice-i's whole turns, its trained evaluation and the expectimax search
that plays it (iriri_core/games/pach_ice_i/whole_turns.py, evaluation.py,
iriri_core/bots/expectimax.py).

Positions are built as in tests/test_pach_rules.py (:mod:`pach_helpers`):
Black's path runs up column a (a1 is 1, a7 is 7), down column b and so on.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from pach_helpers import GAME, position

from iriri_core.bots.expectimax import ExpectimaxSearch
from iriri_core.bots.searchers import LevelBot, iterations_for, searcher
from iriri_core.engine import CHANCE, draw_chance
from iriri_core.games.pach_ice_i import Pass, evaluation
from iriri_core.games.pach_ice_i.rules import ROLLS, legal_moves, play
from iriri_core.games.pach_ice_i.state import PachState, Roll
from iriri_core.games.pach_ice_i.whole_turns import whole_turns


def turns_move_by_move(state: PachState) -> set[PachState]:
    """The positions the turn can end in, found through ``legal_moves`` one move at a time."""
    mover, ends, stack = GAME.current_player(state), set(), [state]
    while stack:
        current = stack.pop()
        for move in legal_moves(current):
            after = play(current, move)
            (stack.append(after) if GAME.current_player(after) == mover else ends.add(after))
    return ends


def rolled_positions(games: int, seed: int) -> list[PachState]:
    """Positions with the dice rolled, from games of random moves."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = GAME.new_game()
        while not GAME.is_over(state) and len(found) < 400 * games:
            if GAME.current_player(state) == CHANCE:
                state = GAME.play(state, draw_chance(GAME, state, rng))
                found.append(state)
                continue
            state = play(state, rng.choice(legal_moves(state)))
    return found


def test_whole_turns_are_the_turns_legal_moves_allow() -> None:
    """Every position a turn may end in, each once, and its moves are legal one by one."""
    positions = rolled_positions(2, seed=3)[::5]
    assert len(positions) > 40
    for state in positions:
        turns = whole_turns(state)
        ends = [end for _, end in turns]
        assert len(set(ends)) == len(ends)
        assert set(ends) == turns_move_by_move(state)
        for moves, end in turns:
            current = state
            for move in moves:
                assert move in legal_moves(current)
                current = play(current, move)
            assert current == end


def test_whole_turns_pass_where_no_die_can_be_used() -> None:
    """Black's only piece is a large on b1, a white square: frozen, and nothing in the pad."""
    state = position({"b1": "K3", "c2": "W3"}, dice=(1, 2, 3), home=((5, 5, 4), (5, 5, 4)))
    assert legal_moves(state) == [Pass()]
    assert whole_turns(state) == [((Pass(),), play(state, Pass()))]


def test_the_evaluation_is_a_win_chance_for_the_player_about_to_roll() -> None:
    """Zero-sum, and ahead in the race is better: Black with a large a square from home."""
    state = position({"g6": "K3", "a6": "W3"}, dice=(), home=((5, 5, 4), (5, 5, 4)))
    black = evaluation.win_chance(state, 0)
    assert black == pytest.approx(1 - evaluation.win_chance(state, 1))
    assert black > 0.5
    assert GAME.evaluate(state, 0) == pytest.approx(-GAME.evaluate(state, 1))


def test_the_features_in_one_pass_are_the_plain_ones() -> None:
    for state in rolled_positions(1, seed=8)[::3]:
        between = play(state, Pass()) if legal_moves(state) == [Pass()] else whole_turns(state)[0][1]
        for each in (between, GAME.new_game()):
            assert evaluation.features(each) == pytest.approx(evaluation.plain_features(each))


def test_the_weights_are_data_in_the_package() -> None:
    assert len(evaluation.load_weights()) == len(evaluation.FEATURES)
    assert evaluation.WEIGHTS != evaluation.START  # trained, not the start


def test_a_deep_look_is_the_expectation_over_every_roll_of_the_best_reply() -> None:
    """What the search computes for a turn, computed again by hand."""
    state = position({"a1": "K3", "a3": "K3", "b5": "W2", "e1": "K3", "d2": "W3"}, dice=(2, 4, 7))
    search = ExpectimaxSearch(iterations=2000)
    search.choose(GAME, state)
    assert len(search.looked) == 2
    turn = search.looked[0]
    assert turn.deep is not None
    expected = 0.0
    for dice, odds in ROLLS:
        rolled = play(turn.end, Roll(dice))
        replies = [end for _, end in whole_turns(rolled)]
        best = max(replies, key=lambda end: evaluation.win_chance(end, 1))
        expected += odds * evaluation.win_chance(best, 0)
    assert turn.deep == pytest.approx(expected)


def test_more_budget_looks_deeper_at_more_turns_and_yields_as_it_goes() -> None:
    state = position({"a1": "K3", "a3": "K3", "b5": "W2", "e1": "K3", "d2": "W3"}, dice=(2, 4, 7))
    small, large = ExpectimaxSearch(iterations=2000), ExpectimaxSearch(iterations=6000)
    thinking = small.think(GAME, state)
    yields = 0
    try:
        while True:
            next(thinking)
            yields += 1
    except StopIteration:
        pass
    assert yields >= 240
    large.choose(GAME, state)
    assert len(small.looked) == 2 < len(large.looked) <= 6


def test_with_too_little_budget_the_search_plays_the_best_turn_by_the_evaluation() -> None:
    state = position({"a1": "K3", "a3": "K3", "b5": "W2", "e1": "K3", "d2": "W3"}, dice=(2, 4, 7))
    search = ExpectimaxSearch(iterations=1000)
    move = search.choose(GAME, state)
    assert search.looked == [] and move == GAME.candidate_moves(state)[0]


def test_the_rest_of_the_turn_is_played_as_planned() -> None:
    state = position({"a1": "K3", "a3": "K3", "b5": "W2", "e1": "K3", "d2": "W3"}, dice=(2, 4, 7))
    search = ExpectimaxSearch(iterations=2000)
    first = search.choose(GAME, state)
    chosen = search.turns[0]
    assert chosen.moves[0] == first and len(chosen.moves) > 1
    assert search.choose(GAME, play(state, first)) == chosen.moves[1]
    assert search.share(GAME) == 0  # no search: the plan's next move


def test_the_searcher_protocol() -> None:
    """What the coach and the puzzle check read: a chance for each seat that adds to 1."""
    state = position({"a1": "K3", "a3": "K3", "b5": "W2", "e1": "K3", "d2": "W3"}, dice=(2, 4, 7))
    search = searcher(GAME, seed=1)
    assert isinstance(search, ExpectimaxSearch)
    best = search.choose(GAME, state)
    assert search.share(GAME) == iterations_for(GAME) and best in search.looked_at()
    assert set(search.looked_at()) <= set(legal_moves(state))
    assert all(search.rough_value(GAME, move, 0) > 0.0 for move in legal_moves(state))  # any order of a turn
    worst = search.looked_at()[-1]
    values: dict[Any, float] = {}
    for move in (best, worst):
        thinking = search.value_after(GAME, move, 0, 30)
        try:
            while True:
                next(thinking)
        except StopIteration as done:
            values[move] = done.value
    assert 0.0 <= values[worst] <= values[best] <= 1.0
    assert search.rough_value(GAME, best, 1) == pytest.approx(1 - search.rough_value(GAME, best, 0))


def test_one_legal_move_needs_no_search() -> None:
    state = play(GAME.new_game(), Roll((2, 3, 5)))
    search = ExpectimaxSearch()
    assert search.choose(GAME, state) == legal_moves(state)[0] and search.share(GAME) == 0


def test_the_levels_budgets() -> None:
    assert iterations_for(GAME) == GAME.search_iterations == 3000
    assert iterations_for(GAME, "expert") == 4 * iterations_for(GAME)
    state = position({"a1": "K3", "a3": "K3", "b5": "W2", "e1": "K3", "d2": "W3"}, dice=(2, 4, 7))
    assert LevelBot("hard", seed=1).choose(GAME, state) == LevelBot("hard", seed=2).choose(GAME, state)
