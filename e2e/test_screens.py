"""The screenshots in docs/screens/ are what the page shows now (issue 14):
taken again, each differs from the one kept in at most 1% of its pixels
(fonts and anti-aliasing may shift; a changed layout does not pass)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .screens import FOLDER, SHOTS, SIZES, difference, name, take

ALLOWED = 0.01

pytestmark = pytest.mark.slow  # every screenshot in one test: started first (e2e/conftest.py)


def test_the_screenshots_in_the_docs_are_current(browser: Browser, site: str, tmp_path: Path) -> None:
    taken = take(browser, site, tmp_path)
    assert len(taken) == len(SHOTS) * len(SIZES)
    for path in taken:
        kept = FOLDER / path.name
        assert kept.exists(), f"docs/screens/{path.name} is missing: run python3 build.py figures"
        share = difference(browser, kept, path)
        assert share <= ALLOWED, (
            f"{path.name} differs in {share:.1%} of its pixels: run python3 build.py figures"
        )
    assert (Path(FOLDER.parent) / "page.md").read_text().count("screens/") >= len(taken)
    assert {
        name(game, size)
        for game in ("iriri", "hextris", "pach-ice-i", "pyrinoes")
        for size in ("desktop", "phone")
    } == {path.name for path in taken}
