"""Property tests: bad input only ever raises the documented errors.

Random text and mutations of good text are fed to the position, move and
record readers.  Whatever they get, they either succeed or raise the one
error documented for them (a GameError subclass), never anything else, and
anything they accept writes back and reads again to the same value.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iriri_core import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    Record,
    get_game,
)

GAME = get_game("iriri")
DATA = Path(__file__).parent / "data"
GOLDEN = (DATA / "iriri_golden.json").read_text()
POSITIONS = [case["position"] for case in json.loads((DATA / "perft.json").read_text())]
TOKENS = ["Y1", "B2", "R3", "..", ".", "-", "@", ",", "0", "-1", "7", ":", "\n", " ", "take", "pass", "board"]
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply (position, delete count, insert) edits at positions scaled to the text."""
    for where, cut, insert in edits:
        at = where % (len(text) + 1)
        text = text[:at] + insert + text[at + cut :]
    return text


edits = st.lists(
    st.tuples(
        st.integers(0, 10_000), st.integers(0, 6), st.one_of(st.sampled_from(TOKENS), st.text(max_size=4))
    ),
    min_size=1,
    max_size=6,
)


@SETTINGS
@given(st.text())
def test_any_text_as_a_position(text: str) -> None:
    try:
        state = GAME.from_text(text)
    except InvalidPositionError:
        return
    assert GAME.from_text(GAME.to_text(state)) == state


@SETTINGS
@given(st.sampled_from(POSITIONS), edits)
def test_mutated_positions(text: str, changes: list[tuple[int, int, str]]) -> None:
    test_any_text_as_a_position.hypothesis.inner_test(mutate(text, changes))  # type: ignore[attr-defined]


@SETTINGS
@given(st.one_of(st.text(), st.lists(st.sampled_from(TOKENS), max_size=8).map("".join)))
def test_any_text_as_a_move(text: str) -> None:
    state = GAME.from_text(POSITIONS[0])
    try:
        move = GAME.parse_move(state, text)
    except InvalidMoveError:
        return
    assert GAME.parse_move(state, GAME.move_text(state, move)) == move
    try:
        GAME.play(state, move)
    except IllegalMoveError as exc:
        assert str(exc)


@SETTINGS
@given(st.binary())
def test_any_bytes_as_a_record(data: bytes) -> None:
    with contextlib.suppress(InvalidRecordError):
        Record.from_json(data).replay()


@SETTINGS
@given(edits)
def test_mutated_records(changes: list[tuple[int, int, str]]) -> None:
    try:
        record = Record.from_json(mutate(GOLDEN, changes))
        record.replay()
    except InvalidRecordError:
        return
    assert Record.from_json(record.to_json()) == record


@SETTINGS
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=12,
    )
)
def test_any_json_as_a_record(value: Any) -> None:
    with contextlib.suppress(InvalidRecordError):
        Record.from_json(json.dumps(value)).replay()


@SETTINGS
@given(st.integers(0, 10_000), edits)
def test_records_with_one_mutated_field(which: int, changes: list[tuple[int, int, str]]) -> None:
    """Valid JSON whose start position or one move text is damaged."""
    data = json.loads(GOLDEN)
    index = which % (len(data["moves"]) + 1)
    if index == len(data["moves"]):
        data["start"] = mutate(data["start"], changes)
    else:
        data["moves"][index] = mutate(data["moves"][index], changes)
    test_any_bytes_as_a_record.hypothesis.inner_test(json.dumps(data).encode())  # type: ignore[attr-defined]


HEXTRIS = get_game("hextris")
HEXTRIS_POSITIONS = [case["position"] for case in json.loads((DATA / "hextris_perft.json").read_text())]
HEXTRIS_TOKENS = ["Y1", "B2", "R3", "..", "@", "-", "x", "a1", "c3", "e5", ":", "\n", " ", "5", "²", "pass"]


@SETTINGS
@given(st.text())
def test_any_text_as_a_hextris_position(text: str) -> None:
    try:
        state = HEXTRIS.from_text(text)
    except InvalidPositionError:
        return
    assert HEXTRIS.from_text(HEXTRIS.to_text(state)) == state


@SETTINGS
@given(st.sampled_from(HEXTRIS_POSITIONS), edits)
def test_mutated_hextris_positions(text: str, changes: list[tuple[int, int, str]]) -> None:
    test_any_text_as_a_hextris_position.hypothesis.inner_test(mutate(text, changes))  # type: ignore[attr-defined]


@SETTINGS
@given(st.one_of(st.text(), st.lists(st.sampled_from(HEXTRIS_TOKENS), max_size=6).map("".join)))
def test_any_text_as_a_hextris_move(text: str) -> None:
    state = HEXTRIS.from_text(HEXTRIS_POSITIONS[0])
    try:
        move = HEXTRIS.parse_move(state, text)
    except InvalidMoveError as exc:
        assert "invalid literal" not in str(exc)
        return
    assert HEXTRIS.parse_move(state, HEXTRIS.move_text(state, move)) == move
    try:
        HEXTRIS.play(state, move)
    except IllegalMoveError as exc:
        assert str(exc)
