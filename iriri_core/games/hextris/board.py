"""The Hextris board: 19 spots in a hexagon, 12 on the edge and 7 inside.

Spots are named like Abalone's: rows ``a`` (bottom) to ``e`` (top) and
diagonals ``1`` to ``5``, so ``a1`` is the bottom-left corner and ``c3`` the
centre.  Row ``a`` holds a1-a3, ``b`` b1-b4, ``c`` c1-c5, ``d`` d2-d5 and ``e``
e3-e5.  A spot is kept as its index in :data:`SPOTS`.

>>> [spot_name(s) for s in neighbours(spot_index("c3"))]
['b2', 'b3', 'c2', 'c4', 'd3', 'd4']
>>> len(PERIMETER), len(SPOTS) - len(PERIMETER)
(12, 7)
"""

from __future__ import annotations

ROWS = "abcde"

SPOTS: tuple[tuple[int, int], ...] = tuple(
    (row, col) for row in range(1, 6) for col in range(1, 6) if abs(col - row) <= 2
)
"""Every spot as (row, diagonal), both 1 to 5, in name order: a1 ... e5."""

_INDEX = {spot: i for i, spot in enumerate(SPOTS)}

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))
"""The six directions of a straight line, as (row, diagonal) steps:
right, up-right, up-left, left, down-left, down-right."""


def spot_name(spot: int) -> str:
    """``"c3"`` for the centre spot."""
    row, col = SPOTS[spot]
    return f"{ROWS[row - 1]}{col}"


def spot_index(name: str) -> int:
    """The spot called ``name`` (``"C3"`` works too); raises ValueError."""
    text = name.strip().lower()
    if len(text) == 2 and text[0] in ROWS and text[1] in "0123456789":
        spot = _INDEX.get((ROWS.index(text[0]) + 1, int(text[1])))
        if spot is not None:
            return spot
    raise ValueError(f"{name.strip()!r} is not a spot: rows a-e, then a number, like a1, c3 or e5")


def step(spot: int, direction: tuple[int, int]) -> int | None:
    """The spot next to ``spot`` in ``direction``, or None off the board."""
    row, col = SPOTS[spot]
    return _INDEX.get((row + direction[0], col + direction[1]))


def _ray(spot: int, direction: tuple[int, int]) -> tuple[int, ...]:
    out = []
    here: int | None = step(spot, direction)
    while here is not None:
        out.append(here)
        here = step(here, direction)
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in (_ray(spot, d) for d in DIRECTIONS) if ray) for spot in range(len(SPOTS))
)
"""For each spot, the spots along each direction, nearest first."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(ray[0] for ray in rays)) for rays in RAYS)
"""For each spot, the adjacent spots, in name order."""


def neighbours(spot: int) -> tuple[int, ...]:
    """The spots adjacent to ``spot``."""
    return NEIGHBOURS[spot]


PERIMETER: frozenset[int] = frozenset(spot for spot in range(len(SPOTS)) if len(NEIGHBOURS[spot]) < 6)
"""The 12 edge spots, where pieces are dropped."""
