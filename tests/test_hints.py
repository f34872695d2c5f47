"""Hints (issue 22, item 1): in every game a hint rings on the table what to
tap now (1) and what comes next (2), says the taps in order, and a person
who taps what it marks, in that order, plays the hinted move; Play it plays
it at once; anything else drops it (docs/page-play.md, "Hints").

The person here reads the table as the page shows it: the rings in the
view's scene, the target under a ring's centre (as web/painter.js finds a
tap's target), and the button the hint outlines (``view["hint"]["control"]``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from pach_helpers import position as pach_position
from table_helpers import command, error, finish_hint, follow_hint, hint_rings, tap, target_at

from iriri_core import Seat, Table, get_game
from iriri_core.bots import BOTS
from iriri_core.games.pach_ice_i import Advance, Enter, Pass
from iriri_core.games.pyrinoes import Build, Draw, Play
from iriri_core.learn.hint_plan import plan_hint
from iriri_core.learn.hints import Hint
from iriri_core.pictures.drawing import HINT
from iriri_core.pictures.scene import Circle, Rect, Text
from iriri_core.presenter import table_games

GAMES = table_games()
"""Every game a table shows, from the registry (the fixture games too)."""

CANVASES = ((883.0, 558.0), (372.0, 650.0))
"""The canvas the page gives the table on a 1280x800 desktop and on a 390x844
phone (tests/test_layout.py): positions alternate between them."""

POSITIONS = 20
"""Positions per game where the hard bot's hint is followed by taps."""

SPAN = {"iriri": 14, "hextris": 40, "pach-ice-i": 60, "pyrinoes": 40}
"""How many of the person's moves the last position comes after, by game
(an Iriri game between a random player and a random bot is short); for
another game, half as many as its shortest game has (``shortest_game``)."""


def span(game: str) -> int:
    """:data:`SPAN` of ``game``."""
    return SPAN.get(game, getattr(get_game(game), "shortest_game", 1) // 2)


def reach(game: str, index: int) -> Table:
    """Position ``index`` of ``game``: a person (seat 0) against the random
    bot, after a seeded random number of the person's moves that grows with
    ``index`` (later phases for later positions), at the person's turn with
    the dice rolled; drawn for one of :data:`CANVASES`."""
    for attempt in range(20):
        seed = 1000 * attempt + index
        rng = random.Random(seed)
        table = Table(game, [Seat("human"), Seat("bot", "random")], seed=seed, size=CANVASES[index % 2])
        moves = index * span(game) // POSITIONS + rng.randrange(3)
        while not table.game.is_over(table.state):
            table.play_bots()
            if table.between_rounds:
                command(table, "next-round")
            elif table.person_rolls:
                table.roll()
            elif table.acting() and moves <= 0:
                return table
            elif table.acting():
                moves -= 1
                table.play(rng.choice(table.legal_moves()))
    raise AssertionError(f"no position {index} of {game}")


def kind(move: Any) -> str:
    """The kind of a move, as the coverage of the tests counts them."""
    name = type(move).__name__
    return f"{name} {'left' if move.end == 0 else 'right'}" if isinstance(move, Play) else name


def played(table: Table) -> Any:
    """The last move played at the table."""
    return table.history.plies[table.cursor - 1].move


def said_in_order(hint: Hint, message: str) -> None:
    """The message says the move, then every step, in the order the marks go
    through them (a tap repeated is said once: "twice")."""
    assert message.startswith(f"Hint: {hint.summary}. Tap ")
    at = len(hint.summary)
    for step in hint.steps:
        at = message.index(step.words, at)


COVERS = {
    "iriri": [{"Place"}, {"Take"}],
    "hextris": [{"Drop"}, {"Slide", "Swap"}],
    "pach-ice-i": [{"Enter"}, {"Advance"}],
    "pyrinoes": [{"Play left"}, {"Play right"}, {"Build"}, {"Draw"}],
}
"""Each game's hints include a move of one kind of each set (the phases of
the game the positions reach)."""


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_person_who_taps_what_the_hint_marks_plays_the_hinted_move(game: str) -> None:
    kinds: Counter[str] = Counter()
    for index in range(POSITIONS):
        table = reach(game, index)
        view = finish_hint(table)
        hint = table.hint
        assert hint is not None and hint.steps, view["message"]
        assert view["message"]["kind"] == "hint" and view["announce"] == view["message"]["text"]
        said_in_order(hint, view["message"]["text"])
        assert view["buttons"]["play-hint"] and not view["buttons"]["hint"]
        cursor, move = table.cursor, hint.move
        taken = follow_hint(table)
        assert table.cursor == cursor + 1 and played(table) == move, f"{game} position {index}: {taken}"
        assert taken == [step.target or step.control for step in hint.steps], "the taps the words give"
        kinds[kind(move)] += 1
    for wanted in COVERS.get(game, ()):  # (a game added from elsewhere asks for no kind of move)
        assert wanted & set(kinds), f"no hint of {wanted} in {dict(kinds)}"


class Suggests:
    """A stand-in for the hard bot that suggests one given move."""

    def __init__(self, move: Any) -> None:
        self.move = move

    def think(self, game: Any, state: Any) -> Iterator[None]:
        yield
        return self.move


def hint_for(table: Table, move: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The table's hint for ``move`` (the hard bot made to suggest it)."""
    monkeypatch.setitem(BOTS, "hard", lambda seed: Suggests(move))
    return finish_hint(table)


def every_position(game: str) -> Iterator[Table]:
    """Ten positions of ``game`` (every other one of :func:`reach`), and in
    Pach-Ice-i one where pieces go home by several choices of dice."""
    for index in range(0, POSITIONS, 2):
        yield reach(game, index)
    if game == "pach-ice-i":
        table = Table(game, [Seat("human"), Seat("human")], seed=1)
        table.start_from(pach_position({"g5": "K3", "g3": "K3", "e5": "K2", "c4": "W3"}, dice=(2, 5, 6)))
        yield table


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_move_a_hint_may_suggest_is_followed_by_taps(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the hint suggests (every legal move, up to 30 a position),
    tapping what it marks plays exactly that move."""
    count, steps = 0, Counter[str]()
    for table in every_position(game):
        moves = table.legal_moves()
        for move in random.Random(table.cursor).sample(moves, min(len(moves), 30)):
            snapshot = table.snapshot()
            hint_for(table, move, monkeypatch)
            taken = follow_hint(table)
            assert played(table) == move, f"{move} was hinted, {taken} tapped"
            steps.update(step.partition(":")[0] for step in taken)
            count += 1
            table.load(snapshot)
    assert count >= 50
    if game == "pach-ice-i":
        assert steps["die"] and steps["goal"] and steps["tree"], (
            "dice are tapped where they choose the way home"
        )
    if game == "iriri":
        assert steps["confirm"] and steps["ring"] and steps["cell"]


@pytest.mark.parametrize("game", GAMES)
def test_play_it_plays_the_hinted_move(game: str) -> None:
    for index in (3, 11):
        table = reach(game, index)
        view = table.view()
        assert not view["buttons"]["play-hint"]
        assert "There is no hint to play" in error(command(table, "play-hint"))
        view = finish_hint(table)
        hint = table.hint
        assert hint is not None and view["buttons"]["play-hint"]
        cursor = table.cursor
        view = command(table, "play-hint")
        assert table.cursor == cursor + 1 and played(table) == hint.move
        assert table.hint is None and not view["buttons"]["play-hint"] and view["hint"] is None


def test_in_pach_ice_i_play_it_plays_the_hinted_part_and_the_turn_goes_on() -> None:
    table = Table("pach-ice-i", [Seat("human"), Seat("human")], seed=1)
    table.start_from(pach_position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4)))
    finish_hint(table)
    assert table.hint is not None
    part = table.hint.move
    assert isinstance(part, Enter | Advance) and len(part.dice) < 3
    view = command(table, "play-hint")
    assert played(table) == part and len(table.state.dice) == 3 - len(part.dice)
    assert view["status"].startswith("Black, your turn:") and view["buttons"]["hint"]
    command(table, "undo")
    assert table.state.dice == (1, 2, 4), "Undo takes back the part Play it played"


def test_the_hinted_piece_is_not_picked_for_the_person(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: the hint had picked the piece, so the person's tap on it, as
    the hint says, let it go, and the next tap was refused ("there is no
    piece on b3"); and in Pyrinoes the tray was filled, so the pyramids
    tapped as the hint says were refused."""
    table = Table("pach-ice-i", [Seat("human"), Seat("human")], seed=1)
    table.start_from(pach_position({"c1": "K2", "c4": "W3", "e1": "K3"}, dice=(1, 2, 4)))
    move = table.game.parse_move(table.state, "e1 2")
    view = hint_for(table, move, monkeypatch)
    assert table.draft.square is None and "Tap the large on e1, then square e3." in view["message"]["text"]
    assert not error(tap(table, "square:e1")) and table.draft.square is not None
    assert not error(tap(table, "square:e3")) and played(table) == move
    table = Table("pyrinoes", [Seat("human"), Seat("bot", "random")], seed=4)
    table.play_bots()
    builds = [move for move in table.legal_moves() if isinstance(move, Build)]
    assert builds
    hint_for(table, builds[0], monkeypatch)
    assert not table.draft.building, "the tray is left for the person to fill"
    follow_hint(table)
    assert played(table) == builds[0]


def test_after_each_tap_the_marks_and_the_words_move_on(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table("iriri", [Seat("human"), Seat("human")], seed=1)
    move = table.game.parse_move(table.state, "Y1@0,0 Y2@0,1")
    view = hint_for(table, move, monkeypatch)
    text = view["message"]["text"]
    assert text == (
        "Hint: lay Y1 at 0,0, Y2 at 0,1 (6.5 points). Tap the small yellow in your hand, then cell 0,0, "
        "then the medium yellow in your hand, then cell 0,1, then press Confirm."
    )
    scene = view["scene"]
    rings = hint_rings(scene)
    assert target_at(scene, *rings[1]) == "hand:0:0" and target_at(scene, *rings[2]) == "cell:0,0"
    assert view["hint"] == {"next": "hand:0:0", "then": "cell:0,0", "control": None}
    view = tap(table, "hand:0:0")
    rings = hint_rings(view["scene"])
    assert target_at(view["scene"], *rings[1]) == "cell:0,0"
    assert (
        view["announce"]
        == "Now tap cell 0,0, then the medium yellow in your hand, then cell 0,1, then press Confirm."
    )
    assert view["message"]["text"].endswith(view["announce"])
    tap(table, "cell:0,0")
    tap(table, "hand:0:1")
    view = tap(table, "cell:0,1")
    assert hint_rings(view["scene"]) == {} and view["hint"] == {
        "next": None,
        "then": None,
        "control": "confirm",
    }
    assert view["preview"]["valid"], "the word being laid is previewed as ever"
    assert view["message"]["text"].endswith("Now press Confirm.")
    command(table, "confirm")
    assert played(table) == move and table.hint is None


def test_anything_else_drops_the_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table("iriri", [Seat("human"), Seat("human")], seed=1)
    move = table.game.parse_move(table.state, "Y1@0,0 Y2@0,1")
    hint_for(table, move, monkeypatch)
    view = table.handle({"type": "resize", "width": 372, "height": 650})
    assert table.hint is not None and hint_rings(view["scene"]), "a resize keeps the hint, drawn anew"
    view = tap(table, "hand:0:2")  # not what the hint marks
    assert table.hint is None and view["hint"] is None and not hint_rings(view["scene"])
    assert view["message"] is None and not view["buttons"]["play-hint"] and view["buttons"]["hint"]
    assert table.draft.selected == 2, "the tap does what it always does"
    # A step followed, then something else: dropped too.
    hint_for(table, move, monkeypatch)
    tap(table, "hand:0:0")
    view = tap(table, "hand:0:2")
    assert table.hint is None and view["hint"] is None and table.draft.selected == 2
    # A typed move plays, hint or not; the hint goes with the position.
    hint_for(table, move, monkeypatch)
    table.handle({"type": "move", "text": "Y2@0,0 Y3@1,0"})
    assert table.hint is None and table.moves == ["Y2@0,0 Y3@1,0"]


def test_a_drag_that_does_the_next_steps_follows_the_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table("iriri", [Seat("human"), Seat("human")], seed=1)
    move = table.game.parse_move(table.state, "Y1@0,0 Y2@0,1")
    hint_for(table, move, monkeypatch)
    view = table.handle({"type": "drag", "from": "hand:0:0", "to": "cell:0,0"})
    assert table.hint is not None and view["hint"]["next"] == "hand:0:1"


def test_a_hint_to_draw_marks_the_boneyard(monkeypatch: pytest.MonkeyPatch) -> None:
    table = reach("pyrinoes", 0)
    rng = random.Random(5)
    while Draw() not in table.legal_moves():
        table.play(rng.choice(table.legal_moves()))
        table.play_bots()
        if table.between_rounds:
            command(table, "next-round")
            table.play_bots()
    view = hint_for(table, Draw(), monkeypatch)
    assert view["message"]["text"] == "Hint: draw from the boneyard. Tap the boneyard."
    assert target_at(view["scene"], *hint_rings(view["scene"])[1]) == "boneyard"
    assert follow_hint(table) == ["boneyard"]


def test_a_hint_to_pass_says_to_press_pass() -> None:
    """Where the only move is to pass, the hint's one step is the Pass
    button, which the page outlines.  (A table makes such a pass by itself,
    tests/test_table.py; the plan is still the presenter's to give.)"""
    table = Table("pach-ice-i", [Seat("human"), Seat("human")], seed=1)
    table.start_from(pach_position({"b1": "K3", "c2": "W1"}, dice=(2, 3, 5), home=((5, 5, 4), (4, 5, 5))))
    assert table.game.legal_moves(table.state) == [Pass()] and not table.acting()
    seen = replace(table.seen(), acting=True, legal=(Pass(),))
    hint = plan_hint(table.presenter, seen, Pass(), "pass")
    assert [step.control for step in hint.steps] == ["pass"]
    assert hint.text() == "Hint: pass. Press Pass."


def test_the_hint_marks_stand_out_on_anything() -> None:
    """Each ring is dark green on a white halo wider than itself (3:1 or
    more on anything, like the other marks: tests/test_contrast.py), and its
    number is white on dark green."""
    from test_contrast import contrast

    table = reach("hextris", 0)
    finish_hint(table)
    shapes = table.scene().shapes
    rings = [
        i for i, s in enumerate(shapes) if isinstance(s, Rect | Circle) and s.stroke == HINT and not s.fill
    ]
    assert len(rings) == 2
    for index in rings:
        halo = shapes[index - 1]
        assert (
            isinstance(halo, Rect | Circle) and halo.stroke == "#ffffff" and halo.width > shapes[index].width
        )
    numbers = [s for s in shapes if isinstance(s, Text) and s.text in ("1", "2") and s.fill == "#ffffff"]
    assert len(numbers) == 2 and contrast(HINT, "#ffffff") >= 4.5
