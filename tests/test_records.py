"""JSON game records (docs/notation.md, "Game records")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from iriri_core import InvalidRecordError, Record

GOLDEN = Path(__file__).parent / "data" / "iriri_golden.json"


def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text())
    return data


def test_a_record_round_trips_and_replays(iriri: Any) -> None:
    record = Record.from_json(GOLDEN.read_text())
    assert Record.from_json(record.to_json()) == record
    states = record.replay()
    assert len(states) == len(record.moves) + 1
    assert iriri.is_over(states[-1])


def test_the_start_position_is_authoritative_and_the_seed_informative(iriri: Any) -> None:
    data = golden()
    data["seed"] = 999
    assert (
        Record.from_json(json.dumps(data)).replay()[-1] == Record.from_json(GOLDEN.read_text()).replay()[-1]
    )


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: "not json", "not valid JSON"),
        (lambda d: [], 'lacks "format"'),
        (lambda d: {**d, "format": "chess pgn"}, 'lacks "format"'),
        (lambda d: {**d, "version": 2}, "version 2, newer than this program reads"),
        (lambda d: {**d, "version": "1"}, "version must be a whole number"),
        (lambda d: {**d, "game": "chess"}, "no game called 'chess'"),
        (lambda d: {**d, "game": None}, "which game"),
        (lambda d: {**d, "players": "3"}, "players must be a whole number"),
        (lambda d: {**d, "players": 2}, "says 2 players, but its start position has 3"),
        (lambda d: {**d, "seed": 1.5}, "seed must be"),
        (lambda d: {k: v for k, v in d.items() if k != "start"}, "no start position"),
        (
            lambda d: {**d, "start": d["start"].replace("yellow", "mauve")},
            "start position is broken: 'mauve'",
        ),
        (lambda d: {**d, "moves": "Y3@0,0"}, "list of move texts"),
        (lambda d: {**d, "moves": [1, 2]}, "list of move texts"),
        (lambda d: {**d, "moves": [*d["moves"][:3], "take Z9@1"]}, r"move 4 \('take Z9@1'\)"),
        (lambda d: {**d, "moves": ["pass"]}, r"move 1 \('pass'\) cannot be played: you may pass only"),
        (lambda d: {**d, "moves": [*d["moves"], "pass"]}, "the game is over"),
    ],
)
def test_a_broken_record_says_what_is_wrong(change: Any, message: str) -> None:
    data = change(golden())
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(InvalidRecordError, match=message):
        Record.from_json(text).replay()


def test_a_record_can_be_bytes_in_any_utf_encoding() -> None:
    assert Record.from_json(GOLDEN.read_bytes()) == Record.from_json(GOLDEN.read_text())
    with pytest.raises(InvalidRecordError):
        Record.from_json(b"\xff\xfe\x00garbage")
