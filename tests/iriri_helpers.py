"""Helpers for the Iriri rules tests: crafted positions with every piece accounted for.

A crafted position names only what a test is about (the dictionary, the hands
and a few board rows near 0,0).  :func:`position` puts every other piece of the
full stashes on the board at row :data:`SPARE_ROW`, one empty cell apart, so no
word forms there and the interesting part of the board stays small.

>>> state = position("Y1 Y2 Y3 B1 B2 B3", ["Y1", "B1"], ["Y2 B2"])
>>> [str(piece) for cell, piece in state.board if cell[1] < SPARE_ROW]
['Y2', 'B2']
>>> len(state.board) + len(state.dictionary) + sum(len(hand) for hand in state.hands)
30
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import iriri_core
from iriri_core.games.iriri import IririMove, IririState, Place, Pyramid
from iriri_core.pieces import COLOURS, stash

GAME = iriri_core.get_game("iriri")

SPARE_ROW = 50
"""Leftover pieces lie on this row, far below the cells the tests look at."""

NEAR = 40
"""Placements with a cell at this row or below touch the spare pieces."""

Cell = tuple[int, int]


def pieces(text: str) -> list[Pyramid]:
    """Pieces written like ``"Y1 B2 .. Y3"``; empty cells (``..``) and ``-`` are skipped."""
    return [Pyramid.parse(token) for token in text.split() if token not in ("..", ".", "-")]


def _grid(rows: Sequence[str], top_left: Cell) -> dict[Cell, Pyramid]:
    left, top = top_left
    grid: dict[Cell, Pyramid] = {}
    for dy, row in enumerate(rows):
        for dx, token in enumerate(row.split()):
            if token not in ("..", "."):
                grid[(left + dx, top + dy)] = Pyramid.parse(token)
    return grid


def _render(grid: dict[Cell, Pyramid]) -> list[str]:
    if not grid:
        return ["board: empty"]
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    lines = [f"board: {min(xs)},{min(ys)}"]
    for y in range(min(ys), max(ys) + 1):
        row = [str(grid[(x, y)]) if (x, y) in grid else ".." for x in range(min(xs), max(xs) + 1)]
        lines.append(" ".join(row))
    return lines


def spares(
    dictionary: str,
    hands: Sequence[str],
    board: Sequence[str] = (),
    colours: Sequence[str] = ("yellow", "blue"),
) -> list[Pyramid]:
    """The pieces of the full stashes that the dictionary, hands and board do not use."""
    left = Counter(piece for colour in colours for piece in stash(colour))
    used = Counter(pieces(dictionary))
    for hand in hands:
        used.update(pieces(hand))
    for row in board:
        used.update(pieces(row))
    over = used - left
    if over:
        raise ValueError(f"the position uses too many of {sorted(str(p) for p in over)}")
    return sorted((left - used).elements(), key=lambda p: (list(COLOURS).index(p.colour), p.size))


def position_text(
    dictionary: str,
    hands: Sequence[str],
    board: Sequence[str] = (),
    *,
    top_left: Cell = (0, 0),
    colours: Sequence[str] = ("yellow", "blue"),
    to_move: int = 1,
    phase: str = "place",
    passes: int = 0,
    scores: Sequence[float] | None = None,
    spare_pieces: bool = True,
) -> str:
    """Position text for a crafted position (``to_move`` is 1-based, as in the text).

    With ``spare_pieces`` the unused pieces go on row :data:`SPARE_ROW`;
    without, there must be none (e.g. for an empty board).
    """
    grid = _grid(board, top_left)
    if any(y >= NEAR for _, y in grid):
        raise ValueError(f"keep crafted board rows above row {NEAR}")
    left = spares(dictionary, hands, board, colours)
    if left and not spare_pieces:
        raise ValueError(f"pieces left over: {' '.join(str(p) for p in left)}")
    for i, piece in enumerate(left):
        grid[(2 * i, SPARE_ROW)] = piece
    shown = scores if scores is not None else [0] * len(colours)
    lines = [
        "Iriri",
        "players: " + " ".join(colours),
        f"to move: {to_move}",
        f"phase: {phase}",
        f"passes in a row: {passes}",
        "first word: " + ("down" if grid else "not yet"),
        "scores: " + " ".join(f"{score:g}" for score in shown),
    ]
    for seat, hand in enumerate(hands):
        lines.append(f"hand {seat + 1}: {hand or '-'}")
    lines.append(f"dictionary: {dictionary}")
    lines.extend(_render(grid))
    return "\n".join(lines) + "\n"


def position(*args: Any, **kwargs: Any) -> IririState:
    """The state of :func:`position_text` (same arguments), read by the engine."""
    state: IririState = GAME.from_text(position_text(*args, **kwargs))
    return state


def play(state: IririState, *moves: str) -> IririState:
    """Parse and play each move text in turn."""
    for text in moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    return state


def texts(state: IririState, moves: Iterable[IririMove]) -> list[str]:
    """Move texts, in the given order."""
    return [GAME.move_text(state, move) for move in moves]


def touches_spares(move: IririMove) -> bool:
    """Whether a placement lies down among the spare pieces."""
    return isinstance(move, Place) and any(y >= NEAR for _, y in move.cells)


def legal(state: IririState) -> set[str]:
    """The legal moves as text, leaving out placements among the spare pieces."""
    return {GAME.move_text(state, m) for m in GAME.legal_moves(state) if not touches_spares(m)}


def scored(state: IririState) -> dict[str, float]:
    """Each legal placement away from the spare pieces, with the score it makes."""
    result: dict[str, float] = {}
    for text in legal(state):
        move = GAME.parse_move(state, text)
        if isinstance(move, Place):
            after = GAME.play(state, move)
            result[text] = after.scores[state.to_move] - state.scores[state.to_move]
    return result


def row(state: IririState, y: int, xs: range) -> str:
    """The pieces on row ``y`` at ``xs``, written like a board row."""
    grid = state.grid
    return " ".join(str(grid[(x, y)]) if (x, y) in grid else ".." for x in xs)


def dictionary(state: IririState) -> str:
    """The dictionary as text, from position 1."""
    return " ".join(str(p) for p in state.dictionary)


def hand(state: IririState, seat: int) -> str:
    """A hand as text (seat is 0-based), ``-`` when empty."""
    return " ".join(str(p) for p in state.hands[seat]) or "-"
