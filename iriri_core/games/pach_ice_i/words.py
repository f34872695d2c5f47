"""Pach-Ice-i in words: the seats, a part of a turn, the dice, why a piece
cannot move or cannot go where it was taken, why the player can only pass,
and the table told line by line (the mirror)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine import IllegalMoveError
from ...pieces import SIZE_NAMES
from ...presenter import listed
from . import rules
from .board import COLUMNS, PATH_LENGTH, POSITIONS, colour_of, is_marked, square_name
from .drawing import die_words
from .marks import GOAL
from .notation import to_text, tree_text
from .state import PIECES, Advance, Enter, PachState, Pass, Roll
from .turn import Draft, Part, Place, destination, dice_choices, piece_moved

if TYPE_CHECKING:
    from ...presenter import Seen


SEATS = ("Black", "White")
"""What players call the seats: Black rolls first."""

NUMBERS = ("no", "one", "two", "three")
"""How many pieces a turn moved, in words (one for each die at most)."""


def piece_words(state: PachState, piece: tuple[int, int], square: int | None = None) -> str:
    """ "the medium on c3", "White's large on d5": a piece as its mover says it."""
    owner, size = piece
    whose = "the" if owner == state.to_move else f"{SEATS[owner]}'s"
    return f"{whose} {SIZE_NAMES[size]}" + ("" if square is None else f" on {square_name(square)}")


def landing_words(state: PachState, move: Part) -> str:
    """What the landing does to a piece already there: ", sending White's small home"."""
    place = destination(state, move)
    if place == GOAL:
        return ""
    assert isinstance(place, int)
    other = state.board[place]
    if other is None:
        return ""
    owner, size = other
    where = "back to its pad" if owner == colour_of(place) else "home"
    return f", sending {SEATS[owner]}'s {SIZE_NAMES[size]} {where}"


def part_words(state: PachState, move: Part, past: bool) -> str:
    """ "entered a large by 5 to a5", "move the medium on c3 by 3+4 to e5"."""
    piece = piece_moved(state, move)
    by = die_words(move.dice)
    place = destination(state, move)
    if isinstance(move, Enter):
        verb = "entered" if past else "enter"
        text = f"{verb} a {SIZE_NAMES[piece[1]]} by {by}"
    elif place == GOAL:
        verb = "brought" if past else "bring"
        return f"{verb} {piece_words(state, piece, move.square)} home by {by}"
    else:
        verb = "moved" if past else "move"
        text = f"{verb} {piece_words(state, piece, move.square)} by {by}"
    assert isinstance(place, int)
    return f"{text} to {square_name(place)}{landing_words(state, move)}"


def dice_list(dice: tuple[int, ...]) -> str:
    """ "2, 3 and 5", "3 and 5", "5"."""
    return listed([str(d) for d in dice])


def refusal(state: PachState, moves: list[Part]) -> str:
    """The engine's reason the first of ``moves`` that it refuses is refused."""
    for move in moves:
        reason = rules.part_problem(state, move)
        if reason is None:
            try:
                rules.play(state, move)
            except IllegalMoveError as exc:
                reason = str(exc)
        if reason:
            return reason
    return "that is not one of the moves you may make now"


def picked_words(state: PachState, draft: Draft) -> str:
    """ "the medium on c3", "the large from your pad": what the person picked."""
    if draft.tree is not None:
        return f"the {SIZE_NAMES[draft.tree[-1]]} from your pad"
    piece = state.board[draft.square] if draft.square is not None else None
    return "the piece" if piece is None else piece_words(state, piece, draft.square)


def pass_reason(state: PachState) -> str:
    """Why the player to move can only pass, in words."""
    dice = dice_list(state.dice)
    parts = rules.parts(state)
    if not parts:
        if len(state.dice) == rules.DICE:
            return f"no piece can move by {dice}"
        return f"no piece can move by the {dice} left"
    return f"no move is allowed: {refusal(state, list(parts))}"


def mirror(state: PachState, names: list[str]) -> list[str]:
    """The table in words, for screen readers and keyboard players."""
    seat = state.to_move
    if state.is_over:
        lines = [f"The game is over: {SEATS[state.winner or 0]} has every piece home."]
    elif not state.dice:
        lines = [f"{names[seat]} to roll."]
    else:
        lines = [f"{names[seat]} to move; dice left: {dice_list(state.dice)}."]
    lines.append(
        "Home, in the other's pad: "
        + ", ".join(f"{SEATS[s]} {state.pieces_home(s)} of {PIECES}" for s in (0, 1))
        + "."
    )
    for s in (0, 1):
        trees = ", ".join(tree_text(t) for t in state.trees[s]) or "empty"
        lines.append(f"{SEATS[s]}'s pad, trees from the bottom up: {trees}.")
    if state.moved:
        lines.append("Moved this turn: " + ", ".join(square_name(s) for s in state.moved) + ".")
    pieces = []
    for square, piece in enumerate(state.board):
        if piece is not None:
            ground = "marked" if is_marked(square) else f"{SEATS[colour_of(square)].lower()} square"
            pieces.append(
                f"{square_name(square)} ({ground}) {SIZE_NAMES[piece[1]]} {SEATS[piece[0]].lower()}"
            )
    lines.append("On the board: " + (", ".join(pieces) if pieces else "nothing") + ".")
    lines.append(
        "Black moves pieces on black and marked squares, up column a, down column b and so on to g7; "
        "White moves pieces on white and marked squares, along row 7 from g7, back along row 6 "
        "and so on to a1."
    )
    lines.append(
        f"Board rows from 7 (top) to 1 (bottom), columns {COLUMNS[0]} to {COLUMNS[-1]}; "
        "K black, W white, .. empty:"
    )
    lines.extend(to_text(state).splitlines()[-8:])
    return lines


def describe_move(game: Any, state: PachState, move: Any) -> str:
    """ "Black rolled 2 3 5", "Black entered a large by 5 to a5", "White
    moved the medium on c3 by 3+4 to e5, sending Black's small back to its pad"."""
    who = SEATS[state.to_move]
    if isinstance(move, Roll):
        return f"{who} rolled " + " ".join(map(str, move.dice))
    if isinstance(move, Pass):
        if len(state.dice) == rules.DICE:
            return f"{who} passes: no piece can move by {dice_list(state.dice)}"
        left = "the " + dice_list(state.dice) + " left"
        return f"{who} passes: {left} cannot be used"
    return f"{who} {part_words(state, move, past=True)}"


def move_words(state: PachState, move: Any, past: bool) -> str:
    """A player's move as a verb phrase without the player: "moved the
    medium on c3 by 3+4 to e5", "pass", "rolled 2 3 5"."""
    if isinstance(move, Roll):
        return ("rolled " if past else "roll ") + " ".join(map(str, move.dice))
    if isinstance(move, Pass):
        return "passed" if past else "pass"
    return part_words(state, move, past)


def summarise_turn(plies: Sequence[tuple[PachState, Any]]) -> str | None:
    """ "moved three pieces", "moved one piece, then passed": a turn of
    several moves in one clause (each piece moves once a turn); None for
    a turn of one move, which its own words tell."""
    if len(plies) < 2:
        return None
    moved = sum(isinstance(move, (Enter, Advance)) for _, move in plies)
    text = f"moved {NUMBERS[moved]} piece{'' if moved == 1 else 's'}"
    return text + (", then passed" if isinstance(plies[-1][1], Pass) else "")


def why_not_from(state: PachState, square: int) -> str:
    piece = state.board[square]
    if piece is None:
        return f"there is no piece on {square_name(square)}: pick a piece, or a tree in your pad"
    moves: list[Part] = [Advance(square, dice) for dice in dice_choices(state.dice, rules.dice_for(piece[1]))]
    if not moves:
        moves = [Advance(square, state.dice)]
    return f"{piece_words(state, piece, square)} cannot move: {refusal(state, moves)}"


def why_not_to(seen: Seen, draft: Draft, place: Place) -> str:
    state: PachState = seen.state
    seat = state.to_move
    if draft.tree is not None:
        piece, start, what = (seat, draft.tree[-1]), 0, f"a {SIZE_NAMES[draft.tree[-1]]} from your pad"
    else:
        assert draft.square is not None
        piece = state.board[draft.square]  # type: ignore[assignment]
        start, what = POSITIONS[seat][draft.square], piece_words(state, piece, draft.square)

    def part(dice: tuple[int, ...]) -> Part:
        return Enter(draft.tree, dice) if draft.tree is not None else Advance(draft.square or 0, dice)

    combos = dice_choices(state.dice, rules.dice_for(piece[1]))
    if not combos:
        return refusal(state, [part(state.dice)])
    sums = listed([str(s) for s in sorted({sum(d) for d in combos})], "or")
    if place == GOAL:
        fits = [d for d in combos if start + sum(d) > PATH_LENGTH]
        if not fits:
            need = PATH_LENGTH + 1 - start
            return f"to go home, {what} needs {need} or more; your dice move it {sums}"
    else:
        assert isinstance(place, int)
        distance = POSITIONS[seat][place] - start
        if distance <= 0:
            return (
                f"{square_name(place)} is not ahead of {what} along {SEATS[seat]}'s path: "
                "pieces move only forward"
            )
        fits = [d for d in combos if sum(d) == distance]
        if not fits:
            return (
                f"to reach {square_name(place)}, {what} goes {distance} square{'s' * (distance != 1)} along "
                f"{SEATS[seat]}'s path; your dice move it {sums}"
            )
    legal = [part(d) for d in fits if part(d) in seen.legal]
    if legal:
        return (
            f"{what} gets there by {die_words(legal[0].dice)}, not with the dice you picked: "
            "tap a picked die again to let it go"
        )
    return refusal(state, [part(d) for d in fits])
