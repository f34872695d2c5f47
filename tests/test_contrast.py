"""Contrast (issue 14): every text the scene draws reads at 4.5:1 or better
against what it is drawn on, and the marks of the last turn, a selection and
a word's check stand at 3:1 or better against the cells and the table, as
WCAG 2.1 measures them (1.4.3 for text, 1.4.11 for marks)."""

from __future__ import annotations

import pytest

from iriri_core import Seat, Table
from iriri_core.pictures.drawing import BACKGROUND, BAD, CELL, FOCUS, GOOD, INK, LAST, RULER
from iriri_core.pictures.scene import Circle, Polygon, Rect, Scene, Text
from iriri_core.presenter import table_games

HUMANS = [Seat("human"), Seat("human")]
SIZES = [(900.0, 560.0), (372.0, 620.0), (640.0, 430.0)]


def luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_measure_is_wcags() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def inside(shape: Rect | Circle | Polygon, x: float, y: float) -> bool:
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Circle):
        return (x - shape.x) ** 2 + (y - shape.y) ** 2 <= shape.r**2
    hit = False
    points = shape.points
    for i, (xi, yi) in enumerate(points):
        xj, yj = points[i - 1]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            hit = not hit
    return hit


def texts_and_grounds(scene: Scene) -> list[tuple[Text, str]]:
    """Each text of the scene with the fill it is drawn on: the topmost
    opaque shape drawn before it under the middle of its first letters."""
    found = []
    for index, shape in enumerate(scene.shapes):
        if not isinstance(shape, Text):
            continue
        nudge = {"left": shape.size * 0.3, "right": -shape.size * 0.3}.get(shape.align, 0.0)
        x, y = shape.x + nudge, shape.y
        ground = next(
            under.fill
            for under in reversed(scene.shapes[:index])
            if isinstance(under, Rect | Circle | Polygon)
            and under.fill is not None
            and under.alpha == 1.0
            and inside(under, x, y)
        )
        found.append((shape, ground))
    return found


def tables() -> list[Table]:
    """Tables of every game of the registry, at the start and twelve moves
    in (or at the end of a shorter game); and of the four's own moments:
    Iriri with a word being put together and in the take phase, Pach-Ice-i
    with a piece picked, Pyrinoes some turns into a round."""
    out = []
    for game in table_games():
        table = Table(game, HUMANS, seed=3)
        out.append(table)
        middle = Table(game, HUMANS, seed=3)
        for _ in range(12):
            if middle.game.is_over(middle.state):
                break
            middle.play(middle.legal_moves()[len(middle.legal_moves()) // 2])
        out.append(middle)
    drafting = Table("iriri", HUMANS, seed=3)
    drafting.handle({"type": "tap", "target": "hand:0:0"})
    drafting.handle({"type": "tap", "target": "cell:0,0"})
    out.append(drafting)
    taking = Table("iriri", HUMANS, seed=3)
    taking.play(taking.legal_moves()[0])
    out.append(taking)
    out.append(pach_picked())
    out.extend(pyrinoes_tables())
    return out


def pyrinoes_tables() -> list[Table]:
    """Pyrinoes against a bot some turns into a round: a tile picked with
    the ends it fits lit, a pyrino half built in the tray, and the table
    two people share, covered."""
    out = []
    for draft in ("tile", "build", ""):
        table = Table("pyrinoes", [Seat("human"), Seat("bot", "random")], seed=3)
        table.play_bots()
        for _ in range(6):
            table.play(table.legal_moves()[len(table.legal_moves()) // 2])
            table.play_bots()
        view = table.view()
        if draft == "tile" and view["draggable"]:
            table.handle({"type": "tap", "target": view["draggable"][0]})
        if draft == "build":
            table.handle({"type": "tap", "target": "supply:R3"})
        out.append(table)
    shared = Table("pyrinoes", HUMANS, seed=3)
    shared.play_bots()
    out.append(shared)
    return out


def pach_picked() -> Table:
    """Pach-Ice-i in the middle of a game, a piece picked with its places lit
    (their dice labelled), pieces home in both pads and the last turn marked."""
    table = Table("pach-ice-i", HUMANS, seed=3)
    for _ in range(40):
        if table.person_rolls:
            table.handle({"type": "command", "name": "roll"})
        else:
            table.play(table.legal_moves()[-1])
    if table.person_rolls:
        table.handle({"type": "command", "name": "roll"})
    draggable = table.view()["draggable"]
    assert draggable
    table.handle({"type": "tap", "target": draggable[0]})
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]:g}x{size[1]:g}")
def test_every_text_on_the_table_reads_at_4_5_to_1(size: tuple[float, float]) -> None:
    checked = 0
    for table in tables():
        table.handle({"type": "resize", "width": size[0], "height": size[1]})
        for text, ground in texts_and_grounds(table.scene()):
            assert text.fill is not None
            ratio = contrast(text.fill, ground)
            assert ratio >= 4.5, (
                f"{text.text!r} in {text.fill} on {ground}: {ratio:.2f}:1 ({table.game.name})"
            )
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("mark", [LAST, FOCUS, GOOD, BAD, INK])
def test_the_marks_stand_out_from_the_cells_and_the_table(mark: str) -> None:
    for ground in (CELL, BACKGROUND, "#ffffff"):
        assert contrast(mark, ground) >= 3.0, f"{mark} on {ground}"


def test_the_rulers_read_on_the_table() -> None:
    assert contrast(RULER, BACKGROUND) >= 4.5 and contrast(RULER, CELL) >= 4.5


def test_pach_ice_is_board_shades_and_marks() -> None:
    """Pach-Ice-i's two shades of square are told apart at 2:1, its black
    pieces and the marked squares' frames stand at 3:1 on the dark shade, and
    every mark drawn over the board (a pick, a place to go, the last turn, a
    hint) lies on a white halo, so it stands at 3:1 on either shade."""
    from iriri_core.games.pach_ice_i.drawing import DARK, LIGHT
    from iriri_core.pictures.drawing import PALETTE

    assert contrast(DARK, LIGHT) >= 2.0
    assert contrast(PALETTE["black"], DARK) >= 3.0 and contrast(INK, DARK) >= 3.0
    scene = pach_picked().scene()
    marks = 0
    for index, shape in enumerate(scene.shapes):
        if isinstance(shape, Rect | Circle) and shape.fill is None and shape.stroke in (FOCUS, LAST, GOOD):
            halo = scene.shapes[index - 1]
            assert isinstance(halo, type(shape)) and halo.stroke == "#ffffff" and halo.width > shape.width
            marks += 1
    assert marks >= 3


def test_pyrinoes_marks_lie_on_a_white_halo() -> None:
    """Pyrinoes marks tiles of every colour, the dark backs of the other
    hand's dominoes among them (the last turn's draw, the boneyard): every
    mark (the last turn, a pick, an open end a tile fits, a hint) lies on a
    white halo wider than itself, so it stands at 3:1 on anything."""
    halo = "#ffffff"
    marks = 0
    for table in pyrinoes_tables():
        scene = table.scene()
        for index, shape in enumerate(scene.shapes):
            if isinstance(shape, Rect) and shape.fill is None and shape.stroke in (FOCUS, LAST, GOOD):
                under = scene.shapes[index - 1]
                assert isinstance(under, Rect) and under.stroke == halo and under.width > shape.width
                assert (under.x, under.y, under.w, under.h) == (shape.x, shape.y, shape.w, shape.h)
                assert contrast(shape.stroke, halo) >= 3.0
                marks += 1
    assert marks >= 4
