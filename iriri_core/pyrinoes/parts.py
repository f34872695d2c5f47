"""The parts the Pyrinoes table (:mod:`.drawing`) is drawn from: a tile
(a domino's pips, a pyrino's pyramids seen from above, a stack as two, the
label where it is too small to read), a domino's back, the outlines of
marks and targets over a white halo, and what the table marks
(:class:`Marks`)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from .. import drawing
from ..drawing import CELL, INK, pyramid
from ..pieces import Pyramid
from ..scene import Circle, Rect, Scene, Text
from .state import Domino, End, Placed, Tile, end_spots

Box = tuple[float, float, float, float]
"""left, top, width, height."""


FACE = "#fffdf8"
"""A domino's face."""


BACK = "#6d5443"
"""A domino's back."""


BACK_LINE = "#a0826c"


MIN_TAP = 44.0
"""The size a target of the viewer's side is drawn at when there is room."""


Face = int | End
"""One end of a tile as drawn: a spot count (a domino) or pyramids (a pyrino)."""


@dataclass
class Marks:
    """What the table highlights besides the position itself."""

    viewer: int = -1
    """The seat whose side is drawn below, face up, with targets (-1: nobody's)."""
    acting: bool = False
    picked: str | None = None
    """The tile of the hand picked (its text)."""
    playable: set[str] = field(default_factory=set)
    """The tiles of the hand that can be played now (when none is picked)."""
    lit: set[int] = field(default_factory=set)
    """The open ends (LEFT, RIGHT) the picked tile fits."""
    building: tuple[tuple[Pyramid, ...], tuple[Pyramid, ...]] = ((), ())
    """The pyramids chosen so far for each end of the pyrino being built."""
    usable: set[str] = field(default_factory=set)
    """The supply and greens pyramids (``R3``, ``G1``) that may be added to the pyrino now."""
    last_line: set[int] = field(default_factory=set)
    """The places in the line (indexes) the last turn played to."""
    last_built: set[str] = field(default_factory=set)
    """Pyrinoes (their text) built in the last turn."""
    last_draw: bool = False
    """The last turn drew from the boneyard."""
    draw_ready: bool = False
    """The boneyard may be tapped to draw (the only move)."""


def tile_text(tile: Tile) -> str:
    """How a tile of a hand is named in targets and texts: ``5-3``, ``R3+Y1``."""
    return str(tile)


def tile_faces(item: Placed) -> tuple[Face, Face]:
    """A tile of the line's two ends, left (earlier) first."""
    tile = item.tile
    if isinstance(tile, Domino):
        return item.spots
    ends: tuple[Face, Face] = (tile.first, tile.second)
    return (ends[1], ends[0]) if item.reverse else ends


def hand_faces(tile: Tile) -> tuple[Face, Face]:
    """A tile of a hand's two ends as it lies there."""
    if isinstance(tile, Domino):
        return tile.spots
    return (tile.first, tile.second)


_PIPS = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}
"""Where the pips of each end sit, in quarters of the end from its centre,
for a tile standing on end (a six's two lines of three run along the tile;
for a tile lying along a row, x and y are swapped)."""


PIP_SPREAD = 0.25
"""How far a pip is from the middle of its end, in units (an end is one unit square)."""


PIP_RADIUS = 0.085
"""A pip's radius, in units."""


LABEL = 0.32
"""The size of the number on a tile (its total, or a pyrino's ends), in units."""


LABEL_HEIGHT = 0.3
"""The height of the band the number sits in, in units: the pips nearest the
middle of the tile stand 0.25 - 0.085 = 0.165 units to either side of it, so
a band 0.3 units tall, across the middle, never covers a pip."""


LABEL_SHOWN = 10.0
"""The smallest number drawn on a tile, in pixels; on smaller tiles (the
other hand when a round ends) the number is left out."""


LABEL_FILL = "#ece3d3"
"""The band a tile's number sits in."""


def draw_end(scene: Scene, face: Face, cx: float, cy: float, u: float, vertical: bool = True) -> None:
    """One end of a tile in a cell of side ``u`` centred on (cx, cy), the
    tile standing on end (``vertical``) or lying along a row."""
    if isinstance(face, int):
        d, r = u * PIP_SPREAD, max(1.2, u * PIP_RADIUS)
        for dx, dy in _PIPS.get(face, ()):
            if not vertical:
                dx, dy = dy, dx
            scene.add(Circle(cx + dx * d, cy + dy * d, r, fill=INK))
        return
    if len(face) == 1:
        pyramid(scene, face[0], cx, cy, u * 0.96)
        return
    o = u * 0.09
    pyramid(scene, face[0], cx + o, cy + o, u * 0.9)
    pyramid(scene, face[1], cx - o, cy - o, u * 0.9)


def tile_label(faces: tuple[Face, Face]) -> str:
    """The number written on a tile: a domino's total (its weight, "8" on
    the 5-3); a pyrino's two ends in the order drawn ("5·0" on ``K3K2+G1``:
    the pips of a stack add up and a green counts 0, which the eye does not
    count).  Not "5-0", which names a domino.

    >>> tile_label((5, 3)), tile_label((3, 5))
    ('8', '8')
    """
    spots = [face if isinstance(face, int) else end_spots(face) for face in faces]
    if isinstance(faces[0], int):
        return str(spots[0] + spots[1])
    return f"{spots[0]}·{spots[1]}"


def small_label(scene: Scene, text: str, cx: float, cy: float, u: float, least: float = 0.0) -> None:
    """``text`` on a band across the middle of a tile (centred on (cx, cy)),
    between the pips nearest it, at least ``least`` wide; nothing on a tile
    too small to read it."""
    size = u * LABEL
    if size < LABEL_SHOWN:
        return
    h = u * LABEL_HEIGHT
    w = max(least, len(text) * size * 0.62 + h * 0.6)
    scene.add(Rect(cx - w / 2, cy - h / 2, w, h, radius=h / 2, fill=LABEL_FILL))
    scene.add(Text(cx, cy, text, size=size, fill=INK, align="center", weight="bold"))


def draw_tile(
    scene: Scene,
    faces: tuple[Face, Face],
    x: float,
    y: float,
    u: float,
    vertical: bool,
    key: str | None = None,
) -> None:
    """A tile with its first end at the left (at the top when ``vertical``),
    its box 2u by u (u by 2u), with its number (:func:`tile_label`) across
    its middle."""
    w, h = (u, 2 * u) if vertical else (2 * u, u)
    domino = isinstance(faces[0], int)
    second = (x + u / 2, y + 1.5 * u) if vertical else (x + 1.5 * u, y + u / 2)
    first = (x + u / 2, y + u / 2)

    def body() -> None:
        radius = max(2.0, u * 0.14)
        scene.add(Rect(x, y, w, h, radius=radius, fill=FACE if domino else CELL, stroke=INK, width=1))
        if domino:
            if vertical:
                scene.add(Rect(x + u * 0.15, y + u - 0.5, u * 0.7, 1, fill=INK))
            else:
                scene.add(Rect(x + u - 0.5, y + u * 0.15, 1, u * 0.7, fill=INK))
        draw_end(scene, faces[0], *first, u, vertical)
        draw_end(scene, faces[1], *second, u, vertical)
        # across a domino standing on end, the band hides its divider rather than cut it
        small_label(
            scene, tile_label(faces), x + w / 2, y + h / 2, u, u * 0.76 if domino and vertical else 0.0
        )

    if domino and key is not None:
        with scene.piece(key, x + w / 2, y + h / 2, max(w, h)):
            body()
    else:
        body()


def draw_back(scene: Scene, x: float, y: float, w: float, h: float) -> None:
    """A domino face down."""
    with scene.piece("domino-back", x + w / 2, y + h / 2, max(w, h)):
        scene.add(Rect(x, y, w, h, radius=max(2.0, min(w, h) * 0.14), fill=BACK, stroke=INK, width=1))
        scene.add(Rect(x + w * 0.25, y + h * 0.25, w * 0.5, h * 0.5, radius=2, stroke=BACK_LINE, width=1))


frame = functools.partial(drawing.frame, radius=4)
"""An outline over a white halo, its corners rounder than a tile's."""


def grow(box: Box, by: float) -> Box:
    x, y, w, h = box
    return (x - by, y - by, w + 2 * by, h + 2 * by)


def outline_target(scene: Scene, box: Box, target: str, least: float = 0.0, label: str | None = None) -> None:
    """An invisible tap area over ``box``, grown to ``least`` each way where
    it is smaller; ``label`` says what it is (the page's tooltip)."""
    x, y, w, h = box
    if w < least:
        x, w = x - (least - w) / 2, least
    if h < least:
        y, h = y - (least - h) / 2, least
    scene.add(Rect(x, y, w, h, fill="#ffffff", alpha=0.0, target=target, label=label))
