"""Rules tests for Pach-Ice-i, written from the published rules
(shared/rules/pach-ice-i.txt, Jeff Zeitlin, 2006).

Each test quotes, in its docstring, the sentence of the rules it checks; tests
that pin a decision of docs/rules-notes.md say so.  Positions are built with
:func:`position`: pieces named as in docs/notation.md (``K3`` a large black,
``W1`` a small white) on squares a1 to g7.  Black (K) is seat 0 and moves from
black squares, White (W) seat 1 from white squares; a1, g7 and the other
corners are black, and a1, a4, a7, d1, d4, d7, g1, g4, g7 are marked.
"""

from __future__ import annotations

import pytest

from iriri_core import IllegalMoveError, get_game
from iriri_core.pach_ice_i import Advance, Enter, PachState, Pass, Roll, square_index
from iriri_core.pach_ice_i.rules import ROLLS, deal, legal_moves, play

GAME = get_game("pach-ice-i")


def position(
    board: dict[str, str],
    to_move: int = 0,
    dice: tuple[int, ...] = (1, 2, 3),
    trees: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] = ((), ()),
    home: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None,
) -> PachState:
    """A position with ``board`` (square name to piece), the rest of each
    stash home unless ``home`` says otherwise."""
    squares: list[tuple[int, int] | None] = [None] * 49
    left = [[5, 5, 5], [5, 5, 5]]
    for name, piece in board.items():
        seat, size = "KW".index(piece[0]), int(piece[1])
        squares[square_index(name)] = (seat, size)
        left[seat][size - 1] -= 1
    for seat in (0, 1):
        for tree in trees[seat]:
            for size in tree:
                left[seat][size - 1] -= 1
    if home is None:
        home = (tuple(left[0]), tuple(left[1]))  # type: ignore[assignment]
    assert home is not None
    return PachState(board=tuple(squares), trees=trees, home=home, to_move=to_move, dice=tuple(sorted(dice)))


def at(state: PachState, name: str) -> tuple[int, int] | None:
    return state.board[square_index(name)]


def step(square: str, *dice: int) -> Advance:
    return Advance(square_index(square), tuple(sorted(dice)))


def refused(state: PachState, move: Advance | Enter, words: str) -> None:
    assert move not in legal_moves(state)
    with pytest.raises(IllegalMoveError, match=words):
        play(state, move)


# ---------------------------------------------------------------- the dice


def test_three_eight_sided_dice() -> None:
    """ "three d8 dice": the 120 rolls (the dice sorted: which die is which
    does not matter) with their odds out of 512 (docs/rules-notes.md)."""
    odds = dict(ROLLS)
    assert len(odds) == 120
    assert odds[(1, 1, 1)] == pytest.approx(1 / 512)
    assert odds[(1, 1, 2)] == pytest.approx(3 / 512)
    assert odds[(1, 2, 3)] == pytest.approx(6 / 512)
    assert sum(odds.values()) == pytest.approx(1.0)


def test_a_turn_starts_with_the_roll() -> None:
    """ "On a player's turn, he first rolls the dice.": the roll is chance's
    move, and no piece moves before it."""
    state = deal()
    assert GAME.current_player(state) == -1
    assert all(isinstance(move, Roll) for move in legal_moves(state))
    with pytest.raises(IllegalMoveError, match="roll the dice first"):
        play(state, Enter((3, 2, 1), (1, 2, 3)))


# ---------------------------------------------------------------- the three kinds of turn


def test_a_small_piece_moves_by_all_three_dice() -> None:
    """ "A small piece is moved a number of spaces equal to the total of all
    three dice. The player's turn then ends." a1 + 10 along Black's path
    (a1..a7, b7 down) is b4."""
    state = position({"a1": "K1", "f1": "W1"}, dice=(2, 3, 5))
    assert legal_moves(state) == [step("a1", 2, 3, 5)]
    after = play(state, step("a1", 2, 3, 5))
    assert at(after, "b4") == (0, 1) and after.to_move == 1 and after.dice == ()


def test_a_medium_then_a_large_or_a_large_then_a_medium() -> None:
    """ "A medium piece is moved a number of spaces equal to the total of any
    two of the three dice. [...] the player may then move a large piece the
    number of spaces on the remaining die. Alternatively, the player may move
    the large piece first"."""
    state = position({"a1": "K2", "c1": "K3", "f1": "W1"}, dice=(1, 2, 4))
    moves = legal_moves(state)
    assert step("a1", 1, 2) in moves and step("a1", 2, 4) in moves and step("a1", 1, 4) in moves
    assert step("c1", 4) in moves and step("c1", 1) in moves
    after = play(state, step("a1", 1, 2))  # the medium first: a4 (marked) ...
    assert at(after, "a4") == (0, 2)
    assert legal_moves(after) == [step("c1", 4)]  # ... then the large by the die left
    after = play(play(state, step("c1", 4)), step("a1", 1, 2))  # the large first
    assert after.to_move == 1


def test_three_large_pieces_one_die_each() -> None:
    """ "A large piece is moved a number of spaces equal to one die. That die
    is set aside. Repeat until three large pieces have been moved." and "If
    you are moving only large pieces, you must move or enter three different
    large pieces.\""""
    state = position({"a1": "K3", "c1": "K3", "e1": "K3", "f1": "W1"}, dice=(1, 2, 3))
    after = play(state, step("a1", 1))
    assert all(not (isinstance(m, Advance) and m.square == square_index("a2")) for m in legal_moves(after))
    after = play(play(after, step("c1", 2)), step("e1", 3))
    assert after.to_move == 1 and after.dice == ()
    assert (at(after, "a2"), at(after, "c3"), at(after, "e4")) == ((0, 3), (0, 3), (0, 3))


def test_a_piece_moves_once_a_turn() -> None:
    """ "A piece may only be moved once in a turn.\""""
    state = position({"a1": "K3", "c1": "K3", "f1": "W1"}, dice=(1, 2, 3))
    after = play(state, step("a1", 1))
    refused(after, step("a2", 2), "only be moved once")


# ---------------------------------------------------------------- entering


def test_only_the_top_of_a_tree_enters_from_before_the_first_square() -> None:
    """ "Entering a piece is like moving a piece that starts from a square
    adjacent to the corner square nearest the player. Only the topmost piece
    from any tree may be entered.": at the start every top is a small, so the
    only move is to enter one by all three dice, to the sixth square (a6)."""
    state = play(deal(), Roll((1, 2, 3)))
    assert legal_moves(state) == [Enter((3, 2, 1), (1, 2, 3))]
    after = play(state, Enter((3, 2, 1), (1, 2, 3)))
    assert at(after, "a6") == (0, 1)
    assert after.trees[0] == ((3, 2),) + ((3, 2, 1),) * 4
    white = play(play(after, Roll((1, 1, 2))), Enter((3, 2, 1), (1, 1, 2)))
    assert at(white, "d7") == (1, 1)  # White enters at g7 and runs along row 7


def test_a_piece_sent_back_is_a_tree_of_its_own() -> None:
    """ "A piece sent back to start (see below) is treated as being a separate
    tree from any other trees in the starting pad." A white small on b1 (a
    white square) is landed on by White's own medium: it goes to White's pad
    as a tree of one."""
    state = position({"b1": "W1", "f1": "W2", "b2": "K1"}, to_move=1, dice=(1, 3, 8), trees=((), ((3,),)))
    after = play(state, step("f1", 1, 3))  # along White's last row, f1 to b1
    assert at(after, "b1") == (1, 2) and after.trees[1] == ((1,), (3,))


# ---------------------------------------------------------------- who may move what


def test_only_pieces_on_your_colour_or_a_marked_square() -> None:
    """ "A player may only move pieces that are on his color of space on the
    board [...] The marked squares (a, d, and g 1, 4, and 7) are considered
    both black and white\""""
    state = position(
        {"b1": "K3", "a4": "K3", "c1": "K3", "f1": "W1"}, dice=(1, 2, 3)
    )  # b1 white, a4 marked, c1 black
    movable = {m.square for m in legal_moves(state) if isinstance(m, Advance)}
    assert movable == {square_index("a4"), square_index("c1")}
    refused(state, step("b1", 1), "black or marked squares")


def test_moving_the_opponents_piece_along_your_own_path() -> None:
    """ "black may move either black or white pieces that start on black
    squares" and "If a player moves an opponent's piece on his own turn, he
    moves that piece according to his own movement rules": Black moves the
    white small on c3 by 10 along Black's path (up column c, down column d) to d2."""
    state = position({"c3": "W1"}, dice=(2, 3, 5), trees=(((3, 2),), ((3, 2),)))
    after = play(state, step("c3", 2, 3, 5))
    assert at(after, "d2") == (1, 1)


def test_no_moving_the_opponents_pieces_with_fewer_pips_entered() -> None:
    """ "A player may not move an opponent's piece unless the total number of
    pips on the pieces he has entered is equal to or greater than the total
    number of pips on the pieces that his opponent has entered.\""""
    state = position({"c3": "W1", "a1": "K1"}, dice=(2, 3, 5), trees=(((3, 2),) * 5, ()))
    assert state.entered_pips(0) < state.entered_pips(1)
    refused(state, step("c3", 2, 3, 5), "pips they have entered")


def test_no_moving_the_opponents_piece_into_their_own_pad() -> None:
    """ "A player may not move an opponent's piece back into the opponent's
    start pad, except by causing another piece to land on it": a white large
    on g5 (black, four squares from Black's end) cannot go past g7."""
    state = position({"g5": "W3", "a1": "K3", "c1": "K3"}, dice=(1, 2, 8))
    refused(state, step("g5", 8), "opponent's own start pad")
    assert step("g5", 1) in legal_moves(state)


# ---------------------------------------------------------------- landing


def test_landing_on_an_equal_or_smaller_piece_sends_it_home() -> None:
    """ "A piece may end its move on a square occupied by another piece, if the
    newly-arriving piece is of equal or larger size only. If this happens, the
    previous piece is moved to the starting pad of the player whose color the
    space is. [...] If a piece is sent to its owner's starting pad, it may be
    re-entered normally.\""""
    # a black medium on c3 (black) is landed on by an equal black medium: back to Black's pad
    state = position({"c1": "K2", "c3": "K2", "e1": "K3", "f1": "W1"}, dice=(1, 1, 5))
    after = play(state, step("c1", 1, 1))
    assert at(after, "c3") == (0, 2) and (2,) in after.trees[0]
    # a black small on c3 is landed on by a larger black piece
    state = position({"c1": "K3", "c3": "K1", "e1": "K3", "g1": "K3", "f1": "W1"}, dice=(1, 2, 3))
    after = play(state, step("c1", 2))
    assert at(after, "c3") == (0, 3) and (1,) in after.trees[0]


def test_landing_sends_an_opponents_piece_to_its_goal() -> None:
    """ "If it is sent to the opponent's starting pad, it has reached its goal,
    and may not be moved out again.": a white small on c3, a black square,
    goes to Black's pad, which is White's goal."""
    state = position({"c1": "K2", "c3": "W1", "e1": "K3", "f1": "W1"}, dice=(1, 1, 5))
    before = state.pieces_home(1)
    after = play(state, step("c1", 1, 1))
    assert at(after, "c3") == (0, 2) and after.pieces_home(1) == before + 1


def test_no_landing_on_a_larger_piece_or_an_occupied_marked_square() -> None:
    """ "A piece may not end its move on a space occupied by a piece larger
    than itself, nor may it end its move on an occupied marked square.\""""
    state = position({"c1": "K2", "c3": "K3", "a1": "K3", "e1": "K3", "g1": "K3", "f1": "W1"}, dice=(1, 1, 3))
    refused(state, step("c1", 1, 1), "larger piece")
    state = position({"a1": "K2", "a4": "W1", "e1": "K3", "g1": "K3", "f1": "W1"}, dice=(1, 2, 5))
    refused(state, step("a1", 1, 2), "marked square")


# ---------------------------------------------------------------- using the dice


def test_every_die_must_be_used_when_it_can_be() -> None:
    """ "A player MUST use all of the dice available; it is not permitted to
    move in such a manner that one CANNOT use all three dice.": with a medium
    and a large, moving the large by a die that would leave the medium
    blocked is refused.  The medium on c1 cannot go 1+2 (c4 holds a white
    large); moving the large on e1 by 4 would leave it just that."""
    state = position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4))
    assert legal_moves(state) == [step("c1", 1, 4), step("c1", 2, 4), step("e1", 1), step("e1", 2)]
    refused(state, step("e1", 4), "leave a die unused")


def test_a_roll_that_cannot_be_used_in_full() -> None:
    """Decision (docs/rules-notes.md, "When no way uses all three dice"): the
    player uses as many dice as any way of moving can, then passes the rest.
    Black's last piece is a large: it moves by one die, and the other two are
    passed."""
    state = position({"c1": "K3", "b1": "W1"}, dice=(2, 3, 5), home=((5, 5, 4), (4, 5, 5)))
    assert legal_moves(state) == [step("c1", 2), step("c1", 3), step("c1", 5)]
    after = play(state, step("c1", 3))
    assert legal_moves(after) == [Pass()]
    after = play(after, Pass())
    assert after.to_move == 1 and after.dice == ()


def test_a_roll_with_no_move_at_all_passes() -> None:
    """Decision: a roll no piece can use is a pass."""
    state = position({"b1": "K3", "c2": "W1"}, dice=(2, 3, 5), home=((5, 5, 4), (4, 5, 5)))
    assert legal_moves(state) == [Pass()]
    with pytest.raises(IllegalMoveError, match="only when none of the dice"):
        play(position({"c1": "K3", "f1": "W1"}), Pass())


def test_no_turn_may_leave_the_opponent_without_a_move() -> None:
    """ "Except for winning the game, no move may end with the board in such a
    state that the opponent has no legal move on his turn.\" Decision: no
    roll at all would give the opponent a move.  Black's last piece, a large
    on d1 (marked), moving 1 to e1 or 3 to e3 (black squares) would leave
    White nothing to move (White's last piece stands on g5, a black square
    from which any move of Black's would take it into White's own pad); 2 to
    e2 (white) leaves White the large to move."""
    state = position({"d1": "K3", "g5": "W1"}, dice=(1, 2, 3), home=((5, 5, 4), (4, 5, 5)))
    assert legal_moves(state) == [step("d1", 2)]
    refused(state, step("d1", 1), "no roll with a move")


# ---------------------------------------------------------------- the goal and the win


def test_no_exact_roll_needed_into_the_goal() -> None:
    """ "A player need not move his pieces into his opponent's starting pad by
    exact roll.": a black small on g5 moved by 20 reaches White's pad."""
    state = position({"g5": "K1", "b1": "W1"}, dice=(5, 7, 8), home=((4, 5, 5), (4, 5, 5)))
    after = play(state, step("g5", 5, 7, 8))
    assert after.pieces_home(0) == 15


def test_the_first_with_every_piece_home_wins() -> None:
    """ "The player who gets all of the pieces from his starting pad to the
    opponent's starting pad first is the winner.\""""
    state = position({"g5": "K1", "b1": "W1"}, dice=(5, 7, 8), home=((4, 5, 5), (4, 5, 5)))
    after = play(state, step("g5", 5, 7, 8))
    assert after.is_over and after.winner == 0
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (15.0, 14.0)
    assert legal_moves(after) == []


# ---------------------------------------------------------------- decisions (docs/rules-notes.md)


def test_black_rolls_first() -> None:
    """Decision: "The players use any method that seems good to them to decide
    who plays first." Black, the first seat, rolls first; the table's seats
    say who plays Black."""
    state = GAME.new_game()
    assert GAME.current_player(state) == -1 and state.to_move == 0


def test_the_pips_entered_are_counted_at_each_move() -> None:
    """Decision: "A player may not move an opponent's piece unless the total
    number of pips on the pieces he has entered is equal to or greater than
    [...]" is checked before each move of the turn: Black, 27 pips entered
    to White's 28, enters a large and may then move White's medium."""
    state = position({"c3": "W2", "f1": "W1"}, dice=(1, 2, 3), trees=(((3,),), ((2,),)))
    assert state.entered_pips(0) < state.entered_pips(1)
    refused(state, step("c3", 2, 3), "pips they have entered")
    after = play(state, Enter((3,), (1,)))
    assert step("c3", 2, 3) in legal_moves(after)
    assert at(play(after, step("c3", 2, 3)), "d7") == (1, 2)


def test_a_piece_moved_and_sent_back_stays_in_the_pad_this_turn() -> None:
    """Decision: "A piece may only be moved once in a turn." holds for a piece
    that moved, was landed on by another of the mover's pieces and sent back
    to the mover's pad: it may not be entered again in the same turn."""
    state = position({"a1": "K3", "c1": "K3", "f1": "W1"}, dice=(1, 2, 3), trees=(((3,),), ()))
    after = play(play(state, step("a1", 2)), Enter((3,), (3,)))  # the entered large lands on it at a3
    assert at(after, "a3") == (0, 3) and after.trees[0] == ((3,),) and after.resent == (3,)
    refused(after, Enter((3,), (1,)), "only be moved once")
    assert legal_moves(after) == [step("c1", 1)]


def test_a_landing_that_brings_the_last_piece_home_ends_the_game() -> None:
    """Decision: the game ends as soon as a player has all fifteen pieces in
    the other's pad, even in the middle of a turn and even when the
    opponent's landing sent the last one there (a turn that ends the game
    counts as using all its dice)."""
    state = position({"c1": "K2", "c3": "W1", "e1": "K3"}, dice=(1, 1, 5))
    assert state.pieces_home(1) == 14
    after = play(state, step("c1", 1, 1))
    assert after.is_over and after.winner == 1 and legal_moves(after) == []
