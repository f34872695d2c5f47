"""The designers' examples: every example the rules texts give (Iriri's
figures, Hextris' board, Pyrinoes' pyrinoes), read from ``examples.toml``
beside this module, each a position in one line (docs/notation.md, "One
line") with its credit, and, as the example has them, the moves its figure
steps through and a puzzle for the reader.

This module writes each example's links and wikitext, so that no copy of
them is kept by hand: :func:`figure_options` (a figure, ``mode=figure``),
:func:`puzzle_options` (a puzzle, docs/embedding.md "Puzzles"),
:func:`wikitext` (for the wiki's ``{{Pyramid game}}`` template) and
:func:`markdown`, the section of docs/embedding.md that lists them all
(``python -m iriri_core examples`` prints it).

>>> first = example("iriri-setup")
>>> first.game, first.credit
('iriri', "Hoembla, the rules' own example, figure 1")
>>> figure_options(first)[:40]
'game=iriri&position=iriri:-:YB:1:place:0'
>>> puzzle_options(example("iriri-game-end"))  # doctest: +ELLIPSIS
'game=iriri&position=iriri:2B3B22/...&puzzle=Blue+to+play+the+last+piece+and+win&answer=B1@4,-4&credit=...'
"""

from __future__ import annotations

import functools
import importlib.resources
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote_plus

from ..engine import GameError, get_game
from ..records import Record
from ..site.links import Snapshot
from . import puzzles
from .lessons import Lesson

EXAMPLES_FILE = "examples.toml"

TEMPLATE = "Pyramid game"
"""The wiki's template for a frame of the game (docs/embedding.md, "MediaWiki")."""

BEGIN = "<!-- examples: written by iriri_core.learn.examples (python -m iriri_core examples) -->"
END = "<!-- examples: end -->"
"""The lines around the part of docs/embedding.md that :func:`markdown` writes."""


class ExampleError(ValueError):
    """An example that cannot be used: which, and what is wrong with it."""


@dataclass(frozen=True)
class ExamplePuzzle:
    """What an example asks of the reader: the question and the answer
    (the solver's moves), and, where the hard bot would play another move,
    why the answer stands (``stands``; empty where the bot agrees)."""

    question: str
    answer: tuple[str, ...]
    stands: str = ""


@dataclass(frozen=True)
class Example:
    """One example of a game's rules text, as a position and what shows it."""

    id: str
    game: str
    title: str
    """What it shows, in plain words for someone who has never played."""
    credit: str
    """The designer, and where in the rules the example is."""
    position: str
    """The position, in one line."""
    moves: tuple[str, ...] = ()
    """The moves the figure steps through from the position."""
    step: int = 0
    """The move the figure opens on (0: the position itself)."""
    lesson: str = ""
    """The lesson of the game's tour that starts from the same position, if one does."""
    ways: tuple[str, ...] = ()
    """The other moves the text gives for the same thing (the puzzle's answer is one of them)."""
    puzzle: ExamplePuzzle | None = None

    def start(self) -> Any:
        """The example's position, read."""
        return get_game(self.game).from_text(self.position)

    def as_puzzle(self) -> Lesson | None:
        """The example's puzzle as a link opens it (a lesson in no tour), or None."""
        if self.puzzle is None:
            return None
        answer = puzzles.SEPARATOR.join(self.puzzle.answer)
        return puzzles.read_puzzle(self.game, self.position, self.puzzle.question, answer, self.credit)


FIELDS = {"id", "game", "title", "credit", "position", "moves", "step", "lesson", "ways", "puzzle"}
PUZZLE_FIELDS = {"question", "answer", "stands"}


@functools.cache
def examples() -> tuple[Example, ...]:
    """Every example, in the file's order, each checked (:func:`read_examples`)."""
    file = importlib.resources.files("iriri_core.learn") / EXAMPLES_FILE
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ExampleError(f"{EXAMPLES_FILE}: {exc}") from None
    return read_examples(data)


def example(name: str) -> Example:
    """The example called ``name``; ExampleError if there is none."""
    for found in examples():
        if found.id == name:
            return found
    raise ExampleError(f"there is no example called {name!r}")


def read_examples(data: dict[str, Any]) -> tuple[Example, ...]:
    """The examples of an examples file's data, each checked: its fields,
    its position (read by its game), its moves (legal in turn), its step
    and its puzzle (:func:`iriri_core.learn.puzzles.read_puzzle`)."""
    read = tuple(_example(item) for item in data.get("example", []))
    ids = [item.id for item in read]
    if len(set(ids)) != len(ids):
        raise ExampleError("an example id is used twice")
    return read


def _example(item: Any) -> Example:
    if not isinstance(item, dict):
        raise ExampleError("an example is a table of fields")
    name = item.get("id")
    if not isinstance(name, str) or not name:
        raise ExampleError("an example has no id")
    unknown = set(item) - FIELDS
    if unknown:
        raise ExampleError(f"{name}: no such field {sorted(unknown)[0]!r}")
    for key in ("game", "title", "credit", "position"):
        if not isinstance(item.get(key), str) or not item[key].strip():
            raise ExampleError(f"{name}: it needs its {key}")
    puzzle = item.get("puzzle")
    found = Example(
        id=name,
        game=item["game"],
        title=item["title"],
        credit=item["credit"],
        position=item["position"],
        moves=_texts(item.get("moves", []), name, "moves"),
        step=item.get("step", 0),
        lesson=item.get("lesson", ""),
        ways=_texts(item.get("ways", []), name, "ways"),
        puzzle=None if puzzle is None else _puzzle(puzzle, name),
    )
    try:
        game = get_game(found.game)
        state = game.from_text(found.position)
        for text in found.moves:
            state = game.play(state, game.parse_move(state, text))
    except (GameError, KeyError) as exc:
        raise ExampleError(f"{name}: {exc}") from None
    if not isinstance(found.step, int) or not 0 <= found.step <= len(found.moves):
        raise ExampleError(f"{name}: step is a move of its figure, 0 to {len(found.moves)}")
    try:
        found.as_puzzle()
    except puzzles.PuzzleError as exc:
        raise ExampleError(f"{name}: {exc}") from None
    return found


def _texts(value: Any, name: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(text, str) and text for text in value):
        raise ExampleError(f"{name}: {key} is a list of move texts")
    return tuple(value)


def _puzzle(value: Any, name: str) -> ExamplePuzzle:
    if not isinstance(value, dict) or set(value) - PUZZLE_FIELDS:
        raise ExampleError(f"{name}: a puzzle has only {', '.join(sorted(PUZZLE_FIELDS))}")
    question, stands = value.get("question"), value.get("stands", "")
    if not isinstance(question, str) or not isinstance(stands, str):
        raise ExampleError(f"{name}: a puzzle's question and stands are texts")
    return ExamplePuzzle(question, _texts(value.get("answer"), name, "answer"), stands)


# ---------------------------------------------------------------- links


def _quoted(value: str) -> str:
    return quote_plus(value, safe=puzzles.SAFE)


def figure_options(found: Example) -> str:
    """The link options of the example's figure (docs/embedding.md,
    "Options"): its position as a figure; with moves, a record of them from
    the position, opened at its step."""
    game = get_game(found.game)
    if not found.moves:
        return f"game={found.game}&position={_quoted(found.position)}&mode=figure"
    state = found.start()
    players = game.num_players(state)
    record = Record(found.game, players, game.to_text(state), found.moves)
    code = Snapshot(record, ("human",) * players, len(found.moves)).to_code()
    return f"record={code}&mode=figure&step={found.step}"


def puzzle_options(found: Example) -> str | None:
    """The link options of the example's puzzle, with its credit; None
    where the example asks nothing of the reader."""
    puzzle = found.as_puzzle()
    return None if puzzle is None else puzzles.puzzle_options(puzzle)


def _title(text: str) -> str:
    """``text`` as the template's title: what the site's Share leaves out of one (web/ui/share.js)."""
    return re.sub(r'["|{}\[\]<>]', "", text)


def _caption(text: str) -> str:
    """``text`` safe as a line of wikitext (no link, template or markup)."""
    table = str.maketrans({"|": "/", "[": "(", "]": ")", "{": "(", "}": ")", "<": "(", ">": ")"})
    return text.translate(table).replace("''", "'")


def template(title: str, options: str) -> str:
    """The wikitext of the ``{{Pyramid game}}`` template showing ``options``."""
    return f"{{{{{TEMPLATE}|title={_title(title)}|options={options}}}}}"


def figure_title(found: Example) -> str:
    """The figure's name for its frame: the game and what the example shows."""
    return f"{get_game(found.game).title}: {found.title}"


def puzzle_title(found: Example) -> str:
    """The puzzle's name for its frame: the game and the question."""
    assert found.puzzle is not None
    return f"{get_game(found.game).title} puzzle: {found.puzzle.question}"


def wikitext(found: Example, figure: Callable[[Example], str] = figure_options) -> str:
    """The MediaWiki wikitext of the example: its figure (its options as
    ``figure`` writes them: by default :func:`figure_options`), with a line
    under it naming it and its credit, then its puzzle where it has one (a
    puzzle shows its credit itself)."""
    lines = [
        template(figure_title(found), figure(found)),
        f"''{_caption(found.title)}.'' {_caption(found.credit)}.",
    ]
    options = puzzle_options(found)
    if options is not None:
        lines += ["", template(puzzle_title(found), options)]
    return "\n".join(lines)


def markdown(figure: Callable[[Example], str] = figure_options) -> str:
    """The part of docs/embedding.md, "The designers' examples", between
    :data:`BEGIN` and :data:`END` (both included): each example's wikitext,
    game by game (each figure's options as ``figure`` writes them:
    ``python -m iriri_core examples --pictures`` adds their pictures)."""
    out = [BEGIN]
    game = ""
    for found in examples():
        if found.game != game:
            game = found.game
            out += ["", f"#### {get_game(game).title}"]
        count = len(found.moves)
        steps = f" stepping through {count} move{'s' * (count != 1)}" if count else ""
        shows = f"A figure{steps}" + (" and a puzzle" if found.puzzle is not None else "")
        out += [
            "",
            f"`{found.id}`: {found.title}. Credit: {found.credit}. {shows}.",
            "",
            "```wikitext",
            wikitext(found, figure),
            "```",
        ]
    return "\n".join([*out, "", END])
