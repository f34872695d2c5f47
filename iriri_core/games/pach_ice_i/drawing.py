"""The Pach-Ice-i table as a scene: the 7x7 checkered board with its
coordinates along the edges, a panel for each player (their start pad with
its trees, and how many of their pieces they have brought home, of each
size), and the three dice.

Black (seat 0) sits by a1, at the bottom left, and White by g7, at the top
right, so White's pad is drawn above the board (beside it, at the top, on a
wide screen) and Black's below; a table seen by White (White the person, in
a game by links or against a bot) is turned half round, so that, as in
every game, the person's own side is at the bottom.  The rules' black and white squares are two
shades of the board, the corners dark; the nine marked squares, both colours
at once, are split along a diagonal into the two shades and framed.  Pieces
on the board are seen from above (:func:`iriri_core.pictures.drawing.pyramid`); the
trees in a pad from the side, large at the bottom.

Targets: ``square:c3`` (every square); for the person to move once the dice
are rolled, ``tree:I`` (tree I of their pad, sorted as the state keeps
them), ``die:I`` (die I of the dice still to use) and ``goal`` (where their
panel counts their pieces home); before their roll, ``die:0`` to
``die:2`` roll the dice.  Marks that must stand out from the squares (a
picked piece, where it may go, the last turn, a hint) are drawn over a white
halo, so they keep their contrast on either shade.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...pictures.drawing import BACKGROUND, CELL, FOCUS, GRID, HALO, INK, LAST, RULER, frame, pyramid
from ...pictures.scene import Circle, Line, Polygon, Rect, Scene, Text
from ...pieces import Pyramid
from .board import COLUMNS, MARKED, SIDE, colour_of
from .marks import COLOURS, DARK, GOAL, LIGHT, Box, Marks, inset, ring, target_label
from .pads import draw_pad, tree_slots
from .state import PachState


@dataclass
class Layout:
    """Where everything goes on a canvas of a given size."""

    cell: float
    board: tuple[float, float]
    """The top left corner of a7 (the board's top left)."""
    ruler: float
    pads: tuple[Box, Box]
    """Black's pad, White's pad."""
    dice: Box
    turned: bool = False
    """Seen from White's side: g7 at the bottom left, White's pad below."""

    def corner(self, column: int, row: int) -> tuple[float, float]:
        """The top left corner of the square at ``column``, ``row`` (from 0: a1 is 0, 0)."""
        x0, y0 = self.board
        if self.turned:
            column, row = SIDE - 1 - column, SIDE - 1 - row
        return x0 + column * self.cell, y0 + (SIDE - 1 - row) * self.cell


def _dice_height(cell: float) -> float:
    return max(40.0, min(72.0, cell * 1.1 + 8))


def _pad_height(cell: float) -> float:
    return max(50.0, min(130.0, cell * 1.4 + 24))


def layout(width: float, height: float, turned: bool = False) -> Layout:
    """The board as large as leaves room for the pads and the dice: below
    and above it on a tall screen, in a column beside it on a wide one (the
    column about as wide as five trees as wide as a square, and the pieces
    home); ``turned``: seen from White's side, White's pad where Black's is."""
    pad, gap = 6.0, 6.0
    ruler = 14.0 if min(width, height) < 500 else 18.0
    if width >= height * 1.15:
        cell = min((height - 2 * pad - ruler) / SIDE, (width - 2 * pad - ruler - gap - 4 - 70) / (SIDE + 4))
        board = max(SIDE * 1.0, cell * SIDE)
        x0, y0 = pad + ruler, (height - board - ruler) / 2
        side_x = x0 + board + gap + 4
        side_w = max(1.0, width - side_x - pad)
        inner = height - 2 * pad
        dice_h = max(40.0, min(84.0, inner * 0.2))
        pad_h = max(1.0, (inner - dice_h - 2 * gap) / 2)
        white: Box = (side_x, pad, side_w, pad_h)
        dice: Box = (side_x, pad + pad_h + gap, side_w, dice_h)
        black: Box = (side_x, pad + pad_h + 2 * gap + dice_h, side_w, pad_h)
        return Layout(
            board / SIDE, (x0, y0), ruler, (white, black) if turned else (black, white), dice, turned
        )
    # Tall: White's pad, the board, the dice, Black's pad, top to bottom,
    # the board as wide as it can be while the rest keeps its room.
    cell = (width - 2 * pad - ruler) / SIDE

    def need(cell: float) -> float:
        return 2 * pad + SIDE * cell + ruler + 3 * gap + _dice_height(cell) + 2 * _pad_height(cell)

    while cell > 1 and need(cell) > height:
        cell -= 0.25
    board = max(1.0, cell) * SIDE
    dice_h = _dice_height(cell)
    pad_h = max(1.0, (height - 2 * pad - board - ruler - 3 * gap - dice_h) / 2)
    span = width - 2 * pad
    white = (pad, pad, span, pad_h)
    x0, y0 = (width - board + ruler) / 2, pad + pad_h + gap
    dice = (pad, y0 + board + ruler + gap, span, dice_h)
    black = (pad, dice[1] + dice_h + gap, span, pad_h)
    pads = (white, black) if turned else (black, white)
    return Layout(board / SIDE, (x0, y0), ruler, pads, dice, turned)


def square_box(where: Layout, square: int) -> Box:
    """The box of ``square`` on the canvas."""
    row, column = divmod(square, SIDE)
    return (*where.corner(column, row), where.cell, where.cell)


def table_scene(
    state: PachState, marks: Marks, width: float, height: float, names: list[str], turned: bool = False
) -> Scene:
    """The whole table at ``width`` x ``height`` CSS pixels; ``names`` are
    what the seats are called at the table; ``turned``: seen from White's side."""
    scene = Scene(width, height)
    scene.add(Rect(0, 0, width, height, fill=BACKGROUND))
    where = layout(width, height, turned)
    mover = None if state.is_over else state.to_move
    for seat in (1, 0):
        draw_pad(scene, state, marks, where.pads[seat], seat, names[seat], seat == mover)
    _board(scene, state, marks, where)
    _dice(scene, marks, where.dice)
    return scene


# ---------------------------------------------------------------- the board


def _board(scene: Scene, state: PachState, marks: Marks, where: Layout) -> None:
    cell = where.cell
    x0, y0 = where.board
    for square in range(SIDE * SIDE):
        x, y, _, _ = square_box(where, square)
        if square in MARKED:
            scene.add(Polygon(((x, y), (x + cell, y), (x + cell, y + cell)), fill=LIGHT))
            scene.add(Polygon(((x, y), (x + cell, y + cell), (x, y + cell)), fill=DARK))
            scene.add(Rect(x + 3, y + 3, cell - 6, cell - 6, stroke=INK, width=1.5))
        else:
            scene.add(Rect(x, y, cell, cell, fill=DARK if colour_of(square) == 0 else LIGHT))
    scene.add(Rect(x0, y0, cell * SIDE, cell * SIDE, stroke=INK, width=1.5))
    text = max(9.0, min(14.0, cell * 0.3))
    for i in range(SIDE):
        x, y = where.corner(i, i)
        scene.add(
            Text(
                x + cell / 2,
                y0 + SIDE * cell + where.ruler / 2 + 1,
                COLUMNS[i],
                size=text,
                fill=RULER,
                align="center",
            )
        )
        scene.add(
            Text(
                x0 - where.ruler / 2,
                y + cell / 2,
                str(i + 1),
                size=text,
                fill=RULER,
                align="center",
            )
        )
    for square, piece in enumerate(state.board):
        if piece is not None:
            x, y, _, _ = square_box(where, square)
            pyramid(scene, Pyramid(COLOURS[piece[0]], piece[1]), x + cell / 2, y + cell / 2, cell * 0.94)
    label = max(9.0, min(12.0, cell * 0.22))
    for square in range(SIDE * SIDE):
        box = square_box(where, square)
        x, y, _, _ = box
        cx, cy = x + cell / 2, y + cell / 2
        if square in marks.last:
            frame(scene, inset(box, 3), LAST, 3)
        if square == marks.square:
            ring(scene, cx, cy, cell * 0.44, FOCUS, 3.5)
        elif square in marks.movable:
            ring(scene, cx, cy, cell * 0.44, FOCUS, 2)
        if square in marks.targets:
            ring(scene, cx, cy, cell * 0.36, FOCUS, 2.5, dash=(5, 3))
            scene.add(Circle(cx, cy, cell * 0.12, fill=HALO))
            scene.add(Circle(cx, cy, cell * 0.09, fill=FOCUS))
            target_label(scene, cx, y + cell - label * 0.75 - 2, marks.targets[square], label)
        name = f"{COLUMNS[square % SIDE]}{square // SIDE + 1}"
        scene.add(Rect(x, y, cell, cell, fill="#ffffff", alpha=0.0, target=f"square:{name}"))


# ---------------------------------------------------------------- the dice

PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
    7: ((-1, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (1, 1)),
    8: ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
}
"""Where the pips of each face sit, in thirds of the die from its centre."""


def _dice(scene: Scene, marks: Marks, box: Box) -> None:
    left, top, width, height = box
    text = max(10.0, min(14.0, height * 0.22))
    caption_w = len(marks.caption) * text * 0.56 + 12
    inline = width - caption_w >= 3 * 44 + 24
    if inline:
        die = min(height - 8, 60.0, (width - caption_w - 20) / 3.3)
        scene.add(Text(left + 4, top + height / 2, marks.caption, size=text, fill=INK))
        x = left + caption_w + 4
        y = top + (height - die) / 2
        step = min(die * 1.25, (left + width - x - die) / 2)
    else:
        scene.add(
            Text(left + width / 2, top + text * 0.7, marks.caption, size=text, fill=INK, align="center")
        )
        die = min(height - text * 1.4 - 8, 60.0, width / 3.6)
        step = die * 1.25
        x = left + (width - die - 2 * step) / 2
        y = top + text * 1.4 + 4
    shown = marks.dice or [(0, False, None)] * 3
    for k, (value, used, index) in enumerate(shown):
        _die(scene, x + k * step, y, die, value, used)
        if index is not None and index in marks.chosen:
            frame(scene, (x + k * step - 4, y - 4, die + 8, die + 8), FOCUS, 3, radius=die * 0.2)
        if marks.rolling:
            scene.add(
                Rect(x + k * step - 3, y - 3, die + 6, die + 6, fill="#ffffff", alpha=0.0, target=f"die:{k}")
            )
        elif index is not None and marks.active is not None:
            scene.add(
                Rect(
                    x + k * step - 3,
                    y - 3,
                    die + 6,
                    die + 6,
                    fill="#ffffff",
                    alpha=0.0,
                    target=f"die:{index}",
                )
            )


def _die(scene: Scene, x: float, y: float, size: float, value: int, used: bool) -> None:
    """A die showing ``value`` in pips (0: not rolled yet, blank and dashed);
    a used die is greyed and struck through."""
    radius = size * 0.18
    if not value:
        scene.add(Rect(x, y, size, size, radius=radius, fill=CELL, stroke=RULER, width=1.5, dash=(4, 3)))
        return
    scene.add(Rect(x, y, size, size, radius=radius, fill=GRID if used else "#ffffff", stroke=INK, width=1.5))
    pip = size * 0.085
    for dx, dy in PIPS[value]:
        scene.add(
            Circle(
                x + size / 2 + dx * size * 0.28,
                y + size / 2 + dy * size * 0.28,
                pip,
                fill=RULER if used else INK,
            )
        )
    if used:
        scene.add(
            Line(
                ((x + size * 0.12, y + size * 0.88), (x + size * 0.88, y + size * 0.12)),
                stroke=INK,
                width=2.5,
            )
        )


def die_words(dice: tuple[int, ...]) -> str:
    """The dice a move uses, as the scene and the texts write them: ``3+4``.

    >>> die_words((2, 3, 5)), die_words((6,))
    ('2+3+5', '6')
    """
    return "+".join(str(d) for d in dice)


__all__ = ["DARK", "GOAL", "LIGHT", "Marks", "die_words", "layout", "square_box", "table_scene", "tree_slots"]
