"""What the Pach-Ice-i table marks besides the position (:class:`Marks`:
a pick, where it may go, the last turn, the dice), the colours the board
and the seats are drawn in, and the outlines marks are drawn with, over a
white halo so that they keep their contrast on either shade."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...pictures.drawing import FOCUS, HALO, INK
from ...pictures.scene import Circle, Rect, Scene, Text
from .state import Tree

DARK = "#b39b78"
"""The rules' black squares (the corners are black)."""


LIGHT = "#f4ecdc"
"""The rules' white squares."""


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


def ring(
    scene: Scene, x: float, y: float, r: float, colour: str, width: float, dash: tuple[float, ...] = ()
) -> None:
    """A ring over a white halo, so that it stands out on any square."""
    scene.add(Circle(x, y, r, stroke=HALO, width=width + 3))
    scene.add(Circle(x, y, r, stroke=colour, width=width, dash=dash))


def target_label(scene: Scene, cx: float, cy: float, text: str, size: float) -> None:
    """A short text in a white pill outlined in blue (the dice a destination takes)."""
    w = len(text) * size * 0.68 + 8
    h = size + 5
    scene.add(Rect(cx - w / 2, cy - h / 2, w, h, radius=h / 2, fill="#ffffff", stroke=FOCUS, width=1.5))
    scene.add(Text(cx, cy, text, size=size, fill=INK, align="center", weight="bold"))


def inset(box: Box, by: float) -> Box:
    x, y, w, h = box
    return (x + by, y + by, w - 2 * by, h - 2 * by)
