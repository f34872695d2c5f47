"""Pyrinoes at the table: the person's journey through Table events in
CPython: building a pyrino step by step, playing dominoes, pyrinoes and
doubles at either end, drawing, passing, the round's summary and Next
round, a whole round against a bot by taps, and what the page never gets
(the bot's dominoes, and, with two people at one screen, either hand
between turns).

Tests that check a rule quote the sentence of the rules (shared rules text,
Andy Bond, 2010) or the decision of docs/rules-notes.md they rely on.
Positions are made by :func:`position`: fire (seat 0) to move in round 1,
the line and the hands as given, every other domino in the boneyard.
"""

from __future__ import annotations

import functools
import json
import random
import re
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest
from pyrinoes_helpers import GAME
from pyrinoes_helpers import position as text_position
from table_helpers import command, error, tap

from iriri_core import SPECTATOR, Seat, Table
from iriri_core.games.pyrinoes import rules
from iriri_core.games.pyrinoes.drawing import table_scene
from iriri_core.games.pyrinoes.line import LINE_MIN_UNIT, line_layout
from iriri_core.games.pyrinoes.notation import parse_placed
from iriri_core.games.pyrinoes.parts import FACE, Marks
from iriri_core.games.pyrinoes.presenter import place_piece
from iriri_core.games.pyrinoes.state import (
    ALL_DOMINOES,
    Build,
    Domino,
    Draw,
    Drawn,
    Pass,
    Placed,
    Play,
    Pyrino,
    PyrinoesState,
    full_supply,
    pyrino,
)
from iriri_core.games.pyrinoes.words import tile_name
from iriri_core.learn.hint_plan import plan_hint
from iriri_core.pictures import figures
from iriri_core.pictures.drawing import CELL, INK
from iriri_core.pictures.scene import Circle, Piece, Rect, Scene, Text
from iriri_core.pieces import Pyramid
from iriri_core.table import views

BOT = [Seat("human"), Seat("bot", "random")]
HUMANS = [Seat("human"), Seat("human")]
R3, R2, Y1, Y3 = Pyramid("red", 3), Pyramid("red", 2), Pyramid("yellow", 1), Pyramid("yellow", 3)
G1 = Pyramid("green", 1)


def d(text: str) -> Domino:
    a, b = (int(x) for x in text.split("-"))
    return Domino(max(a, b), min(a, b))


def position(
    line: list[Placed],
    fire: list[str],
    ice: list[str],
    pyrinoes: tuple[tuple[Pyrino, ...], tuple[Pyrino, ...]] = ((), ()),
    supply: tuple[Any, Any] | None = None,
    boneyard: bool = True,
) -> PyrinoesState:
    fire_hand, ice_hand = (tuple(sorted((d(t) for t in names), reverse=True)) for names in (fire, ice))
    hands = (fire_hand, ice_hand)
    used = {*hands[0], *hands[1], *(item.tile for item in line)}
    rest = tuple(x for x in ALL_DOMINOES if x not in used) if boneyard else ()
    return PyrinoesState(
        round=1,
        first=0,
        to_move=0,
        line=tuple(line),
        hands=hands,
        pyrinoes=pyrinoes,
        supply=supply or (full_supply(0), full_supply(1)),
        boneyard=rest,
    )


SIX_SIX = [Placed(Domino(6, 6))]


def at_table(state: PyrinoesState, seats: list[Seat] | None = None) -> Table:
    table = Table("pyrinoes", seats or BOT, seed=1, size=(372.0, 650.0))
    table.start_from(state)
    return table


def shown(view: dict[str, Any]) -> dict[str, bool]:
    return {c["name"]: c["shown"] and c["enabled"] for c in view["controls"]}


# ---------------------------------------------------------------- building


def test_building_a_pyrino_step_by_step() -> None:
    """ "Each end is made up of either a solitary pyramid or two pyramids of
    the same colour in a stack [...] A pyrino must not have the same colour
    at both ends": a large red, a second large red stacked on it (6), a
    third refused with the engine's reason, then a small yellow at the other
    end (1); Build builds the 6-1."""
    table = at_table(position(SIX_SIX, ["1-0", "2-0"], ["3-0"]))
    view = tap(table, "supply:R3")
    assert not error(view) and table.draft.ends == [[R3], []]
    assert "building R3 (3)" in view["status"]
    view = tap(table, "supply:R3")
    assert table.draft.ends == [[R3, R3], []] and "R3R3 (6)" in view["status"]
    view = tap(table, "supply:R3")
    assert error(view) == (
        "The large red cannot go in this pyrino: each end of a pyrino is one pyramid or a stack of two"
    )
    assert table.draft.ends == [[R3, R3], []]
    assert not shown(view)["build"]
    view = tap(table, "supply:Y1")
    assert table.draft.ends == [[R3, R3], [Y1]]
    assert view["status"] == "Your turn: building R3R3 + Y1 (6-1): press Build, or add to a stack"
    scene_texts = [s["text"] for s in view["scene"]["shapes"] if s["type"] == "text"]
    assert "6" in scene_texts and "1" in scene_texts  # the tray's spot counts
    assert shown(view)["build"]
    view = command(table, "build")
    assert not error(view)
    assert table.state.pyrinoes[0] == (pyrino([R3, R3], [Y1]),)
    assert view["moves"][-1]["description"] == "Fire built the pyrino R3R3+Y1 (6-1)"
    assert table.state.to_move == 1


def test_a_tray_end_gives_its_pyramid_back_and_clear_empties_it() -> None:
    table = at_table(position(SIX_SIX, ["1-0"], ["3-0"]))
    tap(table, "supply:R3")
    tap(table, "supply:R2")
    assert table.draft.ends == [[R3, R2], []]
    tap(table, "build:0")
    assert table.draft.ends == [[R3], []]
    view = tap(table, "build:1")
    assert error(view) == "Tap pyramids of your supply, or a green, to build this end"
    command(table, "clear")
    assert table.draft.ends == [[], []]


def test_greens_are_single_and_a_supply_runs_out() -> None:
    """ "A green pyramid is always associated with a spot count of 0": a
    green end is a single pyramid, and a pyramid used up cannot be picked."""
    supply = ((R3, Y1), full_supply(1))
    table = at_table(position(SIX_SIX, ["1-0"], ["3-0"], supply=supply))
    tap(table, "supply:G1")
    view = tap(table, "supply:G1")
    assert error(view) == (
        "The small green cannot go in this pyrino: a green end is a single pyramid; there are no green stacks"
    )
    view = tap(table, "supply:R3")
    assert table.draft.ends == [[G1], [R3]]
    view = tap(table, "supply:R3")
    assert error(view) == "Your supply has no other large red: the one it had is in the pyrino already"
    both_green = place_piece(0, [[G1], []], 0, Pyramid("green", 2), only=1)
    assert both_green == "the double-blank (0-0) cannot be a pyrino: both its ends would be green"


def test_a_pyramid_dragged_to_an_end_of_the_tray() -> None:
    table = at_table(position(SIX_SIX, ["1-0"], ["3-0"]))
    table.handle({"type": "drag", "from": "supply:Y3", "to": "build:1"})
    assert table.draft.ends == [[], [Y3]]
    assert "supply:R3" in table.view()["draggable"]


# ---------------------------------------------------------------- playing


def test_a_tile_that_fits_both_ends_lights_them_and_goes_where_tapped() -> None:
    """ "a player must place it so that one of its ends is adjacent to one of
    the open ends, so that the spot count [...] is the same"."""
    table = at_table(position(SIX_SIX, ["6-4", "1-0"], ["3-0"]))
    view = tap(table, "tile:6-4")
    assert not error(view) and table.draft.tile == "6-4"
    assert view["status"] == "Your turn: tap a lit end of the line to play 6-4 there"
    view = tap(table, "end:left")
    assert not error(view)
    assert [str(item) for item in table.state.line] == ["4-6", "6-6"]
    assert view["last"] == "Fire played 6-4 on the 6"


def test_a_tile_that_fits_one_end_goes_there_at_once_and_a_double_too() -> None:
    """ "Doubles may be played as any other domino [...] they still only have
    one open end" (docs/rules-notes.md, 8)."""
    line = [Placed(Domino(6, 6)), Placed(Domino(6, 4))]
    table = at_table(position(line, ["4-4", "1-0"], ["3-0"]))
    view = tap(table, "tile:4-4")
    assert not error(view)
    assert [str(item) for item in table.state.line] == ["6-6", "6-4", "4-4"]
    assert table.state.open_ends == (6, 4)
    assert view["moves"][-1]["description"] == "Fire played the double 4-4 on the 4"


def test_a_tile_that_fits_nowhere_says_why() -> None:
    table = at_table(position(SIX_SIX, ["6-4", "1-0"], ["3-0"]))
    view = tap(table, "tile:1-0")
    assert error(view) == "1-0 does not fit the open ends, which are both 6s"
    view = tap(table, "end:right")
    assert "pick a domino or pyrino of your hand first" in error(view)


def test_a_pyrino_played_at_either_end_by_a_drag() -> None:
    """ "Play a domino or pyrino from their hand": a pyrino dragged to the left end."""
    tile = pyrino([R3, R3], [Y3])
    table = at_table(position(SIX_SIX, ["1-0"], ["3-0"], pyrinoes=((tile,), ())))
    view = table.handle({"type": "drag", "from": "tile:R3R3+Y3", "to": "end:left"})
    assert not error(view)
    assert [str(item) for item in table.state.line] == ["Y3+R3R3", "6-6"]
    assert table.state.open_ends == (3, 6)
    assert view["moves"][-1]["description"] == "Fire played the pyrino R3R3+Y3 (6-3) on the 6"


def test_a_pyrino_at_the_right_end_by_taps() -> None:
    tile = pyrino([R3, R3], [Y3])
    table = at_table(position(SIX_SIX, ["1-0"], ["3-0"], pyrinoes=((tile,), ())))
    assert set(table.drops("tile:R3R3+Y3")) == {"end:left", "end:right"}
    tap(table, "tile:R3R3+Y3")
    tap(table, "end:right")
    assert [str(item) for item in table.state.line] == ["6-6", "R3R3+Y3"]


# ---------------------------------------------------------------- draw, pass


def test_draw_when_nothing_plays_or_builds() -> None:
    """ "If a player cannot play a domino or pyrino from their hand or
    construct any pyrino [...] they must select a domino at random from the
    boneyard" (docs/rules-notes.md, 6: the draw is the turn)."""
    state = position(SIX_SIX, ["1-0"], ["3-0"], supply=((R3,), full_supply(1)))
    table = at_table(replace(state, greens=(0, 0, 0)))  # one colour and no greens: nothing to build
    view = table.view()
    assert table.legal_moves() == [Draw()]
    assert shown(view)["boneyard"] and not shown(view)["pass"]
    assert view["status"] == "Your turn: you can neither play nor build: tap the boneyard to draw a domino"
    view = tap(table, "tile:1-0")
    assert error(view) == "1-0 does not fit the left end, which is a 6"
    tap(table, "boneyard")
    table.play_bots()  # chance gives the domino, then the bot plays
    drawn = table.history.plies[0].after
    assert drawn.drawing
    view = table.view()
    mine = [m["description"] for m in view["moves"]]
    assert mine[0] == "Fire could neither play nor build, so draws from the boneyard"
    assert re.fullmatch(r"Fire drew \d-\d", mine[1])


def test_pass_when_the_boneyard_is_empty() -> None:
    """ "If the boneyard is empty, the player must pass": the table passes
    for the person (issue 22, 5), telling why; nothing to press."""
    state = position(SIX_SIX, ["1-0"], ["3-0"], supply=((R3,), full_supply(1)), boneyard=False)
    table = at_table(replace(state, greens=(0, 0, 0)))
    view = table.view()
    said = "Fire passed: nothing to play or build, and the boneyard is empty"
    assert table.legal_moves() == [Pass()] and table.forced() == Pass()
    assert not shown(view)["pass"] and not shown(view)["boneyard"]
    assert view["status"] == said and view["state"]["thinking"]
    assert "the table passes for you" in error(tap(table, "boneyard"))
    assert table.advance() == 0.0 and table.moves == ["pass"]
    view = table.view()
    assert view["moves"][-1]["description"] == said and view["last"] == said


def test_at_one_screen_a_pass_is_made_without_uncovering_a_hand() -> None:
    """Two people at one screen: Fire can only pass, so the table passes for
    Fire without asking Fire to show themselves (nothing of Fire's hand is
    shown), and then covers the table for Ice."""
    state = position(SIX_SIX, ["1-0"], ["3-0"], supply=((R3,), full_supply(1)), boneyard=False)
    table = at_table(replace(state, greens=(0, 0, 0)), HUMANS)
    view = table.view()
    assert view["cover"] is None and table.viewer == SPECTATOR and view["state"]["thinking"]
    assert "1-0" not in page_text(view)
    table.play_bots()
    view = table.view()
    assert table.moves == ["pass"] and view["cover"] and "Ice to play" in view["cover"]["text"]


def test_a_draw_the_person_must_make_is_theirs_to_make() -> None:
    """Decision (docs/rules-notes.md, Pyrinoes 11): a draw from the boneyard,
    even the only move, is not a pass: the rules make it a turn of its own
    ("This counts as their turn"), and it shows the person a domino; the
    table waits for them to draw."""
    state = position(SIX_SIX, ["1-0"], ["3-0"], supply=((R3,), full_supply(1)))
    table = at_table(replace(state, greens=(0, 0, 0)))
    assert table.legal_moves() == [Draw()] and table.forced() is None
    assert table.game.forced_pass(table.state) is None
    view = table.view()
    assert shown(view)["boneyard"] and not view["state"]["thinking"] and table.advance() is None


# ---------------------------------------------------------------- rounds


def test_the_round_summary_and_next_round() -> None:
    """ "That player has no more dominoes or pyramids in their hand or
    supply. The player receives a bonus of 10 points" and the scoring: the
    summary says how the round ended, the hand totals and the points."""
    tile = pyrino([R3, R3], [Y3])
    state = position(SIX_SIX, [], ["3-0", "2-0"], pyrinoes=((tile,), ()), supply=((), full_supply(1)))
    table = at_table(state)
    view = tap(table, "tile:R3R3+Y3")
    tap(table, "end:left") if table.draft.tile else None
    view = table.view()
    assert table.state.ending == "nothing-left"
    assert view["round"]["button"] == "Next round"
    text = view["round"]["text"]
    assert text.startswith("Round 1 is over: Fire has nothing left at all (bonus 10).")
    assert "Hand totals: Fire 0, Ice 41." in text  # 3 + 2 and ice's 36 pips
    assert "Fire 51 (41 for the lower hand, 10 bonus)" in text
    assert view["scores"][0]["cells"][0] == "51"
    assert view["status"] == "Round 1 is over: Fire scores 51, Ice 0"
    assert "Ice's hand: 3-0 2-0" in " ".join(view["mirror"]) or "hand: 3-0 2-0" in " ".join(view["mirror"])
    command(table, "next-round")
    table.play_bots()
    assert table.state.round == 2 and table.state.banked == (51, 0)
    assert table.state.first == 1  # "The player who went second in the previous round" starts


def test_undo_never_goes_back_past_a_hand_shown_at_the_round_end() -> None:
    """Issue 22, 13: "Undo must never go back past what a seat has since
    been shown".  Fire plays their last pyrino: the round is over and Ice's
    hand is counted in the open, so undo is off, in the summary and in the
    next round, where it would put Fire back in the round knowing Ice's
    dominoes.  Before that, when Ice only builds (nothing hidden shown),
    Fire may take their move back."""
    tile, last = pyrino([R3, R3], [Y3]), pyrino([R3], [Pyramid("yellow", 2)])
    state = position(SIX_SIX, [], ["2-0", "2-1"], pyrinoes=((tile, last), ()), supply=((), full_supply(1)))
    table = at_table(state)
    tap(table, "tile:R3R3+Y3")
    tap(table, "end:left")  # 6-3 on the left: the open ends are 3 and 6
    table.play_bots()
    assert isinstance(table.history.plies[-1].move, Build), "nothing of Ice's fits: Ice builds"
    view = table.view()
    assert view["buttons"]["undo"], "a pyrino built in the open shows nothing hidden"
    command(table, "undo")
    assert table.cursor == 0
    command(table, "redo")
    tap(table, "tile:R3+Y2")  # 3-2 on the 3: Fire has nothing left
    view = table.view()
    assert table.state.ending is not None and view["round"], "Fire is out of pyramids and dominoes"
    assert "2-0" in " ".join(view["mirror"]), "Ice's hand is shown"
    assert not view["buttons"]["undo"] and table.undo_target() is None
    said = error(command(table, "undo"))
    assert said == "There is no undo here: since then you have seen what another player was hiding"
    command(table, "next-round")
    table.play_bots()
    assert table.state.round == 2 and not table.view()["buttons"]["undo"]


def test_undo_stops_at_a_domino_the_bot_played_and_at_a_round_end() -> None:
    """Through a whole round against a random bot, undo is offered exactly
    where it goes back past nothing Ice showed: no domino Ice played out of
    their hidden hand, and no round end (both hands shown)."""
    table = Table("pyrinoes", BOT, seed=3, size=(372.0, 650.0))
    rng = random.Random(3)
    table.play_bots()
    offered = refused = 0
    while not table.game.is_over(table.state) and table.state.ending is None:
        target = table.cursor - 1
        while target >= 0 and table.seating().acts_alone(table.history.position(target)):
            target -= 1
        shown_since = any(
            (ply.before.to_move == 1 and isinstance(ply.move, Play) and isinstance(ply.move.tile, Domino))
            or ply.after.ending is not None
            for ply in table.history.plies[max(target, 0) : table.cursor]
            if table.game.current_player(ply.before) >= 0
        )
        expected = target >= 0 and not shown_since
        assert table.view()["buttons"]["undo"] == expected, (table.cursor, target)
        offered, refused = offered + expected, refused + (target >= 0 and shown_since)
        taps_for(table, rng.choice(table.legal_moves()))
        table.play_bots()
    assert offered >= 3 and refused >= 3, (offered, refused)


# ---------------------------------------------------------------- a whole round, and secrets


def page_text(view: dict[str, Any]) -> str:
    """What the page receives, the timings and the game's fixed texts aside."""
    return json.dumps({k: v for k, v in view.items() if k not in ("timing", "setup")}, sort_keys=True)


def leaked(text: str, dominoes: tuple[Domino, ...]) -> list[str]:
    """The dominoes of ``dominoes`` named in ``text`` (as dominoes, either
    way round: "the 2-1 pyrino" names a pyrino, "R2+Y1 (2-1)" too)."""
    text = re.sub(r"pick(?:ed)? \d-\d", "picked", text)  # the picks for who starts go back before the deal
    found = []
    for domino in dominoes:
        for name in {f"{domino.high}-{domino.low}", f"{domino.low}-{domino.high}"}:
            if re.search(rf"(?<![\w(+-]){name}(?![\w)+-]| pyrino)", text):
                found.append(name)
    return found


def taps_for(table: Table, move: Any) -> None:
    """Play ``move`` as a person does: taps, and the buttons."""
    if isinstance(move, Play):
        view = tap(table, f"tile:{move.tile}")
        if table.draft.tile is not None:
            view = tap(table, f"end:{'left' if move.end == 0 else 'right'}")
    elif isinstance(move, Build):
        for piece in move.pyrino.pyramids:
            view = tap(table, f"supply:{piece}")
            assert not error(view), error(view)
        view = command(table, "build")
    elif isinstance(move, Draw):
        view = command(table, "boneyard")
    else:
        raise AssertionError(f"{move} is not the person's to make: the table passes for them")
    assert not error(view), error(view)


@pytest.mark.parametrize("seed", [2, 5])
def test_a_whole_round_against_a_bot_by_taps_and_nothing_of_its_hand_shows(seed: int) -> None:
    table = Table("pyrinoes", BOT, seed=seed, size=(372.0, 650.0))
    rng = random.Random(seed)
    table.play_bots()
    moves = 0
    while table.state.ending is None:
        view = table.view()
        hidden = table.state.hands[1]
        assert not leaked(page_text(view), hidden)
        scene_text = " ".join(s.text for s in table.scene().shapes if isinstance(s, Text))
        assert not leaked(scene_text, hidden)
        assert view["state"]["hidden"] and "position" not in json.dumps(view["state"])
        taps_for(table, rng.choice(table.legal_moves()))
        moves += 1
        table.play_bots()
        after = table.view()
        if table.state.ending is None:
            assert not leaked(page_text(after), table.state.hands[1])
            assert after["status"].startswith("Your turn")
    assert moves > 3
    assert table.view()["round"] is not None or table.game.is_over(table.state)


def test_the_bots_draws_are_told_without_their_face() -> None:
    """ "If a player cannot play a domino or pyrino from their hand or
    construct any pyrino [...] they must select a domino at random from the
    boneyard and add it to their hand", and "only they may see which
    dominoes they possess": after fire plays 6-1, the bot (ice) holds 5-0
    and 4-2, which fit neither 6 nor 1, and has one blue left and no green
    to pair it with, so it draws; fire is told that ice drew a domino, and
    nothing that fire's page receives names it."""
    state = position(SIX_SIX, ["6-1", "3-3"], ["5-0", "4-2"], supply=(full_supply(0), (Pyramid("blue", 1),)))
    table = at_table(replace(state, greens=(0, 0, 0)))
    tap(table, "tile:6-1")
    assert not error(tap(table, "end:right"))
    assert table.state.open_ends == (6, 1) and table.legal_moves() == [Draw()]
    table.play_bots()  # the bot draws, chance gives it the domino, and fire is to move
    drawn = [ply for ply in table.history.plies if isinstance(ply.move, Drawn)]
    assert len(drawn) == 1 and drawn[0].before.to_move == 1
    face = drawn[0].move.domino
    assert face in table.state.hands[1] and len(table.state.hands[1]) == 3
    assert table.state.to_move == 0 and table.state.ending is None
    view = table.view()
    texts = [m["description"] for m in view["moves"]]
    assert texts == [
        "Fire played 6-1 on the 6",
        "Ice could neither play nor build, so draws from the boneyard",
        "Ice drew a domino",
    ]
    scene_text = " ".join(s.text for s in table.scene().shapes if isinstance(s, Text))
    for text in (page_text(view), json.dumps(views.full_state(table.sight())), scene_text):
        assert not leaked(text, (face,)), f"fire was told that ice drew {face}"


def test_two_people_at_one_screen_see_a_cover_between_turns() -> None:
    table = Table("pyrinoes", HUMANS, seed=4)
    table.play_bots()  # the picks and the deal
    view = table.view()
    assert view["cover"] is not None
    both = table.state.hands[0] + table.state.hands[1]
    assert not leaked(page_text(view), both)
    mover = table.state.to_move
    view = command(table, "reveal")
    assert view["cover"] is None
    assert not leaked(page_text(view), table.state.hands[1 - mover])
    assert leaked(page_text(view), table.state.hands[mover])  # their own hand, face up
    move = next(m for m in table.legal_moves())
    taps_for(table, move)
    table.play_bots()
    view = table.view()
    if table.state.ending is None:
        assert view["cover"] is not None
        assert not leaked(page_text(view), table.state.hands[0] + table.state.hands[1])


# ---------------------------------------------------------------- texts and fit


def test_texts_for_the_page() -> None:
    table = at_table(position(SIX_SIX, ["6-4"], ["3-0"]))
    presenter, game, state = table.presenter, table.game, table.state
    assert (
        presenter.action_label(game, state, Play(d("6-4"), 1))
        == "play the 6-4 on the open end showing 6 on the right of the double 6-6"
    )
    assert presenter.action_label(game, state, Build(pyrino([R3], [Y1]))) == "build the pyrino R3+Y1 (3-1)"
    assert "5-3 left" in presenter.move_example and "build Y2Y1+R1" in presenter.move_example
    assert "Andy Bond" in presenter.rules and "https://looneypyramids.wiki/wiki/Pyrinoes" in presenter.rules
    view = table.view()
    assert [c["label"] for c in view["columns"]] == ["Match (to 100)", "Hand"]
    assert view["scores"][1]["cells"][1] == "1 domino"
    label = presenter.action_label(game, state, Play(d("6-4"), 0))
    hint = plan_hint(presenter, table.seen(), Play(d("6-4"), 0), label)
    assert hint.text() == (
        "Hint: play the 6-4 on the open end showing 6 on the left of the double 6-6. "
        "Tap the 6-4 in your hand, then the open end showing 6 on the left of the double 6-6."
    )


def test_show_me_names_an_open_end_by_what_is_there() -> None:
    """The line snakes (on a phone it turns every few tiles), so its left
    and right ends are nowhere in particular on the screen: a hint names an
    open end by the spots in its circle, and, where both open ends show the
    same, by the tile it is at."""
    line = [parse_placed(word) for word in ["2-0", "0-1", "1-2"]]
    pyrinoes = ((pyrino([R3], [Y1]), pyrino([Y3], [Pyramid("red", 1)])), ())
    table = at_table(position(line, ["6-2", "5-4"], ["6-6"], pyrinoes))
    presenter, seen = table.presenter, table.seen()
    words = [plan_hint(presenter, seen, Play(d("6-2"), end), "").text() for end in (0, 1)]
    assert words == [
        "Hint: Tap the 6-2 in your hand, then the open end showing 2, at the 2-0.",
        "Hint: Tap the 6-2 in your hand, then the open end showing 2, at the 2-1.",
    ]
    two_ends = Table("pyrinoes")
    two_ends.handle({"type": "lesson", "game": "pyrinoes", "lesson": "two-ends"})
    view = two_ends.handle({"type": "command", "name": "hint"})
    assert view["message"]["text"] == "Show me: Tap the 3-1 pyrino in your hand, then the open end showing 3."
    view = two_ends.handle({"type": "tap", "target": "tile:R3+Y1"})
    assert view["message"]["text"] == "Show me: Now tap the open end showing 3."
    mine = pyrinoes[0]
    assert tile_name(mine[0], mine) == "the 3-1 pyrino of a large red and a small yellow"
    assert tile_name(mine[1], mine) == "the 3-1 pyrino of a large yellow and a small red"
    assert tile_name(pyrino([R3, R3], [Y3, Y3])) == "the double 6-6 pyrino"


def test_an_end_tapped_first_and_a_move_played_are_told_by_their_spots() -> None:
    """Not by "left" and "right", which mean nothing where the line snakes:
    an end tapped before a tile is named by the spots it shows, and a move
    played by the spots it was played on (as domino players say it)."""
    line = [parse_placed(word) for word in ["2-0", "0-1", "1-3"]]
    table = at_table(position(line, ["6-2", "5-4"], ["6-6"]))
    assert error(tap(table, "end:right")) == (
        "The open end showing 3: pick a domino or pyrino of your hand first, then tap the end it goes to"
    )
    tap(table, "tile:6-2")
    view = tap(table, "end:left")
    assert view["moves"][-1]["description"] == "Fire played 6-2 on the 2"


@pytest.mark.parametrize(
    "size",
    [(372.0, 650.0), (830.0, 300.0), (625.0, 402.0), (883.0, 558.0)],
    ids=lambda s: f"{s[0]:g}x{s[1]:g}",
)
def test_the_scene_fits_and_taps_are_44_px_on_a_phone(size: tuple[float, float]) -> None:
    table = Table("pyrinoes", BOT, seed=3, size=size)
    table.play_bots()
    rng = random.Random(3)
    for _ in range(12):
        if table.state.ending is not None:
            break
        scene = table.scene()
        for shape in scene.shapes:
            if hasattr(shape, "x") and hasattr(shape, "w"):
                assert shape.x >= -1 and shape.x + shape.w <= size[0] + 1, shape
                assert shape.y >= -1 and shape.y + shape.h <= size[1] + 1, shape
        smallest = min(min(s.w, s.h) for s in scene.shapes if getattr(s, "target", None) and hasattr(s, "w"))
        if size == (372.0, 650.0):
            assert smallest >= 44
        else:
            assert smallest >= 24
        taps_for(table, rng.choice(table.legal_moves()))
        table.play_bots()


# ---------------------------------------------------------------- the line's layout


def tile_boxes(line: tuple[Placed, ...], box: tuple[float, float, float, float]) -> list[tuple[float, ...]]:
    """Where each tile of ``line`` shown is drawn in ``box``, and the fold
    if the line has one: left, top, right, bottom."""
    snake = line_layout(line, box)
    u = snake.unit
    return [
        (lay.x, lay.y, lay.x + (u if lay.vertical else 2 * u), lay.y + (2 * u if lay.vertical else u))
        for lay in [*snake.laid, snake.fold]
        if lay is not None
    ]


def overlaps(boxes: list[tuple[float, ...]]) -> list[tuple[int, int]]:
    return [
        (i, j)
        for i, a in enumerate(boxes)
        for j, b in enumerate(boxes[:i])
        if min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5
    ]


def test_the_tile_where_the_line_turns_never_covers_the_one_before() -> None:
    """The line turns down at the edge with a tile standing on end: where
    the row ended less than a tile's width from the edge, that tile was
    pulled back over the last one of the row (the double 6-6 here, as in
    the Pyrinoes screenshot at 1280x800)."""
    line = tuple(
        Placed(d(text), reverse=text != str(d(text))) for text in ("0-5", "5-2", "2-6", "6-6", "6-5", "5-3")
    )
    box = (23.0, 267.0, 474.0, 457.0)
    assert overlaps(tile_boxes(line, box)) == []
    for seed in range(12):  # whole rounds, in boxes from a phone's to a desktop's
        table = Table("pyrinoes", [Seat("bot", "random"), Seat("bot", "random")], seed=seed)
        rng = random.Random(seed)
        table.play_bots()
        longest = max((ply.after.line for ply in table.history.plies), key=len)
        for _ in range(6):
            width, height = rng.uniform(300, 900), rng.uniform(200, 600)
            boxes = tile_boxes(longest, (0.0, 0.0, width, height))
            assert overlaps(boxes) == [], (seed, width, height)
            assert all(b[0] >= -0.5 and b[2] <= width + 0.5 for b in boxes), (seed, width, height)


def line_panel(scene: Scene) -> Rect:
    """The panel the line of play is drawn in: the one with the round's caption."""
    caption = next(
        t for t in scene.shapes if isinstance(t, Text) and t.text.startswith("Line of play · round ")
    )
    return next(
        r
        for r in reversed(scene.shapes[: scene.shapes.index(caption)])
        if isinstance(r, Rect) and r.x <= caption.x <= r.x + r.w and r.y <= caption.y <= r.y + r.h
    )


def spectators_scene(line: str) -> Scene:
    """The table, as a spectator sees it (both hands face down), with ``line`` as the line of play."""
    state = GAME.view(text_position(line=line), SPECTATOR)
    return table_scene(state, Marks(), 900.0, 600.0, ["Fire", "Ice"], 0)


def test_a_double_lies_crosswise_in_the_line() -> None:
    """ "Doubles may be played as any other domino/pyrino, or they may be
    placed at right angles as is traditional in domino games": a double in
    a row of the line, domino or pyrino, stands across it, centred on it,
    while the tiles either side lie along it."""
    words = "5-3 3-3 3-6 R3R3+Y3Y3 6-1"
    line = tuple(parse_placed(w) for w in words.split())
    snake = line_layout(line, (0.0, 0.0, 900.0, 300.0))
    u = snake.unit
    assert [lay.vertical for lay in snake.laid] == [False, True, False, True, False]
    middles = [lay.y + (u if lay.vertical else u / 2) for lay in snake.laid]
    assert max(middles) - min(middles) < 0.01, "one row, the doubles centred on it"
    lefts = [lay.x for lay in snake.laid]
    assert [b - a for a, b in pairwise(lefts)] == pytest.approx([2.1 * u, 1.1 * u, 2.1 * u, 1.1 * u]), (
        "a double takes one unit of the row, a tile along it two"
    )
    # As the table draws it: the body of the 3-3 is twice as tall as it is wide, the 5-3's the other way.
    scene = spectators_scene(words)
    bodies = {}
    for index, shape in enumerate(scene.shapes):
        if isinstance(shape, Piece) and shape.key in ("3-3", "5-3"):
            body = scene.shapes[index + 1]
            assert isinstance(body, Rect)
            bodies[shape.key] = (body.w, body.h)
    assert bodies["3-3"][1] == pytest.approx(2 * bodies["3-3"][0])
    assert bodies["5-3"][0] == pytest.approx(2 * bodies["5-3"][1])


def test_a_pyrino_in_the_line_is_drawn_as_its_pyramids() -> None:
    """ "A pyrino is like a domino, but made out of pyramids. Each end is
    made up of either a solitary pyramid or two pyramids of the same colour
    in a stack. In the case of it being two pyramids of different size, the
    small pyramid should be stacked on top of the larger so that the size of
    each pyramid is clear": in the line, each pyramid of a pyrino is drawn as
    a pyramid of its colour and size (the scene's pieces ``red3`` and so
    on), a stack as two, the smaller on top, nearer the upper left."""
    scene = spectators_scene("6-5 R3R2+Y1 1-4 K2K2+G3")
    panel = line_panel(scene)
    pieces = [
        shape
        for shape in scene.shapes
        if isinstance(shape, Piece)
        and panel.x <= shape.x <= panel.x + panel.w
        and panel.y <= shape.y <= panel.y + panel.h
    ]
    assert [p.key for p in pieces] == ["6-5", "red3", "red2", "yellow1", "4-1", "black2", "black2", "green3"]
    unit = pieces[0].size / 2  # a domino along the line is two units long
    red3, red2, yellow1 = pieces[1:4]
    assert red2.size < red3.size and red2.x < red3.x and red2.y < red3.y, "the small red on top"
    assert yellow1.x - (red2.x + red3.x) / 2 == pytest.approx(unit, rel=0.1), "the other end, next to it"
    assert pieces[0].x < red3.x < yellow1.x < pieces[4].x, "in the line's order"
    lower, upper, green = pieces[5:]
    assert lower.size == upper.size and upper.x < lower.x and upper.y < lower.y, "two medium blacks stacked"
    assert green.size > upper.size, "a large green, drawn large, though it counts 0"


def test_pictures_and_files_show_no_hand() -> None:
    """A picture of the table (a link's, a figure's, a file for a wiki) may
    be seen by anyone, so it is drawn for a spectator: both hands' dominoes
    face down, however the person who made it sees the table
    (docs/rules-notes.md, Pyrinoes 7)."""
    table = Table("pyrinoes", BOT, seed=4)
    table.play_bots()
    for _ in range(4):
        table.play(table.legal_moves()[0])
        table.play_bots()
    hands = {*table.state.hands[0], *table.state.hands[1]}
    assert table.view()["draggable"], "the person sees their own hand face up"
    cursor = table.cursor
    drawn = [
        scene for scene, _ in figures.draw(table, range(cursor, cursor + 1), views.PICTURE_SIZE, figure=False)
    ]
    drawn += [scene for scene, _ in figures.draw(table, range(cursor, cursor + 1), views.FILE_SIZE)]
    for scene in drawn:
        keys = [shape.key for shape in scene.shapes if isinstance(shape, Piece)]
        backs = sum(len(hand) for hand in table.state.hands) + 1  # (and the boneyard's)
        assert keys.count("domino-back") == backs
        assert not {str(domino) for domino in hands} & set(keys)
    files = figures.picture_files(table, range(cursor, cursor + 1))
    assert not [domino for domino in hands if str(domino) in files[0].svg]


# ---------------------------------------------------------------- numbers a player would count by eye

READING_SIZES = {
    "phone 390x844": (372.0, 650.0),
    "desktop 1280x800": (883.0, 558.0),
    "frame 640x480": (625.0, 402.0),
}
"""The canvases the page gives the table on a phone, on a desktop and in a
640x480 frame (tests/test_layout.py)."""


@functools.cache
def long_rounds(count: int) -> list[PyrinoesState]:
    """The ``count`` longest rounds of matches between random bots, each at
    its last move (its line at its longest), with fire to move."""
    found: dict[tuple[int, int], PyrinoesState] = {}
    for seed in range(8):
        table = Table("pyrinoes", [Seat("bot", "random"), Seat("bot", "random")], seed=seed)
        table.play_bots()
        for ply in table.history.plies:
            if ply.before.line and ply.before.ending is None:
                found[seed, ply.before.round] = ply.before
    longest = sorted(found.values(), key=lambda state: -len(state.line))
    return [replace(state, to_move=0) for state in longest[:count]]


def groups(scene: Scene) -> list[tuple[Piece, list[Any]]]:
    """Each piece marked for the painter, with the shapes it is drawn with."""
    out = []
    for index, shape in enumerate(scene.shapes):
        if isinstance(shape, Piece):
            out.append((shape, scene.shapes[index + 1 : index + 1 + shape.count]))
    return out


def in_box(shape: Any, box: Rect) -> bool:
    return box.x <= shape.x <= box.x + box.w and box.y <= shape.y <= box.y + box.h


def weight(key: str) -> int:
    return sum(int(end) for end in key.split("-"))


Box = tuple[float, float, float, float]


def tile_bodies(scene: Scene) -> list[Rect]:
    """The body of every tile drawn face up, a domino's (its face) or a
    pyrino's: two units by one, outlined in ink."""
    return [
        shape
        for shape in scene.shapes
        if isinstance(shape, Rect)
        and shape.stroke == INK
        and shape.width == 1
        and shape.fill in (FACE, CELL)
        and (shape.w == pytest.approx(2 * shape.h) or shape.h == pytest.approx(2 * shape.w))
    ]


def halves(body: Rect) -> tuple[Box, Box]:
    """A tile's two ends, left (top) first: left, top, right, bottom."""
    x, y, w, h = body.x, body.y, body.w, body.h
    if w > h:
        return (x, y, x + w / 2, y + h), (x + w / 2, y, x + w, y + h)
    return (x, y, x + w, y + h / 2), (x, y + h / 2, x + w, y + h)


def centred_in(shape: Any, box: Box) -> bool:
    return box[0] <= shape.x <= box[2] and box[1] <= shape.y <= box[3]


def crosses(inner: Box, outer: Box) -> bool:
    return (
        min(inner[2], outer[2]) - max(inner[0], outer[0]) > 0.5
        and min(inner[3], outer[3]) - max(inner[1], outer[1]) > 0.5
    )


def spots_drawn(scene: Scene, box: Box) -> int:
    """The spots of the pyramids drawn centred in ``box`` (a green counts 0)."""
    total = 0
    for shape in scene.shapes:
        kind = re.fullmatch(r"([a-z]+)(\d)", shape.key) if isinstance(shape, Piece) else None
        if kind and kind[1] != "green" and centred_in(shape, box):
            total += int(kind[2])
    return total


def tile_numbers(scene: Scene) -> tuple[int, list[Text]]:
    """Issue 36: a number on a tile reads as the tile's own value.  So no
    text lies on a domino at all (its pips are drawn), and on a pyrino only
    its two ends' values, each inside its own end and equal to the spots of
    the pyramids drawn there, none across the middle.  How many dominoes
    were seen, and the pyrinoes' values."""
    texts = [t for t in scene.shapes if isinstance(t, Text)]
    dominoes, values = 0, []
    for body in tile_bodies(scene):
        box = (body.x, body.y, body.x + body.w, body.y + body.h)
        on = [t for t in texts if crosses(t.box(), box)]
        if body.fill == FACE:
            dominoes += 1
            assert on == [], [t.text for t in on]
            continue
        if not on:  # a tile too small to read a number on
            continue
        assert len(on) == 2, [t.text for t in on]
        for end, half in enumerate(halves(body)):
            mine = [t for t in on if centred_in(t, half)]
            assert len(mine) == 1, (end, [t.text for t in on])
            left, top, right, bottom = mine[0].box()
            assert left >= half[0] - 0.5 and right <= half[2] + 0.5, (mine[0], half)
            assert top >= half[1] - 0.5 and bottom <= half[3] + 0.5, (mine[0], half)
            assert mine[0].text == str(spots_drawn(scene, half)), (mine[0].text, half)
            values.append(mine[0])
    return dominoes, values


@pytest.mark.parametrize("where", list(READING_SIZES))
def test_the_line_stays_readable_at_the_end_of_long_rounds(where: str) -> None:
    """Late in a long round the line of play shrank until its pips were
    about 4 px across (3.6 px in a 640x480 frame, 4.1 px on a phone).  Now it
    stops shrinking at pips 6 px across and each pyrino shows its two ends'
    values (11 px tall or more, each in its own end; a domino has its pips
    and no number, issue 36); what does not fit folds away from the middle
    of the line, and the fold says how many tiles it holds, so that the
    tiles shown and folded are the whole line, both open ends still shown."""
    from test_contrast import contrast, texts_and_grounds

    width, height = READING_SIZES[where]
    states = long_rounds(3)
    assert min(len(state.line) for state in states) >= 28
    for state in states:
        scene = table_scene(GAME.view(state, 0), Marks(viewer=0), width, height, ["Fire", "Ice"], 0)
        panel = line_panel(scene)
        dominoes = 0
        for piece, shapes in groups(scene):
            if not in_box(piece, panel) or not re.fullmatch(r"\d-\d", piece.key):
                continue
            dominoes += 1
            pips = [s for s in shapes if isinstance(s, Circle) and s.fill == INK]
            assert len(pips) == weight(piece.key)
            assert min((2 * pip.r for pip in pips), default=99) >= 6, (where, len(state.line), piece.key)
            assert not [s for s in shapes if isinstance(s, Text)], piece.key
        tile_numbers(scene)
        texts = [t for t in scene.shapes if isinstance(t, Text) and in_box(t, panel)]
        pyrinoes = [b for b in tile_bodies(scene) if b.fill == CELL and in_box(b, panel)]
        boxes = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in pyrinoes]
        values = [t for t in texts if any(crosses(t.box(), box) for box in boxes)]
        assert len(values) == 2 * len(pyrinoes) and all(t.size >= 11 for t in values)
        folds = [int(t.text.split()[0]) for t in texts if t.text.endswith(" more")]
        folds += [int(t.text) for t, after in pairwise(texts) if after.text == "more"]
        assert dominoes + len(pyrinoes) + sum(folds) == len(state.line), (where, folds)
        assert len(folds) <= 1
        assert {"end:left", "end:right"} <= scene.targets()
        for text, ground in texts_and_grounds(scene):
            if in_box(text, panel):
                assert text.fill is not None and contrast(text.fill, ground) >= 4.5, text


def hand_scene(where: str, line: list[Placed] = SIX_SIX) -> tuple[Table, Scene]:
    """The person's hand of five dominoes and two pyrinoes, on the table at ``where``."""
    pyrinoes = ((pyrino([R3, R2], [G1]), pyrino([Y3], [R2])), ())
    state = position(line, ["5-3", "6-4", "0-0", "2-1", "6-5"], ["4-4"], pyrinoes=pyrinoes)
    state = replace(
        state, supply=(tuple(p for p in full_supply(0) if p not in (R3, R2, G1, Y3, R2)), state.supply[1])
    )
    table = Table("pyrinoes", BOT, seed=1, size=READING_SIZES[where])
    table.start_from(state)
    return table, table.scene()


@pytest.mark.parametrize("where", list(READING_SIZES))
def test_every_pyrino_in_the_hand_shows_its_ends_and_the_hand_its_total(where: str) -> None:
    """A domino of the person's hand shows its pips and no number (a total
    across it read as its value, issue 36); a pyrino its two ends' values
    (the pips of a stack added up, a green counting 0), each on its own end,
    in numbers 11 px tall or more; what counts when the round ends, the
    person's hand total (their dominoes' spots and their pyramids' pips not
    played), is written beside their name, outside every tile, in words."""
    table, scene = hand_scene(where)
    panel = line_panel(scene)
    shown = {}
    for piece, shapes in groups(scene):
        if re.fullmatch(r"\d-\d", piece.key) and not in_box(piece, panel):
            shown[piece.key] = [t.text for t in shapes if isinstance(t, Text)]
    assert shown == {key: [] for key in ("5-3", "6-4", "0-0", "2-1", "6-5")}
    dominoes, values = tile_numbers(scene)
    assert dominoes == 6, "the five of the hand and the 6-6 of the line"
    assert sorted(t.text for t in values) == ["0", "2", "3", "5"]
    assert min(t.size for t in values) >= 11
    totals = [t for t in scene.shapes if isinstance(t, Text) and t.text.startswith("hand total ")]
    assert [t.text for t in totals] == [f"hand total {rules.hand_total(table.state, 0)}"]
    dominoes_left, supply_left, pyrinoes_left = 8 + 10 + 0 + 3 + 11, 3 * 1 + 3 * 1 + 3 * 2, 3 + 2 + 1 + 3 + 2
    assert rules.hand_total(table.state, 0) == dominoes_left + supply_left + pyrinoes_left
    bodies = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in tile_bodies(scene)]
    assert not any(crosses(totals[0].box(), body) for body in bodies)
    assert totals[0].box()[2] <= READING_SIZES[where][0]


def test_no_number_on_a_tile_but_a_pyrinos_ends_anywhere_in_the_line() -> None:
    """Issue 36, in the line: pyrinoes along a row, standing on end where the
    line turns and lying crosswise as a double, dominoes likewise; each
    pyrino's values sit in its own ends, no domino has a number on it."""
    words = "4-5 R3R2+Y1 1-4 K2K2+G3 0-3 3-3 R3+Y3 3-2 2-2 K2+B2 2-5 5-5 5-1 B1+K2 2-4"
    line = [parse_placed(w) for w in words.split()]
    standing = set()
    for where in READING_SIZES:
        scene = hand_scene(where, line)[1]
        dominoes, values = tile_numbers(scene)
        panel = line_panel(scene)
        bodies = [b for b in tile_bodies(scene) if in_box(b, panel)]
        assert dominoes == 5 + sum(b.fill == FACE for b in bodies)
        assert len(values) == 2 * (2 + sum(b.fill == CELL for b in bodies)), where
        assert sum(b.fill == CELL for b in bodies) >= 3, where
        standing |= {(where, b.w < b.h) for b in bodies if b.fill == CELL}
    assert {vertical for _, vertical in standing} == {False, True}, "pyrinoes along a row and standing on end"


def test_a_long_line_folds_its_middle_and_keeps_its_ends() -> None:
    """In a box too small for the whole line at the smallest size, the tiles
    folded away are one run from the middle; the first and last tiles (the
    open ends) stay, and nothing overlaps, the fold included."""
    state = long_rounds(1)[0]
    for box in ((0.0, 0.0, 360.0, 330.0), (0.0, 0.0, 300.0, 260.0), (0.0, 0.0, 420.0, 300.0)):
        snake = line_layout(state.line, box)
        assert snake.unit == LINE_MIN_UNIT
        hidden = [i for i, lay in enumerate(snake.laid) if lay is None]
        assert hidden and snake.folded == len(hidden) and snake.fold is not None
        assert hidden == list(range(hidden[0], hidden[-1] + 1))
        assert snake.laid[0] is not None and snake.laid[-1] is not None
        assert abs(hidden[0] - (len(state.line) - 1 - hidden[-1])) <= 1, "as many kept at each end"
        boxes = tile_boxes(state.line, box)
        assert overlaps(boxes) == []
        assert max(b[3] for b in boxes) <= box[3] + 0.5
