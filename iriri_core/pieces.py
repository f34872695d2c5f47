"""Pyramids: a colour and a size, written as a letter and a pip count.

>>> Pyramid.parse("y2")
Pyramid(colour='yellow', size=2)
>>> str(Pyramid("blue", LARGE))
'B3'
>>> Pyramid("blue", SMALL).name
'small blue'
"""

from __future__ import annotations

from typing import NamedTuple

SMALL, MEDIUM, LARGE = 1, 2, 3
SIZES = (SMALL, MEDIUM, LARGE)
SIZE_NAMES = {SMALL: "small", MEDIUM: "medium", LARGE: "large"}

COLOURS: dict[str, str] = {
    "yellow": "Y",
    "blue": "B",
    "red": "R",
    "green": "G",
    "black": "K",
    "white": "W",
    "orange": "O",
    "purple": "P",
    "cyan": "C",
}
"""Every colour a player may choose, with the letter that writes it."""

COLOUR_OF_LETTER = {letter: colour for colour, letter in COLOURS.items()}
DEFAULT_COLOURS = ("yellow", "blue", "red", "green")
"""Seat colours when none are chosen: player 1 yellow and player 2 blue, as in
the figures of the rules."""

PER_SIZE = 5
"""Each stash holds five pyramids of each size."""


class Pyramid(NamedTuple):
    """One pyramid: a colour name from :data:`COLOURS` and a size 1 to 3."""

    colour: str
    size: int

    def __str__(self) -> str:
        return f"{COLOURS[self.colour]}{self.size}"

    @property
    def name(self) -> str:
        """Plain words, as in "the last small blue"."""
        return f"{SIZE_NAMES[self.size]} {self.colour}"

    @classmethod
    def parse(cls, text: str) -> Pyramid:
        """Read a piece such as ``Y1`` or ``b3``; raises ValueError."""
        if len(text) == 2:
            colour = COLOUR_OF_LETTER.get(text[0].upper())
            if colour is not None and text[1] in "123":
                return cls(colour, int(text[1]))
        raise ValueError(f"{text!r} is not a piece: write a colour letter and a size 1-3, like Y1 or B3")


def stash(colour: str) -> list[Pyramid]:
    """One player's fifteen pyramids, smallest first."""
    return [Pyramid(colour, size) for size in SIZES for _ in range(PER_SIZE)]


def words(pieces: list[Pyramid] | tuple[Pyramid, ...]) -> str:
    """Pieces written with spaces between them, as in a message."""
    return " ".join(str(p) for p in pieces)
