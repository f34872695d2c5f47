"""A lesson's words agree with its board (issue 36): these games are new to
almost everyone, so every spot, piece, count and panel word a lesson names
is one the learner finds on the board it shows.  The intro and the goal are
read against the lesson's start, the closing words against the board after
the lesson's first way; each lesson says whose colour the learner plays
when it is not the colour of the lesson before."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from test_contrast import contrast, texts_and_grounds
from test_table_words import CANVASES, box_of, overlap

from iriri_core import Table
from iriri_core.games.hextris.board import SPOTS, spot_index, spot_name
from iriri_core.games.pach_ice_i.board import SQUARES, square_index, square_name
from iriri_core.learn.lessons import Lesson, has_tour, tour
from iriri_core.pictures.drawing import HINT, ring_crosses
from iriri_core.pictures.scene import Circle, Piece, Rect, Scene, Text
from iriri_core.presenter import table_games

GAMES = [name for name in table_games() if has_tour(name)]
"""Every game of the registry with a tour."""
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
SIZE_WORDS = {"small": 1, "medium": 2, "large": 3}
PAGE = Path(__file__).resolve().parent.parent / "web" / "index.html"


@dataclass(frozen=True)
class Board:
    """What the learner sees of a lesson at one moment."""

    table: Table
    scene: Scene
    start: bool
    """Whether it is the lesson's start (else: after its first way)."""

    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def learner(self) -> int:
        """The learner's seat: the seat to move at the lesson's start."""
        return int(self.table.game.current_player(self.table.states[0]))

    def colour(self, seat: int) -> str:
        return str(self.table.presenter.player_name(self.state, seat))


def boards(lesson: Lesson, size: tuple[float, float]) -> tuple[Board, Board]:
    """The lesson's board at its start and after its first way, drawn at ``size``."""
    table = Table(lesson.game, size=size)
    table.handle({"type": "lesson", "game": lesson.game, "lesson": lesson.id})
    start = Board(table, table.scene(), True)
    after = Table(lesson.game, size=size)
    after.handle({"type": "lesson", "game": lesson.game, "lesson": lesson.id})
    for text in lesson.solutions[0]:
        after.handle({"type": "move", "text": text})
    assert after.view()["lesson"]["met"], lesson.id
    return start, Board(after, after.scene(), False)


def every_lesson() -> list[Any]:
    return [pytest.param(lesson, id=f"{game}/{lesson.id}") for game in GAMES for lesson in tour(game).lessons]


# ---------------------------------------------------------------- labels on the board


def unreadable(scene: Scene, text: str) -> str | None:
    """Why ``text``, a label the words name, cannot be read on ``scene``
    (None: some drawing of it can): it is not drawn, or every drawing of it
    lies under a piece drawn later or on too faint a ground."""
    grounds = dict(texts_and_grounds(scene))
    drawn = [(i, s) for i, s in enumerate(scene.shapes) if isinstance(s, Text) and s.text == text]
    if not drawn:
        return f"no label {text!r} is drawn"
    for index, shape in drawn:
        covered = any(
            isinstance(later, Piece) and overlap(box_of(shape), box_of(later))
            for later in scene.shapes[index + 1 :]
        )
        if not covered and contrast(shape.fill or "#000", grounds[shape]) >= 4.5:
            return None
    return f"the label {text!r} is hidden under a piece or too faint"


def labels_hidden(board: Board, names: list[tuple[str, list[str]]]) -> list[str]:
    """The problems with ``names``, each a spot the words name and the
    labels that name it on the board."""
    out = []
    for spot, texts in names:
        out += [f"{spot}: {why}" for text in texts if (why := unreadable(board.scene, text))]
    return out


# ---------------------------------------------------------------- each game's names


def iriri_problems(words: str, board: Board) -> list[str]:
    """Cells ("cell 0,-2": its two rulers), pieces ("Y3", "your B1"), and
    counts of the ring ("two Y2s")."""
    state = board.state
    cells = [(f"cell {x},{y}", [x, y]) for x, y in re.findall(r"\bcell (-?\d+),(-?\d+)", words)]
    out = labels_hidden(board, cells)

    def code(piece: Any) -> str:
        return f"{piece.colour[0].upper()}{piece.size}"

    everywhere = {code(p) for p in state.dictionary} | {code(p) for _, p in state.board}
    everywhere |= {code(p) for hand in state.hands for p in hand}
    own = board.colour(board.learner)[0]
    for name in re.findall(r"\b([YB][123])\b", words):
        if name not in everywhere:
            out.append(f"{name} is nowhere on the table")
    for name in re.findall(r"\byour ([YB][123])\b", words):
        mine = {code(p) for p in state.hands[board.learner]}
        if name[0] != own or (board.start and name not in mine):
            out.append(f"your {name}: not in the learner's hand")
    ring = [code(p) for p in state.dictionary]
    for count, name in re.findall(r"\b(one|two|three|four|five) ([YB][123])s?\b", words):
        if ring.count(name) != NUMBERS[count]:
            out.append(f"{count} {name}: the ring holds {ring.count(name)}")
    return out


def spots_named(words: str, spots: list[str]) -> list[str]:
    """The names of ``spots``, a board's spots, that ``words`` say, once each."""
    return list(dict.fromkeys(re.findall(rf"\b({'|'.join(spots)})\b", words)))


def spot_problems(
    words: str,
    board: Board,
    names: list[str],
    piece_at: Callable[[str], tuple[int, int] | None],
    owners: dict[str, int],
) -> list[str]:
    """What a board of named spots (Hextris, Pach-Ice-i; ``names``, each
    spot's) is said to hold: "your large on c3", "the blue small on b2",
    "White's medium on c5" (``owners``: the words for each seat, to their
    seat), "your four on a1, a2, a3 and b4", and counts, "your three
    larges" (the learner's on the board) or "the three larges" (everyone's)."""
    out = []
    spots = "|".join(names)
    owner = "|".join(re.escape(word) for word in owners)
    phrase = rf"(?<![Dd]rop )\b({owner}) (small|medium|large) on ({spots})\b"
    for who, size, spot in re.findall(phrase, words):
        if piece_at(spot) != (owners[who], SIZE_WORDS[size]):
            out.append(f"{who} {size} on {spot}: the board has {piece_at(spot)}")
    listing = rf"(?:{spots})(?:(?:, | and )(?:{spots}))*"
    for count, listed in re.findall(rf"\byour (two|three|four|five) on ({listing})", words):
        named = re.findall(spots, listed)
        mine = [spot for spot in named if (piece_at(spot) or (None,))[0] == board.learner]
        if len(named) != NUMBERS[count] or mine != named:
            out.append(f"your {count} on {listed}: the learner has {len(mine)} there")
    pieces = [piece for piece in map(piece_at, names) if piece is not None]
    for who, count, size in re.findall(r"\b(your|the) (two|three|four|five) (small|medium|large)s\b", words):
        held = [p for p in pieces if p[1] == SIZE_WORDS[size] and (who == "the" or p[0] == board.learner)]
        if len(held) != NUMBERS[count]:
            out.append(f"{who} {count} {size}s: the board has {len(held)}")
    return out


def hextris_problems(words: str, board: Board) -> list[str]:
    state, names = board.state, [spot_name(spot) for spot in range(len(SPOTS))]

    def piece_at(spot: str) -> tuple[int, int] | None:
        piece = state.board[spot_index(spot)]
        return None if piece is None else (state.colours.index(piece.colour), piece.size)

    labelled = [(spot, [spot]) for spot in spots_named(words, names)]
    owners = {"your": board.learner, "your own": board.learner}
    for seat, colour in enumerate(state.colours):
        owners |= {f"the {colour}": seat, f"{colour.capitalize()}'s": seat}
    return labels_hidden(board, labelled) + spot_problems(words, board, names, piece_at, owners)


def pach_problems(words: str, board: Board) -> list[str]:
    state, names = board.state, [square_name(square) for square in range(SQUARES)]

    def piece_at(spot: str) -> tuple[int, int] | None:
        piece: tuple[int, int] | None = state.board[square_index(spot)]
        return piece

    rulers = [(spot, [spot[0], spot[1]]) for spot in spots_named(words, names)]
    owners = {"your": board.learner, "your own": board.learner, "Black's": 0, "White's": 1}
    return labels_hidden(board, rulers) + spot_problems(words, board, names, piece_at, owners)


def pyrinoes_problems(words: str, board: Board) -> list[str]:
    """Open ends ("the open end showing 5") and the learner's tiles ("your 6-1")."""
    state = board.state
    out = []
    if board.start:
        for spots in re.findall(r"\bopen end showing (\d)", words):
            if int(spots) not in state.open_ends:
                out.append(f"open end showing {spots}: the open ends are {state.open_ends}")
    return out


PROBLEMS: dict[str, Callable[[str, Board], list[str]]] = {
    "iriri": iriri_problems,
    "hextris": hextris_problems,
    "pach-ice-i": pach_problems,
    "pyrinoes": pyrinoes_problems,
}
"""The four games' own names (their spots, pieces and counts), checked
against their boards; every game's panel words are checked by
:func:`panel_words_missing`, whatever game it is."""


def no_names(words: str, board: Board) -> list[str]:
    """A game whose names of spots and pieces this file does not read: none checked."""
    return []


# ---------------------------------------------------------------- panel words


def page_words() -> set[str]:
    """The words of the page's own buttons (Offer a draw, Hint, Undo ...)."""
    buttons = re.findall(r"<button[^>]*>([^<]+)</button>", PAGE.read_text(encoding="utf-8"))
    return {word for text in buttons for word in text.split()} | {"Show", "Next", "Start"}


def panel_words_missing(words: str, board: Board) -> list[str]:
    """A capitalised word in the middle of a sentence names something on
    the table (a panel's word, "Groups"; a button, "Build"): it is drawn in
    the scene, is a control of the view or a button of the page, unless it
    is a player's name or a piece's."""
    drawn = {word for shape in board.scene.shapes if isinstance(shape, Text) for word in shape.text.split()}
    controls = {w for control in board.table.view()["controls"] for w in control["label"].split()}
    names = {board.colour(seat) for seat in range(board.table.game.num_players(board.state))}
    known = drawn | controls | page_words() | names | {"I"}
    mid = re.findall(r"(?<![.:!?(] )(?<!^)(?<=[\s(])([A-Z][a-z]+)\b", words)
    return [f"{word!r} is not on the table" for word in mid if word not in known]


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("where", list(CANVASES))
@pytest.mark.parametrize("lesson", every_lesson())
def test_every_name_a_lesson_says_is_on_its_board(lesson: Lesson, where: str) -> None:
    """Spots named are labelled and readable (not under a piece), pieces
    named are where the words put them, counts match, and a panel word
    named is drawn; the intro and goal on the start, the closing words on
    the board the learner's move leaves."""
    start, after = boards(lesson, CANVASES[where])
    check = PROBLEMS.get(lesson.game, no_names)
    problems = [
        f"{part}: {problem}"
        for part, words, board in (
            ("intro", lesson.intro, start),
            ("goal", lesson.goal, start),
            ("done", lesson.done, after),
        )
        for problem in check(words, board) + panel_words_missing(words, board)
    ]
    assert problems == []


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_says_whose_colour_the_learner_plays_when_it_changes(game: str) -> None:
    """The first lesson says which colour the learner is, and so does every
    lesson that puts them in another colour than the lesson before."""
    before = None
    for lesson in tour(game).lessons:
        table = Table(game)
        table.handle({"type": "lesson", "game": game, "lesson": lesson.id})
        colour = table.presenter.player_name(table.state, table.seat_to_move)
        if colour != before:
            assert re.search(rf"\bYou are {colour}\b", lesson.intro), (lesson.id, colour)
        before = colour


def test_the_words_checks_catch_what_issue_36_reported() -> None:
    """Each kind of check fails on words that disagree with the board."""
    pach = tour("pach-ice-i").lesson("stuck")
    start, _ = boards(pach, CANVASES["desktop"])
    assert pach_problems("Move your three larges one die each.", start) == [
        "your three larges: the board has 2"
    ]
    assert pach_problems("Move the three larges, your large on c1 first.", start) == []
    hextris = tour("hextris").lesson("win")
    start, _ = boards(hextris, CANVASES["desktop"])
    assert panel_words_missing("You have banked two groups (see Groups by your name).", start) == [
        "'Groups' is not on the table"
    ]
    assert hextris_problems("your large on d3", start) == ["your large on d3: the board has (0, 1)"]
    assert hextris_problems("your two on d2 and d3", start) == []


# ---------------------------------------------------------------- Show me's rings


def show_me_scene(lesson: Lesson, size: tuple[float, float]) -> Scene:
    """The lesson's start with Show me pressed: its first step ringed."""
    table = Table(lesson.game, size=size)
    table.handle({"type": "lesson", "game": lesson.game, "lesson": lesson.id})
    table.handle({"type": "command", "name": "hint"})
    return table.scene()


@pytest.mark.parametrize("where", list(CANVASES))
@pytest.mark.parametrize("lesson", every_lesson())
def test_show_mes_rings_and_numbers_hide_no_label_and_no_other_ring(lesson: Lesson, where: str) -> None:
    """No ring crosses a label of the board (Pach-Ice-i's rows 4 and 6 were
    under the rings), and no ring's number lies on another ring, another
    number or a label (Pyrinoes' 1 was under the ring 2; on a phone, the ring
    around a size of Hextris' rack crossed the seat's name above it or the
    next size's count beside it)."""
    scene = show_me_scene(lesson, CANVASES[where])
    shapes = scene.shapes
    rings = [s for s in shapes if isinstance(s, Circle | Rect) and s.stroke == HINT and s.fill is None]
    assert rings, "Show me rings what to tap"
    first = shapes.index(rings[0]) - 1  # its halo, the first shape of the hint
    taps = [box_of(s) for s in shapes[:first] if s.target is not None and not isinstance(s, Piece | Text)]
    labels = [
        (s.text, box_of(s))
        for s in shapes[:first]
        if isinstance(s, Text) and not any(overlap(box_of(s), tap) for tap in taps)
    ]
    badges = [s for s in shapes[first:] if isinstance(s, Circle) and s.fill == HINT]
    assert len(badges) == len(rings)
    problems = [
        f"ring {number} crosses {text!r}"
        for number, ring in enumerate(rings, 1)
        for text, box in labels
        if ring_crosses(ring, box)
    ]
    for number, badge in enumerate(badges, 1):
        box = box_of(badge)
        problems += [f"number {number} is on {text!r}" for text, box2 in labels if overlap(box, box2)]
        problems += [
            f"number {number} is on ring {other}"
            for other, ring in enumerate(rings, 1)
            if other != number and ring_crosses(ring, box)
        ]
        problems += [
            f"number {number} is on number {other}"
            for other, badge2 in enumerate(badges, 1)
            if other != number and overlap(box, box_of(badge2))
        ]
    assert problems == []
