"""A game's own settings for a new game (iriri_core.presenter.Setting):
what the view tells the new-game dialog, the ``new`` event that carries
them, the message for a bad one (nothing changes), and saves, share codes,
record files and rematches that keep them.  Links are in tests/test_links.py.

Pyrinoes has one, the target score: "The first player to reach a total
score of 100 points or more wins (unless the players agree otherwise)"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from table_helpers import error

from iriri_core import Seat, Table
from iriri_core.presenter import presenter_for, table_games
from iriri_core.settings import Setting, game_settings
from iriri_core.site.contract import page_contract
from iriri_core.site.links import KNOWN, Snapshot
from iriri_core.table.events import new_game_problem

ROOT = Path(__file__).resolve().parent.parent
HUMANS = [{"kind": "human"}, {"kind": "human"}]


def new(table: Table, **fields: Any) -> dict[str, Any]:
    return table.handle({"type": "new", "seats": HUMANS, "game": "pyrinoes", **fields})


@pytest.mark.parametrize("name", table_games())
def test_the_view_tells_the_dialog_each_games_settings(name: str) -> None:
    """Every game: the dialog is told the settings the game declares (most
    declare none), each at its default in a new game."""
    declared = game_settings(presenter_for(name))
    told = Table(name, seed=1).view()["setup"]["settings"]
    assert told == [setting.to_json(setting.default) for setting in declared], name


def test_the_view_tells_the_dialog_pyrinoes_target() -> None:
    """Pyrinoes' own setting, as the dialog is told it."""
    table = Table("pyrinoes", [Seat("human"), Seat("bot", "easy")], seed=1)
    (target,) = table.view()["setup"]["settings"]
    assert target == {
        "name": "target",
        "label": "Target score",
        "help": "The match is won by the first to this many points: 50 for a shorter game.",
        "choices": [50, 100, 150],
        "min": 0,
        "max": 0,
        "default": 100,
        "value": 100,
    }


def test_a_new_game_with_a_shorter_target() -> None:
    table = Table("iriri", seed=1)
    view = new(table, seed=4, settings={"target": 50})
    assert error(view) == "" and view["setup"]["game"] == "pyrinoes"
    assert table.state.target == 50 and table.settings == {"target": 50}
    assert view["setup"]["settings"][0]["value"] == 50
    assert view["columns"][0]["label"] == "Match (to 50)"
    texts = [shape.get("text", "") for shape in view["scene"]["shapes"]]
    assert "Match to 50" in texts
    view = new(table, seed=4)  # without settings: each at its default
    assert table.state.target == 100 and view["columns"][0]["label"] == "Match (to 100)"


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"target": 75}, "Target score: it is one of 50, 100 or 150; the game is unchanged"),
        ({"target": "fifty"}, "Target score: it is one of 50, 100 or 150; the game is unchanged"),
        ({"target": "5.5"}, "Target score: it is one of 50, 100 or 150; the game is unchanged"),
        ({"target": ""}, "Target score: it is one of 50, 100 or 150; the game is unchanged"),
        ({"target": None}, "Target score: it is one of 50, 100 or 150"),
        ({"target": 50.0}, "Target score: it is one of 50, 100 or 150"),
        ({"target": True}, "Target score: it is one of 50, 100 or 150"),
        ({"goal": 50}, "Pyrinoes has no setting 'goal'; its settings are: target"),
        ([50], "The settings are a set of names and values"),
    ],
)
def test_a_bad_setting_says_why_and_changes_nothing(settings: Any, message: str) -> None:
    table = Table("pyrinoes", [Seat("human"), Seat("bot", "easy")], seed=2)
    new(table, settings={"target": 150})
    table.play_bots()
    before = (table.game.name, table.moves, [s.text for s in table.seats], table.settings)
    view = new(table, settings=settings)
    assert message in error(view)
    assert (table.game.name, table.moves, [s.text for s in table.seats], table.settings) == before


def test_a_setting_as_the_dialog_types_it_is_read_by_python() -> None:
    """The dialog sends each field's text as it is; the table reads it."""
    table = Table("iriri", seed=1)
    view = new(table, seed=4, settings={"target": " 50"})
    assert error(view) == "" and table.settings == {"target": 50} and table.state.target == 50


def test_the_dialog_is_told_what_the_table_would_refuse_and_nothing_changes() -> None:
    """Before the dialog closes it asks (web/main.py, ``new-problem``) in the
    words the table would refuse the event with; nothing changes."""
    table = Table("pyrinoes", [Seat("human"), Seat("bot", "easy")], seed=2)
    table.play_bots()
    before = table.snapshot()
    event = {"type": "new", "seats": HUMANS, "seed": None, "settings": {"target": "75"}}
    refused = "Target score: it is one of 50, 100 or 150; the game is unchanged"
    assert new_game_problem(event, "pyrinoes") == refused
    assert new_game_problem(event, "pyrinoes") == error(table.handle(event))
    assert table.snapshot() == before
    assert new_game_problem({**event, "settings": {"target": "150"}}, "pyrinoes") == ""
    assert new_game_problem({**event, "seats": "two"}, "pyrinoes") == "a new event needs seats"
    moved = {"type": "move", "text": "x"}
    assert new_game_problem(moved, "pyrinoes") == "a new game is asked for by a new event"
    rounds = Setting("rounds", "Rounds", 3, minimum=1, maximum=9)
    with pytest.raises(ValueError, match=r"^it is a whole number from 1 to 9$"):
        rounds.read("12")


def test_a_game_without_settings_refuses_one() -> None:
    table = Table("iriri", seed=1)
    moves = table.moves
    view = table.handle({"type": "new", "seats": HUMANS, "settings": {"target": 50}})
    assert error(view) == "Iriri has no settings; the game is unchanged" and table.moves == moves
    view = table.handle({"type": "new", "seats": HUMANS, "settings": {}})
    assert error(view) == ""


def test_saves_share_codes_and_record_files_keep_the_target() -> None:
    """The target is in the start position, which all three carry."""
    table = Table("pyrinoes", [Seat("human"), Seat("bot", "easy")], seed=3)
    new(table, seed=3, settings={"target": 50})
    table.play_bots()
    saved = Snapshot.from_json(table.snapshot().to_json())
    shared = Snapshot.from_code(table.snapshot().to_code())
    for snapshot in (saved, shared):
        other = Table("iriri", seed=1)
        other.load(snapshot)
        assert other.settings == {"target": 50} and other.moves == table.moves
        assert other.view()["columns"][0]["label"] == "Match (to 50)"
    other = Table("iriri", seed=1)
    other.handle({"type": "import", "text": table.record().to_json()})
    assert other.game.name == "pyrinoes" and other.settings == {"target": 50}


def test_a_rematch_keeps_the_settings() -> None:
    """The page's Rematch sends the settings of the game on the table (the
    view's ``setup.settings`` values) with the seats rotated."""
    table = Table("pyrinoes", [Seat("human"), Seat("bot", "easy")], seed=3)
    new(table, settings={"target": 150})
    view = table.view()
    values = {s["name"]: s["value"] for s in view["setup"]["settings"]}
    seats = view["state"]["seats"]
    view = table.handle({"type": "new", "seats": [*seats[1:], seats[0]], "seed": None, "settings": values})
    assert error(view) == "" and table.settings == {"target": 150}


def test_a_setting_of_whole_numbers_between_limits() -> None:
    rounds = Setting("rounds", "Rounds", 3, minimum=1, maximum=9)
    assert rounds.problem(1) == rounds.problem(9) == ""
    assert rounds.problem(10) == rounds.problem(0) == "it is a whole number from 1 to 9"
    assert rounds.read("4") == 4
    with pytest.raises(ValueError, match="from 1 to 9"):
        rounds.read("four")
    assert Setting("only", "Only", 5, choices=(5,)).problem(4) == "it is 5"


def test_no_setting_is_named_like_a_link_option_and_the_page_knows_those() -> None:
    """A game's setting is a link option by its own name (``target=50``);
    the page (web/ui/before.js) tells the two apart by the list of the
    others, which the page contract gives it."""
    for name in table_games():
        for setting in game_settings(presenter_for(name)):
            assert setting.name not in KNOWN, (name, setting.name)
            assert setting.default in setting.choices or setting.minimum <= setting.default <= setting.maximum
    assert tuple(page_contract()["link_options"]) == KNOWN
    assert "contract.link_options.includes(" in (ROOT / "web" / "ui" / "before.js").read_text()
