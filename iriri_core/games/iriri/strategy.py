"""What Iriri's bots know about playing well: a quick evaluation of a
position and the moves worth searching.  docs/bots.md tells how this was
found and measured.

Two facts carry most of the strength:

* Pieces are the scarce resource.  Each player can ever place only their
  three starting pieces and what they take, and a single piece laid into
  long words scores nearly as much as three.  So a piece still to be placed
  is worth about three points, and laying one piece a turn beats laying as
  many as possible.
* Takes decide which words stay possible: the evaluation after a take
  weighs the best single piece each player could lay next, and how many
  places each has left to lay one.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ...pieces import Pyramid
from .rules import _CODE, AXES, _matcher, legal_moves, placements, play
from .state import PLACE, Cell, IririMove, IririState, Pass, Place

PIECE_VALUE = 3.0
"""Points a piece still to be placed (in hand, or still to take) is worth."""

ROOM_VALUE = 0.5
ROOM_CAP = 6
"""Points for each cell where one of a player's pieces could go, up to
ROOM_CAP cells: a player with few places to go may soon have to pass."""

WIN = 1000.0
"""The evaluation of a finished game: plus this for a win, minus for a loss."""

_SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))

_ring_matcher = lru_cache(maxsize=64)(_matcher)
"""Matchers kept across calls: a search visits many positions with the same ring."""


class _Board:
    """What the quick move finders need to know of one board, worked out once:
    a search meets the same board in many positions (takes leave it as it is).

    ``frontier`` holds each empty cell beside a piece, in order, with the
    coded words it would join (the pieces before and after it, across and
    down, where there are any)."""

    __slots__ = ("_sides", "frontier", "grid")

    def __init__(self, board: tuple[tuple[Cell, Pyramid], ...]) -> None:
        self.grid = {cell: _CODE[piece] for cell, piece in board}
        self._sides: dict[tuple[Cell, Cell], tuple[str, str]] = {}
        grid = self.grid
        cells = sorted({(x + dx, y + dy) for x, y in grid for dx, dy in _SIDES} - grid.keys())
        self.frontier = []
        for cell in cells:
            sides = [self.side(cell, axis) for axis in AXES]
            self.frontier.append((cell, [side for side in sides if side[0] or side[1]]))

    def side(self, cell: Cell, axis: Cell) -> tuple[str, str]:
        """The coded pieces right before and right after ``cell`` along ``axis``."""
        key = (cell, axis)
        known = self._sides.get(key)
        if known is None:
            grid, (dx, dy) = self.grid, axis
            before: list[str] = []
            x, y = cell[0] - dx, cell[1] - dy
            while (x, y) in grid:
                before.append(grid[(x, y)])
                x, y = x - dx, y - dy
            after: list[str] = []
            x, y = cell[0] + dx, cell[1] + dy
            while (x, y) in grid:
                after.append(grid[(x, y)])
                x, y = x + dx, y + dy
            known = ("".join(reversed(before)), "".join(after))
            self._sides[key] = known
        return known


_board = lru_cache(maxsize=256)(_Board)
"""Boards kept across calls: a search visits many positions with the same board."""


def singles(state: IririState, hand: tuple[Pyramid, ...]) -> dict[tuple[Cell, Pyramid], int]:
    """Every legal placement of one piece of ``hand`` on a board that is not
    empty, with its points; the same placements and points as the one-piece
    moves of :func:`rules.placements`, found faster.

    >>> from iriri_core import get_game
    >>> game = get_game("iriri")
    >>> state = game.play(game.new_game(seed=1), game.parse_move(game.new_game(seed=1), "Y1@0,0 Y2@1,0"))
    >>> found = singles(state, state.hands[1])
    >>> found[((-1, 0), Pyramid("blue", 2))]  # B2 Y1 Y2 runs along the ring
    3
    >>> found[((0, 1), Pyramid("blue", 1))]  # Y1 B1, down
    2
    """
    if not state.board or not hand:
        return {}
    valid = _ring_matcher(state.dictionary, 15 * state.players)
    seen = valid.seen
    codes = [(piece, _CODE[piece]) for piece in sorted(set(hand))]
    found: dict[tuple[Cell, Pyramid], int] = {}
    for cell, sides in _board(state.board).frontier:
        for piece, code in codes:
            total = 0
            for before, after in sides:
                word = before + code + after
                ok = seen.get(word)
                if ok is None:
                    ok = valid(word)
                if not ok:
                    break
                total += len(word)
            else:
                found[(cell, piece)] = total
    return found


def still_to_take(state: IririState, seat: int) -> int:
    """How many more pieces ``seat`` may take from the ring in the rest of the
    game (all of their colour but the last of each type)."""
    colour = state.colours[seat]
    counts = Counter(piece for piece in state.dictionary if piece.colour == colour)
    return sum(count - 1 for count in counts.values())


def standing(state: IririState, seat: int) -> float:
    """How well ``seat`` stands, in points: the score, the pieces still to be
    placed, the best single piece it could lay now, and the room it has."""
    found = singles(state, state.hands[seat])
    best = max(found.values(), default=0)
    room = len({cell for cell, _ in found})
    pieces = len(state.hands[seat]) + still_to_take(state, seat)
    return state.scores[seat] + PIECE_VALUE * pieces + best + ROOM_VALUE * min(room, ROOM_CAP)


def evaluate(state: IririState, player: int) -> float:
    """``player``'s standing minus the best standing among the others; for a
    finished game, +WIN for a sole win, 0 for a shared one, -WIN for a loss."""
    if state.is_over:
        best = max(state.scores)
        winners = [seat for seat, score in enumerate(state.scores) if score == best]
        if player not in winners:
            return -WIN
        return WIN if len(winners) == 1 else 0.0
    mine = standing(state, player)
    return mine - max(standing(state, seat) for seat in range(state.players) if seat != player)


def candidate_moves(state: IririState) -> list[IririMove]:
    """The moves worth searching, most promising first: the single-piece
    placements (all placements when none exists, and for the first word),
    best-scoring first; or every take, best evaluated first; or a pass."""
    if state.is_over:
        return []
    if state.phase == PLACE:
        if state.board:
            one = singles(state, state.hand())
            if one:
                ranked_singles = sorted(one.items(), key=lambda item: (-item[1], item[0]))
                return [Place(((cell, piece),)) for (cell, piece), _ in ranked_singles]
        found = placements(state)
        if not found:
            return [Pass()]
        ranked_moves = sorted(found.items(), key=lambda item: (-item[1], item[0]))
        return [move for move, _ in ranked_moves]
    me = state.to_move
    takes = legal_moves(state)
    values = {move: evaluate(play(state, move), me) for move in takes}
    return sorted(takes, key=lambda move: (-values[move], move))
