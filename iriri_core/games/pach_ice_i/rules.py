"""The rules of Pach-Ice-i (docs/rules-notes.md has the decisions).

A turn is several moves: chance's :class:`Roll`, then one move per piece
(:class:`Enter` or :class:`Advance`), each using the dice its size takes: a
small all three, a medium two, a large one.  ``legal_moves`` offers only
moves that can be completed into a whole turn that uses every die and leaves
the opponent some roll they could play; when there is none, :class:`Pass`.

>>> state = deal()
>>> legal_moves(state)[:2]
[Roll(dice=(1, 1, 1)), Roll(dice=(1, 1, 2))]
>>> state = play(state, Roll((2, 3, 5)))
>>> legal_moves(state)
[Enter(tree=(3, 2, 1), dice=(2, 3, 5))]
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from functools import lru_cache

from ...engine import IllegalMoveError
from ...pieces import SIZE_NAMES
from .board import BLACK, PATH_LENGTH, PATHS, POSITIONS, SQUARES, colour_of, is_marked, square_name
from .state import PIECES, Advance, Enter, PachMove, PachState, Pass, Roll

DICE = 3
SIDES = 8
START_TREE = (3, 2, 1)
"""A tree as set up: large at the bottom, medium, small on top."""

ROLLS: tuple[tuple[tuple[int, ...], float], ...] = tuple(
    (dice, count / SIDES**DICE)
    for dice, count in sorted(
        Counter(tuple(sorted(t)) for t in itertools.product(range(1, SIDES + 1), repeat=DICE)).items()
    )
)
"""Every roll of three dice as the sorted dice, with its probability."""

SEAT_NAMES = ("Black", "White")


def dice_for(size: int) -> int:
    """How many dice a piece of ``size`` moves by: small 3, medium 2, large 1."""
    return 4 - size


def deal() -> PachState:
    """Both stashes in their pads as five trees; Black to roll first."""
    trees = (START_TREE,) * 5
    return PachState(board=(None,) * SQUARES, trees=(trees, trees), home=((0, 0, 0), (0, 0, 0)))


# ---------------------------------------------------------------- one move


_MOVABLE = tuple(
    tuple(is_marked(square) or colour_of(square) == seat for square in range(SQUARES)) for seat in (0, 1)
)
"""``_MOVABLE[seat][square]``: whether ``seat`` may move a piece on ``square`` (its colour, or marked)."""


@lru_cache(maxsize=1024)
def _dice_choices(dice: tuple[int, ...], count: int) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(set(itertools.combinations(dice, count))))


def _landing(state: PachState, seat: int, start: int, piece: tuple[int, int], distance: int) -> str | None:
    """Why ``piece`` (moved by ``seat``) may not go ``distance`` from path
    position ``start``, or None if it may."""
    owner, size = piece
    target = start + distance
    if target > PATH_LENGTH:
        if owner != seat:
            return "a player may not move the opponent's piece into the opponent's own start pad"
        return None
    square = PATHS[seat][target - 1]
    other = state.board[square]
    if other is None:
        return None
    if is_marked(square):
        return f"{square_name(square)} is a marked square and already occupied"
    if other[1] > size:
        return f"a {SIZE_NAMES[size]} piece may not land on the larger piece on {square_name(square)}"
    return None


def _may_move_from(state: PachState, square: int) -> str | None:
    """Why the player to move may not move the piece on ``square``, or None."""
    seat = state.to_move
    piece = state.board[square]
    if piece is None:
        return f"there is no piece on {square_name(square)}"
    if square in state.moved:
        return "a piece may only be moved once in a turn"
    if not is_marked(square) and colour_of(square) != seat:
        colour = SEAT_NAMES[seat]
        return f"{colour} may only move pieces standing on {colour.lower()} or marked squares"
    if piece[0] != seat and state.entered_pips(seat) < state.entered_pips(1 - seat):
        return (
            "a player may move the opponent's pieces only while the pips they have entered "
            "are at least the opponent's"
        )
    return None


def _may_enter(state: PachState, tree: tuple[int, ...]) -> str | None:
    seat = state.to_move
    trees = state.trees[seat]
    if tree not in trees:
        return "there is no such tree in your start pad"
    if len(tree) == 1 and trees.count(tree) <= state.resent.count(tree[0]):
        return "a piece may only be moved once in a turn"
    return None


def _dice_reason(state: PachState, size: int, dice: tuple[int, ...]) -> str | None:
    need = dice_for(size)
    if len(dice) != need:
        return f"a {SIZE_NAMES[size]} piece moves by {('one die', 'two dice', 'all three dice')[need - 1]}"
    if Counter(dice) - Counter(state.dice):
        return "those dice are not among the dice still to use"
    if need == DICE and len(state.dice) != DICE:
        return "a small piece moves by all three dice, so it must be the only piece moved"
    return None


def part_problem(state: PachState, move: Enter | Advance) -> str | None:
    """Why ``move`` breaks a rule of a single move (not yet whether the turn
    can be completed), or None."""
    seat = state.to_move
    if isinstance(move, Enter):
        reason = _may_enter(state, move.tree)
        if reason:
            return reason
        piece, start = (seat, move.tree[-1]), 0
    else:
        if not 0 <= move.square < SQUARES:
            return "that square is not on the board"
        reason = _may_move_from(state, move.square)
        if reason:
            return reason
        on_board = state.board[move.square]
        assert on_board is not None
        piece, start = on_board, POSITIONS[seat][move.square]
    return _dice_reason(state, piece[1], move.dice) or _landing(state, seat, start, piece, sum(move.dice))


def parts(state: PachState) -> list[Enter | Advance]:
    """Every single move the player to move may make now, by the rules of one
    move alone."""
    seat = state.to_move
    found: list[Enter | Advance] = []
    choices = {size: _dice_choices(state.dice, dice_for(size)) for size in (1, 2, 3)}
    if len(state.dice) != DICE:
        choices[1] = ()
    for tree in sorted(set(state.trees[seat])):
        if _may_enter(state, tree) is None:
            for dice in choices[tree[-1]]:
                if _landing(state, seat, 0, (seat, tree[-1]), sum(dice)) is None:
                    found.append(Enter(tree, dice))
    others = state.entered_pips(seat) >= state.entered_pips(1 - seat)  # (as _may_move_from asks)
    moved = state.moved
    for square, piece in enumerate(state.board):
        if piece is None or not choices[piece[1]] or square in moved or not _MOVABLE[seat][square]:
            continue
        if piece[0] != seat and not others:
            continue
        start = POSITIONS[seat][square]
        for dice in choices[piece[1]]:
            if _landing(state, seat, start, piece, sum(dice)) is None:
                found.append(Advance(square, dice))
    return found


def apply_part(state: PachState, move: Enter | Advance) -> PachState:
    """The position after a single move already known to be allowed."""
    seat = state.to_move
    board = list(state.board)
    trees = [list(state.trees[0]), list(state.trees[1])]
    home = [list(state.home[0]), list(state.home[1])]
    moved = [s for s in state.moved]
    resent = list(state.resent)
    if isinstance(move, Enter):
        trees[seat].remove(move.tree)
        if len(move.tree) > 1:
            trees[seat].append(move.tree[:-1])
        piece, start = (seat, move.tree[-1]), 0
    else:
        piece = board[move.square]  # type: ignore[assignment]
        board[move.square] = None
        start = POSITIONS[seat][move.square]
    target = start + sum(move.dice)
    if target > PATH_LENGTH:
        home[piece[0]][piece[1] - 1] += 1
    else:
        square = PATHS[seat][target - 1]
        other = board[square]
        if other is not None:
            pad = colour_of(square)  # the pad of the player whose colour the square is
            if other[0] == pad:
                trees[pad].append((other[1],))
                if square in moved and other[0] == seat:
                    resent.append(other[1])
            else:
                home[other[0]][other[1] - 1] += 1
            if square in moved:
                moved.remove(square)
        board[square] = piece
        moved.append(square)
    dice = list(state.dice)
    for die in move.dice:
        dice.remove(die)
    winner = next((s for s in (seat, 1 - seat) if sum(home[s]) == PIECES), None)
    board_after, home_after = tuple(board), (tuple(home[0]), tuple(home[1]))
    trees_after = (tuple(sorted(trees[0])), tuple(sorted(trees[1])))
    if winner is not None:  # after a win, the winner is to move (docs/notation.md)
        return PachState(board_after, trees_after, home_after, to_move=winner, winner=winner)  # type: ignore[arg-type]
    if not dice:
        return PachState(board_after, trees_after, home_after, to_move=1 - seat)  # type: ignore[arg-type]
    return PachState(
        board=board_after,
        trees=trees_after,
        home=home_after,  # type: ignore[arg-type]
        to_move=seat,
        dice=tuple(dice),
        moved=tuple(sorted(moved)),
        resent=tuple(sorted(resent)),
    )


# ---------------------------------------------------------------- whole turns


DISTANCES = {size: range(dice_for(size), dice_for(size) * SIDES + 1) for size in (1, 2, 3)}
"""How far a piece of each size can go on some roll: every sum of the dice it takes."""


def _leaves_a_move(state: PachState) -> bool:
    """Whether the player to roll in ``state`` (a turn not yet begun) has at
    least one roll with a move (docs/rules-notes.md, "No legal move on his
    turn"): some piece or tree top that may move, and some distance its size
    can roll at which it may land."""
    seat = state.to_move
    starts = itertools.chain(
        (((seat, tree[-1]), 0) for tree in set(state.trees[seat])),
        (
            (piece, POSITIONS[seat][square])
            for square, piece in enumerate(state.board)
            if piece is not None and _may_move_from(state, square) is None
        ),
    )
    return any(
        _landing(state, seat, start, piece, distance) is None
        for piece, start in starts
        for distance in DISTANCES[piece[1]]
    )


def _value(state: PachState, part: Enter | Advance, careful: bool) -> int:
    """The most dice a turn that goes on with ``part`` can use, or -1 if no
    such turn is allowed.  A turn the mover wins counts as using them all; a
    turn that ends the game by sending the opponent's last piece home counts
    the dice it used (docs/rules-notes.md, Pach-Ice-i decision 6)."""
    after = apply_part(state, part)
    if after.is_over:
        return len(state.dice) if after.winner == state.to_move else len(part.dice)
    rest = _best(after, careful)
    return -1 if rest < 0 else len(part.dice) + rest


@lru_cache(maxsize=8192)
def _best(state: PachState, careful: bool) -> int:
    """The most dice the player to move can still use this turn, ending the
    turn in a position the rules allow (if ``careful``, one that leaves the
    opponent a roll with a move; a pass before any move is always allowed),
    or -1 if no ending is allowed.  ``state.dice`` empty: the turn is over."""
    if not state.dice:
        return 0 if not careful or _leaves_a_move(state) else -1
    best = -1
    for part in parts(state):
        best = max(best, _value(state, part, careful))
        if best == len(state.dice):
            return best
    if best < 0:  # stopping here, with dice unused
        stop = replace(state, to_move=1 - state.to_move, dice=(), moved=(), resent=())
        best = 0 if not careful or len(state.dice) == DICE or _leaves_a_move(stop) else -1
    return best


def legal_moves(state: PachState) -> list[PachMove]:
    """Every legal move, sorted: the rolls before a turn; then the moves
    that begin or continue a turn using as many dice as any allowed turn
    can, or else Pass (the dice left cannot be used)."""
    if state.is_over:
        return []
    if not state.dice:
        return [Roll(dice) for dice, _ in ROLLS]
    best = _best(state, True)
    moves: list[PachMove] = [part for part in parts(state) if best > 0 and _value(state, part, True) == best]
    return sorted(moves) if moves else [Pass()]


def play(state: PachState, move: PachMove) -> PachState:
    """The position after ``move``; raises IllegalMoveError saying why not."""
    if state.is_over:
        raise IllegalMoveError("the game is over")
    if isinstance(move, Roll):
        if state.dice:
            raise IllegalMoveError("the dice have been rolled: use them first")
        if len(move.dice) != DICE or not all(1 <= d <= SIDES for d in move.dice):
            raise IllegalMoveError("a roll is three dice from 1 to 8")
        return replace(state, dice=tuple(sorted(move.dice)))
    if not state.dice:
        raise IllegalMoveError("roll the dice first")
    if isinstance(move, Pass):
        if legal_moves(state) != [Pass()]:
            raise IllegalMoveError("a player may pass only when none of the dice left can be used")
        return replace(state, to_move=1 - state.to_move, dice=(), moved=(), resent=())
    reason = part_problem(state, move)
    if reason:
        raise IllegalMoveError(reason)
    if move not in legal_moves(state):
        if _value(state, move, False) < _best(state, False):
            raise IllegalMoveError(
                "that would leave a die unused: every die must be used when a way of moving uses them"
            )
        raise IllegalMoveError("that would leave the opponent no roll with a move")
    return apply_part(state, move)


__all__ = ["BLACK", "ROLLS", "apply_part", "deal", "legal_moves", "parts", "play"]
