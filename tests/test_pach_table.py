"""Pach-Ice-i at the table: the person's whole journey through Table events
in CPython, from the roll to the end of a game.

Tests that check a rule quote, in their docstrings, the sentence of the rules
(shared/rules/pach-ice-i.txt, Jeff Zeitlin, 2006) or the decision of
docs/rules-notes.md they rely on.  Positions are built by :func:`position`:
pieces named as in docs/notation.md (``K3`` a large black, ``W1`` a small
white) on squares a1 to g7, the rest of each stash home unless said
otherwise.  Black (seat 0) enters at a1 and moves from black squares (c1, c3,
e1 ...), White from white squares; a1 a4 a7 d1 d4 d7 g1 g4 g7 are marked.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_helpers import command, error, finish_hint, follow_hint, hint_rings, tap, target_at

from iriri_core import Seat, Table
from iriri_core.games.pach_ice_i import Advance, Enter, PachState, Pass, Roll, square_index, square_name
from iriri_core.games.pach_ice_i.drawing import GOAL, layout, square_box
from iriri_core.games.pach_ice_i.notation import setup
from iriri_core.games.pach_ice_i.turn import destination
from iriri_core.pictures.drawing import FOCUS, INK, LAST
from iriri_core.pictures.scene import Circle, Line, Piece, Polygon, Rect, Scene, Text

HUMANS = [Seat("human"), Seat("human")]

PHONE = (372.0, 650.0)
"""The canvas the page gives the table on a 390x844 phone (tests/test_layout.py)."""

CANVASES = {
    "phone 390x844": PHONE,
    "phone 844x390": (830.0, 300.0),
    "frame 640x480": (625.0, 402.0),
    "frame 480x360": (465.0, 282.0),
    "desktop 1280x800": (883.0, 558.0),
    "frame 1024x700": (1009.0, 622.0),
}


def position(
    board: dict[str, str],
    to_move: int = 0,
    dice: tuple[int, ...] = (),
    trees: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] = ((), ()),
    home: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None,
) -> PachState:
    """A position with ``board`` (square name to piece) and ``trees`` in the
    pads (sorted here), the rest of each stash home unless ``home`` says otherwise."""
    return setup(board, to_move, dice, trees, home)


LMS, LM, L = (3, 2, 1), (3, 2), (3,)

MIXED_PAD = (L, LM, LMS, LMS, LMS)
"""Black's pad with a large (tree:0), a medium (tree:1) and smalls (tree:2 to 4) on top."""


def at_table(state: PachState, seats: list[Seat] | None = None, seed: int = 1, **options: Any) -> Table:
    table = Table("pach-ice-i", seats or HUMANS, seed=seed, **options)
    table.start_from(state)
    return table


def lit(table: Table) -> dict[str, str]:
    """The places lit for the picked piece, with the dice each takes."""
    presenter: Any = table.presenter
    seen = table.seen()
    return {
        ("goal" if place == GOAL else f"square:{square_name(place)}"): "+".join(
            map(str, presenter.options(seen, table.draft)[place][0].dice)
        )
        for place in presenter.options(seen, table.draft)
    }


# ---------------------------------------------------------------- the roll


def test_a_person_rolls_with_the_roll_button() -> None:
    """ "On a player's turn, he first rolls the dice.": before the roll the
    person sees a Roll button and nothing else to play; chance rolls for them
    when they press it, and typing a roll is refused."""
    table = Table("pach-ice-i", [Seat("human"), Seat("bot", "random")], seed=3)
    view = table.view()
    assert view["status"] == "Your turn: roll the dice"
    roll = next(c for c in view["controls"] if c["name"] == "roll")
    assert roll["shown"] and roll["primary"] and view["buttons"]["roll"]
    assert not view["buttons"]["pass"] and view["actions"] == []
    assert not view["buttons"]["hint"], "a hint is about the dice: none before the roll"
    assert table.presenter.chance_name == "The dice"
    assert (
        error(table.handle({"type": "move", "text": "roll 8 8 8"})) == "The dice decide the roll: press Roll"
    )
    assert error(tap(table, "square:a1")) == "Roll the dice first: press Roll, or tap the dice"
    view = command(table, "roll")
    dice = table.state.dice
    assert len(dice) == 3 and view["moves"][-1]["text"] == "roll " + " ".join(map(str, dice))
    assert view["moves"][-1]["description"] == "Black rolled " + " ".join(map(str, dice))
    assert view["status"].startswith(
        f"Your turn: dice {dice[0]}, {dice[1]} and {dice[2]}; tap a piece on the board"
    )
    assert not view["buttons"]["roll"] and view["buttons"]["hint"]
    assert error(command(table, "roll")) == "The dice are rolled: play them"


def test_tapping_the_dice_rolls_them_too() -> None:
    table = Table("pach-ice-i", HUMANS, seed=3)
    assert {"die:0", "die:1", "die:2"} <= table.scene().targets()
    view = tap(table, "die:1")
    assert view["moves"][-1]["text"].startswith("roll ") and view["status"].startswith(
        "Black, your turn: dice"
    )


def test_the_dice_are_drawn_with_their_pips_and_the_used_ones_struck() -> None:
    """The three dice drawn as dice; after a part, the die it used is greyed
    and struck through and is no longer a target."""
    table = at_table(position({}, trees=(MIXED_PAD, (LMS,) * 5)))
    table.play(Roll((1, 4, 6)))
    scene = table.scene()
    assert {t for t in scene.targets() if t.startswith("die:")} == {"die:0", "die:1", "die:2"}
    assert not [s for s in scene.shapes if isinstance(s, Line) and s.stroke == INK]
    pips = [s for s in scene.shapes if isinstance(s, Circle) and s.fill == INK]
    assert len(pips) == 1 + 4 + 6
    table.handle({"type": "move", "text": "enter L 4"})
    scene = table.scene()
    assert {t for t in scene.targets() if t.startswith("die:")} == {"die:0", "die:1"}
    assert len([s for s in scene.shapes if isinstance(s, Line) and s.stroke == INK]) == 1
    assert len([s for s in scene.shapes if isinstance(s, Circle) and s.fill == INK]) == 1 + 6
    assert table.view()["status"] == (
        "Black, your turn: 2 dice left, 1 and 6; tap a piece on the board, or a tree (a "
        "stack) in your start pad, to move it"
    )


# ---------------------------------------------------------------- whole turns of each kind


def test_a_small_enters_by_all_three_dice_and_ends_the_turn() -> None:
    """ "A small piece is moved a number of spaces equal to the total of all
    three dice. The player's turn then ends." and "Entering a piece is like
    moving a piece that starts from a square adjacent to the corner square
    nearest the player. Only the topmost piece from any tree may be
    entered.": 2+3+5 enters the small on top of a tree on the tenth square, b5."""
    table = Table("pach-ice-i", HUMANS, seed=3)
    table.start_from(position({}, dice=(2, 3, 5), trees=((LMS,) * 5, (LMS,) * 5)))
    view = table.view()
    assert view["draggable"] == ["tree:0", "tree:1", "tree:2", "tree:3", "tree:4"]
    view = tap(table, "tree:3")
    assert table.draft.slot == 3, "the tree tapped is the one framed"
    assert (
        view["status"]
        == "Black, your turn: dice 2, 3 and 5; tap a lit square to move the small from your pad there"
    )
    assert lit(table) == {"square:b5": "2+3+5"}
    view = tap(table, "square:b5")
    assert view["moves"][-1] == {
        "number": 1,
        "text": "enter LMS 2 3 5",
        "description": "Black entered a small by 2+3+5 to b5",
    }
    assert table.state.to_move == 1 and table.person_rolls
    assert view["status"] == "White, your turn: roll the dice"


@pytest.mark.parametrize("medium_first", [True, False], ids=["medium, then large", "large, then medium"])
def test_a_medium_and_a_large_in_either_order(medium_first: bool) -> None:
    """ "A medium piece is moved a number of spaces equal to the total of any
    two of the three dice. Those two dice are set aside, and the player may
    then move a large piece the number of spaces on the remaining die.
    Alternatively, the player may move the large piece first (selecting one
    die for the distance to move it, and setting that die aside), then the
    medium (for the remaining two dice).\""""
    table = at_table(position({}, dice=(1, 4, 6), trees=(MIXED_PAD, (LMS,) * 5)))
    if medium_first:
        tap(table, "tree:1")  # LM: a medium on top
        assert lit(table) == {"square:a5": "1+4", "square:a7": "1+6", "square:b5": "4+6"}
        view = tap(table, "square:b5")
        assert view["moves"][-1]["description"] == "Black entered a medium by 4+6 to b5"
        tap(table, "tree:0")
        assert lit(table) == {"square:a1": "1"}
        view = tap(table, "square:a1")
        assert view["moves"][-1]["description"] == "Black entered a large by 1 to a1"
    else:
        tap(table, "tree:0")  # L: a large
        assert lit(table) == {"square:a1": "1", "square:a4": "4", "square:a6": "6"}
        view = tap(table, "square:a6")
        assert view["moves"][-1]["description"] == "Black entered a large by 6 to a6"
        view = tap(table, "tree:0")  # the LM left
        assert lit(table) == {"square:a5": "1+4"}
        view = tap(table, "square:a5")
        assert view["moves"][-1]["description"] == "Black entered a medium by 1+4 to a5"
    assert table.state.to_move == 1 and table.state.dice == ()
    assert view["last"].startswith("Black entered a ")
    assert ", then entered a " in view["last"]


def test_three_larges_one_die_each() -> None:
    """ "A large piece is moved a number of spaces equal to one die. That die
    is set aside. Repeat until three large pieces have been moved." and "If
    you are moving only large pieces, you must move or enter three different
    large pieces.": the large entered on a2 cannot move again."""
    table = at_table(position({}, dice=(2, 4, 6), trees=((L, L, L, LMS, LMS), (LMS,) * 5)))
    for k, (square, die) in enumerate((("a2", 2), ("a4", 4), ("a6", 6))):
        tap(table, "tree:0")
        assert f"square:{square}" in lit(table)
        view = tap(table, f"square:{square}")
        assert view["moves"][-1]["description"] == f"Black entered a large by {die} to {square}"
        if k == 0:
            assert error(tap(table, "square:a2")) == (
                "The large on a2 cannot move: a piece may only be moved once in a turn"
            )
    assert table.state.to_move == 1
    assert [table.state.board[square_index(s)] for s in ("a2", "a4", "a6")] == [(0, 3)] * 3


def test_a_piece_on_the_board_moves_along_the_movers_path() -> None:
    """ "Black's pieces move through the board entering at a1, moving along
    the column a1 to a7, then b7 to b1, then c1 to c7" and "If a player moves
    an opponent's piece on his own turn, he moves that piece according to his
    own movement rules": Black moves the white small on c3 (a black square) by
    10, up column c and down column d, to d2."""
    table = at_table(position({"c3": "W1"}, dice=(2, 3, 5), trees=((LM,), (LM,))))
    assert "square:c3" in table.view()["draggable"]
    tap(table, "square:c3")
    assert lit(table) == {"square:d2": "2+3+5"}
    view = tap(table, "square:d2")
    assert view["moves"][-1]["description"] == "Black moved White's small on c3 by 2+3+5 to d2"


def test_a_landing_says_where_the_piece_it_lands_on_goes() -> None:
    """ "If this happens, the previous piece is moved to the starting pad of
    the player whose color the space is.": the medium from c1 lands on the
    white small on c3, a black square, so it goes to Black's pad, White's goal."""
    table = at_table(position({"c1": "K2", "c3": "W1", "e1": "K3", "f1": "W1"}, dice=(1, 1, 5)))
    tap(table, "square:c1")
    view = tap(table, "square:c3")
    assert (
        view["moves"][-1]["description"]
        == "Black moved the medium on c1 by 1+1 to c3, sending White's small home"
    )
    assert table.state.pieces_home(1) == 15 - 1 - 1 + 1


# ---------------------------------------------------------------- refusals, passes, choices


def test_a_refused_part_says_why_in_the_rules_words() -> None:
    """ "A player MUST use all of the dice available; it is not permitted to
    move in such a manner that one CANNOT use all three dice.": the medium on
    c1 cannot go 1+2 (c4 holds a white large); the large on e1 going 4 would
    leave it just that, so e5 is not lit and a tap there says why."""
    table = at_table(position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4)))
    view = tap(table, "square:c4")
    assert error(view) == (
        "White's large on c4 cannot move: Black may only move pieces standing on black or marked squares"
    )
    tap(table, "square:e1")
    assert lit(table) == {"square:e2": "1", "square:e3": "2"}
    view = tap(table, "square:e5")
    assert (
        error(view) == "That would leave a die unused: every die must be used when a way of moving uses them"
    )
    view = tap(table, "square:e7")
    assert (
        error(view)
        == "To reach e7, the large on e1 goes 6 squares along Black's path; your dice move it 1, 2 or 4"
    )
    view = tap(table, "square:d1")
    assert error(view) == "d1 is not ahead of the large on e1 along Black's path: pieces move only forward"
    assert table.moves == []
    tap(table, None)
    assert table.draft.square is None
    view = tap(table, "square:b3")
    assert error(view) == "There is no piece on b3: pick a piece, or a tree in your pad"


def test_a_roll_no_piece_can_use_is_passed_at_once() -> None:
    """Decision (docs/rules-notes.md, "When no way uses all three dice"): a
    roll no piece can use is a pass, at once (issue 22, 5): the person
    presses Roll, sees the dice for the table's pace, and the table passes
    for them, saying why; the last-move line keeps the pass while the bot
    plays.  Undo goes back to before the roll, never to the position that
    passes by itself; redo steps over it."""
    now = [100.0]
    state = position({"b1": "K3", "c2": "W1"}, home=((5, 5, 4), (4, 5, 5)))  # Black to roll
    table = at_table(state, [Seat("human"), Seat("bot", "random")], pace=1.0, clock=lambda: now[0])
    view = command(table, "roll")
    assert table.state.dice == (5, 6, 7) and table.legal_moves() == [Pass()]
    said = "Black passes: no piece can move by 5, 6 and 7"
    assert view["status"] == said and view["state"]["thinking"]
    assert not view["buttons"]["pass"] and view["actions"] == []
    assert error(tap(table, "square:b1")) == "You have no move but to pass, so the table passes for you"
    assert table.advance() == pytest.approx(1.0) and table.cursor == 1, "the dice stay in view a while"
    now[0] += 1.0
    assert table.advance() == 0.0 and table.moves == ["roll 5 6 7", "pass"]
    assert table.view()["last"] == said + " (after Black rolled 5 6 7)", "the news first"
    while not table.person_rolls:  # White's roll and pieces
        now[0] += 1.0
        table.advance()
    view = table.view()
    assert view["last"].startswith("White ") and "(after White rolled " in view["last"]
    assert view["last"].endswith(f". Before that, {said}")
    end = table.cursor
    view = command(table, "undo")
    assert table.cursor == 0 and table.person_rolls and view["status"] == "Your turn: roll the dice"
    assert table.advance() is None, "nothing passes by itself: the person rolls"
    command(table, "redo")
    assert table.cursor == end and table.person_rolls, "redo steps over the pass and White's turn"


def test_dice_left_that_no_piece_can_use_are_passed_in_the_middle_of_a_turn() -> None:
    """Decision: "The player uses as many dice as any allowed turn can use
    [...] and the dice left are given up with pass".  Black's last piece is a
    large: one die moves it, and the table passes the other two for Black.
    Undo takes back the piece, not only the pass."""
    table = at_table(position({"c1": "K3", "b1": "W1"}, dice=(2, 3, 5), home=((5, 5, 4), (4, 5, 5))))
    tap(table, "square:c1")
    assert lit(table) == {"square:c3": "2", "square:c4": "3", "square:c6": "5"}
    view = tap(table, "square:c4")
    assert view["status"] == "Black passes: the 2 and 5 left cannot be used" and view["state"]["thinking"]
    table.play_bots()
    view = table.view()
    assert view["moves"][-1]["description"] == "Black passes: the 2 and 5 left cannot be used"
    assert table.person_rolls and table.state.to_move == 1, "White, a person too, rolls"
    command(table, "undo")
    assert table.cursor == 0 and table.state.dice == (2, 3, 5)


def test_a_piece_goes_home_by_the_dice_that_leave_the_most_moves() -> None:
    """ "A player need not move his pieces into his opponent's starting pad by
    exact roll.": from g5, three squares from the end of Black's path, a
    large goes home by a 3 or a 5 (a 2 takes it to g7).  Unless the person
    picks a die, the goal's label names the dice that leave the most moves
    (the smaller among equals), and a tap on a die, before or after picking
    the piece, chooses another."""
    state = position({"g5": "K3", "c1": "K3", "e1": "K3", "b1": "W1"}, dice=(2, 3, 5))
    table = at_table(state)
    tap(table, "square:g5")
    assert lit(table) == {"square:g7": "2", "goal": "3"}
    assert table.view()["status"].endswith(
        "tap a lit square or your lit home to move the large on g5 there (tap a die to choose which go home)"
    )
    texts = [s.text for s in table.scene().shapes if isinstance(s, Text)]
    assert "home by 3" in texts
    tap(table, "die:2")  # the 5
    assert lit(table) == {"goal": "5"}
    view = tap(table, "goal")
    assert view["moves"][-1]["description"] == "Black brought the large on g5 home by 5"
    assert table.state.dice == (2, 3)
    table = at_table(state)
    tap(table, "die:1")  # the 3, then the piece
    tap(table, "square:g5")
    view = tap(table, "goal")
    assert view["moves"][-1]["text"] == "g5 3"


def test_a_die_picked_that_the_piece_cannot_use_is_let_go() -> None:
    table = at_table(position({}, dice=(1, 4, 6), trees=(MIXED_PAD, (LMS,) * 5)))
    tap(table, "die:0")
    tap(table, "die:1")
    tap(table, "die:2")
    assert table.draft.dice == (0, 1, 2)
    tap(table, "tree:0")  # a large uses one die, not three
    assert table.draft.dice == () and len(lit(table)) == 3
    tap(table, "die:1")
    assert lit(table) == {"square:a4": "4"}
    tap(table, "die:1")
    assert table.draft.dice == () and len(lit(table)) == 3


# ---------------------------------------------------------------- undo, bots, a whole game


def test_undo_inside_a_turn_keeps_the_same_dice() -> None:
    """The roll is fixed by the game's seed and the move it is (engine.fixed_chance):
    undo takes back the pieces of the turn one at a time and then the roll;
    rolling again gives the same dice, and nothing rolls by itself."""
    table = at_table(position({}, trees=(MIXED_PAD, (LMS,) * 5)), [Seat("human"), Seat("bot", "random")])
    command(table, "roll")
    rolled = table.state.dice
    first = next(m for m in table.legal_moves() if isinstance(m, Enter) and len(m.dice) < 3)
    table.handle({"type": "move", "text": table.game.move_text(table.state, first)})
    assert table.cursor == 2 and len(table.state.dice) == 3 - len(first.dice)
    view = command(table, "undo")
    assert table.cursor == 1 and table.state.dice == rolled and not table.person_rolls
    assert view["status"].startswith("Your turn: dice ")
    view = command(table, "undo")
    assert table.cursor == 0 and table.person_rolls and view["status"] == "Your turn: roll the dice"
    assert table.advance() is None, "the person rolls: nothing rolls by itself"
    command(table, "redo")
    assert table.cursor == 1 and table.state.dice == rolled
    command(table, "redo")
    assert table.cursor == 2, "redo plays the part again"
    command(table, "undo")
    command(table, "undo")
    command(table, "roll")
    assert table.state.dice == rolled and table.cursor == 1


def test_a_bots_roll_and_its_moves_arrive_one_after_the_other() -> None:
    """A bot's turn is its roll and then each piece, each a move of its own,
    each after the table's pace."""
    now = [100.0]
    table = Table(
        "pach-ice-i", [Seat("bot", "random"), Seat("human")], seed=2, pace=1.0, clock=lambda: now[0]
    )
    assert table.view()["status"] == "Black (random bot) is thinking…"
    now[0] += 1.5
    assert table.advance() == 0.0 and table.cursor == 1
    assert isinstance(table.history.plies[0].move, Roll)
    assert table.advance() == pytest.approx(1.0) and table.cursor == 1, "the piece waits for the pace"
    now[0] += 1.5
    while table.cursor == 1:
        table.advance()
    assert table.cursor == 2 and isinstance(table.history.plies[1].move, Enter)
    assert table.advance() is None and table.person_rolls
    view = table.view()
    assert [m["description"].split(" ")[1] for m in view["moves"]] == ["rolled", "entered"]
    dice = " ".join(map(str, table.history.plies[0].move.dice))
    assert view["last"].startswith("Black entered a small by ") and view["last"].endswith(
        f" (after Black rolled {dice})"
    ), "the pieces first, the roll they moved with after"
    assert view["status"] == "Your turn: roll the dice"


@pytest.mark.slow
def test_a_whole_game_against_a_random_bot_through_taps() -> None:
    """A person plays every part by taps (dice first on odd turns, letting
    the table choose the dice on even ones) against a random bot, to the end."""
    table = Table("pach-ice-i", [Seat("human"), Seat("bot", "random")], seed=7)
    rng = random.Random(7)
    turns = 0
    for _ in range(5000):
        if table.game.is_over(table.state):
            break
        if table.seating().bot_to_move:
            table.play_bots()
            continue
        if table.person_rolls:
            turns += 1
            view = tap(table, "die:0") if turns % 2 else command(table, "roll")
            assert not error(view)
            continue
        move = rng.choice(table.legal_moves())
        assert not isinstance(move, Pass), "a pass is made by the table"
        before = table.cursor
        if turns % 2:
            left = list(enumerate(table.state.dice))
            for die in move.dice:
                index = next(i for i, value in left if value == die)
                left.remove((index, die))
                tap(table, f"die:{index}")
        if isinstance(move, Enter):
            source = f"tree:{table.state.trees[0].index(move.tree)}"
        else:
            source = f"square:{square_name(move.square)}"
        place = destination(table.state, move)
        view = tap(table, source)
        view = tap(table, "goal" if place == GOAL else f"square:{square_name(place)}")
        played = table.history.plies[before].move
        if turns % 2:
            assert played == move
        else:
            assert (
                type(played) is type(move)
                and destination(table.history.plies[before].before, played) == place
            )
        assert not error(view) and table.cursor == before + 1, view["message"]
    assert table.game.is_over(table.state)
    view = table.view()
    assert view["over"]["text"].endswith(f"has {min(table.state.pieces_home(0), table.state.pieces_home(1))}")
    assert view["status"].startswith("Game over: ")
    assert "wins with all 15 pieces home" in view["over"]["text"]


def test_a_hint_rings_the_piece_and_where_it_goes_and_taps_there_play_it() -> None:
    """Issue 22: the hint had picked the piece itself, so a tap on it, as
    the hint said, let it go again; now nothing is picked, the piece is
    ringed 1 and its place 2, and tapping them plays the hinted part."""
    table = at_table(position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4)))
    view = finish_hint(table)
    hinted = table.hint.move if table.hint else None
    assert isinstance(hinted, Advance) and hinted in table.legal_moves()
    label = table.presenter.action_label(table.game, table.state, hinted)
    assert view["announce"].startswith(f"Hint: {label}. Tap the ")
    assert table.draft.square is None, "nothing is picked for the person"
    place = destination(table.state, hinted)
    assert isinstance(place, int)
    scene, rings = view["scene"], hint_rings(view["scene"])
    assert target_at(scene, *rings[1]) == f"square:{square_name(hinted.square)}"
    assert target_at(scene, *rings[2]) == f"square:{square_name(place)}"
    assert follow_hint(table) == [f"square:{square_name(hinted.square)}", f"square:{square_name(place)}"]
    assert table.history.plies[-1].move == hinted


def test_a_drag_from_a_piece_or_a_tree_plays_the_part() -> None:
    table = at_table(position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4)))
    assert table.drops("square:e1") == ["square:e2", "square:e3"]
    assert table.drops("square:c4") == [], "a white square: not Black's to move"
    view = table.handle({"type": "drag", "from": "square:e1", "to": "square:e5"})
    assert error(view).startswith("That would leave a die unused")
    view = table.handle({"type": "drag", "from": "square:e1", "to": "square:e3"})
    assert view["moves"][-1]["text"] == "e1 2"
    table = at_table(position({}, dice=(1, 4, 6), trees=(MIXED_PAD, (LMS,) * 5)))
    assert table.drops("tree:1") == ["square:a5", "square:a7", "square:b5"]
    view = table.handle({"type": "drag", "from": "tree:1", "to": "square:a7"})
    assert view["moves"][-1]["text"] == "enter LM 1 6"


# ---------------------------------------------------------------- what is shown


def marked(scene: Scene, colour: str, where: Any) -> set[str]:
    """The squares outlined in ``colour``."""
    found = set()
    for shape in scene.shapes:
        if isinstance(shape, Rect) and shape.stroke == colour and shape.fill is None:
            for square in range(49):
                x, y, w, h = square_box(where, square)
                if x <= shape.x + shape.w / 2 <= x + w and y <= shape.y + shape.h / 2 <= y + h:
                    found.add(square_name(square))
    return found


def test_the_last_turn_is_marked_until_the_next_piece_moves() -> None:
    """The squares the last turn's pieces left and landed on are outlined in
    rust; the roll of the next turn keeps them, and its first piece replaces them."""
    table = at_table(position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4)), size=PHONE)
    where = layout(*PHONE)
    tap(table, "square:e1")
    tap(table, "square:e3")
    tap(table, "square:c1")
    tap(table, "square:c6")  # 1+4
    assert table.state.to_move == 1
    assert marked(table.scene(), LAST, where) == {"e1", "e3", "c1", "c6"}
    command(table, "roll")
    assert marked(table.scene(), LAST, where) == {"e1", "e3", "c1", "c6"}
    first = table.legal_moves()[0]
    table.play(first)
    assert marked(table.scene(), LAST, where) != {"e1", "e3", "c1", "c6"}


def test_pieces_are_marked_for_the_painter_and_trees_stand_large_at_the_bottom() -> None:
    table = Table("pach-ice-i", HUMANS, seed=1, size=PHONE)
    scene = table.scene()
    keys = [s.key for s in scene.shapes if s.__class__.__name__ == "Piece"]
    assert keys.count("black3") == 5 and keys.count("white1") == 5
    trees = [s for s in scene.shapes if s.__class__.__name__ == "Piece" and s.key.startswith("black")]
    large, medium, small = trees[:3]
    assert large.y > medium.y > small.y and large.size > medium.size > small.size


def test_the_picked_piece_and_where_it_may_go_are_shown() -> None:
    table = at_table(position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4)), size=PHONE)
    rings = [s for s in table.scene().shapes if isinstance(s, Circle) and s.stroke == FOCUS]
    assert len(rings) == 2, "the two pieces Black may move are ringed"
    tap(table, "square:e1")
    scene = table.scene()
    dashed = [s for s in scene.shapes if isinstance(s, Circle) and s.stroke == FOCUS and s.dash]
    assert len(dashed) == 2
    labels = {s.text for s in scene.shapes if isinstance(s, Text) and s.weight == "bold"}
    labels = {t for t in labels if not t.endswith(" home") and not t.startswith("×")}  # noqa: RUF001
    assert labels == {"Black", "1", "2"}, "the dice each lit square takes"


def test_the_texts_speak_to_the_person() -> None:
    table = at_table(position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4)))
    view = table.view()
    assert view["status"] == (
        "Black, your turn: dice 1, 2 and 4; tap a piece on the board, or a tree (a stack) in "
        "your start pad, to move it"
    )
    assert view["columns"] == [{"key": "score", "label": "Home"}, {"key": "hand", "label": "Pad"}]
    assert view["scores"][0]["cells"] == ["13 of 15", "empty"]
    labels = [a["label"] for a in view["actions"]]
    assert labels == [
        "move the medium on c1 by 1+4 to c6",
        "move the medium on c1 by 2+4 to c7",
        "move the large on e1 by 1 to e2",
        "move the large on e1 by 2 to e3",
    ]
    mirror = view["mirror"]
    assert mirror[0] == "Black to move; dice left: 1, 2 and 4."
    assert mirror[1] == "Home, in the other's pad: Black 13 of 15, White 14 of 15."
    board = next(line for line in mirror if line.startswith("On the board: "))
    assert "c1 (black square) medium black" in board and "c4 (white square) large white" in board
    assert mirror[-1] == "   a  b  c  d  e  f  g"
    setup = view["setup"]
    assert setup["label"] == "Pach-Ice-i (Jeff Zeitlin)" and setup["seat_names"] == ["Black", "White"]
    assert "enter LMS 2 3 5" in setup["move_help"] and "c4 2 3" in setup["move_example"]
    assert {"name": "pach-ice-i", "label": "Pach-Ice-i (Jeff Zeitlin)"} in setup["games"]


def test_the_rules_credit_the_designer_and_link_the_original() -> None:
    from iriri_core import richtext

    rules = Table("pach-ice-i", HUMANS).presenter.rules
    assert "**Jeff Zeitlin** (2006)" in rules
    assert "[wiki page](https://looneypyramids.wiki/wiki/Pach-Ice-i)" in rules
    assert richtext.blocks(rules)[0]["kind"] == "note"


# ---------------------------------------------------------------- sizes


def tap_sizes(scene: Scene) -> dict[str, float]:
    """Each target's tap area, the smaller of its width and height."""
    sizes: dict[str, float] = {}
    for shape in scene.shapes:
        if shape.target is None:
            continue
        size = (
            2 * shape.r
            if isinstance(shape, Circle)
            else min(shape.w, shape.h)
            if isinstance(shape, Rect)
            else 0
        )
        sizes[shape.target] = max(sizes.get(shape.target, 0.0), size)
    return sizes


def crowded() -> PachState:
    """A pad of every shape of tree, several of each, and pieces home on both sides."""
    return position(
        {"c1": "K2", "c4": "W3", "e1": "K3", "g6": "K1"},
        dice=(1, 2, 4),
        trees=((L, LM, LMS, LMS, (2,), (1,)), (LMS, LMS, L, (2,))),
    )


def test_every_place_to_tap_is_44_px_on_a_phone() -> None:
    """At 390x844 every square, tree, die and the goal is 44 px or more
    across, before the roll, with a piece picked, and through a game."""
    table = Table("pach-ice-i", HUMANS, seed=5, size=PHONE)
    checked: set[str] = set()
    for step in range(60):
        if table.game.is_over(table.state):
            break
        if table.person_rolls:
            sizes = tap_sizes(table.scene())
            assert {"die:0", "die:1", "die:2"} <= set(sizes)
        else:
            draggable = table.view()["draggable"]
            if draggable:
                tap(table, draggable[step % len(draggable)])
            sizes = tap_sizes(table.scene())
            assert GOAL in sizes or not draggable
        small = {t: s for t, s in sizes.items() if s < 44}
        assert not small, f"at move {table.cursor}: {small}"
        checked |= set(sizes)
        if table.person_rolls:
            command(table, "roll")
        else:
            table.play(table.legal_moves()[0])
    table.start_from(crowded())
    sizes = tap_sizes(table.scene())
    assert min(sizes.values()) >= 44 and {"tree:0", "die:2", GOAL} <= set(sizes)
    checked |= set(sizes)
    assert {f"square:{c}{r}" for c in "abcdefg" for r in range(1, 8)} <= checked


@pytest.mark.parametrize("where", list(CANVASES))
def test_the_table_fits_its_canvas(where: str) -> None:
    """Portrait and landscape, phones and frames: every shape is inside the
    canvas, and nothing to tap is under 24 px (WCAG 2.5.8)."""
    size = CANVASES[where]
    for state in (None, crowded()):
        table = Table("pach-ice-i", HUMANS, seed=5, size=size)
        if state is not None:
            table.start_from(state)
            tap(table, "square:e1")
        scene = table.scene()
        for shape in scene.shapes:
            box = bounds(shape)
            if box is not None:
                x0, y0, x1, y1 = box
                assert min(x0, y0) >= -0.5 and x1 <= size[0] + 0.5 and y1 <= size[1] + 0.5, (
                    where,
                    shape,
                )
        assert min(tap_sizes(scene).values()) >= 24


def bounds(shape: Any) -> tuple[float, float, float, float] | None:
    """A shape's box; a text's as wide as its letters take at about 0.55 of their size."""
    if isinstance(shape, Text):
        width = len(shape.text) * shape.size * 0.55
        left = {"left": shape.x, "center": shape.x - width / 2, "right": shape.x - width}[shape.align]
        return (left, shape.y - shape.size / 2, left + width, shape.y + shape.size / 2)
    if isinstance(shape, Rect):
        return (shape.x, shape.y, shape.x + shape.w, shape.y + shape.h)
    if isinstance(shape, Circle):
        return (shape.x - shape.r, shape.y - shape.r, shape.x + shape.r, shape.y + shape.r)
    points = getattr(shape, "points", None)
    if points:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return (min(xs), min(ys), max(xs), max(ys))
    return None


def panel_of(scene: Scene, name: str) -> Rect:
    """The player's panel: the box that holds the text ``name``."""
    title = next(s for s in scene.shapes if isinstance(s, Text) and s.text == name)
    return next(
        s
        for s in reversed(scene.shapes[: scene.shapes.index(title)])
        if isinstance(s, Rect)
        and s.fill is not None
        and s.x <= title.x <= s.x + s.w
        and s.y <= title.y <= s.y + s.h
        and s.w < scene.width
    )


def inside_of(panel: Rect, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    return panel.x <= x0 and x1 <= panel.x + panel.w and panel.y <= y0 and y1 <= panel.y + panel.h


def home_icons(scene: Scene, panel: Rect) -> list[tuple[float, float, float, float]]:
    """The pieces home drawn in ``panel``: the pyramids seen from above that
    are not pieces of the game (the trees are seen from the side, and are
    pieces), each four faces, as boxes."""
    in_pieces: set[int] = set()
    for index, shape in enumerate(scene.shapes):
        if isinstance(shape, Piece):
            in_pieces.update(range(index + 1, index + 1 + shape.count))
    faces = [
        box
        for index, shape in enumerate(scene.shapes)
        if isinstance(shape, Polygon) and index not in in_pieces
        for box in [bounds(shape)]
        if box is not None and inside_of(panel, box)
    ]
    icons = []
    for k in range(0, len(faces), 4):
        group = faces[k : k + 4]
        icons.append(
            (
                min(b[0] for b in group),
                min(b[1] for b in group),
                max(b[2] for b in group),
                max(b[3] for b in group),
            )
        )
    return icons


@pytest.mark.parametrize("where", list(CANVASES))
def test_each_players_panel_counts_their_own_pieces_home_readably(where: str) -> None:
    """Under each player's name, how many of their own pieces are home (it
    counted the other player's: "6 of 15 home" in Black's panel was White's),
    and how many of each size, in words 12 px or more, beside pieces of the
    player's colour drawn 16 px across or more (the small) and 24 px (the
    large); they were about 8 px.  Black has 2 small, 1 medium and 1 large
    home; White 5, 4 and 0.  A bot's name, longer, keeps the count clear of it."""
    trees = (((3, 2, 1),) * 3 + ((3,),), ((3, 2), (3,), (3,), (3,)))
    state = position({"c1": "K2", "c4": "W3"}, dice=(1, 2, 4), trees=trees, home=((2, 1, 1), (5, 4, 0)))
    for seats in (HUMANS, [Seat("human"), Seat("bot", "hard")]):
        table = at_table(state, seats=seats, size=CANVASES[where])
        scene = table.scene()
        names = [score["name"] for score in table.view()["scores"]]
        for seat, name in enumerate(names):
            panel = panel_of(scene, name)
            texts = [
                s for s in scene.shapes if isinstance(s, Text) and inside_of(panel, bounds(s) or (0, 0, 0, 0))
            ]
            words = [t.text for t in texts]
            home = state.home[seat]
            assert f"{sum(home)} of 15 home" in words, (where, name, words)
            assert [w for w in words if w.startswith("×")] == [f"×{n}" for n in home]  # noqa: RUF001
            for text in texts:
                if text.text.endswith(" home") or text.text.startswith("×"):  # noqa: RUF001
                    assert text.size >= 12, (where, text)
            boxes = [bounds(t) for t in texts]
            for i, a in enumerate(boxes):
                for b in boxes[:i]:
                    assert a and b and (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]), (
                        where,
                        words,
                    )
            icons = home_icons(scene, panel)
            assert len(icons) == 3, (where, name, icons)
            small, _, large = (box[2] - box[0] for box in icons)
            assert small >= 16 and large >= 24, (where, name, small, large)


@pytest.mark.parametrize("size", [(372.0, 590.0), (882.0, 535.0)])
def test_the_persons_own_pad_is_at_the_bottom_whichever_colour_they_play(size: tuple[float, float]) -> None:
    """Issue 36: every game puts the person's own side at the bottom. A person
    playing White (against a bot, or by links) sees the board turned half
    round: g7 at the bottom left, the rulers read from there, their pad
    (named with "(you)" by links) below Black's; Black's table is as before."""
    for person in (0, 1):
        seats = [Seat("human"), Seat("bot", "easy")] if person == 0 else [Seat("bot", "easy"), Seat("human")]
        table = Table("pach-ice-i", seats, seed=3, size=size)
        shapes = table.scene().shapes
        boxes = {s.target: (s.x, s.y) for s in shapes if isinstance(s, Rect) and s.target}
        a1, g7 = boxes["square:a1"], boxes["square:g7"]
        names = {
            s.text.split()[0]: s.y
            for s in shapes
            if isinstance(s, Text) and s.text.split()[0] in ("Black", "White")
        }
        rulers = {
            s.text: (s.x, s.y) for s in shapes if isinstance(s, Text) and s.text in ("a", "g", "1", "7")
        }
        if person == 0:
            assert a1[0] < g7[0] and a1[1] > g7[1] and names["Black"] > names["White"], (a1, g7, names)
            assert rulers["a"][0] < rulers["g"][0] and rulers["1"][1] > rulers["7"][1]
        else:
            assert a1[0] > g7[0] and a1[1] < g7[1] and names["White"] > names["Black"], (a1, g7, names)
            assert rulers["a"][0] > rulers["g"][0] and rulers["1"][1] < rulers["7"][1]
