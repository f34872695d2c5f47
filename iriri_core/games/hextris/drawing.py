"""The Hextris table as a scene: the hexagonal board of spots, each with its
name (on a tag at its foot when a piece is on it), and a rack per player
with the pieces in hand and the groups made.  The racks go in the order of
play, turned round for the one person at the table (against bots, or a
friend by links) so that theirs is at the bottom of the column, or first in
the row on a tall screen.

Spot targets are ``spot:c3``; hand targets ``hand:P:S`` (player P's pieces
of size S, 1 to 3).  Edge spots, where pieces are dropped, have a darker rim.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...pictures.drawing import (
    BACKGROUND,
    BADGE,
    CELL,
    FOCUS,
    GOOD,
    GRID,
    INK,
    LAST,
    PALETTE,
    RING_BAND,
    RING_GAP,
    RULER,
    badge,
    pyramid,
    seat_order,
    shade,
)
from ...pictures.scene import Circle, Line, Rect, Scene, Text
from ...pieces import SIZES, Pyramid
from .board import NEIGHBOURS, PERIMETER, SPOTS, spot_name
from .rules import GROUPS_TO_WIN
from .state import HextrisState

EDGE = "#cfc3ae"
"""The rim of an edge spot, where pieces may be dropped."""


@dataclass
class Marks:
    """What the table highlights besides the position itself."""

    active: int | None = None
    """The seat whose hand and pieces may be tapped (a person to move)."""
    size: int | None = None
    """The size picked from the active seat's hand."""
    spot: int | None = None
    """The piece picked on the board."""
    slides: set[int] = field(default_factory=set)
    """Where the picked piece (or the picked size, dropped) may go."""
    swaps: set[int] = field(default_factory=set)
    """The pieces the picked piece may swap with."""
    last: set[int] = field(default_factory=set)
    """The spots the last move changed."""


Box = tuple[float, float, float, float]
"""left, top, width, height."""


RACK_RING_ROOM = RING_GAP + BADGE + 1
"""How far below the rack's name and groups its sizes start where the rack
has room: a hint's ring around a size, and the number on its corner, clear
of them."""


RACK_SLOT_LEAST = 44.0
"""The narrowest a size of the rack is made to leave a hint's ring room
beside it (clear of the next size's count); a narrower rack keeps its sizes
as wide as it allows."""


def table_scene(
    state: HextrisState, marks: Marks, width: float, height: float, names: list[str], own: int | None = None
) -> Scene:
    """The whole table at ``width`` x ``height`` CSS pixels: the board, and the
    racks beside it (below it on a tall screen); ``own``: the seat of the
    one person at the table, whose rack is drawn at the bottom (first)."""
    scene = Scene(width, height)
    scene.add(Rect(0, 0, width, height, fill=BACKGROUND))
    pad = 8.0
    if width >= height * 1.15:
        side = min(width * 0.34, 320.0)
        board_box: Box = (pad, pad, width - side - 2 * pad, height - 2 * pad)
        racks_box: Box = (width - side, pad, side - pad, height - 2 * pad)
        across = False
    else:
        low = min(height * 0.3, 190.0)
        board_box = (pad, pad, width - 2 * pad, height - low - 2 * pad)
        racks_box = (pad, height - low, width - 2 * pad, low - pad)
        across = True
    _board(scene, state, marks, board_box)
    _racks(scene, state, marks, racks_box, names, across, own)
    return scene


def spot_centres(box: Box) -> tuple[list[tuple[float, float]], float]:
    """The centre of every spot in ``box``, and the distance between neighbours."""
    left, top, width, height = box
    unit = min(width / 5.0, height / (4 * math.sqrt(3) / 2 + 1.0))
    cx, cy = left + width / 2, top + height / 2
    centres = []
    for row, col in SPOTS:
        x = (col - row / 2 - 1.5) * unit
        y = -(row - 3) * unit * math.sqrt(3) / 2
        centres.append((cx + x, cy + y))
    return centres, unit


def _board(scene: Scene, state: HextrisState, marks: Marks, box: Box) -> None:
    centres, unit = spot_centres(box)
    radius = unit * 0.42
    for spot, near in enumerate(NEIGHBOURS):
        for other in near:
            if other > spot:
                scene.add(Line((centres[spot], centres[other]), stroke=GRID, width=max(1.5, unit * 0.04)))
    label = max(8.0, min(13.0, unit * 0.16))
    for spot, (x, y) in enumerate(centres):
        edge = spot in PERIMETER
        last = spot in marks.last
        scene.add(
            Circle(
                x,
                y,
                radius,
                fill=shade(LAST, 0.85) if last else CELL,
                stroke=LAST if last else EDGE if edge else GRID,
                width=max(3.0 if last else 2.0, unit * (0.07 if edge or last else 0.03)),
            )
        )
        piece = state.board[spot]
        if piece is None:
            scene.add(Text(x, y, spot_name(spot), size=label, fill=RULER, align="center"))
        else:
            pyramid(scene, piece, x, y, radius * 1.45)
            _name_tag(scene, spot_name(spot), x, y + radius * 0.72, label)
        if spot == marks.spot:
            scene.add(Circle(x, y, radius * 1.1, stroke=FOCUS, width=3.5))
        if spot in marks.slides:
            scene.add(Circle(x, y, radius * 0.92, stroke=FOCUS, width=2.5, dash=(5, 3)))
            scene.add(Circle(x, y, radius * 0.2, fill=FOCUS, alpha=0.6))
        if spot in marks.swaps:
            scene.add(Circle(x, y, radius * 1.05, stroke=GOOD, width=3, dash=(7, 3)))
        scene.add(Circle(x, y, radius * 1.12, fill="#ffffff", alpha=0.0, target=f"spot:{spot_name(spot)}"))


def _name_tag(scene: Scene, name: str, x: float, y: float, size: float) -> None:
    """A taken spot's name on a small tag at its foot, over the piece, so
    that a spot the words name ("your small on d3") is found under a piece
    too."""
    w, h = size * 1.6, size * 1.3
    scene.add(Rect(x - w / 2, y - h / 2, w, h, radius=3, fill=CELL, stroke=EDGE, width=1))
    scene.add(Text(x, y, name, size=size, fill=RULER, align="center"))


def _racks(
    scene: Scene,
    state: HextrisState,
    marks: Marks,
    box: Box,
    names: list[str],
    across: bool,
    own: int | None,
) -> None:
    """One rack per player: name, groups made, pieces in hand by size;
    ``own``'s last in a column, first in a row."""
    left, top, width, height = box
    count = state.players
    mover = None if state.is_over else state.to_move
    for place, seat in enumerate(seat_order(count, own, last=not across)):
        if across:
            w = width / count
            x, y, h = left + place * w, top, height
        else:
            h = min(height / count, 200.0)
            x, y, w = left, top + place * h, width
        _rack(scene, state, marks, seat, (x + 2, y + 2, w - 4, h - 4), names[seat], seat == mover)


def _rack(
    scene: Scene, state: HextrisState, marks: Marks, seat: int, box: Box, name: str, to_move: bool
) -> None:
    left, top, width, height = box
    colour = state.colours[seat]
    scene.add(
        Rect(
            left,
            top,
            width,
            height,
            radius=8,
            fill="#ffffff" if to_move else CELL,
            stroke=INK if to_move else GRID,
        )
    )
    scene.label(
        left,
        top,
        width,
        height,
        f"{name.split(' (')[0]}'s rack: the pieces in hand, each size with how many are left. "
        "A piece in hand is dropped on an edge spot of the board",
    )
    text = max(9.0, min(15.0, height * 0.11, width * 0.07))
    badge(scene, colour, left + 12, top + 6 + text * 0.7, text * 0.5)
    scene.add(
        Text(
            left + 20 + text * 0.3,
            top + 6 + text * 0.7,
            name,
            size=text,
            fill=INK,
            weight="bold" if to_move else "normal",
        )
    )
    # The groups made: three sockets, filled as groups are made.
    made = state.groups[seat]
    g = min(text * 0.75, width / 14)
    # Beside the name where it fits, else on a line of their own under it.
    below = len(name) * text * 0.6 + 30 + 7.2 * g > width
    gy = top + 6 + text * (2.1 if below else 0.7)
    for i in range(GROUPS_TO_WIN):
        gx = left + width - 10 - g - i * (2.4 * g)
        if i < made:
            scene.add(
                Circle(gx, gy, g, fill=PALETTE[colour], stroke=shade(PALETTE[colour], -0.45), width=1.5)
            )
            scene.add(
                Text(gx, gy, "5", size=g * 1.1, fill="#ffffff" if colour != "yellow" else INK, align="center")
            )
        else:
            scene.add(Circle(gx, gy, g, stroke=GRID, width=1.5, dash=(3, 2)))
    scene.label(
        left + width - 10 - g - (GROUPS_TO_WIN - 1) * 2.4 * g - g * 1.2,
        gy - g * 1.2,
        (GROUPS_TO_WIN - 1) * 2.4 * g + g * 2.4,
        g * 2.4,
        f"Groups of five made: {made} of {GROUPS_TO_WIN}. A circle fills each time five pieces of this "
        f"colour touch in a group; the third wins",
    )
    # Pieces in hand: one slot per size, with how many are left, each with
    # room around it for a hint's ring and its number clear of the words.
    counts = [f"{left_in_hand} left" for left_in_hand in state.hands[seat]]
    slot_top = top + text * (3.0 if below else 1.6) + 8
    room = height - (slot_top - top) - text * 1.4 - 6
    pitch = (width - 16) / 3
    slot = max(10.0, min(room, pitch, 80.0))
    slot_top += max(0.0, min(RACK_RING_ROOM, room - slot))
    widest = max(len(count) for count in counts) * text * 0.9 * 0.6
    clear = 2 * (pitch - widest / 2 - RING_GAP - RING_BAND / 2) - 1
    slot = max(min(slot, clear), min(slot, RACK_SLOT_LEAST))
    for i, size in enumerate(SIZES):
        x = left + 8 + i * ((width - 16) / 3)
        cx, cy = x + (width - 16) / 6, slot_top + slot / 2
        left_in_hand = state.hands[seat][size - 1]
        target = f"hand:{seat}:{size}" if seat == marks.active and left_in_hand else None
        if left_in_hand:
            pyramid(scene, Pyramid(colour, size), cx, cy, slot)
        else:
            scene.add(
                Rect(
                    cx - slot * 0.3,
                    cy - slot * 0.3,
                    slot * 0.6,
                    slot * 0.6,
                    radius=4,
                    stroke=GRID,
                    dash=(3, 3),
                )
            )
        if seat == marks.active and size == marks.size:
            scene.add(
                Rect(
                    cx - slot / 2 - 2, cy - slot / 2 - 2, slot + 4, slot + 4, radius=7, stroke=FOCUS, width=3
                )
            )
        scene.add(
            Text(
                cx,
                slot_top + slot + text * 0.75,
                counts[i],
                size=text * 0.9,
                fill=INK,
                align="center",
            )
        )
        if target:
            scene.add(
                Rect(
                    cx - slot / 2,
                    cy - slot / 2,
                    slot,
                    slot + text * 1.4,
                    fill="#ffffff",
                    alpha=0.0,
                    target=target,
                )
            )
