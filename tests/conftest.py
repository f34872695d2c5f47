"""Shared fixtures: every registered game, plus the test-only Kuhn poker."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kuhn import Kuhn

from iriri_core import engine, get_game


@pytest.fixture
def iriri() -> Any:
    return get_game("iriri")


@pytest.fixture
def with_kuhn() -> Iterator[None]:
    """Register the test-only Kuhn poker for the length of one test."""
    engine.register(Kuhn.name, Kuhn)
    yield
    del engine._REGISTRY[Kuhn.name]
