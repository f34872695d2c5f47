"""The Pach-Ice-i board: 7x7 squares a1 to g7, checkered with the corners
black, nine marked squares that count as both colours, and each player's
path through every square.

Squares are indexes 0 to 48, ``row * 7 + column`` (a1 is 0, g1 is 6, a7 is
42).  Black (seat 0) enters at a1 and goes up column a, down column b and so
on to g7; White (seat 1) enters at g7 and goes along row 7 to a7, back along
row 6, and so on to a1.  Past the end of its path a piece goes into the other
player's start pad, its goal.

>>> square_name(0), square_name(48), square_index("d4")
('a1', 'g7', 24)
>>> [square_name(PATHS[BLACK][i]) for i in (0, 6, 7, 48)]
['a1', 'a7', 'b7', 'g7']
>>> [square_name(PATHS[WHITE][i]) for i in (0, 6, 7, 48)]
['g7', 'a7', 'a6', 'a1']
>>> colour_of(square_index("a1")), colour_of(square_index("b1")), is_marked(square_index("a4"))
(0, 1, True)
"""

from __future__ import annotations

BLACK, WHITE = 0, 1
"""The two seats, named by the colour of the squares each may move from."""

SIDE = 7
SQUARES = SIDE * SIDE
COLUMNS = "abcdefg"
PATH_LENGTH = SQUARES
"""A path visits every square once; position 50 and beyond is the goal."""


def square_index(name: str) -> int:
    """``"c4"`` to its index; raises ValueError for a name off the board."""
    name = name.strip().lower()
    if len(name) != 2 or name[0] not in COLUMNS or name[1] not in "1234567":
        raise ValueError(f"{name!r} is not a square: squares run from a1 to g7")
    return (int(name[1]) - 1) * SIDE + COLUMNS.index(name[0])


def square_name(square: int) -> str:
    """The index of a square to its name, ``"c4"``."""
    row, column = divmod(square, SIDE)
    return f"{COLUMNS[column]}{row + 1}"


def colour_of(square: int) -> int:
    """The seat whose colour the square is: black where column and row have
    the same parity (the corners are black), else white."""
    row, column = divmod(square, SIDE)
    return BLACK if (row + column) % 2 == 0 else WHITE


MARKED = frozenset(r * SIDE + c for r in (0, 3, 6) for c in (0, 3, 6))
"""a1, a4, a7, d1, d4, d7, g1, g4, g7: both colours at once."""


def is_marked(square: int) -> bool:
    """True on the nine marked squares."""
    return square in MARKED


def _black_path() -> tuple[int, ...]:
    path = []
    for column in range(SIDE):
        rows = range(SIDE) if column % 2 == 0 else range(SIDE - 1, -1, -1)
        path += [row * SIDE + column for row in rows]
    return tuple(path)


def _white_path() -> tuple[int, ...]:
    path = []
    for k, row in enumerate(range(SIDE - 1, -1, -1)):
        columns = range(SIDE - 1, -1, -1) if k % 2 == 0 else range(SIDE)
        path += [row * SIDE + column for column in columns]
    return tuple(path)


PATHS = (_black_path(), _white_path())
"""Each seat's path: the squares in the order its moves go through them."""

POSITIONS = tuple({square: i + 1 for i, square in enumerate(path)} for path in PATHS)
"""``POSITIONS[seat][square]``: how far along ``seat``'s path the square is
(1 for the first square; the pad before it is 0)."""
