"""The baseline bots: legal, deterministic for a seed, and greedy is greedy."""

from __future__ import annotations

from typing import Any

import pytest
from kuhn import Kuhn, KuhnMatch
from test_conformance import SHORT

from iriri_core import game_names, get_game
from iriri_core.bots import LEVELS, STRONGEST, LevelBot, SearchBot, bot_names, make_bot, tournament
from iriri_core.bots.searchers import SEARCH_LEVELS, iterations_for
from iriri_core.bots.tournament import labels_for, play_game, play_match
from iriri_core.games.iriri import rules
from iriri_core.games.iriri.state import Place, Take


def bot(name: str, seed: int) -> Any:
    """A bot of every level, the search capped by iterations to keep tests quick."""
    if name in SEARCH_LEVELS:
        return SearchBot(seed=seed, iterations=40)
    return make_bot(name, seed=seed)


def test_the_levels_are_bots_and_the_strongest_is_one_of_them() -> None:
    assert set(LEVELS) <= set(bot_names()) and STRONGEST in LEVELS
    assert all(isinstance(make_bot(level), LevelBot) for level in SEARCH_LEVELS)
    assert iterations_for(get_game("iriri"), "expert") > iterations_for(get_game("iriri"), "hard")
    with pytest.raises(ValueError, match="not a level that searches"):
        make_bot("medium") and LevelBot("medium")


@pytest.mark.slow
@pytest.mark.parametrize("name", bot_names())
@pytest.mark.parametrize("game_name", [*game_names(), Kuhn.name, KuhnMatch.name])
def test_every_bot_plays_every_game_legally(game_name: str, name: str, with_kuhn: None) -> None:
    """Every bot, every registered game and the test games with chance and
    hidden cards, at every table size: play() raises on any illegal move
    (Pyrinoes to 30 points, a few rounds)."""
    game = get_game(game_name)
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3 if name != "hard" else 1):
            bots = [bot(name, seed=seed * 10 + i) for i in range(players)]
            result = play_game(game, bots, seed=seed, options=SHORT.get(game_name))
            assert result.outcome is not None
            assert len(result.record.replay()) == result.plies + 1


@pytest.mark.parametrize("name", bot_names())
def test_the_same_seed_gives_the_same_choices(iriri: Any, name: str) -> None:
    records = [play_game(iriri, [bot(name, seed=5), bot(name, seed=6)], seed=3).record for _ in range(2)]
    assert records[0] == records[1]
    other = play_game(iriri, [bot(name, seed=7), bot(name, seed=8)], seed=3).record
    if name == "random":
        assert other != records[0]


def test_greedy_takes_the_highest_scoring_placement(iriri: Any) -> None:
    bot = make_bot("greedy", seed=0)
    state = iriri.new_game(players=2, seed=4)
    for _ in range(30):
        if iriri.is_over(state):
            break
        # The points each move scores now, from the rules' own generator.
        scored = rules.placements(state) if state.phase == "place" else {}
        scored = scored or dict.fromkeys(iriri.legal_moves(state), 0.0)
        move = bot.choose(iriri, state)
        assert scored[move] == max(scored.values())
        state = iriri.play(state, move)


def test_greedy_takes_to_keep_its_own_words_and_spoil_the_next_players(iriri: Any) -> None:
    """Every take greedy makes is one with the best evaluation among the takes."""
    bot = make_bot("greedy", seed=0)
    state = iriri.new_game(players=2, seed=8)
    takes = 0
    while not iriri.is_over(state) and takes < 12:
        move = bot.choose(iriri, state)
        if isinstance(move, Take):
            me = iriri.current_player(state)
            values = {m: iriri.evaluate(iriri.play(state, m), me) for m in iriri.legal_moves(state)}
            assert values[move] == max(values.values())
            takes += 1
        state = iriri.play(state, move)
    assert takes >= 6


def test_greedy_beats_random_over_a_match(iriri: Any) -> None:
    summary = play_match(iriri, ["greedy", "random"], games=20, seed=1)
    assert summary.games == 20
    assert summary.wins["greedy"] >= 15


def test_seats_alternate_and_labels_are_unique(iriri: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    seatings = []

    def recording_play_game(game: Any, bots: list[Any], seed: int | None = None, **kwargs: Any) -> Any:
        seatings.append([bot.name for bot in bots])
        return play_game(game, bots, seed=seed, **kwargs)

    monkeypatch.setattr(tournament, "play_game", recording_play_game)
    play_match(iriri, ["greedy", "random"], games=4, seed=0)
    assert seatings == [["greedy", "random"], ["random", "greedy"]] * 2
    seatings.clear()
    play_match(iriri, ["greedy", "random", "random"], games=3, seed=0)
    assert seatings == [
        ["greedy", "random", "random"],
        ["random", "random", "greedy"],
        ["random", "greedy", "random"],
    ]
    monkeypatch.undo()

    assert labels_for(["random", "random", "greedy"]) == ["random", "random-2", "greedy"]
    summary = play_match(iriri, ["random", "random"], games=6, seed=0)
    assert summary.wins["random"] + summary.wins["random-2"] + summary.draws == 6
    assert summary.as_json()["mean_plies"] > 10


def test_the_search_reuses_its_tree_and_spends_its_budget(iriri: Any) -> None:
    """After its own placement the search keeps the subtree of the takes,
    and every decision adds at least a quarter of the budget."""
    searcher = SearchBot(seed=0, iterations=80)
    state = iriri.new_game(players=2, seed=2)
    move = searcher.choose(iriri, state)
    kept = searcher._kept
    assert kept is not None and kept.state == iriri.play(state, move) and kept.visits > 0
    before = kept.visits
    searcher.choose(iriri, iriri.play(state, move))
    assert searcher._kept is not None
    assert sum(child.visits for _, child in kept.children) >= before + 80 // 4 - 1


def test_medium_lays_one_piece_a_turn_when_it_can(iriri: Any) -> None:
    medium = make_bot("medium", seed=1)
    state = iriri.new_game(players=2, seed=6)
    laid = 0
    while not iriri.is_over(state) and laid < 8:
        move = medium.choose(iriri, state)
        if (
            state.board
            and isinstance(move, Place)
            and any(len(m.pieces) == 1 for m in iriri.legal_moves(state) if isinstance(m, Place))
        ):
            assert len(move.pieces) == 1
            laid += 1
        state = iriri.play(state, move)
    assert laid == 8


def test_easy_beats_random_in_a_few_games(iriri: Any) -> None:
    """A smoke check that easy is sensible; the strength figures, over
    hundreds of games, are in python3 build.py bench."""
    assert play_match(iriri, ["easy", "random"], games=12, seed=3).wins["easy"] >= 7


def test_unknown_bot() -> None:
    with pytest.raises(KeyError, match="no bot called 'deep-blue'"):
        make_bot("deep-blue")


def test_hints_and_the_coach_use_the_strongest_level_the_device_runs_in_time() -> None:
    """The runner measures the device from its own searches: hard until one
    is measured, expert once the device searches expert's budget within
    IN_TIME seconds, hard again on a device that does not."""
    from iriri_core.seats import Seat
    from iriri_core.table.runner import IN_TIME, Runner

    game = get_game("hextris")
    ticks = iter(range(10**9))
    runner = Runner(
        game, [Seat("bot", "hard"), Seat("human")], seed=1, chance_seed=1, clock=lambda: next(ticks) / 1000
    )
    assert runner.speed is None and runner.strongest() == "hard"
    state = game.new_game()
    move = None
    while move is None:
        _, move = runner.act(state, ply=0, budget=0.05)
    assert runner.speed is not None and runner.speed > 0, "a hard decision measures the device"
    expert = iterations_for(game, "expert")
    runner.speed = expert / (IN_TIME * 0.9)
    assert runner.strongest() == "expert"
    runner.start_hint(game.view(state, 0))
    assert runner._hint_bot is not None and runner._hint_bot.name == "expert"
    runner.speed = expert / (IN_TIME * 1.1)
    assert runner.strongest() == "hard"
