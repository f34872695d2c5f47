"""Shared fixtures: every registered game, plus the test-only Kuhn poker.

The fixture games of tests/fixtures/games (each a package that declares
itself, as the package's own games do) are added to the registry for every
test (:func:`iriri_core.registry.add_games`), so that every test that covers
every game covers them too; nothing here names them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kuhn import registered

from iriri_core import get_game
from iriri_core.registry import add_games

FIXTURE_GAMES = Path(__file__).resolve().parent / "fixtures" / "games"
"""The fixture games' folder: each package in it is a game of the tests'."""

add_games(FIXTURE_GAMES)


@pytest.fixture
def iriri() -> Any:
    return get_game("iriri")


@pytest.fixture
def with_kuhn() -> Iterator[None]:
    """Register the test-only games (Kuhn poker, its match, tic-tac-toe) for the length of one test."""
    with registered():
        yield
