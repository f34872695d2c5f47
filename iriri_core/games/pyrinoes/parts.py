"""The parts the Pyrinoes table (:mod:`iriri_core.pictures.drawing`) is drawn from: a tile
(a domino's pips and no number, a pyrino's pyramids seen from above, a
stack as two, each end's value in that end), a domino's back, the outlines of
marks and targets over a white halo, and what the table marks
(:class:`Marks`)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from ...pictures import drawing
from ...pictures.drawing import CELL, INK, RULER, pyramid
from ...pictures.scene import Circle, Rect, Scene, Text
from ...pieces import Pyramid
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
    setting_up: bool = False
    """The table is a position being set up (``Seen.setting_up``): each hand, and the empty
    line's two halves, are places to tap too."""


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
"""The size of a pyrino's end values, in units."""


LABEL_SHOWN = 10.0
"""The smallest end value drawn on a pyrino, in pixels; on smaller tiles (the
other hand when a round ends) the values are left out and the pyramids fill
their ends."""


VALUE_RADIUS = 0.22
"""The radius of the disc an end value sits on, in units: a small open end's
mark, in the end's lower right corner."""


VALUE_ROOM = 0.86
"""The share of its end a pyrino's pyramids are drawn at when the end's value
is shown, moved up and left, away from the value, by :data:`VALUE_SHIFT`."""


VALUE_SHIFT = 0.07
"""How far a pyrino end's pyramids move away from its value, in units."""


def draw_end(scene: Scene, face: Face, cx: float, cy: float, u: float, vertical: bool = True) -> None:
    """One end of a tile in a cell of side ``u`` centred on (cx, cy), the
    tile standing on end (``vertical``) or lying along a row; an end with no
    pyramid yet (a pyrino being set up pyramid by pyramid) is left empty."""
    if not isinstance(face, int) and not face:
        return
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


def end_value(scene: Scene, face: Face, cx: float, cy: float, u: float) -> None:
    """A pyrino's end (its pyramids, in a cell of side ``u`` centred on (cx,
    cy)) with its spot count on a small disc in the end's lower right corner,
    as the tray shows an end being built and as an open end is marked ("5"
    for a medium on a large, "0" for a green, which the eye does not count):
    each end's value in that end, both ends alike, none across the middle.
    The pyramids alone where the tile is too small to read the number."""
    size = u * LABEL
    if size < LABEL_SHOWN or isinstance(face, int) or not face:
        draw_end(scene, face, cx, cy, u)
        return
    shift = u * VALUE_SHIFT
    draw_end(scene, face, cx - shift, cy - shift, u * VALUE_ROOM)
    r = u * VALUE_RADIUS
    reach = u / 2 - r - u * 0.03
    vx, vy = cx + reach, cy + reach
    scene.add(Circle(vx, vy, r, fill="#ffffff", stroke=RULER, width=1))
    scene.add(Text(vx, vy, str(end_spots(face)), size=size, fill=INK, align="center", weight="bold"))


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
    its box 2u by u (u by 2u): a domino's pips and nothing else (no number
    on it, which a newcomer would read as its value), a pyrino's pyramids
    with each end's value in that end (:func:`end_value`)."""
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
            return
        end_value(scene, faces[0], *first, u)
        end_value(scene, faces[1], *second, u)

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
