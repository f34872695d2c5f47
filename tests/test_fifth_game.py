"""The fifth game (tic-tac-toe, tests/fixtures/tictactoe): a single package
that declares itself once (``ENTRY``) plays at a table like the four, by
taps, by bots, with hints, its views, moves in words and notation, and
nothing in ``web/`` or ``build.py`` names it.  The conformance test
(tests/test_conformance.py) sweeps it with the others."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from fixtures.tictactoe import ENTRY, TicTacToe
from table_helpers import finish_hint, tap

from iriri_core import Seat, Table, game_names
from iriri_core.presenter import table_games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tests" / "fixtures" / "tictactoe"


@pytest.fixture
def fifth(with_kuhn: None) -> Iterator[None]:
    yield


def test_the_fifth_game_is_one_small_package_and_touches_no_page_file() -> None:
    files = sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    assert 1 <= len(files) <= 5, files
    names = (ENTRY.name, TicTacToe.title, "tictactoe", "tic-tac-toe")
    build = [ROOT / "build.py", *sorted((ROOT / "web" / "builder").glob("*.py"))]
    for path in [*sorted((ROOT / "web").glob("*.*")), *build]:
        text = path.read_text(errors="ignore").lower()
        assert not any(name.lower() in text for name in names), path


def test_its_one_declaration_registers_the_game_and_its_presenter(fifth: None) -> None:
    assert ENTRY.name == "tictactoe-test"
    assert ENTRY.name in game_names() and ENTRY.name in table_games()


def test_it_plays_at_a_table_by_taps_with_views_and_notation(fifth: None) -> None:
    table = Table(ENTRY.name, [Seat("human"), Seat("human")])
    view = table.view()
    assert view["status"] == "X, your turn: tap a free cell"
    assert [c["label"] for c in view["columns"]] == ["Cells"]
    assert json.loads(json.dumps(view))["setup"]["label"] == "Tic-tac-toe (test game)"
    for cell in (4, 0, 8, 2, 6, 3, 5, 7, 1):
        view = tap(table, f"cell:{cell}")
        if table.game.is_over(table.state):
            break
    assert view["over"] is not None and table.moves[:2] == ["b2", "a3"]
    assert view["moves"][0]["description"] == "X takes b2"


def test_a_taken_cell_is_refused_in_words(fifth: None) -> None:
    table = Table(ENTRY.name, [Seat("human"), Seat("human")])
    tap(table, "cell:4")
    view = tap(table, "cell:4")
    assert view["message"]["kind"] == "error" and "b2 is not free" in view["message"]["text"]
    assert table.moves == ["b2"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_it_to_the_end_at_a_table(fifth: None, level: str) -> None:
    table = Table(ENTRY.name, [Seat("bot", level), Seat("bot", level)], seed=3)
    while table.advance(budget=math.inf) is not None:
        pass
    assert table.game.is_over(table.state) and len(table.moves) >= 5
    assert table.record().to_data()["moves"] == table.moves
    assert table.view()["over"]["text"]


def test_a_hint_is_followed_by_taps(fifth: None) -> None:
    table = Table(ENTRY.name, [Seat("human"), Seat("human")])
    view = finish_hint(table)
    assert view["hint"] is not None and view["hint"]["next"].startswith("cell:")
    cell = view["hint"]["next"]
    assert tap(table, cell) and len(table.moves) == 1
