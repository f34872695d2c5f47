"""How the bots judge Hextris positions (docs/bots.md).

The evaluation counts, for each player, the groups of five made (10 points
each) and how far along the groups on the board are: a piece in a group of
two is worth more than a lone one, and a group of four (one short) more.  A
group of four is worth most when it is a threat: a vacant spot next to it
that its owner can fill next (a drop on an edge spot with a piece in hand,
or a slide of one of the owner's other pieces) without joining another of
the owner's groups.  It knows who is to move: the player to move banks a
threat on the next move; a player who is not must hope the opponent cannot
stop it, which takes two threats the opponent cannot both cover, or one the
opponent cannot reach or break with a swap.  Pieces in hand (droppable
anywhere on the edge) and the vacant spots next to one's pieces on the
board (room to move and grow) count a little.  A player's standing is that total less the best opponent's.

Candidate moves put the moves that form a group first, then those that
grow one's groups, by the evaluation of the position each leaves.
"""

from __future__ import annotations

from ...engine import IllegalMoveError
from ...pieces import Pyramid
from .board import NEIGHBOURS, PERIMETER, RAYS
from .rules import REACH, SWAPS_WITH, _candidates, play
from .state import HextrisMove, HextrisState, Pass

GROUP_VALUE = 10.0
"""A group of five made, in evaluation points."""

PROGRESS = (0.0, 0.0, 1.0, 2.5, 4.0)
"""The worth of a group on the board by its size (index), before it has five."""

BANK_NEXT = 8.5
"""A group of four its owner, to move, can complete now."""

THREAT_UNSTOPPABLE = 7.0
"""A group of four whose owner is not to move, with threats the opponent cannot all stop."""

THREAT_STOPPABLE = 5.0
"""A group of four whose owner is not to move, with one threat the opponent can stop."""

IN_HAND = 0.15
"""Each piece still in hand: it can go on any vacant edge spot."""

ROOM = 0.05
"""Each vacant spot next to a piece on the board (counted once per piece):
room to move and to grow."""

TO_MOVE = 0.5
"""Having the move."""

Board = tuple[Pyramid | None, ...]


def _groups(board: Board) -> tuple[list[int], list[list[int]], list[int]]:
    """Each spot's group number (-1 where vacant), each group's spots, and
    each group's room: its pieces' vacant neighbours, counted once per piece."""
    label = [-1] * len(board)
    groups: list[list[int]] = []
    rooms: list[int] = []
    neighbours = NEIGHBOURS
    for spot, piece in enumerate(board):
        if piece is None or label[spot] >= 0:
            continue
        colour = piece[0]
        number = len(groups)
        label[spot] = number
        members = [spot]
        room = 0
        for here in members:  # grows as the group is found
            for near in neighbours[here]:
                other = board[near]
                if other is None:
                    room += 1
                elif other[0] == colour and label[near] < 0:
                    label[near] = number
                    members.append(near)
        groups.append(members)
        rooms.append(room)
    return label, groups, rooms


def _reaches(board: Board, spot: int, colour: str, group: int, label: list[int]) -> bool:
    """Whether a piece of ``colour`` outside ``group`` can slide to ``spot``."""
    for ray in RAYS[spot]:
        for distance, here in enumerate(ray, 1):
            piece = board[here]
            if piece is None:
                continue
            if piece.colour == colour and label[here] != group and REACH[piece.size] >= distance:
                return True
            break
    return False


def _fill_spots(board: Board, members: list[int], number: int, label: list[int], hand: int) -> list[int]:
    """The vacant spots next to a group of four its owner can fill to make
    five (at most two: enough to know whether one block stops them all).  A
    spot next to two other pieces of the owner's would join a group of more
    than five; next to one, that piece can slide in; next to none, a drop on
    the edge or a slide from along a line fills it."""
    colour = board[members[0]][0]  # type: ignore[index]
    spots: list[int] = []
    for member in members:
        for near in NEIGHBOURS[member]:
            if board[near] is not None or near in spots:
                continue
            outside = 0
            for beside in NEIGHBOURS[near]:
                piece = board[beside]
                if piece is not None and piece[0] == colour and label[beside] != number:
                    outside += 1
            if outside > 1:
                continue
            if outside or (hand and near in PERIMETER) or _reaches(board, near, colour, number, label):
                spots.append(near)
                if len(spots) == 2:
                    return spots
    return spots


def _can_stop(
    board: Board, label: list[int], spots: list[int], members: list[int], colour: str, hand: int
) -> bool:
    """Whether the player of ``colour`` (to move) can take the one threatened
    spot or swap a piece out of the group."""
    spot = spots[0]
    if (hand and spot in PERIMETER) or _reaches(board, spot, colour, -1, label):
        return True
    for member in members:
        size = board[member].size  # type: ignore[union-attr]
        for near in NEIGHBOURS[member]:
            piece = board[near]
            if piece is not None and piece.colour == colour and SWAPS_WITH[piece.size] == size:
                return True
    return False


def strengths(state: HextrisState) -> list[float]:
    """Each seat's groups made, the progress and threats of its groups on the
    board, and its pieces in hand and room."""
    board = state.board
    label, groups, rooms = _groups(board)
    colours = state.colours
    hands = [hand[0] + hand[1] + hand[2] for hand in state.hands]
    totals = [GROUP_VALUE * made + IN_HAND * hand for made, hand in zip(state.groups, hands, strict=True)]
    mover = state.to_move
    totals[mover] += TO_MOVE
    banking = False
    for number, members in enumerate(groups):
        size = len(members)
        colour = board[members[0]][0]  # type: ignore[index]
        seat = colours.index(colour)
        if size < 4:
            totals[seat] += PROGRESS[size] + ROOM * rooms[number]
            continue
        totals[seat] += ROOM * rooms[number]
        spots = _fill_spots(board, members, number, label, hands[seat])
        if not spots:
            totals[seat] += PROGRESS[4]
        elif seat == mover and not banking:
            banking = True
            totals[seat] += BANK_NEXT
        elif len(spots) >= 2 or seat == mover:
            totals[seat] += THREAT_UNSTOPPABLE
        elif any(
            _can_stop(board, label, spots, members, rival, hands[them])
            for them, rival in enumerate(colours)
            if them != seat
        ):
            totals[seat] += THREAT_STOPPABLE
        else:
            totals[seat] += THREAT_UNSTOPPABLE
    return totals


def evaluate(state: HextrisState, player: int) -> float:
    """``player``'s strength less the strongest opponent's."""
    if state.is_over:
        if state.winner is None:
            return 0.0
        return 100.0 if state.winner == player else -100.0
    totals = strengths(state)
    return totals[player] - max(total for seat, total in enumerate(totals) if seat != player)


def candidate_moves(state: HextrisState) -> list[HextrisMove]:
    """Every legal move, best first by the evaluation of the position it
    leaves for the mover (a move that banks a group comes before one that
    only grows a group)."""
    if state.is_over:
        return []
    me = state.to_move
    scored: list[tuple[float, HextrisMove]] = []
    for move in sorted(_candidates(state)):
        try:
            after = play(state, move)
        except IllegalMoveError:
            continue
        scored.append((evaluate(after, me), move))
    if not scored:
        return [Pass()]
    scored.sort(key=lambda item: -item[0])
    return [move for _, move in scored]
