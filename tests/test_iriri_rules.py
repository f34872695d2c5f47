"""Rules tests for Iriri, written from the published rules (shared/rules/iriri.md).

Each test quotes, in its docstring, the sentence of the rules it checks; tests
that pin a decision of docs/rules-notes.md say so.  Positions are crafted with
:func:`iriri_helpers.position`: the test names the dictionary, the hands and the
board rows near 0,0, and every other piece lies out of the way on row 50.
Player 1 is yellow (Y) and player 2 blue (B) unless a test says otherwise.
Scores are worked out by hand in the comments.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable

import pytest
from iriri_helpers import (
    GAME,
    NEAR,
    dictionary,
    hand,
    legal,
    play,
    position,
    row,
    scored,
    touches_spares,
)

from iriri_core import TERMINAL, IllegalMoveError, InvalidPositionError
from iriri_core.games.iriri import IririMove, IririState, Pass, Place, Pyramid, Take
from iriri_core.pieces import SIZES


def illegal(state: IririState, move: str, message: str) -> None:
    """Playing ``move`` must fail with exactly ``message``."""
    with pytest.raises(IllegalMoveError, match="^" + re.escape(message) + "$"):
        play(state, move)


def all_moves(state: IririState) -> list[str]:
    """Every legal move as text, spare area included, in the engine's order."""
    return [GAME.move_text(state, move) for move in GAME.legal_moves(state)]


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_hands_and_dictionary(players: int) -> None:
    """Rules: "Each player takes 1 pyramid of each size from their stash into their hand." "Shuffle
    all other pieces together and place them in a circle in random order."
    """
    state = GAME.new_game(players=players, seed=11)
    colours = ("yellow", "blue", "red", "green")[:players]
    assert state.colours == colours
    for seat, colour in enumerate(colours):
        assert state.hands[seat] == tuple(Pyramid(colour, size) for size in SIZES)
    assert len(state.dictionary) == 12 * players
    assert Counter(state.dictionary) == Counter(
        {Pyramid(colour, size): 4 for colour in colours for size in SIZES}
    )
    assert state.board == ()
    assert state.scores == (0.0,) * players
    assert GAME.current_player(state) == 0
    assert state.phase == "place"
    # The same seed deals the same circle; the order is shuffled, not sorted.
    assert GAME.new_game(players=players, seed=11) == state
    assert list(state.dictionary) != sorted(state.dictionary)


def test_hands_are_public() -> None:
    """Rules: "Hands are public information." """
    state = GAME.new_game(players=2, seed=3)
    assert GAME.view(state, 0) == state
    assert GAME.view(state, 1) == state


# ---------------------------------------------------------------- the first word

# On this empty board the only runs of two different yellows in the circle are
# Y1 Y2 Y3 (positions 1 to 3); every other yellow sits between blues.
FIRST_RING = "Y1 Y2 Y3 B1 Y1 B1 Y1 B1 Y1 B1 Y2 B2 Y2 B2 Y2 B2 Y3 B3 Y3 B3 Y3 B3 B2 B3"


def first_turn() -> IririState:
    return position(FIRST_RING, ["Y1 Y2 Y3", "B1 B2 B3"], spare_pieces=False)


def test_first_word_scores_three_per_piece_plus_a_half() -> None:
    """Rules: "For this first turn on the empty board, player 1 scores three times the number of
    placed pieces + 0.5."
    """
    state = first_turn()
    assert not state.first_word_down
    words = ["Y1 Y2", "Y2 Y1", "Y2 Y3", "Y3 Y2", "Y1 Y2 Y3", "Y3 Y2 Y1"]
    expected = set()
    for word in words:
        pieces = word.split()
        expected.add(" ".join(f"{p}@{i},0" for i, p in enumerate(pieces)))
        expected.add(" ".join(f"{p}@0,{i}" for i, p in enumerate(pieces)))
    assert set(all_moves(state)) == expected
    assert len(expected) == 12
    assert scored(state)["Y1@0,0 Y2@1,0 Y3@2,0"] == 9.5  # 3 x 3 + 0.5
    assert scored(state)["Y3@0,0 Y2@0,1"] == 6.5  # 3 x 2 + 0.5
    after = play(state, "Y3@0,0 Y2@0,1 Y1@0,2")
    assert after.scores == (9.5, 0.0)
    assert after.first_word_down


def test_first_turn_continues_with_the_take_phase_of_player_1() -> None:
    """Rules: "Play continues as described below (i.e. with the take phase of player 1)." """
    after = play(first_turn(), "Y1@0,0 Y2@1,0")
    assert GAME.current_player(after) == 0
    assert after.phase == "take"
    assert hand(after, 0) == "Y3"
    # Every yellow type has four pieces in the circle, so all twelve may be taken.
    assert len(GAME.legal_moves(after)) == 12
    assert all(isinstance(move, Take) for move in GAME.legal_moves(after))


def test_first_word_needs_two_pieces() -> None:
    """Pins decision 5 (docs/rules-notes.md).  Rules: "Player 1 begins the place phase of his turn
    by placing a valid word (of at least 2 pieces) in the empty play area."
    """
    state = first_turn()
    illegal(state, "Y1@0,0", "the first word needs at least two pieces")
    illegal(state, "Y2@0,0", "the first word needs at least two pieces")
    illegal(state, "Y1@0,0 Y3@1,0", "the word Y1 Y3 does not occur in the dictionary")
    assert all(len(move.pieces) >= 2 for move in GAME.legal_moves(state))


def test_first_word_starts_at_the_origin() -> None:
    """Rules: "Player 1 begins the place phase of his turn by placing a valid word (of at least 2
    pieces) in the empty play area."  Pins decision 4 (docs/rules-notes.md): the first word
    starts at cell 0,0 and runs across or down.
    """
    state = first_turn()
    message = "the first word starts at cell 0,0 and runs across or down"
    illegal(state, "Y1@1,0 Y2@2,0", message)
    illegal(state, "Y1@0,0 Y2@-1,0", message)
    illegal(state, "Y1@0,0 Y2@0,-1", message)
    illegal(state, "Y1@0,0 Y2@2,0", "placed pieces must lie in one line with no gap")
    illegal(state, "Y1@0,0 Y2@1,1", "placed pieces must lie in one line with no gap")


# Yellows of different sizes are never neighbours here, so player 1 cannot lay a
# word; the blue runs are B1 B2 (positions 16-17) and B2 B3 (positions 20-21).
NO_YELLOW_RING = "Y1 Y1 Y1 Y1 B1 Y2 Y2 Y2 Y2 B1 Y3 Y3 Y3 Y3 B1 B1 B2 B2 B2 B2 B3 B3 B3 B3"


def test_first_word_bonus_goes_to_player_two_after_a_forced_pass() -> None:
    """Pins decision 1 (docs/rules-notes.md): the empty-board bonus goes to whoever lays the first
    word on the empty board, player 2 included.  Rules: "For this first turn on the empty board,
    player 1 scores three times the number of placed pieces + 0.5."
    """
    state = position(NO_YELLOW_RING, ["Y1 Y2 Y3", "B1 B2 B3"], spare_pieces=False)
    assert GAME.legal_moves(state) == [Pass()]
    state = play(state, "pass")
    assert GAME.current_player(state) == 1
    assert state.passes == 1
    assert not state.first_word_down
    expected = set()
    for word in ["B1 B2", "B2 B1", "B2 B3", "B3 B2"]:
        first, second = word.split()
        expected |= {f"{first}@0,0 {second}@1,0", f"{first}@0,0 {second}@0,1"}
    assert set(all_moves(state)) == expected
    after = play(state, "B2@0,0 B3@0,1")
    assert after.scores == (0.0, 6.5)  # 3 x 2 + 0.5
    assert after.passes == 0
    assert after.phase == "take" and GAME.current_player(after) == 1


# ---------------------------------------------------------------- where pieces go

# A lone B2 at 0,0; yellow holds Y1 Y3.  Circle: Y1-B2-Y3-B1-B3-Y2-(Y1).
LOOP = "Y1 B2 Y3 B1 B3 Y2"


def lone_b2(ring: str = LOOP) -> IririState:
    return position(ring, ["Y1 Y3", "B1"], ["B2"])


def test_placed_pieces_must_lie_in_one_line_with_no_gap() -> None:
    """Rules: "All placed pieces must lie on a single horizontal or vertical line, with no empty
    spaces between them."
    """
    state = lone_b2()
    message = "placed pieces must lie in one line with no gap"
    illegal(state, "Y1@-1,0 Y3@0,1", message)  # an L round the corner
    illegal(state, "Y1@-1,0 Y3@1,1", message)  # diagonal
    illegal(state, "Y1@1,0 Y3@3,0", message)  # 2,0 is left empty
    illegal(state, "Y1@0,1 Y3@0,3", message)  # 0,2 is left empty
    # The existing B2 fills the space between the two pieces: allowed.
    assert play(state, "Y1@-1,0 Y3@1,0").scores == (3.0, 0.0)


def test_pieces_may_be_placed_on_both_sides_of_an_existing_piece() -> None:
    """Rules: "Pieces may be placed on both sides of existing pieces, between existing pieces,
    etc.. as long as they satisfy the above rule."
    """
    state = lone_b2()
    after = play(state, "Y1@-1,0 Y3@1,0")
    assert row(after, 0, range(-1, 2)) == "Y1 B2 Y3"
    assert after.scores == (3.0, 0.0)  # the word Y1 B2 Y3
    after = play(state, "Y3@0,-1 Y1@0,1")
    assert after.scores == (3.0, 0.0)  # Y3 B2 Y1, read downwards


def test_pieces_may_fill_the_gap_between_existing_pieces() -> None:
    """Rules: "Pieces may be placed on both sides of existing pieces, between existing pieces,
    etc.. as long as they satisfy the above rule."
    """
    state = position("B1 Y1 Y2 B3 Y3 B2", ["Y1 Y2", "B1"], ["B1 .. .. B3"])
    after = play(state, "Y1@1,0 Y2@2,0")
    assert row(after, 0, range(4)) == "B1 Y1 Y2 B3"
    assert after.scores == (4.0, 0.0)  # one word of four pieces, two of them blue
    assert scored(state)["Y1@1,0 Y2@2,0"] == 4
    illegal(state, "Y2@1,0 Y1@2,0", "the word B1 Y2 Y1 B3 does not occur in the dictionary")
    # One piece in the gap makes a word with the left piece only.
    assert scored(state)["Y1@1,0"] == 2  # B1 Y1


def test_a_piece_filling_a_gap_must_make_the_whole_word_valid() -> None:
    """Rules: "Each word on the play area of which the newly placed pieces are part, both
    horizontal and vertical, must be a valid word at the time of placement, according to the
    current dictionary."
    """
    # Y2 sits next to B1 (positions 1-2) and next to B3 (positions 5-6) in the
    # circle, but B1 Y2 B3 never occurs.
    state = position("B1 Y2 Y3 B2 Y2 B3 Y1", ["Y2", "B2"], ["B1 .. B3"])
    illegal(state, "Y2@1,0", "the word B1 Y2 B3 does not occur in the dictionary")
    assert scored(state) == {
        "Y2@-1,0": 2,  # Y2 B1
        "Y2@0,-1": 2,
        "Y2@0,1": 2,
        "Y2@3,0": 2,  # B3 Y2
        "Y2@2,-1": 2,
        "Y2@2,1": 2,
    }


def test_placement_must_touch_the_pieces_on_the_board() -> None:
    """Rules: "Place one or more pieces from your hand on the board, connected (orthogonally) in at
    least one place to the rest of the pyramids."
    """
    state = position("Y1 B2 B1 Y3 B3 Y2", ["Y1 Y2", "B1"], ["B2"])
    message = "placed pieces must touch a piece already on the board"
    illegal(state, "Y2@3,0 Y1@4,0", message)  # Y2 Y1 is a valid word, but alone
    illegal(state, "Y1@1,1", message)  # diagonal only
    illegal(state, "Y1@-1,-1 Y2@0,-1", "the word Y2 B2 does not occur in the dictionary")
    assert play(state, "Y2@-2,0 Y1@-1,0").scores == (3.0, 0.0)  # Y2 Y1 B2


def test_only_pieces_of_your_own_colour() -> None:
    """Rules: "Although you may only place pieces of your own colour, you score points for pieces
    of the opponent's colour as well."
    """
    state = lone_b2()
    illegal(state, "B1@1,0", "you may only place your own colour (yellow)")
    illegal(state, "Y1@-1,0 B1@1,0", "you may only place your own colour (yellow)")
    blue = position(LOOP, ["Y1 Y3", "B1 B3"], ["Y2"], to_move=2)
    illegal(blue, "Y1@1,0", "you may only place your own colour (blue)")
    assert play(blue, "B3@1,0").scores == (0.0, 2.0)  # Y2 B3


def test_only_pieces_from_your_hand() -> None:
    """Rules: "Place one or more pieces from your hand on the board, connected (orthogonally) in at
    least one place to the rest of the pyramids."
    """
    state = lone_b2()
    illegal(state, "Y2@1,0", "you have no medium yellow (Y2) left in hand")
    illegal(state, "Y1@-1,0 Y1@1,0", "you have no small yellow (Y1) left in hand")
    illegal(state, "Y1@0,0", "cell 0,0 is already taken")
    illegal(state, "Y1@1,0 Y3@1,0", "two pieces cannot go on the same cell")


# ---------------------------------------------------------------- matching

# With LOOP and a lone B2, yellow (Y1 Y3) may lay either piece next to B2, or
# both on opposite sides of it, in either order: Y1 B2 Y3 reads forwards, Y3 B2 Y1
# backwards.  Y1 and Y3 are never neighbours in the circle.
LONE_B2_MOVES = {
    "Y1@-1,0": 2, "Y1@1,0": 2, "Y1@0,-1": 2, "Y1@0,1": 2,
    "Y3@-1,0": 2, "Y3@1,0": 2, "Y3@0,-1": 2, "Y3@0,1": 2,
    "Y1@-1,0 Y3@1,0": 3, "Y3@-1,0 Y1@1,0": 3,
    "Y1@0,-1 Y3@0,1": 3, "Y3@0,-1 Y1@0,1": 3,
}  # fmt: skip


def test_direction_does_not_matter() -> None:
    """Rules: "Direction doesn't matter." """
    state = lone_b2()
    assert scored(state) == LONE_B2_MOVES
    forwards = play(state, "Y1@-1,0 Y3@1,0")  # reads Y1 B2 Y3, as in the circle
    backwards = play(state, "Y3@-1,0 Y1@1,0")  # reads Y3 B2 Y1, the circle backwards
    assert forwards.scores == backwards.scores == (3.0, 0.0)
    assert play(state, "Y3@0,-1 Y1@0,1").scores == (3.0, 0.0)  # downwards, backwards


def test_match_across_the_seam_of_the_loop() -> None:
    """Rules: "For the purpose of matching, the dictionary is considered an infinite loop." """
    # The same circle written from Y3: the run Y1 B2 | Y3 now crosses from the end
    # of the list back to its start, and so does B2 | Y3.
    state = lone_b2("Y3 B1 B3 Y2 Y1 B2")
    assert play(state, "Y1@-1,0 Y3@1,0").scores == (3.0, 0.0)
    assert play(state, "Y3@1,0").scores == (2.0, 0.0)
    assert scored(state) == LONE_B2_MOVES


@pytest.mark.parametrize("start", range(6))
@pytest.mark.parametrize("backwards", [False, True])
def test_any_rotation_or_reversal_of_the_dictionary_matches_the_same_words(
    start: int, backwards: bool
) -> None:
    """Rules: "Direction doesn't matter. For the purpose of matching, the dictionary is considered
    an infinite loop."
    """
    pieces = LOOP.split()
    ring = pieces[start:] + pieces[:start]
    if backwards:
        ring.reverse()
    assert scored(lone_b2(" ".join(ring))) == LONE_B2_MOVES


def test_word_longer_than_the_dictionary() -> None:
    """Pins decision 9 (docs/rules-notes.md): a word may be longer than the dictionary and wrap
    round it more than once.  Rules: "For the purpose of matching, the dictionary is considered
    an infinite loop."
    """
    ring = "Y1 B1 Y2 B2 Y3 B3"
    twice = ring + " " + ring  # twelve pieces on row 0, x = 0..11
    state = position(ring, ["Y1", "B3"], [twice], to_move=2)
    # B3 before the row reads B3 | Y1 B1 Y2 B2 Y3 B3 | Y1 B1 Y2 B2 Y3 B3: thirteen
    # pieces, more than twice round the six-piece loop.  A B3 above or below a Y1
    # (x = 0, 6) or a Y3 (x = 4, 10) makes a two-piece word.  Nothing else fits.
    expected: dict[str, float] = {"B3@-1,0": 13}
    for x in (0, 4, 6, 10):
        expected[f"B3@{x},-1"] = 2
        expected[f"B3@{x},1"] = 2
    assert scored(state) == expected
    after = play(state, "B3@-1,0")
    assert after.scores == (0.0, 13.0)
    assert row(after, 0, range(-1, 12)) == "B3 " + twice
    illegal(
        state,
        "B3@12,0",
        "the word Y1 B1 Y2 B2 Y3 B3 Y1 B1 Y2 B2 Y3 B3 B3 does not occur in the dictionary",
    )


def test_word_that_does_not_occur_is_rejected() -> None:
    """Rules: "Valid word: a word which can be matched to a sequence of adjacent pieces in the
    dictionary at the moment of play. Both the colour and size of every piece must match."
    """
    # Circle Y1-B2-B1-Y3-B3-Y2-(Y1): Y1 B2 occurs, B2 Y3 does not.
    state = position("Y1 B2 B1 Y3 B3 Y2", ["Y1 Y3", "B1"], ["B2 .."])
    illegal(state, "Y1@-1,0 Y3@1,0", "the word Y1 B2 Y3 does not occur in the dictionary")
    illegal(state, "Y3@1,0", "the word B2 Y3 does not occur in the dictionary")
    assert scored(state) == {"Y1@-1,0": 2, "Y1@1,0": 2, "Y1@0,-1": 2, "Y1@0,1": 2}


def test_every_new_cross_word_must_be_valid_too() -> None:
    """Rules: "Each word on the play area of which the newly placed pieces are part, both
    horizontal and vertical, must be a valid word at the time of placement, according to the
    current dictionary."
    """
    # Y1 at 1,0 reads B2 Y1 across (valid) but Y1 B3 down (not in the circle).
    state = position("Y1 B2 B1 Y3 B3 Y2", ["Y1 Y3", "B1"], ["B2 ..", ".. B3"])
    illegal(state, "Y1@1,0", "the word Y1 B3 does not occur in the dictionary")
    assert play(state, "Y1@-1,0").scores == (2.0, 0.0)


# ---------------------------------------------------------------- scoring


def test_score_counts_opponent_coloured_pieces() -> None:
    """Rules: "Although you may only place pieces of your own colour, you score points for pieces
    of the opponent's colour as well."
    """
    # Blue lays B1 after the yellow Y1 Y2: the word Y1 Y2 B1 is worth 3 to blue.
    state = position("Y1 Y2 B1 B2 Y3 B3", ["Y3", "B1"], ["Y1 Y2"], to_move=2)
    assert scored(state) == {
        "B1@2,0": 3,  # Y1 Y2 B1
        "B1@1,-1": 2,  # B1 Y2, down
        "B1@1,1": 2,  # Y2 B1, down
    }
    after = play(state, "B1@2,0")
    assert after.scores == (0.0, 3.0)


def test_piece_in_two_new_words_counts_twice() -> None:
    """Rules: "For each word you formed, score 1 point per piece." "If a piece is part of 2 newly
    formed words, count it twice."  (As in figure 4: "P2 scores 6 points by placing the large
    blue piece".)
    """
    # Circle: Y1 B3 Y2 B1 Y3 B3 Y2 B2.  B3 neighbours Y1, Y2 and Y3, and the runs
    # Y1 B3 Y2 and Y3 B3 Y2 occur.
    board = [
        ".. Y1 ..",
        "Y2 .. Y3",
        ".. Y2 ..",
    ]
    state = position("Y1 B3 Y2 B1 Y3 B3 Y2 B2", ["Y3", "B3"], board, to_move=2)
    assert scored(state) == {
        "B3@1,1": 6,  # Y2 B3 Y3 across + Y1 B3 Y2 down: B3 counted twice
        "B3@0,0": 4,  # B3 Y1 across + B3 Y2 down
        "B3@2,0": 4,  # Y1 B3 across + B3 Y3 down
        "B3@0,2": 4,  # B3 Y2 across + Y2 B3 down
        "B3@2,2": 4,  # Y2 B3 across + Y3 B3 down
        "B3@1,-1": 2,
        "B3@-1,1": 2,
        "B3@3,1": 2,
        "B3@1,3": 2,
    }
    assert play(state, "B3@1,1").scores == (0.0, 6.0)


def test_several_placed_pieces_with_a_cross_word() -> None:
    """Rules: "For each word you formed, score 1 point per piece." "If a piece is part of 2 newly
    formed words, count it twice."
    """
    # Y1 Y2 laid across under B2: the word Y1 Y2 (2) and the word B2 Y1 down (2).
    state = position("B2 Y1 Y2 B1 Y3 B3", ["Y1 Y2", "B1"], ["B2"])
    assert play(state, "Y1@0,1 Y2@1,1").scores == (4.0, 0.0)
    # Laid down from B2 instead, there is one word, B2 Y1 Y2.
    assert play(state, "Y1@0,1 Y2@0,2").scores == (3.0, 0.0)


def test_parallel_placement_scores_every_cross_word() -> None:
    """Rules: "Each word on the play area of which the newly placed pieces are part, both
    horizontal and vertical, must be a valid word" "If a piece is part of 2 newly formed words,
    count it twice."
    """
    # Circle: B2 B1 Y1 Y2 B2 Y3 B3.  Y1 Y2 laid under the word B1 B2 forms Y1 Y2
    # across (2), B1 Y1 down (2) and B2 Y2 down (2): 6, each yellow counted twice.
    state = position("B2 B1 Y1 Y2 B2 Y3 B3", ["Y1 Y2", "B3"], ["B1 B2"])
    assert play(state, "Y1@0,1 Y2@1,1").scores == (6.0, 0.0)
    # Shifted one cell left, Y2 would read B1 Y2 down: not in the circle.
    illegal(state, "Y1@-1,1 Y2@0,1", "the word B1 Y2 does not occur in the dictionary")


# ---------------------------------------------------------------- the take phase


def test_take_only_your_own_colour() -> None:
    """Rules: "Refill your hand to 3 pieces, by taking pieces of your colour from the dictionary." """
    state = position("Y1 B1 Y2 B2 Y3 B3 Y2 B1", ["Y1", "B2"], ["Y3"], phase="take")
    assert all_moves(state) == ["take Y2@3", "take Y2@7"]
    illegal(state, "take B1@2", "you may only take your own colour (yellow)")
    illegal(state, "take B1@8", "you may only take your own colour (yellow)")


def test_never_take_the_last_piece_of_a_type() -> None:
    """Rules: "You cannot take the last piece of a specific type (size + colour), so one piece of
    every type will remain in the dictionary to the very end."
    """
    state = position("B1 Y1 B2 Y2 B3 Y3 B2 B3 B3", ["Y1", "B2"], ["Y3"], phase="take", to_move=2)
    assert all_moves(state) == ["take B2@3", "take B3@5", "take B2@7", "take B3@8", "take B3@9"]
    illegal(state, "take B1@1", "you may not take the last small blue")
    after = play(state, "take B2@7")
    assert dictionary(after) == "B1 Y1 B2 Y2 B3 Y3 B3 B3"
    assert all_moves(after) == ["take B3@5", "take B3@7", "take B3@8"]
    illegal(after, "take B2@3", "you may not take the last medium blue")


def test_take_phase_refills_to_three() -> None:
    """Pins decision 6 (docs/rules-notes.md): one piece per take move, until the hand holds 3.
    Rules: "Refill your hand to 3 pieces, by taking pieces of your colour from the dictionary."
    "Other than this, you may freely choose which pieces to take, i.e. any combination of sizes
    from whichever positions you like."
    """
    ring = "Y2 B1 Y2 B2 Y3 B3 Y1 Y2 Y2 Y2"  # all five Y2 are in the circle
    state = position(ring, ["-", "B1 B2 B3"], ["Y3"], phase="take")
    assert all_moves(state) == ["take Y2@1", "take Y2@3", "take Y2@8", "take Y2@9", "take Y2@10"]
    state = play(state, "take Y2@10")
    assert (GAME.current_player(state), state.phase, hand(state, 0)) == (0, "take", "Y2")
    state = play(state, "take Y2@1")
    assert (GAME.current_player(state), state.phase, hand(state, 0)) == (0, "take", "Y2 Y2")
    assert dictionary(state) == "B1 Y2 B2 Y3 B3 Y1 Y2 Y2"
    assert all_moves(state) == ["take Y2@2", "take Y2@7", "take Y2@8"]
    state = play(state, "take Y2@7")
    # The hand holds 3: the turn is over although two Y2 could still be taken.
    assert (GAME.current_player(state), state.phase, hand(state, 0)) == (1, "place", "Y2 Y2 Y2")
    assert dictionary(state) == "B1 Y2 B2 Y3 B3 Y1 Y2"


THREE_Y2 = ("Y2 Y2 B1 Y1 B2 Y3 B3", ["Y2 Y2 Y2", "B1"], ["B1"])
"""Yellow holds three Y2 next to a lone B1; the circle has Y2 Y2 B1 but no Y2 Y2 Y2."""


def test_a_hand_may_hold_three_of_one_size() -> None:
    """Pins decision 6 (docs/rules-notes.md): "A hand may hold any mix of sizes, including three
    of one size."  Rules: "you may freely choose which pieces to take, i.e. any combination of
    sizes from whichever positions you like."
    """
    state = position(*THREE_Y2)
    assert hand(state, 0) == "Y2 Y2 Y2"
    assert scored(state) == {
        # one Y2 beside B1: Y2 B1 (2)
        "Y2@-1,0": 2, "Y2@1,0": 2, "Y2@0,-1": 2, "Y2@0,1": 2,
        # two Y2 in line with B1: Y2 Y2 B1 (3)
        "Y2@-2,0 Y2@-1,0": 3, "Y2@1,0 Y2@2,0": 3, "Y2@0,-2 Y2@0,-1": 3, "Y2@0,1 Y2@0,2": 3,
        # two Y2 across the line: Y2 Y2 (2) plus Y2 B1 (2)
        "Y2@-1,-1 Y2@-1,0": 4, "Y2@-1,0 Y2@-1,1": 4, "Y2@1,-1 Y2@1,0": 4, "Y2@1,0 Y2@1,1": 4,
        "Y2@-1,-1 Y2@0,-1": 4, "Y2@0,-1 Y2@1,-1": 4, "Y2@-1,1 Y2@0,1": 4, "Y2@0,1 Y2@1,1": 4,
    }  # fmt: skip
    illegal(state, "Y2@-1,0 Y2@1,0", "the word Y2 B1 Y2 does not occur in the dictionary")
    illegal(state, "Y2@1,0 Y2@2,0 Y2@3,0", "the word B1 Y2 Y2 Y2 does not occur in the dictionary")


def test_gap_closes_after_a_take() -> None:
    """Rules: "After removing a piece from the dictionary, close the gap so that the pieces on
    either side are now adjacent."
    """
    # B1 Y2 Y2 B2: the word B1 Y2 B2 does not occur until one Y2 is taken.
    ring = "Y1 B1 Y2 Y2 B2 Y3 B3"
    before = position(ring, ["Y1 Y2", "-"], ["B1 .. B2"])
    illegal(before, "Y2@1,0", "the word B1 Y2 B2 does not occur in the dictionary")
    state = position(ring, ["Y1 Y2", "-"], ["B1 .. B2"], phase="take")
    assert all_moves(state) == ["take Y2@3", "take Y2@4"]
    state = play(state, "take Y2@4")
    assert dictionary(state) == "Y1 B1 Y2 B2 Y3 B3"
    assert hand(state, 0) == "Y1 Y2 Y2"
    state = play(state, "pass")  # blue holds nothing
    assert GAME.current_player(state) == 0
    after = play(state, "Y2@1,0")
    assert after.scores == (3.0, 0.0)  # B1 Y2 B2
    assert row(after, 0, range(3)) == "B1 Y2 B2"


def test_take_as_many_as_possible_when_too_few_remain() -> None:
    """Rules: "If too few pieces remain to fill up your hand, take as many as possible." """
    # Only Y3 has two pieces in the circle, so yellow may take one piece, either Y3.
    state = position("Y1 B1 Y2 B2 Y3 B3 Y3", ["Y1 Y2", "B1 B2"], ["B1"])
    state = play(state, "Y1@1,0")
    assert state.scores == (2.0, 0.0)  # B1 Y1
    assert state.phase == "take"
    assert all_moves(state) == ["take Y3@5", "take Y3@7"]
    state = play(state, "take Y3@5")
    assert hand(state, 0) == "Y2 Y3"
    assert (GAME.current_player(state), state.phase) == (1, "place")
    assert dictionary(state) == "Y1 B1 Y2 B2 B3 Y3"


def test_take_phase_skipped_when_nothing_can_be_taken() -> None:
    """Pins decision 6 (docs/rules-notes.md): a skipped take phase is not a pass.  Rules: "If you
    can't take any more pieces, skip this phase. It does not count as a pass. You may still
    perform the place phase of your next turn even with fewer than 3 pieces in hand."
    """
    # One piece of each type in the circle: nothing can ever be taken.  Blue holds
    # nothing and must pass every turn.
    state = position("Y1 B1 Y2 B2 Y3 B3", ["Y1 Y2", "-"], ["B1"])
    state = play(state, "Y1@1,0")  # B1 Y1: 2
    assert (GAME.current_player(state), state.phase, state.passes) == (1, "place", 0)
    state = play(state, "pass")
    assert state.passes == 1
    assert not GAME.is_over(state)  # the skipped take phase did not count as a pass
    assert GAME.current_player(state) == 0
    assert hand(state, 0) == "Y2"
    assert "Y2@0,1" in legal(state)
    state = play(state, "Y2@0,1")  # B1 Y2 down: 2
    assert (GAME.current_player(state), state.phase, state.passes) == (1, "place", 0)
    assert state.scores == (4.0, 0.0)
    state = play(state, "pass", "pass")
    assert GAME.is_over(state)


def test_no_passing_or_skipping_a_phase() -> None:
    """Rules: "Both phases are mandatory (i.e. no passing or skipping a phase), unless no move is
    possible."
    """
    take = position("Y1 B1 Y2 B2 Y3 B3 Y3", ["Y2", "B1 B2"], ["B1"], phase="take")
    illegal(take, "pass", "this is the take phase: take a piece from the dictionary")
    illegal(take, "Y2@0,1", "this is the take phase: take a piece from the dictionary")
    place = position("Y1 B1 Y2 B2 Y3 B3 Y3", ["Y1 Y2", "B1 B2"], ["B1"])
    illegal(place, "pass", "you may pass only when no placement is possible")
    illegal(place, "take Y3@5", "this is the place phase: place pieces on the board first")
    assert "pass" not in all_moves(place)


def test_take_names_the_piece_at_its_position() -> None:
    """Rules: "Other than this, you may freely choose which pieces to take, i.e. any combination of
    sizes from whichever positions you like."  (Move text: take, piece, 1-based position.)
    """
    state = position("Y1 B1 Y2 B2 Y3 B3 Y3", ["Y2", "B1 B2"], ["B1"], phase="take")
    illegal(state, "take Y3@1", "position 1 of the dictionary holds Y1, not Y3")
    illegal(state, "take Y3@8", "the dictionary has positions 1 to 7")
    assert hand(play(state, "take Y3@7"), 0) == "Y2 Y3"


# ---------------------------------------------------------------- passing

# Y1 neighbours only Y1 and B2 in this circle, and every Y1 and B2 is in the circle
# or in a hand, so yellow holding Y1 can lay nothing anywhere.
STUCK_YELLOW_RING = "B2 Y1 Y1 Y1 Y1 B2 Y2 Y3 B2 B1 B3"


def stuck_yellow() -> IririState:
    return position(STUCK_YELLOW_RING, ["Y1", "B2 B2"], ["Y2 B3"])


def test_must_pass_when_no_valid_word_can_be_formed() -> None:
    """Rules: "If you can't form a valid word, you must pass." """
    state = stuck_yellow()
    assert GAME.legal_moves(state) == [Pass()]
    illegal(state, "Y1@-1,0", "the word Y1 Y2 B3 does not occur in the dictionary")
    illegal(state, "Y1@2,0", "the word Y2 B3 Y1 does not occur in the dictionary")
    illegal(state, "Y1@0,1", "the word Y2 Y1 does not occur in the dictionary")
    state = play(state, "pass")
    assert (GAME.current_player(state), state.passes) == (1, 1)


def test_pass_is_illegal_when_a_placement_exists() -> None:
    """Pins decision 7 (docs/rules-notes.md): no pass while a word can be laid.  Rules: "If you
    can't form a valid word, you must pass."
    """
    state = play(stuck_yellow(), "pass")
    # Blue's B2 may go above B3 (B2 B3 down, positions 11-1 across the seam).
    assert "B2@1,-1" in legal(state)
    assert "pass" not in all_moves(state)
    illegal(state, "pass", "you may pass only when no placement is possible")


def test_pass_skips_the_take_phase() -> None:
    """Pins decision 2 (docs/rules-notes.md): a pass ends the turn, the take phase is skipped.
    Rules: "If you can't form a valid word, you must pass."
    """
    state = stuck_yellow()
    # Yellow holds one piece and four Y1 could be taken, yet after the pass it is
    # blue's place phase and nothing has left the dictionary.
    after = play(state, "pass")
    assert (GAME.current_player(after), after.phase) == (1, "place")
    assert hand(after, 0) == "Y1"
    assert dictionary(after) == STUCK_YELLOW_RING
    assert after.scores == state.scores


# ---------------------------------------------------------------- the end of the game

# Y1 neighbours only B1 and Y1, B1 only Y1, B1 and Y2, and every Y1, B1 and Y2 is in
# the circle or a hand: yellow (Y1) and blue (B1) are both stuck.
BOTH_STUCK_RING = "B1 Y1 Y1 Y1 Y1 B1 B1 B1 Y2 Y3 B2 B3 Y2 Y2 Y2 Y2"


def test_game_ends_when_all_pass_in_succession() -> None:
    """Pins decision 8 (docs/rules-notes.md): passes in a row are counted, takes neither count nor
    reset the count, the game ends when it reaches the number of players. Rules: "The game ends
    when no player can make a move, i.e. all players have been forced to pass in succession."
    "The player with the highest score is the winner."
    """
    state = position(BOTH_STUCK_RING, ["Y1", "B1"], ["Y3 B3"], scores=[12, 9.5])
    assert GAME.legal_moves(state) == [Pass()]
    state = play(state, "pass")
    assert not GAME.is_over(state)
    assert GAME.outcome(state) is None
    assert GAME.legal_moves(state) == [Pass()]
    state = play(state, "pass")
    assert GAME.is_over(state)
    assert GAME.current_player(state) == TERMINAL
    assert GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (12.0, 9.5)
    assert outcome.winners == (0,)
    assert not outcome.is_draw
    illegal(state, "pass", "the game is over")
    illegal(state, "Y1@0,1", "the game is over")


def test_takes_neither_count_nor_reset_the_passes_in_a_row() -> None:
    """Pins decision 8 (docs/rules-notes.md): "takes neither count nor reset".  Rules: "If you
    can't take any more pieces, skip this phase. It does not count as a pass."

    A take phase only ever follows a placement, which has already set the count to 0; so takes
    leave it at 0, and a typed position claiming passes during a take phase is refused.
    """
    ring = "B1 Y1 Y1 Y1 Y1 B1 B1 B1 Y2 Y3 B2 B3 Y2 Y2 Y2"
    state = position(ring, ["Y2", "B1"], ["Y3 B3"])
    state = play(state, "Y2@0,-1")  # the word Y2 Y3, down
    assert (state.phase, state.passes) == ("take", 0)
    state = play(state, "take Y1@2", "take Y1@2")
    assert (GAME.current_player(state), state.phase, state.passes) == (0, "take", 0)
    state = play(state, "take Y1@2")
    assert (GAME.current_player(state), state.phase, state.passes) == (1, "place", 0)
    with pytest.raises(InvalidPositionError, match="passes in a row must be 0"):
        position(ring, ["-", "B1"], ["Y3 B3"], phase="take", passes=1)


def test_a_placement_between_passes_resets_the_count() -> None:
    """Rules: "The game ends when no player can make a move, i.e. all players have been forced to
    pass in succession."
    """
    # Blue passed last turn (holding nothing); yellow can still lay Y1 and then Y2.
    state = position("Y1 B1 Y2 B2 Y3 B3", ["Y1 Y2", "-"], ["B1"], passes=1, to_move=1)
    state = play(state, "Y1@1,0")
    assert state.passes == 0
    state = play(state, "pass")
    assert state.passes == 1 and not GAME.is_over(state)
    state = play(state, "Y2@0,1")
    assert state.passes == 0
    state = play(state, "pass")
    assert not GAME.is_over(state)
    state = play(state, "pass")  # yellow's hand is empty now
    assert GAME.is_over(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (4.0, 0.0) and outcome.winners == (0,)


def test_tie_is_a_shared_win() -> None:
    """Pins decision 3 (docs/rules-notes.md): every player with the highest score wins. Rules: "The
    player with the highest score is the winner."
    """
    state = position(BOTH_STUCK_RING, ["Y1", "B1"], ["Y3 B3"], scores=[20.5, 20.5], passes=1)
    state = play(state, "pass")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0, 1)
    assert outcome.is_draw
    assert outcome.result(0) == outcome.result(1) == 0.5


# ---------------------------------------------------------------- three and four players

THREE = ("yellow", "blue", "red")
FOUR = ("yellow", "blue", "red", "green")


@pytest.mark.parametrize("players", [3, 4])
def test_turns_go_round_the_table(players: int) -> None:
    """Rules: "A turn consists of two phases: place and take. They are always performed in that
    order by a single player, after which the turn passes to the next player."
    """
    rng = random.Random(players)
    state = GAME.new_game(players=players, seed=20 + players)
    seen = [GAME.current_player(state)]
    turns = 0
    while not GAME.is_over(state) and turns < 40:
        mover = GAME.current_player(state)
        move = rng.choice(GAME.legal_moves(state))
        state = GAME.play(state, move)
        if isinstance(move, Place):
            assert state.scores[mover] > 0
        if GAME.is_over(state):
            break
        if state.phase == "take":
            assert GAME.current_player(state) == mover  # the same player takes
        else:
            assert GAME.current_player(state) == (mover + 1) % players
            seen.append(GAME.current_player(state))
            turns += 1
    assert seen[: players + 1] == [*range(players), 0]


def test_three_players_all_must_pass_for_the_game_to_end() -> None:
    """Rules: "The game ends when no player can make a move, i.e. all players have been forced to
    pass in succession."
    """
    ring = "Y1 B1 R1 Y2 B2 R2 Y3 B3 R3"
    state = position(ring, ["-", "-", "-"], ["Y1 B1 R1"], colours=THREE, scores=[12, 15, 15])
    state = play(state, "pass", "pass")
    assert state.passes == 2
    assert not GAME.is_over(state)
    assert GAME.current_player(state) == 2
    state = play(state, "pass")
    assert GAME.is_over(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (1, 2)  # decision 3: a shared win


def test_four_players_shared_win() -> None:
    """Pins decision 3 (docs/rules-notes.md): "The player with the highest score is the winner." -
    with several highest scores, all of them win.
    """
    ring = "Y1 B1 R1 G1 Y2 B2 R2 G2 Y3 B3 R3 G3"
    state = position(
        ring, ["-", "-", "-", "-"], ["G1"], colours=FOUR, scores=[7, 9.5, 9.5, 3], passes=3, to_move=3
    )
    assert not GAME.is_over(state)
    assert GAME.current_player(state) == 2
    state = play(state, "pass")
    assert GAME.is_over(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (7.0, 9.5, 9.5, 3.0)
    assert outcome.winners == (1, 2)
    assert outcome.result(1) == 0.5 and outcome.result(0) == 0.0


def test_four_player_words_mix_colours() -> None:
    """Rules: "Although you may only place pieces of your own colour, you score points for pieces
    of the opponent's colour as well."  (Four players: red lays between green and blue.)
    """
    ring = "Y1 B1 R1 G1 Y2 B2 R2 G2 Y3 B3 R3 G3"
    state = position(ring, ["Y1", "B1", "R2 R3", "G3"], ["B2 .. G2"], colours=FOUR, to_move=3)
    assert play(state, "R2@1,0").scores == (0.0, 0.0, 3.0, 0.0)  # B2 R2 G2
    illegal(state, "R3@1,0", "the word B2 R3 G2 does not occur in the dictionary")
    illegal(state, "G3@1,0", "you may only place your own colour (red)")


# ---------------------------------------------------------------- whole games


def _candidates(state: IririState) -> set[Place]:
    """Every placement of 1 to len(hand) hand pieces on one line of empty cells near the board
    (away from the spare pieces of crafted positions), legal or not.
    """
    pieces = state.hand()
    grid = state.grid
    found: set[Place] = set()
    near = [cell for cell in grid if cell[1] < NEAR]
    if not near:
        starts: list[tuple[int, int]] = [(0, 0)]
    else:
        xs = [x for x, _ in near]
        ys = [y for _, y in near]
        starts = [
            (x, y)
            for x in range(min(xs) - 3, max(xs) + 4)
            for y in range(min(ys) - 3, max(ys) + 4)
            if (x, y) not in grid
        ]
    for x, y in starts:
        for dx, dy in ((1, 0), (0, 1)):
            cells = [(x, y)]
            cx, cy = x, y
            while len(cells) < len(pieces):
                cx, cy = cx + dx, cy + dy
                if (cx, cy) not in grid:
                    cells.append((cx, cy))
            for k in range(1, len(pieces) + 1):
                for chosen in set(itertools.permutations(pieces, k)):
                    found.add(Place(tuple(zip(cells[:k], chosen, strict=True))))
    return found


def _accepted(state: IririState) -> set[IririMove]:
    """The candidate placements that play accepts, or a pass when there is none."""
    accepted: set[IririMove] = set()
    for move in _candidates(state):
        try:
            GAME.play(state, move)
        except IllegalMoveError:
            continue
        accepted.add(move)
    return accepted or {Pass()}


CRAFTED: dict[str, Callable[[], IririState]] = {
    "first word": first_turn,
    "player 1 cannot open": lambda: position(NO_YELLOW_RING, ["Y1 Y2 Y3", "B1 B2 B3"], spare_pieces=False),
    "lone B2": lone_b2,
    "lone B2, seam": lambda: lone_b2("Y3 B1 B3 Y2 Y1 B2"),
    "gap of two": lambda: position("B1 Y1 Y2 B3 Y3 B2", ["Y1 Y2", "B1"], ["B1 .. .. B3"]),
    "gap of one": lambda: position("B1 Y2 Y3 B2 Y2 B3 Y1", ["Y2", "B2"], ["B1 .. B3"]),
    "long row": lambda: position(
        "Y1 B1 Y2 B2 Y3 B3", ["Y1", "B3"], ["Y1 B1 Y2 B2 Y3 B3 Y1 B1 Y2 B2 Y3 B3"], to_move=2
    ),
    "plus": lambda: position(
        "Y1 B3 Y2 B1 Y3 B3 Y2 B2", ["Y3", "B3"], [".. Y1 ..", "Y2 .. Y3", ".. Y2 .."], to_move=2
    ),
    "three yellows": lambda: position("B1 Y1 Y2 Y3 B3 Y3 B2", ["Y1 Y2 Y3", "B1"], ["B1 .. .. B3", ".. B2"]),
    "three of one size": lambda: position(*THREE_Y2),
    "stuck yellow": stuck_yellow,
    "both stuck": lambda: position(BOTH_STUCK_RING, ["Y1", "B1"], ["Y3 B3"]),
}


@pytest.mark.parametrize("name", list(CRAFTED))
def test_legal_placements_are_exactly_those_play_accepts(name: str) -> None:
    """Rules: "Place one or more pieces from your hand on the board" "If you can't form a valid
    word, you must pass."  In each crafted position, every placement of hand pieces near the
    words is tried: the legal moves listed there are exactly those play accepts.
    """
    state = CRAFTED[name]()
    moves = [move for move in GAME.legal_moves(state) if not touches_spares(move)]
    assert set(moves) == _accepted(state)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3)])
def test_whole_games_keep_the_rules(players: int, seed: int) -> None:
    """Rules: "If you can't form a valid word, you must pass." "You cannot take the last piece of a
    specific type (size + colour), so one piece of every type will remain in the dictionary to
    the very end."  Every placement of hand pieces near the board is tried: the legal moves are
    exactly those that play accepts.
    """
    rng = random.Random(seed)
    state = GAME.new_game(players=players, seed=seed)
    types = {Pyramid(colour, size) for colour in state.colours for size in SIZES}
    while not GAME.is_over(state):
        assert types <= set(state.dictionary)
        assert all(len(h) <= 3 for h in state.hands)
        assert len(state.board) + len(state.dictionary) + sum(map(len, state.hands)) == 15 * players
        moves = GAME.legal_moves(state)
        if state.phase == "place":
            assert set(moves) == _accepted(state)
        state = GAME.play(state, rng.choice(moves))
    assert GAME.legal_moves(state) == []
    assert GAME.outcome(state) is not None


def test_no_take_with_a_full_hand() -> None:
    """Rules: "Refill your hand to 3 pieces" - a full hand takes nothing, even if a typed
    position says it is the take phase."""
    from dataclasses import replace

    state = replace(GAME.new_game(players=2, seed=1), phase="take")
    with pytest.raises(IllegalMoveError, match="your hand is full"):
        GAME.play(state, GAME.parse_move(state, "take Y2@7"))
