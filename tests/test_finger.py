"""A table a finger can play on (issue 36): on a touch screen the page asks
that tap targets be 44 px or more (iriri_core/pictures/finger.py); where a table
drawn at its box's size would give less (a phone's lesson, an Iriri board
grown late in a game), it is drawn larger and the page scrolls it, following
the action (the scene's focus)."""

from __future__ import annotations

import pytest

from iriri_core import Table
from iriri_core.bots import make_bot
from iriri_core.learn.lessons import Lesson, tour
from iriri_core.pictures.finger import FINGER, finger_sized, smallest_tap, tap_areas
from iriri_core.pictures.scene import Rect, Scene
from iriri_core.seats import Seat

GAMES = ("iriri", "hextris", "pach-ice-i", "pyrinoes")
BOXES = {"phone": (372.0, 392.0), "landscape": (500.0, 300.0)}
"""The canvas's box under a lesson, on a 390x844 phone held upright and on its side."""


def lessons() -> list[Lesson]:
    return [lesson for game in GAMES for lesson in tour(game).lessons]


def lesson_table(lesson: Lesson, box: tuple[float, float], least: float) -> Table:
    table = Table(lesson.game, size=box)
    table.handle({"type": "resize", "width": box[0], "height": box[1], "least": least})
    table.handle({"type": "lesson", "game": lesson.game, "lesson": lesson.id})
    return table


@pytest.mark.parametrize("where", BOXES)
@pytest.mark.parametrize("lesson", lessons(), ids=lambda lesson: f"{lesson.game}-{lesson.id}")
def test_every_tap_show_me_asks_for_is_a_fingers_width(lesson: Lesson, where: str) -> None:
    """Each tap of Show me's way through the lesson lands on a target 44 px
    or more each way, and the first is the scene's focus (where the page
    scrolls a table larger than its box)."""
    table = lesson_table(lesson, BOXES[where], FINGER)
    taps = 0
    for _ in range(max(len(way) for way in lesson.solutions)):
        if table.view()["lesson"]["met"]:
            break
        table.handle({"type": "command", "name": "hint"})
        hint = table.hint
        assert hint is not None and hint.steps
        first = True
        for step in hint.steps:
            if step.target is not None:
                scene = table.scene()
                area = tap_areas(scene)[step.target]
                assert min(area[2], area[3]) >= FINGER, (step.target, area, (scene.width, scene.height))
                if first:
                    assert scene.focus is not None
                    fx, fy, fw, fh = scene.focus
                    assert fx <= area[0] + area[2] / 2 <= fx + fw and fy <= area[1] + area[3] / 2 <= fy + fh
                first, taps = False, taps + 1
            table.handle(step.event())
    assert taps and table.view()["lesson"]["met"]


@pytest.mark.parametrize("lesson", lessons(), ids=lambda lesson: f"{lesson.game}-{lesson.id}")
def test_with_a_mouse_the_table_fits_its_box(lesson: Lesson) -> None:
    """Without a finger's least (a mouse, an embed, a figure), the table is drawn at its box's size."""
    table = lesson_table(lesson, BOXES["phone"], 0)
    scene = table.scene()
    assert (scene.width, scene.height) == BOXES["phone"]


def test_a_table_grows_only_as_much_as_a_finger_needs() -> None:
    """Taller first, and no taller than the least height that is enough."""

    def draw(width: float, height: float, across: float = 4) -> Scene:
        scene = Scene(width, height)
        scene.add(Rect(0, 0, width / across, height / 10, target="row"))
        return scene

    grown = finger_sized(draw, 300, 300, FINGER)
    assert grown.width == 300 and smallest_tap(grown) >= FINGER
    assert smallest_tap(draw(300, grown.height - 10)) < FINGER
    wider = finger_sized(lambda w, h: draw(w, h, 8), 300, 300, FINGER)
    assert wider.width > 300 and smallest_tap(wider) >= FINGER


@pytest.mark.parametrize("seed", [1, 2])
def test_an_iriri_board_keeps_cells_a_finger_wide_to_the_end(seed: int) -> None:
    """An Iriri game on a phone (the table's box 372x411) played to its end,
    the person's moves the medium bot's: whenever the person is to lay a
    word, each cell they could tap is 44 px or more, however far the board
    has grown, and so is each piece of their hand."""
    table = Table("iriri", [Seat("human"), Seat("bot", "medium")], seed=seed, size=(372.0, 411.0))
    table.handle({"type": "resize", "width": 372.0, "height": 411.0, "least": FINGER})
    bot = make_bot("medium", seed=seed)
    widest = 0.0
    for _ in range(200):
        table.play_bots()
        if table.game.is_over(table.state):
            break
        scene = table.scene()
        areas = tap_areas(scene)
        tapped = [area for target, area in areas.items() if not target.startswith("ring:")]
        assert any(target.startswith("cell:") for target in areas)
        assert min(min(w, h) for _, _, w, h in tapped) >= FINGER, (scene.width, scene.height)
        widest = max(widest, scene.width)
        move = bot.choose(table.game, table.state)
        table.handle({"type": "move", "text": table.game.move_text(table.state, move)})
    assert table.game.is_over(table.state)
    assert widest > 372, "the board outgrew the phone's width, and the table scrolled"


def test_a_finger_wide_iriri_table_follows_the_word_being_laid() -> None:
    """Iriri's last lesson on a phone (its board wider than the phone): the
    table is drawn larger than its box, and once a piece is laid its cell
    is the scene's focus, where the page scrolls the box."""
    lesson = tour("iriri").lesson("last-points")
    table = lesson_table(lesson, (372.0, 411.0), FINGER)
    assert table.scene().width > 372 and table.scene().focus is None
    table.handle({"type": "command", "name": "hint"})
    assert table.hint is not None
    cell = next(step.target for step in table.hint.steps if step.target and step.target.startswith("cell:"))
    for step in table.hint.steps:
        table.handle(step.event())
        if step.target == cell:
            break
    scene = table.scene()
    assert scene.focus == tap_areas(scene)[cell]
