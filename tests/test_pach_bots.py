"""The bots play Pach-Ice-i: every level moves legally at the start of a
turn, in the middle of one and where the only move is to pass; the same seed
gives the same moves; the evaluation sees what a landing does; the search
looks through the dice; and greedy beats random.

Positions are built as in tests/test_pach_rules.py (:mod:`pach_helpers`);
the board, for reading them: a1, c1, b2 ... are black squares, b1, a2 ...
white; Black's path runs up column a (a1 is 1, a7 is 7), down column b (b7
is 8, b1 is 14) and so on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from pach_helpers import GAME, position, step

from iriri_core.bots import LEVELS, SearchBot, bot_names, make_bot
from iriri_core.bots.expectimax import ExpectimaxSearch
from iriri_core.bots.search import ITERATIONS
from iriri_core.bots.searchers import iterations_for
from iriri_core.bots.tournament import play_game, play_match
from iriri_core.engine import CHANCE, draw_chance, get_game
from iriri_core.games.pach_ice_i import Pass, strategy
from iriri_core.games.pach_ice_i.rules import legal_moves, play


def bot(name: str, seed: int) -> Any:
    """A bot of every level, the search capped to keep the tests quick."""
    if name in ("hard", "expert"):
        return ExpectimaxSearch(seed=seed, iterations=2000)
    return make_bot(name, seed=seed)


def positions_from_a_game() -> dict[str, Any]:
    """From one random game (fixed seeds): the first start of a turn with a
    choice, the first move in the middle of a turn with a choice, the first
    with one die left and a choice, and the first position whose only move
    is to pass."""
    import random

    rng = random.Random(4)
    state = GAME.new_game()
    found: dict[str, Any] = {}
    while not GAME.is_over(state) and len(found) < 4:
        if GAME.current_player(state) == CHANCE:
            state = GAME.play(state, draw_chance(GAME, state, rng))
            continue
        moves = legal_moves(state)
        if moves == [Pass()]:
            found.setdefault("pass", state)
        elif len(moves) > 1:
            found.setdefault("middle" if state.moved else "start", state)
            if len(state.dice) == 1:
                found.setdefault("last", state)
        state = GAME.play(state, rng.choice(moves))
    assert set(found) == {"start", "middle", "last", "pass"}
    return found


POSITIONS = positions_from_a_game()


@pytest.mark.parametrize("kind", sorted(POSITIONS))
@pytest.mark.parametrize("name", bot_names())
def test_every_level_moves_legally(name: str, kind: str) -> None:
    state = POSITIONS[kind]
    move = bot(name, seed=1).choose(GAME, state)
    assert move in legal_moves(state)
    if kind == "pass":
        assert move == Pass()


@pytest.mark.slow
@pytest.mark.parametrize("name", bot_names())
def test_the_same_seed_gives_the_same_moves(name: str) -> None:
    state = POSITIONS["start"]
    assert len({bot(name, seed=3).choose(GAME, state) for _ in range(3)}) == 1
    records = [
        play_game(GAME, [bot(name, seed=5), bot(name, seed=6)], seed=2, move_cap=60).record for _ in range(2)
    ]
    assert records[0] == records[1]


def test_a_landing_that_sends_ones_own_piece_home_comes_first() -> None:
    """A piece landed on where it stands on the other player's colour goes
    home: Black's large on a1 goes 1 to a2 (white), where Black's small stands."""
    state = position({"a1": "K3", "a2": "K1", "c1": "K3", "e1": "K3", "b1": "W3", "d2": "W3"}, dice=(1, 5, 7))
    assert strategy.candidate_moves(state)[0] == step("a1", 1)
    after = play(state, step("a1", 1))
    assert after.home[0][0] == state.home[0][0] + 1


def test_a_hit_on_the_opponents_colour_is_worth_its_squares() -> None:
    """White's medium on b5 (white) goes back to White's pad when Black's
    large lands on it from a3 with the 7: the best turns hit it."""
    state = position({"a1": "K3", "a3": "K3", "b5": "W2", "e1": "K3", "d2": "W3"}, dice=(2, 4, 7))
    value = {move: strategy.after_part(state, move) for move in legal_moves(state)}
    assert value[step("a3", 7)] == max(value.values())
    assert value[step("a3", 7)] > value[step("a1", 7)]
    assert strategy.candidate_moves(state)[0] in {m for m, v in value.items() if v == max(value.values())}


def test_landing_on_the_opponents_piece_on_ones_own_colour_is_a_gift() -> None:
    """The piece goes to the pad of the player whose colour the square is:
    Black's large from a1 with the 2 lands on White's medium on a3 (black)
    and sends it home, to Black's pad; the bots count that against the move."""
    state = position({"a1": "K3", "a3": "W2", "c1": "K3", "e1": "K3", "d2": "W3", "b1": "W3"}, dice=(2, 4, 6))
    assert play(state, step("a1", 2)).home[1][1] == state.home[1][1] + 1
    value = {move: strategy.after_part(state, move) for move in legal_moves(state)}
    assert value[step("a1", 2)] < value[step("a1", 4)] < max(value.values())
    assert step("a1", 2) not in strategy.candidate_moves(state)[:3]


def test_the_evaluation_is_zero_sum_and_knows_the_end() -> None:
    for state in POSITIONS.values():
        assert strategy.evaluate(state, 0) == pytest.approx(-strategy.evaluate(state, 1))
    won = replace(POSITIONS["start"], winner=1, dice=(), moved=(), resent=())
    assert strategy.evaluate(won, 1) > 0 > strategy.evaluate(won, 0)


def test_in_the_middle_of_a_turn_a_position_is_worth_its_best_ending() -> None:
    """The mover still has dice: the position is worth the best way to use them."""
    state = POSITIONS["middle"]
    me = state.to_move
    ends = [strategy.evaluate(play(state, move), me) for move in legal_moves(state)]
    assert strategy.evaluate(state, me) == pytest.approx(max(ends))


def test_the_search_looks_through_the_dice() -> None:
    """After the last move of its turn, the opponent rolls: the search's deep
    looks count every roll, each by its odds (tests/test_pach_turns.py checks
    the values)."""
    state = POSITIONS["start"]
    searcher = ExpectimaxSearch(seed=1, iterations=2000)
    searcher.choose(GAME, state)
    assert len(searcher.turns) > 2 and len(searcher.looked) == 2
    assert sorted(searcher.seen) == list(range(120))
    assert all(turn.mass == pytest.approx(1.0) for turn in searcher.looked)


def test_the_hard_level_has_a_budget_for_each_game() -> None:
    assert SearchBot().budget(GAME) == iterations_for(GAME) == GAME.search_iterations == 3000
    assert SearchBot().budget(get_game("iriri")) == ITERATIONS
    assert SearchBot(iterations=7).budget(GAME) == 7


def test_a_game_stopped_at_the_cap_is_counted() -> None:
    result = play_game(GAME, [make_bot("random", 1), make_bot("random", 2)], seed=1, move_cap=10)
    assert result.capped and result.outcome is None and result.plies == 10
    summary = play_match(GAME, ["random", "greedy"], games=2, seed=1, move_cap=10)
    assert summary.capped == summary.draws == 2
    assert summary.as_json()["capped"] == 2


@pytest.mark.slow
def test_greedy_beats_random() -> None:
    """A check that can fail, kept small; the strength figures over hundreds
    of games are in docs/bots.md."""
    summary = play_match(GAME, ["greedy", "random"], games=16, seed=7)
    assert summary.wins["greedy"] >= 14


def test_the_levels_are_all_offered() -> None:
    assert set(LEVELS) <= set(bot_names())
