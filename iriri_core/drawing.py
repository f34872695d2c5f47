"""What every game's table shares: the palette, and pyramids drawn from above.

Pyramids are drawn from above: a square of four shaded faces meeting at the
apex, in three clearly different sizes.  Besides its colour, each colour has
a mark at the apex (a dot, a square, a triangle...), so players who cannot
tell the colours apart can still play.
"""

from __future__ import annotations

import functools

from .pieces import Pyramid
from .scene import Circle, Line, Polygon, Rect, Scene, Text

BACKGROUND = "#f6f1e7"
INK = "#2b2622"
GRID = "#ddd3c2"
CELL = "#fbf8f2"
GOOD = "#1f7a3a"
BAD = "#b3261e"
FOCUS = "#1d4ed8"
RULER = "#6b6158"
LAST = "#9a3412"
"""The last turn's marks: a rust outline, apart from the blue of a selection."""
HINT = "#166534"
"""A hint's marks: a dark green ring, numbered, around what to tap next."""
HALO = "#ffffff"
"""The white drawn under an outline, so that it stands out on anything."""
YOURS = "#86198f"
"""The coach's marks of the move the person played: a dashed purple ring, tagged "yours"."""
BETTER = HINT
"""The coach's marks of the hard bot's move: a solid green ring, as a hint's, tagged "better"."""

PALETTE = {
    "yellow": "#e8b923",
    "blue": "#2f6fd6",
    "red": "#d8443a",
    "green": "#3a9d4f",
    "black": "#3b3b3b",
    "white": "#e9e9e9",
    "orange": "#ef8a24",
    "purple": "#8a4fc9",
    "cyan": "#24b3c6",
}
MARKS = {
    "yellow": "dot",
    "blue": "square",
    "red": "triangle",
    "green": "diamond",
    "black": "cross",
    "white": "ring",
    "orange": "bar",
    "purple": "x",
    "cyan": "hourglass",
}
"""The second cue for each colour, drawn at the apex."""

SIZE_SCALE = {1: 0.5, 2: 0.7, 3: 0.92}
"""Width of a pyramid of each size, as a share of its slot."""


@functools.cache
def shade(colour: str, amount: float) -> str:
    """``colour`` mixed towards white (amount > 0) or black (amount < 0)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    towards = 255 if amount > 0 else 0
    k = abs(amount)
    mixed = (round(c + (towards - c) * k) for c in (r, g, b))
    return "#" + "".join(f"{c:02x}" for c in mixed)


def pyramid(scene: Scene, piece: Pyramid, cx: float, cy: float, slot: float, alpha: float = 1.0) -> None:
    """Draw ``piece`` from above, centred in a square slot of side ``slot``."""
    half = slot * SIZE_SCALE[piece.size] / 2
    base = PALETTE[piece.colour]
    corners = [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)]
    apex = (cx, cy)
    with scene.piece(f"{piece.colour}{piece.size}", cx, cy, 2 * half):
        for i, amount in enumerate((0.35, 0.0, -0.3, 0.12)):
            face = (corners[i], corners[(i + 1) % 4], apex)
            fill = shade(base, amount)
            scene.add(Polygon(face, fill=fill, stroke=shade(base, -0.45), width=1, alpha=alpha))
        _mark(scene, MARKS[piece.colour], cx, cy, max(2.5, half * 0.32), _mark_ink(piece.colour), alpha)


def badge(scene: Scene, colour: str, cx: float, cy: float, r: float) -> None:
    """A player's colour as a disc of radius ``r`` with the colour's mark in
    it, so that it tells the players apart without the colour too."""
    base = PALETTE[colour]
    scene.add(Circle(cx, cy, r, fill=base, stroke=shade(base, -0.45), width=1))
    _mark(scene, MARKS[colour], cx, cy, r * 0.5, _mark_ink(colour), 1.0)


def _mark_ink(colour: str) -> str:
    return "#ffffff" if colour in ("black", "blue", "purple", "red", "green") else INK


def _mark(scene: Scene, mark: str, cx: float, cy: float, r: float, ink: str, alpha: float) -> None:
    if mark == "dot":
        scene.add(Circle(cx, cy, r, fill=ink, alpha=alpha))
    elif mark == "ring":
        scene.add(Circle(cx, cy, r, stroke=ink, width=max(1.0, r / 2.5), alpha=alpha))
    elif mark == "square":
        scene.add(Rect(cx - r, cy - r, 2 * r, 2 * r, fill=ink, alpha=alpha))
    elif mark == "triangle":
        scene.add(
            Polygon(
                ((cx, cy - r * 1.15), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)), fill=ink, alpha=alpha
            )
        )
    elif mark == "diamond":
        scene.add(
            Polygon(
                ((cx, cy - r * 1.2), (cx + r, cy), (cx, cy + r * 1.2), (cx - r, cy)), fill=ink, alpha=alpha
            )
        )
    elif mark == "bar":
        scene.add(Rect(cx - r * 1.2, cy - r * 0.45, 2.4 * r, 0.9 * r, fill=ink, alpha=alpha))
    elif mark == "hourglass":
        scene.add(
            Polygon(
                ((cx - r, cy - r), (cx + r, cy - r), (cx - r, cy + r), (cx + r, cy + r)),
                fill=ink,
                alpha=alpha,
            )
        )
    else:  # cross and x
        w = max(1.5, r / 2)
        if mark == "cross":
            lines = (((cx - r, cy), (cx + r, cy)), ((cx, cy - r), (cx, cy + r)))
        else:
            lines = (((cx - r, cy - r), (cx + r, cy + r)), ((cx - r, cy + r), (cx + r, cy - r)))
        for points in lines:
            scene.add(Line(points, stroke=ink, width=w, alpha=alpha))


def hint_marks(scene: Scene, targets: list[str]) -> None:
    """Ring, over everything, the targets a hint says to tap next, in
    order: the first with a solid ring numbered 1, the one after with a
    dashed ring numbered 2 (a target not in the scene is left out).  Each
    ring lies on a white halo, so it stands out on anything."""
    for number, target in enumerate(targets, start=1):
        box = _target_box(scene, target)
        if box is None:
            continue
        x, y, w = box[:3]
        _ring(scene, box, HINT, () if number == 1 else (7.0, 4.0))
        r = 9.0
        bx = min(max(x + w + 2, r + 1), scene.width - r - 1)
        by = min(max(y - 2, r + 1), scene.height - r - 1)
        scene.add(Circle(bx, by, r, fill=HINT, stroke="#ffffff", width=2))
        scene.add(Text(bx, by, str(number), size=12, fill="#ffffff", align="center", weight="bold"))


def move_marks(scene: Scene, played: list[str], better: list[str]) -> dict[str, list[str]]:
    """The coach's two moves marked over everything, as a chess site draws
    arrows: each target tapped to play the move the person played
    (``played``) ringed dashed in :data:`YOURS`, each of the hard bot's
    (``better``) ringed solid in :data:`BETTER`, a ring around a target both
    share drawn wider; the last target of each (where the move goes) tagged
    in words, "yours" below it and "better" above it, so that neither colour
    nor dash is the only sign.  A target not in the scene is left out.
    Returns the targets marked, ``{"yours": [...], "better": [...]}``."""
    marked: dict[str, list[str]] = {"yours": [], "better": []}
    for kind, targets, colour, dash in (
        ("better", better, BETTER, ()),
        ("yours", played, YOURS, (7.0, 4.0)),
    ):
        for target in targets:
            box = _target_box(scene, target)
            if box is None or target in marked[kind]:
                continue
            _ring(scene, box, colour, dash, grow=10.0 if kind == "yours" and target in better else 4.0)
            marked[kind].append(target)
        if marked[kind]:
            last = _target_box(scene, marked[kind][-1])
            assert last is not None
            _tag(scene, last, kind, colour, above=kind == "better")
    return marked


def _ring(
    scene: Scene,
    box: tuple[float, float, float, float, bool],
    colour: str,
    dash: tuple[float, ...],
    grow: float = 4.0,
) -> None:
    """A ring ``grow`` outside ``box`` (round or not) on a white halo."""
    x, y, w, h, round_ = box
    for stroke, width in ((HALO, 8.0), (colour, 4.0)):
        if round_:
            scene.add(Circle(x + w / 2, y + h / 2, w / 2 + grow, stroke=stroke, width=width, dash=dash))
        else:
            scene.add(
                Rect(
                    x - grow,
                    y - grow,
                    w + 2 * grow,
                    h + 2 * grow,
                    radius=6,
                    stroke=stroke,
                    width=width,
                    dash=dash,
                )
            )


def _tag(
    scene: Scene, box: tuple[float, float, float, float, bool], words: str, colour: str, above: bool
) -> None:
    """``words`` in white on a pill of ``colour``, just above or below
    ``box`` (the other side where the scene ends first), inside the scene."""
    x, y, w, h, _ = box
    size = 12.0
    width, height = 0.62 * size * len(words) + 12, size + 8
    left = min(max(x + w / 2 - width / 2, 1.0), scene.width - width - 1)
    over, under = y - height - 8, y + h + 8
    fits_over, fits_under = over >= 1, under + height <= scene.height - 1
    top = over if (above and fits_over) or not fits_under else under
    top = min(max(top, 1.0), scene.height - height - 1)
    scene.add(Rect(left, top, width, height, radius=height / 2, fill=colour, stroke=HALO, width=2))
    scene.add(
        Text(left + width / 2, top + height / 2, words, size=size, fill=HALO, align="center", weight="bold")
    )


def _target_box(scene: Scene, target: str) -> tuple[float, float, float, float, bool] | None:
    """The box of the smallest shape that carries ``target`` (the thing
    drawn, where a larger tap area lies around it) and whether it is round."""
    found: tuple[float, float, float, float, bool] | None = None
    for shape in scene.shapes:
        if shape.target != target:
            continue
        if isinstance(shape, Circle):
            box = (shape.x - shape.r, shape.y - shape.r, 2 * shape.r, 2 * shape.r, True)
        elif isinstance(shape, Rect):
            box = (shape.x, shape.y, shape.w, shape.h, False)
        elif isinstance(shape, Polygon):
            xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
            box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), False)
        else:
            continue
        if found is None or box[2] * box[3] < found[2] * found[3]:
            found = box
    return found


def frame(
    scene: Scene,
    box: tuple[float, float, float, float],
    colour: str,
    width: float,
    dash: tuple[float, ...] = (),
    radius: float = 3,
) -> None:
    """A rectangle's outline (left, top, width, height) over a white halo,
    so that it stands out on anything."""
    x, y, w, h = box
    scene.add(Rect(x, y, w, h, radius=radius, stroke=HALO, width=width + 3))
    scene.add(Rect(x, y, w, h, radius=radius, stroke=colour, width=width, dash=dash))
