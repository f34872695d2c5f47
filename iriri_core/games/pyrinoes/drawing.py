"""The Pyrinoes table as a scene: the line of play in the middle, the other
player's side above it and the viewer's below (beside it, in a column, on a
wide screen).

The line of play snakes: it runs left to right, turns down at the edge
with one tile standing on end, runs back right to left, and so on, at the
largest size that fits the box; a double lies crosswise (except where the
line turns).  Dominoes show their pips and no number; a pyrino shows its
pyramids seen from above (:func:`iriri_core.pictures.drawing.pyramid`, with each
colour's mark), a stack as two pyramids, the top one nearer the upper left,
and each end's spot count in that end.

Each side shows its seat's name and counts (the viewer's, their hand total), its dominoes (face up for the
viewer, as backs otherwise), its pyrinoes (public), and its supply.  The
viewer's side has them large enough to tap, with the greens, the boneyard
and the tray where a pyrino is built.

Targets: ``end:left`` and ``end:right`` (the open ends, always there once the
line is), ``boneyard``; for the viewer, ``tile:5-3`` and ``tile:R3+Y1`` (a
domino or pyrino of their hand), ``supply:R3`` and ``supply:G1`` (pyramids
of their supply and the greens) and ``build:0``, ``build:1`` (the ends of
the pyrino being built).  On a position being set up (``Seen.setting_up``),
each hand is a place too, ``hand:fire`` and ``hand:ice``, and so is the empty
line, ``end:left`` and ``end:right`` (its two halves): tap areas drawn nowhere.  Marks
(a pick, where it fits, the last turn) are outlines over a white halo.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...pictures.drawing import BACKGROUND, FOCUS, GRID, INK, LAST, RULER, badge, pyramid, seat_card
from ...pictures.scene import Rect, Scene, Text
from ...pieces import SIZES, Pyramid
from .line import draw_line
from .parts import (
    MIN_TAP,
    Box,
    Marks,
    draw_back,
    draw_end,
    draw_tile,
    frame,
    grow,
    hand_faces,
    outline_target,
    tile_text,
)
from .rules import hand_total
from .state import (
    GREEN,
    SEAT_COLOURS,
    SEAT_NAMES,
    SEATS,
    UNSEEN,
    Pyrino,
    PyrinoesState,
    Tile,
    end_spots,
)

SEAT_SWATCH = ("red", "blue")
"""The colour that stands for each seat (fire, ice)."""

TRAY_WORDS = ("build", "here")
"""What the empty tray's two ends say, read across."""
TRAY_LABEL = (
    "The tray: build a pyrino here. Tap pyramids of your supply (or a green) to put them on its two "
    "ends, then press Build; tap an end to take its top pyramid back"
)
"""What the tray is, in words (the page's tooltip)."""
HAND_TOTAL_LABEL = (
    "Your hand total: the spots of your dominoes and the pips of your pyramids not played yet (your "
    "supply and your pyrinoes, greens included). When the round ends, the lower total scores the difference"
)
"""What the hand total on the viewer's side is, in words (the page's tooltip)."""


def boneyard_words(count: int) -> str:
    """What the boneyard is, in words (the page's tooltip)."""
    held = f"{count} domino{'' if count == 1 else 'es'}"
    return f"The boneyard: {held} face down. When you can neither play nor build, you draw one from it"


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
    scene: Scene,
    state: PyrinoesState,
    box: Box,
    seat: int,
    name: str,
    to_move: bool,
    text: float,
    mine: bool = False,
) -> None:
    """A side's name and counts.  On the viewer's own side, their hand total
    too (what counts against them when the round ends): at the right, or,
    where both do not fit, in place of the counts (their tiles lie face up
    just below, and the page's scores count them)."""
    x, y, w, _ = box
    badge(scene, SEAT_SWATCH[seat], x + text * 0.6, y + text * 0.6, text * 0.5)
    hand = len(state.hands[seat])
    built = len(state.pyrinoes[seat])
    counts = f"{hand} domino{'es' * (hand != 1)}" + (
        f", {built} pyrino{'es' * (built != 1)}" if built else ""
    )
    weight = "bold" if to_move else "normal"
    words = Text(x + text * 1.4, y + text * 0.6, f"{name}: {counts}", size=text, fill=INK, weight=weight)
    if not mine or not state.round or state.dealing or UNSEEN in state.hands[seat]:
        scene.add(words)
        return
    total = Text(
        x + w, y + text * 0.6, f"hand total {hand_total(state, seat)}", size=text, fill=RULER, align="right"
    )
    if total.box()[0] < words.box()[2] + text:
        words = replace(words, text=f"{name}:")
        total = replace(total, x=words.box()[2] + text * 0.3, align="left")
    scene.add(words)
    left, top, right, bottom = total.box()
    if right <= x + w:
        scene.add(total)
        scene.label(left, top, right - left, bottom - top, HAND_TOTAL_LABEL)


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
    setting_up: bool = False,
) -> None:
    """A seat's side: name and counts, hand, pyrinoes and supply; the
    viewer's with the greens, the boneyard and the tray, all to tap.  On a
    position ``setting_up``, the hand is a place a set-up taps (``hand:fire``):
    a tap area drawn nowhere."""
    x, y, w, h = box
    mine = seat == marks.viewer
    seat_card(scene, x, y, w, h, to_move)
    inner_x, inner_w = x + 6, w - 12
    where = side_layout(state, seat, inner_w, scale, mine)
    text, u = where.text, where.unit
    _header(scene, state, (inner_x, y + 4, inner_w, text), seat, name, to_move, text, mine)
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
            frame(scene, grow(place, 2), LAST, 3)
        if mine:
            if label == marks.picked:
                frame(scene, grow(place, 2), FOCUS, 3.5)
            elif label in marks.playable:
                frame(scene, grow(place, 1), FOCUS, 2)
            outline_target(scene, place, f"tile:{label}")
    # (before the deal nobody holds anything; on one's own side, its room is the supply's)
    if not tiles and state.round and not mine:
        scene.add(Text(inner_x, top + u / 2, "nothing in hand", size=text, fill=RULER))
    if setting_up:
        place = (inner_x, top, inner_w, max(where.hand_h, u))
        outline_target(scene, place, f"hand:{SEAT_NAMES[seat]}", MIN_TAP)
    top += max(where.hand_h, u if not mine else 0.0) + 4 * scale
    b = where.button
    if not mine:
        scene.label(
            x, y, w, h, f"{SEATS[seat]}'s side: their dominoes face down, their pyrinoes and their supply"
        )
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
    if piece.colour == GREEN:
        what = f"A {piece.name}, shared by both players: it counts 0 spots in a pyrino; {left} left"
    else:
        what = f"Your supply: {left} {piece.name} left, to build pyrinoes with (tap to add it to the tray)"
    outline_target(scene, box, f"supply:{piece}", label=what)


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
        frame(scene, grow(box, 2), LAST, 3)
    outline_target(scene, box, "boneyard", label=boneyard_words(len(state.boneyard)))


def _tray_end(scene: Scene, marks: Marks, end: int, box: Box) -> None:
    """One end of the pyrino being built: its pyramids and its spot count."""
    x, y, b, _ = box
    pieces = marks.building[end]
    scene.add(
        Rect(x, y, b, b, radius=5, fill="#ffffff", stroke=FOCUS, width=1.5, dash=() if pieces else (4, 3))
    )
    size = max(9.0, b * 0.27)
    if pieces:
        draw_end(scene, pieces, x + b * 0.45, y + b * 0.45, b * 0.8)
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
        scene.add(Text(x + b / 2, y + b / 2, TRAY_WORDS[end], size=size, fill=RULER, align="center"))
    outline_target(scene, box, f"build:{end}", label=TRAY_LABEL)


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
        marks.setting_up,
    )
    _side(scene, state, marks, side_box, bottom, names[bottom], to_move == bottom, scale, marks.setting_up)
    if not viewing:
        _common(scene, state, marks, common_box)
    draw_line(scene, state, marks, line_box)
    return scene


__all__ = ["SEAT_SWATCH", "table_scene"]
