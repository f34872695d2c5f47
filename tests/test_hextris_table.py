"""The Hextris presenter, draws by agreement, and tables that change game:
the user's journey in CPython."""

from __future__ import annotations

import json

import pytest
from table_helpers import command, finish_hint, follow_hint, hint_rings, tap, target_at

from iriri_core import Seat, Table, get_game
from iriri_core.bots import accepts_draw
from iriri_core.pictures.scene import to_svg
from iriri_core.site.links import Snapshot, parse_options
from iriri_core.table.events import event_problem

HUMANS = [Seat("human"), Seat("human")]

FOUR_AND_ONE = """Hextris
players: yellow blue
to move: 1
passes in a row: 0
groups: 2 0
hand 1: 0 small, 1 medium, 0 large
hand 2: 5 small, 5 medium, 4 large
result: playing
board:
e     ..  ..  B3
d   ..  ..  ..  ..
c ..  ..  ..  ..  ..
b   Y1  ..  ..  ..
a     Y3  Y2  Y1
"""
"""Yellow has banked two groups and has four pieces joined on a1 a2 a3 b1:
a medium dropped on c1 makes the third group."""

BLOCKED_IN = """Hextris
players: yellow blue red
to move: 1
passes in a row: 0
groups: 2 0 0
hand 1: 0 small, 0 medium, 5 large
hand 2: 2 small, 2 medium, 5 large
hand 3: 2 small, 2 medium, 5 large
result: playing
board:
e     B1  R1  R2
d   B2  ..  ..  B1
c R1  ..  ..  ..  B2
b   R2  ..  ..  R1
a     B1  B2  R2
"""
"""Every edge spot is taken and yellow has nothing on the board: yellow has no legal move."""


def position_table(text: str, seats: tuple[str, ...] = ("human", "human")) -> Table:
    table = Table("hextris", HUMANS)
    table.apply(parse_options("position=" + text.replace("\n", "%0A") + "&seats=" + ",".join(seats)))
    return table


def test_a_drop_is_a_size_from_hand_then_an_edge_spot() -> None:
    table = Table("hextris", HUMANS)
    view = tap(table, "hand:0:2")
    assert "drop your medium" in view["status"]
    assert view["draggable"] == ["hand:0:1", "hand:0:2", "hand:0:3"]
    view = tap(table, "spot:c3")
    assert view["message"]["text"] == "c3 is inside the board: drop only on an edge spot"
    assert table.moves == []
    view = tap(table, "spot:a2")
    assert view["moves"][-1] == {"number": 1, "text": "M@a2", "description": "Yellow drops a medium on a2"}
    assert view["scores"][0]["cells"][1] == "S5 M4 L5" and view["columns"][0]["label"] == "Groups"


def test_the_status_offers_only_what_can_be_done() -> None:
    """A rack to tap only with pieces in it and an edge spot free, pieces on
    the board only when one of them can go (issue 36: an empty rack was
    offered)."""
    start = Table("hextris", HUMANS).view()["status"]
    assert start == "Yellow, your turn: tap a size in your rack to drop a new piece on the edge"
    assert position_table(FOUR_AND_ONE).view()["status"] == (
        "Yellow, your turn: tap a size in your rack to drop a new piece on the edge, "
        "or one of your pieces on the board to move it"
    )
    empty_rack = Table("hextris")  # the last lesson: two groups banked, the other ten on the board
    view = empty_rack.handle({"type": "lesson", "game": "hextris", "lesson": "win"})
    assert view["status"] == "Your turn: tap one of your pieces on the board to move it or swap it"


def test_a_piece_picked_on_the_board_moves_or_swaps_with_a_tap() -> None:
    table = Table("hextris", HUMANS)
    for text in ("L@c1", "M@c5"):
        table.handle({"type": "move", "text": text})
    tap(table, "spot:c1")
    assert table.draft.spot is not None
    view = tap(table, "spot:c5")
    assert "c4 is in the way" not in (view["message"] or {}).get("text", "")
    # c1 to c5 is blocked by nothing but c5 itself: the large may not land on a piece,
    # and a large swaps only with a medium next to it, so the rules say why not.
    assert view["message"]["text"] == "c1 and c5 are not adjacent"
    view = tap(table, "spot:c4")
    assert view["moves"][-1]["text"] == "c1-c4"
    tap(table, "spot:c5")
    view = tap(table, "spot:c4")
    assert view["message"]["text"] == "A medium piece swaps only with a small one"
    assert len(view["moves"]) == 3


def test_taps_on_other_pieces_and_empty_spots_explain_themselves() -> None:
    table = Table("hextris", HUMANS)
    table.handle({"type": "move", "text": "S@a1"})
    view = tap(table, "spot:a1")
    assert "That piece is yellow" in view["message"]["text"]
    view = tap(table, "spot:b2")
    assert "Pick a piece from your hand first" in view["message"]["text"]
    view = tap(table, "hand:0:1")
    assert "Yellow's hand" in view["message"]["text"]
    view = tap(table, "spot:z9")
    assert view["message"]["text"] == "Nothing to do with 'spot:z9'"


def test_a_drag_from_hand_or_from_a_piece_plays_the_move() -> None:
    table = Table("hextris", HUMANS)
    view = table.handle({"type": "drag", "from": "hand:0:3", "to": "spot:e5"})
    assert view["moves"][-1]["text"] == "L@e5"
    table.handle({"type": "move", "text": "S@a1"})
    view = table.handle({"type": "drag", "from": "spot:e5", "to": "spot:c3"})
    assert view["moves"][-1]["text"] == "e5-c3"


def test_the_picked_piece_shows_where_it_can_go() -> None:
    table = Table("hextris", HUMANS)
    table.handle({"type": "move", "text": "M@c1"})
    table.handle({"type": "move", "text": "S@b1"})
    tap(table, "spot:c1")
    svg = to_svg(table.scene())
    assert svg.count('stroke-dasharray="7 3"') == 1, "one swap: the medium with the small on b1"
    legal = {m for m in table.legal_moves() if getattr(m, "start", None) == table.draft.spot}
    assert svg.count('stroke-dasharray="5 3"') == len(legal)


def test_a_group_of_five_is_described_and_counted() -> None:
    table = position_table(FOUR_AND_ONE)
    view = table.handle({"type": "move", "text": "M@c1"})
    assert view["over"] is not None
    assert view["moves"][-1]["description"] == "Yellow drops a medium on c1, making a group of five"
    assert view["over"]["text"] == "Yellow wins with three groups of five; Blue 0"
    assert view["status"].startswith("Game over")


def test_a_person_with_no_legal_move_loses_the_turn_without_pressing_anything() -> None:
    """Rules: "You may not pass on your turn as long as a legal move is
    available to you": with none, the turn is lost, and the table loses it
    for the person (issue 22, 5), saying why; no Pass button to press."""
    table = position_table(BLOCKED_IN, ("human", "human", "human"))
    view = table.view()
    said = "Yellow has no legal move and loses the turn"
    assert view["status"] == said and view["state"]["thinking"]
    assert not view["buttons"]["pass"] and view["actions"] == []
    assert "has no move but to pass" in tap(table, "hand:0:3")["message"]["text"]
    assert table.advance() == 0.0 and table.moves == ["pass"]
    view = table.view()
    assert view["moves"][-1]["description"] == view["last"] == said
    assert table.seat_to_move == 1 and view["status"].startswith("Blue, your turn")
    assert not view["buttons"]["undo"], "nobody chose anything to take back"


def test_a_person_offers_a_draw_and_the_other_accepts_or_declines() -> None:
    table = Table("hextris", HUMANS)
    table.handle({"type": "move", "text": "L@c1"})
    view = command(table, "draw")
    assert view["draw_offer"] == "Blue offers a draw. Yellow, do you accept?"
    assert not view["buttons"]["draw"]
    view = command(table, "decline")
    assert view["message"]["text"] == "Yellow declines the draw: play on"
    assert view["draw_offer"] == "" and view["over"] is None
    command(table, "draw")
    view = command(table, "accept")
    assert view["over"]["text"] == "Drawn by agreement (groups: Yellow 0, Blue 0)"
    assert view["over"]["winners"] == ["Yellow", "Blue"]
    assert view["moves"][-1] == {"number": 2, "text": "draw", "description": "The players agree a draw"}
    view = command(table, "undo")
    assert view["over"] is None and view["state"]["cursor"] == 1


def test_a_move_withdraws_a_draw_offer() -> None:
    table = Table("hextris", HUMANS)
    command(table, "draw")
    view = table.handle({"type": "move", "text": "S@a1"})
    assert view["draw_offer"] == "" and view["over"] is None


def test_a_bot_accepts_a_draw_only_when_it_is_not_ahead() -> None:
    """The bots accept a draw when their evaluation says so (issue: draws are
    by agreement in the rules)."""
    game = get_game("hextris")
    state = game.from_text(FOUR_AND_ONE)
    assert not accepts_draw(game, state, 0), "yellow has two groups banked"
    assert accepts_draw(game, state, 1)
    table = position_table(FOUR_AND_ONE, ("human", "hard"))
    view = command(table, "draw")
    assert view["over"] is not None and view["moves"][-1]["text"] == "draw"
    table = position_table(FOUR_AND_ONE.replace("to move: 1", "to move: 2"), ("hard", "human"))
    view = command(table, "draw")
    assert view["message"]["text"] == "Yellow (hard bot) declines the draw: play on"
    assert view["over"] is None


def test_iriri_has_no_draws_by_agreement() -> None:
    table = Table("iriri", HUMANS, seed=1)
    view = command(table, "draw")
    assert view["message"]["text"] == "Iriri has no draws by agreement"
    assert not view["buttons"]["draw"]


def test_bots_alone_stop_at_the_move_cap_with_a_draw() -> None:
    game = get_game("hextris")
    table = Table("hextris", [Seat("bot", "random"), Seat("bot", "random")], seed=4)
    # Two larges shuffle back and forth up to the cap; then the bots go on.
    moves = ["L@c1", "L@c5"] + ["c1-c2", "c5-c4", "c2-c1", "c4-c5"] * ((game.move_cap - 2) // 4 + 1)
    record = {"format": "iriri-core record", "version": 1, "game": "hextris", "players": 2, "seed": None}
    record |= {"start": game.to_text(game.new_game()), "moves": moves[: game.move_cap]}
    table.handle({"type": "import", "text": json.dumps(record)})
    table.play_bots()
    assert table.moves[-1] == "draw" and len(table.moves) == game.move_cap + 1
    assert "Drawn by agreement" in table.view()["over"]["text"]


def test_a_table_switches_games_and_loads_any_game() -> None:
    table = Table("iriri", [Seat("human"), Seat("bot", "hard")], seed=2)
    view = table.handle({"type": "game", "name": "hextris"})
    assert view["setup"]["game"] == "hextris" and view["setup"]["label"] == "Hextris (David J. Bush)"
    assert view["setup"]["players"] == [2, 3] and view["setup"]["seed_help"] == ""
    assert view["state"]["seats"] == [{"kind": "human"}, {"kind": "bot", "level": "medium"}]
    view = table.handle({"type": "game", "name": "chess"})
    assert "There is no game called 'chess'" in view["message"]["text"]
    assert view["setup"]["game"] == "hextris"
    table.handle({"type": "move", "text": "L@a1"})
    saved = table.snapshot()
    view = table.handle({"type": "new", "seats": [{"kind": "human"}] * 3, "game": "iriri"})
    assert view["setup"]["game"] == "iriri" and len(view["state"]["seats"]) == 3
    table.load(saved)
    assert table.game.name == "hextris" and table.moves == ["L@a1"]
    view = table.handle({"type": "new", "seats": [{"kind": "human"}] * 4, "game": "hextris"})
    assert view["message"]["text"] == "Hextris is for 2 to 3 players"


def test_links_name_their_game() -> None:
    table = Table("hextris", HUMANS)
    table.handle({"type": "move", "text": "M@b1"})
    code = table.snapshot().to_code()
    assert parse_options("record=" + code).game == "hextris"
    assert parse_options("game=hextris&seats=human,hard,easy").seats == ("human", "hard", "easy")
    position = get_game("hextris").to_text(get_game("hextris").new_game(3))
    assert parse_options("position=" + position.replace("\n", "%0A")).game == "hextris"
    other = Table("iriri", HUMANS, seed=1)
    other.apply(parse_options("record=" + code + "&mode=figure&step=1"))
    assert other.game.name == "hextris" and other.figure and other.cursor == 1
    assert Snapshot.from_code(code).record.game == "hextris"


def test_the_game_event_is_checked() -> None:
    assert event_problem({"type": "game"}) == "a game event needs name"
    assert event_problem({"type": "game", "name": "hextris"}) == ""


def test_a_hint_rings_the_size_to_pick_then_the_spot_to_drop_it_on() -> None:
    table = position_table(FOUR_AND_ONE)
    view = finish_hint(table)
    spot = view["announce"].split(" on ")[1][:2]
    assert spot in ("b4", "c1")
    assert view["announce"] == (
        f"Hint: drops a medium on {spot} (makes a group of five). "
        f"Tap the medium in your rack, then spot {spot}."
    )
    rings = hint_rings(view["scene"])
    assert (
        target_at(view["scene"], *rings[1]) == "hand:0:2"
        and target_at(view["scene"], *rings[2]) == f"spot:{spot}"
    )
    assert table.draft.size is None, "nothing is picked for the person"
    assert follow_hint(table) == ["hand:0:2", f"spot:{spot}"] and table.moves == [f"M@{spot}"]


@pytest.mark.parametrize("size", [(900, 600), (380, 700), (200, 150)])
def test_the_scene_has_a_target_for_every_spot_and_hand_size(size: tuple[int, int]) -> None:
    table = Table("hextris", HUMANS + [Seat("human")], size=(float(size[0]), float(size[1])))
    targets = table.scene().targets()
    assert {t for t in targets if t.startswith("spot:")} == {
        f"spot:{row}{col}" for row in "abcde" for col in range(1, 6) if abs(col - "abcde".index(row) - 1) <= 2
    }
    assert {t for t in targets if t.startswith("hand:")} == {"hand:0:1", "hand:0:2", "hand:0:3"}
    for shape in table.scene().shapes:
        if shape.target:
            assert 0 <= getattr(shape, "x", 0) <= size[0]


def test_the_mirror_tells_the_whole_table_in_words() -> None:
    table = Table("hextris", HUMANS)
    table.handle({"type": "move", "text": "L@e4"})
    mirror = table.view()["mirror"]
    assert mirror[0] == "Blue to move."
    assert "e4 large yellow" in mirror[3]
    assert mirror[5] == "e     ..  Y3  .."


def test_a_typed_draw_is_an_offer_not_a_draw() -> None:
    """A draw needs everyone's agreement (docs/rules-notes.md): typing `draw`
    (or an embed's host sending it) offers one, as the button does."""
    table = Table("hextris", HUMANS)
    view = table.handle({"type": "move", "text": "draw"})
    assert view["over"] is None and view["draw_offer"] == "Yellow offers a draw. Blue, do you accept?"
    table = Table("hextris", [Seat("human"), Seat("bot", "hard")])
    table.handle({"type": "move", "text": "L@c1"})
    table.play_bots()
    table.handle({"type": "move", "text": "c1-c3"})
    table.play_bots()
    assert get_game("hextris").evaluate(table.state, 1) > 0, "the bot is ahead here"
    view = table.handle({"type": "move", "text": "DRAW"})
    assert view["over"] is None and view["message"]["kind"] == "note"
    assert "declines the draw" in view["message"]["text"]


def test_a_new_game_is_never_a_figure() -> None:
    table = Table("hextris", HUMANS)
    table.handle({"type": "move", "text": "L@c1"})
    code = table.snapshot().to_code()
    table.apply(parse_options(f"record={code}&mode=figure"))
    assert table.figure
    assert table.switch("iriri") and not table.figure
    view = table.handle({"type": "move", "text": "pass"})
    assert "figure" not in (view["message"] or {}).get("text", "")
