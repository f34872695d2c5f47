"""A game table: the seats, one history, the runner that lets bots and chance
act, who is looking, and the draft of the move a person is putting
together.  Events come in (:meth:`Table.handle`), and the view for the
person at the screen goes out (:mod:`iriri_core.views`).

Pure Python: the whole user journey runs in CPython.  The page
(web/main.py) passes events in and paints the view that comes back;
docs/page.md documents both.

>>> table = Table("iriri", seats=[Seat("human"), Seat("bot", "random")], seed=3)
>>> view = table.handle({"type": "move", "text": "pass"})
>>> view["message"]["text"]
'you may pass only when no placement is possible'
"""

from __future__ import annotations

import copy
import hashlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from . import views
from .bots import Thinking, accepts_draw
from .drafts import kept_steps, put_back, saved_draft
from .engine import Game, GameError, fixed_chance, get_game
from .events import event_problem, file_snapshot, new_game_asked, unknown_game
from .hint_plan import plan_hint
from .history import History
from .links import Options, Snapshot
from .presenter import (
    Hint,
    Panel,
    Presenter,
    Reply,
    Seen,
    game_settings,
    presenter_for,
    setting_values,
    table_games,
)
from .records import Record
from .runner import Runner
from .scene import Scene
from .seating import Seating
from .seats import Seat, default_seats
from .sight import Sight

RECENT = 8
"""How many of the last moves a presenter is given (to mark the last move)."""


def chance_seed(seed: int | None, start: str) -> int:
    """What fixes chance in a game: its seed, or, for a game set up from
    position text (which has none), a number drawn from that text."""
    return seed if seed is not None else int(hashlib.sha256(start.encode()).hexdigest()[:12], 16)


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
        self.size = size
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
        by whoever asks: :func:`~iriri_core.presenter.settings_problem`),
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
        self._reset_turn()

    def start_from(self, state: Any) -> None:
        """Put ``state`` on the table as the start of the game (for tests and
        for positions set up by hand): no moves, the same seats."""
        self._set(self.seats, self.seed, History(state))

    def load(self, snapshot: Snapshot, figure: bool = False) -> None:
        """Put ``snapshot`` on the table, whatever its game: the record
        replayed, the cursor and the seats as saved.  Raises
        InvalidRecordError, leaving the table as it was, if it does not replay."""
        record = snapshot.record
        history = History.replay(get_game(record.game), record, snapshot.cursor)
        self._use(record.game)
        self._set([Seat.from_text(text) for text in snapshot.seats], record.seed, history)
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

    def _keep_step(self, event: dict[str, Any], before: Any, failed: bool) -> None:
        """Note ``event`` among what made the draft (:attr:`steps`), where it changed it."""
        if self.draft != before:
            empty = bool(self.draft == self.presenter.new_draft())
            self.steps = kept_steps(self.steps, event, empty, failed)

    def _draft_data(self) -> dict[str, Any] | None:
        return saved_draft(self.steps, self.acting(), self.cursor, self.viewer)

    def _put_back(self, data: Any) -> None:
        """Make again the draft saved as ``data`` (:func:`~iriri_core.drafts.put_back`), if it can be."""
        made = put_back(self.presenter, self.seen(), data, self.cursor)
        if made is not None:
            self.draft, self.steps = made

    def apply(self, options: Options) -> None:
        """Set the table up as a link's options ask (docs/embedding.md)."""
        seats = options.seats
        if options.snapshot is not None:
            snapshot = options.snapshot
            if seats is not None:
                snapshot = replace(snapshot, seats=seats)
            if options.step is not None:
                snapshot = replace(snapshot, cursor=options.step)
            elif options.figure:
                snapshot = replace(snapshot, cursor=0)
            self.load(snapshot, figure=options.figure)
        elif options.position is not None:
            game = get_game(options.game)
            state = game.from_text(options.position)
            players = game.num_players(state)
            record = Record(game.name, players, game.to_text(state))
            self.load(Snapshot(record, seats or ("human",) * players, 0), figure=options.figure)
        else:
            same = options.game == self.game.name
            chosen = [Seat.from_text(text) for text in seats] if seats else self.seats if same else None
            self.new_game(chosen or default_seats(), options.seed, options.game, dict(options.settings))
            self.figure = options.figure

    def switch(self, name: str) -> bool:
        """Start a game of ``name`` with a person against a medium bot (the
        page then puts back a saved match of it, when it has one); False,
        with a message, if there is no such game."""
        self.runner.stop()
        if name not in table_games():
            self.error(unknown_game(name))
            return False
        self.new_game(default_seats(), game=name)
        return True

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
        self.draw_offer: list[int] = []
        """The people still to answer a draw offered by the person to move."""
        self.generation += 1
        self._follow_screen()

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
            or (kept.cursor, kept.figure, kept.screen, kept.continued)
            != (self.cursor, self.figure, self.screen, self.continued)
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
                passes=self._passes,
            )
        return kept

    @property
    def people(self) -> list[int]:
        """The seats of the people at this screen."""
        return self.seating().people

    @property
    def actor(self) -> int:
        """The seat to act (:attr:`iriri_core.seating.Seating.actor`)."""
        return self.seating().actor

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
    def bot_to_move(self) -> bool:
        """A bot or chance acts next, or the table passes for a person: the page lets the table act."""
        return self.seating().bot_to_move

    @property
    def covered(self) -> int | None:
        """The person the covered screen waits for (:attr:`iriri_core.seating.Seating.covered`)."""
        return self.seating().covered

    @property
    def viewer(self) -> int:
        """Who the table is shown to (:attr:`iriri_core.seating.Seating.viewer`)."""
        return self.seating().viewer

    def _follow_screen(self) -> None:
        """Where nothing is hidden, the screen is the turn of whoever is to act."""
        if not self.game.hidden_information and self.human_to_move:
            self.screen = self.actor

    @property
    def between_rounds(self) -> bool:
        """A round has ended and the people have not moved on yet."""
        return self.seating().between_rounds

    def seat_label(self, seat: int) -> str:
        """ "Yellow", "Blue (greedy bot)", or what chance is called ("Chance")."""
        return self.seating().seat_label(seat)

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
        key = (self.size, self.history.length, self.hinting is not None)
        kept = self._seen
        if kept is None or kept[0] is not seating or kept[1] != key:
            kept = self._seen = (seating, key, self._seen_by(seating, self.size, key[2]))
        return kept[2]

    def _seen_by(self, seating: Seating, size: tuple[float, float], hinting: bool) -> Seen:
        game, state, viewer = self.game, seating.state, seating.viewer
        acting = seating.acting
        plies = self.history.plies[max(0, seating.cursor - RECENT) : seating.cursor]
        return Seen(
            game=game,
            state=seating.shown,
            viewer=viewer,
            acting=acting,
            legal=tuple(self.legal_moves(state)) if acting and not seating.person_rolls else (),
            names=seating.names,
            plies=tuple(ply.view(game, viewer) for ply in plies),
            size=size,
            figure=seating.figure,
            cursor=seating.cursor,
            moves=self.history.length,
            thinking=seating.bot_to_move and not game.is_over(state) and not seating.between_rounds,
            chance_name=self.presenter.chance_name,
            hinting=hinting,
            result=seating.result_text(),
            people=len(seating.people),
            passing=seating.pass_words(),
        )

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
            )
        cursor = history.cursor if cursor is None else cursor
        figure = self.figure if figure is None else figure
        seating = Seating(
            self.game,
            self.presenter,
            tuple(self.seats),
            history.position(cursor),
            cursor,
            figure,
            self.screen,
            self.continued,
            anyone=self.game.hidden_information,
            passes=self._passes,
        )
        return Sight(
            seating=seating,
            seen=self._seen_by(seating, self.size if size is None else size, False),
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
        """Tell the player something (an ``error`` says why not, a ``hint``
        suggests a move, a ``note`` is news, such as a declined draw)."""
        self.message = {"kind": kind, "text": text}
        self.lasting = lasting
        self.news = [text]

    def play(self, move: Any) -> bool:
        """Play ``move`` at the cursor, dropping any redo history; False (with
        the reason as the message) if it is illegal."""
        before = self.cursor
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
        go there (:meth:`_undo` says why)."""
        return self._undo()[0]

    def _undo(self) -> tuple[int | None, str]:
        """Where undo goes, and why not where it cannot.  Where some of the
        game is hidden: never back through the move of another person
        sharing the screen, and never back past a move that showed the
        person looking something hidden before it (the other hand at the end
        of a round, a domino played from it, a domino drawn): they would
        play on knowing it."""
        cursor = self.cursor - 1
        while cursor >= 0 and self.seating().acts_alone(self.history.position(cursor)):
            cursor -= 1
        if cursor < 0:
            return None, "there is nothing to undo"
        mover = self.game.current_player(self.history.position(cursor))
        if self.seating().shared_and_hidden() and mover != self.screen:
            return None, "there is nothing to undo"
        plies = self.history.plies[cursor : self.cursor]
        if any(ply.reveals(self.game, seat) for seat in self.seating().watching() for ply in plies):
            return None, "there is no undo here: since then you have seen what another player was hiding"
        return cursor, ""

    def undo(self) -> None:
        """Step back to the last earlier position where a person was to act."""
        target, problem = self._undo()
        if target is None:
            self.error(problem)
            return
        self.history.cursor = target
        if self.seating().shared_and_hidden():
            self.screen = None  # whoever pressed Undo, the mover shows themselves again
        self._reset_turn()
        self.news = [
            f"Undone: the table is as it was after move {self.cursor}"
            if self.cursor
            else "Undone: the table is as it was at the start"
        ]

    def redo(self) -> None:
        """Step forward again through undone moves, past the bots' replies."""
        history = self.history
        if history.cursor >= history.length:
            self.error("there is nothing to redo")
            return
        history.cursor += 1
        while history.cursor < history.length and self.seating().acts_alone(self.state):
            history.cursor += 1
        self._reset_turn()
        self.news = ["Redone: ", self.cursor - 1]

    def advance(self, budget: float = 0.02) -> float | None:
        """Let a bot (or chance) act, thinking for at most ``budget`` seconds.

        Returns None when a person is to act, the players are between rounds
        or the game is over; otherwise how long to wait before calling again
        (0 to go on at once).  The page calls this in a loop and gives the
        browser control in between.
        """
        if self.runner.hinting is not None:
            return self._advance_hint(budget)
        if self.game.is_over(self.state) or not self.bot_to_move:
            self.runner.thinking = None
            return None
        if self.between_rounds:
            return None  # the people at the table say when: Next round
        wait, move = self.runner.act(self.state, self.cursor, budget)
        if move is not None:
            self.play(move)
        return wait

    def request_hint(self) -> None:
        """Ask the strongest level what the person to move should play; the
        answer comes in slices through :meth:`advance`."""
        if not self.acting():
            self.error(self._not_now())
            return
        if self.person_rolls:
            self.error("roll the dice first: a hint is about what to play with them")
            return
        self.runner.start_hint(self.game.view(self.state, self.seat_to_move))
        self.news = ["Looking for a good move…"]

    def _advance_hint(self, budget: float) -> float | None:
        done, move = self.runner.advance_hint(budget)
        if not done:
            return 0.0
        seen = self.seen()
        summary = self.presenter.action_label(self.game, seen.state, move)
        self.draft, self.steps = self.presenter.new_draft(), []  # the steps start from nothing picked
        self.hint = plan_hint(self.presenter, seen, move, summary)
        self.note(self.hint.text(), "hint")
        self.generation += 1
        return None

    def _play_hint(self, hint: Hint | None) -> None:
        """Play the move the hint on the table suggests (Play it)."""
        if hint is None:
            self.error("there is no hint to play: press Hint first")
            return
        self.play(hint.move)

    def _follow_hint(self, hint: Hint | None, cursor: int) -> None:
        """Keep ``hint`` on the table after a tap, a drag or a button that
        took the person to where its next steps lead (no move played, nothing
        refused), its marks moved on; anything else has dropped it."""
        if hint is None or self.cursor != cursor or (self.message or {}).get("kind") == "error":
            return
        if hint.following(self.draft):
            self.hint = hint
            self.message = {"kind": "hint", "text": hint.text()}
            self.news = [hint.next_words()]

    def play_bots(self) -> None:
        """Let bots and chance act, without pauses, until a person is to move,
        the people at the table are between rounds, or the game ends."""
        pace, self.runner.pace = self.runner.pace, 0.0
        try:
            while self.advance(budget=math.inf) is not None:
                pass
        finally:
            self.runner.pace = pace

    # ------------------------------------------------------------ events

    def handle(self, event: Any) -> dict[str, Any]:
        """Apply one event from the page (docs/page.md) and return the new view.
        An event of the wrong shape changes nothing and gets a message."""
        if not isinstance(event, dict) or event.get("type") != "resize":
            self.lasting = False  # the person has acted: the next position clears the message
        problem = event_problem(event)
        if problem:
            self.error(f"the page sent an event this table does not understand: {problem}")
        else:
            self._dispatch(event)
        return self.view()

    def _dispatch(self, event: Any) -> None:
        kind = event["type"]
        hint, cursor = self.hint, self.cursor
        if kind != "resize":
            self.runner.hinting = None  # anything the person does makes a pending hint moot
            self.hint = None  # and drops the hint shown, unless it follows it (_follow_hint)
        name = event.get("name")
        if kind == "resize":
            width, height = event["width"], event["height"]
            self.size = (min(max(width, 48.0), 4000.0), min(max(height, 48.0), 4000.0))
        elif self.figure and not (kind == "command" and name in ("undo", "redo")):
            self.error("this is a figure: it only shows a game; step through it with Previous and Next")
        elif kind == "new":
            self._new_from_event(event)
        elif kind == "game":
            self.switch(event["name"])
        elif kind == "import":
            self._import(event["text"])
        elif kind == "command" and name in ("undo", "redo"):
            self.undo() if name == "undo" else self.redo()
        elif kind == "command" and name == "reveal":
            self._reveal()
        elif kind == "command" and name == "next-round":
            self._next_round()
        elif not self.acting():
            self.error(self._not_now())
        elif kind == "command" and name == "hint":
            self.message = None
            self.request_hint()
        elif kind == "command" and name == "play-hint":
            self._play_hint(hint)
        elif kind == "command" and name in ("draw", "accept", "decline"):
            self.message = None
            self._draw_command(name)
        elif kind == "tap":
            self._reply(self.presenter.tap(self.seen(), self._draft(), event["target"]), event)
            self._follow_hint(hint, cursor)
        elif kind == "drag":
            self._reply(self.presenter.drag(self.seen(), self._draft(), event["from"], event["to"]), event)
            self._follow_hint(hint, cursor)
        elif kind == "command":
            self._reply(self.presenter.command(self.seen(), self._draft(), event["name"]), event)
            self._follow_hint(hint, cursor)
        else:
            self._typed(event["text"])

    def drops(self, source: str) -> list[str]:
        """Where a drag from ``source`` may end: the targets on which the
        presenter makes of it a legal move, or a step of one (a piece put in
        a word); the page lights them up while a piece is dragged."""
        if not self.acting():
            return []
        seen = self.seen()
        panel = self.presenter.panel(seen, self.draft)
        if source not in panel["draggable"]:
            return []
        found = []
        for target in sorted(panel["scene"].targets() - {source}):
            reply = self.presenter.drag(seen, self._draft(), source, target)
            if reply.error:
                continue
            if reply.move is not None:
                if reply.move in seen.legal:
                    found.append(target)
            elif reply.draft != self.draft and target not in panel["draggable"]:
                found.append(target)
        return found

    def _draft(self) -> Any:
        """A copy of the draft, for the presenter to change as it likes."""
        return copy.deepcopy(self.draft)

    def _reply(self, reply: Reply, event: dict[str, Any]) -> None:
        """Take what a presenter made of a tap, a drag or a button (``event``)."""
        before, generation = self.draft, self.generation
        self.draft = reply.draft
        self._take(reply)
        if self.generation == generation:  # the same position: the draft may have changed
            failed = bool(reply.error) or reply.move is not None or reply.roll
            self._keep_step(event, before, failed)

    def _take(self, reply: Reply) -> None:
        if reply.error:
            self.error(reply.error)
        elif reply.roll:
            self.roll()
        elif reply.move is not None:
            self.play(reply.move)
        else:
            self.message = None

    def _reveal(self) -> None:
        """The person the covered screen waits for shows themselves."""
        seat = self.covered
        if seat is None:
            self.error("there is nothing to show: the table is not covered")
            return
        self.screen = seat
        self.news = [f"{self.seat_label(seat)} to play"]

    def _next_round(self) -> None:
        """The players move on from a round's summary to the next round."""
        if not self.between_rounds:
            self.error("there is no round to move on from")
            return
        self.continued = self.cursor
        self.screen = None  # the next round is dealt to a covered screen
        self.generation += 1
        self.news = ["Next round"]

    def _draw_command(self, name: str) -> None:
        """Offer a draw (``draw``), or answer one (``accept``, ``decline``).
        Bots answer at once, by their evaluation; people at this screen answer
        in turn; the draw is played once everyone has agreed."""
        move = self.game.agreed_draw(self.state)
        if move is None:
            self.error(f"{self.game.title} has no draws by agreement")
            return
        mover = self.seat_to_move
        if name == "draw":
            if self.draw_offer:
                self.error("a draw is already offered: accept or decline it")
                return
            for seat, sitter in enumerate(self.seats):
                if sitter.is_bot and not accepts_draw(self.game, self.game.view(self.state, seat), seat):
                    self.note(f"{self.seat_label(seat)} declines the draw: play on")
                    return
            self.draw_offer = [
                seat for seat, sitter in enumerate(self.seats) if seat != mover and not sitter.is_bot
            ]
        elif not self.draw_offer:
            self.error("no draw is offered")
            return
        elif name == "decline":
            seat = self.draw_offer[0]
            self.draw_offer = []
            self.note(f"{self.presenter.player_name(self.state, seat)} declines the draw: play on")
            return
        else:
            self.draw_offer.pop(0)
        if self.draw_offer:
            self.news = [self.offer_text()]
        else:
            self.play(move)

    def offer_text(self) -> str:
        """The question to the next person to answer a draw offer; "" if none."""
        return self.seating().offer_text(self.draw_offer)

    def _not_now(self) -> str:
        if self.game.is_over(self.state):
            return "the game is over: start a new game, or undo"
        if self.forced() is not None:
            return f"{self.seat_label(self.actor)} has no move but to pass, so the table passes for them"
        if self.covered is not None:
            return f"first, {self.seat_label(self.covered)} shows themselves: the table is covered"
        if self.between_rounds:
            return "the round is over: move on to the next round first"
        return f"wait: {self.seat_label(self.actor)} is to move"

    def _typed(self, text: str) -> None:
        try:
            move = self.game.parse_move(self.state, text)
        except GameError as exc:
            self.error(str(exc))
            return
        if move == self.game.agreed_draw(self.state):
            self._draw_command("draw")  # typed, it is an offer: everyone must agree
        elif self.person_rolls:
            self.error("the dice decide the roll: press Roll")
        else:
            self.play(move)

    def _import(self, text: str) -> None:
        """Load a game record file (or a saved match); on any problem say
        what it is and keep the game on the table."""
        try:
            self.load(file_snapshot(text, tuple(seat.text for seat in self.seats)))
        except (ValueError, RecursionError) as exc:
            reason = str(exc) if isinstance(exc, GameError) else "it is not valid JSON"
            self.error(f"that file is not a game this page can open: {reason}; your game is unchanged")
            return
        self.news = ["Opened the game from the file. ", *self.news]

    def _new_from_event(self, event: dict[str, Any]) -> None:
        asked = new_game_asked(event, self.game.name)
        if isinstance(asked, str):
            self.error(asked)
        else:
            self.new_game(*asked)

    # ------------------------------------------------------------ showing

    def view(self) -> dict[str, Any]:
        """Everything the page shows, for the person at the screen
        (docs/page.md); the news, once shown, is told."""
        view = views.page_view(self.sight())
        self.news = []
        return view

    def panel(self) -> Panel:
        """The presenter's panel for the person at the screen, with the
        hint's next steps ringed on the scene (:func:`iriri_core.views.panel`)."""
        return views.panel(self.sight())

    def scene(self) -> Scene:
        """The canvas picture of the table, as :func:`iriri_core.scene.to_svg` writes it."""
        scene: Scene = self.panel()["scene"]
        return scene
