"""Rules tests for Pach-Ice-i, written from the published rules
(shared/rules/pach-ice-i.txt, Jeff Zeitlin, 2006).

Each test quotes, in its docstring, the sentence of the rules it checks; tests
that pin a decision of docs/rules-notes.md say so.  Positions are built with
:func:`pach_helpers.position`: pieces named as in docs/notation.md (``K3`` a
large black, ``W1`` a small white) on squares a1 to g7, the rest of each stash
home unless the test says otherwise.

The board, for reading the positions: a square is black when its column and
row are both odd or both even counted from a1 (a1, c1, e1, b2, d2, ... are
black; b1, d1, f1, a2, c2, ... white), and a1, a4, a7, d1, d4, d7, g1, g4, g7
are marked.  Black's path counts a1..a7 as 1..7, b7..b1 as 8..14, c1..c7 as
15..21, d7..d1 22..28, e1..e7 29..35, f7..f1 36..42, g1..g7 43..49; White's
counts g7..a7 as 1..7, a6..g6 8..14, g5..a5 15..21, a4..g4 22..28, g3..a3
29..35, a2..g2 36..42, g1..a1 43..49.  Entering starts from 0; past 49 is the
goal.  Each step along a path goes to a neighbouring square, so the colours
alternate along it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from pach_helpers import GAME, at, position, refused, step

from iriri_core import IllegalMoveError
from iriri_core.games.pach_ice_i import Advance, Enter, Pass, Roll, square_index
from iriri_core.games.pach_ice_i.rules import ROLLS, deal, legal_moves, play

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
    assert [roll for roll, _ in GAME.chance_outcomes(deal())] == [Roll(dice) for dice in odds]


def test_a_turn_starts_with_the_roll() -> None:
    """ "On a player's turn, he first rolls the dice.": the roll is chance's
    move, and no piece moves before it; the player about to move rolls."""
    state = deal()
    assert GAME.current_player(state) == -1 and GAME.roller(state) == 0
    assert all(isinstance(move, Roll) for move in legal_moves(state))
    with pytest.raises(IllegalMoveError, match="roll the dice first"):
        play(state, Enter((3, 2, 1), (1, 2, 3)))
    with pytest.raises(IllegalMoveError, match="three dice from 1 to 8"):
        play(state, Roll((1, 2, 9)))


# ---------------------------------------------------------------- the three kinds of turn


def test_a_small_piece_moves_by_all_three_dice() -> None:
    """ "A small piece is moved a number of spaces equal to the total of all
    three dice. The player's turn then ends." a1 + 10 along Black's path
    (a1..a7, b7 down) is b4.  A small cannot take part of the roll, nor
    follow another piece."""
    state = position({"a1": "K1", "f1": "W1"}, dice=(2, 3, 5))
    assert legal_moves(state) == [step("a1", 2, 3, 5)]
    refused(state, step("a1", 2, 3), "a small piece moves by all three dice")
    after = play(state, step("a1", 2, 3, 5))
    assert at(after, "b4") == (0, 1) and at(after, "a1") is None
    assert after.to_move == 1 and after.dice == ()
    # with three larges beside it, a large may go first; the small may not follow
    state = position({"a1": "K1", "c1": "K3", "e1": "K3", "g1": "K3", "f1": "W1"}, dice=(2, 3, 5))
    assert step("a1", 2, 3, 5) in legal_moves(state) and step("c1", 2) in legal_moves(state)
    after = play(state, step("c1", 2))
    assert all(move.square != square_index("a1") for move in legal_moves(after))  # type: ignore[union-attr]
    refused(after, step("a1", 3, 5), "a small piece moves by all three dice")


def test_a_medium_then_a_large_or_a_large_then_a_medium() -> None:
    """ "A medium piece is moved a number of spaces equal to the total of any
    two of the three dice. Those two dice are set aside, and the player may
    then move a large piece the number of spaces on the remaining die.
    Alternatively, the player may move the large piece first (selecting one
    die for the distance to move it, and setting that die aside), then the
    medium (for the remaining two dice)."""
    state = position({"a1": "K2", "c1": "K3", "f1": "W1"}, dice=(1, 2, 4))
    assert legal_moves(state) == [
        step("a1", 1, 2),
        step("a1", 1, 4),
        step("a1", 2, 4),
        step("c1", 1),
        step("c1", 2),
        step("c1", 4),
    ]
    refused(state, step("a1", 4), "a medium piece moves by two dice")
    refused(state, step("c1", 1, 2), "a large piece moves by one die")
    after = play(state, step("a1", 1, 2))  # the medium first: 1 + 2 = 3, to a4 (marked, empty) ...
    assert at(after, "a4") == (0, 2) and after.dice == (4,)
    assert legal_moves(after) == [step("c1", 4)]  # ... then the large by the die left
    first = play(state, step("c1", 4))  # the large first, to c5 ...
    assert at(first, "c5") == (0, 3) and legal_moves(first) == [
        step("a1", 1, 2)
    ]  # ... the medium by the rest
    after = play(first, step("a1", 1, 2))
    assert after.to_move == 1 and (at(after, "a4"), at(after, "c5")) == ((0, 2), (0, 3))


def test_three_large_pieces_one_die_each() -> None:
    """ "A large piece is moved a number of spaces equal to one die. That die
    is set aside. Repeat until three large pieces have been moved." and "If
    you are moving only large pieces, you must move or enter three different
    large pieces.\""""
    state = position({"a1": "K3", "c1": "K3", "e1": "K3", "f1": "W1"}, dice=(1, 2, 3))
    after = play(state, step("a1", 1))
    assert all(move.square != square_index("a2") for move in legal_moves(after))  # type: ignore[union-attr]
    refused(after, step("a2", 2), "only be moved once")
    after = play(play(after, step("c1", 2)), step("e1", 3))
    assert after.to_move == 1 and after.dice == ()
    assert (at(after, "a2"), at(after, "c3"), at(after, "e4")) == ((0, 3), (0, 3), (0, 3))
    # a large entered from the pad counts as one of the three
    state = position({"a1": "K3", "c1": "K3", "f1": "W1"}, dice=(1, 2, 3), trees=(((3,),), ()))
    after = play(play(play(state, Enter((3,), (3,))), step("a1", 1)), step("c1", 2))
    assert after.to_move == 1 and (at(after, "a3"), at(after, "a2"), at(after, "c3")) == ((0, 3),) * 3


def test_a_piece_moves_once_a_turn() -> None:
    """ "A piece may only be moved once in a turn.": nor may a piece entered
    this turn move again."""
    state = position({"a1": "K3", "c1": "K3", "f1": "W1"}, dice=(1, 2, 3))
    after = play(state, step("a1", 1))
    refused(after, step("a2", 2), "only be moved once")
    state = position({"c1": "K3", "e1": "K3", "f1": "W1"}, dice=(1, 2, 3), trees=(((3,),), ()))
    after = play(state, Enter((3,), (1,)))
    refused(after, step("a1", 2), "only be moved once")


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
    black = play(play(white, Roll((1, 1, 1))), Enter((3, 2, 1), (1, 1, 1)))
    assert at(black, "a3") == (0, 1)  # 1 + 1 + 1 from before a1: the third square


def test_the_top_of_each_tree_enters_by_its_own_dice() -> None:
    """ "Only the topmost piece from any tree may be entered.": with a tree
    LM, a large alone and a small alone in the pad, the medium enters by two
    dice, the large by one and the small by all three; the large under the
    medium does not enter until the medium has gone.  (The large alone does
    not enter by 3: to a3, where the medium, entering by the other two dice,
    could not land on it.)"""
    state = position({"f1": "W1"}, dice=(1, 2, 3), trees=(((3, 2), (3,), (1,)), ()))
    assert legal_moves(state) == [
        Enter((1,), (1, 2, 3)),
        Enter((3,), (1,)),
        Enter((3,), (2,)),
        Enter((3, 2), (1, 2)),
        Enter((3, 2), (1, 3)),
        Enter((3, 2), (2, 3)),
    ]
    refused(state, Enter((3, 2), (1,)), "a medium piece moves by two dice")
    after = play(state, Enter((3, 2), (1, 3)))
    assert at(after, "a4") == (0, 2) and after.trees[0] == ((1,), (3,), (3,))
    after = play(after, Enter((3,), (2,)))  # the large left of that tree, or the other
    assert at(after, "a2") == (0, 3) and after.trees[0] == ((1,), (3,)) and after.to_move == 1


def test_an_entering_piece_lands_like_a_moving_one() -> None:
    """ "Entering a piece is like moving a piece": a large entering by 3 to
    a3 (a black square) lands on a white small there, which goes to Black's
    pad, White's goal; a small cannot enter onto a larger piece."""
    state = position({"a3": "W1", "f1": "W1", "c1": "K3", "e1": "K3"}, dice=(1, 2, 3), trees=(((3,),), ()))
    before = state.pieces_home(1)
    after = play(state, Enter((3,), (3,)))
    assert at(after, "a3") == (0, 3) and after.pieces_home(1) == before + 1
    state = position({"a6": "W2", "f1": "W1"}, dice=(1, 2, 3), trees=(((1,),), ()))
    refused(state, Enter((1,), (1, 2, 3)), "may not land on the larger piece on a6")


def test_a_piece_sent_back_is_a_tree_of_its_own() -> None:
    """ "A piece sent back to start (see below) is treated as being a separate
    tree from any other trees in the starting pad." and "If a piece is sent
    to its owner's starting pad, it may be re-entered normally.": a white
    small on b1 (a white square) is landed on by White's own medium (f1 by
    1 + 3, along White's last row); it goes to White's pad as a tree of one,
    not onto the LM there, and enters on its own on a later turn."""
    state = position(
        {"b1": "W1", "f1": "W2", "b2": "K1"}, to_move=1, dice=(1, 3, 8), trees=((), ((3, 2), (3,)))
    )
    after = play(state, step("f1", 1, 3))
    assert at(after, "b1") == (1, 2) and after.trees[1] == ((1,), (3,), (3, 2))
    after = play(after, Enter((3,), (8,)))  # the large by the 8, to a6
    assert after.to_move == 0 and after.trees[1] == ((1,), (3, 2))
    after = play(play(after, Roll((1, 2, 3))), step("b2", 1, 2, 3))  # Black's turn: b2 + 6 = c5
    after = play(after, Roll((1, 2, 3)))
    assert Enter((1,), (1, 2, 3)) in legal_moves(after)
    after = play(after, Enter((1,), (1, 2, 3)))
    assert at(after, "b7") == (1, 1) and after.trees[1] == ((3, 2),)


def test_a_piece_sent_back_enters_again_in_the_same_turn() -> None:
    """ "If a piece is sent to its owner's starting pad, it may be re-entered
    normally.": a black medium on c3 that has not moved this turn, landed on
    by Black's large from c1, enters again by the two dice left."""
    state = position({"c1": "K3", "c3": "K2", "f1": "W1"}, dice=(1, 2, 3))
    after = play(state, step("c1", 2))
    assert after.trees[0] == ((2,),) and after.resent == ()
    assert legal_moves(after) == [Enter((2,), (1, 3))]
    after = play(after, Enter((2,), (1, 3)))
    assert at(after, "a4") == (0, 2) and after.to_move == 1


# ---------------------------------------------------------------- who may move what


def test_only_pieces_on_your_colour_or_a_marked_square() -> None:
    """ "A player may only move pieces that are on his color of space on the
    board [...] The marked squares (a, d, and g 1, 4, and 7) are considered
    both black and white; either player may move a piece that starts on
    those squares.\""""
    state = position({"b1": "K3", "a4": "K3", "c1": "K3", "f1": "W1"}, dice=(1, 2, 3))
    movable = {m.square for m in legal_moves(state) if not isinstance(m, Enter | Pass)}
    assert movable == {square_index("a4"), square_index("c1")}  # b1 white, a4 marked, c1 black
    refused(state, step("b1", 1), "Black may only move pieces standing on black or marked squares")
    state = position({"g4": "W3", "f5": "W3", "e5": "W3", "a1": "K1"}, to_move=1, dice=(1, 2, 3))
    movable = {m.square for m in legal_moves(state) if not isinstance(m, Enter | Pass)}
    assert movable == {square_index("g4"), square_index("f5")}  # g4 marked, f5 white, e5 black
    refused(state, step("e5", 1), "White may only move pieces standing on white or marked squares")


def test_moving_the_opponents_piece_along_your_own_path() -> None:
    """ "black may move either black or white pieces that start on black
    squares" and "If a player moves an opponent's piece on his own turn, he
    moves that piece according to his own movement rules": Black moves the
    white small on c3 by 10 along Black's path (up column c, down column d)
    to d2; White moves the black medium on c4 by 5 along White's (row 4
    to g4, then g3)."""
    state = position({"c3": "W1"}, dice=(2, 3, 5), trees=(((3, 2),), ((3, 2),)))
    assert state.entered_pips(0) == state.entered_pips(1)
    after = play(state, step("c3", 2, 3, 5))
    assert at(after, "d2") == (1, 1) and after.to_move == 1
    state = position({"c4": "K2", "g1": "K3", "a2": "W3"}, to_move=1, dice=(1, 4, 8))
    after = play(state, step("c4", 1, 4))
    assert at(after, "g3") == (0, 2)


def test_your_own_and_the_opponents_pieces_in_one_turn() -> None:
    """ "A player may move both his own and the opponent's pieces in the same
    move, provided that all other constraints are met.": Black moves the white
    medium on c3 by 1 + 2 to c6, and its own large on a1 by 4 to a5."""
    state = position({"c3": "W2", "a1": "K3", "f1": "W1"}, dice=(1, 2, 4))
    after = play(play(state, step("c3", 1, 2)), step("a1", 4))
    assert (at(after, "c6"), at(after, "a5")) == ((1, 2), (0, 3)) and after.to_move == 1


def test_no_moving_the_opponents_pieces_with_fewer_pips_entered() -> None:
    """ "A player may not move an opponent's piece unless the total number of
    pips on the pieces he has entered is equal to or greater than the total
    number of pips on the pieces that his opponent has entered. A piece on the
    board or in the opponent's starting pad is considered entered; a piece in
    one's own starting pad is not considered entered, even if it had
    previously been entered and then sent back.": Black has entered 29 pips
    (a small sent back sits in the pad) to White's 30."""
    state = position({"c3": "W2", "a1": "K3", "c1": "K3", "e1": "K3"}, dice=(2, 3, 5), trees=(((1,),), ()))
    assert (state.entered_pips(0), state.entered_pips(1)) == (29, 30)
    refused(state, step("c3", 2, 3), "pips they have entered")
    # pieces home count as entered: with the same pad, White at 29 too, the move is allowed
    state = position({"c3": "W2", "a1": "K3", "f1": "W1"}, dice=(2, 3, 5), trees=(((1,),), ((1,),)))
    assert state.entered_pips(0) == state.entered_pips(1) == 29
    assert step("c3", 2, 3) in legal_moves(state)


def test_no_moving_the_opponents_piece_into_their_own_pad() -> None:
    """ "A player may not move an opponent's piece back into the opponent's
    start pad, except by causing another piece to land on it": a white large
    on g5 (black, four squares from Black's end) cannot go past g7."""
    state = position({"g5": "W3", "a1": "K3", "c1": "K3"}, dice=(1, 2, 8))
    refused(state, step("g5", 8), "opponent's own start pad")
    assert step("g5", 1) in legal_moves(state) and step("g5", 2) in legal_moves(state)


def test_landing_sends_an_opponents_piece_back_to_its_own_pad() -> None:
    """ "[...] except by causing another piece to land on it on the
    appropriate-colored square.": Black's large lands on a white small on c2,
    a white square, which goes back to White's pad as a tree of its own."""
    state = position({"c1": "K3", "c2": "W1", "e1": "K3", "g1": "K3"}, dice=(1, 2, 3))
    after = play(state, step("c1", 1))
    assert at(after, "c2") == (0, 3) and after.trees[1] == ((1,),)
    assert after.pieces_home(1) == state.pieces_home(1)


# ---------------------------------------------------------------- landing


def test_landing_on_an_equal_or_smaller_piece_sends_it_home() -> None:
    """ "A piece may end its move on a square occupied by another piece, if the
    newly-arriving piece is of equal or larger size only. If this happens, the
    previous piece is moved to the starting pad of the player whose color the
    space is.": Black's pieces on c3, a black square, go to Black's pad."""
    # a black medium on c3 is landed on by an equal black medium
    state = position({"c1": "K2", "c3": "K2", "e1": "K3", "f1": "W1"}, dice=(1, 1, 5))
    after = play(state, step("c1", 1, 1))
    assert at(after, "c3") == (0, 2) and after.trees[0] == ((2,),)
    # a black small on c3 is landed on by a larger black piece
    state = position({"c1": "K3", "c3": "K1", "e1": "K3", "g1": "K3", "f1": "W1"}, dice=(1, 2, 3))
    after = play(state, step("c1", 2))
    assert at(after, "c3") == (0, 3) and after.trees[0] == ((1,),)


def test_landing_sends_an_opponents_piece_to_its_goal() -> None:
    """ "If it is sent to the opponent's starting pad, it has reached its goal,
    and may not be moved out again.": a white small on c3, a black square,
    goes to Black's pad, which is White's goal."""
    state = position({"c1": "K2", "c3": "W1", "e1": "K3", "f1": "W1"}, dice=(1, 1, 5))
    after = play(state, step("c1", 1, 1))
    assert at(after, "c3") == (0, 2) and after.pieces_home(1) == state.pieces_home(1) + 1
    assert after.trees == state.trees  # not into a pad as a tree: home, for good


def test_landing_sends_your_own_piece_to_its_goal() -> None:
    """ "the previous piece is moved to the starting pad of the player whose
    color the space is": Black's large lands on Black's own small on c2, a
    white square, so the small goes to White's pad, Black's goal."""
    state = position({"c1": "K3", "c2": "K1", "e1": "K3", "g1": "K3", "f1": "W1"}, dice=(1, 2, 3))
    after = play(state, step("c1", 1))
    assert at(after, "c2") == (0, 3) and after.home[0][0] == state.home[0][0] + 1
    assert after.trees[0] == ()


def test_no_landing_on_a_larger_piece_or_an_occupied_marked_square() -> None:
    """ "A piece may not end its move on a space occupied by a piece larger
    than itself, nor may it end its move on an occupied marked square.\""""
    state = position({"c1": "K2", "c3": "K3", "a1": "K3", "e1": "K3", "g1": "K3", "f1": "W1"}, dice=(1, 1, 3))
    refused(state, step("c1", 1, 1), "may not land on the larger piece on c3")
    # a4 is marked, and the white small on it is smaller than the medium
    state = position({"a1": "K2", "a4": "W1", "e1": "K3", "g1": "K3", "f1": "W1"}, dice=(1, 2, 5))
    refused(state, step("a1", 1, 2), "a4 is a marked square and already occupied")
    assert step("a1", 1, 5) in legal_moves(state)  # to a7, marked but empty


def test_pieces_jump_over_the_squares_between() -> None:
    """ "A piece is not considered to be "touching down" on any of the
    intermediate spaces between the space that it starts from and the space
    that it ends on.": a small from a1 by 10 to b4 passes a4 (marked,
    occupied) and a larger piece on a5."""
    state = position({"a1": "K1", "a4": "W1", "a5": "W3", "f1": "W1"}, dice=(2, 3, 5))
    assert step("a1", 2, 3, 5) in legal_moves(state)
    assert at(play(state, step("a1", 2, 3, 5)), "b4") == (0, 1)


def test_the_sum_counts_not_the_dice() -> None:
    """ "If a medium or small piece is being moved, it is the sum of the two
    or three dice that is important, not the specific numbers rolled on them.":
    1 + 4 and 2 + 3 both take the medium to the same square; the die left
    differs."""
    board = {"a1": "K2", "c1": "K3", "f1": "W1"}
    one = play(position(board, dice=(1, 4, 5)), step("a1", 1, 4))
    two = play(position(board, dice=(2, 3, 5)), step("a1", 2, 3))
    assert at(one, "a6") == at(two, "a6") == (0, 2) and one.dice == two.dice == (5,)
    assert one == two


def test_which_die_is_which_does_not_matter() -> None:
    """Decision 2: a roll is its dice in any order, and so are the dice a move
    names: a move built with its dice in another order is the same move, and
    is played (it was refused, with a wrong reason, before the dice were put
    in order)."""
    state = position({"a1": "K2", "c1": "K3", "f1": "W1"}, dice=(1, 2, 4))
    assert Advance(square_index("a1"), (2, 1)) == step("a1", 1, 2)
    assert Roll((5, 2, 3)) == Roll((2, 3, 5))
    after = play(state, Advance(square_index("a1"), (2, 1)))
    assert at(after, "a4") == (0, 2) and after.dice == (4,)
    state = position({"f1": "W1"}, dice=(1, 2, 3), trees=(((3, 2), (3,)), ()))
    assert Enter((3, 2), (3, 1)) in legal_moves(state)
    assert at(play(state, Enter((3, 2), (3, 1))), "a4") == (0, 2)


# ---------------------------------------------------------------- using the dice


def test_every_die_must_be_used_when_it_can_be() -> None:
    """ "A player MUST use all of the dice available; it is not permitted to
    move in such a manner that one CANNOT use all three dice.": with a medium
    and a large, moving the large by a die that would leave the medium
    blocked is refused.  The medium on c1 cannot go 1 + 2 (c4 holds a white
    large); moving the large on e1 by 4 would leave it just that."""
    state = position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4))
    assert legal_moves(state) == [step("c1", 1, 4), step("c1", 2, 4), step("e1", 1), step("e1", 2)]
    refused(state, step("e1", 4), "that would leave a die unused")
    # two larges and a small: only the small uses the whole roll
    state = position({"a1": "K1", "c1": "K3", "e1": "K3", "f1": "W1"}, dice=(2, 3, 5))
    assert legal_moves(state) == [step("a1", 2, 3, 5)]
    refused(state, step("c1", 2), "that would leave a die unused")


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
    assert after.to_move == 1 and after.dice == () and after.moved == ()


def test_two_dice_when_no_way_uses_three() -> None:
    """Decision: "three when possible, else two": two larges and nothing
    else use two of the dice, and the third is passed."""
    state = position({"c1": "K3", "e1": "K3", "b1": "W1"}, dice=(2, 3, 5))
    assert {move.square for move in legal_moves(state)} == {square_index("c1"), square_index("e1")}  # type: ignore[union-attr]
    after = play(play(state, step("c1", 2)), step("e1", 5))
    assert legal_moves(after) == [Pass()] and after.dice == (3,)


def test_a_roll_with_no_move_at_all_passes() -> None:
    """Decision: a roll no piece can use is a pass."""
    state = position({"b1": "K3", "c2": "W1"}, dice=(2, 3, 5), home=((5, 5, 4), (4, 5, 5)))
    assert legal_moves(state) == [Pass()]
    with pytest.raises(IllegalMoveError, match="only when none of the dice"):
        play(position({"c1": "K3", "f1": "W1"}), Pass())


# ---------------------------------------------------------------- leaving the opponent a move


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
    after = play(state, step("d1", 2))
    assert legal_moves(after) == [Pass()]  # the other dice: no piece left to use them
    after = play(after, Pass())
    assert any(legal_moves(replace(after, dice=dice)) != [Pass()] for dice, _ in ROLLS)


def test_the_opponent_needs_a_move_for_some_roll_not_every_roll() -> None:
    """Decision 4: a turn may end where the opponent has a move for some rolls
    only.  Black's large d2 -> d1 and medium e5 -> e7 (the only turn) leave
    White, with 29 pips entered to Black's 30, only the small in its pad
    (entering by 3 lands on the medium on e7) and the medium on f1 (by 2 it
    lands on d1, marked and occupied): with 1 1 1 White cannot move, with
    1 1 2 it can."""
    state = position({"d2": "K3", "e5": "K2", "f1": "W2"}, dice=(1, 1, 1), trees=((), ((1,),)))
    assert legal_moves(state) == [step("d2", 1), step("e5", 1, 1)]
    after = play(play(state, step("d2", 1)), step("e5", 1, 1))
    assert after.to_move == 1
    assert legal_moves(replace(after, dice=(1, 1, 1))) == [Pass()]
    assert legal_moves(replace(after, dice=(1, 1, 2))) != [Pass()]


def test_a_pass_at_once_may_leave_the_opponent_without_a_move() -> None:
    """Decision 4: "A player who moved nothing (a roll passed at once) breaks
    nothing: passing is not a move."  Black's small on c5 would land on the
    white medium on f4 (20 on), and the medium cannot be moved by Black
    (past g7); Black passes, and White, whose only piece stands on a black
    square, has no move whatever it rolls."""
    state = position({"c5": "K1", "f4": "W2"}, dice=(6, 6, 8))
    assert legal_moves(state) == [Pass()]
    after = play(state, Pass())
    assert after.to_move == 1 and not after.is_over
    assert all(legal_moves(replace(after, dice=dice)) == [Pass()] for dice, _ in ROLLS)


# ---------------------------------------------------------------- the goal and the win


def test_no_exact_roll_needed_into_the_goal() -> None:
    """ "A player need not move his pieces into his opponent's starting pad by
    exact roll.": a black large on g5 (47th square of 49) goes home by 3
    exactly, or by 5 or 8, past the end."""
    state = position({"g5": "K3", "a1": "K3", "c1": "K3", "b1": "W1"}, dice=(3, 5, 8))
    assert {step("g5", 3), step("g5", 5), step("g5", 8)} <= set(legal_moves(state))
    for die in (3, 5, 8):
        after = play(state, step("g5", die))
        assert at(after, "g5") is None and after.home[0][2] == state.home[0][2] + 1
        assert not after.is_over and after.dice == tuple(d for d in (3, 5, 8) if d != die)


def test_the_first_with_every_piece_home_wins() -> None:
    """ "The player who gets all of the pieces from his starting pad to the
    opponent's starting pad first is the winner.\""""
    state = position({"g5": "K1", "b1": "W1"}, dice=(5, 7, 8), home=((4, 5, 5), (4, 5, 5)))
    after = play(state, step("g5", 5, 7, 8))
    assert after.is_over and after.winner == 0 and GAME.current_player(after) == -2
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (15.0, 14.0)
    assert legal_moves(after) == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        play(after, Roll((1, 2, 3)))


# ---------------------------------------------------------------- decisions (docs/rules-notes.md)


def test_black_rolls_first() -> None:
    """Decision: "The players use any method that seems good to them to decide
    who plays first." Black, the first seat, rolls first; the table's seats
    say who plays Black."""
    state = GAME.new_game()
    assert GAME.current_player(state) == -1 and state.to_move == 0 and GAME.roller(state) == 0


def test_the_pips_entered_are_counted_at_each_move() -> None:
    """Decision: "A player may not move an opponent's piece unless the total
    number of pips on the pieces he has entered is equal to or greater than
    [...]" is checked before each move of the turn: Black, 27 pips entered
    to White's 28, enters a large and may then move White's medium."""
    state = position({"c3": "W2", "f1": "W1"}, dice=(1, 2, 3), trees=(((3,),), ((2,),)))
    assert (state.entered_pips(0), state.entered_pips(1)) == (27, 28)
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
    after = play(after, step("c1", 1))
    assert after.to_move == 1 and after.resent == ()  # the next turn it may enter again


def test_a_landing_that_brings_the_last_piece_home_ends_the_game() -> None:
    """Decision 6: the game ends as soon as a player has all fifteen pieces
    in the other's pad, even in the middle of a turn and even when the
    opponent's landing sent the last one there; the winner is then the one
    to move (docs/notation.md: "after a win, the winner").  Black's medium
    on c1 lands by 1 + 1 on White's last small on c3, a black square, which
    sends it to Black's pad, White's goal.  That turn uses only the dice it
    used, so Black moves the large on e1 by 5 first: otherwise a way that
    uses all three dice is left (c1 by 1 + 5, e1 by 1)."""
    state = position({"c1": "K2", "c3": "W1", "e1": "K3"}, dice=(1, 1, 5))
    assert state.pieces_home(1) == 14
    refused(state, step("c1", 1, 1), "that would leave a die unused")
    after = play(play(state, step("e1", 5)), step("c1", 1, 1))
    assert after.is_over and after.winner == 1 and legal_moves(after) == []
    assert after.to_move == 1 and "to move: white" in GAME.to_text(after)
    assert GAME.from_text(GAME.to_text(after)) == after


def test_a_player_is_not_made_to_hand_the_opponent_the_win() -> None:
    """ "A player MUST use all of the dice available; it is not permitted to
    move in such a manner that one CANNOT use all three dice." and "Except
    for winning the game, no move may end with the board in such a state
    that the opponent has no legal move on his turn." Decision 6 (docs/
    rules-notes.md): only the mover's own win counts as using every die; a
    turn that ends the game by sending the opponent's last piece home counts
    the dice it used, like any other.  Black's large on a1, a large in
    Black's pad; White's last small on a3 (a black square), White with 14
    home; Black rolls 2 3 5.  No way uses three dice (two larges).  Landing
    on a3 (a1 by 2, or entering by 3) hands White the win with one die, so
    it is refused; a1 by 3 and entering by 2 keeps the game going with two
    dice, as does any other pair of moves; a pair that hands the win with
    its second die (a1 by 5, then entering by 3) uses two dice too, and is
    the player's to choose."""
    board = {"a1": "K3", "a3": "W1"}
    state = position(board, dice=(2, 3, 5), trees=(((3,),), ()), home=((5, 5, 3), (4, 5, 5)))
    assert [GAME.move_text(state, move) for move in legal_moves(state)] == [
        "enter L 2",
        "enter L 5",
        "a1 3",
        "a1 5",
    ]
    refused(state, step("a1", 2), "that would leave a die unused")
    refused(state, Enter((3,), (3,)), "that would leave a die unused")
    after = play(state, step("a1", 3))
    assert [GAME.move_text(after, move) for move in legal_moves(after)] == ["enter L 2", "enter L 5"]
    after = play(after, GAME.parse_move(after, "enter L 2"))
    assert legal_moves(after) == [Pass()]  # the 5: both larges have moved
    after = play(after, Pass())
    assert not after.is_over and after.to_move == 1 and at(after, "a3") == (1, 1)
    handed = play(play(state, step("a1", 5)), Enter((3,), (3,)))
    assert handed.is_over and handed.winner == 1 and handed.to_move == 1


def test_the_game_ends_in_the_middle_of_a_turn() -> None:
    """Decision: a move that brings a player's last piece home ends the game
    at once and counts as using all the dice, so it is offered beside turns
    that use the three dice without ending the game.  Black's last piece, a
    large on g5, goes home by 3; by 1 or 2 it stays on the board, and
    Black then moves White's larges on c1 and e1 by the other dice."""
    state = position({"g5": "K3", "c1": "W3", "e1": "W3"}, dice=(1, 2, 3), home=((5, 5, 4), (5, 5, 3)))
    moves = legal_moves(state)
    assert {step("g5", 3), step("g5", 1), step("c1", 2), step("e1", 3)} <= set(moves)
    after = play(state, step("g5", 3))
    assert after.is_over and after.winner == 0 and after.dice == () and legal_moves(after) == []
