"""The table controller and the Iriri presenter: the user's journey in CPython."""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace
from functools import partial
from typing import Any

import pytest
from table_helpers import command, finish_hint, follow_hint, hint_rings, tap, target_at

from iriri_core import Record, Seat, Table
from iriri_core.bots import BOTS, SearchBot
from iriri_core.games.hextris import PERIMETER, spot_index, spot_name
from iriri_core.games.hextris.state import Slide
from iriri_core.games.iriri.state import Pass, Take
from iriri_core.pictures.scene import to_svg
from iriri_core.presenter import table_games
from iriri_core.site.links import Snapshot, parse_options
from iriri_core.table import views
from iriri_core.table.runner import Runner

HUMANS = [Seat("human"), Seat("human")]


def test_a_word_is_built_by_taps_previewed_and_confirmed() -> None:
    table = Table("iriri", HUMANS, seed=1)
    tap(table, "hand:0:0")
    view = tap(table, "cell:0,0")
    assert view["preview"]["valid"] is False
    assert "at least two pieces" in "".join(part["text"] for part in view["preview"]["parts"])
    assert not view["buttons"]["confirm"] and view["buttons"]["clear"]
    tap(table, "hand:0:1")
    view = tap(table, "cell:1,0")
    assert view["preview"] == {
        "text": "Y1@0,0 Y2@1,0",
        "valid": True,
        "parts": [
            {"text": "Words: ", "kind": ""},
            {"text": "Y1 Y2 ✓", "kind": "ok"},
            {"text": " · 6.5 points · ", "kind": ""},
            {"text": "Y1@0,0 Y2@1,0", "kind": "code", "title": "the move in move text"},
        ],
    }
    assert view["buttons"]["confirm"]
    view = command(table, "confirm")
    assert view["announce"] == "Yellow lays Y1 Y2 at 0,0 to 1,0 for 6.5"
    assert view["moves"] == [{"number": 1, "text": "Y1@0,0 Y2@1,0", "description": view["announce"]}]
    assert view["scores"][0]["cells"][0] == "6.5"
    assert "refill your hand: tap 2 more lit pieces of your colour in the ring" in view["status"]


def test_the_first_word_may_be_laid_anywhere_and_moves_to_the_origin() -> None:
    """Rules-notes decision 4: the first word starts at 0,0; on the table a
    person may lay it anywhere on the empty board, and it is moved there."""
    table = Table("iriri", HUMANS, seed=1)
    tap(table, "hand:0:0")
    tap(table, "cell:-1,2")
    tap(table, "hand:0:1")
    view = tap(table, "cell:-1,1")  # a column, upwards, off the origin
    assert view["preview"]["text"] == "Y2@0,0 Y1@0,1" and view["preview"]["valid"]
    assert view["buttons"]["confirm"]
    command(table, "confirm")
    assert table.moves == ["Y2@0,0 Y1@0,1"] and table.state.scores[0] == 6.5


def test_the_result_names_the_winners_first() -> None:
    table = Table("iriri", [Seat("human")] * 3, seed=1)
    ended = table.game.from_text(
        table.game.to_text(table.state)
        .replace("passes in a row: 0", "passes in a row: 3")
        .replace("scores: 0 0 0", "scores: 12 20.5 20.5")
    )
    table.start_from(ended)
    assert table.result_text() == "Blue and Red share the win with 20.5; Yellow 12"
    table.start_from(replace(ended, scores=(12.0, 20.5, 3.0)))
    assert table.result_text() == "Blue wins with 20.5; Yellow 12, Red 3"


def test_an_invalid_word_shows_why_and_nothing_is_lost() -> None:
    table = Table("iriri", HUMANS, seed=2)  # seed 2: no Y1 next to Y3 in the dictionary
    before = table.state
    tap(table, "hand:0:0")
    tap(table, "cell:0,0")
    tap(table, "hand:0:2")
    view = tap(table, "cell:1,0")
    assert [part for part in view["preview"]["parts"] if part["kind"] in ("ok", "no")] == [
        {"text": "Y1 Y3 ✗", "kind": "no"}
    ]
    assert not view["buttons"]["confirm"]
    view = command(table, "confirm")
    assert view["message"] == {"kind": "error", "text": "The word Y1 Y3 does not occur in the dictionary"}
    assert table.state == before and view["preview"]["text"] == "Y1@0,0 Y3@1,0"
    view = command(table, "clear")
    assert view["preview"] is None and table.state == before


def test_taps_in_the_wrong_place_say_so() -> None:
    table = Table("iriri", HUMANS, seed=1)
    assert "Blue's hand" in tap(table, "hand:1:0")["message"]["text"]
    assert "Pick a piece from your hand first" in tap(table, "cell:0,0")["message"]["text"]
    assert "after placing a word" in tap(table, "ring:3")["message"]["text"]
    assert "Nothing to do" in tap(table, "cell:x")["message"]["text"]
    assert tap(table, None)["message"] is None


def test_takes_are_taps_on_the_ring_and_the_last_of_a_type_is_refused() -> None:
    table = Table("iriri", HUMANS, seed=1)
    table.handle({"type": "move", "text": "Y1@0,0 Y2@1,0"})
    view = table.view()
    state = table.state
    takeable = [a["move"] for a in view["actions"]]
    assert takeable and all(m.startswith("take Y") for m in takeable)
    blue = next(i for i, p in enumerate(state.dictionary) if p.colour == "blue")
    assert "your own colour" in tap(table, f"ring:{blue}")["message"]["text"]
    first = next(m for m in table.game.legal_moves(state) if isinstance(m, Take))
    view = tap(table, f"ring:{first.index}")
    took = f"takes {first.piece} from position {first.index + 1}"
    turn = f"Yellow lays Y1 Y2 at 0,0 to 1,0 for 6.5, then {took}"
    assert view["last"] == view["announce"] == turn


def test_the_last_turn_is_one_line_told_the_same_to_the_live_region() -> None:
    """Issue 14: the line by the board says what the last turn did, chance's
    roll included; the live region says the same."""
    table = Table("hextris", HUMANS)
    assert table.view()["last"] == ""
    view = table.handle({"type": "move", "text": "L@c1"})
    assert view["last"] == view["announce"] == "Yellow drops a large on c1"
    view = table.handle({"type": "move", "text": "S@a1"})
    assert view["last"] == "Blue drops a small on a1"
    view = command(table, "undo")
    assert view["last"] == "Yellow drops a large on c1"
    assert view["announce"].startswith("Undone")


def test_the_view_tells_another_game_from_a_move() -> None:
    """``state.opened`` stays as moves are played, undone and redone, and
    changes whenever another game is put on the table (a new one, one loaded
    from a record, a switch to another game): the page tells a move played
    from a game opened by it (docs/page-events.md)."""
    table = Table("hextris", [Seat("human"), Seat("human")], seed=1)
    opened = table.view()["state"]["opened"]
    table.handle({"type": "move", "text": table.game.move_text(table.state, table.legal_moves()[0])})
    command(table, "undo")
    command(table, "redo")
    assert table.view()["state"]["opened"] == opened
    record = table.record().to_json()
    for event in (
        {"type": "new", "seats": [{"kind": "human"}, {"kind": "human"}]},
        {"type": "import", "text": record},
        {"type": "game", "name": "iriri"},
    ):
        view = table.handle(event)
        assert view["message"] is None and view["state"]["opened"] > opened, event
        opened = view["state"]["opened"]


@pytest.mark.parametrize("game", table_games())
def test_no_control_reads_as_undo_but_undo(game: str) -> None:
    """(Issue 14) "Take back" read as undo: the button that empties a move
    being put together says Clear, and only Undo undoes."""
    table = Table(game, [Seat("human"), Seat("human")], seed=3)
    table.play_bots()
    labels = [control["label"] for control in table.view()["controls"]]
    assert not [label for label in labels if "back" in label.lower() or "undo" in label.lower()], labels
    if game == "iriri":
        assert "Clear" in labels


def test_undo_and_redo_in_hot_seat_go_one_move_at_a_time() -> None:
    table = Table("iriri", HUMANS, seed=1)
    for text in ("Y1@0,0 Y2@1,0", "take Y2@7", "take Y1@10"):
        table.handle({"type": "move", "text": text})
    assert table.cursor == 3
    view = command(table, "undo")
    assert table.cursor == 2 and view["buttons"]["redo"] and len(view["moves"]) == 2
    command(table, "undo")
    command(table, "redo")
    view = command(table, "redo")
    assert table.cursor == 3 and not view["buttons"]["redo"]
    assert "nothing to redo" in command(table, "redo")["message"]["text"]
    command(table, "undo")
    table.handle({"type": "move", "text": "take Y3@8"})  # a new move drops the redo history
    assert len(table.states) == 4 and table.moves[-1] == "take Y3@8"


def test_undo_against_a_bot_returns_to_the_persons_last_decision() -> None:
    table = Table("iriri", [Seat("human"), Seat("bot", "greedy")], seed=1)
    for text in ("Y1@0,0 Y2@1,0", "take Y2@7", "take Y1@10"):
        table.handle({"type": "move", "text": text})
    table.play_bots()
    assert table.human_to_move and table.cursor > 3
    command(table, "undo")
    assert table.cursor == 2 and table.human_to_move
    command(table, "redo")
    assert table.cursor == len(table.states) - 1 and table.human_to_move


def test_bots_think_in_slices_and_never_during_a_persons_turn() -> None:
    ticks = iter(range(10**6))
    table = Table(
        "iriri", [Seat("bot", "greedy"), Seat("bot", "greedy")], seed=4, clock=lambda: float(next(ticks))
    )
    slices = 0
    while (wait := table.advance(budget=0.5)) is not None:
        assert wait == 0.0
        slices += 1
    assert table.game.is_over(table.state)
    assert slices > len(table.moves), "greedy must yield between evaluations"
    assert Record.from_json(table.record().to_json()).replay()[-1] == table.state
    assert table.view()["over"]["text"] == table.result_text()


def test_a_slice_stops_before_a_step_that_would_overrun_it() -> None:
    """A slice of thinking ends when the next step, as long as the longest
    so far, would take it past its budget: the page's tasks stay short
    (issue 14: no task over 50 ms)."""
    now = [0.0]
    steps = iter([0.008, 0.008, 0.008, 0.030, 0.002, 0.002])

    def thinking() -> Any:
        for step in steps:
            now[0] += step
            yield
        return "move"

    game = Table("hextris", [Seat("human"), Seat("human")]).game
    runner = Runner(game, [Seat("human"), Seat("human")], seed=1, chance_seed=1, clock=lambda: now[0])
    started = thinking()
    assert runner._slice(started, 0.020) == (False, None)
    assert now[0] == pytest.approx(0.016), "two steps of 8 ms: a third would end at 24 ms"
    assert runner._slice(started, 0.020) == (False, None)
    assert now[0] == pytest.approx(0.054), "a step is never cut: the 30 ms one runs, then the slice ends"
    assert runner._slice(started, 0.020) == (True, "move")


def test_a_bot_waits_for_its_pace() -> None:
    now = [100.0]
    table = Table("iriri", [Seat("bot", "random"), Seat("human")], seed=1, pace=1.0, clock=lambda: now[0])
    now[0] = 100.25
    assert table.advance() == 0.75 and table.cursor == 0
    now[0] = 101.5
    assert table.advance() == 0.0 and table.cursor == 1


def test_a_deal_goes_faster_than_a_bots_roll() -> None:
    """Chance dealing for nobody goes at a fifth of the pace, so a round's
    deal takes seconds, not a minute; a bot's roll keeps the whole pace."""
    now = [100.0]
    dealing = Table(
        "pyrinoes", [Seat("bot", "random"), Seat("human")], seed=1, pace=1.0, clock=lambda: now[0]
    )
    rolling = Table(
        "pach-ice-i", [Seat("bot", "random"), Seat("human")], seed=1, pace=1.0, clock=lambda: now[0]
    )
    now[0] = 100.1
    assert dealing.advance() == pytest.approx(0.1) and rolling.advance() == pytest.approx(0.9)
    now[0] = 100.2
    assert dealing.advance() == 0.0 and dealing.cursor == 1, "the first pick, by chance"
    assert rolling.advance() == pytest.approx(0.8) and rolling.cursor == 0


def test_a_lasting_message_stays_through_bot_moves_until_the_person_acts() -> None:
    """A link that could not be opened is told, and the telling is not wiped
    by the bot's or the dealer's move that follows at once; the person's
    next action clears it as usual."""
    table = Table("hextris", [Seat("bot", "random"), Seat("human")], seed=1)
    table.error("This link could not be opened: no such game.", lasting=True)
    while table.advance(budget=math.inf) is not None:
        pass
    assert table.cursor == 1
    assert table.view()["message"] == {
        "kind": "error",
        "text": "This link could not be opened: no such game.",
    }
    table.handle({"type": "command", "name": "pass"})  # refused: a new message replaces it
    assert table.view()["message"]["text"] != "This link could not be opened: no such game."
    table.error("short-lived")
    table.handle({"type": "move", "text": table.game.move_text(table.state, table.legal_moves()[0])})
    assert table.view()["message"] is None


def test_a_link_that_opens_ends_what_was_said_of_the_one_refused_before() -> None:
    """Issue 36: a bad link pasted into the tab, then a good one: the table
    the good link opens is not told that a link could not be opened."""
    table = Table("iriri", HUMANS, seed=1)
    table.error("This link could not be opened: lesson: Iriri has no lesson 'first'.", lasting=True)
    table.apply(parse_options("game=iriri&lesson=refill"))
    assert table.lesson is not None and table.view()["message"] is None


def test_a_person_cannot_move_for_a_bot_or_after_the_end() -> None:
    table = Table("iriri", [Seat("bot", "random"), Seat("human")], seed=1)
    view = table.handle({"type": "move", "text": "Y1@0,0 Y2@1,0"})
    assert view["message"]["text"] == "Wait: Yellow (random bot) is to move"
    assert view["state"]["thinking"] and view["actions"] == []


def test_new_game_event_is_checked() -> None:
    table = Table("iriri", HUMANS, seed=1)
    before = table.state
    for seats, seed, message in [
        ([{"kind": "human"}], None, "2 to 4 players"),
        ([{"kind": "human"}, {"kind": "robot"}], None, "human or a bot"),
        ([{"kind": "human"}, {"kind": "bot", "level": "godlike"}], None, "human or a bot"),
        ([{"kind": "human"}, {"kind": "human"}], "12", "seed must be"),
        ([{"kind": "human"}, {"kind": "human"}], -1, "seed must be"),
    ]:
        view = table.handle({"type": "new", "seats": seats, "seed": seed})
        assert message in view["message"]["text"] and table.state == before
    view = table.handle(
        {"type": "new", "seats": [{"kind": "human"}] * 3 + [{"kind": "bot", "level": "random"}], "seed": 9}
    )
    assert len(view["scores"]) == 4 and table.seed == 9 and view["moves"] == []
    assert view["scores"][3]["name"] == "Green (random bot)"


def test_malformed_events_give_a_message_not_an_exception() -> None:
    table = Table("iriri", HUMANS, seed=1)
    for event in (
        {},
        {"type": "dance"},
        {"type": "resize"},
        {"type": "move"},
        {"type": "command", "name": "fly"},
    ):
        assert table.handle(event)["message"]["kind"] == "error"


def test_a_person_who_can_only_pass_is_passed_for_and_told_why() -> None:
    """Issue 22, 5: with no word to lay, a person's only move is to pass
    ("you may pass only when no placement is possible"): the table passes
    for them after its pace, so they see the position they pass in, and
    tells them why, in the status and then in the last-move line, which
    keeps the pass, after the bot's turn, while the bot plays on.  No Pass button to press, and
    undo never goes back to a position that would pass again by itself."""
    now = [100.0]
    table = Table("iriri", [Seat("human"), Seat("bot", "random")], seed=1, pace=1.0, clock=lambda: now[0])
    view = table.view()
    assert not view["buttons"]["pass"] and table.forced() is None
    assert "only when no placement" in command(table, "pass")["message"]["text"]
    forced = table.game.from_text(
        table.game.to_text(table.state)
        .replace("hand 1: Y1 Y2 Y3", "hand 1: -")
        .replace("dictionary: ", "dictionary: Y1 Y2 Y3 ")
    )
    assert table.game.legal_moves(forced) == [Pass()] == [table.game.forced_pass(forced)]
    table.start_from(forced)
    view = table.view()
    said = "Yellow passes: Yellow has no pieces left in hand"
    assert view["status"] == said and view["state"]["thinking"], "the table, not the person, acts"
    assert not view["buttons"]["pass"] and not view["buttons"]["hint"] and view["actions"] == []
    assert command(table, "pass")["message"]["text"] == (
        "You have no move but to pass, so the table passes for you"
    )
    now[0] += 0.25
    assert table.advance() == pytest.approx(0.75) and table.cursor == 0, "the table's pace first"
    now[0] += 1.0
    assert table.advance() == 0.0 and table.cursor == 1 and table.moves == ["pass"]
    view = table.view()
    assert view["last"] == view["announce"] == said
    while table.cursor < 3:  # Blue lays a word, then takes
        now[0] += 1.0
        table.advance()
    view = table.view()
    assert view["last"].startswith("Blue lays ") and view["last"].endswith(f". Before that, {said}"), (
        "Blue's turn first, and the pass stays told while Blue plays"
    )
    assert view["announce"].startswith("Blue "), "and it is not announced twice"
    assert not view["buttons"]["undo"] and table.undo_target() is None
    assert command(table, "undo")["message"]["text"] == "There is nothing to undo"


def test_view_is_json_and_announcements_are_given_once() -> None:
    table = Table("iriri", HUMANS, seed=1)
    first = table.view()
    assert first["announce"].startswith("New game of Iriri")
    assert table.view()["announce"] == ""
    json.dumps(first)
    assert not {"position", "record", "share"} & set(first["state"]), (
        "asked for when needed, not sent on every tap"
    )
    state = views.full_state(table.sight())
    assert table.game.from_text(state["position"]) == table.game.from_text(state["line"]) == table.state
    assert Record.from_json(json.dumps(state["record"])).replay()[-1] == table.state


def test_actions_are_capped_with_a_count_of_the_rest() -> None:
    table = Table("iriri", HUMANS, seed=1)
    table.handle({"type": "move", "text": "Y1@0,0 Y2@1,0"})
    for _ in range(2):
        table.handle({"type": "move", "text": table.view()["actions"][0]["move"]})
    view = table.view()
    total = len(table.game.legal_moves(table.state))
    assert len(view["actions"]) == min(total, 60)
    assert view["more_actions"] == max(0, total - 60)


@pytest.mark.parametrize("size", [(1000, 620), (390, 700), (4000, 4000)])
def test_the_scene_has_a_target_for_every_cell_hand_piece_and_ring_piece(size: tuple[int, int]) -> None:
    table = Table("iriri", HUMANS, seed=1)
    table.handle({"type": "move", "text": "Y1@0,0 Y2@1,0"})
    table.handle({"type": "resize", "width": size[0], "height": size[1]})
    scene = table.scene()
    targets = scene.targets()
    state = table.state
    assert {f"ring:{i}" for i in range(len(state.dictionary))} <= targets
    assert {f"cell:{x},{y}" for x in range(-1, 3) for y in range(-1, 2)} <= targets
    for shape in scene.shapes:
        data = shape.to_json()
        xs = [p[0] for p in data.get("points", [])] + ([data["x"]] if "x" in data else [])
        assert all(-1 <= x <= size[0] + 1 for x in xs)
    assert to_svg(scene).startswith("<svg")


def test_hand_targets_only_for_the_person_placing() -> None:
    table = Table("iriri", HUMANS, seed=1)
    targets = table.scene().targets()
    assert {"hand:0:0", "hand:0:1", "hand:0:2"} <= targets
    assert not any(t.startswith("hand:1") for t in targets)


def test_a_whole_game_through_the_table_against_a_bot() -> None:
    table = Table("iriri", [Seat("human"), Seat("bot", "greedy")], seed=11)
    while not table.game.is_over(table.state):
        table.play_bots()
        view = table.view()
        if view["over"]:
            break
        table.handle({"type": "move", "text": view["actions"][-1]["move"]})
    view = table.view()
    assert view["over"]["text"] == table.result_text()
    assert "Game over" in view["status"]
    assert view["actions"] == [] and not view["state"]["thinking"]


def test_a_hint_for_a_placement_is_laid_by_the_taps_it_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint lays nothing for the person (issue 22): it rings the first
    piece to pick and its cell, and the taps it names lay the word."""
    monkeypatch.setitem(BOTS, "hard", partial(SearchBot, iterations=60))
    table = Table("iriri", [Seat("human"), Seat("bot", "medium")], seed=3)
    view = finish_hint(table)
    assert view["announce"].startswith("Hint: lay ") and not view["state"]["thinking"]
    assert view["preview"] is None and not table.draft.placed
    assert "Tap the " in view["announce"] and view["announce"].endswith(", then press Confirm.")
    hinted = table.game.move_text(table.state, table.hint.move)
    taken = follow_hint(table)
    assert taken[-1] == "confirm" and table.moves == [hinted]


def test_a_hint_for_a_take_rings_the_piece_in_the_ring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "hard", partial(SearchBot, iterations=60))
    table = Table("iriri", HUMANS, seed=1)
    table.handle({"type": "move", "text": "Y1@0,0 Y2@1,0"})
    view = finish_hint(table)
    assert view["announce"].startswith("Hint: take ")
    position = int(view["announce"].split("position ")[1].split(".")[0])
    assert target_at(view["scene"], *hint_rings(view["scene"])[1]) == f"ring:{position - 1}"
    assert f"take {table.state.dictionary[position - 1]}@{position}" in [a["move"] for a in view["actions"]]
    assert follow_hint(table) == [f"ring:{position - 1}"]


def test_a_pending_hint_gives_way_to_what_the_person_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "hard", partial(SearchBot, iterations=60))
    table = Table("iriri", [Seat("human"), Seat("bot", "medium")], seed=3)
    command(table, "hint")
    view = tap(table, "hand:0:0")
    assert table.hinting is None and not view["state"]["thinking"] and view["preview"] is None
    # No hints for a bot's turn.
    table = Table("iriri", [Seat("bot", "medium"), Seat("human")], seed=3)
    assert "Wait" in command(table, "hint")["message"]["text"]
    assert not table.view()["buttons"]["hint"]


def test_dragging_a_picked_piece_puts_it_down_rather_than_unpicking_it() -> None:
    table = Table("iriri", HUMANS, seed=1)
    tap(table, "hand:0:0")  # picked first, as on a phone
    view = table.handle({"type": "drag", "from": "hand:0:0", "to": "cell:0,0"})
    assert view["message"] is None and table.draft.placed == {(0, 0): 0}
    view = table.handle({"type": "drag", "from": "hand:0:1", "to": "cell:1,0"})
    assert view["preview"]["valid"]
    view = table.handle({"type": "drag", "from": "ring:1", "to": "cell:2,0"})
    assert "Nothing to do with a drag" in view["message"]["text"]


def test_undo_never_lands_where_a_bot_opens_the_game() -> None:
    """With a bot moving first, undoing the person's first move would hand the
    turn back to the bot, which would play again and erase the redo history."""
    table = Table("iriri", [Seat("bot", "easy"), Seat("human")], seed=3)
    table.play_bots()
    opening = list(table.moves)
    view = table.view()
    assert not view["buttons"]["undo"]
    assert "nothing to undo" in command(table, "undo")["message"]["text"]
    table.handle({"type": "move", "text": table.view()["actions"][0]["move"]})
    table.play_bots()
    command(table, "undo")
    assert table.moves[: len(opening)] == opening and table.human_to_move
    assert table.view()["buttons"]["redo"]


def test_no_hint_once_the_game_is_over() -> None:
    table = Table("iriri", HUMANS, seed=1)
    table.start_from(
        table.game.from_text(
            table.game.to_text(table.state).replace("passes in a row: 0", "passes in a row: 2")
        )
    )
    view = command(table, "hint")
    assert "The game is over" in view["message"]["text"] and not view["buttons"]["hint"]
    assert table.hinting is None


def test_a_dragged_piece_lights_up_only_where_it_may_go() -> None:
    """Issue 14: while a piece is dragged, the targets that take it are the
    legal ones (Hextris: the edge spots a small may drop on, where a piece may
    slide; Iriri: cells, never the ring)."""
    table = Table("hextris", HUMANS)
    drops = table.drops("hand:0:1")
    edge = {f"spot:{spot_name(spot)}" for spot in PERIMETER}
    assert drops and set(drops) == edge
    assert table.drops("hand:1:1") == [], "not Blue's turn"
    assert table.drops("spot:c3") == [], "nothing to drag there"
    table.handle({"type": "move", "text": "L@c1"})
    table.handle({"type": "move", "text": "S@a1"})
    c1 = spot_index("c1")
    moves = table.legal_moves()
    slides = {f"spot:{spot_name(m.end)}" for m in moves if isinstance(m, Slide) and m.start == c1}
    assert set(table.drops("spot:c1")) >= slides and slides
    iriri = Table("iriri", HUMANS, seed=1)
    cells = iriri.drops("hand:0:0")
    assert cells and all(t.startswith("cell:") for t in cells)


# ---------------------------------------------------------------- chance's runs in few words


def test_a_pyrinoes_deal_is_one_short_clause_that_names_no_hidden_domino() -> None:
    """The picks and the deal (21 of chance's moves) are told in the line by
    the board, the live region and the moves list as one clause, from what
    Fire was told: nothing of Ice's hand, nor Fire's own dominoes one by one."""
    from iriri_core.games.pyrinoes.state import Deal

    table = Table("pyrinoes", [Seat("human"), Seat("bot", "random")], seed=1)
    announced = []
    while table.seat_to_move < 0 and table.game.current_player(table.state) != 0:
        if table.advance(budget=math.inf) is None:
            break
        announced.append(table.view()["announce"])
        if table.seat_to_move >= 0:
            break
    table.play_bots()
    view = table.view()
    plies = table.history.plies
    deals = [ply for ply in plies if isinstance(ply.move, Deal)]
    assert len(deals) == 19
    up = deals[-1].move.domino
    picks = "; ".join(m["description"] for m in view["moves"][:2])
    dealt = f"the dealer dealt nine dominoes to each player and turned up {up}"
    if table.cursor == 21:  # Fire starts: the line is the deal alone
        assert view["last"] == f"{picks}; {dealt}"
    else:  # Ice opened: its move first, the deal it followed after
        assert re.fullmatch(rf"Ice \S.* \(after {re.escape(picks)}; {dealt}\)", view["last"]), view["last"]
    assert len(view["last"]) < 250, view["last"]
    assert "a domino" not in view["last"] and view["last"].count("dealt") == 1
    told = view["last"][view["last"].index(picks) + len(picks) :]
    deal = told.partition(up_text := f"turned up {up}")[0] + up_text
    ice = {str(ply.move.domino) for ply in deals[9:18]}
    assert deal == f"; {dealt}" and not any(re.search(rf"\b{d}\b", deal) for d in ice)
    # the live region: silent while the deal goes on, then the whole of it once
    told = [text for text in announced if text]
    assert len(told) <= 3 and any(dealt in text for text in told), announced
    # the moves list: each move is kept (review), the run shown as one entry
    runs = [m for m in view["moves"] if m.get("run")]
    assert [m["run"] for m in runs] == [1] * 21 and [m for m in runs if "summary" in m] == [runs[-1]]
    assert runs[-1]["summary"] == f"{picks}; {dealt}"


def test_runs_of_the_same_chance_move_are_counted_where_nobody_sums_them_up() -> None:
    """A presenter without ``summarise``: the table counts a move told the
    same way several times in a row."""
    from iriri_core.games.pyrinoes.presenter import PyrinoesPresenter

    table = Table("pyrinoes", [Seat("bot", "random"), Seat("human")], seed=1)
    table.play_bots()
    summed = table.view()["last"]

    class Plain(PyrinoesPresenter):
        def summarise(self, game: Any, plies: Any) -> str | None:
            return None

    table.presenter = Plain()
    for ply in table.history.plies:
        ply.seen.clear()
    last = table.view()["last"]
    assert "dealt a domino to Fire (9 times), then dealt " in last and "dealt nine" not in last
    assert "dealt nine dominoes to each player" in summed


def test_the_last_turn_tells_the_moves_first_and_the_roll_after() -> None:
    """The news comes first (issue 22): "Black entered ... (after Black
    rolled 5 6 7)", so that a line cut short, or read aloud, starts with
    what changed on the board."""
    table = Table("pach-ice-i", [Seat("bot", "random"), Seat("human")], seed=1)
    table.play_bots()
    view = table.view()
    dice = " ".join(map(str, table.history.plies[0].move.dice))
    assert re.fullmatch(rf"Black entered .+ \(after Black rolled {dice}\)", view["last"]), view["last"]
    assert view["announce"] == view["last"]
    assert not any("run" in move for move in view["moves"])


# ---------------------------------------------------------------- the move being put together, saved

DRAFTS: dict[str, list[dict[str, Any]]] = {
    "iriri": [
        {"type": "tap", "target": "hand:0:0"},
        {"type": "tap", "target": "cell:0,0"},
        {"type": "drag", "from": "hand:0:1", "to": "cell:1,0"},
    ],
    "hextris": [{"type": "tap", "target": "hand:0:2"}],
    "pach-ice-i": [{"type": "command", "name": "roll"}, {"type": "tap", "target": "tree:0"}],
    "pyrinoes": [{"type": "tap", "target": "supply:R3"}, {"type": "tap", "target": "supply:Y1"}],
}
"""Events that put a move together in each game, but do not play it."""


def drafted(game: str) -> Table:
    """A table of ``game`` (a person against a bot) with a move being put together."""
    table = Table(game, [Seat("human"), Seat("bot", "random")], seed=2)
    table.play_bots()
    for event in DRAFTS[game]:
        view = table.handle(event)
        assert view["message"] is None, view["message"]
    assert table.draft != table.presenter.new_draft()
    return table


def reloaded(text: str) -> Table:
    """The table a page puts back from a saved match (web/main.py, ``resume``)."""
    table = Table("iriri", seed=1)
    table.load(Snapshot.from_json(text))
    return table


@pytest.mark.parametrize("game", list(DRAFTS))
def test_a_move_being_put_together_is_saved_with_the_match(game: str) -> None:
    """Issue 22, 12: a reload puts back the move half made (Iriri's word
    laid but not confirmed, a piece or a size picked, a pyrino in the tray),
    as the table showed it; a link carries the game, not the draft."""
    table = drafted(game)
    text = table.snapshot().to_json()
    assert json.loads(text)["draft"]["steps"]
    again = reloaded(text)
    assert again.draft == table.draft and again.moves == table.moves
    before, after = table.view(), again.view()
    assert after["scene"] == before["scene"] and after["status"] == before["status"]
    assert after["preview"] == before["preview"] and after["buttons"] == before["buttons"]
    assert again.snapshot() == table.snapshot(), "saved again, it is the same"
    linked = Table("iriri", seed=1)
    linked.load(Snapshot.from_code(table.snapshot().to_code()))
    assert linked.draft == linked.presenter.new_draft() and linked.moves == table.moves


def test_the_draft_put_back_goes_on_as_before() -> None:
    """Iriri: the word put back after a reload is confirmed as if never reloaded."""
    table = drafted("iriri")
    again = reloaded(table.snapshot().to_json())
    assert again.view()["preview"]["text"] == "Y1@0,0 Y2@1,0"
    command(table, "confirm")
    command(again, "confirm")
    assert again.moves == table.moves and again.state == table.state


def test_a_draft_made_empty_again_or_played_is_not_saved() -> None:
    table = drafted("iriri")
    command(table, "clear")
    assert "draft" not in table.snapshot().to_data()
    tap(table, "hand:0:0")
    tap(table, "hand:0:0")  # picked and put back: nothing drafted
    assert table.snapshot().draft is None
    for event in DRAFTS["iriri"]:
        table.handle(event)
    command(table, "confirm")
    assert table.snapshot().draft is None, "the word was played"


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: {**d, "steps": [{"type": "tap", "target": "cell:99,x"}]},
        lambda d: {**d, "steps": [{"type": "tap", "target": "hand:0:7"}]},
        lambda d: {**d, "steps": [{"type": "command", "name": "confirm"}]},
        lambda d: {**d, "steps": [{"type": "command", "name": "undo"}]},
        lambda d: {**d, "steps": [{"type": "hint", "move": "take Y2@99"}]},
        lambda d: {**d, "steps": "tap"},
        lambda d: {**d, "steps": [1, 2]},
        lambda d: {**d, "steps": d["steps"] * 30},
        lambda d: {**d, "cursor": d["cursor"] - 1},
        lambda d: {**d, "viewer": 1},
        lambda d: [d],
        lambda d: None,
    ],
)
def test_a_damaged_or_stale_draft_is_dropped_and_the_match_loads(damage: Any) -> None:
    """Issue 22, 12: whatever is wrong with the saved draft (a place that
    is not on the table, a step that would play a move or press a table
    button, one too many, the draft of another position or person), the
    match loads as saved, with nothing half made."""
    table = drafted("iriri")
    data = table.snapshot().to_data()
    data["draft"] = damage(data["draft"])
    again = reloaded(json.dumps(data))
    assert again.moves == table.moves and again.cursor == table.cursor and again.state == table.state
    assert again.draft == again.presenter.new_draft() and again.view()["preview"] is None
    assert again.view()["message"] is None, "nothing to tell: the match is there"


def test_a_hint_half_followed_is_saved_as_a_draft(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22, 12: the taps that follow a hint make a draft like any
    other, so a reload puts back the word half laid."""
    monkeypatch.setitem(BOTS, "hard", partial(SearchBot, iterations=60))
    table = Table("iriri", [Seat("human"), Seat("bot", "medium")], seed=3)
    view = finish_hint(table)
    first = target_at(view["scene"], *hint_rings(view["scene"])[1])
    assert first is not None
    tap(table, first)
    assert table.draft != table.presenter.new_draft()
    again = reloaded(table.snapshot().to_json())
    assert again.draft == table.draft


# ---------------------------------------------------------------- issue 22: words the page shows


def test_undo_says_which_move_the_table_is_back_after() -> None:
    """After an undo that leaves 4 moves, the live region says move 4 (the
    Moves list's number of the last move still standing), not move 5."""
    table = Table("hextris", HUMANS)
    for _ in range(5):
        table.handle({"type": "move", "text": table.view()["actions"][0]["move"]})
    view = command(table, "undo")
    assert view["state"]["cursor"] == 4 and len(view["moves"]) == 4
    assert view["announce"] == "Undone: the table is as it was after move 4"
    for _ in range(4):
        view = command(table, "undo")
    assert view["announce"] == "Undone: the table is as it was at the start"


def test_a_game_has_begun_only_once_a_seat_has_moved() -> None:
    """A deal (chance's moves) is not a game in progress: a new game over a
    fresh Pyrinoes table need not ask first. A seat's move, even undone, is."""
    table = Table("pyrinoes", HUMANS, seed=3)
    table.play_bots()
    view = table.view()
    assert view["state"]["length"] > 0 and not view["state"]["begun"]
    table.handle({"type": "command", "name": "reveal"})
    table.handle({"type": "move", "text": table.view()["actions"][0]["move"]})
    assert table.view()["state"]["begun"]
    hextris = Table("hextris", HUMANS)
    assert not hextris.view()["state"]["begun"]
    hextris.handle({"type": "move", "text": "L@c1"})
    assert command(hextris, "undo")["state"]["begun"], "a move undone can still be redone: it counts"


def test_offer_a_draw_is_asked_first_in_words_that_say_what_accepting_means() -> None:
    """Issue 22: the page asks before a draw is offered (a bot accepts at
    once, and the game is over); the view carries the question."""
    table = Table("hextris", [Seat("human"), Seat("bot", "easy")])
    question = table.view()["draw_question"]
    assert question["title"] == "Offer Blue a draw?"
    assert "the game ends now as a draw: nobody wins" in question["text"]
    assert "Blue is a bot and answers at once" in question["text"]
    people = Table("hextris", HUMANS)
    people.handle({"type": "move", "text": "L@c1"})
    assert "Yellow is asked here, at this screen" in people.view()["draw_question"]["text"]
    command(people, "draw")
    assert people.view()["draw_question"] is None, "not while an offer waits for its answer"
    assert Table("iriri", HUMANS).view()["draw_question"] is None, "Iriri has no draws by agreement"


def test_the_hand_over_tells_the_move_before_the_deal() -> None:
    """At a Pyrinoes hand-over after the deal, the line says first what the
    other player played ("Fire played 6-3 on the 6"), then the deal."""
    table = Table("pyrinoes", HUMANS, seed=3)
    table.play_bots()
    table.handle({"type": "command", "name": "reveal"})
    mover = table.view()["status"].split(",")[0]
    table.handle({"type": "move", "text": table.view()["actions"][0]["move"]})
    last = table.view()["last"]
    assert last.startswith(f"{mover} ") and " (after " in last and "dealt nine dominoes" in last
    assert last.index("dealt nine") > last.index(" (after "), last
