"""The set-up of positions as the page drives it (docs/setup.md): opened on
the table (Share ▸ Set up a position, or a link's ``edit``), drawn in the
table's place, a tap putting a piece down, a new game started from the
position set up, and the game on the table never touched meanwhile."""

from __future__ import annotations

from typing import Any

from test_saves import Offers, Store

from iriri_core import Seat, Table
from iriri_core.front import Front
from iriri_core.pictures import figures


def front(game: str = "hextris", seats: tuple[str, str] = ("human", "human")) -> Front:
    table = Table(game, [Seat(kind) if kind == "human" else Seat("bot", kind) for kind in seats], seed=3)
    return Front(table, Store(), Offers(), lambda: 1.0, "https://example.org/")


def targets(view: dict[str, Any]) -> set[str]:
    return {shape["target"] for shape in view["scene"]["shapes"] if "target" in shape}


def test_the_set_up_is_drawn_in_the_tables_place_and_leaves_the_game_alone() -> None:
    page = front()
    page.handle({"type": "move", "text": "M@a1"})
    before = page.table.record()
    view = page.handle({"type": "setup", "do": "open", "from": "empty"})
    editing = view["editor"]
    assert editing["line"] == "hextris:3/4/5/4/3:YB:1:555,555:0,0:0:-" and editing["problem"] is None
    assert view["status"] == "Setting up a position" and "spot:c3" in targets(view)
    assert [tool["short"] for tool in editing["tools"]] == ["Y1", "Y2", "Y3", "B1", "B2", "B3", "Remove"]
    page.handle({"type": "setup", "do": "tool", "tool": "B3"})
    view = page.handle({"type": "tap", "target": "spot:c3"})
    assert view["editor"]["line"] == "hextris:3/4/2B32/4/3:YB:1:555,554:0,0:0:-"
    assert any("c3 large blue" in line for line in view["mirror"]), view["mirror"]
    assert page.table.record() == before, "the game on the table is not touched"
    view = page.handle({"type": "setup", "do": "close"})
    assert view["editor"] is None and "a1" in " ".join(view["mirror"])


def test_a_new_game_from_the_position_set_up_plays_on_by_the_rules() -> None:
    page = front(seats=("human", "easy"))
    page.handle({"type": "setup", "do": "open", "from": "empty"})
    page.handle({"type": "setup", "do": "tool", "tool": "Y2"})
    line = page.handle({"type": "tap", "target": "spot:d3"})["editor"]["line"]
    view = page.handle(
        {"type": "new", "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "position": line}
    )
    assert view["editor"] is None
    table = page.table
    assert table.game.to_line(table.history.start) == line
    page.handle({"type": "move", "text": "S@a1"})
    assert table.history.length >= 1 and table.game.to_line(table.history.start) == line


def test_a_position_that_cannot_happen_is_refused_as_a_new_game_and_the_set_up_stays() -> None:
    page = front()
    page.handle({"type": "setup", "do": "open", "from": "empty"})
    view = page.handle({"type": "setup", "do": "field", "field": "groups1", "value": "3"})
    problem, line = view["editor"]["problem"], view["editor"]["line"]
    assert problem and "3 groups banked" in problem
    view = page.handle({"type": "new", "seats": [{"kind": "human"}, {"kind": "human"}], "position": line})
    assert view["message"]["kind"] == "error" and "3 groups banked" in view["message"]["text"]
    assert view["editor"] is not None and view["editor"]["line"] == line


def test_a_link_with_edit_opens_the_set_up_on_its_position() -> None:
    page = front()
    line = "hextris:3/1B12/2Y3Y31/1B12/3:YB:2:553,355:0,0:0:-"
    page.open_link(f"#game=hextris&position={line}&edit")
    view = page.view()
    assert view["editor"] is not None and view["editor"]["line"] == line and view["editor"]["problem"] is None
    page.open_link("#game=hextris&edit=yes")
    assert "edit: it takes no value" in page.view()["message"]["text"]


def test_switching_game_closes_the_set_up() -> None:
    page = front()
    page.handle({"type": "setup", "do": "open", "from": "start"})
    assert page.handle({"type": "game", "name": "pach-ice-i"})["editor"] is None


def test_a_set_up_from_the_table_shows_only_what_the_person_sees() -> None:
    page = front("pyrinoes", ("human", "easy"))
    for _ in range(40):
        if page.table.game.current_player(page.table.state) == 0 and page.table.state.line:
            break
        page.table.advance(10.0)
    view = page.handle({"type": "setup", "do": "open", "from": "table"})
    hidden = page.table.game.view(page.table.state, 0)
    assert view["editor"]["line"] == (page.table.game.to_line(hidden) or "")


TWO_WINS = "hextris:B3B31/2B21/B1Y21B11/Y2Y32/Y32:YB:1:100,000:2,2:0:-"
"""Yellow to move, with two drops that each make the third group (tests/test_puzzles.py)."""


def test_a_puzzle_is_made_from_the_position_set_up_and_the_hard_bot_warns_of_two_answers() -> None:
    page = front()
    page.open_link(f"#game=hextris&position={TWO_WINS}&edit")
    before = page.table.record()
    view = page.handle({"type": "puzzle-make", "do": "open"})
    assert view["editor"] is None and view["making"]["problem"].startswith("Play the answer on the board")
    assert page.table.game.to_line(page.table.history.start) == TWO_WINS and page.table.record() != before
    assert [seat.kind for seat in page.table.seats] == ["human", "human"], (
        "the answer is played at this screen"
    )
    view = page.handle({"type": "move", "text": "S@a2"})
    assert (
        view["making"]["answer"] == ["S@a2"]
        and view["making"]["problem"] == "Write the question the reader is asked"
    )
    view = page.handle({"type": "puzzle-make", "do": "question", "text": "  Yellow to play   and win "})
    assert view["making"]["question"] == "Yellow to play and win" and view["making"]["problem"] is None
    assert view["making"]["options"] == (
        f"game=hextris&position={TWO_WINS}&puzzle=Yellow+to+play+and+win&answer=S@a2"
    )
    view = page.handle({"type": "puzzle-make", "do": "check"})
    assert view["making"]["checking"] and view["state"]["thinking"] and view["making"]["check"] is None
    generation = page.generation
    while (
        page.advance(0.05) is not None
        and page.desk.making is not None
        and page.desk.making.checking is not None
    ):
        pass
    assert page.generation > generation, "the page shows the check once it is done"
    words = page.view()["making"]["check"]
    assert words[-1] == "Another move is as good: S@d2 (100 in 100).", words
    page.handle({"type": "command", "name": "undo"})
    assert page.view()["making"]["check"] is None, "a check is of the answer it checked"


def test_a_puzzle_is_not_made_from_a_position_that_cannot_happen() -> None:
    page = front()
    page.handle({"type": "setup", "do": "open", "from": "empty"})
    page.handle({"type": "setup", "do": "field", "field": "groups1", "value": "3"})
    view = page.handle({"type": "puzzle-make", "do": "open"})
    assert view["making"] is None and view["editor"] is not None
    assert view["message"]["text"].startswith("Set up a position that can happen first")
    assert page.handle({"type": "puzzle-make", "do": "check"})["message"]["kind"] == "error"


def test_share_gives_the_position_being_set_up_its_link_and_its_picture() -> None:
    page = front()
    page.handle({"type": "move", "text": "M@a1"})
    table_code = page.ask({"kind": "share"})
    page.handle({"type": "setup", "do": "open", "from": "empty"})
    page.handle({"type": "setup", "do": "tool", "tool": "B3"})
    line = page.handle({"type": "tap", "target": "spot:c3"})["editor"]["line"]
    shared = page.ask({"kind": "share"})
    assert isinstance(shared, dict) and shared["line"] == line and shared != table_code
    opened = Front(Table("hextris", [Seat("human"), Seat("human")]), None, Offers(), lambda: 1.0, "")
    opened.open_link(f"#record={shared['code']}")
    assert opened.table.game.to_line(opened.table.state) == line
    files = page.ask({"kind": "files"})
    [drawn] = figures.picture_files(opened.table, range(1))
    assert isinstance(files, dict) and [file["svg"] for file in files["files"]] == [drawn.svg]
    page.handle({"type": "setup", "do": "field", "field": "groups1", "value": "3"})
    assert page.ask({"kind": "share"}) == table_code, "a position that cannot happen: Share is of the table"


def test_a_link_with_edit_opens_a_hidden_hand_whole() -> None:
    """The set-up from the table shows only what the person sees, but a link's position
    is the writer's own: the set-up opens it whole, every hand and the boneyard."""
    page = front("pyrinoes", ("human", "easy"))
    line = "pyrinoes:6-5,5-5,5-3:6-6:3-1:R3-Y1:-:rest:fire:fire:no:0:-:1:0,12:100:-"
    page.open_link(f"#game=pyrinoes&position={line}&edit")
    assert page.view()["editor"]["line"] == line


def test_the_game_on_the_table_waits_while_a_position_is_set_up() -> None:
    page = front(seats=("easy", "easy"))
    page.handle({"type": "setup", "do": "open", "from": "empty"})
    assert page.advance(10.0) is None and not page.view()["state"]["thinking"]
    assert page.table.history.length == 0
    view = page.handle({"type": "setup", "do": "close"})
    assert view["state"]["thinking"] and page.advance(10.0) is not None


def test_a_link_that_puts_another_game_on_the_table_ends_the_set_up_and_a_refused_one_does_not() -> None:
    page = front()
    page.handle({"type": "setup", "do": "open", "from": "empty"})
    page.open_link("#game=hextris&position=hextris:3/4/5/4/9:YB:1:555,555:0,0:0:-")
    assert page.view()["editor"] is not None, "a link refused leaves the set-up as it was"
    page.open_link("#game=hextris&position=hextris:3/4/5/4/3:YB:2:555,555:0,0:0:-")
    assert page.view()["editor"] is None
