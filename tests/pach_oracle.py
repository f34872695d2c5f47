"""A second, independent reading of Pach-Ice-i's move rules, for the tests:
it shares no code with iriri_core.pach_ice_i.rules (only the position and
move values), and builds whole turns by brute force, straight from the
sentences of the rules (shared/rules/pach-ice-i.txt) and the decisions of
docs/rules-notes.md.  Slow on purpose: simple enough to trust."""

from __future__ import annotations

import itertools
from dataclasses import replace

from iriri_core.pach_ice_i.state import Advance, Enter, PachState

COLS = "abcdefg"


def name_to_index(name: str) -> int:
    return (int(name[1]) - 1) * 7 + COLS.index(name[0])


# "entering at a1, moving along the column a1 to a7, then b7 to b1, then c1 to c7, and so on until g7"
BLACK_PATH = [
    name_to_index(f"{c}{r}")
    for i, c in enumerate(COLS)
    for r in (range(1, 8) if i % 2 == 0 else range(7, 0, -1))
]
# "entering at g7, moving along the row g7 to a7, then a6 to g6, then g5 to a5, and so on until reaching a1"
WHITE_PATH = [
    name_to_index(f"{c}{r}")
    for k, r in enumerate(range(7, 0, -1))
    for c in (COLS[::-1] if k % 2 == 0 else COLS)
]
PATH = (BLACK_PATH, WHITE_PATH)
# "the squares a1, a4, a7, d1, d4, d7, g1, g4, and g7 are all marked"
MARKED = {name_to_index(f"{c}{r}") for c in "adg" for r in (1, 4, 7)}


def colour(square: int) -> int:
    """0 black, 1 white: "checkered in black and white (with the corner squares being black)"."""
    row, col = divmod(square, 7)
    return (row + col) % 2


def entered(state: PachState, seat: int) -> int:
    """ "A piece on the board or in the opponent's starting pad is considered entered\""""
    in_pad = sum(sum(tree) for tree in state.trees[seat])
    return 30 - in_pad


def single_moves(state: PachState) -> list[tuple[object, PachState]]:
    """Every one-piece move by the player to move, with the position after it."""
    me, dice = state.to_move, state.dice
    out = []
    sources: list[tuple[object, tuple[int, int], int]] = []
    for tree in set(state.trees[me]):
        if len(tree) == 1 and state.trees[me].count(tree) <= state.resent.count(tree[0]):
            continue  # "A piece may only be moved once in a turn."
        sources.append((tree, (me, tree[-1]), 0))  # "Only the topmost piece from any tree may be entered."
    for square, piece in enumerate(state.board):
        if piece is None or square in state.moved:
            continue
        if square not in MARKED and colour(square) != me:
            continue  # "A player may only move pieces that are on his color of space"
        if piece[0] != me and entered(state, me) < entered(state, 1 - me):
            continue
        sources.append((square, piece, PATH[me].index(square) + 1))
    for source, piece, start in sources:
        size = piece[1]
        count = {1: 3, 2: 2, 3: 1}[size]  # small: all three dice; medium: two; large: one
        if count == 3 and len(dice) != 3:
            continue
        for chosen in set(itertools.combinations(dice, count)):
            chosen = tuple(sorted(chosen))
            end = start + sum(chosen)
            board = list(state.board)
            trees = [list(state.trees[0]), list(state.trees[1])]
            home = [list(state.home[0]), list(state.home[1])]
            moved = list(state.moved)
            resent = list(state.resent)
            if isinstance(source, tuple):
                trees[me].remove(source)
                if len(source) > 1:
                    trees[me].append(source[:-1])
            else:
                board[source] = None
            if end > 49:
                if piece[0] != me:
                    continue  # "may not move an opponent's piece back into the opponent's start pad"
                home[me][size - 1] += 1
            else:
                target = PATH[me][end - 1]
                there = board[target]
                if there is not None:
                    if target in MARKED or there[1] > size:
                        continue
                    pad = colour(target)
                    if there[0] == pad:
                        trees[pad].append((there[1],))
                        if target in moved and there[0] == me:
                            resent.append(there[1])
                    else:
                        home[there[0]][there[1] - 1] += 1
                    if target in moved:
                        moved.remove(target)
                board[target] = piece
                moved.append(target)
            rest = list(dice)
            for die in chosen:
                rest.remove(die)
            move = Enter(source, chosen) if isinstance(source, tuple) else Advance(source, chosen)
            after = PachState(
                board=tuple(board),
                trees=(tuple(sorted(trees[0])), tuple(sorted(trees[1]))),
                home=(tuple(home[0]), tuple(home[1])),  # type: ignore[arg-type]
                to_move=me,
                dice=tuple(rest),
                moved=tuple(sorted(moved)),
                resent=tuple(sorted(resent)),
            )
            out.append((move, after))
    return out


def won(state: PachState) -> bool:
    return any(sum(h) == 15 for h in state.home)


def opponent_can_move(state: PachState) -> bool:
    """Some roll gives the next player at least one move."""
    nxt = replace(state, to_move=1 - state.to_move, dice=(), moved=(), resent=())
    for roll in itertools.product(range(1, 9), repeat=3):
        if single_moves(replace(nxt, dice=tuple(sorted(roll)))):
            return True
    return False


def turns(state: PachState) -> list[tuple[list[object], int]]:
    """Every way to go on with the turn: the moves and the dice they use;
    a way may stop at any point (the rules then decide which are allowed)."""
    found: list[tuple[list[object], int]] = [([], 0)]
    if won(state) or not state.dice:
        return found
    for move, after in single_moves(state):
        used = len(state.dice) - len(after.dice)
        if won(after):  # the game is over: the dice left count as used (docs/rules-notes.md)
            found.append(([move], len(state.dice)))
            continue
        for rest, more in turns(after):
            found.append(([move, *rest], used + more))
    return found


def oracle_moves(state: PachState) -> set[object]:
    """The moves the rules allow now (empty set: pass)."""
    started = len(state.dice) < 3
    allowed = []
    for moves, used in turns(state):
        end = state
        for move in moves:
            end = dict(single_moves(end))[move]  # type: ignore[index]
        if not won(end) and (moves or started) and not opponent_can_move(end):
            continue  # "no move may end with the board in such a state that the opponent has no legal move"
        allowed.append((moves, used))
    best = max(used for _, used in allowed) if allowed else 0
    return {moves[0] for moves, used in allowed if used == best and moves}
