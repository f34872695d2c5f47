"""A picture saved with Share ▸ Pictures for a wiki, as SVG, is drawn by the
common SVG converters as the page draws its PNG: every game's SVG, converted
by ImageMagick's own renderer (MediaWiki's default converter) and by
rsvg-convert, matches the PNG the page saves to within 2% of pixels.

The converters are Debian's ``imagemagick`` (with the SVG renderer of
``libmagickcore-6.q16-6-extra``) and ``librsvg2-bin``; .ci/run installs them.
Elsewhere, where one is missing, the test is skipped unless
IRIRI_REQUIRE_CONVERTERS is set."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from iriri_core import Seat, Table
from iriri_core.engine import CHANCE

from . import converters
from .converters import Pixels
from .site import EVERY_GAME, SiteWatch, poll

GAMES = EVERY_GAME
"""Every game: the registry's and the fixture games (e2e/site.py)."""
MOVES, OWN_MOVES = 9, 3
"""Moves played before the picture, and of them the players' own (chance's
not counted: Pyrinoes' picks and deal take its first 21): pieces on the
board, text in the panels; fewer in a game over sooner."""
MOST_DIFFERING = 0.02
"""The share of pixels a converter may draw otherwise than the page."""
SIZE = (800, 520)
"""The size pictures are saved at (the PNG is twice as wide and high)."""


def require_converters() -> None:
    """Skip the test where a converter is missing, except in CI."""
    reason = converters.missing()
    if reason:
        if os.environ.get("IRIRI_REQUIRE_CONVERTERS"):
            pytest.fail(f"the SVG converters must run here, but {reason}")
        pytest.skip(f"{reason}; .ci/run installs it")


@pytest.fixture(scope="module")
def needed() -> None:
    require_converters()


def game_link(game: str) -> str:
    """A share link's options: a game between bots, some moves in (:data:`MOVES`)."""
    table = Table(game, [Seat("bot", "easy"), Seat("bot", "easy")], seed=4)

    def own() -> int:
        return sum(table.game.current_player(ply.before) != CHANCE for ply in table.history.plies)

    while (table.history.length < MOVES or own() < OWN_MOVES) and not table.game.is_over(table.state):
        table.advance(10.0)
    return f"#record={table.snapshot().to_code()}&step={table.history.length}"


def save_pictures(page: Page, folder: Path) -> tuple[Path, Path, str]:
    """Share ▸ Pictures for a wiki ▸ Save as SVG, and Save as PNG: the two
    files, by the names the page gives them, and the wikitext it gives."""
    page.click("#share-menu summary")
    page.click("#pictures-button")
    poll(page, "document.getElementById('pictures-wiki').value !== ''")
    wikitext = page.input_value("#pictures-wiki")
    saved = []
    for kind in ("svg", "png"):
        with page.expect_download() as download:
            page.click(f"#save-{kind}")
        path = folder / download.value.suggested_filename
        download.value.save_as(path)
        saved.append(path)
    page.click("#pictures-dialog [data-close]")
    return saved[0], saved[1], wikitext


CONVERTERS: dict[str, Callable[[Path, Path, int, int], None]] = {
    "ImageMagick": converters.by_imagemagick,
    "rsvg-convert": converters.by_rsvg,
}


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_svg_is_drawn_by_every_common_converter_as_the_page_draws_it(
    needed: None, watch: SiteWatch, game: str, tmp_path: Path
) -> None:
    page = watch.open(game_link(game))
    svg, png, _ = save_pictures(page, tmp_path)
    text = svg.read_text()
    assert "opacity" not in text, (
        "nothing invisible; faded shapes in their colours (ImageMagick ignores opacity)"
    )
    drawn = Pixels.read(png)
    assert (drawn.width, drawn.height) == (2 * SIZE[0], 2 * SIZE[1])
    seen = drawn.halved()
    for name, convert in CONVERTERS.items():
        out = tmp_path / f"by {name}.png"
        convert(svg, out, *SIZE)
        differing = seen.differing(Pixels.read(out))
        print(f"{game} by {name}: {differing:.2%} of pixels differ from the page's PNG")
        assert differing <= MOST_DIFFERING, f"{name} draws {game}'s SVG otherwise: {differing:.1%} of pixels"
