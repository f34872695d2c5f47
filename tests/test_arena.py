"""The strength bench's games (iriri_core/bots/arena.py): pairs share their
deal, dice and opening with the seats swapped, openings are distinct, a
player through another engine plays in step, and the sequential stop."""

from __future__ import annotations

from typing import Any

from iriri_core import get_game
from iriri_core.bots import make_bot
from iriri_core.bots.arena import (
    Played,
    Player,
    Point,
    fixed_start,
    openings,
    pair_tasks,
    play_one,
    run_point,
    wilson,
)


def named(name: str, engine: Any = None) -> Player:
    return Player(name, lambda seed: make_bot(name, seed), engine)


def test_a_fixed_start_gets_distinct_openings_and_a_dealt_game_its_own_seeds() -> None:
    hextris = get_game("hextris")
    assert fixed_start(hextris) and not fixed_start(get_game("iriri"))
    found = openings(hextris, 40)
    assert len(set(found)) == 40 and all(len(opening) == 2 for opening in found)
    assert openings(hextris, 40) == found, "the same openings every time"
    tasks = pair_tasks(get_game("pach-ice-i"), 5, seed=7)
    assert [seed for seed, _ in tasks] == [7, 8, 9, 10, 11] and all(opening == () for _, opening in tasks)


def test_both_games_of_a_pair_meet_the_same_dice() -> None:
    """Dice are tied to the count of rolls, not the ply: the same rolls in
    both games of a pair although the players and their moves differ."""
    game = get_game("pach-ice-i")
    first = play_one(game, (named("random"), named("greedy")), seed=3)
    second = play_one(game, (named("greedy"), named("random")), seed=3)
    assert first[1] != second[1], "two different games"
    shared = min(len(first[2]), len(second[2]))
    assert shared > 20 and first[2][:shared] == second[2][:shared]
    other = play_one(game, (named("random"), named("greedy")), seed=4)
    assert other[2][:shared] != first[2][:shared], "another pair, other dice"


def test_a_player_through_another_engine_plays_in_step() -> None:
    """Moves cross between engines as text, as records replay: a game where
    one player plays through its own engine object ends as the same game."""
    game = get_game("pyrinoes")
    other = type(game)()
    plain = play_one(game, (named("greedy"), named("random")), seed=4, options={"target": 1})
    stepped = play_one(game, (named("greedy", other), named("random")), seed=4, options={"target": 1})
    assert plain == stepped


def test_the_sequential_stop_waits_for_a_clear_answer() -> None:
    def pairs(scores: list[float]) -> Any:
        for index in range(0, len(scores), 2):
            yield tuple(
                Played(score, index % 2, str(index + n), 10, 1.0)
                for n, score in enumerate(scores[index : index + 2])
            )

    clear = run_point(Point("a", "b", 0.5), pairs([1.0] * 40))
    assert clear.stopped == "clear" and len(clear.games) == 20, "20 wins of 20: clear at the least"
    even = run_point(Point("a", "b", 0.5), pairs([1.0, 0.0] * 30))
    assert even.stopped == "pairs" and len(even.games) == 60
    assert even.figures()["verdict"] == "unclear" and even.figures()["distinct_games"] == 60
    spent = run_point(Point("a", "b", 0.5), pairs([1.0, 0.0] * 30), cpu_seconds=10)
    assert spent.stopped == "cpu" and len(spent.games) == 10
    assert wilson(20, 20)[0] > 0.8 and wilson(0, 0) == (0.0, 1.0)
