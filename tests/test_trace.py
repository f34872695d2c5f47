"""One tap and one bot move traced through the table in CPython
(:func:`iriri_core.bench.tap_trace`, printed by ``python -m iriri_core.bench
--trace``): the table as the person sees it is worked out once per tap
(one ``Seen``), and the game's view of a position is asked for at most twice
per viewer, however many moves the page lists."""

from __future__ import annotations

import pytest

from iriri_core import game_names
from iriri_core.bench import tap_trace


@pytest.mark.xfail(strict=True, reason="the views still take the whole table")
@pytest.mark.parametrize("name", game_names())
def test_a_tap_works_out_the_table_once(name: str) -> None:
    figures = tap_trace(name)
    for step in ("tap", "bot_move"):
        counts = figures[step]
        assert counts["seen"] <= 1, (step, counts)
        assert all(count <= 2 for count in counts["view"].values()), (step, counts)


def test_the_trace_counts_calls() -> None:
    """The trace sees what it counts: a tap views the position at least once."""
    counts = tap_trace("hextris")["tap"]
    assert counts["seen"] >= 1 and sum(counts["view"].values()) >= 1 and counts["people"] >= 1
