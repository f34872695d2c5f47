"""The rules of Hextris (David J. Bush, 2005), as docs/rules-notes.md reads them.

* Each player has five small, five medium and five large pyramids of their
  colour, all in hand at the start; the 19-spot board starts empty.
* A turn is one of: drop a piece from hand on a vacant edge spot; slide one's
  own piece in a straight line through vacant spots (small 1 spot, medium up
  to 2, large any distance); or swap one's own piece with an adjacent piece
  of any colour: a large with a medium, a medium with a small, a small with a
  large (the size of one's own piece decides).
* A player with a legal move may not pass; one without loses the turn.
* A move may not leave a connected group of more than five pieces of one
  colour.  A group of exactly five, whoever's, is removed and banked by its
  owner, unless it ends the game.
* Three groups win; if a move gives two players their third group, the mover
  wins.

>>> from iriri_core.games.hextris.notation import parse_move
>>> state = deal(("yellow", "blue"))
>>> len(legal_moves(state))  # 3 sizes x 12 edge spots
36
>>> after = play(state, parse_move("M@a1"))
>>> after.hands[0], after.to_move
((5, 4, 5), 1)
"""

from __future__ import annotations

from dataclasses import replace

from ...engine import IllegalMoveError
from ...pieces import LARGE, MEDIUM, PER_SIZE, SIZE_NAMES, SIZES, SMALL, Pyramid
from .board import NEIGHBOURS, PERIMETER, RAYS, SPOTS, spot_name
from .state import AGREED, BLOCKED, PLAYING, WON, Draw, Drop, HextrisMove, HextrisState, Pass, Slide, Swap

GROUP = 5
"""A connected group of exactly this many pieces of one colour is banked."""

GROUPS_TO_WIN = 3

REACH = {SMALL: 1, MEDIUM: 2, LARGE: len(SPOTS)}
"""How far a piece of each size may slide in a straight line."""

SWAPS_WITH = {LARGE: MEDIUM, MEDIUM: SMALL, SMALL: LARGE}
"""The size a piece of each size may swap places with."""

Board = tuple[Pyramid | None, ...]


def deal(colours: tuple[str, ...]) -> HextrisState:
    """The start: an empty board and every stash in hand."""
    players = len(colours)
    return HextrisState(
        colours=colours,
        board=(None,) * len(SPOTS),
        hands=((PER_SIZE, PER_SIZE, PER_SIZE),) * players,
        groups=(0,) * players,
    )


# ---------------------------------------------------------------- groups


def group_at(board: Board, spot: int) -> set[int]:
    """The spots of the connected group of one colour that holds ``spot``."""
    piece = board[spot]
    assert piece is not None
    colour = piece.colour
    seen = {spot}
    todo = [spot]
    while todo:
        here = todo.pop()
        for near in NEIGHBOURS[here]:
            other = board[near]
            if near not in seen and other is not None and other.colour == colour:
                seen.add(near)
                todo.append(near)
    return seen


def _formed(board: Board, spots: tuple[int, ...]) -> list[frozenset[int]]:
    """The groups of five that hold any of ``spots`` (the spots a move filled);
    raises IllegalMoveError if one of those groups is larger than five."""
    found: list[frozenset[int]] = []
    for spot in spots:
        if any(spot in group for group in found):
            continue
        group = group_at(board, spot)
        if len(group) > GROUP:
            piece = board[spot]
            assert piece is not None
            raise IllegalMoveError(
                f"that would make a group of {len(group)} {piece.colour} pieces; "
                f"no group may be larger than {GROUP}"
            )
        if len(group) == GROUP:
            found.append(frozenset(group))
    return found


# ---------------------------------------------------------------- moves


def _placed(state: HextrisState, move: HextrisMove) -> tuple[Board, tuple[int, ...]]:
    """The board after ``move`` (before any group is removed) and the spots it
    filled.  Checks everything but the size of groups."""
    me = state.to_move
    board = list(state.board)
    if isinstance(move, Drop):
        if move.size not in SIZES or not 0 <= move.spot < len(SPOTS):
            raise IllegalMoveError("there is no such piece or spot")
        if state.hands[me][move.size - 1] == 0:
            raise IllegalMoveError(f"you have no {SIZE_NAMES[move.size]} piece left in hand")
        if move.spot not in PERIMETER:
            raise IllegalMoveError(f"{spot_name(move.spot)} is inside the board: drop only on an edge spot")
        if board[move.spot] is not None:
            raise IllegalMoveError(f"{spot_name(move.spot)} is taken: drop only on a vacant spot")
        board[move.spot] = Pyramid(state.colours[me], move.size)
        return tuple(board), (move.spot,)
    if isinstance(move, Slide | Swap):
        ends = (move.start, move.end) if isinstance(move, Slide) else (move.mover, move.other)
        if not all(0 <= spot < len(SPOTS) for spot in ends):
            raise IllegalMoveError("there is no such spot")
    if isinstance(move, Slide):
        piece = _own(state, move.start)
        ray = next((ray for ray in RAYS[move.start] if move.end in ray), None)
        if ray is None:
            raise IllegalMoveError(
                f"{spot_name(move.start)} to {spot_name(move.end)} is not a straight line of spots"
            )
        distance = ray.index(move.end) + 1
        if distance > REACH[piece.size]:
            most = "1 spot" if piece.size == SMALL else "up to 2 spots"
            raise IllegalMoveError(f"a {SIZE_NAMES[piece.size]} piece moves {most}")
        blocked = next((spot for spot in ray[:distance] if board[spot] is not None), None)
        if blocked is not None:
            raise IllegalMoveError(
                f"{spot_name(blocked)} is in the way: a piece moves only through vacant spots"
            )
        board[move.start], board[move.end] = None, piece
        return tuple(board), (move.end,)
    if isinstance(move, Swap):
        piece = _own(state, move.mover)
        other = board[move.other] if 0 <= move.other < len(SPOTS) else None
        if move.other not in NEIGHBOURS[move.mover]:
            raise IllegalMoveError(f"{spot_name(move.mover)} and {spot_name(move.other)} are not adjacent")
        if other is None:
            raise IllegalMoveError(f"{spot_name(move.other)} is vacant: swap with a piece, or slide there")
        partner = SWAPS_WITH[piece.size]
        if other.size != partner:
            raise IllegalMoveError(
                f"a {SIZE_NAMES[piece.size]} piece swaps only with a {SIZE_NAMES[partner]} one"
            )
        board[move.mover], board[move.other] = other, piece
        return tuple(board), (move.mover, move.other)
    raise IllegalMoveError(f"{move!r} is not a Hextris move")


def _own(state: HextrisState, spot: int) -> Pyramid:
    piece = state.board[spot] if 0 <= spot < len(SPOTS) else None
    if piece is None:
        raise IllegalMoveError(f"there is no piece on {spot_name(spot) if 0 <= spot < len(SPOTS) else spot}")
    if state.owner(piece) != state.to_move:
        raise IllegalMoveError(
            f"the piece on {spot_name(spot)} is {piece.colour}: move a piece of your colour"
        )
    return piece


def _outcome(state: HextrisState, move: HextrisMove) -> tuple[Board, list[frozenset[int]]]:
    """The board after ``move`` and the groups of five it forms; raises
    IllegalMoveError saying why not."""
    board, filled = _placed(state, move)
    return board, _formed(board, filled)


def _candidates(state: HextrisState) -> list[HextrisMove]:
    """Every drop, slide and swap by the rules of movement, before groups are checked."""
    me = state.to_move
    board = state.board
    moves: list[HextrisMove] = []
    hand = state.hands[me]
    edge = sorted(spot for spot in PERIMETER if board[spot] is None)
    for size in SIZES:
        if hand[size - 1]:
            moves.extend(Drop(size, spot) for spot in edge)
    colour = state.colours[me]
    for spot, piece in enumerate(board):
        if piece is None or piece.colour != colour:
            continue
        for ray in RAYS[spot]:
            for end in ray[: REACH[piece.size]]:
                if board[end] is not None:
                    break
                moves.append(Slide(spot, end))
        partner = SWAPS_WITH[piece.size]
        for near in NEIGHBOURS[spot]:
            other = board[near]
            if other is not None and other.size == partner:
                moves.append(Swap(spot, near))
    return moves


def legal_moves(state: HextrisState) -> list[HextrisMove]:
    """Every legal move, sorted; ``[Pass()]`` when there is none."""
    if state.is_over:
        return []
    moves: list[HextrisMove] = []
    for move in _candidates(state):
        try:
            _outcome(state, move)
        except IllegalMoveError:
            continue
        moves.append(move)
    return sorted(moves) if moves else [Pass()]


def has_move(state: HextrisState) -> bool:
    """Whether the player to move has any move but to pass."""
    for move in _candidates(state):
        try:
            _outcome(state, move)
        except IllegalMoveError:
            continue
        return True
    return False


def play(state: HextrisState, move: HextrisMove) -> HextrisState:
    """The state after ``move``; raises IllegalMoveError saying why not."""
    if state.is_over:
        raise IllegalMoveError("the game is over")
    me = state.to_move
    following = (me + 1) % state.players
    if isinstance(move, Draw):
        return replace(state, ending=AGREED)
    if isinstance(move, Pass):
        if has_move(state):
            raise IllegalMoveError("you may not pass while you have a legal move")
        passes = state.passes + 1
        if passes >= state.players:  # nobody can move, and nothing can change
            return replace(state, passes=passes, ending=BLOCKED)
        return replace(state, passes=passes, to_move=following)
    board, formed = _outcome(state, move)
    hands = state.hands
    if isinstance(move, Drop):
        hand = list(hands[me])
        hand[move.size - 1] -= 1
        hands = (*hands[:me], (hand[0], hand[1], hand[2]), *hands[me + 1 :])
    groups = list(state.groups)
    for group in formed:
        groups[state.owner(_at(board, group))] += 1
    done = [seat for seat in range(state.players) if groups[seat] >= GROUPS_TO_WIN]
    if done:
        winner = me if me in done else done[0]
        return HextrisState(state.colours, board, hands, tuple(groups), me, 0, WON, winner)
    if formed:
        cleared = list(board)
        for group in formed:
            for spot in group:
                cleared[spot] = None
        board = tuple(cleared)
    return HextrisState(state.colours, board, hands, tuple(groups), following, 0, PLAYING, None)


def formed_groups(state: HextrisState, move: HextrisMove) -> list[tuple[int, frozenset[int]]]:
    """Each group of five ``move`` would form, with its owner; raises
    IllegalMoveError if the move is illegal."""
    if not isinstance(move, Drop | Slide | Swap):
        return []
    board, formed = _outcome(state, move)
    return [(state.owner(_at(board, group)), group) for group in formed]


def _at(board: Board, group: frozenset[int]) -> Pyramid:
    piece = board[min(group)]
    assert piece is not None
    return piece
