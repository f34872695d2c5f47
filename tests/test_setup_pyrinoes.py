"""Pyrinoes' set-up of positions by hand (iriri_core/games/pyrinoes/setup.py):
what its taps and fields make, beyond what tests/test_setup.py asks of every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from iriri_core import Seat, Table
from iriri_core.games.pyrinoes.rules import new_match
from iriri_core.games.pyrinoes.setup import PyrinoesSetup
from iriri_core.games.pyrinoes.state import ALL_DOMINOES, Domino, PyrinoesState, full_supply
from iriri_core.pictures.finger import tap_areas
from iriri_core.pieces import Pyramid
from iriri_core.presenter import Seen
from iriri_core.setup.editor import Editor
from iriri_core.setup.rules import REMOVE


def editor(start: str = "empty") -> Editor:
    table = Table("pyrinoes", [Seat("human"), Seat("human")])
    return Editor.open(table.game, table.presenter, table.state, start)


def taps(made: Editor, *steps: tuple[str, str]) -> Editor:
    """``made`` after each (tool, target) tap, none of them refused."""
    for tool, target in steps:
        made.act({"do": "tool", "tool": tool})
        made.act({"do": "tap", "target": target})
        assert made.message == "", (tool, target, made.message)
    return made


def line_of(made: Editor) -> list[str]:
    state: PyrinoesState = made.state
    return [str(item) for item in state.line]


def test_the_empty_board_is_the_first_round_about_to_be_dealt_and_keeps_the_target() -> None:
    state = PyrinoesSetup().empty(new_match(target=50))
    assert (state.round, state.target, state.first, state.to_move) == (1, 50, 0, 0)
    assert state.boneyard == ALL_DOMINOES and state.line == () and state.hands == ((), ())
    assert state.supply == (full_supply(0), full_supply(1)) and state.greens == (3, 3, 3)
    made = editor()
    assert made.problem is None and made.line.startswith("pyrinoes:-:-:-:-:-:rest:")


def test_a_position_set_up_is_the_one_its_line_reads_supplies_and_greens_included() -> None:
    made = taps(editor(), ("5-3", "end:right"), ("R3", "end:right"), ("G1", "end:right"), ("B3", "hand:ice"))
    taps(made, ("K2", "hand:ice"), ("6-6", "hand:fire"))
    assert made.problem is None, made.problem
    assert made.state == made.game.from_text(made.line)
    assert made.state.supply[0].count(Pyramid("red", 3)) == 2 and made.state.greens == (2, 3, 3)
    assert [str(t) for t in made.state.pyrinoes[1]] == ["B3+K2"]


def test_a_domino_moves_between_hands_and_the_boneyard_but_not_out_of_the_line() -> None:
    made = taps(editor(), ("4-4", "end:left"), ("6-2", "hand:fire"), ("6-2", "hand:ice"))
    assert made.state.hands == ((), (Domino(6, 2),))
    taps(made, ("6-2", "boneyard"))
    assert (
        made.state.hands == ((), ())
        and Domino(6, 2) in made.state.boneyard
        and len(made.state.boneyard) == 27
    )
    line, state = made.line, made.state
    made.act({"do": "tool", "tool": "4-4"})
    made.act({"do": "tap", "target": "hand:ice"})
    assert made.message == "the 4-4 is in the line of play: take it off the end of the line with Remove first"
    assert made.state == state and made.line == line


def test_a_domino_put_at_an_end_is_turned_to_match_it() -> None:
    made = taps(editor(), ("5-5", "end:right"), ("5-3", "end:left"), ("6-3", "end:left"))
    assert line_of(made) == ["6-3", "3-5", "5-5"]
    taps(made, ("5-1", "end:right"), ("1-0", "end:right"))
    assert line_of(made) == ["6-3", "3-5", "5-5", "5-1", "1-0"] and made.problem is None
    taps(made, ("4-2", "end:right"))
    assert "1-0 and 4-2 do not match (0 and 4)" in str(made.problem)


def test_pyramids_build_a_pyrino_in_a_hand_and_remove_takes_them_back_one_at_a_time() -> None:
    made = taps(editor(), ("6-6", "end:right"), ("Y2", "hand:fire"), ("Y1", "hand:fire"), ("R3", "hand:fire"))
    assert [str(t) for t in made.state.pyrinoes[0]] == ["R3+Y2Y1"] and made.problem is None
    assert made.state.supply[0].count(Pyramid("yellow", 1)) == 2
    taps(made, ("G3", "hand:fire"))
    assert [str(t) for t in made.state.pyrinoes[0]] == ["R3+Y2Y1", "G3+"]
    assert made.state.greens == (3, 3, 2) and "has one end" in str(made.problem)
    seen = []
    for _ in range(4):
        taps(made, (REMOVE.id, "hand:fire"))
        seen.append([str(t) for t in made.state.pyrinoes[0]])
    assert seen == [["R3+Y2Y1"], ["R3+Y2"], ["R3+"], []]
    assert made.state.supply[0] == full_supply(0) and made.state.greens == (3, 3, 3)
    made.act({"do": "tap", "target": "hand:fire"})
    assert made.message == "Fire's hand is empty: there is nothing to take out"


def test_a_pyrino_is_built_at_an_end_of_the_line_its_first_pyramid_touching_the_line() -> None:
    made = taps(editor(), ("5-3", "end:right"), ("R3", "end:right"), ("G1", "end:right"))
    taps(made, ("R3", "end:left"), ("R2", "end:left"), ("Y1", "end:left"))
    assert line_of(made) == ["Y1+R3R2", "5-3", "R3+G1"]
    assert made.problem is None and made.state == made.game.from_text(made.line)
    assert made.line.startswith("pyrinoes:Y1-R3R2,5-3,R3-G1:")
    taps(made, (REMOVE.id, "end:left"), (REMOVE.id, "end:right"))
    assert line_of(made) == ["+R3R2", "5-3", "R3+"]
    assert "has one end" in str(made.problem)
    taps(made, (REMOVE.id, "end:left"), (REMOVE.id, "end:left"), (REMOVE.id, "end:right"))
    assert line_of(made) == ["5-3"] and made.problem is None


def test_the_spectators_table_has_the_set_ups_places_a_fingers_width_and_inside_it() -> None:
    for steps in ((), (("5-3", "end:right"), ("6-6", "hand:fire"))):
        made = taps(editor(), *steps)
        for size in ((640.0, 480.0), (390.0, 520.0), (372.0, 392.0), (500.0, 300.0)):
            seen = made.seen(size, 44.0, ("Fire", "Ice"))
            scene = made.presenter.panel(seen, made.presenter.new_draft())["scene"]
            areas = tap_areas(scene)
            assert {"hand:fire", "hand:ice", "end:left", "end:right", "boneyard"} <= set(areas), sorted(areas)
            for target in ("hand:fire", "hand:ice", "end:left", "end:right"):
                x, y, w, h = areas[target]
                assert min(w, h) >= 44, (target, size, areas[target])
                assert x >= 0 and y >= 0 and x + w <= scene.width + 0.5 and y + h <= scene.height + 0.5


def test_a_players_own_table_has_no_set_up_places() -> None:
    made = taps(editor(), ("5-3", "end:right"), ("6-6", "hand:fire"), ("2-2", "hand:ice"))
    for viewer in (0, 1):
        seen = Seen(made.game, made.state, viewer, False, (), ("Fire", "Ice"), (), (640.0, 480.0))
        targets = made.presenter.panel(seen, made.presenter.new_draft())["scene"].targets()
        assert not {t for t in targets if t.startswith("hand:")}, targets
    empty = editor("start")
    seen = Seen(empty.game, empty.state, 0, False, (), ("Fire", "Ice"), (), (640.0, 480.0))
    assert "end:left" not in empty.presenter.panel(seen, empty.presenter.new_draft())["scene"].targets()


def test_the_fields_show_the_position_and_take_their_own_values_back() -> None:
    made = taps(editor(), ("5-5", "end:right"), ("6-5", "end:left"), ("R3", "hand:fire"), ("G2", "hand:fire"))
    taps(made, ("3-3", "hand:ice"), ("K3", "end:right"), ("K2", "end:right"), ("B1", "end:right"))
    for field, value in (("round", "3"), ("score_fire", "41"), ("target", "150"), ("to_move", "ice")):
        made.act({"do": "field", "field": field, "value": value})
        assert made.message == ""
    assert made.problem is None, made.problem
    fields = {f.id: f for f in made.rules.fields(made.state)}
    assert fields["line"].value == "6-5 5-5 K3K2+B1" and fields["pyrinoes_fire"].value == "R3+G2"
    assert fields["hand_ice"].value == "3-3" and fields["hand_fire"].value == "-"
    assert (fields["round"].value, fields["score_fire"].value, fields["target"].value) == ("3", "41", "150")
    state = made.state
    for field in fields.values():
        assert made.rules.set(state, field.id, field.value) == state, field.id
        assert field.label and (field.choices or field.help), field.id


def test_typed_fields_set_the_hands_pyrinoes_and_line() -> None:
    made = editor()
    for field, value in (
        ("line", "6-5, 5-5 R3R2-G2"),
        ("hand_fire", "6-6 4-1"),
        ("hand_ice", "3-1,2-0"),
        ("pyrinoes_ice", "B3+K1"),
    ):
        made.act({"do": "field", "field": field, "value": value})
        assert made.message == "", (field, made.message)
    assert made.problem is None, made.problem
    assert line_of(made) == ["6-5", "5-5", "R3R2+G2"] and made.state.greens == (3, 2, 3)
    assert len(made.state.boneyard) == 28 - 6
    made.act({"do": "field", "field": "line", "value": "-"})
    assert "line: - only while the round is dealt" in str(made.problem)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("hand_fire", "6-6 7-1", "'7-1' is not a domino"),
        ("pyrinoes_fire", "R3+Y1+B1", "is not a pyrino"),
        ("line", "6-5 X", "the line of play"),
        ("round", "two", "the round is a whole number"),
        ("score_ice", "-3", "a score is a whole number"),
        ("to_move", "water", "is not a value"),
        ("ended", "fire-gave-up", "is not a value"),
    ],
)
def test_a_field_it_cannot_read_is_refused_in_words_and_changes_nothing(
    field: str, value: str, words: str
) -> None:
    made = taps(editor(), ("5-5", "end:right"))
    state, line = made.state, made.line
    made.act({"do": "field", "field": field, "value": value})
    assert words in made.message and made.state == state and made.line == line


def test_ending_the_round_makes_its_player_the_one_to_move() -> None:
    made = taps(editor(), ("5-5", "end:right"), ("6-6", "hand:fire"))
    made.act({"do": "field", "field": "ended", "value": "ice-two-passes"})
    assert (made.state.ending, made.state.ender, made.state.to_move, made.state.passes) == (
        "two-passes",
        1,
        1,
        2,
    )
    assert made.problem is None, made.problem
    made.act({"do": "field", "field": "ended", "value": "-"})
    assert (made.state.ending, made.state.passes) == (None, 1)


def test_taps_anywhere_with_any_tool_are_drawn_and_a_position_accepted_is_the_readers() -> None:
    """A random walk of taps and fields: nothing but the set-up's own refusals,
    every position drawn, and every one the reader takes is the one it reads."""
    rng = random.Random(38)
    made = editor()
    tools = [tool.id for tool in made.rules.tools(made.state)]
    targets = ["end:left", "end:right", "hand:fire", "hand:ice", "boneyard", "supply:G1"]
    accepted = 0
    for step in range(600):
        event: dict[str, Any]
        if step % 12 == 0:
            event = {"do": "start", "from": "empty"}
        elif rng.random() < 0.1:
            field = rng.choice(made.rules.fields(made.state))
            value = (
                rng.choice([c for c, _ in field.choices]) if field.choices else rng.choice(["2", "-", "x"])
            )
            event = {"do": "field", "field": field.id, "value": value}
        else:
            made.act({"do": "tool", "tool": rng.choice(tools)})
            event = {"do": "tap", "target": rng.choice(targets)}
        made.act(event)
        made.view((390.0, 520.0), 44.0, ("Fire", "Ice"))
        if made.problem is None:
            accepted += 1
            assert made.state == made.game.from_text(made.line), made.line
    assert accepted > 20


NOTATION_EXAMPLE = (
    "pyrinoes:G2-R3R2,5-5,5-0,0-3,3-1:6-5,6-2,6-0,5-1,4-4,4-2,2-2,1-0:6-4,6-1,5-4,5-3,3-2,2-1,1-1:-:B3-K1"
    ":rest:ice:ice:no:0:-:1:0,0:100:-"
)
"""The position docs/notation.md writes in one line ("Pyrinoes", "One line")."""


def test_the_notations_example_is_set_up_by_taps_or_by_typing() -> None:
    """By taps: the line from its right end, the pyrino at its left a pyramid
    at a time, each domino of the hands, ice's pyrino, then whose turn and who
    played first (50 changes: 24 taps on the table, 24 on the palette, 2
    fields); typed: six fields."""
    made = editor()
    steps: list[tuple[str, str]] = [(d, "end:right") for d in ("5-5", "5-0", "3-0", "3-1")]
    steps += [(p, "end:left") for p in ("R3", "R2", "G2")]
    steps += [(d, "hand:fire") for d in ["6-5", "6-2", "6-0", "5-1", "4-4", "4-2", "2-2", "1-0"]]
    steps += [(d, "hand:ice") for d in ["6-4", "6-1", "5-4", "5-3", "3-2", "2-1", "1-1"]]
    steps += [("B3", "hand:ice"), ("K1", "hand:ice")]
    taps(made, *steps)
    for field in ("to_move", "first"):
        made.act({"do": "field", "field": field, "value": "ice"})
    assert made.problem is None and made.line == NOTATION_EXAMPLE
    typed = editor()
    for field, value in (
        ("line", "G2+R3R2 5-5 5-0 0-3 3-1"),
        ("hand_fire", "6-5 6-2 6-0 5-1 4-4 4-2 2-2 1-0"),
        ("hand_ice", "6-4 6-1 5-4 5-3 3-2 2-1 1-1"),
        ("pyrinoes_ice", "B3+K1"),
        ("to_move", "ice"),
        ("first", "ice"),
    ):
        typed.act({"do": "field", "field": field, "value": value})
    assert typed.problem is None and typed.line == NOTATION_EXAMPLE and typed.state == made.state
