"""What every game's table shares: the palette, and pyramids drawn from above.

Pyramids are drawn from above: a square of four shaded faces meeting at the
apex, in three clearly different sizes.  Besides its colour, each colour has
a mark at the apex (a dot, a square, a triangle...), so players who cannot
tell the colours apart can still play.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import replace

from ..pieces import Pyramid
from .scene import Circle, Line, Point, Polygon, Rect, Scene, Text

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
def seat_order(players: int, own: int | None, last: bool = True) -> list[int]:
    """The seats in the order their sides are drawn: in seat order, or,
    given ``own`` (the seat of the one person at the table), turned round
    the order of play so that their side comes ``last`` (at the bottom of
    a column) or, with ``last`` False, first (at the left of a row).

    >>> seat_order(3, None), seat_order(3, 0), seat_order(3, 1), seat_order(3, 1, last=False)
    ([0, 1, 2], [1, 2, 0], [2, 0, 1], [1, 2, 0])
    """
    if own is None or not 0 <= own < players:
        return list(range(players))
    first = own + 1 if last else own
    return [(first + i) % players for i in range(players)]


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


Box = tuple[float, float, float, float]
"""left, top, right, bottom."""

RING_GAP = 4.0
"""How far a hint's ring runs from the edge of what it rings."""
RING_BAND = 8.0
"""How wide a hint's ring is drawn: its white halo."""
BADGE = 9.0
"""The radius of a hint's ring number's disc."""


def hint_marks(scene: Scene, targets: list[str]) -> None:
    """Ring, over everything, the targets a hint says to tap next, in
    order: the first with a solid ring numbered 1, the one after with a
    dashed ring numbered 2 (a target not in the scene is left out).  Each
    ring lies on a white halo, so it stands out on anything.  A ring runs
    just outside its target, or just inside where outside it would cross a
    label of the board (a ruler's "4"); each number sits at the first
    corner of its ring where it is clear of the labels, the other ring and
    the other number, and the numbers are drawn over all the rings.  The
    first ring is the scene's focus, where a page scrolls a large table to."""
    labels = [shape.box() for shape in scene.shapes if isinstance(shape, Text)]
    rings: list[tuple[int, Circle | Rect]] = []
    for number, target in enumerate(targets, start=1):
        box = _target_box(scene, target)
        if box is not None:
            rings.append((number, _ring(box, labels)))
    for number, ring in rings:
        _stroke(scene, ring, HINT, () if number == 1 else (7.0, 4.0))
    badges: list[Box] = []
    for number, ring in rings:
        others = [other for n, other in rings if n != number]
        bx, by = _badge_place(scene, ring, labels + badges, others)
        badges.append((bx - BADGE - 1, by - BADGE - 1, bx + BADGE + 1, by + BADGE + 1))
        scene.add(Circle(bx, by, BADGE, fill=HINT, stroke="#ffffff", width=2))
        scene.add(Text(bx, by, str(number), size=12, fill="#ffffff", align="center", weight="bold"))
    if rings:
        first = rings[0][1]
        if isinstance(first, Circle):
            scene.focus = (first.x - first.r, first.y - first.r, 2 * first.r, 2 * first.r)
        else:
            scene.focus = (first.x, first.y, first.w, first.h)


def _ring(box: tuple[float, float, float, float, bool], labels: list[Box]) -> Circle | Rect:
    """The ring around ``box`` (left, top, width, height, round): just
    outside it, or, where that would cross a label, just inside it (a box's
    ring side by side: outside on some sides, inside on others)."""
    x, y, w, h, round_ = box
    gaps = (RING_GAP, -RING_GAP)
    rings: list[Circle | Rect] = (
        [Circle(x + w / 2, y + h / 2, w / 2 + gap) for gap in gaps]
        if round_
        else [
            Rect(x - left, y - top, w + left + right, h + top + bottom, radius=6)
            for left, top, right, bottom in itertools.product(gaps, repeat=4)
        ]
    )
    return next((ring for ring in rings if not any(ring_crosses(ring, label) for label in labels)), rings[0])


def ring_crosses(ring: Circle | Rect, box: Box) -> bool:
    """Whether the band a hint's ring draws (its halo) crosses ``box``."""
    band = RING_BAND / 2
    left, top, right, bottom = box
    if isinstance(ring, Circle):
        near = math.hypot(max(left - ring.x, 0, ring.x - right), max(top - ring.y, 0, ring.y - bottom))
        far = max(math.hypot(x - ring.x, y - ring.y) for x in (left, right) for y in (top, bottom))
        return near < ring.r + band and far > ring.r - band
    outer = (ring.x - band, ring.y - band, ring.x + ring.w + band, ring.y + ring.h + band)
    inner = (ring.x + band, ring.y + band, ring.x + ring.w - band, ring.y + ring.h - band)
    within = inner[0] <= left and inner[1] <= top and right <= inner[2] and bottom <= inner[3]
    return _overlap(outer, box) and not within


def _badge_place(scene: Scene, ring: Circle | Rect, taken: list[Box], others: list[Circle | Rect]) -> Point:
    """Where a ring's number goes: the first corner of the ring (top right,
    top left, bottom right, bottom left), inside the scene, where its disc
    is clear of ``taken`` (labels and numbers) and of the ``others`` rings;
    the top right when none is."""
    if isinstance(ring, Circle):
        d = ring.r * math.sqrt(0.5)
        left, top, right, bottom = ring.x - d, ring.y - d, ring.x + d, ring.y + d
    else:
        left, top, right, bottom = ring.x, ring.y, ring.x + ring.w, ring.y + ring.h
    places = []
    for cx, cy in ((right, top), (left, top), (right, bottom), (left, bottom)):
        bx = min(max(cx, BADGE + 1), scene.width - BADGE - 1)
        by = min(max(cy, BADGE + 1), scene.height - BADGE - 1)
        places.append((bx, by))
    for bx, by in places:
        disc = (bx - BADGE - 1, by - BADGE - 1, bx + BADGE + 1, by + BADGE + 1)
        if not any(_overlap(disc, box) for box in taken) and not any(ring_crosses(o, disc) for o in others):
            return bx, by
    return places[0]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def move_marks(scene: Scene, played: list[str], better: list[str]) -> dict[str, list[str]]:
    """The coach's two moves marked over everything, as a chess site draws
    arrows: each target tapped to play the move the person played
    (``played``) ringed dashed in :data:`YOURS`, each of the hard bot's
    (``better``) ringed solid in :data:`BETTER`, a ring around a target both
    share drawn wider; the last target of each (where the move goes) tagged
    in words, "yours" below it and "better" above it, so that neither colour
    nor dash is the only sign; the words are drawn over every ring, so that
    no ring cuts them.  A target not in the scene is left out.
    Returns the targets marked, ``{"yours": [...], "better": [...]}``."""
    marked: dict[str, list[str]] = {"yours": [], "better": []}
    kinds = (("better", better, BETTER, ()), ("yours", played, YOURS, (7.0, 4.0)))
    for kind, targets, colour, dash in kinds:
        for target in targets:
            box = _target_box(scene, target)
            if box is None or target in marked[kind]:
                continue
            _stroke(
                scene, _outside(box, 10.0 if kind == "yours" and target in better else RING_GAP), colour, dash
            )
            marked[kind].append(target)
    for kind, _, colour, _ in kinds:
        if marked[kind]:
            last = _target_box(scene, marked[kind][-1])
            assert last is not None
            _tag(scene, last, kind, colour, above=kind == "better")
    return marked


def _outside(box: tuple[float, float, float, float, bool], gap: float) -> Circle | Rect:
    """The ring ``gap`` outside ``box`` (left, top, width, height, round); inside where ``gap`` < 0."""
    x, y, w, h, round_ = box
    if round_:
        return Circle(x + w / 2, y + h / 2, w / 2 + gap)
    return Rect(x - gap, y - gap, w + 2 * gap, h + 2 * gap, radius=6)


def _stroke(scene: Scene, ring: Circle | Rect, colour: str, dash: tuple[float, ...]) -> None:
    """``ring`` drawn in ``colour`` on a white halo, so that it stands out on anything."""
    for stroke, width in ((HALO, RING_BAND), (colour, RING_BAND / 2)):
        scene.add(replace(ring, stroke=stroke, width=width, dash=dash))


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
