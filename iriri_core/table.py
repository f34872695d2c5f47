"""A game table: the seats, one history, the runner that lets bots and chance
act, who is looking, and the draft of the move a person is putting
together.  Events come in (:meth:`Table.handle`), and the view for the
person at the screen goes out (:mod:`iriri_core.views`).  The table holds
what is on it and composes the parts that work on it: who sits and acts
(:mod:`~iriri_core.seating`), what one viewer may know (:mod:`~iriri_core.sight`),
the events acted on (:mod:`~iriri_core.dispatch`), hints (:mod:`~iriri_core.hinting`),
draw offers (:mod:`~iriri_core.agreement`), undo and redo (:mod:`~iriri_core.undoing`),
what bots and chance do (:mod:`~iriri_core.autoplay`), games opened (:mod:`~iriri_core.opening`).

Pure Python: the whole user journey runs in CPython; the page's route to
the table is in docs/routes.md.

>>> table = Table("iriri", seats=[Seat("human"), Seat("bot", "random")], seed=3)
>>> view = table.handle({"type": "move", "text": "pass"})
>>> view["message"]["text"]
'You may pass only when no placement is possible'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from . import autoplay, coaching, opening, teaching, views
from .bots import Thinking
from .coach import Coach
from .dispatch import handle
from .drafts import drop_targets, put_back, saved_draft
from .engine import Game, GameError, fixed_chance, get_game
from .history import History, Ply
from .lessons import Lesson
from .links import Options, Snapshot
from .presenter import Hint, Presenter, Seen, game_settings, presenter_for, sentence, setting_values
from .records import Record
from .runner import Runner, chance_seed
from .scene import Scene
from .seating import Seating
from .seats import Seat, default_seats
from .sight import Sight, seen_by
from .undoing import redo_target, undo_target, undone_words


class Table:
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
    ) -> None:
        """Deal a new game (of ``game``, by default the one on the table);
        ``seed`` None picks one, so every game can be replayed; ``settings``
        are the game's own (:class:`~iriri_core.presenter.Setting`, checked
        by whoever asks: :func:`~iriri_core.settings.read_settings`),
        each left out at its default."""
        if game is not None and game != self.game.name:
            self._use(game)
        self.figure = False
        if seed is None:
            seed = random.randrange(2**31)
        chosen = {s.name: s.default for s in game_settings(self.presenter)} | (settings or {})
        self._set(seats, seed, History(self.game.new_game(len(seats), seed, **chosen)))
        self.news: list[str | int] = [f"New game of {self.game.title}: " + self.seating().seated()]
        """What just happened, for the live region: texts, and moves (their
        numbers, told in words for the viewer: :func:`iriri_core.views.announcement`)."""

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
        """The lesson on the table (:mod:`iriri_core.teaching`), if it is one."""
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
        history = History.replay(get_game(record.game), record, snapshot.cursor)
        self._use(record.game)
        self._set(seats or [Seat.from_text(text) for text in snapshot.seats], record.seed, history)
        self.figure = figure
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

    def _draft_data(self) -> dict[str, Any] | None:
        return saved_draft(self.steps, self.acting(), self.cursor, self.viewer)

    def _put_back(self, data: Any) -> None:
        """Make again the draft saved as ``data`` (:func:`~iriri_core.drafts.put_back`), if it can be."""
        made = put_back(self.presenter, self.seen(), data, self.cursor)
        if made is not None:
            self.draft, self.steps = made

    def apply(self, options: Options) -> None:
        """Set the table up as a link's options ask (:func:`iriri_core.opening.apply`);
        what was said of the table before (a link refused) is said no more."""
        self.lasting = False
        opening.apply(self, options)

    def switch(self, name: str) -> bool:
        """Start a game of ``name`` with a person against a medium bot; False, with a message,
        if there is no such game (:func:`iriri_core.opening.switch`)."""
        return opening.switch(self, name)

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
        """The coach asked about the finished game (:mod:`iriri_core.coaching`)."""
        self.draw_offer: list[int] = []
        """The people still to answer a draw offered by the person to move."""
        self.generation += 1
        if not self.game.hidden_information and self.human_to_move:
            self.screen = self.seating().actor  # nothing hidden: the screen is the turn of whoever acts

    # ------------------------------------------------------------ reading

    @property
    def settings(self) -> dict[str, int]:
        """The game's own settings, as the game on the table was started with."""
        return setting_values(self.presenter, self.history.start)

    @property
    def state(self) -> Any:
        """The position shown (the cursor moves with undo and redo)."""
        return self.history.state

    @property
    def cursor(self) -> int:
        """How many moves of the game the position shown comes after."""
        return self.history.cursor

    @property
    def moves(self) -> list[str]:
        """The text of every move, undone ones too."""
        return list(self.history.texts)

    @property
    def plies(self) -> list[Ply]:
        """The moves of the game up to the cursor."""
        return self.history.plies[: self.cursor]

    @property
    def states(self) -> list[Any]:
        """Every position of the game, from the start, undone ones too."""
        return [self.history.position(i) for i in range(self.history.length + 1)]

    @property
    def descriptions(self) -> list[str]:
        """Every move in words, as the person at the screen sees it."""
        sight = self.sight()
        return [views.described(sight, i, sight.viewer)[1] for i in range(self.history.length)]

    @property
    def hinting(self) -> Thinking | None:
        """The hint being worked out, if one is."""
        return self.runner.hinting

    @property
    def seat_to_move(self) -> int:
        """The seat to act, CHANCE, or TERMINAL."""
        return self.game.current_player(self.state)

    def seating(self) -> Seating:
        """Who sits and who acts in the position shown (:class:`~iriri_core.seating.Seating`),
        made again only when the position, the seats or the screen change."""
        state, kept = self.state, self._seating
        if (
            kept is None
            or kept.state is not state
            or kept.presenter is not self.presenter
            or (kept.cursor, kept.figure, kept.screen, kept.continued, kept.lesson)
            != (self.cursor, self.figure, self.screen, self.continued, self.lesson is not None)
            or kept.seats != tuple(self.seats)
        ):
            kept = self._seating = Seating(
                self.game,
                self.presenter,
                tuple(self.seats),
                state,
                self.cursor,
                self.figure,
                self.screen,
                self.continued,
                lesson=self.lesson is not None,
                passes=self._passes,
            )
        return kept

    @property
    def person_rolls(self) -> bool:
        """Chance is to roll for the person at the table: they press Roll."""
        return self.seating().person_rolls

    @property
    def human_to_move(self) -> bool:
        """A person is to act now, with a move to choose (:class:`~iriri_core.seating.Seating`)."""
        return self.seating().human_to_move

    def forced(self, state: Any = None) -> Any | None:
        """The pass the table makes for a person in ``state`` (:meth:`iriri_core.seating.Seating.forced`)."""
        return self.seating().forced(state)

    @property
    def viewer(self) -> int:
        """Who the table is shown to (:attr:`iriri_core.seating.Seating.viewer`)."""
        return self.seating().viewer

    @property
    def between_rounds(self) -> bool:
        """A round has ended and the people have not moved on yet."""
        return self.seating().between_rounds

    def legal_moves(self, state: Any = None) -> list[Any]:
        """The legal moves in ``state``, by default the position shown
        (worked out once per position)."""
        state = self.state if state is None else state
        if self._legal[0] is not state:
            self._legal = (state, self.game.legal_moves(state))
        return self._legal[1]

    def acting(self) -> bool:
        """Whether the person at the screen is a person whose turn it is:
        who may pick, tap and play."""
        return self.seating().acting

    def record(self) -> Record:
        """The game so far (up to the end of the history, not the cursor)."""
        return self.history.record(self.game, len(self.seats), self.seed)

    def result_text(self) -> str:
        """How the game on the table ended, in words; "" before the end."""
        return self.seating().result_text()

    def seen(self) -> Seen:
        """The table as the person at the screen sees it (made again only
        when the position, the seats, the screen, the size or the hint being
        worked out change)."""
        seating = self.seating()
        key = (self.size, self.least, self.history.length, self.hinting is not None)
        kept = self._seen
        if kept is None or kept[0] is not seating or kept[1] != key:
            kept = self._seen = (
                seating,
                key,
                seen_by(seating, self.history, self.legal_moves, self.size, key[3], self.least),
            )
        return kept[2]

    def sight(
        self, cursor: int | None = None, size: tuple[float, float] | None = None, figure: bool | None = None
    ) -> Sight:
        """What the person at the screen may know of the table now
        (:class:`~iriri_core.sight.Sight`), from which every view is worked
        out; or, given ``cursor``, ``size`` or ``figure``, the table drawn
        as a picture at move ``cursor``: nothing being put together, no
        hint, nobody thinking, and, in a game with hidden information, as
        anyone may see it."""
        history = self.history
        if cursor is None and size is None and figure is None:
            return Sight(
                seating=self.seating(),
                seen=self.seen(),
                start=history.start,
                plies=tuple(history.plies),
                draft=self.draft,
                hint=self.hint,
                message=self.message,
                news=tuple(self.news),
                draw_offer=tuple(self.draw_offer),
                hinting=self.hinting is not None,
                undo=self.undo_target() is not None,
                decisions=tuple(self.runner.decisions),
                opened=self.opened,
                seed=self.seed,
                settings=tuple(self.settings.items()),
                draft_data=self._draft_data(),
                lesson=self.lesson,
                coach=coaching.coach_view(self),
            )
        cursor = history.cursor if cursor is None else cursor
        figure = self.figure if figure is None else figure
        state, anyone = history.position(cursor), self.game.hidden_information
        seating = replace(self.seating(), state=state, cursor=cursor, figure=figure, anyone=anyone)
        return Sight(
            seating=seating,
            seen=seen_by(seating, history, self.legal_moves, self.size if size is None else size, False),
            start=history.start,
            plies=tuple(history.plies),
            draft=self.presenter.new_draft(),
            opened=self.opened,
            seed=self.seed,
        )

    # ------------------------------------------------------------ acting

    def error(self, text: str, lasting: bool = False) -> None:
        """Tell the player why not; nothing else changes.  A ``lasting``
        error (a link that could not be opened, a save that could not be
        read) stays through the moves of bots and chance until the person
        does something."""
        self.note(text, "error", lasting)

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
        before, refused = self.cursor, teaching.refusal(self, move)
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

    def undo_target(self) -> int | None:
        """Where undo goes: the last earlier position where a person was to
        act (not one where the table passed for them); None if there is
        none (a bot opened and nobody has moved since), or if undo may not
        go there (:func:`iriri_core.undoing.undo_target`)."""
        return undo_target(self.history, self.seating())[0]

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
        (:func:`iriri_core.autoplay.advance`): None when a person is to act,
        the players are between rounds or the game is over, otherwise how
        long to wait before calling again (0 to go on at once)."""
        return autoplay.advance(self, budget)

    def play_bots(self) -> None:
        """Let bots and chance act, without pauses, until a person is to move,
        the people at the table are between rounds, or the game ends."""
        autoplay.play_bots(self)

    # ------------------------------------------------------------ events

    def handle(self, event: Any) -> dict[str, Any]:
        """Apply one event from the page (:meth:`act`) and return the new view."""
        self.act(event)
        return self.view()

    def act(self, event: Any) -> None:
        """Apply one event from the page (docs/page.md; :func:`iriri_core.dispatch.handle`)."""
        handle(self, event)

    def drops(self, source: str) -> list[str]:
        """Where a drag from ``source`` may end: the targets on which the
        presenter makes of it a legal move, or a step of one (a piece put in
        a word); the page lights them up while a piece is dragged."""
        if not self.acting():
            return []
        return drop_targets(self.presenter, self.seen(), self.draft, source)

    # ------------------------------------------------------------ showing

    def view(self) -> dict[str, Any]:
        """Everything the page shows, for the person at the screen
        (docs/page.md); the news, once shown, is told."""
        view = views.page_view(self.sight())
        self.news = []
        return view

    def scene(self) -> Scene:
        """The canvas picture of the table, as :func:`iriri_core.scene.to_svg` writes it, with
        the hint's next steps ringed (the presenter's panel: :func:`iriri_core.views.panel`)."""
        scene: Scene = views.panel(self.sight())["scene"]
        return scene
