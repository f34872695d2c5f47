"""Iriri's set-up of positions by hand (iriri_core/games/iriri/setup.py): the
empty board holds every piece in the ring, a tap never makes or loses a
piece, the ring is put in any order by taps, the fields say what the line
holds, and the set-up's targets change nothing drawn."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from iriri_core import Seat, Table
from iriri_core.engine import SPECTATOR
from iriri_core.games.iriri import IririGame, IririState, Pyramid
from iriri_core.games.iriri.rules import deal, piece_counts_ok
from iriri_core.games.iriri.setup import IririSetup
from iriri_core.presenter import Seen
from iriri_core.setup.editor import Editor
from iriri_core.setup.rules import REMOVE, SetupError

GAME = IririGame()
RULES = IririSetup()
Y1, Y2, Y3, B1, B2, B3 = (Pyramid(c, s) for c in ("yellow", "blue") for s in (1, 2, 3))


def empty(players: int = 2) -> IririState:
    return RULES.empty(GAME.new_game(players, seed=3))


def problem(state: IririState) -> str | None:
    """The reader's verdict on ``state``, as the editor asks it."""
    try:
        GAME.from_text(GAME.to_line(state))
    except ValueError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_empty_board_has_every_piece_in_the_ring_and_can_happen(players: int) -> None:
    state = empty(players)
    assert state.board == () and state.hands == ((),) * players and state.scores == (0.0,) * players
    assert len(state.dictionary) == 15 * players
    assert state.dictionary[:6] == (Y1,) * 5 + (Y2,)  # like pieces side by side, player 1's first
    assert problem(state) is None


def test_a_piece_put_on_a_cell_comes_out_of_the_ring_and_goes_back_beside_its_kind() -> None:
    state = RULES.put(empty(), "Y2", "cell:0,0")
    assert state.grid == {(0, 0): Y2} and state.dictionary.count(Y2) == 4
    covered = RULES.put(state, "B3", "cell:0,0")  # the Y2 goes back, a B3 comes out
    assert covered.grid == {(0, 0): B3}
    assert covered.dictionary.count(Y2) == 5 and covered.dictionary.count(B3) == 4
    assert RULES.put(covered, REMOVE.id, "cell:0,0") == empty()
    assert RULES.put(empty(), REMOVE.id, "cell:1,1") == empty()


def test_taps_never_make_or_lose_a_piece() -> None:
    pick = random.Random(7)
    state = empty()
    tools = [tool.id for tool in RULES.tools(state)]
    for _ in range(300):
        cells = [(0, 0), *state.grid]
        x, y = pick.choice(cells)
        target = pick.choice(
            [
                f"cell:{x + pick.randint(-1, 1)},{y + pick.randint(-1, 1)}",
                f"hand:{pick.randint(0, 1)}:{pick.randint(0, 2)}",
            ]
        )
        tool = pick.choice(tools)
        if tool != REMOVE.id and Pyramid.parse(tool) not in state.dictionary:
            continue  # none of its kind left in the ring: the reader would count one too many
        state = RULES.put(state, tool, target)
        assert piece_counts_ok(state) is None, (tool, target, GAME.to_line(state))
    assert state.board and any(state.hands)


def test_the_ring_is_put_in_any_order_by_tapping_it_from_position_1_on() -> None:
    dealt = deal(("yellow", "blue"), seed=1)
    made = RULES.set(RULES.set(empty(), "hand1", "Y1Y2Y3"), "hand2", "B1B2B3")
    for place, piece in enumerate(dealt.dictionary):
        made = RULES.put(made, str(piece), f"ring:{place}")
    assert made == dealt


def test_a_ring_tap_swaps_with_the_next_of_its_kind_or_adds_one() -> None:
    ring = (Y1, B1, Y2, B1, Y3)
    state = replace(empty(), dictionary=ring)
    assert RULES.put(state, "B1", "ring:2").dictionary == (Y1, B1, B1, Y2, Y3)  # the next B1 clockwise
    assert RULES.put(state, "B1", "ring:4").dictionary == (Y1, Y3, Y2, B1, B1)  # round past the top
    assert RULES.put(state, "B1", "ring:1") == state
    assert RULES.put(state, "B3", "ring:1").dictionary == (Y1, B3, B1, Y2, B1, Y3)  # none in the ring: added
    assert RULES.put(state, REMOVE.id, "ring:0").dictionary == (B1, Y2, B1, Y3)
    bare = replace(state, dictionary=())
    assert RULES.put(bare, "Y3", "ring:0").dictionary == (Y3,)
    for target in ("ring:5x", "ring:-1", "ring:6"):
        with pytest.raises(SetupError, match="not a place of the ring"):
            RULES.put(state, "Y1", target)


def test_a_hand_takes_its_pieces_from_the_ring_and_keeps_them_smallest_first() -> None:
    state = RULES.put(empty(), "B3", "hand:1:0")
    state = RULES.put(state, "B1", "hand:1:2")
    assert state.hands == ((), (B1, B3)) and len(state.dictionary) == 28
    state = RULES.put(state, "B2", "hand:1:1")  # the B3 (second, smallest first) gives way
    assert state.hands == ((), (B1, B2)) and state.dictionary.count(B3) == 5
    assert RULES.put(RULES.put(state, REMOVE.id, "hand:1:0"), REMOVE.id, "hand:1:0") == empty()
    for target in ("hand:2:0", "hand:0:3", "hand:x:0"):
        with pytest.raises(SetupError):
            RULES.put(state, "Y1", target)


def test_a_hand_field_moves_pieces_to_and_from_the_ring() -> None:
    state = RULES.set(empty(), "hand2", "B1B1B3")
    assert state.hands[1] == (B1, B1, B3) and state.dictionary.count(B1) == 3
    state = RULES.set(state, "hand2", "B3 B2")
    assert state.hands[1] == (B2, B3) and state.dictionary.count(B1) == 5
    assert RULES.set(state, "hand2", "-") == empty()
    field = {f.id: f for f in RULES.fields(state)}["hand2"]
    assert field.value == "B2B3" and len(field.choices) == 20 and ("-", "empty") in field.choices
    assert ("B1B2B3", "B1 B2 B3 (small, medium, large)") in field.choices
    odd = RULES.set(state, "hand2", "Y1")  # another colour: set, and the reader says why it cannot be
    assert {f.id: f for f in RULES.fields(odd)}["hand2"].choices[0] == ("Y1", "Y1")
    assert "hand 2 may only hold blue pieces" in (problem(odd) or "")
    with pytest.raises(SetupError, match="'B4' is not a piece"):
        RULES.set(state, "hand2", "B4")


def test_fields_refuse_what_they_cannot_hold_in_words() -> None:
    state = empty()
    for field, value, words in (
        ("score1", "six", "Yellow's score is a number, like 9 or 6.5"),
        ("score2", "-1", "Blue's score is a number"),
        ("ring", "Y1Q1", "is not a piece"),
        ("ring", "Y1,B1", "not a row of pieces"),
        ("to_move", "3", "is not a value for 'to_move'"),
        ("phase", "draw", "is not a value for 'phase'"),
        ("passes", "3", "is not a value for 'passes'"),
        ("score3", "1", "is not a value for 'score3'"),
    ):
        with pytest.raises(SetupError, match=words):
            RULES.set(state, field, value)
    half = RULES.set(state, "score2", "9.3")  # held, and refused by the reader in its words
    assert "must be a whole or half number" in (problem(half) or "")
    typed = RULES.set(state, "ring", "Y1 B2")
    assert typed.dictionary == (Y1, B2) and "there are" in (problem(typed) or "")
    assert RULES.set(typed, "ring", "-").dictionary == ()


def test_taps_far_from_the_pieces_or_on_nothing_are_refused() -> None:
    state = RULES.put(empty(), "Y1", "cell:0,0")
    assert RULES.put(state, "Y1", "cell:3,-3").grid[(3, -3)] == Y1
    for target, words in (
        ("cell:4,0", "off the board as drawn"),
        ("cell:0,999999", "off the board as drawn"),
        ("cell:1", "not a cell of the board"),
        ("spot:c3", "tap a cell of the board, a place in a hand or a piece of the ring"),
    ):
        with pytest.raises(SetupError, match=words):
            RULES.put(state, "Y1", target)
    with pytest.raises(SetupError, match="not a player's piece"):
        RULES.put(state, "R1", "cell:1,0")


def scene_of(state: IririState, setting_up: bool, acting: bool = False, least: float = 0.0) -> dict[str, Any]:
    table = Table("iriri", [Seat("human"), Seat("human")])
    seen = Seen(
        game=GAME,
        state=state,
        viewer=state.to_move if acting else SPECTATOR,
        acting=acting,
        legal=tuple(GAME.legal_moves(state)) if acting else (),
        names=("Yellow", "Blue"),
        plies=(),
        size=(390.0, 844.0) if least else (900.0, 560.0),
        least=least,
        setting_up=setting_up,
    )
    json: dict[str, Any] = table.presenter.panel(seen, table.presenter.new_draft())["scene"].to_json()
    return json


def without_targets(scene: dict[str, Any]) -> list[dict[str, Any]]:
    """What is drawn, each shape without its target; transparent shapes left out."""
    return [
        {k: v for k, v in shape.items() if k != "target"}
        for shape in scene["shapes"]
        if shape.get("alpha", 1) != 0
    ]


def targets(scene: dict[str, Any]) -> set[str]:
    return {shape["target"] for shape in scene["shapes"] if "target" in shape}


@pytest.mark.parametrize("least", [0.0, 44.0])
def test_the_set_up_draws_a_target_on_every_place_of_every_hand_and_nothing_else_changes(
    least: float,
) -> None:
    state = deal(("yellow", "blue"), seed=1)
    for move in ("Y1@0,0 Y2@1,0", "take Y2@7", "take Y1@10", "B1@0,1"):  # Blue takes after a word
        state = GAME.play(state, GAME.parse_move(state, move))
    played, setting = scene_of(state, False, least=least), scene_of(state, True, least=least)
    assert without_targets(played) == without_targets(setting)
    assert targets(setting) - targets(played) == {
        f"hand:{seat}:{place}" for seat in (0, 1) for place in (0, 1, 2)
    }
    assert not any(t.startswith("hand:") for t in targets(played))  # a spectator in play taps no hand
    acting = scene_of(state, False, acting=True, least=least)
    assert {t for t in targets(acting) if t.startswith("hand:")} == set()  # a take: no hand to tap
    laying = scene_of(GAME.play(state, GAME.parse_move(state, "take B1@14")), False, acting=True, least=least)
    assert {t for t in targets(laying) if t.startswith("hand:")} == {"hand:0:0", "hand:0:1", "hand:0:2"}


def test_an_empty_ring_has_a_first_place_to_tap_only_when_setting_up() -> None:
    state = replace(empty(), dictionary=())
    assert "ring:0" in targets(scene_of(state, True))
    assert not any(t.startswith("ring:") for t in targets(scene_of(state, False)))


def test_the_editor_sets_up_figure_3_of_the_rules_from_the_empty_board() -> None:
    """The position of the rules' figure 3 (docs/notation.md's example), from
    the empty board: two taps' worth of board, the hands, the ring typed."""
    table = Table("iriri", [Seat("human"), Seat("human")])
    editor = Editor.open(table.game, table.presenter, table.state, "empty")
    ring = "B3Y3B3B2B3B1Y3Y3Y2Y2Y1B2B2B1B3B1B1Y1Y3Y1B2Y2"
    for event in (
        {"do": "tool", "tool": "Y1"},
        {"do": "tap", "target": "cell:0,0"},
        {"do": "tool", "tool": "Y2"},
        {"do": "tap", "target": "cell:1,0"},
        {"do": "field", "field": "hand1", "value": "Y1Y2Y3"},
        {"do": "field", "field": "hand2", "value": "B1B2B3"},
        {"do": "field", "field": "ring", "value": ring},
        {"do": "field", "field": "to_move", "value": "2"},
        {"do": "field", "field": "score1", "value": "6.5"},
    ):
        editor.act(event)
        assert editor.message == "", (event, editor.message)
    assert editor.problem is None
    assert editor.line == f"iriri:Y1Y2@0,0:YB:2:place:0:6.5,0:Y1Y2Y3,B1B2B3:{ring}"
