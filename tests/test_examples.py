"""The designers' examples (issue 38; iriri_core/learn/examples.toml, docs/embedding.md
"The designers' examples", docs/rules-notes.md "The designers' examples"): each
example's position line reads and writes back the same; its figure and puzzle links
open on a table as a page opens them; each puzzle's answer is legal and solves it;
the hard bot's check agrees, or the example says why its answer stands; what the
rules' words say of each example holds in its position; and docs/embedding.md holds
exactly the wikitext the code writes."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from test_saves import Store, Tab

from iriri_core.engine import get_game
from iriri_core.learn.examples import (
    BEGIN,
    END,
    ExampleError,
    example,
    examples,
    figure_options,
    markdown,
    puzzle_options,
    read_examples,
    wikitext,
)
from iriri_core.learn.lessons import tour
from iriri_core.learn.puzzles import check_puzzle
from iriri_core.site.links import parse_options

ROOT = Path(__file__).resolve().parent.parent

IDS = [found.id for found in examples()]
PUZZLES = [found.id for found in examples() if found.puzzle is not None]


def test_every_game_has_its_texts_examples() -> None:
    """Iriri's five figures, Hextris' board, Pach-Ice-i's board and start (its text gives
    no figure and no worked example), and the four pyrinoes of Pyrinoes' "Examples of
    Pyrinoes"."""
    by_game: dict[str, list[str]] = {}
    for found in examples():
        by_game.setdefault(found.game, []).append(found.id)
    assert {game: len(ids) for game, ids in by_game.items()} == {
        "iriri": 5,
        "hextris": 1,
        "pach-ice-i": 1,
        "pyrinoes": 4,
    }
    figures = [int(found.credit.rsplit(" ", 1)[1]) for found in examples() if found.game == "iriri"]
    assert figures == [1, 2, 3, 4, 5]
    for found in examples():
        assert found.credit and found.title[0].isupper()


@pytest.mark.parametrize("name", IDS)
def test_the_line_reads_and_writes_back_the_same(name: str) -> None:
    found = example(name)
    game = get_game(found.game)
    assert game.to_line(game.from_text(found.position)) == found.position


@pytest.mark.parametrize("name", [found.id for found in examples() if found.lesson])
def test_an_example_starts_where_its_lesson_of_the_tour_starts(name: str) -> None:
    """The tour's lessons credited to the same figure or example start from the same
    position: the two cannot drift apart."""
    found = example(name)
    lesson = tour(found.game).lesson(found.lesson)
    assert get_game(found.game).to_line(lesson.start()) == found.position


def opened(options: str) -> Tab:
    """A tab of the site that followed a link with ``options``, as a page does."""
    return Tab(Store(), link="#" + options)


@pytest.mark.parametrize("name", IDS)
def test_the_figure_link_opens_on_a_table_at_its_step(name: str) -> None:
    found = example(name)
    tab = opened(figure_options(found))
    assert tab.message() == "", tab.message()
    table = tab.table
    assert table.game.name == found.game and table.figure and table.lesson is None
    assert table.moves == list(found.moves)
    assert table.cursor == found.step
    game = table.game
    states = [found.start()]
    for text in found.moves:
        states.append(game.play(states[-1], game.parse_move(states[-1], text)))
    assert table.state == states[found.step]
    assert tab.view["status"]


@pytest.mark.parametrize("name", PUZZLES)
def test_the_puzzle_link_opens_and_its_answer_solves_it(name: str) -> None:
    found = example(name)
    assert found.puzzle is not None
    options = puzzle_options(found)
    assert options is not None
    tab = opened(options)
    assert tab.message() == "", tab.message()
    shown = tab.view["lesson"]
    assert (shown["kind"], shown["goal"], shown["credit"]) == ("puzzle", found.puzzle.question, found.credit)
    assert get_game(found.game).to_line(tab.table.state) == found.position
    for text in found.puzzle.answer:
        tab.send({"type": "move", "text": text})
    assert tab.view["lesson"]["met"], tab.view["message"]
    assert tab.view["message"]["text"].startswith("Well done. That is the answer")


@pytest.mark.parametrize("name", PUZZLES)
def test_the_puzzle_is_the_figures_first_move(name: str) -> None:
    """Where an example has both, its figure steps through the puzzle's answer."""
    found = example(name)
    assert found.puzzle is not None and found.moves
    assert found.moves[: len(found.puzzle.answer)] == found.puzzle.answer


def test_examples_without_a_puzzle_ask_nothing() -> None:
    assert puzzle_options(example("iriri-setup")) is None
    assert "puzzle=" not in wikitext(example("hextris-board"))


def test_iriri_the_figures_as_their_captions_say() -> None:
    """Figure 2: "Example first move [...] P1 ends his turn by taking the pieces marked with
    arrows, resulting in Fig. 3."  Figure 3: "P2 (blue) to move".  Figure 4: "P2 scores 6
    points by placing the large blue piece".  Figure 5: "Finished game, blue wins 36-35.5"."""
    game = get_game("iriri")
    first = example("iriri-first-move")
    state = first.start()
    assert not state.board and first.position == example("iriri-setup").position
    for text in first.moves:
        state = game.play(state, game.parse_move(state, text))
    assert game.to_line(state) == example("iriri-blue-to-move").position
    assert state.scores == (6.5, 0.0) and len(state.hands[0]) == 3, "the first word, then the hand refilled"

    blue = example("iriri-blue-to-move").start()
    assert game.current_player(blue) == 1 and blue.phase == "place" and blue.colours[1] == "blue"

    four = example("iriri-two-words").start()
    scored = {}
    for move in game.legal_moves(four):
        scored[game.move_text(four, move)] = game.play(four, move).scores[1] - four.scores[1]
    assert [text for text, points in scored.items() if points == 6] == ["B3@0,-2"], "one move scores 6"
    assert scored["B3@0,-2"] == max(scored.values())

    five = example("iriri-game-end")
    state = five.start()
    for text in five.moves:
        state = game.play(state, game.parse_move(state, text))
    assert game.is_over(state)
    assert game.outcome(state).scores == (35.5, 36.0) and game.outcome(state).winners == (1,)


def test_pyrinoes_the_rules_pyrinoes_and_their_other_ways() -> None:
    """ "Fire could make a 3-1 pyrino with: A large red next to a small yellow: [...] A small
    yellow on a medium yellow next to a small red: [...] Either of the above with the colours
    interchanged" and likewise Ice's 4-2 and 5-0 and Fire's 6-6: every way the rules give is a
    legal build in the example's position, of the same spots as the puzzle's answer."""
    game = get_game("pyrinoes")
    for found in examples():
        if found.game != "pyrinoes":
            continue
        assert found.puzzle is not None
        state = found.start()
        legal = {game.move_text(state, move) for move in game.legal_moves(state)}
        answer = found.puzzle.answer[0]
        for way in (answer, *found.ways):
            assert game.move_text(state, game.parse_move(state, way)) in legal, (found.id, way)
            assert spots(way) == spots(answer), (found.id, way)
    assert spots("build R3+Y1") == (3, 1) and spots("build K3K2+G3") == (5, 0)
    chain = [found for found in examples() if found.game == "pyrinoes"]
    for before, after in itertools.pairwise(chain):
        state = before.start()
        for text in before.moves:
            state = game.play(state, game.parse_move(state, text))
        assert game.to_line(state) == after.position, "each pyrino is built in turn, in one round"


def spots(build: str) -> tuple[int, int]:
    """The spots of the pyrino a ``build`` move names, the larger first."""
    ends = build.removeprefix("build ").split("+")
    counts = [
        sum(int(pip) for colour, pip in re.findall(r"([RYBKG])(\d)", end) if colour != "G") for end in ends
    ]
    high, low = sorted(counts, reverse=True)
    return high, low


def test_the_text_that_gives_no_worked_example_is_said_so() -> None:
    """Pach-Ice-i's rules give no figure and no worked example: its one example is the
    board and the start its text describes, said so in its credit and in docs/embedding.md."""
    board = example("pach-ice-i-board")
    assert board.moves == () and board.puzzle is None
    game = get_game("pach-ice-i")
    assert board.position == game.to_line(game.new_game(players=2, seed=0))
    docs = (ROOT / "docs" / "embedding.md").read_text()
    assert "Pach-Ice-i's rules give no figure and no worked example" in docs


def test_docs_embedding_md_holds_exactly_what_the_code_writes() -> None:
    """docs/embedding.md, "The designers' examples": the part between the markers is
    :func:`markdown`'s (``python -m iriri_core examples`` prints it)."""
    text = (ROOT / "docs" / "embedding.md").read_text()
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    shown = text[text.index(BEGIN) : text.index(END) + len(END)]
    assert shown == markdown(), "run python -m iriri_core examples and put its output in docs/embedding.md"
    for found in examples():
        assert wikitext(found) in shown


def test_the_wikitext_is_the_template_as_share_writes_it() -> None:
    found = example("iriri-two-words")
    lines = wikitext(found).splitlines()
    assert lines[0] == (
        "{{Pyramid game|title=Iriri: One piece in two words: Blue's large scores 6 points|"
        f"options={figure_options(found)}}}}}"
    )
    assert lines[1] == "''One piece in two words: Blue's large scores 6 points.'' " + found.credit + "."
    assert lines[3].startswith("{{Pyramid game|title=Iriri puzzle: Blue to score 6 points") and lines[
        3
    ].endswith(f"|options={puzzle_options(found)}}}}}")
    for line in (lines[0], lines[3]):
        options = line.split("|options=", 1)[1].removesuffix("}}")
        assert "|" not in options and " " not in options and "{" not in options
        parse_options(options)


EMPTY = "hextris:3/4/5/4/3:YB:1:555,555:0,0:0:-"

BAD: dict[str, tuple[dict[str, Any], str]] = {
    "no id": ({}, "an example has no id"),
    "an unknown field": ({"id": "x", "colour": "red"}, "x: no such field 'colour'"),
    "no position": ({"id": "x", "game": "hextris", "title": "T", "credit": "C"}, "x: it needs its position"),
    "a bad line": (
        {"id": "x", "game": "hextris", "title": "T", "credit": "C", "position": "hextris:nonsense"},
        "x: ",
    ),
    "an illegal move": (
        {
            "id": "x",
            "game": "hextris",
            "title": "T",
            "credit": "C",
            "position": EMPTY,
            "moves": ["L@c3"],
        },
        "x: ",
    ),
    "a step past the moves": (
        {
            "id": "x",
            "game": "hextris",
            "title": "T",
            "credit": "C",
            "position": EMPTY,
            "step": 1,
        },
        "x: step is a move of its figure, 0 to 0",
    ),
    "an illegal answer": (
        {
            "id": "x",
            "game": "hextris",
            "title": "T",
            "credit": "C",
            "position": EMPTY,
            "puzzle": {"question": "Q", "answer": ["L@c3"]},
        },
        "x: answer: move 1, 'L@c3', is not legal",
    ),
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_bad_example_is_refused_with_words(name: str) -> None:
    item, words = BAD[name]
    with pytest.raises(ExampleError) as refused:
        read_examples({"example": [item]})
    assert str(refused.value).startswith(words), str(refused.value)


def test_an_example_named_twice_is_refused() -> None:
    item = {
        "id": "x",
        "game": "hextris",
        "title": "T",
        "credit": "C",
        "position": EMPTY,
    }
    with pytest.raises(ExampleError, match="used twice"):
        read_examples({"example": [item, item]})


@pytest.mark.parametrize("name", PUZZLES)
def test_the_hard_bot_agrees_or_the_example_says_why_its_answer_stands(name: str) -> None:
    """The hard bot's check (seed 0) of each puzzle: where it agrees with the answer, the
    example says nothing; where it would play another move, the example says why the
    designer's answer stands (docs/rules-notes.md, "The designers' examples").  Each
    check takes under a second, so it is in the quick tier."""
    found = example(name)
    assert found.puzzle is not None
    checked = check_puzzle(found.game, found.position, ";".join(found.puzzle.answer))
    assert checked.legal and checked.agrees == (found.puzzle.stands == ""), checked.words()


def test_the_command_prints_the_docs_section(capsys: pytest.CaptureFixture[str]) -> None:
    from iriri_core.__main__ import main

    assert main(["examples"]) == 0
    assert capsys.readouterr().out == markdown() + "\n"


def test_the_command_adds_each_figures_pictures(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m iriri_core examples --pictures``: each figure's options with the pictures
    of its steps, as Share writes them, which a link reads without a note; the rest as the
    docs have it."""
    from iriri_core.__main__ import main

    assert main(["examples", "--pictures"]) == 0
    printed = capsys.readouterr().out
    figures = [
        line for line in printed.splitlines() if line.startswith("{{Pyramid game|") and "&mode=figure" in line
    ]
    assert len(figures) == len(examples())
    for line, found in zip(figures, examples(), strict=True):
        options = line.split("|options=", 1)[1].removesuffix("}}")
        plain, _, picture = options.partition("&picture=")
        assert plain == figure_options(found) and picture.startswith("1.")
        read = parse_options(options)
        assert read.notes == () and read.figure
    assert re.sub(r"&picture=[^}]*", "", printed) == markdown() + "\n"
