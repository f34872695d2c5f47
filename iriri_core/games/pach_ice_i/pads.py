"""A Pach-Ice-i player's panel as drawn: their name, their start pad with
its trees seen from the side (large at the bottom), each a target for the
person to move, and their pieces brought home, counted by size."""

from __future__ import annotations

from ...pictures.drawing import CELL, FOCUS, GRID, INK, LAST, PALETTE, RULER, badge, frame, pyramid, shade
from ...pictures.scene import Circle, Line, Piece, Polygon, Rect, Scene, Text
from ...pieces import Pyramid
from .marks import COLOURS, GOAL, Box, Marks, inset, target_label
from .state import PIECES, PachState, Tree

HOME_TEXT = 12.0
"""The least size of the words and counts of pieces home."""


TEXT_WIDTH = 0.62
"""About how wide a letter is, at most, for its size (bold, wide letters)."""


def draw_pad(
    scene: Scene, state: PachState, marks: Marks, box: Box, seat: int, name: str, to_move: bool
) -> None:
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
        frame(scene, inset(trees, -2), LAST, 3)
    if (seat, "home") in marks.last_pads:
        frame(scene, home, LAST, 3)
    mine = marks.active == seat
    if mine and GOAL in marks.targets:
        frame(scene, inset(home, 1), FOCUS, 2.5, dash=(6, 3), radius=6)
        label = max(HOME_TEXT * 0.9, min(text * 0.9, (home[2] - 12) / (len(marks.targets[GOAL]) + 8) / 0.6))
        target_label(
            scene,
            home[0] + home[2] / 2,
            home[1] + home[3] / 2,
            "home by " + marks.targets[GOAL],
            label,
        )
    if mine:
        scene.add(Rect(*home, fill="#ffffff", alpha=0.0, target=GOAL))
    seats = ("Black", "White")
    scene.label(
        *trees,
        f"{seats[seat]}'s start pad: their pieces wait here in trees (stacks) to enter the board, "
        "the top piece of a tree first; a piece sent back comes here",
    )
    scene.label(
        *home,
        f"{seats[seat]}'s pieces home: they have reached {seats[1 - seat]}'s pad and stay there. "
        f"All {PIECES} home wins",
    )


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
            frame(scene, place, FOCUS, 3.5, radius=5)
        elif mine and tree in marks.movable_trees:
            frame(scene, place, FOCUS, 2, radius=5)
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
