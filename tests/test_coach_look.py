"""A move of the coach's list looked at and tried again (issue 36): both
moves marked on the board, "yours" and "better" (iriri_core.pictures.drawing.move_marks);
the person's own hidden pieces shown to them; the players' table of the
position looked at; and a new game from that position, the hard bot's move
on the table as a hint, the game coached kept to go back to."""

from __future__ import annotations

from typing import Any

import pytest
from test_coach import Clock
from test_saves import Offers, Store

from iriri_core import Seat, Table
from iriri_core.bots import make_bot
from iriri_core.engine import turn_numbers
from iriri_core.front import Front
from iriri_core.games.pyrinoes.parts import tile_text
from iriri_core.learn import coach_mode
from iriri_core.learn.coach import Coach, Judgement
from iriri_core.pictures import figures
from iriri_core.pictures.drawing import BETTER, YOURS, _target_box
from iriri_core.pictures.scene import Circle, Rect, Scene, Text
from iriri_core.presenter import presenter_for, table_games
from iriri_core.settings import least_settings
from iriri_core.site.links import Snapshot
from iriri_core.site.saves import PREVIOUS
from iriri_core.table.views import panel

GAMES = {name: least_settings(presenter_for(name)) for name in table_games()}
"""Every game of the registry, with the settings of the game played: each
at its least (a short Pyrinoes match)."""

SEAT = 1
"""The person's seat; a random bot plays the other."""


def finished(name: str) -> Table:
    """A game of ``name`` played to its end by random moves, the person's too."""
    table = Table(name, [Seat("bot", "random"), Seat("human")], seed=3, clock=Clock())
    table.new_game(table.seats, 3, settings=GAMES[name])
    stand_in = make_bot("random", 9)
    game = table.game
    while not game.is_over(table.state):
        if table.human_to_move:
            table.play(stand_in.choose(game, game.view(table.state, table.seat_to_move)))
        elif table.seating().between_rounds:
            table.handle({"type": "command", "name": "next-round"})
        else:
            table.play_bots()
    return table


def coached(name: str) -> tuple[Table, Judgement]:
    """A finished game of ``name`` whose coach lists one move: the person's
    last move that taps the board, and in its place another that does too."""
    table = finished(name)
    game, presenter = table.game, table.presenter
    plies = [(ply.before, ply.move) for ply in table.history.plies]
    turns = turn_numbers([game.current_player(state) for state, _ in plies])
    for ply in reversed(range(len(plies))):
        state, move = plies[ply]
        if game.current_player(state) != SEAT:
            continue
        seen = coach_mode.seen_then(table, ply)
        if not coach_mode.taps(presenter, seen, move):
            continue
        other = next((m for m in seen.legal if m != move and coach_mode.taps(presenter, seen, m)), None)
        if other is None:
            continue
        texts = game.move_text(seen.state, move), game.move_text(seen.state, other)
        judged = Judgement(ply, turns[ply], move, other, *texts, 0.3, 0.6)
        table.coach = Coach(game, plies, SEAT)
        table.coach.judgements = [judged]
        return table, judged
    raise AssertionError(f"no move of the person's in this {name} game taps the board")


def rings(scene: Scene, colour: str) -> list[tuple[float, float]]:
    """The centres of the rings of ``colour`` in ``scene``."""
    found = []
    for shape in scene.shapes:
        if isinstance(shape, Circle) and shape.stroke == colour and shape.fill is None:
            found.append((round(shape.x, 1), round(shape.y, 1)))
        elif isinstance(shape, Rect) and shape.stroke == colour and shape.fill is None:
            found.append((round(shape.x + shape.w / 2, 1), round(shape.y + shape.h / 2, 1)))
    return found


def centre(scene: Scene, target: str) -> tuple[float, float]:
    box = _target_box(scene, target)
    assert box is not None, target
    x, y, w, h, _ = box
    return round(x + w / 2, 1), round(y + h / 2, 1)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_coached_position_marks_both_moves_at_their_targets_with_words(name: str) -> None:
    table, judged = coached(name)
    look = coach_mode.coached_look(table, judged.ply)
    assert look is not None
    shown, marked = look
    scene = shown["scene"]
    seen = coach_mode.seen_then(table, judged.ply)
    expected = {
        "yours": coach_mode.taps(table.presenter, seen, judged.played),
        "better": coach_mode.taps(table.presenter, seen, judged.better),
    }
    for kind, colour in (("yours", YOURS), ("better", BETTER)):
        on_board = [target for target in dict.fromkeys(expected[kind]) if target in scene.targets()]
        assert marked[kind] == on_board and on_board, f"{kind}: every target on the board, and one at least"
        centres = rings(scene, colour)
        for target in marked[kind]:
            assert centre(scene, target) in centres, f"{kind} ringed at {target}"
        assert len(centres) == len(marked[kind]), "a ring at each of the move's targets, and nowhere else"
    words = [shape.text for shape in scene.shapes if isinstance(shape, Text)]
    assert words.count("yours") == 1 and words.count("better") == 1, "a legend in words, not colour alone"
    shapes = list(enumerate(scene.shapes))
    colours = (YOURS, BETTER)
    strokes = [i for i, shape in shapes if isinstance(shape, (Circle, Rect)) and shape.stroke in colours]
    tags = [i for i, shape in shapes if isinstance(shape, Text) and shape.text in marked]
    assert max(strokes) < min(tags), "the words drawn over every ring, none cut by one"
    assert shown["status"] == coach_mode.entry(table, judged)["said"]
    answer = figures.review(table, judged.ply, coached=True)
    assert answer["marks"] == marked and answer["status"] == shown["status"]
    assert answer["scene"] == scene.to_json()


def test_only_a_move_the_coach_lists_is_marked() -> None:
    table, judged = coached("hextris")
    assert coach_mode.coached_look(table, judged.ply - 1) is None
    plain = figures.review(table, judged.ply - 1, coached=True)
    assert plain["marks"] is None and plain == figures.review(table, judged.ply - 1)
    table.coach = None
    assert coach_mode.coached_look(table, judged.ply) is None


def test_the_person_coached_sees_their_own_hidden_dominoes_and_no_others() -> None:
    table, judged = coached("pyrinoes")
    state = table.history.position(judged.ply)
    mine = {f"tile:{tile_text(tile)}" for tile in state.hands[SEAT]}
    theirs = {f"tile:{tile_text(tile)}" for tile in state.hands[1 - SEAT]} - mine
    look = coach_mode.coached_look(table, judged.ply)
    assert look is not None
    targets = look[0]["scene"].targets()
    assert mine and mine <= targets, "the person's own hand, face up"
    assert not theirs & targets, "the bot's hand stays hidden"
    assert coach_mode.seen_then(table, judged.ply).viewer == SEAT
    plain = figures.review(table, judged.ply)["scene"]
    assert not {shape.get("target") for shape in plain["shapes"]} & mine, "a plain look back hides every hand"


@pytest.mark.parametrize("name", list(GAMES))
def test_the_players_table_follows_the_position_looked_at(name: str) -> None:
    table = finished(name)
    early = min(6, table.history.length - 1)
    answer = figures.review(table, early)
    then = panel(table.sight(early, table.size, True))
    assert answer["scores"] == then["scores"] and answer["columns"] == then["columns"]
    assert answer["scores"] != table.view()["scores"], "not the final counts"


def tried(table: Table, judged: Judgement) -> dict[str, Any]:
    return table.handle({"type": "coach-try", "move": judged.ply})


@pytest.mark.parametrize("name", list(GAMES))
def test_trying_a_coached_position_starts_a_game_there_with_the_better_move_as_a_hint(name: str) -> None:
    table, judged = coached(name)
    game = table.game
    before = table.history.position(judged.ply)
    view = tried(table, judged)
    assert table.cursor == 0 and table.history.length == 0
    assert game.view(table.state, SEAT) == game.view(before, SEAT), "the position as the person saw it"
    if not game.hidden_information:
        assert table.state == before
    assert view["message"]["kind"] == "hint"
    text = view["message"]["text"]
    assert text.startswith(f"A new game from before your move on turn {judged.turn}")
    assert "The hard bot's move: " in text and text.endswith("Or play a move of your own.")
    assert table.hint is not None and table.hint.move == judged.better
    assert view["buttons"]["play-hint"] and view["hint"]["next"] is not None
    assert view["coach"] is None and not view["over"]
    table.handle({"type": "command", "name": "play-hint"})
    assert table.history.plies[0].move == judged.better


def test_trying_again_may_play_the_persons_own_move_and_the_bots_answer() -> None:
    table, judged = coached("hextris")
    tried(table, judged)
    table.handle({"type": "move", "text": judged.played_text})
    assert table.history.plies[0].move == judged.played
    table.play_bots()
    assert table.history.length >= 2 or table.game.is_over(table.state)


def test_only_a_listed_move_is_tried() -> None:
    table, judged = coached("hextris")
    record = table.record()
    view = table.handle({"type": "coach-try", "move": judged.ply + 1})
    assert view["message"] == {
        "kind": "error",
        "text": f"The coach lists no move {judged.ply + 2} to play on from",
    }
    assert table.record() == record
    assert table.handle({"type": "coach-try", "move": "3"})["message"]["kind"] == "error"


def test_the_game_coached_is_kept_to_go_back_to() -> None:
    table, judged = coached("hextris")
    store, offers = Store(), Offers()
    front = Front(table, store, offers, lambda: 1.0, "https://example.org/")
    mine = table.snapshot()
    view = front.handle({"type": "coach-try", "move": judged.ply})
    assert view["message"]["kind"] == "hint", "the try says how to play on"
    assert Snapshot.from_json(store.items[PREVIOUS]) == mine and offers.banner
    assert offers.previous == store.items[PREVIOUS]
