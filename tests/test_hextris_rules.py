"""Rules tests for Hextris, written from the published rules (shared/rules/hextris.txt,
David J. Bush, 2005).

Each test quotes, in its docstring, the sentence of the rules it checks; tests
that pin a decision of docs/rules-notes.md say so.  Positions are drawn with
:func:`hextris_helpers.position` as the board rows of position text, top row
``e`` first, and every spot is named as in docs/notation.md::

    e     e3  e4  e5
    d   d2  d3  d4  d5
    c c1  c2  c3  c4  c5
    b   b1  b2  b3  b4
    a     a1  a2  a3

Player 1 is yellow (Y) and player 2 blue (B) unless a test says otherwise.
"""

from __future__ import annotations

import pytest
from hextris_helpers import (
    GAME,
    illegal,
    legal,
    pieces_at,
    play,
    position,
    slides,
)

from iriri_core import TERMINAL, IllegalMoveError
from iriri_core.bots import make_bot
from iriri_core.bots.tournament import play_game
from iriri_core.games.hextris import Draw, HextrisState, Pass, spot_name

EDGE = {"a1", "a2", "a3", "b1", "b4", "c1", "c5", "d2", "d5", "e3", "e4", "e5"}
INSIDE = {"b2", "b3", "c2", "c3", "c4", "d3", "d4"}


NAMES = """
e     e3  e4  e5
d   d2  d3  d4  d5
c c1  c2  c3  c4  c5
b   b1  b2  b3  b4
a     a1  a2  a3
"""


def lone(piece: str, spot: str, extra: str = "", to_move: int = 1) -> HextrisState:
    """A board holding ``piece`` on ``spot`` and the pieces of ``extra``,
    written like ``"B1@c4 Y2@a1"``; all else is vacant."""
    placed = {spot: piece} | {where: what for what, where in (item.split("@") for item in extra.split())}
    drawn = NAMES
    for name in EDGE | INSIDE:
        drawn = drawn.replace(f" {name}", f" {placed.get(name, '..')}")
    return position(drawn, to_move=to_move)


def on_board(state: HextrisState, colour: str) -> set[str]:
    """The spots holding pieces of ``colour``."""
    return {spot_name(s) for s, p in enumerate(state.board) if p is not None and p.colour == colour}


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3])
def test_setup_empty_board_and_every_stash_in_hand(players: int) -> None:
    """Rules: "1 Icehouse stash of a unique color for each player: 5 large, 5 medium, and 5 small
    pyramids" "The board is empty of pieces at the start of the game. [...] These off-board pieces
    are said to be in hand."
    """
    state = GAME.new_game(players=players)
    assert state.colours == ("yellow", "blue", "red")[:players]
    assert all(piece is None for piece in state.board) and len(state.board) == 19
    assert state.hands == ((5, 5, 5),) * players
    assert state.groups == (0,) * players
    assert GAME.scores(state) == (0.0,) * players


def test_player_one_moves_first_and_the_seed_changes_nothing() -> None:
    """Rules: "Players choose who moves first." Decisions 6 and 7 of docs/rules-notes.md: seat 1
    moves first (the page's seat order is the players' choice), and there is nothing to shuffle.
    """
    states = {GAME.new_game(players=2, seed=seed) for seed in (None, 0, 1, 12345)}
    assert len(states) == 1
    assert GAME.current_player(states.pop()) == 0


def test_play_proceeds_clockwise() -> None:
    """Rules: "Play proceeds clockwise around the board." """
    state = GAME.new_game(players=3)
    seats = []
    for move in ("S@a1", "S@c5", "S@e3", "M@a3"):
        seats.append(GAME.current_player(state))
        state = play(state, move)
    assert seats == [0, 1, 2, 0]


def test_stashes_are_in_full_view() -> None:
    """Rules: "Each player has their stash arranged in front of them, in full view of the opponents." """
    state = play(GAME.new_game(players=3), "L@a1")
    assert all(GAME.view(state, seat) == state for seat in range(3))


# ---------------------------------------------------------------- the board and dropping


def test_the_first_moves_are_drops_on_the_twelve_edge_spots() -> None:
    """Rules: "There are 12 spots around the perimeter of the board, and 7 interior spots." "Place a
    piece you have in hand onto any vacant perimeter spot (called dropping a piece)" "You may not
    drop a piece onto any interior spot."
    """
    state = GAME.new_game(players=2)
    assert legal(state) == {f"{size}@{spot}" for size in "SML" for spot in EDGE}
    for spot in sorted(INSIDE):
        illegal(state, f"M@{spot}", f"{spot} is inside", "edge")


def test_drop_only_on_a_vacant_edge_spot() -> None:
    """Rules: "Place a piece you have in hand onto any vacant perimeter spot" "There is no capturing,
    nor is there any stacking or nesting of pieces."
    """
    state = lone("B2", "a1", "Y1@c5 B3@c3")
    drops = {text for text in legal(state) if "@" in text}
    assert drops == {f"{size}@{spot}" for size in "SML" for spot in EDGE - {"a1", "c5"}}
    illegal(state, "L@a1", "a1 is taken", "vacant")
    illegal(state, "S@c5", "c5 is taken")
    illegal(state, "S@c3", "c3 is inside")
    after = play(state, "L@b1")
    assert pieces_at(after, "b1") == ["Y3"]
    assert after.hands[0] == (4, 5, 4)


def test_drop_needs_a_piece_of_that_size_in_hand() -> None:
    """Rules: "Place a piece you have in hand onto any vacant perimeter spot" """
    state = position(hands=[(5, 5, 0), (5, 5, 5)], groups=(1, 0))
    assert not any(text.startswith("L@") for text in legal(state))
    illegal(state, "L@a1", "no large piece left in hand")


def test_a_drop_ends_the_turn() -> None:
    """Rules: "You may not both drop and move in the same turn." """
    state = lone("Y3", "c1")
    after = play(state, "S@a1")
    assert GAME.current_player(after) == 1


# ---------------------------------------------------------------- moving


def test_a_small_moves_only_one_spot() -> None:
    """Rules: "Small pyramids move only to adjacent spots, a distance of one spot." """
    assert slides(lone("Y1", "c3"), "c3") == {"c3-b2", "c3-b3", "c3-c2", "c3-c4", "c3-d3", "c3-d4"}
    assert slides(lone("Y1", "a1"), "a1") == {"a1-a2", "a1-b1", "a1-b2"}
    illegal(lone("Y1", "c3"), "c3-c5", "a small piece moves 1 spot")
    after = play(lone("Y1", "c3"), "c3-d4")
    assert pieces_at(after, "c3", "d4") == ["..", "Y1"]


def test_a_medium_moves_up_to_two_spots_in_a_straight_line() -> None:
    """Rules: "Medium pyramids may move up to two spots in a straight line." """
    near = {"c2", "c4", "b2", "b3", "d3", "d4"}
    far = {"c1", "c5", "a1", "a3", "e3", "e5"}
    assert slides(lone("Y2", "c3"), "c3") == {f"c3-{spot}" for spot in near | far}
    assert slides(lone("Y2", "a1"), "a1") == {"a1-a2", "a1-a3", "a1-b1", "a1-c1", "a1-b2", "a1-c3"}
    illegal(lone("Y2", "a1"), "a1-d4", "a medium piece moves up to 2 spots")


def test_a_medium_is_blocked_after_one_spot_and_reaches_two_when_free() -> None:
    """Rules: "all the spots you move through and the destination spot must be vacant." """
    two_away = lone("Y2", "c3", "B1@c5")
    assert {"c3-c4", "c3-c2", "c3-c1"} <= slides(two_away, "c3")
    illegal(two_away, "c3-c5", "c5 is in the way", "vacant")
    next_door = lone("Y2", "c3", "B1@c4")
    assert not {"c3-c4", "c3-c5"} & slides(next_door, "c3")
    illegal(next_door, "c3-c5", "c4 is in the way", "vacant")
    illegal(next_door, "c3-c4", "c4 is in the way")


def test_a_large_slides_as_far_as_desired() -> None:
    """Rules: "Large pyramids may move as far as desired in a straight line in any of the six
    directions."
    """
    corner = lone("Y3", "a1")
    assert slides(corner, "a1") == {f"a1-{s}" for s in ("a2", "a3", "b1", "c1", "b2", "c3", "d4", "e5")}
    across = play(corner, "a1-e5")  # through b2, c3 and d4
    assert pieces_at(across, "a1", "e5") == ["..", "Y3"]
    along = play(lone("Y3", "c1"), "c1-c5")  # the whole of row c
    assert pieces_at(along, "c1", "c5") == ["..", "Y3"]
    # From the centre a large reaches the twelve spots on its six lines, and no others.
    assert len(slides(lone("Y3", "c3"), "c3")) == 12
    illegal(lone("Y3", "c3"), "c3-e4", "not a straight line")
    illegal(lone("Y3", "c3"), "c3-a2", "not a straight line")


@pytest.mark.parametrize("blocker", ["B1", "Y1"])
def test_sliding_through_an_occupied_spot_is_refused(blocker: str) -> None:
    """Rules: "If you are moving a piece instead of swapping a pair, all the spots you move through
    and the destination spot must be vacant." "There is no capturing, nor is there any stacking
    or nesting of pieces."
    """
    state = lone("Y3", "a1", f"{blocker}@c3")
    assert "a1-b2" in slides(state, "a1")
    illegal(state, "a1-e5", "c3 is in the way")
    illegal(state, "a1-d4", "c3 is in the way")
    illegal(state, "a1-c3", "c3 is in the way")


def test_only_a_piece_of_your_colour_moves() -> None:
    """Rules: "Move a piece of your color on the board according to its powers of movement." """
    state = lone("B3", "c3", "Y1@a1")
    assert not slides(state, "c3")
    illegal(state, "c3-c4", "blue", "your colour")
    illegal(state, "c2-c3", "there is no piece on c2")


# ---------------------------------------------------------------- swapping


@pytest.mark.parametrize("colour", ["Y", "B"])
@pytest.mark.parametrize(("mine", "other"), [("L", "M"), ("M", "S"), ("S", "L")])
def test_each_size_swaps_with_the_next(mine: str, other: str, colour: str) -> None:
    """Rules: "You may swap two adjacent pieces of any color, as long as they conform to the
    following size restrictions." "A large piece may swap places only with an adjacent medium
    piece. A medium piece may swap places only with an adjacent small piece. A small piece may
    swap places only with an adjacent large piece." Decision 1 of docs/rules-notes.md: the
    mover's own piece is the subject of each sentence.
    """
    size = {"S": "1", "M": "2", "L": "3"}
    state = lone(f"Y{size[mine]}", "c3", f"{colour}{size[other]}@c4")
    assert "c3xc4" in legal(state)
    after = play(state, "c3xc4")
    assert pieces_at(after, "c3", "c4") == [f"{colour}{size[other]}", f"Y{size[mine]}"]
    # "Once you have swapped pieces, you may not make any additional moves on your turn."
    assert GAME.current_player(after) == 1


@pytest.mark.parametrize(
    ("mine", "other", "words"),
    [
        ("3", "B3", "a large piece swaps only with a medium one"),
        ("2", "B2", "a medium piece swaps only with a small one"),
        ("1", "B1", "a small piece swaps only with a large one"),
        ("2", "B3", "a medium piece swaps only with a small one"),
        ("1", "B2", "a small piece swaps only with a large one"),
        ("3", "B1", "a large piece swaps only with a medium one"),
        ("3", "Y3", "a large piece swaps only with a medium one"),
    ],
)
def test_swaps_against_the_size_rule_are_refused(mine: str, other: str, words: str) -> None:
    """Rules: "A large piece may swap places only with an adjacent medium piece. A medium piece may
    swap places only with an adjacent small piece. A small piece may swap places only with an
    adjacent large piece."
    """
    illegal(lone(f"Y{mine}", "c3", f"{other}@c4"), "c3xc4", words)


def test_your_medium_may_not_swap_with_an_adjacent_large_but_the_large_may() -> None:
    """Rules: "A medium piece may swap places only with an adjacent small piece." Decision 1 of
    docs/rules-notes.md: the size of the mover's own piece decides, so the medium may not take
    the initiative, while the large's owner may swap the same pair on their turn.
    """
    state = lone("Y2", "c3", "B3@c4")
    illegal(state, "c3xc4", "a medium piece swaps only with a small one")
    blue = lone("Y2", "c3", "B3@c4", to_move=2)
    assert "c4xc3" in legal(blue)
    assert pieces_at(play(blue, "c4xc3"), "c3", "c4") == ["B3", "Y2"]


def test_a_swap_needs_an_adjacent_piece() -> None:
    """Rules: "swap places with an adjacent piece." """
    illegal(lone("Y3", "c1", "B2@c3"), "c1xc3", "c1 and c3 are not adjacent")
    illegal(lone("Y3", "c3"), "c3xc4", "c4 is vacant")
    illegal(lone("B3", "c3", "Y2@c4"), "c3xc4", "blue", "your colour")


def test_swapping_two_of_your_own_pieces_changes_no_group() -> None:
    """Rules: "You may swap two adjacent pieces of any color" Decision 1 of docs/rules-notes.md:
    two pieces of one's own colour may swap (sizes permitting); the group stays as it was.
    """
    state = lone("Y3", "c3", "Y2@c4 Y1@b3 B1@a1")
    after = play(state, "c3xc4")
    assert pieces_at(after, "c3", "c4", "b3") == ["Y2", "Y3", "Y1"]
    assert on_board(after, "yellow") == on_board(state, "yellow")
    assert after.groups == (0, 0)


# ---------------------------------------------------------------- groups of five


def test_a_group_of_five_made_by_a_drop_is_removed_and_banked() -> None:
    """Rules: "Any piece of the same color adjacent to a connected group is part of that group."
    "If your move produces a connected group of five pieces of the same color, then if that does
    not end the game, those five pieces are removed from the board and are out of play for the
    rest of the game." Decision 6: banked pieces never return to hand.
    """
    state = position("""
        e     ..  ..  ..
        d   ..  ..  ..  ..
        c Y1  ..  B2  ..  ..
        b   Y2  ..  ..  ..
        a     Y3  Y1  ..
    """)
    after = play(state, "S@a3")  # c1, b1, a1, a2 and a3 bend round the corner
    assert after.groups == (1, 0)
    assert GAME.scores(after) == (1.0, 0.0)
    assert on_board(after, "yellow") == set()
    assert pieces_at(after, "c3") == ["B2"]
    assert after.hands[0] == (2, 4, 4)  # the drop came from hand; the five are out of play
    assert GAME.current_player(after) == 1


def test_a_group_of_five_made_by_a_slide_is_removed_and_banked() -> None:
    """Rules: "If your move produces a connected group of five pieces of the same color, [...]
    those five pieces are removed from the board"
    """
    state = position("""
        e     ..  ..  Y3
        d   ..  ..  ..  ..
        c ..  ..  ..  ..  ..
        b   ..  ..  Y1  ..
        a     Y1  Y2  Y2
    """)
    after = play(state, "e5-c3")  # through d4, to join b3
    assert after.groups == (1, 0)
    assert on_board(after, "yellow") == set()


def test_a_group_counts_only_where_the_piece_stops() -> None:
    """Rules: "If your move produces a connected group of five pieces" Decision 2 of
    docs/rules-notes.md: groups are counted once the whole move is made, so a large sliding past
    a group of four makes nothing; stopping next to it does.
    """
    state = position("""
        e     ..  ..  ..
        d   ..  ..  ..  ..
        c ..  ..  ..  Y1  Y1
        b   ..  ..  ..  Y2
        a     Y3  ..  Y1
    """)
    past = play(state, "a1-e5")  # through b2, c3 and d4: c3 and d4 touch c4
    assert past.groups == (0, 0) and len(on_board(past, "yellow")) == 5
    assert play(state, "a1-b2").groups == (0, 0)
    assert play(state, "a1-c3").groups == (1, 0)
    assert play(state, "a1-d4").groups == (1, 0)


def test_pieces_of_other_colours_do_not_connect() -> None:
    """Rules: "Pieces of the same color which are on adjacent spots are said to be connected to
    each other."
    """
    state = position("""
        e     ..  ..  ..
        d   ..  ..  ..  ..
        c Y1  ..  ..  ..  ..
        b   Y1  ..  ..  ..
        a     Y1  Y1  B1
    """)
    after = play(state, "S@b4")  # next to the blue on a3, which touches the yellow four
    assert after.groups == (0, 0)
    assert len(on_board(after, "yellow")) == 5


def test_a_group_of_six_is_illegal() -> None:
    """Rules: "You are not allowed to form a connected group of more than five pieces of the same
    color, either for yourself or an opponent. Any such move is illegal."
    """
    state = position("""
        e     ..  ..  ..
        d   ..  ..  ..  ..
        c Y1  ..  ..  ..  ..
        b   Y2  ..  ..  Y2
        a     Y3  ..  Y1
    """)
    for size in "SML":
        illegal(state, f"{size}@a2", "group of 6 yellow", "no group may be larger than 5")
    assert "S@c5" in legal(state)


# A blue medium on d3; blue groups b1-b2 and c4-c5 (and b4 in the first), both
# next to the yellow large on c3.  Swapping c3xd3 brings the blue medium to c3.
SWAP_SIX = """
e     ..  ..  ..
d   ..  B2  ..  ..
c ..  ..  Y3  B1  B1
b   B1  B1  ..  B1
a     ..  ..  ..
"""
SWAP_FIVE = SWAP_SIX.replace("B1  B1  ..  B1", "B1  B1  ..  ..")
# ... and a yellow group of four (e3 e4 e5 d5) waiting for the large on d3.
SWAP_BOTH = SWAP_FIVE.replace("e     ..  ..  ..", "e     Y1  Y1  Y1").replace(
    "d   ..  B2  ..  ..", "d   ..  B2  ..  Y1"
)


def test_a_swap_may_not_make_a_group_of_six_for_the_opponent() -> None:
    """Rules: "You are not allowed to form a connected group of more than five pieces of the same
    color, either for yourself or an opponent. Any such move is illegal."
    """
    state = position(SWAP_SIX)
    illegal(state, "c3xd3", "group of 6 blue", "no group may be larger than 5")


def test_a_swap_banks_a_group_for_the_opponent() -> None:
    """Rules: "You might form such a connected group for an opponent with a "swap places" move,
    although this is generally not advisable." Decision 2 of docs/rules-notes.md: every group of
    exactly five is removed and banked by its owner, whoever moved.
    """
    after = play(position(SWAP_FIVE), "c3xd3")
    assert after.groups == (0, 1)
    assert on_board(after, "blue") == set()
    assert pieces_at(after, "d3") == ["Y3"]
    assert GAME.current_player(after) == 1


def test_a_swap_can_bank_groups_for_two_players_at_once() -> None:
    """Rules: "If your move produces a connected group of five pieces of the same color, [...]
    those five pieces are removed" Decision 2 of docs/rules-notes.md: a swap may make a five of
    each colour, and both are banked.
    """
    after = play(position(SWAP_BOTH), "c3xd3")
    assert after.groups == (1, 1)
    assert all(piece is None for piece in after.board)


def test_no_group_is_banked_when_another_would_be_six() -> None:
    """Rules: "Any such move is illegal." Decision 2: the move is judged whole, so a swap that would
    bank a blue five but leave a yellow six is refused outright.
    """
    state = position("""
        e     ..  Y1  Y1
        d   Y2  B2  ..  Y1
        c Y2  ..  Y3  B1  B1
        b   B1  B1  ..  ..
        a     ..  ..  ..
    """)
    illegal(state, "c3xd3", "group of 6 yellow")  # d2 c1, e4 e5 d5 and the large


# ---------------------------------------------------------------- the end


WIN_BY_DROP = """
e     ..  ..  ..
d   ..  ..  ..  ..
c Y1  ..  B2  ..  ..
b   Y2  ..  ..  ..
a     Y3  Y1  ..
"""


def test_the_third_group_wins_and_stays_on_the_board() -> None:
    """Rules: "The game ends when any player has achieved three connected groups of their color
    (the third group will occur on the board, while the previous two groups are stowed by their
    owner). That player wins." Decision 8: the scores are the groups made.
    """
    state = position(WIN_BY_DROP, groups=(2, 0))
    assert state.hands[0] == (1, 0, 0)
    after = play(state, "S@a3")
    assert GAME.is_over(after) and GAME.current_player(after) == TERMINAL
    assert after.groups == (3, 0)
    assert on_board(after, "yellow") == {"c1", "b1", "a1", "a2", "a3"}
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (3.0, 0.0)
    assert "result: won by 1" in GAME.to_text(after)


def test_a_third_group_made_by_a_swap_wins() -> None:
    """Rules: "The game ends when any player has achieved three connected groups of their color
    [...] That player wins." Decision 2: nothing is removed when the game ends, not even the blue
    five the same swap made (which still counts to blue's score).
    """
    after = play(position(SWAP_BOTH, groups=(2, 0)), "c3xd3")
    assert after.winner == 0 and after.groups == (3, 1)
    assert on_board(after, "yellow") == {"d3", "e3", "e4", "e5", "d5"}
    assert on_board(after, "blue") == {"c3", "b2", "b1", "c4", "c5"}
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (3.0, 1.0)


def test_a_swap_that_gives_only_an_opponent_the_third_group_makes_them_win() -> None:
    """Rules: "The game ends when any player has achieved three connected groups of their color
    [...] That player wins." Decision 3 of docs/rules-notes.md: the opponent wins even though the
    mover made the move.
    """
    after = play(position(SWAP_FIVE, groups=(0, 2)), "c3xd3")
    assert after.winner == 1 and after.groups == (0, 3)
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (1,)


@pytest.mark.parametrize("mover", [1, 2])
def test_when_two_players_reach_three_at_once_the_mover_wins(mover: int) -> None:
    """Rules: "If two players get three groups at the same time, the winner is the one whose move
    ended the game." Decision 3 of docs/rules-notes.md.
    """
    board = SWAP_BOTH if mover == 1 else SWAP_BOTH.replace("Y", "x").replace("B", "Y").replace("x", "B")
    after = play(position(board, groups=(2, 2), to_move=mover), "c3xd3")
    assert after.groups == (3, 3)
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (mover - 1,)


def test_three_players_the_swap_names_the_winner() -> None:
    """Rules: "If two players get three groups at the same time, the winner is the one whose move
    ended the game." With three players the third, who did neither, loses too.
    """
    board = SWAP_BOTH.replace("B", "R")
    state = position(board, players="yellow blue red", groups=(2, 0, 2))
    after = play(state, "c3xd3")
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (3.0, 0.0, 3.0)


def test_no_moves_after_the_end() -> None:
    """Rules: "The game ends when any player has achieved three connected groups of their color" """
    over = play(position(WIN_BY_DROP, groups=(2, 0)), "S@a3")
    assert GAME.legal_moves(over) == []
    assert GAME.agreed_draw(over) is None
    for move in ("S@e3", "c3-c2", "pass", "draw"):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            play(over, move)


# ---------------------------------------------------------------- passing


# Every edge spot is taken, in runs of three of one colour, and yellow, with two
# groups banked, has its last five pieces in hand: nowhere to drop, nothing to move.
RING = """
e     B1  B2  B3
d   R3  ..  ..  R1
c R2  ..  ..  ..  R2
b   R1  ..  ..  R3
a     B3  B2  B1
"""


def test_a_player_with_no_legal_move_loses_the_turn() -> None:
    """Rules: "If you have no legal move, you lose your turn and play proceeds to the next player."
    Decision 4 of docs/rules-notes.md: losing the turn is the move `pass`, the only legal one.
    """
    state = position(RING, players="yellow blue red", groups=(2, 0, 0))
    assert state.hands[0] == (2, 2, 1)
    assert GAME.legal_moves(state) == [Pass()]
    after = play(state, "pass")
    assert GAME.current_player(after) == 1 and after.passes == 1
    assert after.board == state.board and after.hands == state.hands
    assert "passes in a row: 1" in GAME.to_text(after)
    # Blue moves, and the count of passes starts again.
    assert play(after, "a2-b2").passes == 0


def test_pass_is_refused_while_a_move_exists() -> None:
    """Rules: "You may not pass on your turn as long as a legal move is available to you." """
    illegal(GAME.new_game(players=2), "pass", "may not pass", "legal move")
    blue = play(position(RING, players="yellow blue red", groups=(2, 0, 0)), "pass")
    illegal(blue, "pass", "may not pass")


# Every edge spot is taken and only c3 is empty.  Each piece next to c3 would,
# moved there, join groups of its colour into six or more; so would every swap.
BLOCKED_TWO = """
e     B2  B2  B2
d   Y2  B2  Y2  Y2
c Y2  Y2  ..  B1  B1
b   B1  B1  Y1  B1
a     Y1  Y1  Y1
"""
# A full board where every swap would make a group of six.
BLOCKED_THREE = """
e     R3  Y3  Y3
d   Y3  Y3  B3  B3
c B3  B3  R1  Y1  Y1
b   Y1  Y1  B1  Y1
a     B1  B1  B1
"""


@pytest.mark.parametrize(
    ("board", "players"), [(BLOCKED_TWO, "yellow blue"), (BLOCKED_THREE, "yellow blue red")]
)
def test_when_nobody_can_move_the_game_is_drawn(board: str, players: str) -> None:
    """Rules: "If you have no legal move, you lose your turn and play proceeds to the next player."
    "Players may agree to a draw if no one sees a way to make progress." Decision 4 of
    docs/rules-notes.md: once every player has lost the turn in a row, the position can never
    change, and the game ends drawn.
    """
    state = position(board, players=players)
    seats = len(state.colours)
    for seat in range(seats):
        assert GAME.current_player(state) == seat
        assert GAME.legal_moves(state) == [Pass()]
        state = play(state, "pass")
    assert GAME.is_over(state) and state.passes == seats
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw and outcome.winners == tuple(range(seats))
    assert "result: drawn, nobody can move" in GAME.to_text(state)


# ---------------------------------------------------------------- draws


@pytest.mark.parametrize("players", [2, 3])
def test_a_draw_is_agreed_not_chosen(players: int) -> None:
    """Rules: "Players may agree to a draw if no one sees a way to make progress." Decision 5 of
    docs/rules-notes.md: `draw` is never a legal move (no one player chooses it alone), but it
    may be played in any unfinished position and ends the game shared by every seat.
    """
    state = play(GAME.new_game(players=players), "L@c1", "M@c5")
    assert Draw() not in GAME.legal_moves(state) and "draw" not in legal(state)
    assert GAME.agreed_draw(state) == Draw()
    after = play(state, "draw")
    assert GAME.is_over(after) and GAME.legal_moves(after) == []
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.is_draw and outcome.winners == tuple(range(players))
    assert "result: drawn by agreement" in GAME.to_text(after)


def test_bot_games_stop_at_the_move_cap_with_a_draw() -> None:
    """Decision 5 of docs/rules-notes.md: bot-versus-bot games still running after
    ``HextrisGame.move_cap`` (300) moves end with an agreed `draw`.
    """
    assert GAME.move_cap == 300
    result = play_game(GAME, [make_bot("random", seed=1), make_bot("random", seed=2)], move_cap=6)
    assert result.record.moves[-1] == "draw" and len(result.record.moves) == 7
    assert result.outcome is not None and result.outcome.is_draw
