"""Pictures (iriri_core/pictures/packed.py and the Table's pictures): what the page
paints before Python is ready, what links carry, and the files Share saves
for a wiki. Codes round-trip in whole pixels; every damaged code is refused
with a reason; drawing pictures leaves the table as it was."""

from __future__ import annotations

import base64
import io
import json
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

from iriri_core import InvalidOptionsError, InvalidPictureError, Seat, Table, get_game
from iriri_core.bots import make_bot
from iriri_core.engine import CHANCE, fixed_chance
from iriri_core.pictures import figures, packed
from iriri_core.pictures.figures import BLANK, SHAPES, first_picture, start_pictures
from iriri_core.pictures.scene import FONT, SVG_FONT, Circle, Line, Polygon, Rect, Scene, Text, to_svg
from iriri_core.presenter import table_games
from iriri_core.site.links import parse_options
from iriri_core.table.views import PICTURE_BUDGET, PICTURE_SIZE


def played(game: str, moves: int, seed: int = 4) -> Table:
    """Two people at a table after ``moves`` moves greedy would make."""
    table = Table(game, [Seat("human"), Seat("human")], seed=seed)
    bot = make_bot("greedy", seed=seed)
    for _ in range(moves):
        game, state = table.game, table.state
        if game.is_over(state):  # (a short game: fewer)
            break
        chance = game.current_player(state) == CHANCE
        table.play(
            fixed_chance(game, state, seed, table.history.length) if chance else bot.choose(game, state)
        )
    return table


def as_painted(scene: dict[str, Any]) -> dict[str, Any]:
    """What a picture keeps of a scene: no targets, no invisible shapes, no
    piece markers, whole pixels."""
    shapes = []
    for shape in scene["shapes"]:
        if shape.get("alpha") == 0 or shape["type"] == "piece":
            continue
        kept = {key: value for key, value in shape.items() if key != "target"}
        if "points" in kept:
            kept["points"] = [[round(x), round(y)] for x, y in kept["points"]]
        else:
            kept["x"], kept["y"] = round(kept["x"]), round(kept["y"])
        for key in ("w", "h", "r"):
            if key in kept:
                kept[key] = round(kept[key])
        shapes.append(kept)
    return {"width": round(scene["width"]), "height": round(scene["height"]), "shapes": shapes}


@pytest.mark.parametrize("game", table_games())
def test_a_code_gives_back_the_scenes_as_the_page_paints_them(game: str) -> None:
    """Every game's pictures: its last three moves of nine (or of a shorter
    game) packed and read back as the page paints them."""
    table = played(game, 9)
    moves = table.history.length
    first = moves - 2
    assert first >= 1, "three steps to pack"
    steps = [
        packed.Step(scene.to_json(), text)
        for scene, text in figures.draw(table, range(first, moves + 1), (640, 480))
    ]
    code = packed.encode(game, table.presenter.label, steps, first=first, moves=moves)
    assert code.startswith("1.") and set(code[2:]) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    ), "URL-safe, so a link carries it as it is"
    picture = packed.decode(code)
    assert (picture.game, picture.label, picture.first, picture.moves) == (
        game,
        table.presenter.label,
        first,
        moves,
    )
    assert [step.text for step in picture.steps] == [step.text for step in steps]
    for step, original in zip(picture.steps, steps, strict=True):
        assert step.scene == as_painted(original.scene)
    assert packed.read(packed.pack(game, table.presenter.label, steps, first, moves)) == picture


def test_a_picture_is_much_smaller_than_its_scene() -> None:
    table = played("iriri", 12)
    [(scene, text)] = figures.draw(table, range(12, 13), PICTURE_SIZE)
    code = packed.encode("iriri", "Iriri", [packed.Step(scene.to_json(), text)])
    assert len(code) * 8 < len(json.dumps(scene.to_json()))


def zipped(data: Any) -> str:
    """``data`` as a picture code, however wrong its content."""
    packed = zlib.compress(json.dumps(data).encode())
    return "1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


GOOD = {"game": "iriri", "label": "Iriri", "first": 0, "moves": 0, "steps": [{"text": "t", "scene": {}}]}


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("", "should start with a version"),
        ("picture", "should start with a version"),
        ("2.abc", "version 2, newer than this page reads"),
        ("1.%%%", "damaged"),
        ("1.eNrLSM3JyQcABiwCFQ", "damaged"),  # "hello": not JSON
        (zipped(GOOD)[:-12], "damaged: it may have been cut short"),
        (zipped([1, 2]), "not an object"),
        (zipped({**GOOD, "game": 3}), "does not name its game"),
        (zipped({**GOOD, "steps": []}), "1 to 1000 steps"),
        (zipped({**GOOD, "first": -1}), "whole numbers"),
        (zipped({**GOOD, "first": 2, "moves": 1}), "whole numbers"),
        (zipped({**GOOD, "steps": [{"scene": {}}]}), "a text and a scene"),
        (zipped(GOOD), "a width and a height"),
        (zipped({**GOOD, "steps": [{"text": "", "scene": {"width": 1, "height": 1, "shapes": 3}}]}), "list"),
        (
            zipped(
                {
                    **GOOD,
                    "steps": [{"text": "", "scene": {"width": 1, "height": 1, "shapes": [{"type": "x"}]}}],
                }
            ),
            "one of rect, circle, polygon, line, text",
        ),
        (
            zipped(
                {
                    **GOOD,
                    "steps": [
                        {
                            "text": "",
                            "scene": {"width": 1, "height": 1, "shapes": [{"type": "rect", "w": 1, "h": 1}]},
                        }
                    ],
                }
            ),
            "needs x and y",
        ),
        (
            zipped(
                {
                    **GOOD,
                    "steps": [
                        {
                            "text": "",
                            "scene": {"width": 1, "height": 1, "shapes": [{"type": "line", "points": [[1]]}]},
                        }
                    ],
                }
            ),
            "needs a list of points",
        ),
        (
            zipped(
                {
                    **GOOD,
                    "steps": [
                        {
                            "text": "",
                            "scene": {
                                "width": 1,
                                "height": 1,
                                "shapes": [{"type": "text", "x": 0, "y": 0, "size": 9}],
                            },
                        }
                    ],
                }
            ),
            "needs its text",
        ),
    ],
)
def test_a_damaged_code_is_refused_with_the_reason(code: str, reason: str) -> None:
    """(web/picture.js refuses the same codes: e2e/test_loading.py tries them in the browser.)"""
    with pytest.raises(InvalidPictureError, match=reason):
        packed.decode(code)


def shapes(*shape: dict[str, Any]) -> str:
    """A code whose one step's scene holds ``shape``."""
    return zipped(
        {**GOOD, "steps": [{"text": "", "scene": {"width": 9, "height": 9, "shapes": list(shape)}}]}
    )


UNDRAWABLE = [
    {"type": "circle", "x": 1, "y": 1, "r": -2},
    {"type": "rect", "x": 1, "y": 1, "w": 2, "h": 2, "radius": -1},
    {"type": "rect", "x": 1, "y": 1, "w": 2},
    {"type": "line", "points": [[1, 1]], "dash": 4},
    {"type": "line", "points": [[1, 1]], "stroke": 7},
    {"type": "text", "x": 1, "y": 1, "text": "a"},
]
"""Shapes a canvas would refuse to draw (a negative radius throws)."""


@pytest.mark.parametrize("shape", UNDRAWABLE)
def test_a_shape_the_painter_cannot_draw_is_refused(shape: dict[str, Any]) -> None:
    with pytest.raises(InvalidPictureError, match="cannot be drawn"):
        packed.decode(shapes(shape))


def test_a_code_that_unpacks_to_too_much_is_refused() -> None:
    bomb = "1." + base64.urlsafe_b64encode(zlib.compress(b" " * (packed.MAX_JSON + 10), 9)).decode()
    with pytest.raises(InvalidPictureError, match="damaged"):
        packed.decode(bomb)
    with pytest.raises(InvalidPictureError, match="too big"):
        packed.decode("1." + "A" * (packed.MAX_CODE + 1))


def test_drawing_pictures_leaves_the_table_as_it_was() -> None:
    table = played("iriri", 8)
    assert table.state.phase == "place"
    table.handle({"type": "tap", "target": f"hand:{table.state.to_move}:0"})  # a piece picked: a draft
    table.view()  # (hands over the announcement)
    before = (table.cursor, table.size, table.figure, table.draft, table.view())
    assert table.draft.selected == 0
    figures.draw(table, range(0, 7), (300, 200))
    figures.picture_code(table, range(2, 3), figure=False)
    assert (table.cursor, table.size, table.figure, table.draft, table.view()) == before


def test_a_figure_pictures_each_move_as_a_figure_shows_it_from_the_move_shown() -> None:
    table = played("hextris", 8)
    picture = packed.decode(figures.picture_code(table, range(3, 6)))
    assert picture.first == 3 and picture.moves == 8 and len(picture.steps) == 3
    assert picture.steps[0].text.startswith("Move 3 of 8")
    assert picture.steps[0].scene["width"] == PICTURE_SIZE[0]


def test_a_figure_takes_as_many_moves_around_its_own_as_fit_its_budget() -> None:
    """A figure Share makes at move 15 carries pictures of the moves before
    it as well as after it, so that Previous as well as Next steps through
    pictures: one before, one after, and so on, while they fit."""
    table = played("iriri", 30)
    code = figures.figure_picture(table, 15)
    assert len(code) <= PICTURE_BUDGET
    picture = packed.decode(code)
    shown = range(picture.first, picture.first + len(picture.steps))
    assert 3 <= len(shown) < 31, "some, not all, of 31 moves fit"
    assert shown.start < 15 < shown.stop - 1, f"moves {shown.start} to {shown.stop - 1}: both ways from 15"
    assert abs((15 - shown.start) - (shown.stop - 1 - 15)) <= 1, "as many before as after"
    assert picture.steps[15 - shown.start].text.startswith("Move 15 of 30")
    more = packed.decode(figures.figure_picture(table, 15, budget=len(code) * 2))
    assert more.first < picture.first and len(more.steps) > len(picture.steps)
    alone = packed.decode(figures.figure_picture(table, 15, budget=10))
    assert (alone.first, len(alone.steps)) == (15, 1), "always the move itself"
    start = packed.decode(figures.figure_picture(table, 0))
    assert start.first == 0 and len(start.steps) >= 3, "at the start, the moves after it"
    last = packed.decode(figures.figure_picture(table, 30))
    assert last.first + len(last.steps) - 1 == 30 and last.first < 30, "at the end, the moves before it"
    whole = packed.decode(figures.figure_picture(played("hextris", 6), 3))
    assert (whole.first, len(whole.steps)) == (0, 7), "a short game fits whole"


def start_scene(name: str, players: int, seed: int, size: tuple[float, float]) -> dict[str, Any]:
    """The start of ``name`` dealt from ``seed``, as a picture keeps it."""
    table = Table(name, [Seat("human")] + [Seat("bot", "medium")] * (players - 1), seed=seed)
    return as_painted(figures.draw(table, range(1), size, figure=False)[0][0].to_json())


@pytest.mark.slow
def test_the_start_pictures_show_what_every_deal_has_and_nothing_of_one() -> None:
    """Issue 22, 13: a game the page deals by itself is dealt at random, so
    the picture painted before Python is ready may neither give the deal
    away nor contradict it.  Every game has one, for each number of players
    and shape; every shape in it is in the start of any deal (30 deals not
    among those it is drawn from), but the blanks, which stand where the
    deal decides a piece (Iriri's ring, and only there).  It holds no seed."""
    drawn = start_pictures()
    assert set(drawn) == {"games"} and set(drawn["games"]) == set(table_games())
    for name, counts in drawn["games"].items():
        game = get_game(name)
        assert sorted(counts, key=int) == [str(n) for n in range(game.min_players, game.max_players + 1)]
        for players, shapes in counts.items():
            for shape, size in SHAPES.items():
                picture = packed.decode(shapes[shape])
                assert picture.game == name and picture.first == 0
                scene = picture.steps[0].scene
                blanks = [s for s in scene["shapes"] if s.get("fill") == BLANK]
                for seed in range(100, 130):
                    dealt = start_scene(name, int(players), seed, size)
                    assert scene["width"] == dealt["width"] and scene["height"] == dealt["height"]
                    others = [s for s in scene["shapes"] if s.get("fill") != BLANK]
                    assert all(s in dealt["shapes"] for s in others), f"{name} {players} {shape} {seed}"
                ring = len(get_game(name).new_game(int(players), seed=1).dictionary) if name == "iriri" else 0
                assert len(blanks) == ring, "a blank for each piece of the ring, and nothing else"
                assert len({(s["w"], s["h"]) for s in blanks}) <= 1, "all alike: no size told"
    inline = first_picture()
    assert set(inline) == {"game", "players", "wide", "tall"}
    assert (inline["game"], inline["players"]) == ("iriri", 2)
    assert packed.read(inline["wide"]) == packed.decode(drawn["games"]["iriri"]["2"]["wide"])


def test_a_link_may_carry_a_picture_of_its_game_and_say_when_to_start() -> None:
    table = played("hextris", 3)
    code = figures.picture_code(table, range(3, 4), figure=False)
    options = parse_options(f"record={table.snapshot().to_code()}&picture={code}&start=now")
    assert options.start_now and not options.notes
    assert not parse_options("seats=human,hard").start_now
    # A picture only shows the link before Python starts: a bad one is noted, and the link opens.
    damaged = parse_options(f"record={table.snapshot().to_code()}&picture=1.abc")
    assert (
        damaged.snapshot == options.snapshot
        and "could not be used (this picture is damaged" in damaged.notes[0]
    )
    assert "it is a picture of hextris, not iriri" in parse_options(f"game=iriri&picture={code}").notes[0]
    with pytest.raises(InvalidOptionsError, match="start: it is ask or now"):
        parse_options("start=later")


def test_pictures_as_files_for_a_wiki() -> None:
    table = played("iriri", 3)
    files = figures.picture_files(table, range(0, 4))
    names = [file.name for file in files]
    assert names[0].startswith("Iriri ") and names[0].endswith(" move 0") and names[3].endswith(" move 3")
    assert len({name.rsplit(" move", 1)[0] for name in names}) == 1, "one game, one name"
    assert files[0].caption == "Iriri, move 0 of 3: the start"
    assert files[1].caption == f"Iriri, move 1 of 3: {table.descriptions[0]}"
    assert all(file.svg.startswith("<svg") and "ring:" not in file.svg for file in files)
    one = packed.wikitext(files[1:2])
    assert one == f"[[File:{names[1]}.png|thumb|upright=1.6|{files[1].caption}]]"
    gallery = packed.wikitext(files, extension="svg")
    assert gallery.startswith('<gallery mode="packed"') and f"File:{names[2]}.svg|" in gallery
    archive = zipfile.ZipFile(
        io.BytesIO(packed.bundle({f"{n}.svg": f.svg.encode() for n, f in zip(names, files, strict=True)}))
    )
    assert archive.namelist() == [f"{name}.svg" for name in names]


def test_a_caption_cannot_break_the_wikitext_around_it() -> None:
    file = packed.PictureFile("x", {}, "", "a [[link]] | {{template}}")
    assert packed.wikitext([file]) == "[[File:x.png|thumb|upright=1.6|a ((link)) / ((template))]]"


def test_a_saved_svg_has_nothing_a_converter_may_draw_otherwise() -> None:
    """ImageMagick's own SVG renderer, MediaWiki's default converter, ignores
    ``opacity``, strokes what does not say ``stroke="none"``, and takes one
    font family or draws nothing after the text. So the SVG writes no
    invisible shape (tap areas are left out), folds a faded shape's alpha into
    its colours, says every fill and stroke, and names one font in its
    attributes (the page's fonts in a style sheet, for browsers and librsvg).
    e2e/test_svg.py draws each game's SVG with both converters."""
    scene = Scene(100, 60)
    scene.add(Rect(0, 0, 100, 60, fill="#f6f1e7"))
    scene.add(Circle(20, 20, 8, fill="#ffffff", alpha=0.0, target="ring:0"))
    scene.add(Polygon(((0, 0), (10, 0), (5, 8)), fill="#3a6fd8", stroke="#1d3a75", alpha=0.3))
    scene.add(Line(((0, 50), (90, 50)), stroke="#abc", width=2, alpha=0.5))
    scene.add(Text(50, 30, "Yellow", size=12))
    svg = to_svg(scene)
    assert "opacity" not in svg and "ring:" not in svg and svg.count("<circle") == 0
    assert 'fill="rgba(58,111,216,0.3)" stroke="rgba(29,58,117,0.3)"' in svg
    assert 'fill="none" stroke="rgba(170,187,204,0.5)" stroke-width="2"' in svg
    assert '<rect x="0" y="0" width="100" height="60" fill="#f6f1e7" stroke="none"/>' in svg
    assert f'font-family="{SVG_FONT}"' in svg and "," not in SVG_FONT
    assert 'fill="#000" stroke="none">Yellow</text>' in svg, "text is black unless it says, as on the canvas"
    assert f"<style>text {{ font-family: {FONT}; }}</style>" in svg
    painter = (Path(__file__).resolve().parent.parent / "web" / "painter.js").read_text()
    assert f'const FONT = "{FONT}";' in painter, "the SVG's fonts are the canvas's"
    named = Scene(10, 10, [Rect(0, 0, 10, 10, fill="white", alpha=0.5)])
    assert 'fill="white" stroke="none" opacity="0.5"' in to_svg(named), "a named colour keeps opacity"
