"""The rules of Iriri: dealing, legal moves, checking and playing a move.

Two independent paths decide what a placement is worth.  :func:`check_place`
follows the rules text literally (find every word through a placed piece and
match it against the dictionary) and explains any refusal.  :func:`placements`
enumerates all legal placements quickly, with each piece type written as one
character so that matching a word is a substring test.  The tests check each
path against the other.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import permutations

from ...engine import IllegalMoveError
from ...pieces import COLOURS, PER_SIZE, SIZES, Pyramid, stash, words
from .state import PLACE, TAKE, Cell, IririState, Pass, Place, Take

HAND_SIZE = 3
FIRST_WORD_BONUS = 0.5
FIRST_WORD_FACTOR = 3
ORIGIN: Cell = (0, 0)
ACROSS: Cell = (1, 0)
DOWN: Cell = (0, 1)
AXES = (ACROSS, DOWN)

_CODE: dict[Pyramid, str] = {
    Pyramid(colour, size): chr(ord("a") + 3 * i + size - 1)
    for i, colour in enumerate(COLOURS)
    for size in SIZES
}


def deal(colours: tuple[str, ...], seed: int | None) -> IririState:
    """The start position: hands of one pyramid of each size, the rest shuffled
    into the dictionary in an order fixed by ``seed``."""
    rng = random.Random(seed)
    pool = [p for colour in colours for p in stash(colour)]
    hands = tuple(tuple(Pyramid(colour, size) for size in SIZES) for colour in colours)
    for hand in hands:
        for piece in hand:
            pool.remove(piece)
    rng.shuffle(pool)
    return IririState(colours=colours, dictionary=tuple(pool), hands=hands)


# ---------------------------------------------------------------- matching


def find_run(word: Iterable[Pyramid], dictionary: tuple[Pyramid, ...]) -> tuple[int, ...] | None:
    """The dictionary positions (0-based) of a run matching ``word``, read in
    either direction, the dictionary being an infinite loop; None if none.

    >>> y1, b1, y2 = Pyramid("yellow", 1), Pyramid("blue", 1), Pyramid("yellow", 2)
    >>> find_run([y2, y1], (y1, b1, y2))     # across the seam of the loop
    (2, 0)
    >>> find_run([y1, b1], (y1, b1, y2))
    (0, 1)
    >>> find_run([y1, y1], (y1, b1, y2)) is None
    True
    """
    pieces = list(word)
    size = len(dictionary)
    for start in range(size):
        for step in (1, -1):
            run = tuple((start + step * k) % size for k in range(len(pieces)))
            if all(piece == dictionary[i] for piece, i in zip(pieces, run, strict=True)):
                return run
    return None


def occurs(word: Iterable[Pyramid], dictionary: tuple[Pyramid, ...]) -> bool:
    """Whether ``word`` matches a run of the dictionary (see :func:`find_run`).

    >>> y1, b1, y2 = Pyramid("yellow", 1), Pyramid("blue", 1), Pyramid("yellow", 2)
    >>> occurs([y1, y2], (y1, b1, y2))     # backwards across the seam
    True
    """
    return find_run(word, dictionary) is not None


def _matcher(dictionary: tuple[Pyramid, ...], longest: int) -> _Match:
    """A fast :func:`occurs` for coded words of up to ``longest`` pieces."""
    ring = "".join(_CODE[p] for p in dictionary)
    # Every run of ``longest`` pieces, starting anywhere on the loop, is a
    # substring of enough copies of the ring laid end to end.
    loop = ring * (longest // len(ring) + 2)
    return _Match(loop)


class _Match:
    """Memoised "is this coded word in the loop, either way round?"."""

    __slots__ = ("loop", "seen")

    def __init__(self, loop: str) -> None:
        self.loop = loop
        self.seen: dict[str, bool] = {}

    def __call__(self, word: str) -> bool:
        known = self.seen.get(word)
        if known is None:
            known = word in self.loop or word[::-1] in self.loop
            self.seen[word] = known
        return known


# ---------------------------------------------------------------- checking


def _mover_colour(state: IririState) -> str:
    return state.colours[state.to_move]


def _line_of(cells: list[Cell]) -> Cell | None:
    """The axis the cells share (ACROSS for one cell), or None."""
    if len({y for _, y in cells}) == 1:
        return ACROSS
    if len({x for x, _ in cells}) == 1:
        return DOWN
    return None


def _run(grid: dict[Cell, Pyramid], cell: Cell, axis: Cell) -> tuple[Cell, list[Pyramid]]:
    """The maximal run through ``cell`` along ``axis``: its first cell and pieces."""
    dx, dy = axis
    x, y = cell
    while (x - dx, y - dy) in grid:
        x, y = x - dx, y - dy
    start = (x, y)
    pieces = []
    while (x, y) in grid:
        pieces.append(grid[(x, y)])
        x, y = x + dx, y + dy
    return start, pieces


def check_place(state: IririState, move: Place) -> float:
    """The score of ``move``, or IllegalMoveError saying what rule it breaks."""
    if state.is_over:
        raise IllegalMoveError("the game is over")
    if state.phase != PLACE:
        raise IllegalMoveError("this is the take phase: take a piece from the dictionary")
    placed = dict(move.pieces)
    cells = list(placed)
    if not cells:
        raise IllegalMoveError("place at least one piece")
    if len(cells) != len(move.pieces):
        raise IllegalMoveError("two pieces cannot go on the same cell")
    colour = _mover_colour(state)
    hand = Counter(state.hand())
    for piece, count in Counter(placed.values()).items():
        if piece.colour != colour:
            raise IllegalMoveError(f"you may only place your own colour ({colour})")
        if hand[piece] < count:
            raise IllegalMoveError(f"you have no {piece.name} ({piece}) left in hand")
    grid = state.grid
    for cell in cells:
        if cell in grid:
            raise IllegalMoveError(f"cell {cell[0]},{cell[1]} is already taken")
    axis = _line_of(cells)
    if axis is None:
        raise IllegalMoveError("placed pieces must lie in one line with no gap")
    merged = {**grid, **placed}
    start, run = _run(merged, cells[0], axis)
    span = {(start[0] + i * axis[0], start[1] + i * axis[1]) for i in range(len(run))}
    if not span.issuperset(cells):
        raise IllegalMoveError("placed pieces must lie in one line with no gap")

    if not grid:
        if len(cells) < 2:
            raise IllegalMoveError("the first word needs at least two pieces")
        if min(cells) != ORIGIN:
            raise IllegalMoveError("the first word starts at cell 0,0 and runs across or down")
        if not occurs(run, state.dictionary):
            raise IllegalMoveError(f"the word {words(run)} does not occur in the dictionary")
        return FIRST_WORD_FACTOR * len(cells) + FIRST_WORD_BONUS

    if not any((x + dx, y + dy) in grid for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
        raise IllegalMoveError("placed pieces must touch a piece already on the board")
    score = 0.0
    for word in formed_words(state, placed):
        if word.run is None:
            raise IllegalMoveError(f"the word {words(word.pieces)} does not occur in the dictionary")
        score += len(word.pieces)
    return score


@dataclass(frozen=True)
class FormedWord:
    """A word through newly placed pieces: its cells in reading order, its
    pieces, and the dictionary positions it matches (None if it matches none)."""

    cells: tuple[Cell, ...]
    pieces: tuple[Pyramid, ...]
    run: tuple[int, ...] | None


def formed_words(state: IririState, placed: dict[Cell, Pyramid]) -> list[FormedWord]:
    """Every word (a row or column run of 2 or more) through a placed piece,
    each once, across words first."""
    merged = {**state.grid, **placed}
    found: dict[tuple[Cell, Cell], FormedWord] = {}
    for line in AXES:
        for cell in sorted(placed):
            first, pieces = _run(merged, cell, line)
            if len(pieces) >= 2 and (first, line) not in found:
                cells = tuple((first[0] + i * line[0], first[1] + i * line[1]) for i in range(len(pieces)))
                found[(first, line)] = FormedWord(cells, tuple(pieces), find_run(pieces, state.dictionary))
    return list(found.values())


def check_take(state: IririState, move: Take) -> None:
    """Raise IllegalMoveError unless ``move`` is a legal take."""
    if state.is_over:
        raise IllegalMoveError("the game is over")
    if state.phase != TAKE:
        raise IllegalMoveError("this is the place phase: place pieces on the board first")
    if len(state.hand()) >= HAND_SIZE:
        raise IllegalMoveError(f"your hand is full ({HAND_SIZE} pieces)")
    size = len(state.dictionary)
    if not 0 <= move.index < size:
        raise IllegalMoveError(f"the dictionary has positions 1 to {size}")
    piece = state.dictionary[move.index]
    if piece != move.piece:
        raise IllegalMoveError(f"position {move.index + 1} of the dictionary holds {piece}, not {move.piece}")
    colour = _mover_colour(state)
    if piece.colour != colour:
        raise IllegalMoveError(f"you may only take your own colour ({colour})")
    if state.dictionary.count(piece) < 2:
        raise IllegalMoveError(f"you may not take the last {piece.name}")


# ---------------------------------------------------------------- generating


def takes(state: IririState) -> list[Take]:
    """Every legal take, in dictionary order (empty unless hand has room)."""
    if len(state.hand()) >= HAND_SIZE:
        return []
    colour = _mover_colour(state)
    counts = Counter(state.dictionary)
    return [Take(i, p) for i, p in enumerate(state.dictionary) if p.colour == colour and counts[p] >= 2]


def placements(state: IririState) -> dict[Place, float]:
    """Every legal placement of the player to move, with its score."""
    hand = state.hand()
    if not hand:
        return {}
    total = sum(len(h) for h in state.hands) + len(state.dictionary) + len(state.board)
    valid = _matcher(state.dictionary, total)
    result: dict[Place, float] = {}
    grid = {cell: _CODE[p] for cell, p in state.grid.items()}
    if not grid:
        for k in range(2, len(hand) + 1):
            for dx, dy in AXES:
                line = [(i * dx, i * dy) for i in range(k)]
                for word in set(permutations(hand, k)):
                    if valid("".join(_CODE[p] for p in word)):
                        move = Place(tuple(zip(line, word, strict=True)))
                        result[move] = FIRST_WORD_FACTOR * k + FIRST_WORD_BONUS
        return result

    sides: dict[tuple[Cell, Cell], tuple[str, str]] = {}

    def side(cell: Cell, axis: Cell) -> tuple[str, str]:
        """The coded pieces before and after ``cell`` along ``axis``."""
        key = (cell, axis)
        known = sides.get(key)
        if known is None:
            dx, dy = axis
            x, y = cell
            before = []
            x, y = x - dx, y - dy
            while (x, y) in grid:
                before.append(grid[(x, y)])
                x, y = x - dx, y - dy
            after = []
            x, y = cell[0] + dx, cell[1] + dy
            while (x, y) in grid:
                after.append(grid[(x, y)])
                x, y = x + dx, y + dy
            known = ("".join(reversed(before)), "".join(after))
            sides[key] = known
        return known

    kinds = [(piece, _CODE[piece]) for piece in sorted(set(hand))]
    fits: dict[tuple[Cell, Cell], list[tuple[Pyramid, str, int]]] = {}

    def fitting(cell: Cell, axis: Cell) -> list[tuple[Pyramid, str, int]]:
        """The hand pieces that may go on ``cell`` as far as the word along
        ``axis`` goes, each with that word's length (0 when no word forms)."""
        key = (cell, axis)
        known = fits.get(key)
        if known is None:
            before, after = side(cell, axis)
            if not before and not after:
                known = [(piece, code, 0) for piece, code in kinds]
            else:
                known = [
                    (piece, code, len(before) + 1 + len(after))
                    for piece, code in kinds
                    if valid(before + code + after)
                ]
            fits[key] = known
        return known

    frontier = {
        (x + dx, y + dy)
        for x, y in grid
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if (x + dx, y + dy) not in grid
    }
    for cell in frontier:
        downs = {piece: length for piece, _, length in fitting(cell, DOWN)}
        for piece, _, across in fitting(cell, ACROSS):
            if piece in downs:
                result[Place(((cell, piece),))] = float(across + downs[piece])

    longest = len(hand)
    if longest < 2:
        return result
    groups: set[tuple[Cell, tuple[Cell, ...]]] = set()
    for cell in frontier:
        for axis in AXES:
            back = _empty_cells(grid, cell, axis, -1, longest - 1)
            ahead = _empty_cells(grid, cell, axis, 1, longest - 1)
            for i in range(len(back) + 1):
                for j in range(min(len(ahead), longest - 1 - i) + 1):
                    if i + j:
                        groups.add((axis, tuple(back[:i][::-1]) + (cell,) + tuple(ahead[:j])))

    left = Counter(hand)
    chosen: list[Pyramid] = []

    def fill(
        cells: tuple[Cell, ...],
        options: list[list[tuple[Pyramid, str, int]]],
        gaps: list[str],
        word: str,
        score: int,
    ) -> None:
        """Put each fitting hand piece on the next cell, pruning as soon as the
        main word so far is not a run (every part of a valid word is one)."""
        i = len(chosen)
        for piece, code, length in options[i]:
            if not left[piece]:
                continue
            grown = word + code + gaps[i]
            if len(grown) > 1 and not valid(grown):
                continue
            chosen.append(piece)
            if i + 1 == len(cells):
                result[Place(tuple(zip(cells, chosen, strict=True)))] = float(score + length + len(grown))
            else:
                left[piece] -= 1
                fill(cells, options, gaps, grown, score + length)
                left[piece] += 1
            chosen.pop()

    for axis, cells in groups:
        other = DOWN if axis == ACROSS else ACROSS
        options = [fitting(c, other) for c in cells]
        if all(options):
            fill(cells, options, [side(c, axis)[1] for c in cells], side(cells[0], axis)[0], 0)
    return result


def _empty_cells(grid: dict[Cell, str], cell: Cell, axis: Cell, sign: int, count: int) -> list[Cell]:
    """The next ``count`` empty cells from ``cell`` along ``axis`` in direction
    ``sign``, stepping over occupied cells (which then lie inside the word)."""
    dx, dy = axis[0] * sign, axis[1] * sign
    x, y = cell
    found: list[Cell] = []
    while len(found) < count:
        x, y = x + dx, y + dy
        if (x, y) not in grid:
            found.append((x, y))
    return found


def legal_moves(state: IririState) -> list[Place | Take | Pass]:
    """Sorted legal moves: placements (or a pass when there is none), or takes."""
    if state.is_over:
        return []
    if state.phase == TAKE:
        return list(takes(state))
    moves: list[Place | Take | Pass] = list(placements(state))
    return sorted(moves, key=_sort_key) or [Pass()]


def _sort_key(move: Place | Take | Pass) -> tuple[object, ...]:
    return move._key()


# ---------------------------------------------------------------- playing


def _next_turn(state: IririState) -> IririState:
    return replace(state, to_move=(state.to_move + 1) % state.players, phase=PLACE)


def _after_place_or_take(state: IririState) -> IririState:
    """Stay in the take phase while the mover can and should take, else move on."""
    taking = replace(state, phase=TAKE)
    if takes(taking):
        return taking
    return _next_turn(state)


def play(state: IririState, move: Place | Take | Pass) -> IririState:
    """The state after ``move``; raises IllegalMoveError with the reason."""
    me = state.to_move
    if isinstance(move, Place):
        score = check_place(state, move)
        remaining = list(state.hands[me])
        for _, piece in move.pieces:
            remaining.remove(piece)
        board = tuple(sorted(state.board + move.pieces))
        scores = list(state.scores)
        scores[me] += score
        return _after_place_or_take(
            replace(
                state,
                board=board,
                hands=_with(state.hands, me, tuple(remaining)),
                scores=tuple(scores),
                passes=0,
            )
        )
    if isinstance(move, Take):
        check_take(state, move)
        dictionary = state.dictionary[: move.index] + state.dictionary[move.index + 1 :]
        hand = tuple(sorted(state.hands[me] + (move.piece,), key=_hand_order))
        return _after_place_or_take(replace(state, dictionary=dictionary, hands=_with(state.hands, me, hand)))
    if isinstance(move, Pass):
        if state.is_over:
            raise IllegalMoveError("the game is over")
        if state.phase != PLACE:
            raise IllegalMoveError("this is the take phase: take a piece from the dictionary")
        if placements(state):
            raise IllegalMoveError("you may pass only when no placement is possible")
        return _next_turn(replace(state, passes=state.passes + 1))
    raise IllegalMoveError(f"{move!r} is not an Iriri move")


def _hand_order(piece: Pyramid) -> tuple[int, str]:
    return (piece.size, piece.colour)


def _with(
    hands: tuple[tuple[Pyramid, ...], ...], seat: int, hand: tuple[Pyramid, ...]
) -> tuple[tuple[Pyramid, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


def piece_counts_ok(state: IririState) -> str | None:
    """Why the pieces of ``state`` cannot come from full stashes, or None."""
    everything = Counter(state.dictionary)
    for hand in state.hands:
        everything.update(hand)
    everything.update(p for _, p in state.board)
    expected = Counter(p for colour in state.colours for p in stash(colour))
    for piece in sorted(set(everything) | set(expected)):
        if everything[piece] != expected[piece]:
            return (
                f"there are {everything[piece]} {piece} pieces in all, "
                f"but each player has exactly {PER_SIZE} of each size"
            )
    return None
