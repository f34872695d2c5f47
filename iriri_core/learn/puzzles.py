"""Puzzles: a position, a question, and the answer (the solver's moves, in
order), with an optional credit, that travel as a link's options
(``#game=hextris&position=<line>&puzzle=<question>&answer=<move>;<move>``:
docs/embedding.md).  A puzzle is a :class:`~iriri_core.learn.lessons.Lesson`
of kind ``puzzle``, not in its game's tour: the table's lesson mode
(:mod:`iriri_core.learn.lesson_mode`) opens it, refuses a move that is not
the answer, shows it (Show me) and dresses the view for it.

:func:`read_puzzle` makes one from a link's texts, refusing a bad one with
words; :func:`check_puzzle` is the hard bot's check for an editor: whether
the answer is legal, whether its first move is the one the bot finds best,
and which other first moves the bot judges as good.

>>> empty = "hextris:3/4/5/4/3:YB:1:555,555:0,0:0:-"
>>> puzzle = read_puzzle("hextris", empty, "Drop a large on c1", "l @ C1")
>>> puzzle.kind, puzzle.goal, puzzle.solutions
('puzzle', 'Drop a large on c1', (('L@c1',),))
>>> read_puzzle("hextris", empty, "Drop a large", "L@c3")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
iriri_core.learn.puzzles.PuzzleError: answer: move 1, 'L@c3', is not legal in the position: c3 is inside...
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote_plus

from ..bots.searchers import searcher
from ..engine import CHANCE, GameError, get_game
from .coach import FLOOR, deepening
from .lessons import PUZZLE, PUZZLE_ID, Lesson

SAFE = ",-./:;@"
"""What :func:`puzzle_options` writes as it is: the characters of a
position line and of move texts that a link keeps (a space is ``+``)."""

SEPARATOR = ";"
"""Between the answer's moves in a link: no game's move text has one
(docs/notation.md: moves are letters, digits, spaces and ``@ , - + x``)."""

MAX_QUESTION = 200
"""The most characters a question may have: one sentence, as a lesson's goal."""

MAX_CREDIT = 200
"""The most characters a credit may have."""

MAX_ANSWER = 12
"""The most moves an answer may have (a turn of Pach-Ice-i is up to three
moves, an Iriri turn a placement and up to three takes)."""

MARGIN = FLOOR
"""How close (in the solver's chance of winning, 0 to 1) another first move's
value must come to the answer's to be "as good": 0.02, the coach's
:data:`~iriri_core.learn.coach.FLOOR`, the least difference the hard
bot's search tells apart (docs/bots.md, "The coach")."""

NEAR = 0.1
"""Moves the search valued within this of the answer's are searched on
(to :func:`~iriri_core.learn.coach.deepening` visits) before they are
compared with :data:`MARGIN`; the rest are plainly worse."""


class PuzzleError(ValueError):
    """A puzzle that cannot be used, and why, in words for the person who wrote it."""


def _text(value: str, name: str, limit: int, needed: bool) -> str:
    """A question or a credit, checked: one line of at most ``limit`` characters."""
    text = " ".join(value.split())
    if needed and not text:
        raise PuzzleError(f"{name}: it is empty; write the question, like: Blue to play and make a group")
    if len(text) > limit:
        raise PuzzleError(f"{name}: it has {len(text)} characters; at most {limit}")
    if any(unicodedata.category(c).startswith("C") for c in text):
        raise PuzzleError(f"{name}: it has a control character; write it as plain text")
    return text


def answer_texts(answer: str) -> list[str]:
    """The moves of an answer as a link writes them (separated by ``;``)."""
    return [" ".join(move.split()) for move in answer.split(SEPARATOR)]


def solve(game_name: str, state: Any, moves: list[str]) -> tuple[list[str], list[Any]]:
    """The answer's ``moves`` played from ``state``, each the solver's own:
    their canonical texts and the positions after each; PuzzleError says
    which move is wrong and why."""
    game = get_game(game_name)
    solver = game.current_player(state)
    texts, states = [], [state]
    for number, text in enumerate(moves, 1):
        where = f"answer: move {number}, {text!r},"
        if not text:
            raise PuzzleError(f"answer: move {number} is empty; separate the moves by {SEPARATOR}")
        if number > 1 and game.current_player(state) != solver:
            mover = (
                "nobody"
                if game.is_over(state)
                else "chance"
                if game.current_player(state) == CHANCE
                else (f"player {game.current_player(state) + 1}")
            )
            raise PuzzleError(
                f"answer: after move {number - 1} it is {mover}'s turn, not the solver's: "
                "the answer is the solver's own moves only"
            )
        try:
            move = game.parse_move(state, text)
        except GameError as exc:
            raise PuzzleError(f"{where} is not a move of {game.title}: {exc}") from None
        if move not in game.legal_moves(state):
            try:
                game.play(state, move)
                why = "the rules do not allow it here"
            except GameError as exc:
                why = str(exc)
            raise PuzzleError(f"{where} is not legal in the position: {why}")
        texts.append(game.move_text(state, move))
        state = game.play(state, move)
        states.append(state)
    return texts, states


def read_puzzle(game_name: str, position: str, question: str, answer: str, credit: str = "") -> Lesson:
    """The puzzle a link gives: ``position`` (position text or its line),
    ``question``, ``answer`` (the solver's moves separated by ``;``) and
    ``credit``; PuzzleError saying what is wrong."""
    game = get_game(game_name)
    goal = _text(question, "puzzle", MAX_QUESTION, needed=True)
    credit = _text(credit, "credit", MAX_CREDIT, needed=False)
    try:
        state = game.from_text(position)
    except GameError as exc:
        raise PuzzleError(f"position: {exc}") from None
    if game.is_over(state):
        raise PuzzleError("position: the game is over there; a puzzle needs a player to move")
    if game.current_player(state) == CHANCE:
        raise PuzzleError(
            "position: chance is to move there (a roll, a deal); a puzzle needs a player to move"
        )
    moves = answer_texts(answer)
    if not answer.strip():
        raise PuzzleError("answer: it is empty; give the solver's moves, separated by ;")
    if len(moves) > MAX_ANSWER:
        raise PuzzleError(f"answer: it has {len(moves)} moves; at most {MAX_ANSWER}")
    texts, _ = solve(game_name, state, moves)
    count = len(texts)
    said = "the move" if count == 1 else f"the {count} moves in order"
    return Lesson(
        game=game.name,
        id=PUZZLE_ID,
        title="Puzzle",
        teaches=(),
        position=game.to_text(state),
        intro=f"Find the answer and make {said} on the board; Show me shows it.",
        goal=goal,
        solutions=(tuple(texts),),
        done=f"That is the answer: {'; '.join(texts)}.",
        credit=credit,
        kind=PUZZLE,
    )


def puzzle_options(puzzle: Lesson) -> str:
    """The link options that give ``puzzle`` again (docs/embedding.md,
    "Puzzles"): its game, its position (in one line where the game has
    one), the question, the answer and any credit, a space written ``+``.

    >>> hextris = get_game("hextris")
    >>> start = hextris.to_line(hextris.new_game())
    >>> puzzle_options(read_puzzle("hextris", start, "Yellow to drop a small", "S@a1"))
    'game=hextris&position=hextris:3/4/5/4/3:YB:1:555,555:0,0:0:-&puzzle=Yellow+to+drop+a+small&answer=S@a1'
    """
    game = get_game(puzzle.game)
    state = puzzle.start()
    line = game.to_line(state)
    values = {
        "game": puzzle.game,
        "position": line if line is not None else game.to_text(state),
        "puzzle": puzzle.goal,
        "answer": ";".join(puzzle.solutions[0]),
        "credit": puzzle.credit,
    }
    return "&".join(f"{key}={quote_plus(value, safe=SAFE)}" for key, value in values.items() if value)


# ---------------------------------------------------------------- the hard bot's check


@dataclass(frozen=True)
class PuzzleCheck:
    """The hard bot's word on a puzzle's answer, for its editor.

    ``legal`` says whether the answer can be played (``problem``: why not);
    ``answer`` is its moves' texts; ``best`` the first move the hard bot
    chooses, with ``best_value`` the solver's chance of winning after it
    (0 to 1, as the bot's search values it), and ``answer_value`` the same
    after the answer's first move; ``agrees``: the answer's first move is
    the bot's, or within :data:`MARGIN` of it; ``rivals``, where it
    agrees: every other first move the search looked at that comes within
    :data:`MARGIN` of the answer's, with its value, best first (where the
    bot prefers another move, that move is what the editor needs to hear)."""

    legal: bool
    problem: str = ""
    answer: tuple[str, ...] = ()
    best: str = ""
    best_value: float = 0.0
    answer_value: float = 0.0
    agrees: bool = False
    rivals: tuple[tuple[str, float], ...] = ()

    def words(self) -> list[str]:
        """What the editor is told, a sentence a line."""
        if not self.legal:
            return [f"The answer cannot be played: {self.problem}."]
        first = self.answer[0]
        if self.best == first:
            lines = [
                f"The hard bot agrees: it plays {first} too "
                f"(the solver's chance to win after it: {_in100(self.answer_value)})."
            ]
        elif self.agrees:
            lines = [
                f"The hard bot agrees: {first} is as good as its own choice "
                f"({_in100(self.answer_value)}, against {_in100(self.best_value)})."
            ]
        else:
            lines = [
                f"The hard bot prefers {self.best}: the solver's chance to win after it is "
                f"{_in100(self.best_value)}, after the answer's {first} {_in100(self.answer_value)}."
            ]
        lines += [f"Another move is as good: {text} ({_in100(value)})." for text, value in self.rivals]
        return lines


def _in100(value: float) -> str:
    return f"{round(100 * value)} in 100"


def check_puzzle(
    game_name: str, position: str, answer: str, seed: int = 0, iterations: int | None = None
) -> PuzzleCheck:
    """The hard bot's check of ``answer`` (the solver's moves separated by
    ``;``) in ``position``: the search of the hard level seeded with
    ``seed`` (``iterations``: its budget, by default the hard level's),
    from what the solver sees; the same arguments give the same check."""
    thinking = think_check(game_name, position, answer, seed, iterations)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def think_check(
    game_name: str, position: str, answer: str, seed: int = 0, iterations: int | None = None
) -> Generator[None, None, PuzzleCheck]:
    """:func:`check_puzzle` as a generator that yields after every iteration
    of the search, so a page can run it in slices."""
    game = get_game(game_name)
    try:
        state = game.from_text(position)
        if game.is_over(state) or game.current_player(state) == CHANCE:
            raise PuzzleError("the position needs a player to move")
        texts, _ = solve(game_name, state, answer_texts(answer))
    except (GameError, PuzzleError) as exc:
        return PuzzleCheck(legal=False, problem=str(exc).removeprefix("answer: "))
    solver = game.current_player(state)
    view = game.view(state, solver)
    first = game.parse_move(view, texts[0])
    bot = searcher(game, seed=seed, iterations=iterations)
    best = yield from bot.think(game, view)
    if not bot.share(game):  # one legal move: the answer's
        return PuzzleCheck(True, "", tuple(texts), texts[0], 1.0, 1.0, True, ())
    least = deepening(bot.share(game))
    answer_value = yield from bot.value_after(game, first, solver, least)
    best_value = answer_value if best == first else (yield from bot.value_after(game, best, solver, least))
    agrees = best == first or answer_value >= best_value - MARGIN
    rivals = []
    for move in bot.looked_at() if agrees else ():  # (a weak answer: the bot's choice is what to tell)
        if move == first:
            continue
        rough = bot.rough_value(game, move, solver)
        if rough < answer_value - NEAR:
            continue
        value = best_value if move == best else (yield from bot.value_after(game, move, solver, least))
        if value >= answer_value - MARGIN:
            rivals.append((game.move_text(view, move), value))
    rivals.sort(key=lambda item: -item[1])
    return PuzzleCheck(
        True, "", tuple(texts), game.move_text(view, best), best_value, answer_value, agrees, tuple(rivals)
    )


# ---------------------------------------------------------------- a puzzle being made on the page


@dataclass
class PuzzleDraft:
    """A puzzle being made on the page (docs/setup.md, "Make a puzzle"):
    the position set up (``position``, its line), the question and credit
    typed, the answer played on the table from the position, and the hard
    bot's check of it, worked out in slices (:meth:`think`)."""

    game: str
    position: str
    question: str = ""
    credit: str = ""
    checking: Generator[None, None, PuzzleCheck] | None = None
    checked: PuzzleCheck | None = None
    checked_answer: str = ""

    def puzzle(self, moves: list[str]) -> Lesson | str:
        """The puzzle with ``moves`` (played on the table from the position) as its answer,
        or what is missing or wrong, in words."""
        if not moves:
            return "Play the answer on the board: the solver's moves, in order"
        if not self.question.strip():
            return "Write the question the reader is asked"
        try:
            return read_puzzle(self.game, self.position, self.question, SEPARATOR.join(moves), self.credit)
        except PuzzleError as exc:
            return str(exc)

    def check(self, moves: list[str]) -> None:
        """Start the hard bot's check of ``moves`` as the answer."""
        self.checked, self.checked_answer = None, SEPARATOR.join(moves)
        self.checking = think_check(self.game, self.position, self.checked_answer)

    def think(self, budget: float) -> bool:
        """Work at the check for about ``budget`` seconds; whether it is done."""
        if self.checking is None:
            return True
        deadline = time.perf_counter() + budget
        while time.perf_counter() < deadline:
            try:
                next(self.checking)
            except StopIteration as done:
                self.checked, self.checking = done.value, None
                return True
        return False

    def view(self, moves: list[str]) -> dict[str, Any]:
        """What the page shows of the puzzle being made."""
        made = self.puzzle(moves)
        answer = SEPARATOR.join(moves)
        checked = self.checked if self.checked is not None and self.checked_answer == answer else None
        return {
            "question": self.question,
            "credit": self.credit,
            "answer": list(moves),
            "problem": made if isinstance(made, str) else None,
            "options": None if isinstance(made, str) else puzzle_options(made),
            "checking": self.checking is not None,
            "check": checked.words() if checked is not None else None,
        }
