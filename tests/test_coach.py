"""The coach (iriri_core/learn/coach.py, iriri_core/learn/coach_mode.py): after a game,
the person's three costliest moves as the hard bot judges them, from what
the person could see, worked out in slices, the list shown after a bounded
share of the work (a quick look at every move, then a close one at those
that seemed costliest); and the table that offers it."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from iriri_core import Seat, Table, get_game
from iriri_core.bots import make_bot
from iriri_core.bots.baseline import finish
from iriri_core.bots.searchers import iterations_for, searcher
from iriri_core.engine import CHANCE, fixed_chance, turn_numbers
from iriri_core.learn import coach_mode
from iriri_core.learn.coach import (
    COUNT,
    FLOOR,
    QUICK_VISITS,
    Coach,
    Judgement,
    bot_seed,
    chance_words,
    cost_words,
    costliest,
    deepening,
    pick,
    quick_budget,
    run,
)
from iriri_core.presenter import presenter_for, table_games
from iriri_core.records import Record
from iriri_core.settings import least_settings

SEAT = 1
"""The seat taken for the person: the easy bot's, which makes mistakes."""

SEED = 7
"""The coach's seed (the bots it asks are seeded from it and the move's number)."""

SETTINGS: dict[str, dict[str, int]] = {name: least_settings(presenter_for(name)) for name in table_games()}
"""Every game of the registry, with the settings of the game played: each
at its least (a short Pyrinoes match)."""

SLOW = ("iriri",)
"""The games whose coach takes long enough in CPython to run with the slow tests only."""

Plies = list[tuple[Any, Any]]


def play(name: str, seed: int = 3, chance: int | None = None, moves: Plies | None = None) -> Plies:
    """A game of ``name`` between medium (seat 0) and easy (seat 1), chance
    fixed by ``chance`` (else ``seed``); with ``moves``, those are played
    first (their own chance's moves too)."""
    game = get_game(name)
    state = game.new_game(2, seed, **SETTINGS[name])
    bots = [make_bot("medium", seed), make_bot("easy", seed + 1)]
    plies: Plies = []
    for before, move in moves or []:
        assert before == state
        plies.append((state, move))
        state = game.play(state, move)
    while not game.is_over(state):
        seat, ply = game.current_player(state), len(plies)
        if seat == CHANCE:
            move = fixed_chance(game, state, seed if chance is None else chance, ply)
        else:
            move = bots[seat].choose(game, game.view(state, seat))
        plies.append((state, move))
        state = game.play(state, move)
    return plies


class Watched:
    """A coach run to its end a step at a time (a step: what it does between
    two yields, an iteration of the search at most), watched: how many
    steps it took in all and until its list was ready, the list then, and
    the order of its close looks."""

    def __init__(self, coach: Coach) -> None:
        self.coach = coach
        thinking, self.steps = coach.think(), 0
        self.ready_at: int | None = None
        self.first: list[Judgement] = []
        self.closely: list[int] = []
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                self.judgements: list[Judgement] = done.value
                break
            self.steps += 1
            if self.ready_at is None and coach.ready:
                self.ready_at, self.first = self.steps, pick(coach.judgements)
            known = {each.ply for each in coach.judgements}
            self.closely += sorted(known - set(self.closely))


_judged: dict[str, tuple[Plies, Watched]] = {}


def watched(name: str) -> tuple[Plies, Watched]:
    """A finished game of ``name`` and its coach's work, watched (worked out once)."""
    if name not in _judged:
        plies = play(name)
        _judged[name] = (plies, Watched(Coach(get_game(name), plies, SEAT, seed=SEED)))
    return _judged[name]


def judged(name: str) -> tuple[Plies, list[Judgement]]:
    """A finished game of ``name`` and every judgement of the person's moves (worked out once)."""
    plies, work = watched(name)
    return plies, work.judgements


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=[pytest.mark.slow] if name in SLOW else []) for name in SETTINGS]
)
def test_the_three_costliest_moves_and_the_hard_bots_own_moves_in_their_place(name: str) -> None:
    """Every game: the three costliest of the person's moves (fewer, in a
    game where fewer cost anything), and the hard bot's own in their place."""
    game = get_game(name)
    plies, judgements = judged(name)
    chosen = [
        ply
        for ply, (state, _) in enumerate(plies)
        if game.current_player(state) == SEAT and len(game.legal_moves(game.view(state, SEAT))) > 1
    ]
    assert [each.ply for each in judgements] == chosen, "every choice of the person's, and nothing else"
    dealt = any(game.current_player(state) == CHANCE for state, _ in plies)
    assert dealt == (game.has_chance and not game.dealt_from_seed), (
        "chance's moves are no choice of the person's"
    )
    picked = pick(judgements)
    assert picked and len(picked) == min(COUNT, sum(each.costly for each in judgements))
    losses = [each.loss for each in picked]
    assert losses == sorted(losses, reverse=True) and losses[-1] >= FLOOR
    assert all(each.loss <= losses[-1] for each in judgements if each not in picked)
    for each in picked:
        state, move = plies[each.ply]
        view = game.view(state, SEAT)
        assert each.played == move and each.played_text == game.move_text(view, move)
        own = finish(searcher(game, seed=bot_seed(SEED, each.ply)).think(game, view))
        assert each.better == own != move
        assert each.better_text == game.move_text(view, own)
        assert each.loss == pytest.approx(each.better_value - each.played_value)
        assert 0.0 <= each.played_value < each.better_value <= 1.0
        assert each.words().startswith(f"about {round(100 * each.loss)} in 100 of your chances to win")
    agreed = [each for each in judgements if each.agrees]
    assert all(each.loss == 0 and not each.costly for each in agreed)


def searched(coach: Coach, iterations: int, least: int) -> int:
    """The most steps one judgement takes: a search of ``iterations``, each
    of the two moves compared searched on to ``least`` visits in each tree
    (one, or one a position drawn where the game hides something), and the
    steps between positions."""
    trees = max(1, iterations // 60) if coach.game.hidden_information else 1
    return iterations + 2 * trees * least + 3


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=[pytest.mark.slow] if name in SLOW else []) for name in SETTINGS]
)
def test_the_list_is_ready_after_a_quick_look_at_every_move_and_a_close_one_at_three(name: str) -> None:
    """The list is shown long before every move is judged closely: after a
    quick look at each (a twentieth of the hard bot's search) and a close
    one at the three that seemed costliest, a bounded number of steps;
    the rest are judged closely while the person reads, the costliest-seeming
    first, and every move the list shows, first or last, is judged closely."""
    _, work = watched(name)
    coach = work.coach
    budget, quick = iterations_for(coach.game), quick_budget(iterations_for(coach.game))
    assert quick == max(10, budget // 20) < budget
    chosen = len(coach.glances)
    looks = chosen * searched(coach, quick, max(QUICK_VISITS, quick // 4)) + coach.total
    close = COUNT * searched(coach, budget, deepening(budget))
    assert work.ready_at is not None and work.ready_at <= looks + close, (work.ready_at, looks, close)
    if chosen > COUNT:
        assert work.ready_at <= work.steps * 0.4, "the list is ready after well under half the work"
    else:  # (a short game: every choice of the person's is among those looked at closely first)
        assert work.ready_at == work.steps, "the list is ready once every move is judged closely"
    listed = min(COUNT, sum(each.costly for each in work.judgements))
    assert len(work.first) == listed and all(each in work.judgements for each in work.first), (
        "the first list: moves judged closely, as the final list judges them"
    )
    assert sorted(work.closely) == [each.ply for each in work.judgements]
    seemed = sorted(coach.glances.values(), key=lambda each: (-each.loss, each.ply))
    assert work.closely == [each.ply for each in seemed], "the close looks, the costliest-seeming first"
    assert pick(coach.judgements) == pick(work.judgements)


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=[pytest.mark.slow] if name in SLOW else []) for name in SETTINGS]
)
def test_each_move_is_numbered_by_the_turn_a_player_counts(name: str) -> None:
    """A roll and the moves it allows are one turn, and so is a seat's go:
    Pach-Ice-i's rolls and its moves of one piece each, Pyrinoes' deals and
    draws, do not count apart."""
    game = get_game(name)
    plies, judgements = judged(name)
    movers = [game.current_player(state) for state, _ in plies]
    goes = sum(mover != CHANCE and (i == 0 or movers[i - 1] != mover) for i, mover in enumerate(movers))
    turns = turn_numbers(movers)
    assert movers[-1] != CHANCE and turns[-1] == goes, "a turn: a seat's moves in a row, chance's just before"
    for turn in set(turns):
        seats = {mover for mover, each in zip(movers, turns, strict=True) if each == turn and mover != CHANCE}
        assert len(seats) <= 1, "one seat's go in a turn"
    for each in judgements:
        assert each.turn == turns[each.ply] and each.turn <= each.number
    if name == "pach-ice-i":
        rolls = sum(mover == CHANCE for mover in movers)
        assert turns[-1] == rolls and judgements[-1].number > 2 * judgements[-1].turn


def test_turns_as_players_count_them() -> None:
    assert turn_numbers([]) == []
    assert turn_numbers([0, 1, 0, 1]) == [1, 2, 3, 4]
    assert turn_numbers([0, 0, 0, 1, 1]) == [1, 1, 1, 2, 2], "Iriri: a word laid and the pieces taken"
    assert turn_numbers([CHANCE, 0, 0, 0, CHANCE, 1, 1]) == [1, 1, 1, 1, 2, 2, 2], "a roll and its moves"
    assert turn_numbers([CHANCE, CHANCE, 1, 0, CHANCE, 1]) == [1, 1, 1, 2, 3, 3], "a deal, a draw"
    assert turn_numbers([0, 1, CHANCE]) == [1, 2, 3], "a roll with nothing played after it yet"


def test_what_the_person_could_not_see_does_not_change_the_judgement() -> None:
    """Pyrinoes hides the other hand and the boneyard (and so the dominoes
    to be drawn): each position of the person's, replaced by another they
    could not tell from it, is judged the same."""
    game = get_game("pyrinoes")
    plies = play("pyrinoes")[:60]
    rng = random.Random(1)
    other: Plies = []
    for state, move in plies:
        if game.current_player(state) == SEAT:
            state = game.sample(game.view(state, SEAT), SEAT, rng)
        other.append((state, move))
    changed = sum(a != b for (a, _), (b, _) in zip(plies, other, strict=True))
    assert changed >= 10, "the positions drawn differ from the real ones"
    first = run(Coach(game, plies, SEAT, seed=SEED))
    assert len(first) >= 10
    assert run(Coach(game, other, SEAT, seed=SEED)) == first


def test_the_dice_to_come_do_not_change_the_judgement() -> None:
    """Two Pach-Ice-i games alike up to a move and rolled differently after
    it: the moves before it are judged the same."""
    game = get_game("pach-ice-i")
    plies = play("pach-ice-i")
    split = len(plies) // 3
    other = play("pach-ice-i", chance=99, moves=plies[:split])
    assert other[split:] != plies[split:]
    mine = [each for each in judged("pach-ice-i")[1] if each.ply < split]
    assert len(mine) >= 5
    theirs = run(Coach(game, other, SEAT, seed=SEED))
    assert [each for each in theirs if each.ply < split] == mine


def test_the_coach_yields_after_every_iteration() -> None:
    game = get_game("hextris")
    plies = play("hextris")[:12]
    coach = Coach(game, plies, SEAT, iterations=40)
    thinking, steps = coach.think(), 0
    seen = []
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            judgements = done.value
            break
        steps += 1
        seen.append(coach.done)
    assert coach.total == 6 == len(judgements)
    assert steps >= 40 * coach.total, "a step is one iteration of the search, at most"
    assert seen == sorted(seen) and seen[0] == 0 and seen[-1] == coach.total


def test_words_for_a_newcomer() -> None:
    words = cost_words(0.9, 0.5)
    assert words == "about 40 in 100 of your chances to win: from likely winning to an even game"
    assert cost_words(0.3, 0.25) == "about 5 in 100 of your chances to win (still behind)"
    assert [chance_words(p) for p in (0.95, 0.7, 0.5, 0.3, 0.05)] == [
        "likely winning",
        "ahead",
        "an even game",
        "behind",
        "likely losing",
    ]


def test_a_script_gets_the_costliest_moves_of_a_record() -> None:
    game = get_game("hextris")
    plies, judgements = judged("hextris")
    states = [state for state, _ in plies]
    record = Record("hextris", 2, game.to_text(states[0]), tuple(game.move_text(s, m) for s, m in plies))
    assert costliest(record, SEAT, seed=SEED) == pick(judgements)


@pytest.mark.slow
def test_the_readme_coach_example_runs_and_prints_what_it_says(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parent.parent
    code = (root / "README.md").read_text().split("```python\n")[2].split("```", 1)[0]
    assert "coach.costliest(record, seat=1)" in code
    said = code.strip().splitlines()[-1].removeprefix("# ")
    cwd = os.getcwd()
    os.chdir(root)
    try:
        exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    assert capsys.readouterr().out.splitlines()[0] == said


# ---------------------------------------------------------------- at the table


class Clock:
    """A clock that moves on a millisecond each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def finished_table(seats: list[Seat], clock: Clock | None = None) -> Table:
    """A Hextris table played to its end, the people's moves by an easy bot."""
    table = Table("hextris", seats, seed=4, clock=clock or Clock())
    stand_in = make_bot("easy", 9)
    while not table.game.is_over(table.state):
        if table.human_to_move:
            table.play(stand_in.choose(table.game, table.game.view(table.state, table.seat_to_move)))
        else:
            table.play_bots()
    return table


JUDGED = 6
"""How many of the person's positions the table's test judges."""


@pytest.mark.slow
def test_the_table_coaches_in_slices_and_lists_the_costliest_moves() -> None:
    table = finished_table([Seat("bot", "medium"), Seat("human")])
    view = table.view()
    assert view["coach"]["state"] == "offered" and view["coach"]["button"] == "Learn from your mistakes"
    assert not view["state"]["thinking"]
    view = table.handle({"type": "command", "name": "coach"})
    assert view["coach"]["state"] == "thinking" and view["state"]["thinking"]
    assert table.coach is not None and table.coach.total > JUDGED
    assert view["coach"]["text"] == (
        f"The hard bot is taking a quick look at each of your moves: 0 of {table.coach.total}…"
    )
    table.coach.positions = table.coach.positions[:JUDGED]  # (the first ones: a shorter test)
    total = JUDGED
    shown, slices, generation = [], 0, table.generation
    while True:
        wait = table.advance(0.005)
        slices += 1
        if table.generation != generation:  # a change the page shows
            generation = table.generation
            shown.append(table.view()["coach"])
        if wait is None:
            break
    assert slices > 10 * total, "each slice thinks for a few milliseconds at most"
    states = [each["state"] for each in shown]
    assert states[-1] == "done" and "refining" in states
    assert states == sorted(states, key=["thinking", "refining", "done"].index), "the list comes, then stays"
    thinking = [each for each in shown if each["state"] == "thinking"]
    assert thinking and [each["done"] for each in thinking] == sorted(each["done"] for each in thinking)
    closer = "The hard bot is now looking closely at the 3 moves its quick look rated worst: "
    assert any(each["text"].startswith(closer) for each in thinking)
    assert len(shown) < 60, "the progress alone is shown a few times a second, not at every step"
    view = table.view()
    assert not view["state"]["thinking"] and view["coach"]["state"] == "done"
    plies = [(ply.before, ply.move) for ply in table.history.plies]
    coach = Coach(table.game, plies, 1, seed=table.runner.seed)
    coach.positions = coach.positions[:JUDGED]
    closely = {each.ply: each for each in run(coach)}
    expected = pick(list(closely.values()))
    refining = [each for each in shown if each["state"] == "refining"]
    for each in refining:
        assert each["progress"] == (
            f"The hard bot is still looking closely at your other moves: {each['done']} of {total} done. "
            "The list may change if it finds a costlier one."
        )
        assert each["text"].startswith(("None of the moves the hard bot has looked at", "So far only "))
        for listed in each["moves"]:  # every move listed while it thinks: the close look's, as at the end
            assert listed["better_text"] == closely[listed["move"]].better_text
            assert listed["cost"] == closely[listed["move"]].words()
    moves = view["coach"]["moves"]
    assert [m["number"] for m in moves] == [each.number for each in expected] and moves
    for shown_move, each in zip(moves, expected, strict=True):
        assert shown_move["move"] == each.ply and shown_move["better_text"] == each.better_text
        assert shown_move["turn"] == each.turn and shown_move["cost"] == each.words()
        assert (
            shown_move["said"]
            == f"On turn {each.turn} you {shown_move['played']}; the hard bot would {shown_move['better']}."
        )
    told = {1: "Only one move of yours cost you anything", 2: "Only 2 moves of yours cost you anything"}
    assert view["coach"]["text"].startswith(told.get(len(moves), "The three moves that cost you most"))
    # Undo takes the game back: the coach's answer goes with it.
    view = table.handle({"type": "command", "name": "undo"})
    assert view["coach"] is None


SAID = re.compile(r"On turn (\d+)( in round \d+)? you ([a-z][^;]*); the hard bot would ([a-z][^;]*)\.")
"""A coached move, said: the turn as players count it, the move played and the bot's, in words."""


@pytest.mark.parametrize("name", list(SETTINGS))
def test_a_coached_move_is_said_in_a_sentence_with_the_turn_players_count(name: str) -> None:
    """Not "Move 413: you played Fire played 2-1 on the 1": the turn a
    player counts (a roll and its moves one turn), and each move as a verb
    phrase after "you" and "the hard bot would", no player named twice and
    no move text in the sentence."""
    table = Table(name, [Seat("bot", "easy"), Seat("human")], seed=3, clock=Clock())
    stand_in = make_bot("easy", 9)
    game = table.game
    while (
        len(table.history.plies) < 80 and not game.is_over(table.state) and not game.round_over(table.state)
    ):
        if table.human_to_move:
            table.play(stand_in.choose(game, game.view(table.state, table.seat_to_move)))
        else:
            table.play_bots()
    plies = [(ply.before, ply.move) for ply in table.history.plies]
    table.coach = Coach(game, plies, SEAT)
    turns = turn_numbers([game.current_player(state) for state, _ in plies])
    chosen = [
        (ply, state, move)
        for ply, (state, move) in enumerate(plies)
        if game.current_player(state) == SEAT and len(game.legal_moves(game.view(state, SEAT))) > 1
    ]
    assert len(chosen) >= 3
    for ply, state, move in chosen[-3:]:
        view = game.view(state, SEAT)
        other = next(each for each in game.legal_moves(view) if each != move)
        texts = game.move_text(view, move), game.move_text(view, other)
        shown = coach_mode.entry(table, Judgement(ply, turns[ply], move, other, *texts, 0.3, 0.6))
        said = SAID.fullmatch(shown["said"])
        assert said, shown["said"]
        assert int(said[1]) == shown["turn"] == turns[ply] and shown["number"] == ply + 1
        in_rounds = bool(table.presenter.round_words(view))
        assert bool(said[2]) == in_rounds, "a game in rounds names the round"
        assert (said[3], said[4]) == (shown["played"], shown["better"])
        presenter = table.presenter
        assert not said[3].startswith(presenter.player_name(view, SEAT)), "no player named after 'you'"
        assert texts[0] not in shown["said"] and texts[1] not in shown["said"], "words, not move text"
    if name == "pach-ice-i":
        assert turns[chosen[-1][0]] * 2 < chosen[-1][0], "rolls and each piece's move are not turns"


def test_the_coach_is_offered_only_after_a_game_of_one_person_against_bots() -> None:
    people = finished_table([Seat("human"), Seat("human")])
    assert people.view()["coach"] is None
    view = people.handle({"type": "command", "name": "coach"})
    assert view["message"]["text"] == "The coach looks at a finished game of one person against bots"
    assert finished_table([Seat("bot", "easy"), Seat("bot", "medium")]).view()["coach"] is None
    going = Table("hextris", [Seat("human"), Seat("bot", "easy")], seed=1)
    assert going.view()["coach"] is None
    assert going.handle({"type": "command", "name": "coach"})["message"]["kind"] == "error"


def test_fewer_than_three_costly_moves_are_said_in_words() -> None:
    table = finished_table([Seat("bot", "medium"), Seat("human")])
    table.handle({"type": "command", "name": "coach"})
    coach = table.coach
    assert coach is not None
    coach.positions = coach.positions[:1]  # one move of the person's left to judge
    table.play_bots()
    shown = table.view()["coach"]
    (judged,) = coach.judgements
    if judged.costly:
        assert shown["text"].startswith("Only one move of yours cost you anything")
        assert len(shown["moves"]) == 1
    else:
        assert shown["text"].startswith(("The hard bot agrees", "The hard bot would have played"))
        assert shown["moves"] == []


SENTENCE = re.compile(r"[A-Z][^.…]*(?:[.…]|: \d+ of \d+…)( [A-Z][^.…]*[.…])*")
"""Whole sentences, each from a capital to its full stop (or to "…", a count before it)."""


def test_a_listed_move_is_looked_at_and_tried_while_the_coach_judges_the_rest() -> None:
    """The list is shown before the coach is done: a move of it can be
    looked at, both moves marked, and played on from, which ends the
    coach's work with the game it judged; its words are whole sentences."""
    table = finished_table([Seat("bot", "medium"), Seat("human")])
    table.handle({"type": "command", "name": "coach"})
    coach = table.coach
    assert coach is not None
    said = set()
    while True:
        assert table.advance(0.01) is not None
        if coach.ready:
            break
        shown = table.view()["coach"]
        assert shown["state"] == "thinking" and not shown.get("moves")
        assert coach_mode.listed(table, 0) is None
        said.add(shown["text"])
    quick = "The hard bot is taking a quick look at each of your moves: "
    assert any(text.startswith(quick) for text in said)
    assert "The hard bot is now looking closely at the 3 moves its quick look rated worst: 2 of 3…" in said
    shown = table.view()["coach"]
    assert shown["state"] == "refining" and table.view()["state"]["thinking"]
    assert coach.done < coach.total, "the rest still to judge"
    for text in (*said, shown["text"], shown["progress"]):
        assert SENTENCE.fullmatch(text), text
    assert shown["moves"], "this game's first three close looks find a costly move"
    listed = shown["moves"][0]["move"]
    look = coach_mode.coached_look(table, listed)
    assert look is not None and look[1]["yours"] and look[1]["better"]
    view = table.handle({"type": "coach-try", "move": listed})
    assert view["message"]["kind"] == "hint" and view["coach"] is None
    assert table.runner.coaching is None and table.coach is None, "the coach's work ends with its game"
    assert table.advance(0.01) is None
