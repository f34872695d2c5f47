"""The Iriri table as a scene: the dictionary ring with the hands inside it,
and the board fitted to the rest of the space.  Pyramids are drawn by
:func:`iriri_core.pictures.drawing.pyramid`.  The racks go in the order of play,
turned round for the one person at the table (against bots, or a friend by
links) so that theirs is at the bottom, marked "you".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...pictures.drawing import (
    BACKGROUND,
    BAD,
    CELL,
    FOCUS,
    GOOD,
    GRID,
    INK,
    LAST,
    RULER,
    SIZE_SCALE,
    badge,
    pyramid,
    seat_order,
    shade,
)
from ...pictures.finger import smallest_tap, tap_areas
from ...pictures.scene import Circle, Line, Point, Rect, Scene, Text
from ...pieces import Pyramid
from .state import Cell, IririState


@dataclass
class Marks:
    """What the table highlights besides the position itself."""

    draft: dict[Cell, Pyramid] = field(default_factory=dict)
    words: list[tuple[tuple[Cell, ...], bool]] = field(default_factory=list)
    run_cells: set[int] = field(default_factory=set)
    takeable: set[int] = field(default_factory=set)
    selected: int | None = None
    used: set[int] = field(default_factory=set)
    active: int | None = None
    """The seat whose hand pieces may be tapped (a person to move)."""
    last: set[Cell] = field(default_factory=set)
    """The cells of the last turn's word."""
    gaps: list[int] = field(default_factory=list)
    """Where the last turn's takes left the ring: before these positions."""
    setting_up: bool = False
    """Drawn for setting a position up by hand (:mod:`iriri_core.games.iriri.setup`):
    every place of every hand is a target, and an empty ring's first place."""


# ---------------------------------------------------------------- layout

Box = tuple[float, float, float, float]
"""left, top, width, height."""


def table_scene(
    state: IririState,
    marks: Marks,
    width: float,
    height: float,
    names: list[str],
    own: int | None = None,
    least: float = 0.0,
) -> Scene:
    """The whole table at ``width`` x ``height`` CSS pixels: the ring with
    the hands inside it, and the board in the rest of the space (to the
    right of the ring on a wide screen, below it on a tall one), the two
    shared so that the smallest piece anywhere is as large as it can be;
    ``own``: the seat of the one person at the table, whose rack is at the
    bottom.  Where that would make a tap target less than ``least`` px (a
    finger's, on a touch screen), the table is drawn larger: :func:`_finger_table`."""
    scene = _table(state, marks, width, height, names, own)
    if least > 0 and smallest_tap(scene, lambda target: not target.startswith("ring:")) < least:
        return _finger_table(state, marks, width, height, names, own, least)
    return scene


def _table(
    state: IririState, marks: Marks, width: float, height: float, names: list[str], own: int | None
) -> Scene:
    wide = width >= height * 1.15
    side = _ring_side(state, width, height, wide)
    scene = Scene(width, height)
    scene.add(Rect(0, 0, width, height, fill=BACKGROUND))
    pad = 8.0
    if wide:
        ring_box: Box = (pad, (height - side) / 2 + pad, side - 2 * pad, side - 2 * pad)
        board_box: Box = (side, pad, width - side - pad, height - 2 * pad)
    else:
        ring_box = ((width - side) / 2 + pad, pad, side - 2 * pad, side - 2 * pad)
        board_box = (pad, side, width - 2 * pad, height - side - pad)
    hands_box = _ring(scene, state, marks, ring_box)
    _hands(scene, state, marks, hands_box, names, own)
    _board(scene, state, marks, board_box)
    return scene


def _finger_table(
    state: IririState,
    marks: Marks,
    width: float,
    height: float,
    names: list[str],
    own: int | None,
    least: float,
) -> Scene:
    """The table for a finger: the ring with the hands as wide as the box
    (centred in it, where the page's box shows it first), and under it the
    board with cells ``least`` px across, the scene as wide and as tall as
    that needs; the page scrolls it in its box, following the word being
    laid, then the ring to take from (the scene's focus)."""
    pad = 8.0
    side = least * 5
    while (
        side < width
        and _hand_slot(state.players, _ring_measures(side - 2 * pad, len(state.dictionary))[3]) < least
    ):
        side += 4
    x0, y0, x1, y1 = board_window(state, marks)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    cell = least + 2  # (a cell's tap area is 2 px less)
    board_w, board_h = cols * cell + 12 * 1.8 + 2, rows * cell + 12 * 1.4 + 2  # (rulers 12 px at most)
    scene_w, scene_h = max(width, board_w + 2 * pad), max(height, side + board_h + pad)
    scene = Scene(scene_w, scene_h)
    scene.add(Rect(0, 0, scene_w, scene_h, fill=BACKGROUND))
    ring_box = ((width - side) / 2 + pad, pad, side - 2 * pad, side - 2 * pad)
    hands_box = _ring(scene, state, marks, ring_box)
    _hands(scene, state, marks, hands_box, names, own)
    _board(scene, state, marks, (pad, side, board_w, board_h))
    if marks.draft:  # the word being laid, or the ring, to take from
        x, y = list(marks.draft)[-1]
        scene.focus = tap_areas(scene).get(f"cell:{x},{y}")
    elif marks.takeable:
        scene.focus = ring_box
    return scene


RING_WEIGHT = 1.3
"""How much smaller than a cell or a hand piece a ring piece may be: the
ring is tapped only to take, and then its pieces get larger tap areas, while
cells and hand pieces are tapped on every turn (44 px on a phone)."""


def _ring_side(state: IririState, width: float, height: float, wide: bool) -> float:
    """The side of the ring's square: the share of the table, between the
    ring and the board, at which the smallest of a ring piece (weighted by
    :data:`RING_WEIGHT`), a hand piece and a board cell is largest (the ring
    gets what the board cannot use).  It follows the pieces laid, not a draft, so that it holds still while a
    word is put together."""
    x0, y0, x1, y1 = board_window(state, Marks())
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    count = max(len(state.dictionary), 1)
    length, across = (width, height) if wide else (height, width)
    best, best_side = -1.0, 0.0
    for step in range(25):
        side = min(across, length * (0.3 + 0.32 * step / 24))
        _, slot, _, inner = _ring_measures(side - 16, count)
        hands = _hand_slot(state.players, inner)
        board = (length - side - 8, across - 16) if wide else (across - 16, length - side - 8)
        smallest = min(slot * RING_WEIGHT, hands, _cell(board[0], board[1], cols, rows)[0])
        if smallest >= best:
            best, best_side = smallest, side
    return best_side


def _ring_measures(side: float, count: int) -> tuple[float, float, float, float]:
    """A ring of ``count`` pieces in a square of ``side``: the size of its
    numbers, of its pieces, the radius they sit on, and the radius free inside."""
    label = max(7.0, min(12.0, side * 0.035))
    outer = side / 2 - label * 1.3
    slot = min(side * 0.12, 2 * math.pi * outer / max(count, 1) * 0.9)  # (a set-up may empty the ring)
    radius = outer - slot / 2
    return label, slot, radius, radius - slot * 0.68


HANDS_WIDTH, HANDS_HEIGHT = 0.86, 0.51
"""The box for the hands inside the ring, in radii from its centre: wide and low."""


def _hand_slot(players: int, inner: float) -> float:
    """The size of a hand piece, with the hands inside a ring whose free radius is ``inner``."""
    columns = 1 if players <= 2 else 2
    rows = math.ceil(players / columns)
    width, height = 2 * HANDS_WIDTH * inner / columns, 2 * HANDS_HEIGHT * inner / rows
    return _rack_layout(width, height)[0]


def _rack_layout(width: float, height: float) -> tuple[float, float, bool]:
    """A rack's text size and piece size, and whether the colour and score
    sit beside the hand (where that leaves the pieces more room) or the
    name and score above it."""
    text = max(8.0, min(15.0, height * 0.2))
    above = min(height - text * 1.6 - 8, (width - 12) / 3, 84.0)
    beside = min(height - 8, (width - 10 - text * 2.6 - 8) / 3, 84.0)
    return max(8.0, above, beside), text, beside > above


def _cell(width: float, height: float, cols: int, rows: int) -> tuple[float, float]:
    """The side of a board cell in a box of ``width`` x ``height`` (rulers
    included), and the size of the rulers' text."""
    ruler = max(9.0, min(12.0, min(width / cols, height / rows) * 0.22))
    return min((width - ruler * 1.8) / cols, (height - ruler * 1.4) / rows, 72.0), ruler


def _ring(scene: Scene, state: IririState, marks: Marks, box: Box) -> Box:
    """The dictionary in ``box``; returns the free box inside it."""
    left, top, side, _ = box
    cx, cy = left + side / 2, top + side / 2
    count = max(len(state.dictionary), 1)
    label, slot, radius, inner = _ring_measures(side, count)
    scene.add(
        Circle(
            cx,
            cy,
            radius + slot * 0.6,
            stroke=GRID,
            width=max(2.0, slot * 0.55),
            alpha=0.0,
            label="The ring (the rules' dictionary): a word laid on the board must match pieces side by side "
            "here, either way round. After laying a word, you refill your hand from it",
        )
    )
    scene.add(Circle(cx, cy, radius, stroke=GRID, width=max(2.0, slot * 0.55)))

    def spot(i: float, distance: float) -> Point:
        """Where position ``i`` of the ring is, ``distance`` from the centre (clockwise from the top)."""
        angle = -math.pi / 2 + 2 * math.pi * i / count
        return cx + distance * math.cos(angle), cy + distance * math.sin(angle)

    for i, piece in enumerate(state.dictionary):
        x, y = spot(i, radius)
        if i in marks.run_cells:
            scene.add(Circle(x, y, slot * 0.56, fill=shade(GOOD, 0.75), stroke=GOOD, width=2))
        if i in marks.takeable:
            scene.add(Circle(x, y, slot * 0.56, fill="#ffffff", stroke=FOCUS, width=2.5, dash=(4, 3)))
        pyramid(scene, piece, x, y, slot)
        scene.add(Circle(x, y, slot * 0.55, fill="#ffffff", alpha=0.0, target=f"ring:{i}"))
        if count <= 30 or i % 5 == 4 or i == 0:
            # Clear of the largest piece's square, whose corners reach further out on the diagonals.
            angle = 2 * math.pi * i / count
            reach = slot * SIZE_SCALE[3] / 2 * (abs(math.cos(angle)) + abs(math.sin(angle)))
            lx, ly = spot(i, radius + max(reach, slot / 2) + label * 0.75)
            scene.add(Text(lx, ly, str(i + 1), size=label, fill=RULER, align="center"))
    for gap in marks.gaps:  # a notch across the track where a piece was taken
        inside, outside = spot(gap - 0.5, radius - slot * 0.5), spot(gap - 0.5, radius + slot * 0.5)
        scene.add(Line((inside, outside), stroke=LAST, width=max(3.0, slot * 0.12)))
    if marks.setting_up and not state.dictionary:  # where a set-up puts the ring's first piece
        x, y = spot(0, radius)
        scene.add(Circle(x, y, slot * 0.55, fill="#ffffff", alpha=0.0, target="ring:0"))
    # Pieces that may be taken get tap areas 44 px across or more, over their neighbours', for fingers.
    reach = max(slot * 0.55, 22.0)
    for i in sorted(marks.takeable):
        x, y = spot(i, radius)
        scene.add(Circle(x, y, reach, fill="#ffffff", alpha=0.0, target=f"ring:{i}"))
    scene.add(Text(left, top + label * 0.6, f"{len(state.dictionary)} in the ring", size=label, fill=RULER))
    # Inside: a wide box, clear of the pieces and their marks, for the racks.
    half_width, half_height = inner * HANDS_WIDTH, inner * HANDS_HEIGHT
    return (cx - half_width, cy - half_height, 2 * half_width, 2 * half_height)


def _hands(
    scene: Scene, state: IririState, marks: Marks, box: Box, names: list[str], own: int | None
) -> None:
    """One rack per player, all the same size (in two columns for three or
    four players), ``own``'s last, at the bottom; the player to move's is
    framed."""
    left, top, width, height = box
    columns = 1 if state.players <= 2 else 2
    rows = math.ceil(state.players / columns)
    for place, seat in enumerate(seat_order(state.players, own)):
        w, h = width / columns, height / rows
        rack = (left + (place % columns) * w, top + (place // columns) * h, w, h)
        _rack(scene, state, marks, seat, rack, names[seat], seat == own)


def _rack(scene: Scene, state: IririState, marks: Marks, seat: int, box: Box, name: str, yours: bool) -> None:
    """A player's colour, name, score and hand, in ``box``: the name and
    score above the hand or, where that leaves the pieces more room, the
    colour and the score beside it (and "you" under them on ``yours``)."""
    left, top, width, height = box
    mover = seat == state.to_move and not state.is_over
    slot, text, beside = _rack_layout(width, height)
    if mover:
        scene.add(Rect(left + 1, top + 1, width - 2, height - 2, radius=8, fill="#ffffff", stroke=INK))
    scene.label(
        left,
        top,
        width,
        height,
        f"{name.split(' (')[0]}, your hand and score: the pieces you lay words with, refilled from the ring"
        if yours
        else f"{name}'s hand and score: the pieces they lay words with, refilled from the ring",
    )
    colour = state.colours[seat]
    weight = "bold" if mover else "normal"
    score = f"{state.scores[seat]:g}"
    if beside:  # short of height: the colour and the score in a column, left of the hand
        middle = top + height / 2
        centre, up = left + 5 + text * 1.3, middle - (text * 0.5 if yours else 0.0)
        badge(scene, colour, centre, up - text * 0.75, text * 0.6)
        scene.add(Text(centre, up + text * 0.6, score, size=text, fill=INK, weight=weight, align="center"))
        if yours:
            scene.add(Text(centre, up + text * 1.8, "you", size=text, fill=INK, align="center"))
        slot_top = middle - slot / 2
        first = left + 10 + text * 2.6
    else:
        badge(scene, colour, left + 10, top + 4 + text * 0.8, text * 0.5)
        line = f"{name}  {score}"
        scene.add(
            Text(left + 16 + text * 0.3, top + 4 + text * 0.8, line, size=text, fill=INK, weight=weight)
        )
        slot_top = top + text * 1.6 + 4
        first = left + (width - 3 * slot - 4) / 2
    hand = state.hands[seat]
    for i in range(3):
        x = first + i * (slot + 2)
        tapped = (seat == marks.active and i < len(hand)) or marks.setting_up
        target = f"hand:{seat}:{i}" if tapped else None
        scene.add(Rect(x + 1, slot_top, slot - 2, slot, radius=6, fill=CELL, stroke=GRID, target=target))
        if i < len(hand):
            used = seat == marks.active and i in marks.used
            pyramid(
                scene, hand[i], x + slot / 2, slot_top + slot / 2, slot * 0.95, alpha=0.3 if used else 1.0
            )
            if seat == marks.active and i == marks.selected:
                scene.add(Rect(x - 1, slot_top - 2, slot + 2, slot + 4, radius=7, stroke=FOCUS, width=3))
            if target:  # the whole width up to the next piece, for fingers
                scene.add(Rect(x - 1, slot_top, slot + 2, slot, fill="#ffffff", alpha=0.0, target=target))


EMPTY_WINDOW = (-2, -2, 2, 2)
"""The cells shown on the empty board, where the first word may go anywhere."""


def board_window(state: IririState, marks: Marks) -> tuple[int, int, int, int]:
    """The cells shown: every piece and draft piece plus one cell around (the
    empty board shows EMPTY_WINDOW), so the board only grows when a piece
    reaches its edge."""
    cells = list(state.grid) + list(marks.draft)
    x0, y0, x1, y1 = EMPTY_WINDOW if not state.grid else (0, 0, 0, 0)
    if state.grid:
        x0, y0 = min(x for x, _ in state.grid), min(y for _, y in state.grid)
        x1, y1 = max(x for x, _ in state.grid), max(y for _, y in state.grid)
    for x, y in cells:
        x0, y0, x1, y1 = min(x0, x - 1), min(y0, y - 1), max(x1, x + 1), max(y1, y + 1)
    return (x0, y0, x1, y1)


def _board(scene: Scene, state: IririState, marks: Marks, box: Box) -> None:
    left, top, width, height = box
    x0, y0, x1, y1 = board_window(state, marks)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    cell, ruler = _cell(width, height, cols, rows)
    left, top, width, height = (
        left + ruler * 1.8,
        top + ruler * 1.4,
        width - ruler * 1.8,
        height - ruler * 1.4,
    )
    ox = left + (width - cell * cols) / 2
    oy = top + (height - cell * rows) / 2
    # Coordinates along the top and the left, as move text writes cells.
    for x in range(x0, x1 + 1):
        scene.add(
            Text(ox + (x - x0 + 0.5) * cell, oy - ruler * 0.7, str(x), size=ruler, fill=RULER, align="center")
        )
    for y in range(y0, y1 + 1):
        scene.add(
            Text(ox - ruler * 0.5, oy + (y - y0 + 0.5) * cell, str(y), size=ruler, fill=RULER, align="right")
        )

    def corner(c: Cell) -> Point:
        return (ox + (c[0] - x0) * cell, oy + (c[1] - y0) * cell)

    grid = state.grid
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            px, py = corner((x, y))
            scene.add(
                Rect(
                    px + 1,
                    py + 1,
                    cell - 2,
                    cell - 2,
                    radius=3,
                    fill=CELL,
                    stroke=GRID,
                    target=f"cell:{x},{y}",
                )
            )
    for c in marks.last:
        px, py = corner(c)
        scene.add(Rect(px + 2, py + 2, cell - 4, cell - 4, radius=3, fill=shade(LAST, 0.85)))
    for c, piece in grid.items():
        px, py = corner(c)
        pyramid(scene, piece, px + cell / 2, py + cell / 2, cell)
    for c in marks.last:  # over the pieces, which fill their cells
        px, py = corner(c)
        scene.add(Rect(px + 2, py + 2, cell - 4, cell - 4, radius=3, stroke=LAST, width=3))
    for c, piece in marks.draft.items():
        px, py = corner(c)
        scene.add(
            Rect(
                px + 2,
                py + 2,
                cell - 4,
                cell - 4,
                radius=3,
                fill="#ffffff",
                stroke=FOCUS,
                width=2,
                dash=(5, 3),
            )
        )
        pyramid(scene, piece, px + cell / 2, py + cell / 2, cell, alpha=0.85)
    for cells, valid in marks.words:
        (ax, ay), (bx, by) = corner(cells[0]), corner(cells[-1])
        colour = GOOD if valid else BAD
        scene.add(
            Rect(
                ax + 3,
                ay + 3,
                bx - ax + cell - 6,
                by - ay + cell - 6,
                radius=6,
                stroke=colour,
                width=3,
                dash=() if valid else (6, 4),
            )
        )
    for c in marks.draft:  # taps on a draft piece take it back
        px, py = corner(c)
        scene.add(
            Rect(px + 1, py + 1, cell - 2, cell - 2, fill="#ffffff", alpha=0.0, target=f"cell:{c[0]},{c[1]}")
        )
