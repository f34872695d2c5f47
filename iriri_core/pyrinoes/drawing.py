"""The Pyrinoes table as a scene: the line of play in the middle, the other
player's side above it and the viewer's below (beside it, in a column, on a
wide screen).

The line of play snakes: it runs left to right, turns down at the edge
with one tile standing on end, runs back right to left, and so on, at the
largest size that fits the box; a double lies crosswise (except where the
line turns).  Dominoes show their pips; a pyrino shows its pyramids seen
from above (:func:`iriri_core.drawing.pyramid`, with each colour's mark), a
stack as two pyramids, the top one nearer the upper left.

Each side shows its seat's name and counts, its dominoes (face up for the
viewer, as backs otherwise), its pyrinoes (public), and its supply.  The
viewer's side has them large enough to tap, with the greens, the boneyard
and the tray where a pyrino is built.

Targets: ``end:left`` and ``end:right`` (the open ends, always there once the
line is), ``boneyard``; for the viewer, ``tile:5-3`` and ``tile:R3+Y1`` (a
domino or pyrino of their hand), ``supply:R3`` and ``supply:G1`` (pyramids
of their supply and the greens) and ``build:0``, ``build:1`` (the ends of
the pyrino being built).  Marks (a pick, where it fits, the last turn)
are outlines over a white halo.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..drawing import BACKGROUND, CELL, FOCUS, GRID, INK, LAST, RULER, badge, pyramid
from ..pieces import SIZES, Pyramid
from ..scene import Circle, Rect, Scene, Text
from .state import (
    GREEN,
    LEFT,
    RIGHT,
    SEAT_COLOURS,
    UNSEEN,
    Domino,
    End,
    Placed,
    Pyrino,
    PyrinoesState,
    Tile,
    end_spots,
)

Box = tuple[float, float, float, float]
"""left, top, width, height."""

FACE = "#fffdf8"
"""A domino's face."""
BACK = "#6d5443"
"""A domino's back."""
BACK_LINE = "#a0826c"
HALO = "#ffffff"
SEAT_SWATCH = ("red", "blue")
"""The colour that stands for each seat (fire, ice)."""
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


# ---------------------------------------------------------------- tiles


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


def _end(scene: Scene, face: Face, cx: float, cy: float, u: float, vertical: bool = True) -> None:
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


def _label(scene: Scene, text: str, cx: float, cy: float, u: float, least: float = 0.0) -> None:
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
        _end(scene, faces[0], *first, u, vertical)
        _end(scene, faces[1], *second, u, vertical)
        # across a domino standing on end, the band hides its divider rather than cut it
        _label(scene, tile_label(faces), x + w / 2, y + h / 2, u, u * 0.76 if domino and vertical else 0.0)

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


# ---------------------------------------------------------------- marks


def _frame(
    scene: Scene, box: Box, colour: str, width: float, dash: tuple[float, ...] = (), radius: float = 4
) -> None:
    """An outline over a white halo, so that it stands out on anything."""
    x, y, w, h = box
    scene.add(Rect(x, y, w, h, radius=radius, stroke=HALO, width=width + 3))
    scene.add(Rect(x, y, w, h, radius=radius, stroke=colour, width=width, dash=dash))


def _grow(box: Box, by: float) -> Box:
    x, y, w, h = box
    return (x - by, y - by, w + 2 * by, h + 2 * by)


def _target(scene: Scene, box: Box, target: str, least: float = 0.0) -> None:
    """An invisible tap area over ``box``, grown to ``least`` each way where it is smaller."""
    x, y, w, h = box
    if w < least:
        x, w = x - (least - w) / 2, least
    if h < least:
        y, h = y - (least - h) / 2, least
    scene.add(Rect(x, y, w, h, fill="#ffffff", alpha=0.0, target=target))


# ---------------------------------------------------------------- the line of play


@dataclass
class Laid:
    """Where a tile of the line is drawn."""

    x: float
    y: float
    vertical: bool
    flipped: bool
    """Its second end is drawn first (at the left or the top): the line runs right to left."""


@dataclass
class Snake:
    """The line of play laid out in a box."""

    unit: float
    laid: list[Laid | None]
    """Where each tile of the line is drawn, in the line's order; None for
    the tiles folded away."""
    ends: tuple[Box, Box]
    """Where the left and right open ends are marked."""
    fold: Laid | None = None
    """Where the tiles folded away are told (how many), if any are."""
    folded: int = 0
    """How many tiles of the middle of the line are folded away."""


LINE_UNIT = 46.0
"""The unit (an end of a tile) the line is drawn at when it has room."""
LINE_MIN_UNIT = 36.0
"""The smallest unit the line shrinks to as it grows: a pip 6 px across and a
tile's number 11.5 px tall.  A line that does not fit at this size folds its
middle away (the tiles nearest the open ends stay, which are the ones that
play), down to one tile at each end; only a box too small even for that
draws the line smaller."""


def _snake(doubles: list[bool], width: float, unit: float, margin: float) -> tuple[list[Laid], Box]:
    """Tiles laid out from the top left corner of a box ``width`` across
    (``doubles`` says which lie crosswise where they can): where each goes,
    and where the line's right end is marked."""
    u = unit
    gap = u * 0.1
    pitch = 2 * u + u * 0.25
    laid: list[Laid] = []
    x, yc, east = margin, u, True
    right_end: Box = (0, 0, 0, 0)
    just_turned = False
    for double in doubles:
        crosswise = double and not just_turned
        length = u if crosswise else 2 * u
        fits = x + length <= width - margin if east else x - length >= margin
        if fits or not laid:
            if east:
                left = x
                x += length + gap
            else:
                left = x - length
                x -= length + gap
            if crosswise:
                laid.append(Laid(left, yc - u, True, False))
            else:
                laid.append(Laid(left, yc - u / 2, False, not east))
            if east:
                right_end = (x - gap, yc - u, margin, 2 * u)
            else:
                right_end = (x + gap - margin, yc - u, margin, 2 * u)
            just_turned = False
            continue
        # Turn: this tile stands on end at the edge, going down to the next row,
        # just after the last tile of the row (never over it: the margin, at
        # least 1.1 units, leaves room for it), its open end marked below it.
        column = x if east else x - u
        laid.append(Laid(column, yc - u / 2, True, False))
        mark = min(max(column + u / 2 - margin / 2, 0.0), width - margin)
        right_end = (mark, yc + 1.5 * u, margin, u * 0.9)
        yc += pitch
        east = not east
        x = column if east else column + u
        just_turned = True
    return laid, right_end


def _height(laid: list[Laid], right_end: Box, u: float) -> float:
    return max([lay.y + (2 * u if lay.vertical else u) for lay in laid] + [right_end[1] + right_end[3]])


def _folding(count: int, folded: int) -> tuple[int, int]:
    """How many tiles stay before the fold and after it when ``folded`` of
    ``count`` are folded away (one more after it when they do not split evenly)."""
    kept = count - folded
    return kept // 2, kept - kept // 2


def line_layout(line: tuple[Placed, ...], box: Box) -> Snake:
    """The line of play at the largest unit (up to LINE_UNIT) that fits
    ``box``, down to LINE_MIN_UNIT; beyond that with its middle folded away
    (as few tiles as leaves the rest fitting), centred in the box."""
    x0, y0, width, height = box
    doubles = [item.tile.is_double for item in line]

    def lay(unit: float, folded: int) -> tuple[list[Laid], Box, float, float]:
        margin = max(unit * 1.1, min(MIN_TAP, width / 9))
        if folded:
            before, after = _folding(len(doubles), folded)
            slots = doubles[:before] + [False] + doubles[len(doubles) - after :]
        else:
            slots = doubles
        laid, right_end = _snake(slots, width, unit, margin)
        return laid, right_end, margin, _height(laid, right_end, unit)

    # a few tiles to a row where the box is wide; in a narrow one, as large as a row of one allows
    unit = min(LINE_UNIT, height / 2.4, max(width / 7, min(LINE_MIN_UNIT, width / 4.4)))
    folded = 0
    laid, right_end, margin, used = lay(unit, folded)
    while used > height and unit > LINE_MIN_UNIT:
        unit = max(LINE_MIN_UNIT, unit * 0.93)
        laid, right_end, margin, used = lay(unit, folded)
    while used > height and folded < len(doubles) - 2:
        folded = max(2, folded + 1)
        laid, right_end, margin, used = lay(unit, folded)
    while used > height and unit > 6:
        unit *= 0.93
        laid, right_end, margin, used = lay(unit, folded)
    right = max([lay.x + (unit if lay.vertical else 2 * unit) for lay in laid] + [right_end[0] + margin])
    dx = x0 + max(0.0, (width - right - margin) / 2) if used <= 2.4 * unit else x0
    dy = y0 + max(0.0, (height - used) / 2)
    moved = [Laid(lay.x + dx, lay.y + dy, lay.vertical, lay.flipped) for lay in laid]
    left_end: Box = (dx, dy, margin, 2 * unit)
    ends: tuple[Box, Box] = (left_end, (right_end[0] + dx, right_end[1] + dy, right_end[2], right_end[3]))
    if not folded:
        return Snake(unit, list[Laid | None](moved), ends)
    before = _folding(len(doubles), folded)[0]
    tiles: list[Laid | None] = [*moved[:before], *[None] * folded, *moved[before + 1 :]]
    return Snake(unit, tiles, ends, fold=moved[before], folded=folded)


def _line(scene: Scene, state: PyrinoesState, marks: Marks, box: Box) -> None:
    x, y, w, h = box
    scene.add(Rect(x, y, w, h, radius=8, fill=CELL, stroke=GRID, width=1))
    text = max(10.0, min(13.0, w * 0.03))
    inner: Box = (x + 4, y + text + 8, w - 8, h - text - 12)
    info = f"Round {state.round} · match to {state.target}" if state.round else f"Match to {state.target}"
    scene.add(Text(x + 8, y + 5 + text * 0.6, info, size=text, fill=RULER))
    if not state.line:
        _picks(scene, state, inner, text)
        return
    snake = line_layout(state.line, inner)
    u = snake.unit
    if snake.fold is not None:
        _fold(scene, snake.fold, u, snake.folded)
    for index, (item, lay) in enumerate(zip(state.line, snake.laid, strict=True)):
        if lay is None:
            continue
        faces = tile_faces(item)
        if lay.flipped:
            faces = (faces[1], faces[0])
        draw_tile(scene, faces, lay.x, lay.y, u, lay.vertical, key=tile_text(item.tile))
        if index in marks.last_line:
            size = (u, 2 * u) if lay.vertical else (2 * u, u)
            _frame(scene, _grow((lay.x, lay.y, *size), 2), LAST, 3)
    for end, where in zip((LEFT, RIGHT), snake.ends, strict=True):
        ex, ey, ew, eh = where
        cx, cy = ex + ew / 2, ey + eh / 2
        r = max(8.0, min(ew, eh, 40.0) * 0.36)
        spots = state.open_ends[end]
        lit = end in marks.lit
        scene.add(Circle(cx, cy, r, fill="#ffffff", stroke=FOCUS if lit else GRID, width=2.5 if lit else 1))
        scene.add(Text(cx, cy, str(spots), size=max(10.0, r * 0.9), fill=INK, align="center", weight="bold"))
        if lit:
            scene.add(Circle(cx, cy, r + 4, stroke=HALO, width=5))
            scene.add(Circle(cx, cy, r + 4, stroke=FOCUS, width=2.5, dash=(5, 3)))
        _target(scene, where, f"end:{'left' if end == LEFT else 'right'}", MIN_TAP)


def _fold(scene: Scene, lay: Laid, u: float, folded: int) -> None:
    """Where the middle of the line is folded away: a dashed tile saying how many tiles it holds."""
    w, h = (u, 2 * u) if lay.vertical else (2 * u, u)
    scene.add(
        Rect(lay.x, lay.y, w, h, radius=max(2.0, u * 0.14), fill=CELL, stroke=RULER, width=1, dash=(4, 3))
    )
    size = max(10.0, u * 0.3)
    cx, cy = lay.x + w / 2, lay.y + h / 2
    if lay.vertical:
        scene.add(
            Text(cx, cy - size * 0.6, str(folded), size=size, fill=RULER, align="center", weight="bold")
        )
        scene.add(Text(cx, cy + size * 0.6, "more", size=size, fill=RULER, align="center"))
    else:
        scene.add(Text(cx, cy, f"{folded} more", size=size, fill=RULER, align="center"))


def _picks(scene: Scene, state: PyrinoesState, box: Box, text: float) -> None:
    """Before the first round, the dominoes picked to decide who starts; during a deal, a word."""
    x, y, w, h = box
    if state.round == 0 and state.picks:
        u = min(34.0, h / 3, w / 8)
        for seat, domino in enumerate(state.picks[:2]):
            left = x + w / 2 - 2.5 * u + seat * 3 * u
            top = y + h / 2 - u / 2
            draw_tile(scene, domino.spots, left, top, u, False, key=tile_text(domino))
            name = ("Fire", "Ice")[seat]
            scene.add(Text(left + u, top - text, f"{name} picked", size=text, fill=INK, align="center"))
        return
    words = "Dealing…" if state.round else "Picking who starts…"
    scene.add(Text(x + w / 2, y + h / 2, words, size=text + 2, fill=RULER, align="center"))


# ---------------------------------------------------------------- the sides


def _flow(
    widths: list[float], height: float, width: float, gap: float
) -> tuple[list[tuple[float, float]], float]:
    """Items of ``widths``, ``height`` tall, in rows ``width`` across: their
    positions and the height of the rows."""
    spots: list[tuple[float, float]] = []
    x = y = 0.0
    for w in widths:
        if x > 0 and x + w > width:
            x, y = 0.0, y + height + gap
        spots.append((x, y))
        x += w + gap
    return spots, (y + height if widths else 0.0)


def _supply_counts(state: PyrinoesState, seat: int) -> list[tuple[Pyramid, int]]:
    return [
        (Pyramid(colour, size), state.supply[seat].count(Pyramid(colour, size)))
        for colour in SEAT_COLOURS[seat]
        for size in SIZES
    ]


def _green_counts(state: PyrinoesState) -> list[tuple[Pyramid, int]]:
    return [(Pyramid(GREEN, size), state.greens[size - 1]) for size in SIZES]


def _header(
    scene: Scene, state: PyrinoesState, box: Box, seat: int, name: str, to_move: bool, text: float
) -> None:
    x, y, _, _ = box
    badge(scene, SEAT_SWATCH[seat], x + text * 0.6, y + text * 0.6, text * 0.5)
    hand = len(state.hands[seat])
    built = len(state.pyrinoes[seat])
    counts = f"{hand} domino{'es' * (hand != 1)}" + (
        f", {built} pyrino{'es' * (built != 1)}" if built else ""
    )
    scene.add(
        Text(
            x + text * 1.4,
            y + text * 0.6,
            f"{name}: {counts}",
            size=text,
            fill=INK,
            weight="bold" if to_move else "normal",
        )
    )


@dataclass
class SideLayout:
    """Where a side's parts go, from the top of its box."""

    text: float
    unit: float
    """Half a tile's length in the hand."""
    button: float
    """A supply button's side."""
    hand: list[tuple[float, float]]
    hand_h: float
    buttons: list[tuple[float, float]]
    buttons_h: float
    height: float


def _buttons(viewer: bool) -> int:
    """Supply, greens and boneyard, and the tray's two ends for the viewer."""
    return 6 + 3 + 1 + (2 if viewer else 0)


def side_layout(state: PyrinoesState, seat: int, width: float, scale: float, viewer: bool) -> SideLayout:
    """A side ``width`` across at ``scale`` (1: targets 44 px)."""
    text = max(10.0, min(14.0, 13 * scale))
    gap = 4.0 * scale
    unit = MIN_TAP * scale if viewer else max(10.0, 18 * scale)
    tiles = len(state.hands[seat]) + len(state.pyrinoes[seat])
    hand, hand_h = _flow([2 * unit] * tiles, unit, width, gap)
    button = MIN_TAP * scale if viewer else max(14.0, 22 * scale)
    if viewer:  # the supply on a row; the greens, the boneyard, and the tray (after a space) below
        first, first_h = _flow([button] * 6, button, width, gap)
        rest, rest_h = _flow([button] * 4 + [button * 0.3] + [button] * 2, button, width, gap)
        buttons = first + [(bx, by + first_h + gap) for bx, by in rest]
        buttons_h = first_h + gap + rest_h
    else:
        buttons, buttons_h = _flow([button * 1.6] * 6, button, width, gap)
    height = text * 1.3 + gap + max(hand_h, unit if not viewer else 0.0) + gap + buttons_h
    return SideLayout(text, unit, button, hand, hand_h, buttons, buttons_h, height)


def _side(
    scene: Scene,
    state: PyrinoesState,
    marks: Marks,
    box: Box,
    seat: int,
    name: str,
    to_move: bool,
    scale: float,
) -> None:
    """A seat's side: name and counts, hand, pyrinoes and supply; the
    viewer's with the greens, the boneyard and the tray, all to tap."""
    x, y, w, h = box
    mine = seat == marks.viewer
    scene.add(
        Rect(
            x,
            y,
            w,
            h,
            radius=8,
            fill="#ffffff" if to_move else CELL,
            stroke=INK if to_move else GRID,
            width=2 if to_move else 1,
        )
    )
    inner_x, inner_w = x + 6, w - 12
    where = side_layout(state, seat, inner_w, scale, mine)
    text, u = where.text, where.unit
    _header(scene, state, (inner_x, y + 4, inner_w, text), seat, name, to_move, text)
    top = y + 4 + text * 1.3 + 4 * scale
    tiles: list[Tile] = [*state.hands[seat], *state.pyrinoes[seat]]
    for tile, (tx, ty) in zip(tiles, where.hand, strict=True):
        left, upper = inner_x + tx, top + ty
        place: Box = (left, upper, 2 * u, u)
        if tile == UNSEEN:
            draw_back(scene, *place)
            continue
        label = tile_text(tile)
        draw_tile(scene, hand_faces(tile), left, upper, u, False, key=label)
        if isinstance(tile, Pyrino) and label in marks.last_built:
            _frame(scene, _grow(place, 2), LAST, 3)
        if mine:
            if label == marks.picked:
                _frame(scene, _grow(place, 2), FOCUS, 3.5)
            elif label in marks.playable:
                _frame(scene, _grow(place, 1), FOCUS, 2)
            _target(scene, place, f"tile:{label}")
    if not tiles:
        scene.add(Text(inner_x, top + u / 2, "nothing in hand", size=text, fill=RULER))
    top += max(where.hand_h, u if not mine else 0.0) + 4 * scale
    b = where.button
    if not mine:
        for (piece, count), (bx, by) in zip(_supply_counts(state, seat), where.buttons, strict=True):
            cx, cy = inner_x + bx + b * 0.5, top + by + b / 2
            pyramid(scene, piece, cx, cy, b, alpha=1.0 if count else 0.3)
            scene.add(Text(cx + b * 0.55, cy, f"×{count}", size=max(10.0, b * 0.5), fill=INK))  # noqa: RUF001
        return
    spots = iter(where.buttons)
    for item in [*_supply_counts(state, seat), *_green_counts(state)]:
        bx, by = next(spots)
        if item is not None:
            _supply_button(scene, marks, (inner_x + bx, top + by, b, b), *item)
    bx, by = next(spots)
    _boneyard(scene, marks, state, (inner_x + bx, top + by, b, b))
    next(spots)
    for end in (0, 1):
        bx, by = next(spots)
        _tray_end(scene, marks, end, (inner_x + bx, top + by, b, b))


def _supply_button(scene: Scene, marks: Marks, box: Box, piece: Pyramid, count: int) -> None:
    x, y, b, _ = box
    used = sum(p == piece for end in marks.building for p in end)
    left = count - used
    usable = str(piece) in marks.usable
    scene.add(Rect(x, y, b, b, radius=5, fill="#ffffff", stroke=INK if usable else GRID, width=1))
    pyramid(scene, piece, x + b * 0.42, y + b * 0.45, b * 0.82, alpha=1.0 if left else 0.3)
    size = max(9.0, b * 0.27)
    scene.add(
        Text(x + b - 2, y + b - size * 0.6 - 1, str(left), size=size, fill=INK, align="right", weight="bold")
    )
    _target(scene, box, f"supply:{piece}")


def _boneyard(scene: Scene, marks: Marks, state: PyrinoesState, box: Box) -> None:
    x, y, b, _ = box
    scene.add(
        Rect(
            x,
            y,
            b,
            b,
            radius=5,
            fill="#ffffff",
            stroke=FOCUS if marks.draw_ready else GRID,
            width=2.5 if marks.draw_ready else 1,
        )
    )
    draw_back(scene, x + b * 0.12, y + b * 0.1, b * 0.38, b * 0.7)
    size = max(9.0, b * 0.3)
    scene.add(
        Text(
            x + b - 3, y + b / 2, str(len(state.boneyard)), size=size, fill=INK, align="right", weight="bold"
        )
    )
    if marks.last_draw:
        _frame(scene, _grow(box, 2), LAST, 3)
    _target(scene, box, "boneyard")


def _tray_end(scene: Scene, marks: Marks, end: int, box: Box) -> None:
    """One end of the pyrino being built: its pyramids and its spot count."""
    x, y, b, _ = box
    pieces = marks.building[end]
    scene.add(
        Rect(x, y, b, b, radius=5, fill="#ffffff", stroke=FOCUS, width=1.5, dash=() if pieces else (4, 3))
    )
    size = max(9.0, b * 0.27)
    if pieces:
        _end(scene, pieces, x + b * 0.45, y + b * 0.45, b * 0.8)
        scene.add(
            Text(
                x + b - 2,
                y + b - size * 0.6 - 1,
                str(end_spots(pieces)),
                size=size,
                fill=INK,
                align="right",
                weight="bold",
            )
        )
    else:
        scene.add(Text(x + b / 2, y + b / 2, "end", size=size, fill=RULER, align="center"))
    _target(scene, box, f"build:{end}")


def _common(scene: Scene, state: PyrinoesState, marks: Marks, box: Box) -> None:
    """The greens and the boneyard, where nobody's side shows them (a spectator's table)."""
    x, y, w, h = box
    b = min(h, MIN_TAP)
    spots, _ = _flow([b] * 4, b, w, 4)
    for (piece, count), (bx, by) in zip(_green_counts(state), spots, strict=False):
        _supply_button(scene, Marks(), (x + bx, y + by, b, b), piece, count)
    bx, by = spots[3]
    _boneyard(scene, marks, state, (x + bx, y + by, b, b))


# ---------------------------------------------------------------- the table


def table_scene(
    state: PyrinoesState, marks: Marks, width: float, height: float, names: list[str], to_move: int | None
) -> Scene:
    """The whole table at ``width`` x ``height`` CSS pixels; ``names`` are
    what the seats are called; ``to_move`` the seat whose side is framed."""
    scene = Scene(width, height)
    scene.add(Rect(0, 0, width, height, fill=BACKGROUND))
    pad, gap = 4.0, 6.0
    bottom = marks.viewer if marks.viewer in (0, 1) else 0
    top = 1 - bottom
    viewing = marks.viewer in (0, 1)
    wide = width >= height * 1.15
    column = min(max(width * 0.44, 300.0), 470.0) if wide else width - 2 * pad
    scale = 1.0
    while True:
        mine = side_layout(state, bottom, column - 12, scale, viewing)
        other = side_layout(
            state, top, (width - column - 3 * pad if wide else width) - 12 - 2 * pad, scale, False
        )
        mine_h = mine.height + 12
        other_h = other.height + 12
        common_h = 0.0 if viewing else min(MIN_TAP, 44 * scale) + gap
        line_need = 110 * scale
        if wide:
            need = max(mine_h, other_h + line_need + common_h + gap) + 2 * pad
        else:
            need = mine_h + other_h + common_h + line_need + 2 * gap + 2 * pad
        if need <= height or scale <= 0.5:
            break
        scale *= 0.95
    if wide:
        right = width - column - pad
        side_box: Box = (right, pad, column, min(height - 2 * pad, max(mine_h, height - 2 * pad)))
        left_w = right - 2 * pad
        other_box: Box = (pad, pad, left_w, other_h)
        line_top = pad + other_h + gap
        common_box: Box = (pad, height - pad - common_h + gap, left_w, common_h - gap)
        line_box: Box = (pad, line_top, left_w, height - pad - line_top - common_h)
    else:
        other_box = (pad, pad, width - 2 * pad, other_h)
        side_box = (pad, height - pad - mine_h, width - 2 * pad, mine_h)
        common_box = (pad, side_box[1] - common_h, width - 2 * pad, common_h - gap)
        line_top = pad + other_h + gap
        line_box = (pad, line_top, width - 2 * pad, side_box[1] - common_h - gap - line_top)
    _side(
        scene,
        state,
        Marks(viewer=-1, last_built=marks.last_built),
        other_box,
        top,
        names[top],
        to_move == top,
        scale,
    )
    _side(scene, state, marks, side_box, bottom, names[bottom], to_move == bottom, scale)
    if not viewing:
        _common(scene, state, marks, common_box)
    _line(scene, state, marks, line_box)
    return scene


__all__ = ["Marks", "draw_tile", "line_layout", "table_scene", "tile_faces", "tile_text"]
