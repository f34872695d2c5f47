"""Shared fixtures: every registered game, plus the test-only Kuhn poker."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kuhn import registered

from iriri_core import get_game


@pytest.fixture
def iriri() -> Any:
    return get_game("iriri")


@pytest.fixture
def with_kuhn() -> Iterator[None]:
    """Register the test-only games (Kuhn poker, its match, tic-tac-toe) for the length of one test."""
    with registered():
        yield
