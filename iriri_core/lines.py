"""Position lines: a whole position in one short line (docs/notation.md), what the games share.

A position line is the game's name, a colon, then the position's parts in a
fixed order, separated by colons: ``hextris:2B1/4/2Y32/4/3:YB:2:554,455:0,0:0:-``.
It uses only letters, digits and ``. , - / : @``, so it goes into a link's
fragment (``#game=hextris&position=...``) and a wiki page as it is, with no
escaping.  Each game's notation reads a line into its parts, writes them as
the lines of its position text and reads that text, so a line is checked by
exactly the checks of position text.  Here: telling a line from position
text, splitting it into its parts, and the board rows and piece runs the
games write alike.

>>> split("hextris:3/4:YB", "hextris", ("board", "players"))
['3/4', 'YB']
>>> row_text(["Y3", None, None, "B1"]), row_cells("Y32B1", "board row c")
('Y32B1', ['Y3', None, None, 'B1'])
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .engine import InvalidPositionError
from .pieces import COLOUR_OF_LETTER, COLOURS

SAFE = re.compile(r"[A-Za-z0-9.,\-/:@]*")
"""Every character a position line may hold: none a link's fragment or a wiki page changes."""
_LINE = re.compile(r"[A-Za-z][A-Za-z-]*:[^\n]*")
_ROW_TOKEN = re.compile(r"([A-Za-z][0-9])|([0-9]+)|(\.\.)")
_PIECE_TOKEN = re.compile(r"[A-Za-z][0-9]")
MAX_WIDTH = 99
"""The most cells a board row may have, and the most rows a board may have:
no board is larger (Iriri's widest, every piece of four players in one
row, is 60), and a crafted line of numbers cannot make the reader write
millions of empty cells."""
_NAMES = {" ": "a space", "\t": "a tab", "+": "a +", "&": "an &", "#": "a #", "%": "a %", "?": "a ?"}


def is_line(text: str) -> bool:
    """Whether ``text`` is a position line (a word and a colon starting one
    line) rather than position text (a line holding only the game's name, then more).

    >>> is_line("  iriri:-:YB  "), is_line("Iriri\\nplayers: yellow blue")
    (True, False)
    """
    return isinstance(text, str) and _LINE.fullmatch(text.strip()) is not None


def split(text: str, name: str, parts: Sequence[str]) -> list[str]:
    """The parts of the line ``text`` of the game ``name``, whose parts are
    named ``parts`` in order; raises InvalidPositionError saying which part
    is wrong and what was expected."""
    line = text.strip()
    prefix, _, rest = line.partition(":")
    if prefix.lower() != name:
        raise InvalidPositionError(
            f"this line is a position of {prefix!r}, not {name}: a {name} line starts with {name}:"
        )
    bad = SAFE.fullmatch(line)
    if bad is None:
        at = next(k for k, char in enumerate(line) if not SAFE.fullmatch(char))
        char = line[at]
        what = _NAMES.get(char, repr(char))
        raise InvalidPositionError(
            f"the line has {what} (character {at + 1}): a position line holds only letters, "
            "digits and . , - / : @"
        )
    found = rest.split(":")
    if len(found) != len(parts):
        raise InvalidPositionError(
            f"the line has {len(found)} parts after {name}:, and needs {len(parts)}, separated by colons: "
            + ", ".join(parts)
        )
    for part, value in zip(parts, found, strict=True):
        if not value:
            raise InvalidPositionError(f"{part}: the part is empty; write - where there is nothing")
    return found


def row_cells(row: str, where: str) -> list[str | None]:
    """The cells of a board row written as pieces (``Y3``), numbers of empty
    cells (``2``) and ``..`` (one empty cell): a piece's text, or None."""
    cells: list[str | None] = []
    at = 0
    while at < len(row):
        found = _ROW_TOKEN.match(row, at)
        if found is None:
            raise InvalidPositionError(
                f"{where}: {row[at : at + 6]!r} is not a piece or a number of empty cells "
                "(write a piece as a letter and its size, like Y3, and empty cells as a number, like 2)"
            )
        if found[1]:
            cells.append(found[1])
        else:
            run = 1 if found[3] else int(found[2][:4])
            if not 1 <= run <= MAX_WIDTH:
                raise InvalidPositionError(
                    f"{where}: {found[2]} is not a number of empty cells from 1 to {MAX_WIDTH}"
                )
            cells.extend([None] * run)
        if len(cells) > MAX_WIDTH:
            raise InvalidPositionError(f"{where}: a row has at most {MAX_WIDTH} cells")
        at = found.end()
    return cells


def board_rows(board: str, where: str) -> list[str]:
    """The rows of a board written in a line, separated by ``/`` (at most
    :data:`MAX_WIDTH`)."""
    rows = board.split("/")
    if len(rows) > MAX_WIDTH:
        raise InvalidPositionError(f"{where}: a board has at most {MAX_WIDTH} rows, not {len(rows)}")
    return rows


def row_text(cells: Sequence[object | None]) -> str:
    """A board row in a line: each piece as written, each run of empty cells as its length."""
    out, run = [], 0
    for cell in cells:
        if cell is None:
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(str(cell))
    if run:
        out.append(str(run))
    return "".join(out)


def pieces(value: str, where: str) -> list[str]:
    """Pieces written one after another (``Y1Y2B3``): each piece's text."""
    found = _PIECE_TOKEN.findall(value)
    if "".join(found) != value:
        raise InvalidPositionError(
            f"{where}: {value[:20]!r} is not a row of pieces: write each as a letter and its size, like Y1B3"
        )
    return found


def items(value: str) -> list[str]:
    """A list in a line: items separated by commas, or ``-`` for none."""
    return [] if value == "-" else value.split(",")


def colours(players: str) -> list[str]:
    """The players' colours written as their letters, player 1 first (``YB``):
    each colour's name.

    >>> colours("YB")
    ['yellow', 'blue']
    """
    named = []
    for letter in players:
        colour = COLOUR_OF_LETTER.get(letter.upper())
        if colour is None:
            raise InvalidPositionError(
                f"players: {letter!r} is not a colour; write each player's colour letter, like YB "
                f"(from {''.join(COLOURS.values())})"
            )
        named.append(colour)
    return named
