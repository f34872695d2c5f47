"""The screenshots in docs/screens/ are what the page shows now (issues 14
and 36: each game played on and a lesson of it, at both sizes, and a
position of it coached, on a phone):
taken again, each differs from the one kept in at most 1% of its pixels
(fonts and anti-aliasing may shift; a changed layout does not pass)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .screens import COACHED, FOLDER, SHOTS, SIZES, difference, name, take

ALLOWED = 0.01

pytestmark = pytest.mark.slow  # every screenshot of a game in one test: started first (e2e/conftest.py)


@pytest.mark.parametrize("game", list(SHOTS))
def test_the_screenshots_in_the_docs_are_current(
    browser: Browser, site: str, tmp_path: Path, game: str
) -> None:
    taken = take(browser, site, tmp_path, (game,))
    assert {path.name for path in taken} == {
        name(game, size, kind) for size in SIZES for kind in ("", "lesson")
    } | {name(game, COACHED, "coach")}
    docs = "".join((Path(FOLDER.parent) / doc).read_text() for doc in ("page-play.md", "lessons.md"))
    for path in taken:
        kept = FOLDER / path.name
        assert kept.exists(), f"docs/screens/{path.name} is missing: run python3 build.py figures"
        assert f"screens/{path.name}" in docs, f"docs/screens/{path.name} is shown in no doc"
        share = difference(browser, kept, path)
        assert share <= ALLOWED, (
            f"{path.name} differs in {share:.1%} of its pixels: run python3 build.py figures"
        )
