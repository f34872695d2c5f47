"""A game table: the seats, one history, the runner that lets bots and chance
act, who is looking, and the draft of the move a person is putting
together.  Events come in (:meth:`Table.handle`), and the view for the
person at the screen goes out (:mod:`iriri_core.table.views`).  The table holds
what is on it and composes the parts that work on it: who sits and acts
(:mod:`~iriri_core.table.seating`), what one viewer may know (:mod:`~iriri_core.table.sight`),
the events acted on (:mod:`~iriri_core.table.dispatch`), hints (:mod:`~iriri_core.learn.hint_mode`),
draw offers (:mod:`~iriri_core.table.agreement`), undo and redo (:mod:`~iriri_core.table.undoing`),
what bots and chance do (:mod:`~iriri_core.table.autoplay`), games opened (:mod:`~iriri_core.table.opening`).

Pure Python: the whole user journey runs in CPython; the page's route to
the table is in docs/routes.md.

>>> table = Table("iriri", seats=[Seat("human"), Seat("bot", "random")], seed=3)
>>> view = table.handle({"type": "move", "text": "pass"})
>>> view["message"]["text"]
'You may pass only when no placement is possible'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..engine import Game, GameError, fixed_chance, get_game
from ..learn import hint_mode, lesson_mode
from ..learn.coach import Coach
from ..learn.hint_plan import plan_hint
from ..learn.lessons import Lesson
from ..presenter import Hint, Presenter, Seen, game_settings, presenter_for, sentence
from ..seats import Seat, default_seats
from ..site.links import Options, Snapshot
from . import autoplay, dispatch, opening, views
from .changes import KEEP, Changes, Loaded
from .drafts import kept_steps, put_back
from .history import History
from .reading import TableReading
from .runner import Runner, chance_seed
from .seating import Seating
from .undoing import redo_target, undo_target, undone_words


class Table(TableReading):
    """A game at one screen: who sits where, what has been played, who is looking."""

    def __init__(
        self,
        game: str = "iriri",
        seats: list[Seat] | None = None,
        seed: int | None = None,
        pace: float = 0.0,
        size: tuple[float, float] = (900.0, 600.0),
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._seating: Seating | None = None
        self._seen: tuple[Seating, tuple[Any, ...], Seen] | None = None
        self._passes: dict[int, tuple[Any, Any]] = {}
        self._use(game)
        self.pace = pace
        """Seconds a bot waits after the previous move, so people can follow
        (handed to the runner of each game put on the table)."""
        self.size, self.least = size, 0.0  # the canvas, and a tap target's least side (Seen.least)
        self.clock = clock
        """Seconds from some fixed start: paces bots and bounds their slices
        (handed on likewise)."""
        self.generation = 0
        """Counts the changes a page must show (a move, an undo, a hint found)."""
        self.opened = 0
        """How many games have been put on the table (new, loaded, switched
        to): a change tells a page that another game is shown, not a move."""
        self.message: dict[str, str] | None = None
        """What the person is told: why not, a hint, news."""
        self.lasting = False
        """The message stays through moves until the person acts (:meth:`error`)."""
        self._legal: tuple[Any, list[Any]] = (None, [])
        self.figure = False
        """A figure only shows a game: Previous and Next step through it."""
        self.steps: list[dict[str, Any]] | None = []
        """What made the draft, in order (taps, drags and buttons),
        so that a saved match can put it back (:meth:`snapshot`); None
        where it cannot be told that way."""
        self.new_game(seats or default_seats(), seed)

    # ------------------------------------------------------------ setup

    def _use(self, game: str) -> None:
        """Play ``game`` at this table from now on."""
        self.game: Game[Any, Any] = get_game(game)
        self.presenter: Presenter = presenter_for(game)

    def new_game(
        self,
        seats: list[Seat],
        seed: int | None = None,
        game: str | None = None,
        settings: dict[str, int] | None = None,
        position: str | None = None,
    ) -> None:
        """Deal a new game (of ``game``, by default the one on the table);
        ``seed`` None picks one, so every game can be replayed; ``settings``
        are the game's own (:class:`~iriri_core.presenter.Setting`, checked
        by whoever asks: :func:`~iriri_core.settings.read_settings`),
        each left out at its default.  With ``position`` (position text or
        its line, checked by whoever asks), the game starts there instead
        (a solved puzzle played on from)."""
        if game is not None and game != self.game.name:
            self._use(game)
        self.figure = False
        if seed is None:
            seed = random.randrange(2**31)
        if position is not None:
            start = self.game.from_text(position)
        else:
            chosen = {s.name: s.default for s in game_settings(self.presenter)} | (settings or {})
            start = self.game.new_game(len(seats), seed, **chosen)
        self._set(seats, seed, History(start))
        opening = "A game" if position is not None else "New game"
        self.news: list[str | int] = [f"{opening} of {self.game.title}: " + self.seating().seated()]
        """What just happened, for the live region: texts, and moves (their
        numbers, told in words for the viewer: :func:`iriri_core.table.views.announcement`)."""

    def _set(self, seats: list[Seat], seed: int | None, history: History) -> None:
        """Put a whole game on the table at once."""
        self.opened += 1
        self.seats = list(seats)
        self.seed = seed
        self.history = history
        start = self.game.to_text(history.start)
        self.runner = Runner(self.game, seats, seed or 0, chance_seed(seed, start), self.pace, self.clock)
        self.screen: int | None = None
        """The person whose eyes are on the screen, where several share it and
        some of the game is hidden: they have shown themselves (``reveal``)."""
        self.continued: int | None = None
        """The round's end (a cursor) the players have moved on from."""
        self._passes = {}
        self._seating, self._seen = None, None
        self.lesson: Lesson | None = None
        """The lesson on the table (:mod:`iriri_core.learn.lesson_mode`), if it is one."""
        self._reset_turn()

    def start_from(self, state: Any) -> None:
        """Put ``state`` on the table as the start of the game (for tests and
        for positions set up by hand): no moves, the same seats."""
        self._set(self.seats, self.seed, History(state))

    def load(self, snapshot: Snapshot, figure: bool = False, seats: list[Seat] | None = None) -> None:
        """Put ``snapshot`` on the table, whatever its game: the record
        replayed, the cursor and the seats as saved (or ``seats``).  Raises
        InvalidRecordError, leaving the table as it was, if it does not replay."""
        record = snapshot.record
        self._load(
            Loaded(snapshot, History.replay(get_game(record.game), record, snapshot.cursor), figure), seats
        )

    def _load(self, loaded: Loaded, seats: list[Seat] | None = None) -> None:
        snapshot, record = loaded.snapshot, loaded.snapshot.record
        self._use(record.game)
        self._set(seats or [Seat.from_text(text) for text in snapshot.seats], record.seed, loaded.history)
        self.figure = loaded.figure
        self._put_back(snapshot.draft)
        self.news = [
            f"{self.game.title}: {self.seating().seated()}"
            + (f", at move {self.cursor}" if self.cursor else "")
        ]

    def snapshot(self) -> Snapshot:
        """Everything needed to put this table back: record, seats, cursor,
        and the move the person to act is putting together (its draft)."""
        seats = tuple(seat.text for seat in self.seats)
        return Snapshot(self.record(), seats, self.cursor, self._draft_data())

    # ------------------------------------------------------------ the draft kept

    def _put_back(self, data: Any) -> None:
        """Make again the draft saved as ``data`` (:func:`.drafts.put_back`), if it can be."""
        made = put_back(self.presenter, self.seen(), data, self.cursor)
        if made is not None:
            self.draft, self.steps = made

    def apply(self, options: Options) -> None:
        """Set the table up as a link's options ask (:func:`iriri_core.table.opening.apply`);
        what was said of the table before (a link refused) is said no more."""
        self.lasting = False
        self.apply_changes(opening.apply(self.look(), options))

    def switch(self, name: str) -> bool:
        """Start a game of ``name`` with a person against a medium bot; False, with a message,
        if there is no such game (:func:`iriri_core.table.opening.switch`)."""
        changes = opening.switch(name)
        self.apply_changes(changes)
        return changes.error is None

    def _reset_turn(self) -> None:
        """A new position: no draft, no message (but a lasting one), nobody
        thinking, no offer."""
        self.draft = self.presenter.new_draft()
        self.steps = []
        self.hint: Hint | None = None
        """The hint on the table: the move suggested and how far the person
        has followed its steps (:class:`~iriri_core.presenter.Hint`)."""
        if not self.lasting:
            self.message = None
        self.runner.stop()
        self.coach: Coach | None = None
        """The coach asked about the finished game (:mod:`iriri_core.learn.coach_mode`)."""
        self.draw_offer: list[int] = []
        """The people still to answer a draw offered by the person to move."""
        self.generation += 1
        if not self.game.hidden_information and self.human_to_move:
            self.screen = self.seating().actor  # nothing hidden: the screen is the turn of whoever acts

    # ------------------------------------------------------------ acting

    def error(self, text: str, lasting: bool = False) -> None:
        """Tell the player why not; nothing else changes.  A ``lasting``
        error (a link that could not be opened, a save that could not be
        read) stays through the moves of bots and chance until the person
        does something."""
        self.note(text, "error", lasting)

    def forget_message(self) -> None:
        """What was said is done with, a lasting message too."""
        self.message, self.lasting = None, False

    def note(self, text: str, kind: str = "note", lasting: bool = False) -> None:
        """Tell the player something, as a sentence (:func:`~iriri_core.presenter.sentence`):
        an ``error`` says why not, a ``hint`` suggests a move, a ``note`` is news."""
        text = sentence(text)
        self.message = {"kind": kind, "text": text}
        self.lasting = lasting
        self.news = [text]

    def play(self, move: Any) -> bool:
        """Play ``move`` at the cursor, dropping any redo history; False (with
        the reason as the message) if it is illegal."""
        before = self.cursor
        refused = lesson_mode.refusal(self.lesson, tuple(self.moves[:before]), self.state, move)
        if refused:
            self.error(refused)
            return False
        try:
            self.history.play(self.game, move)
        except GameError as exc:
            self.error(str(exc))
            return False
        if self.continued is not None and self.continued > before:
            self.continued = None  # that round's end was undone and played otherwise
        self._reset_turn()
        self.runner.moved()
        self.news = [self.cursor - 1]
        return True

    def roll(self) -> None:
        """Chance rolls for the person to act, who asked (the same dice a
        bot would get here: :func:`iriri_core.engine.fixed_chance`)."""
        if not self.person_rolls:
            self.error("it is not the time to roll")
            return
        self.play(fixed_chance(self.game, self.state, self.runner.chance_seed, self.cursor))

    def undo(self) -> None:
        """Step back to the last earlier position where a person was to act."""
        target, problem = undo_target(self.history, self.seating())
        if target is None:
            self.error(problem)
            return
        self.history.cursor = target
        if self.seating().shared_and_hidden():
            self.screen = None  # whoever pressed Undo, the mover shows themselves again
        self._reset_turn()
        self.news = [undone_words(self.cursor)]

    def redo(self) -> None:
        """Step forward again through undone moves, past the bots' replies."""
        target = redo_target(self.history, self.seating())
        if target is None:
            self.error("there is nothing to redo")
            return
        self.history.cursor = target
        self._reset_turn()
        self.news = ["Redone: ", self.cursor - 1]

    def advance(self, budget: float = 0.02) -> float | None:
        """Let a bot (or chance) act, thinking for at most ``budget`` seconds
        (:func:`iriri_core.table.autoplay.advance`): None when a person is to act,
        the players are between rounds or the game is over, otherwise how
        long to wait before calling again (0 to go on at once)."""
        wait, changes = autoplay.advance(self.look(), budget)
        self.apply_changes(changes)
        return wait

    def play_bots(self) -> None:
        """Let bots and chance act, without pauses, until a person is to move,
        the people at the table are between rounds, or the game ends."""
        pace, self.runner.pace = self.runner.pace, 0.0
        try:
            while self.advance(math.inf) is not None:
                pass
        finally:
            self.runner.pace = pace

    # ------------------------------------------------------------ events

    def handle(self, event: Any) -> dict[str, Any]:
        """Apply one event from the page (:meth:`act`) and return the new view."""
        self.act(event)
        return self.view()

    def act(self, event: Any) -> None:
        """Apply one event from the page (docs/page.md; :func:`iriri_core.table.dispatch.decide`)."""
        if not isinstance(event, dict) or event.get("type") != "resize":
            self.lasting = False  # the person has acted: the next position clears the message
        shown = self.hint
        if dispatch.person_acted(event):
            self.runner.hinting, self.hint = None, None
        self.apply_changes(dispatch.decide(self.look(), event, shown))

    def apply_changes(self, changes: Changes) -> None:
        """Make the ``changes`` a part that decides asks for (:class:`~iriri_core.table.changes.Changes`),
        in the order of its fields: the one place the table is changed from outside."""
        c, cursor = changes, self.cursor
        if c.stop:
            self.runner.stop()
        if c.load is not None:
            self._load(c.load)
        if c.new_game is not None:
            asked = c.new_game
            self.new_game(asked.seats, asked.seed, asked.game, asked.settings, asked.position)
        if c.start_from is not None:
            self.start_from(c.start_from)
        if c.figure is not None:
            self.figure = c.figure
        if c.lesson is not KEEP:
            self.lesson = c.lesson
        self.size, self.least = c.size or self.size, self.least if c.least is None else c.least
        if c.screen is not KEEP:
            self.screen = c.screen
        if c.continued is not KEEP:
            self.continued = c.continued
        if c.draw_offer is not None:
            self.draw_offer = list(c.draw_offer)
        generation, before = self.generation, self.draft
        if c.draft is not KEEP:
            self.draft = c.draft
        if c.coach is not None:
            self.coach, self.runner.coaching = c.coach, c.coach.think()
        if c.think_hint is not None:
            self.runner.start_hint(c.think_hint)
        self._act(c)
        if c.shown:
            self.generation += 1
        if c.step is not None and self.generation == generation and self.draft != before:
            failed = bool(c.error) or c.play is not None or c.roll  # (the draft is noted among its steps)
            self.steps = kept_steps(self.steps, c.step, self.draft == self.presenter.new_draft(), failed)
        if c.follow is not None:
            self.apply_changes(hint_mode.follow_hint(self.look(), c.follow, cursor))
        for more in c.then:
            self.apply_changes(more)

    def _act(self, c: Changes) -> None:
        """What ``c`` plays, and what it says."""
        if c.undo:
            self.undo()
        if c.redo:
            self.redo()
        if c.error:
            self.error(c.error)
        elif c.roll:
            self.roll()
        elif c.play is not None:
            self.play(c.play)
        if c.note is not None:
            self.note(*c.note)
        if c.message is not KEEP:
            self.message = c.message
        if c.hint is not KEEP:
            self.hint = c.hint
        if c.plan is not None:  # the steps start from nothing picked
            self.draft, self.steps = self.presenter.new_draft(), []
            planned = plan_hint(self.presenter, self.seen(), c.plan.move, c.plan.summary)
            self.hint = replace(planned, name=c.plan.name) if c.plan.name else planned
            self.note(c.plan.words.replace("{hint}", self.hint.text()), "hint")
            self.generation += 1
        if c.news is not None:
            self.news = list(c.news)
        if c.news_before:
            self.news = [*c.news_before, *self.news]

    # ------------------------------------------------------------ showing

    def view(self) -> dict[str, Any]:
        """Everything the page shows, for the person at the screen
        (docs/page.md); the news, once shown, is told."""
        view = views.page_view(self.sight())
        self.news = []
        return view
