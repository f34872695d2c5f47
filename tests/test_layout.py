"""The tables' layout at the sizes people use: every piece and place that can
be tapped is at least MIN_TAP pixels across, at the start and in the middle
of a game, for a person to move and in a figure. The canvas sizes are those
the page gives the scene (measured in the end-to-end tests, which check the
same in the browser): an embed of 480x360, 640x560 and 1024x700, the site's
page on a 1280x800 desktop and on a 390x844 phone."""

from __future__ import annotations

import pytest

from iriri_core import Seat, Table
from iriri_core.bots import make_bot
from iriri_core.scene import Circle, Rect, Scene

MIN_TAP = 24
"""CSS pixels: WCAG 2.2's minimum target size (2.5.8)."""

CANVASES = {
    "embed 480x360": (465, 282),
    "embed 640x560": (625, 482),
    "embed 1024x700": (1009, 622),
    "desktop 1280x800": (883, 558),
    "phone 390x844": (372, 650),
}


def tap_sizes(scene: Scene) -> dict[str, float]:
    """Each target's tap area, the smaller of its width and height (its largest shape)."""
    sizes: dict[str, float] = {}
    for shape in scene.shapes:
        if shape.target is None:
            continue
        if isinstance(shape, Circle):
            size = 2 * shape.r
        elif isinstance(shape, Rect):
            size = min(shape.w, shape.h)
        else:
            continue
        sizes[shape.target] = max(sizes.get(shape.target, 0.0), size)
    return sizes


@pytest.mark.parametrize("game", ["iriri", "hextris"])
@pytest.mark.parametrize("moves", [0, 16])
@pytest.mark.parametrize("figure", [False, True])
@pytest.mark.parametrize("where", CANVASES)
def test_every_piece_can_be_tapped(game: str, moves: int, figure: bool, where: str) -> None:
    table = Table(game, [Seat("human"), Seat("human")], seed=11, size=CANVASES[where])
    bot = make_bot("greedy", seed=11)
    for _ in range(moves):
        table.play(bot.choose(table.game, table.state))
    table.figure = figure
    sizes = tap_sizes(table.scene())
    assert sizes, "the table has pieces and places to tap"
    smallest = min(sizes, key=sizes.__getitem__)
    assert sizes[smallest] >= MIN_TAP, f"{smallest} is {sizes[smallest]:.1f} px across at {where}"
