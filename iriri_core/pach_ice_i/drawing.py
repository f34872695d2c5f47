"""The Pach-Ice-i table as a scene: the 7x7 checkered board with its
coordinates along the edges, a panel for each player (their start pad with
its trees, and how many of their pieces they have brought home, of each
size), and the three dice.

Black (seat 0) sits by a1, at the bottom left, and White by g7, at the top
right, so White's pad is drawn above the board (beside it, at the top, on a
wide screen) and Black's below.  The rules' black and white squares are two
shades of the board, the corners dark; the nine marked squares, both colours
at once, are split along a diagonal into the two shades and framed.  Pieces
on the board are seen from above (:func:`iriri_core.drawing.pyramid`); the
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

from dataclasses import dataclass, field

from ..drawing import BACKGROUND, CELL, FOCUS, GRID, INK, LAST, PALETTE, RULER, badge, pyramid, shade
from ..pieces import Pyramid
from ..scene import Circle, Line, Piece, Polygon, Rect, Scene, Text
from .board import COLUMNS, MARKED, SIDE, colour_of
from .state import PIECES, PachState, Tree

DARK = "#b39b78"
"""The rules' black squares (the corners are black)."""
LIGHT = "#f4ecdc"
"""The rules' white squares."""
HALO = "#ffffff"
COLOURS = ("black", "white")
"""Each seat's pieces."""
GOAL = "goal"
"""The target (and destination key) of the goal: the other player's pad."""

Box = tuple[float, float, float, float]
"""left, top, width, height."""


@dataclass
class Marks:
    """What the table highlights besides the position itself."""

    active: int | None = None
    """The seat whose trees and dice may be tapped (a person to move, dice rolled)."""
    rolling: bool = False
    """The person to act is to roll: the dice are tapped to roll them."""
    square: int | None = None
    """The piece picked on the board."""
    tree: Tree | None = None
    """The tree picked in the pad of the person to move."""
    slot: int | None = None
    """Which tree of that shape: its index in the pad."""
    movable: set[int] = field(default_factory=set)
    """The squares of the pieces that may move now (when nothing is picked)."""
    movable_trees: set[Tree] = field(default_factory=set)
    """The trees whose top piece may be entered now (when nothing is picked)."""
    targets: dict[int | str, str] = field(default_factory=dict)
    """Where the picked piece may go (a square, or :data:`GOAL`), each with
    the dice that take it there ("3+4")."""
    dice: list[tuple[int, bool, int | None]] = field(default_factory=list)
    """The dice shown: value, whether used this turn, and the index among the
    dice still to use (None for a used die)."""
    chosen: set[int] = field(default_factory=set)
    """The dice (indexes among those still to use) picked by the person."""
    caption: str = ""
    """The words by the dice: whose they are."""
    last: set[int] = field(default_factory=set)
    """The squares the last turn left or landed on."""
    last_pads: set[tuple[int, str]] = field(default_factory=set)
    """Parts of the players' panels the last turn touched: (seat, "trees"),
    a piece entered from the seat's pad or sent back to it, or (seat,
    "home"), a piece of the seat's brought home."""


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


def _dice_height(cell: float) -> float:
    return max(40.0, min(72.0, cell * 1.1 + 8))


def _pad_height(cell: float) -> float:
    return max(50.0, min(130.0, cell * 1.4 + 24))


def layout(width: float, height: float) -> Layout:
    """The board as large as leaves room for the pads and the dice: below
    and above it on a tall screen, in a column beside it on a wide one (the
    column about as wide as five trees as wide as a square, and the pieces
    home)."""
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
        return Layout(board / SIDE, (x0, y0), ruler, (black, white), dice)
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
    return Layout(board / SIDE, (x0, y0), ruler, (black, white), dice)


def square_box(where: Layout, square: int) -> Box:
    """The box of ``square`` on the canvas."""
    row, column = divmod(square, SIDE)
    x0, y0 = where.board
    return (x0 + column * where.cell, y0 + (SIDE - 1 - row) * where.cell, where.cell, where.cell)


def table_scene(state: PachState, marks: Marks, width: float, height: float, names: list[str]) -> Scene:
    """The whole table at ``width`` x ``height`` CSS pixels; ``names`` are
    what the seats are called at the table."""
    scene = Scene(width, height)
    scene.add(Rect(0, 0, width, height, fill=BACKGROUND))
    where = layout(width, height)
    mover = None if state.is_over else state.to_move
    for seat in (1, 0):
        _pad(scene, state, marks, where.pads[seat], seat, names[seat], seat == mover)
    _board(scene, state, marks, where)
    _dice(scene, marks, where.dice)
    return scene


# ---------------------------------------------------------------- marks


def _ring(
    scene: Scene, x: float, y: float, r: float, colour: str, width: float, dash: tuple[float, ...] = ()
) -> None:
    """A ring over a white halo, so that it stands out on any square."""
    scene.add(Circle(x, y, r, stroke=HALO, width=width + 3))
    scene.add(Circle(x, y, r, stroke=colour, width=width, dash=dash))


def _frame(
    scene: Scene, box: Box, colour: str, width: float, dash: tuple[float, ...] = (), radius: float = 3
) -> None:
    """A rectangle's outline over a white halo."""
    x, y, w, h = box
    scene.add(Rect(x, y, w, h, radius=radius, stroke=HALO, width=width + 3))
    scene.add(Rect(x, y, w, h, radius=radius, stroke=colour, width=width, dash=dash))


def _label(scene: Scene, cx: float, cy: float, text: str, size: float) -> None:
    """A short text in a white pill outlined in blue (the dice a destination takes)."""
    w = len(text) * size * 0.68 + 8
    h = size + 5
    scene.add(Rect(cx - w / 2, cy - h / 2, w, h, radius=h / 2, fill="#ffffff", stroke=FOCUS, width=1.5))
    scene.add(Text(cx, cy, text, size=size, fill=INK, align="center", weight="bold"))


def _inset(box: Box, by: float) -> Box:
    x, y, w, h = box
    return (x + by, y + by, w - 2 * by, h - 2 * by)


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
        scene.add(
            Text(
                x0 + (i + 0.5) * cell,
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
                y0 + (SIDE - 1 - i + 0.5) * cell,
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
            _frame(scene, _inset(box, 3), LAST, 3)
        if square == marks.square:
            _ring(scene, cx, cy, cell * 0.44, FOCUS, 3.5)
        elif square in marks.movable:
            _ring(scene, cx, cy, cell * 0.44, FOCUS, 2)
        if square in marks.targets:
            _ring(scene, cx, cy, cell * 0.36, FOCUS, 2.5, dash=(5, 3))
            scene.add(Circle(cx, cy, cell * 0.12, fill=HALO))
            scene.add(Circle(cx, cy, cell * 0.09, fill=FOCUS))
            _label(scene, cx, y + cell - label * 0.75 - 2, marks.targets[square], label)
        name = f"{COLUMNS[square % SIDE]}{square // SIDE + 1}"
        scene.add(Rect(x, y, cell, cell, fill="#ffffff", alpha=0.0, target=f"square:{name}"))


# ---------------------------------------------------------------- the pads


HOME_TEXT = 12.0
"""The least size of the words and counts of pieces home."""
TEXT_WIDTH = 0.62
"""About how wide a letter is, at most, for its size (bold, wide letters)."""


def _pad(scene: Scene, state: PachState, marks: Marks, box: Box, seat: int, name: str, to_move: bool) -> None:
    """``seat``'s panel: its name and how many of its pieces are home, the
    trees of its start pad, and its pieces home, a count for each size."""
    left, top, width, height = box
    scene.add(
        Rect(
            left,
            top,
            width,
            height,
            radius=8,
            fill="#ffffff" if to_move else CELL,
            stroke=INK if to_move else GRID,
            width=2 if to_move else 1,
        )
    )
    text = max(HOME_TEXT, min(14.0, height * 0.13, width * 0.055))
    head = top + 5 + text * 0.7
    badge(scene, COLOURS[seat], left + 6 + text * 0.55, head, text * 0.55)
    scene.add(
        Text(left + 10 + text * 1.2, head, name, size=text, fill=INK, weight="bold" if to_move else "normal")
    )
    count = f"{state.pieces_home(seat)} of {PIECES} home"
    words = (len(name) + len(count) + 2) * text * TEXT_WIDTH + text * 1.2 + 18
    body_top = top + text * 1.5 + 8
    if words <= width:
        scene.add(Text(left + width - 8, head, count, size=text, fill=INK, align="right", weight="bold"))
    else:  # under the name
        scene.add(Text(left + 10 + text * 1.2, head + text * 1.3, count, size=text, fill=INK, weight="bold"))
        body_top += text * 1.3
    body_h = top + height - 4 - body_top
    home_w = max(100.0, min(150.0, width * 0.3))
    if (width - home_w - 16) / 5 >= 44 or body_h < 2.6 * HOME_TEXT + 24:  # the pieces home beside the trees
        home: Box = (left + width - home_w - 4, body_top, home_w, body_h)
        trees: Box = (left + 6, body_top, width - home_w - 16, body_h)
    else:  # in a strip under them, so that five trees keep their width
        strip = max(36.0, HOME_TEXT * 3)
        home = (left + 6, top + height - strip - 4, width - 12, strip)
        trees = (left + 6, body_top, width - 12, body_h - strip - 2)
    _trees(scene, state, marks, trees, seat)
    _home(scene, state, home, seat)
    if (seat, "trees") in marks.last_pads:
        _frame(scene, _inset(trees, -2), LAST, 3)
    if (seat, "home") in marks.last_pads:
        _frame(scene, home, LAST, 3)
    mine = marks.active == seat
    if mine and GOAL in marks.targets:
        _frame(scene, _inset(home, 1), FOCUS, 2.5, dash=(6, 3), radius=6)
        label = max(HOME_TEXT * 0.9, min(text * 0.9, (home[2] - 12) / (len(marks.targets[GOAL]) + 8) / 0.6))
        _label(
            scene,
            home[0] + home[2] / 2,
            home[1] + home[3] / 2,
            "home by " + marks.targets[GOAL],
            label,
        )
    if mine:
        scene.add(Rect(*home, fill="#ffffff", alpha=0.0, target=GOAL))


def tree_slots(trees: tuple[Tree, ...], width: float) -> list[tuple[Tree, int, int]]:
    """What the pad shows, left to right: each tree with its index in the
    pad and how many of that shape it stands for.  Every tree has a slot of
    its own where they fit at 44 px or more; otherwise trees of one shape
    share a slot, with their count (a pad holds at most five shapes: LMS,
    LM, L, M and S)."""
    if not trees or width / len(trees) >= 44:
        return [(tree, i, 1) for i, tree in enumerate(trees)]
    return [(tree, trees.index(tree), trees.count(tree)) for tree in sorted(set(trees), key=trees.index)]


def _trees(scene: Scene, state: PachState, marks: Marks, box: Box, seat: int) -> None:
    left, top, width, height = box
    slots = tree_slots(state.trees[seat], width)
    if not slots:
        scene.add(
            Text(
                left + 4,
                top + height / 2,
                "no trees left",
                size=max(9.0, min(13.0, height * 0.2)),
                fill=RULER,
            )
        )
        return
    slot = min(width / len(slots), 76.0, height * 1.1)
    scale = min(slot * 0.92, (height - 4) / TALLEST)
    mine = marks.active == seat
    for k, (tree, index, count) in enumerate(slots):
        x = left + k * slot
        tall = _tree(scene, tree, COLOURS[seat], x + slot / 2, top + height - 2, scale)
        if count > 1:
            size = max(9.0, min(13.0, slot * 0.24))
            scene.add(
                Text(
                    x + slot - 2,
                    max(top + size * 0.6, top + height - 2 - tall),
                    f"×{count}",  # noqa: RUF001 (the multiplication sign is meant)
                    size=size,
                    fill=INK,
                    align="right",
                    weight="bold",
                )
            )
        place: Box = (x + 1, top, slot - 2, height)
        picked = mine and tree == marks.tree and (count > 1 or index == marks.slot)
        if picked:
            _frame(scene, place, FOCUS, 3.5, radius=5)
        elif mine and tree in marks.movable_trees:
            _frame(scene, place, FOCUS, 2, radius=5)
        if mine:
            scene.add(Rect(x, top, slot, height, fill="#ffffff", alpha=0.0, target=f"tree:{index}"))


WIDTHS = {1: 0.5, 2: 0.72, 3: 0.96}
"""The width of a piece seen from the side, for a tree one unit across."""
RISE = 1.05
"""A piece's height over its width."""
OVERLAP = 0.5
"""How far up the piece below the next one sits."""
TALLEST = sum(WIDTHS[s] * RISE * OVERLAP for s in (3, 2)) + WIDTHS[1] * RISE
"""The height of a whole tree (large, medium, small), one unit across."""


def _tree(scene: Scene, tree: Tree, colour: str, cx: float, base: float, scale: float) -> float:
    """A tree seen from the side, standing on ``base``, ``scale`` across at
    most: each piece a triangle, the next smaller sitting on the one below
    (every tree of a pad at one scale, so a piece is the same size in any
    tree).  Returns its height."""
    y = base
    for size in tree:
        w = WIDTHS[size] * scale
        h = w * RISE
        _side_piece(scene, colour, size, cx, y, w, h)
        y -= h * OVERLAP
    return base - y + (WIDTHS[tree[-1]] * scale * RISE * (1 - OVERLAP) if tree else 0.0)


def _side_piece(scene: Scene, colour: str, size: int, cx: float, base: float, w: float, h: float) -> None:
    """One pyramid from the side: two faces, and the colour's mark."""
    body = PALETTE[colour]
    apex = (cx, base - h)
    with scene.piece(f"{colour}{size}", cx, base - h / 2, w):
        scene.add(
            Polygon(((cx - w / 2, base), apex, (cx, base)), fill=shade(body, 0.25), stroke=shade(body, -0.45))
        )
        scene.add(
            Polygon(((cx, base), apex, (cx + w / 2, base)), fill=shade(body, -0.2), stroke=shade(body, -0.45))
        )
        r = max(2.0, w * 0.1)
        my = base - h * 0.32
        ink = "#ffffff" if colour == "black" else INK
        if colour == "black":
            scene.add(Line(((cx - r, my), (cx + r, my)), stroke=ink, width=max(1.2, r / 2)))
            scene.add(Line(((cx, my - r), (cx, my + r)), stroke=ink, width=max(1.2, r / 2)))
        else:
            scene.add(Circle(cx, my, r, stroke=ink, width=max(1.0, r / 2.5)))


def _icon(scene: Scene, piece: Pyramid, cx: float, cy: float, size: float, alpha: float) -> None:
    """A pyramid seen from above that stands for a kind of piece, not for one
    piece: not marked as a piece, so that the painter moves no piece to or
    from it."""
    drawn = Scene(scene.width, scene.height)
    pyramid(drawn, piece, cx, cy, size, alpha=alpha)
    scene.shapes.extend(shape for shape in drawn.shapes if not isinstance(shape, Piece))


def _home(scene: Scene, state: PachState, box: Box, seat: int) -> None:
    """``seat``'s pieces home, one of each size (small, medium, large) as
    large as the box allows, each with how many there are, greyed
    while none is; beside each other, each count beside its piece where the
    box is wide, under it where it is not."""
    left, top, width, height = box
    size = HOME_TEXT
    cell = width / 3
    wide = cell >= height * 1.6
    icon = min(height - 4, cell * 0.55) if wide else min(cell - 2, height - size * 1.4 - 6, 44.0)
    for k, piece in enumerate((1, 2, 3)):
        count = state.home[seat][piece - 1]
        shown = Pyramid(COLOURS[seat], piece)
        alpha = 1.0 if count else 0.3
        if wide:
            cx, cy = left + k * cell + icon / 2 + 2, top + height / 2
            _icon(scene, shown, cx, cy, icon, alpha)
            words = (cx + icon / 2 + 2, cy, "left")
        else:  # standing on the bottom of the box, as the trees do, the count under it
            below = top + height - size * 0.65 - 2
            cx, cy = left + (k + 0.5) * cell, below - size * 0.7 - 2 - icon / 2
            _icon(scene, shown, cx, cy, icon, alpha)
            words = (cx, below, "center")
        scene.add(
            Text(words[0], words[1], f"×{count}", size=size, fill=INK, align=words[2], weight="bold")  # noqa: RUF001
        )


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
            _frame(scene, (x + k * step - 4, y - 4, die + 8, die + 8), FOCUS, 3, radius=die * 0.2)
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
