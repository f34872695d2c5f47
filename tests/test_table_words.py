"""The table says what you are trying to do (issue 24, item 4): each game's
goal in one line the view carries, status lines that say what to tap or
press, and every labelled area of the board saying what it is, in a caption
drawn on the board or a label the page shows on hover and long-press, at the
canvas sizes of a 390x844 phone and a 1280x800 desktop."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fixtures.tictactoe import ENTRY
from test_contrast import contrast, texts_and_grounds

from iriri_core import Seat, Table
from iriri_core.pictures.scene import Circle, Piece, Polygon, Rect, Scene, Text
from iriri_core.presenter import Presenter, table_games

GAMES = table_games()
"""Every game of the registry."""
HUMANS = [Seat("human"), Seat("human")]
CANVASES = {"phone": (372.0, 590.0), "desktop": (882.0, 535.0)}
"""The canvas's box on a 390x844 phone and on a 1280x800 desktop (measured on the page)."""


@pytest.mark.parametrize("game", GAMES)
def test_every_game_says_how_it_is_won_in_one_line(game: str) -> None:
    """The goal is declared once per presenter and carried in the view; a
    game that declares none (the test game) gets the base's, which points at
    the Rules."""
    view = Table(game, HUMANS, seed=3).view()
    assert view["goal"] and view["goal"] != Presenter.goal, game
    assert "\n" not in view["goal"] and len(view["goal"]) <= 70, view["goal"]
    assert "win" in view["goal"], view["goal"]


def test_the_four_games_goals_in_their_words() -> None:
    """The words of the four games' own goals; Pyrinoes' follows the
    match's target score."""
    goals = {
        game: Table(game, HUMANS, seed=3).view()["goal"] for game in ("hextris", "pach-ice-i", "pyrinoes")
    }
    assert goals["hextris"] == "First to make 3 groups of 5 of your pieces wins"
    assert goals["pach-ice-i"] == "First to get all 15 pieces to the other pad wins"
    assert "100 points" in goals["pyrinoes"]
    short = Table("pyrinoes", HUMANS, seed=3)
    short.new_game(HUMANS, seed=3, settings={"target": 50})
    assert short.view()["goal"] == goals["pyrinoes"].replace("100 points", "50 points")
    assert ENTRY.presenter.goal == Presenter.goal == "How to win is in the Rules"


def test_the_test_game_gets_the_default_goal(with_kuhn: None) -> None:
    assert Table(ENTRY.name, HUMANS).view()["goal"] == "How to win is in the Rules"


ACT = ("tap", "press", "roll the dice", "so pass", "confirm")
"""What a status line tells the person to do: each of their own statuses says one."""


def own_statuses(game: str, seed: int) -> list[str]:
    """Every status a person at the screen reads when it is theirs to act,
    through a game of random moves, with something picked now and then."""
    table = Table(game, HUMANS, seed=seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(40):
        table.play_bots()
        view = table.view()
        if view["over"] is not None:
            break
        if view["cover"]:
            table.handle({"type": "command", "name": "reveal"})
            view = table.view()
        seen.append(view["status"])
        if view["draggable"]:
            picked = table.handle({"type": "tap", "target": rng.choice(view["draggable"])})
            seen.append(picked["status"])
        if view["buttons"].get("roll"):
            table.handle({"type": "command", "name": "roll"})
            continue
        moves = table.legal_moves()
        if not moves:
            break
        table.play(rng.choice(moves))
    return [s for s in seen if "your turn" in s]


@pytest.mark.parametrize("game", GAMES)
def test_every_status_of_ones_own_turn_says_what_to_tap_or_press(game: str) -> None:
    """A newcomer is told what to do, not only a game word ("play a domino
    or build a pyrino" said neither what to tap nor where)."""
    statuses = {s for seed in (1, 2, 3) for s in own_statuses(game, seed)}
    assert len(statuses) >= 2, statuses  # (each seat's, at least)
    for status in statuses:
        said = status.split(": ", 1)[1].lower()
        if " cannot be built: " in said:  # a pyrino in the tray the rules refuse: the reason is the news
            continue
        assert any(verb in said for verb in ACT), status


def test_the_first_statuses_name_the_word_and_say_what_to_do() -> None:
    iriri = Table("iriri", HUMANS, seed=3).view()["status"]
    assert iriri == (
        "Yellow, your turn: lay a first word: 2 or 3 of your pieces in a line, "
        "like pieces side by side in the ring; then Confirm"
    )
    pyrinoes = Table("pyrinoes", HUMANS, seed=3)
    pyrinoes.play_bots()
    pyrinoes.handle({"type": "command", "name": "reveal"})
    assert pyrinoes.view()["status"].endswith(
        "your turn: tap a tile of your hand to play it on the line, or pyramids of your supply "
        "to build a pyrino"
    )


# ---------------------------------------------------------------- what the board's areas are


def labels(scene: Scene) -> dict[str, Any]:
    """Each label of the scene with the first shape that carries it."""
    out: dict[str, Any] = {}
    for shape, words in scene.labels():
        out.setdefault(words, shape)
    return out


def box_of(shape: Any) -> tuple[float, float, float, float]:
    """The box a shape covers: left, top, right, bottom."""
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle):
        return shape.x - shape.r, shape.y - shape.r, shape.x + shape.r, shape.y + shape.r
    if isinstance(shape, Polygon):
        xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(shape, Piece):
        half = shape.size / 2
        return shape.x - half, shape.y - half, shape.x + half, shape.y + half
    assert isinstance(shape, Text)
    return shape.box()


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def pyrinoes_turn(size: tuple[float, float]) -> Table:
    """Pyrinoes against a bot, the person to play, some turns in."""
    table = Table("pyrinoes", [Seat("human"), Seat("bot", "random")], seed=3, size=size)
    table.play_bots()
    for _ in range(4):
        table.play(table.legal_moves()[0])
        table.play_bots()
    return table


def expected_labels(game: str, table: Table) -> list[str]:
    """The words that say what each area is, as the person reads them."""
    state = table.state
    if game == "pyrinoes":
        count = len(state.boneyard)
        return [
            "The tray: build a pyrino here. Tap pyramids of your supply (or a green) to put them on its two "
            "ends, then press Build; tap an end to take its top pyramid back",
            f"The boneyard: {count} dominoes face down. When you can neither play nor build, you "
            "draw one from it",
            "Ice's side: their dominoes face down, their pyrinoes and their supply",
        ]
    if game == "pach-ice-i":
        return [
            f"{seat}'s start pad: their pieces wait here in trees (stacks) to enter the board, "
            "the top piece of a tree first; a piece sent back comes here"
            for seat in ("Black", "White")
        ] + [
            "Black's pieces home: they have reached White's pad and stay there. All 15 home wins",
            "White's pieces home: they have reached Black's pad and stay there. All 15 home wins",
        ]
    if game == "hextris":
        return [
            f"{seat}'s rack: the pieces in hand, each size with how many are left. "
            "A piece in hand is dropped on an edge spot of the board"
            for seat in ("Yellow", "Blue")
        ] + [
            "Groups of five made: 0 of 3. A circle fills each time five pieces of this colour "
            "touch in a group; "
            "the third wins"
        ]
    return [
        "The ring (the rules' dictionary): a word laid on the board must match pieces side by side here, "
        "either way round. After laying a word, you refill your hand from it",
        "Yellow's hand and score: the pieces they lay words with, refilled from the ring",
        "Blue's hand and score: the pieces they lay words with, refilled from the ring",
    ]


@pytest.mark.parametrize("where", list(CANVASES))
@pytest.mark.parametrize("game", GAMES)
def test_every_game_labels_its_board_in_sentences_inside_the_canvas(game: str, where: str) -> None:
    """Every game of the registry says what the areas of its board are: one
    label at least, each over an area inside the canvas, in words that
    begin as a sentence does; the words as the start of a game and some
    turns in (Pyrinoes, past the deal) show them."""
    size = CANVASES[where]
    table = pyrinoes_turn(size) if game == "pyrinoes" else Table(game, HUMANS, seed=3, size=size)
    found = table.scene().labels()
    assert found, "the board's areas say what they are"
    for shape, words in found:
        left, top, right, bottom = box_of(shape)
        assert left >= -0.5 and top >= -0.5 and right <= size[0] + 0.5 and bottom <= size[1] + 0.5, words
        assert words[0].isupper() and words.strip() == words, words


@pytest.mark.parametrize("where", list(CANVASES))
@pytest.mark.parametrize("game", ["iriri", "hextris", "pach-ice-i", "pyrinoes"])
def test_every_area_of_the_board_says_what_it_is(game: str, where: str) -> None:
    """The four games' own areas, in their words: Pyrinoes' tray and
    boneyard, Pach-Ice-i's pads and pieces home, Iriri's ring and hands,
    Hextris' racks and groups: each carries its words, over an area inside
    the canvas; the tray's ends are named on the board too, and the line of
    play's caption says what it is (every game's labels:
    :func:`test_every_game_labels_its_board_in_sentences_inside_the_canvas`)."""
    size = CANVASES[where]
    table = pyrinoes_turn(size) if game == "pyrinoes" else Table(game, HUMANS, seed=3, size=size)
    scene = table.scene()
    found = labels(scene)
    for words in expected_labels(game, table):
        assert words in found, (words, sorted(found))
        left, top, right, bottom = box_of(found[words])
        assert left >= -0.5 and top >= -0.5 and right <= size[0] + 0.5 and bottom <= size[1] + 0.5, words
        assert right - left >= 20 and bottom - top >= 20, (words, left, top, right, bottom)
    assert all(shape.alpha == 0 or shape.target for shape, _ in scene.labels()) or game == "iriri"
    if game == "pyrinoes":
        targets = {shape.target: words for shape, words in scene.labels() if shape.target}
        assert targets["build:0"] == targets["build:1"] == expected_labels(game, table)[0]
        assert targets["boneyard"] == expected_labels(game, table)[1]
        assert targets["supply:G3"].startswith("A large green, shared by both players: it counts 0 spots")
        assert targets["end:left"].startswith("An open end of the line of play: a tile with ")


CAPTIONS = ("Line of play · round ", "build", "here")
"""The captions drawn on the board (Pyrinoes): the line of play, the empty tray's two ends."""


@pytest.mark.parametrize("where", list(CANVASES))
def test_the_captions_are_inside_the_canvas_clear_of_pieces_and_read_at_4_5_to_1(where: str) -> None:
    size = CANVASES[where]
    scene = pyrinoes_turn(size).scene()
    texts = [s for s in scene.shapes if isinstance(s, Text)]
    captions = [t for t in texts if t.text in CAPTIONS[1:] or t.text.startswith(CAPTIONS[0])]
    assert sorted(t.text.split(" · ")[0] for t in captions) == ["Line of play", "build", "here"]
    pieces = [box_of(s) for s in scene.shapes if isinstance(s, Piece)]
    others = [box_of(t) for t in texts if t not in captions]
    grounds = dict(texts_and_grounds(scene))
    for caption in captions:
        box = box_of(caption)
        assert box[0] >= 0 and box[1] >= 0 and box[2] <= size[0] and box[3] <= size[1], caption
        assert not any(overlap(box, piece) for piece in pieces), caption
        assert not any(overlap(box, other) for other in others), caption
        assert not any(overlap(box, box_of(c)) for c in captions if c is not caption), caption
        assert contrast(caption.fill or "#000", grounds[caption]) >= 4.5, caption


@pytest.mark.parametrize("where", sorted(CANVASES))
def test_no_pyrinoes_words_lie_under_a_piece_before_the_deal(where: str) -> None:
    """Issue 36: before the deal (picking who starts) the person's side drew
    "nothing in hand" faintly behind their supply: no words lie under a piece."""
    scene = Table("pyrinoes", [Seat("human"), Seat("bot", "random")], seed=3, size=CANVASES[where]).scene()
    pieces = [box_of(s) for s in scene.shapes if isinstance(s, Piece)]
    for text in (s for s in scene.shapes if isinstance(s, Text)):
        assert not any(overlap(box_of(text), piece) for piece in pieces), (where, text)


def test_labels_travel_in_the_view_and_not_in_pictures() -> None:
    """The page reads a shape's label from the view's scene; a picture (a
    link's, the build's) leaves labels out, as it leaves out tap areas."""
    from iriri_core.pictures import packed

    table = Table("iriri", HUMANS, seed=3)
    shapes = table.view()["scene"]["shapes"]
    assert any("label" in shape for shape in shapes)
    packed = packed.decode(packed.encode("iriri", "Iriri", [packed.Step(table.view()["scene"], "")]))
    assert not any("label" in shape for step in packed.steps for shape in step.scene["shapes"])
