"""Saved matches, share links, URL options and record imports
(iriri_core/site/links.py and Table.load/apply/snapshot): what round-trips, and
that every kind of bad input gives a documented error and loses nothing."""

from __future__ import annotations

import base64
import json
import zlib
from contextlib import suppress
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iriri_core import InvalidOptionsError, InvalidRecordError, Record, Seat, Table
from iriri_core.site.links import Snapshot, parse_options


def played(moves: int = 7, seats: list[Seat] | None = None) -> Table:
    table = Table("iriri", seats or [Seat("human"), Seat("human")], seed=5)
    while len(table.moves) < moves:
        table.play_bots()
        table.handle({"type": "move", "text": table.view()["actions"][0]["move"]})
    return table


def test_a_snapshot_puts_back_the_table_with_its_undo_history() -> None:
    table = played(7, [Seat("human"), Seat("bot", "easy")])
    table.undo()
    snapshot = table.snapshot()
    again = Table("iriri", seed=1)
    again.load(Snapshot.from_json(snapshot.to_json()))
    assert again.state == table.state and again.cursor == table.cursor
    assert again.moves == table.moves and again.descriptions == table.descriptions
    assert [s.text for s in again.seats] == ["human", "easy"]
    again.redo()
    assert again.cursor == len(again.moves)


def test_share_codes_are_compact_and_round_trip() -> None:
    table = played(12)
    code = table.snapshot().to_code()
    assert Snapshot.from_code(code) == table.snapshot()
    assert len(code) < 500 and all(c.isalnum() or c in "-_." for c in code)
    typed = Table("iriri", seed=1)
    typed.apply(
        parse_options(f"position={json.dumps(None)}".replace("null", "")) if False else parse_options("")
    )


@pytest.mark.parametrize(
    "code, message",
    [
        ("", "not a game link"),
        ("hello", "not a game link"),
        ("2.abc", "version 2, newer"),
        ("1.abc", "damaged"),
        ("1." + base64.urlsafe_b64encode(zlib.compress(b'{"a": 1}')).decode(), "not a saved match"),
    ],
)
def test_bad_share_codes_say_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        Snapshot.from_code(code)


def test_a_cut_short_link_is_damaged() -> None:
    code = played(12).snapshot().to_code()
    with pytest.raises(InvalidRecordError, match="damaged"):
        Snapshot.from_code(code[: len(code) // 2])


@pytest.mark.parametrize(
    "options, message",
    [
        ("colour=red", "'colour' is not an option"),
        ("play=AQAB", "a game with a friend by links: it is played on the site's own page"),
        ("seats=human,wizard", "'wizard' is not a seat"),
        ("seats=human", "for 2 to 4 players"),
        ("seed=-3", "seed: it must be a whole number"),
        ("seed=1&seed=2", "seed is given twice"),
        ("mode=dance", "mode: it is play or figure"),
        ("record=1.abc", "record: this game link is damaged"),
        ("position=Chess", "position: "),
        ("step=3", "step: it needs a record"),
        ("game=chess", "game: no game called 'chess'"),
        ("game=pyrinoes&target=75", "target: it is one of 50, 100 or 150"),
        ("game=pyrinoes&target=fifty", "target: it is one of 50, 100 or 150"),
        ("game=pyrinoes&target=50&target=100", "target is given twice"),
        ("target=50", "target: Iriri has no such setting"),
        ("game=hextris&target=50", "target: Hextris has no such setting"),
    ],
)
def test_bad_url_options_name_the_option(options: str, message: str) -> None:
    with pytest.raises(InvalidOptionsError, match=message):
        parse_options(options)


def test_options_set_up_the_table_as_a_link_asks() -> None:
    table = Table("iriri", seed=1)
    table.apply(parse_options("#seats=human,easy,hard&seed=9"))
    assert [s.text for s in table.seats] == ["human", "easy", "hard"] and table.seed == 9
    shared = played(10)
    code = shared.snapshot().to_code()
    table.apply(parse_options(f"record={code}&mode=figure&step=4"))
    assert table.figure and table.cursor == 4 and table.moves == shared.moves
    view = table.handle({"type": "move", "text": "pass"})
    assert "This is a figure" in view["message"]["text"] and table.cursor == 4
    assert table.handle({"type": "command", "name": "redo"})["state"]["cursor"] == 5
    assert view["actions"] == [] and not view["buttons"]["hint"] and "Move 4 of 10" in view["status"]
    with pytest.raises(InvalidOptionsError, match="step: the record has 10 moves"):
        parse_options(f"record={code}&step=11")


def test_a_link_starts_a_game_with_its_own_settings() -> None:
    """``target=50`` is Pyrinoes' target score (a game's own setting, by its
    name); a share code keeps it through the start position, and a link
    that gives a record or a position cannot change it."""
    table = Table("iriri", seed=1)
    table.apply(parse_options("#game=pyrinoes&seats=human,easy&target=50"))
    assert table.game.name == "pyrinoes" and table.settings == {"target": 50}
    assert table.view()["columns"][0]["label"] == "Match (to 50)"
    table.play_bots()
    code = table.snapshot().to_code()
    other = Table("iriri", seed=1)
    other.apply(parse_options(f"record={code}"))
    assert other.settings == {"target": 50} and other.moves == table.moves
    with pytest.raises(InvalidOptionsError, match="target: the game in the link keeps its own"):
        parse_options(f"record={code}&target=100")
    position = table.game.to_text(table.state)
    with pytest.raises(InvalidOptionsError, match="target: the game in the link keeps its own"):
        parse_options(f"game=pyrinoes&target=100&position={position}")
    other.apply(parse_options("game=pyrinoes"))
    assert other.settings == {"target": 100}


def test_a_bad_setting_in_a_link_keeps_the_game() -> None:
    """The page (web/main.py) reads the options before it changes the table:
    a bad value is refused with the option's name, and the game stays."""
    table = played(5)
    before = table.snapshot()
    with pytest.raises(InvalidOptionsError, match="target: it is one of 50, 100 or 150"):
        table.apply(parse_options("game=pyrinoes&target=30"))
    assert table.snapshot() == before


def test_a_record_file_opens_and_a_bad_one_changes_nothing() -> None:
    source = played(9)
    table = played(3)
    before = table.snapshot()
    for text, reason in [
        ("not json", "not valid JSON"),
        ('{"format": "iriri-core record", "version": 9}', "version 9"),
        (source.record().to_json().replace('"moves": [', '"moves": ["take Q9@1", '), "move 1"),
        (
            json.dumps({"format": "iriri-core match", "version": 1, "record": {}, "seats": [], "cursor": 0}),
            "record",
        ),
    ]:
        view = table.handle({"type": "import", "text": text})
        assert reason in view["message"]["text"] and "unchanged" in view["message"]["text"]
        assert table.snapshot() == before
    view = table.handle({"type": "import", "text": source.record().to_json()})
    assert view["message"] is None and table.moves == source.moves and table.cursor == 9
    table.handle({"type": "import", "text": source.snapshot().to_json()})
    assert table.snapshot() == source.snapshot()


def test_a_snapshot_that_does_not_replay_is_refused_whole() -> None:
    table = played(4)
    before = table.snapshot()
    broken = Snapshot(Record("iriri", 2, before.record.start, ("take Y9@1",)), ("human", "human"), 1)
    with pytest.raises(InvalidRecordError, match="move 1"):
        table.load(broken)
    assert table.snapshot() == before


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_are_only_ever_the_documented_errors(data: bytes) -> None:
    text = data.decode("latin-1")
    for read in (Snapshot.from_code, Snapshot.from_json):
        with suppress(InvalidRecordError):
            read(text)
    with suppress(InvalidOptionsError):
        parse_options(text)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.data())
def test_mutated_links_and_saves_are_only_ever_the_documented_errors(data: Any) -> None:
    snapshot = played(6).snapshot()
    for original, read, error in (
        (snapshot.to_code(), Snapshot.from_code, InvalidRecordError),
        (snapshot.to_json(), Snapshot.from_json, InvalidRecordError),
        ("record=" + snapshot.to_code() + "&mode=figure&step=2", parse_options, InvalidOptionsError),
    ):
        chars = list(original)
        for _ in range(data.draw(st.integers(1, 4))):
            i = data.draw(st.integers(0, len(chars) - 1))
            chars[i] = data.draw(st.characters(codec="utf-8"))
        try:
            result = read("".join(chars))
        except error:
            continue
        if isinstance(result, Snapshot):  # it read: then it must replay or say why
            with suppress(InvalidRecordError):
                Table("iriri", seed=1).load(result)


def test_a_link_with_too_many_seats_says_how_many_may_play() -> None:
    """ "Pyrinoes is for 2 players", not "for 2 to 2 players"."""
    with pytest.raises(InvalidOptionsError, match=r"^seats: Pyrinoes is for 2 players$"):
        parse_options("game=pyrinoes&seats=human,human,human")
    with pytest.raises(InvalidOptionsError, match=r"^seats: Hextris is for 2 to 3 players$"):
        parse_options("game=hextris&seats=human,human,human,human")
