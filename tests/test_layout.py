"""The tables' layout at the sizes people use: every piece and place that can
be tapped is at least MIN_TAP pixels across, through a game, for a person to
move and in a figure, where GUARANTEED says (docs/page.md has the limits).
The canvas sizes are those the page gives the scene (measured in the
end-to-end tests, which check the same in the browser): an embed of 480x360,
640x560 and 1024x700, the site's page on a 1280x800 desktop and on a 390x844
phone."""

from __future__ import annotations

import pytest

from iriri_core import Seat, Table
from iriri_core.bots import make_bot
from iriri_core.pictures.scene import Circle, Rect, Scene

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


GUARANTEED = [
    # (game, players, canvases, up to this many moves): every target at least MIN_TAP
    ("hextris", 2, list(CANVASES), 45),
    ("hextris", 3, list(CANVASES), 45),
    ("pach-ice-i", 2, list(CANVASES), 90),
    ("pyrinoes", 2, list(CANVASES), 90),
    ("iriri", 2, ["embed 640x560", "embed 1024x700", "desktop 1280x800", "phone 390x844"], 45),
    ("iriri", 2, ["embed 480x360"], 16),
    ("iriri", 3, ["embed 1024x700", "desktop 1280x800"], 45),
    ("iriri", 4, ["embed 1024x700", "desktop 1280x800"], 45),
]
"""Where nothing to tap is under MIN_TAP, as docs/page.md says. Elsewhere a
board grown large, or a ring of 36 or 48 pieces, in a small frame goes
below it (down to 12 px for three players at 480x360 late in a game)."""


@pytest.mark.parametrize(
    ("game", "players", "where", "most"),
    [(game, players, where, most) for game, players, places, most in GUARANTEED for where in places],
)
def test_every_piece_can_be_tapped(game: str, players: int, where: str, most: int) -> None:
    table = Table(game, [Seat("human")] * players, seed=11, size=CANVASES[where])
    bot = make_bot("greedy", seed=11)
    for moves in range(most + 1):
        if moves % 8 == 0:
            for figure in (False, True):
                table.figure = figure
                sizes = tap_sizes(table.scene())
                assert sizes, "the table has pieces and places to tap"
                smallest = min(sizes, key=sizes.__getitem__)
                when = f"{where}, move {moves}{' (figure)' * figure}"
                assert sizes[smallest] >= MIN_TAP, f"{smallest} is {sizes[smallest]:.1f} px across at {when}"
            table.figure = False
        if table.game.is_over(table.state):
            break
        outcomes = table.game.chance_outcomes(table.state)  # the dice: any roll will do
        table.play(
            outcomes[moves * 37 % len(outcomes)][0] if outcomes else bot.choose(table.game, table.state)
        )
