"""Setting up a position by hand (issue 38; docs/setup.md), for every game
that has a set-up (:func:`iriri_core.presenter.setup_rules`): each game's
trial built from the empty board is a position that can happen, its moves
go on by the rules, each of its refusals is refused in the reader's words,
and what the set-up refuses keeps the position as it was."""

from __future__ import annotations

import random

import pytest

from iriri_core import Seat, Table
from iriri_core.learn.examples import example
from iriri_core.presenter import setup_rules, table_games
from iriri_core.setup.editor import Editor, step_event, taps
from iriri_core.setup.rules import REMOVE

GAMES = [name for name in table_games() if setup_rules(name) is not None]


def editor(game: str, start: str = "empty") -> Editor:
    table = Table(game, [Seat("human"), Seat("human")])
    return Editor.open(table.game, table.presenter, table.state, start)


def drawn_targets(made: Editor) -> set[str]:
    """The targets of the set-up's board as drawn for a 640x480 frame and a 390x844 phone."""
    found: set[str] = set()
    for size in ((640.0, 480.0), (390.0, 520.0)):
        shapes = made.view(size, 0.0, ("One", "Two"))["scene"]["shapes"]
        found |= {shape["target"] for shape in shapes if "target" in shape}
    return found


def built(game: str) -> Editor:
    """The editor after the game's trial is built, each step taken without a
    refusal, each tap on a target the board as drawn has."""
    made = editor(game)
    for step in made.rules.trial.build:
        if step[0] == "tap":
            assert step[1] in drawn_targets(made), step
        made.act(step_event(step))
        assert made.message == "", (step, made.message)
    return made


def test_the_games_have_a_set_up() -> None:
    assert {"iriri", "hextris", "pach-ice-i", "pyrinoes"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_trial_builds_a_position_that_can_happen_and_play_goes_on(game: str) -> None:
    made = built(game)
    assert made.problem is None, made.problem
    state = made.game.from_text(made.line)
    assert made.game.to_line(state) == made.line
    for text in made.rules.trial.moves:
        state = made.game.play(state, made.game.parse_move(state, text))
    assert made.game.legal_moves(state) or made.game.is_over(state) or made.game.chance_outcomes(state)


@pytest.mark.parametrize("game", GAMES)
def test_each_refusal_of_the_trial_is_said_in_words(game: str) -> None:
    refusals = built(game).rules.trial.refusals
    assert len(refusals) >= 2
    for refusal in refusals:
        made = built(game)
        for step in refusal.steps:
            made.act(step_event(step))
            assert made.message == "", (step, made.message)
        assert made.problem is not None and refusal.words in made.problem, (refusal.words, made.problem)


@pytest.mark.parametrize("game", GAMES)
def test_the_line_read_back_gives_the_same_position(game: str) -> None:
    made = built(game)
    again = editor(game)
    again.act({"do": "line", "line": made.line})
    assert again.message == "" and again.line == made.line and again.state == made.game.from_text(made.line)


@pytest.mark.parametrize("game", GAMES)
def test_what_the_set_up_refuses_keeps_the_position(game: str) -> None:
    made = built(game)
    line, state = made.line, made.state
    for change in (
        {"do": "tap", "target": "nowhere:at-all"},
        {"do": "tap", "target": None},
        {"do": "field", "field": "no-such-field", "value": "1"},
        {"do": "line", "line": f"{game}:this:is:not:a:line"},
        {"do": "line", "line": "hextris" if game != "hextris" else "iriri"},
        {"do": "start", "from": "nowhere"},
        {"do": "unheard-of"},
        {"do": "tool", "tool": "no such tool"},
    ):
        made.act(change)
        assert made.message, change
        assert made.state == state and made.line == line, change


@pytest.mark.parametrize("game", GAMES)
def test_remove_takes_the_trial_back_to_the_empty_board(game: str) -> None:
    made = built(game)
    made.act({"do": "tool", "tool": REMOVE.id})
    for step in made.rules.trial.build:
        if step[0] == "tap":
            made.act(step_event(step))
            assert made.message == "", (step, made.message)
    fields_only = editor(game)
    for step in made.rules.trial.build:
        if step[0] == "field":
            fields_only.act(step_event(step))
    assert made.line == fields_only.line


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("start", ["empty", "start", "table"])
def test_every_start_can_be_drawn(game: str, start: str) -> None:
    made = editor(game, start)
    view = made.view((640.0, 480.0), 0.0, ("One", "Two"))
    assert view["scene"] and view["mirror"] and view["tools"][-1]["id"] == REMOVE.id
    assert all(tool["label"] and tool["short"] for tool in view["tools"])
    assert all(field["label"] for field in view["fields"])
    if start != "empty":
        assert made.problem is None, made.problem


@pytest.mark.parametrize("game", GAMES)
def test_each_designers_example_a_game_sets_up_gives_its_position_exactly(game: str) -> None:
    rules = editor(game).rules
    assert rules.examples, "every game sets up at least one of its designer's examples"
    for name, steps in rules.examples:
        found = example(name)
        assert found.game == game
        made = editor(game)
        cost = taps(made, steps)
        assert made.problem is None and made.line == found.position, (name, made.problem)
        assert cost.board == sum(step[0] == "tap" for step in steps)
        assert cost.palette <= sum(step[0] == "tool" for step in steps), (
            "a piece already in hand costs no press"
        )


@pytest.mark.parametrize("game", GAMES)
def test_random_and_hostile_changes_are_refused_with_words_never_an_exception(game: str) -> None:
    """Any tool, any target of the board drawn or none, any field with any text, any line:
    the set-up changes or says why not, never raises, and draws whatever it holds."""
    rng = random.Random(game)
    made = editor(game)
    tools = [tool.id for tool in made.rules.tools(made.state)] + ["", "Z9", "remove "]
    junk = ["", " ", "-", "x", "9" * 40, "1,2", "🙂", "\x00", "a" * 3000, made.line, made.line[:-3]]
    targets = sorted(drawn_targets(made))
    for step in range(250):
        if step % 25 == 0:  # (the board grows as pieces are put down)
            targets = sorted(drawn_targets(made))
        fields = made.rules.fields(made.state)
        roll = rng.random()
        if roll < 0.45:
            made.act({"do": "tool", "tool": rng.choice(tools)})
            made.act({"do": "tap", "target": rng.choice([*targets, "spot:z9", "cell:99999,0", ""])})
        elif roll < 0.8:
            field = rng.choice(fields)
            value = rng.choice([*(value for value, _ in field.choices), *junk])
            made.act({"do": "field", "field": field.id, "value": value})
        elif roll < 0.95:
            made.act({"do": "line", "line": rng.choice(junk)})
        else:
            made.act({"do": "start", "from": rng.choice(["empty", "start", "table", "?"])})
        assert made.problem is None or made.problem, "a problem is said in words"
        made.view((390.0, 520.0), 44.0, ("One", "Two"))
    assert made.message or made.line
