"""The line of play as drawn: it snakes left to right, turns down at the
edge with one tile standing on end, runs back right to left, and so on, at
the largest size that fits its box (a double lies crosswise, except where
the line turns), with its middle folded away where even the smallest size
does not fit; and, before the first round, the dominoes picked to start."""

from __future__ import annotations

from dataclasses import dataclass

from ...pictures.drawing import CELL, FOCUS, GRID, HALO, INK, LAST, RULER
from ...pictures.scene import Circle, Rect, Scene, Text
from .parts import MIN_TAP, Box, Marks, draw_tile, frame, grow, outline_target, tile_faces, tile_text
from .state import LEFT, RIGHT, Placed, PyrinoesState


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


def draw_line(scene: Scene, state: PyrinoesState, marks: Marks, box: Box) -> None:
    x, y, w, h = box
    scene.add(Rect(x, y, w, h, radius=8, fill=CELL, stroke=GRID, width=1))
    text = max(10.0, min(13.0, w * 0.03))
    inner: Box = (x + 4, y + text + 8, w - 8, h - text - 12)
    info = (
        f"Line of play · round {state.round} · match to {state.target}"
        if state.round
        else f"Match to {state.target}"
    )
    scene.add(Text(x + 8, y + 5 + text * 0.6, info, size=text, fill=RULER))
    if not state.line:
        draw_picks(scene, state, inner, text)
        if marks.setting_up:  # a position being set up starts the line here
            ix, iy, iw, ih = inner
            for end, name in ((LEFT, "left"), (RIGHT, "right")):
                outline_target(scene, (ix + end * iw / 2, iy, iw / 2, ih), f"end:{name}", MIN_TAP)
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
            frame(scene, grow((lay.x, lay.y, *size), 2), LAST, 3)
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
        outline_target(
            scene,
            where,
            f"end:{'left' if end == LEFT else 'right'}",
            MIN_TAP,
            f"An open end of the line of play: a tile with {spots} spots on one end can be played here",
        )


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


def draw_picks(scene: Scene, state: PyrinoesState, box: Box, text: float) -> None:
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
