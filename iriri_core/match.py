"""What a game table holds: seats, history with undo and redo, the move a
person is assembling, bots thinking in slices, and the view the page shows.

Pure Python: the whole user journey runs in CPython.  The page (web/main.py)
passes events in with :meth:`Table.handle` and paints the view that comes
back; docs/page.md documents both.

>>> table = Table("iriri", seats=[Seat("human"), Seat("bot", "random")], seed=3)
>>> view = table.handle({"type": "move", "text": "pass"})
>>> view["message"]["text"]
'you may pass only when no placement is possible'
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from . import links, pictures
from .bots import LEVELS, STRONGEST, Bot, Thinking, accepts_draw, bot_names, make_bot
from .engine import CHANCE, Game, GameError, Outcome, game_names, get_game
from .links import Options, Snapshot
from .pictures import PictureFile, Step
from .pieces import DEFAULT_COLOURS
from .records import Record
from .scene import Scene, to_svg

MAX_ACTIONS = 60
"""At most this many legal moves are listed as buttons; the rest can be typed."""

PICTURE_SIZE = (640.0, 480.0)
"""The size pictures for links are drawn at (the page scales them to fit)."""

PICTURE_BUDGET = 16_000
"""The most characters a figure's pictures take in a link."""

FILE_SIZE = (800.0, 520.0)
"""The size pictures saved as files are drawn at."""


@dataclass(frozen=True)
class Seat:
    """A place at the table: a person, or a bot of some level."""

    kind: str = "human"
    level: str = "medium"

    @property
    def is_bot(self) -> bool:
        """True for a bot seat."""
        return self.kind == "bot"

    def to_json(self) -> dict[str, str]:
        """As in the view's ``setup``."""
        return {"kind": self.kind, "level": self.level} if self.is_bot else {"kind": self.kind}

    @property
    def text(self) -> str:
        """``"human"``, or the bot's level, as links and saved matches write seats."""
        return self.level if self.is_bot else "human"

    @classmethod
    def from_text(cls, text: str) -> Seat:
        """The seat :attr:`text` writes."""
        return cls("human") if text == "human" else cls("bot", text)


class Presenter(Protocol):
    """The game-specific half of a table: the partial move, taps, the scene
    and every text about the game."""

    label: str
    """The game's name on the page ("Hextris (David J. Bush)")."""
    move_help: str
    """How move text is written, under the move box."""
    move_example: str
    """Example moves, shown in the empty move box."""
    seed_help: str
    """What a seed does in a new game, or "" where there is nothing to deal."""

    def new_draft(self) -> Any:
        """An empty partial move."""
        ...

    def tap(self, table: Table, target: str | None) -> None:
        """A tap on the canvas at ``target``."""
        ...

    def drag(self, table: Table, source: str, target: str) -> None:
        """A drag on the canvas from ``source`` to ``target``."""
        ...

    def command(self, table: Table, name: str) -> None:
        """``confirm``, ``takeback`` or ``pass``."""
        ...

    def panel(self, table: Table) -> dict[str, Any]:
        """The game's parts of the view: status, scores, labels, preview,
        placing, buttons, pass_reason, mirror, draggable, and the canvas
        ``scene`` as a Scene."""
        ...

    def describe(self, game: Any, state: Any, move: Any) -> str:
        """A move in words, for the move list and announcements."""
        ...

    def action_label(self, game: Any, state: Any, move: Any) -> str:
        """The label of an action button for ``move``."""
        ...

    def player_name(self, state: Any, seat: int) -> str:
        """What players call ``seat`` ("Yellow")."""
        ...

    def show_hint(self, table: Table, move: Any) -> str:
        """Show a suggested move on the table; returns it in words."""
        ...

    def seat_names(self, players: int) -> list[str]:
        """What the seats of a new game are called, before it is dealt."""
        ...

    def result_text(self, state: Any, outcome: Outcome) -> str:
        """How a finished game ended, in words ("Blue wins with 36; Yellow 35.5")."""
        ...


EVENTS: dict[str, dict[str, tuple[type, ...]]] = {
    "resize": {"width": (int, float), "height": (int, float)},
    "new": {"seats": (list,)},
    "game": {"name": (str,)},
    "command": {"name": (str,)},
    "tap": {"target": (str, type(None))},
    "drag": {"from": (str,), "to": (str,)},
    "move": {"text": (str,)},
    "import": {"text": (str,)},
}
"""Every event the page sends, with the type of each of its fields (docs/page.md)."""


def event_problem(event: Any) -> str:
    """What is wrong with the shape of ``event``, or "" if nothing."""
    if not isinstance(event, dict) or event.get("type") not in EVENTS:
        return f"an event has a type, one of {', '.join(EVENTS)}"
    for name, types in EVENTS[event["type"]].items():
        value = event.get(name)
        if not isinstance(value, types) or isinstance(value, bool):
            return f"a {event['type']} event needs {name}"
    return ""


_PRESENTERS: dict[str, Callable[[], Presenter]] = {}


def register_presenter(game: str, factory: Callable[[], Presenter]) -> None:
    """Make tables of ``game`` use the presenter ``factory`` builds."""
    _PRESENTERS[game] = factory


def colour_name(state: Any, seat: int) -> str:
    """ "Yellow": what players call a seat in a game whose state gives each
    seat a colour (``state.colours``)."""
    name: str = state.colours[seat].capitalize()
    return name


class ColourSeats:
    """Presenter methods for games whose seats are their colours."""

    def player_name(self, state: Any, seat: int) -> str:
        """The seat's colour, capitalised."""
        return colour_name(state, seat)

    def seat_names(self, players: int) -> list[str]:
        """The default colours, capitalised."""
        return [colour.capitalize() for colour in DEFAULT_COLOURS[:players]]


def default_seats() -> list[Seat]:
    """A new table's seats: a person against a medium bot."""
    return [Seat("human"), Seat("bot", "medium")]


def ranked_result(names: list[str], outcome: Outcome) -> str:
    """The winners first, then everyone else, best first: "Blue wins with
    36; Yellow 35.5" or "Yellow and Red share the win with 20; Blue 12"."""
    best = f"{outcome.scores[outcome.winners[0]]:g}"
    winners = " and ".join(names[seat] for seat in outcome.winners)
    verb = "wins" if len(outcome.winners) == 1 else "share the win"
    others = sorted(
        (seat for seat in range(len(outcome.scores)) if seat not in outcome.winners),
        key=lambda seat: -outcome.scores[seat],
    )
    rest = ", ".join(f"{names[seat]} {outcome.scores[seat]:g}" for seat in others)
    return f"{winners} {verb} with {best}" + (f"; {rest}" if rest else "")


class Table:
    """A match in progress, as one screen shows it."""

    def __init__(
        self,
        game: str = "iriri",
        seats: list[Seat] | None = None,
        seed: int | None = None,
        pace: float = 0.0,
        size: tuple[float, float] = (900.0, 600.0),
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._use(game)
        self.pace = pace
        """Seconds a bot waits after the previous move, so people can follow."""
        self.size = size
        self.clock = clock
        """Seconds from some fixed start: paces bots and bounds their slices."""
        self.generation = 0
        self._legal: tuple[Any, list[Any]] = (None, [])
        self.figure = False
        """A figure only shows a game: Previous and Next step through it."""
        self.new_game(seats or default_seats(), seed)

    # ------------------------------------------------------------ setup

    def _use(self, game: str) -> None:
        """Play ``game`` at this table from now on."""
        self.game: Game[Any, Any] = get_game(game)
        self.presenter: Presenter = _PRESENTERS[game]()

    def new_game(self, seats: list[Seat], seed: int | None = None, game: str | None = None) -> None:
        """Deal a new game (of ``game``, by default the one on the table);
        ``seed`` None picks one, so every game can be replayed."""
        if game is not None and game != self.game.name:
            self._use(game)
        self.figure = False
        if seed is None:
            seed = random.randrange(2**31)
        self._set(seats, seed, [self.game.new_game(players=len(seats), seed=seed)], [], [], 0)
        self.announcement = f"New game of {self.game.title}: " + ", ".join(
            self.seat_label(i) for i in range(len(seats))
        )

    def _set(
        self,
        seats: list[Seat],
        seed: int | None,
        states: list[Any],
        moves: list[str],
        descriptions: list[str],
        cursor: int,
    ) -> None:
        """Put a whole match on the table at once."""
        self.seats = list(seats)
        self.seed = seed
        self.states: list[Any] = states
        self.moves: list[str] = moves
        self.descriptions: list[str] = descriptions
        self.cursor = cursor
        base = seed or 0  # a game from a typed position has no seed
        self.bots: dict[int, Bot] = {
            i: make_bot(seat.level, seed=base * 16 + i) for i, seat in enumerate(seats) if seat.is_bot
        }
        self.chance = random.Random(base)
        self.decisions: deque[dict[str, Any]] = deque(maxlen=200)
        """The latest bot decisions: seat, level, seconds from the start of
        thinking to the move (slices and the pauses between them) and slices."""
        self._thought: dict[str, Any] = {}
        self._reset_turn()
        self.last_move_at = self.clock()

    def load(self, snapshot: Snapshot, figure: bool = False) -> None:
        """Put ``snapshot`` on the table, whatever its game: the record
        replayed, the cursor and the seats as saved.  Raises
        InvalidRecordError, leaving the table as it was, if it does not replay."""
        record = snapshot.record
        states = record.replay()
        game = get_game(record.game)
        presenter = _PRESENTERS[record.game]()
        descriptions = [
            presenter.describe(game, state, game.parse_move(state, text))
            for state, text in zip(states, record.moves, strict=False)
        ]
        self._use(record.game)
        seats = [Seat.from_text(text) for text in snapshot.seats]
        self._set(seats, record.seed, states, list(record.moves), descriptions, snapshot.cursor)
        self.figure = figure
        self.announcement = f"{self.game.title}: " + ", ".join(self.seat_label(i) for i in range(len(seats)))
        if snapshot.cursor:
            self.announcement += f", at move {snapshot.cursor}"

    def snapshot(self) -> Snapshot:
        """Everything needed to put this table back: record, seats, cursor."""
        return Snapshot(self.record(), tuple(seat.text for seat in self.seats), self.cursor)

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
            self.new_game(chosen or default_seats(), options.seed, options.game)
            self.figure = options.figure

    def _reset_turn(self) -> None:
        self.draft = self.presenter.new_draft()
        self.message: dict[str, str] | None = None
        self.thinking: Thinking | None = None
        self.hinting: Thinking | None = None
        """The strongest level thinking about a hint for the person to move."""
        self.draw_offer: list[int] = []
        """The people still to answer a draw offered by the person to move."""
        self.generation += 1

    # ------------------------------------------------------------ reading

    @property
    def state(self) -> Any:
        """The position shown (the cursor moves with undo and redo)."""
        return self.states[self.cursor]

    @property
    def seat_to_move(self) -> int:
        """The seat to act, CHANCE, or TERMINAL."""
        return self.game.current_player(self.state)

    @property
    def human_to_move(self) -> bool:
        """True when a person is to act now (never in a figure)."""
        seat = self.seat_to_move
        return not self.figure and 0 <= seat < len(self.seats) and not self.seats[seat].is_bot

    @property
    def bot_to_move(self) -> bool:
        """True when a bot (or chance) acts next (never in a figure)."""
        seat = self.seat_to_move
        return not self.figure and (
            seat == CHANCE or (0 <= seat < len(self.seats) and self.seats[seat].is_bot)
        )

    def seat_label(self, seat: int) -> str:
        """ "Yellow", or "Blue (greedy bot)"."""
        name = self.presenter.player_name(self.state, seat)
        return f"{name} ({self.seats[seat].level} bot)" if self.seats[seat].is_bot else name

    def legal_moves(self) -> list[Any]:
        """The legal moves in the position shown (worked out once per position)."""
        state = self.state
        if self._legal[0] is not state:
            self._legal = (state, self.game.legal_moves(state))
        return self._legal[1]

    def record(self) -> Record:
        """The game so far (up to the end of the history, not the cursor)."""
        start = self.game.to_text(self.states[0])
        return Record(self.game.name, len(self.seats), start, tuple(self.moves), self.seed)

    # ------------------------------------------------------------ acting

    def error(self, text: str) -> None:
        """Tell the player why not; nothing else changes."""
        self.note(text, "error")

    def note(self, text: str, kind: str = "note") -> None:
        """Tell the player something (an ``error`` says why not, a ``hint``
        suggests a move, a ``note`` is news, such as a declined draw)."""
        self.message = {"kind": kind, "text": text}
        self.announcement = text

    def play(self, move: Any) -> bool:
        """Play ``move`` at the cursor, dropping any redo history; False (with
        the reason as the message) if it is illegal."""
        state = self.state
        try:
            after = self.game.play(state, move)
        except GameError as exc:
            self.error(str(exc))
            return False
        description = self.presenter.describe(self.game, state, move)
        del self.states[self.cursor + 1 :], self.moves[self.cursor :], self.descriptions[self.cursor :]
        self.states.append(after)
        self.moves.append(self.game.move_text(state, move))
        self.descriptions.append(description)
        self.cursor += 1
        self._reset_turn()
        self.announcement = description
        outcome = self.game.outcome(after)
        if outcome is not None:
            self.announcement += ". " + self.result_text()
        self.last_move_at = self.clock()
        return True

    def _bot_turn(self, state: Any) -> bool:
        """Whether a bot (or chance) acts in ``state`` (never in a figure)."""
        seat = self.game.current_player(state)
        if self.figure:
            return False
        return seat == CHANCE or (0 <= seat < len(self.seats) and self.seats[seat].is_bot)

    def _undo_target(self) -> int | None:
        """Where undo goes: the last earlier position where a person was to
        act; None if there is none (a bot opened and nobody has moved since)."""
        cursor = self.cursor - 1
        while cursor >= 0 and self._bot_turn(self.states[cursor]):
            cursor -= 1
        return cursor if cursor >= 0 else None

    def undo(self) -> None:
        """Step back to the last earlier position where a person was to act."""
        target = self._undo_target()
        if target is None:
            self.error("there is nothing to undo")
            return
        self.cursor = target
        self._reset_turn()
        self.announcement = f"Undone: back to move {self.cursor + 1}"

    def redo(self) -> None:
        """Step forward again through undone moves, past the bots' replies."""
        if self.cursor >= len(self.states) - 1:
            self.error("there is nothing to redo")
            return
        self.cursor += 1
        while self.cursor < len(self.states) - 1 and self._bot_turn(self.state):
            self.cursor += 1
        self._reset_turn()
        self.announcement = f"Redone: {self.descriptions[self.cursor - 1]}"

    def advance(self, budget: float = 0.02) -> float | None:
        """Let a bot (or chance) act, thinking for at most ``budget`` seconds.

        Returns None when a person is to move or the game is over; otherwise
        how long to wait before calling again (0 to go on at once).  The page
        calls this in a loop and gives the browser control in between.
        """
        if self.hinting is not None:
            return self._advance_hint(budget)
        if self.game.is_over(self.state) or not self.bot_to_move:
            self.thinking = None
            return None
        if self.thinking is None:
            wait = self.pace - (self.clock() - self.last_move_at)
            if wait > 0:
                return wait
            seat = self.seat_to_move
            draw = self.game.agreed_draw(self.state)
            if draw is not None and self.cursor >= self.game.move_cap and all(s.is_bot for s in self.seats):
                self.play(draw)  # bots alone would play on for ever: they stop at the game's cap
                return 0.0
            if seat == CHANCE:
                outcomes, weights = zip(*self.game.chance_outcomes(self.state), strict=True)
                self.play(self.chance.choices(outcomes, weights)[0])
                return 0.0
            self.thinking = self.bots[seat].think(self.game, self.game.view(self.state, seat))
            self._thought = {
                "seat": seat,
                "level": self.seats[seat].level,
                "started": self.clock(),
                "slices": 0,
            }
        deadline = self.clock() + budget
        self._thought["slices"] += 1
        while True:
            try:
                next(self.thinking)
            except StopIteration as done:
                self.thinking = None
                thought = self._thought
                self.decisions.append(
                    {
                        "seat": thought["seat"],
                        "level": thought["level"],
                        "seconds": round(self.clock() - thought["started"], 4),
                        "slices": thought["slices"],
                    }
                )
                self.play(done.value)
                return 0.0
            if self.clock() >= deadline:
                return 0.0

    def request_hint(self) -> None:
        """Ask the strongest level what the person to move should play; the
        answer comes in slices through :meth:`advance`."""
        if not self.human_to_move:
            self.error(self._not_now())
            return
        seat = self.seat_to_move
        bot = make_bot(STRONGEST, seed=(self.seed or 0) * 16 + 15)
        self.hinting = bot.think(self.game, self.game.view(self.state, seat))
        self.announcement = "Looking for a good move…"

    def _advance_hint(self, budget: float) -> float | None:
        assert self.hinting is not None
        deadline = self.clock() + budget
        while True:
            try:
                next(self.hinting)
            except StopIteration as done:
                self.hinting = None
                self.note("Hint: " + self.presenter.show_hint(self, done.value), "hint")
                self.generation += 1
                return None
            if self.clock() >= deadline:
                return 0.0

    def play_bots(self) -> None:
        """Let bots and chance act, without pauses, until a person is to move
        or the game ends."""
        pace, self.pace = self.pace, 0.0
        try:
            while self.advance(budget=math.inf) is not None:
                pass
        finally:
            self.pace = pace

    # ------------------------------------------------------------ events

    def handle(self, event: Any) -> dict[str, Any]:
        """Apply one event from the page (docs/page.md) and return the new view.
        An event of the wrong shape changes nothing and gets a message."""
        problem = event_problem(event)
        if problem:
            self.error(f"the page sent an event this table does not understand: {problem}")
        else:
            self._dispatch(event)
        return self.view()

    def _dispatch(self, event: Any) -> None:
        kind = event["type"]
        if kind != "resize":
            self.hinting = None  # anything the person does makes a pending hint moot
        if kind == "resize":
            width, height = event["width"], event["height"]
            self.size = (min(max(width, 48.0), 4000.0), min(max(height, 48.0), 4000.0))
        elif self.figure and not (kind == "command" and event["name"] in ("undo", "redo")):
            self.error("this is a figure: it only shows a game; step through it with Previous and Next")
        elif kind == "new":
            self._new_from_event(event)
        elif kind == "game":
            self.switch(event["name"])
        elif kind == "import":
            self._import(event["text"])
        elif kind == "command" and event["name"] in ("undo", "redo"):
            self.undo() if event["name"] == "undo" else self.redo()
        elif not self.human_to_move:
            self.error(self._not_now())
        elif kind == "command" and event["name"] == "hint":
            self.message = None
            self.request_hint()
        elif kind == "command" and event["name"] in ("draw", "accept", "decline"):
            self.message = None
            self._draw_command(event["name"])
        elif kind == "tap":
            self.presenter.tap(self, event["target"])
        elif kind == "drag":
            self.presenter.drag(self, event["from"], event["to"])
        elif kind == "command":
            self.message = None
            self.presenter.command(self, event["name"])
        else:
            self._typed(event["text"])

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
            self.announcement = self._offer_text()
        else:
            self.play(move)

    def switch(self, name: str) -> bool:
        """Start a game of ``name`` with a person against a medium bot (the
        page then puts back a saved match of it, when it has one); False,
        with a message, if there is no such game."""
        self.hinting = None
        if not self._known(name):
            return False
        self.new_game(default_seats(), game=name)
        return True

    def _known(self, name: str) -> bool:
        """Whether ``name`` is a game; if not, says so."""
        if name in game_names():
            return True
        self.error(f"there is no game called {name!r}; the games are: {', '.join(game_names())}")
        return False

    def _not_now(self) -> str:
        if self.game.is_over(self.state):
            return "the game is over: start a new game, or undo"
        return f"wait: {self.seat_label(self.seat_to_move)} is to move"

    def _typed(self, text: str) -> None:
        try:
            move = self.game.parse_move(self.state, text)
        except GameError as exc:
            self.error(str(exc))
            return
        if move == self.game.agreed_draw(self.state):
            self._draw_command("draw")  # typed, it is an offer: everyone must agree
        else:
            self.play(move)

    def _import(self, text: str) -> None:
        """Load a game record file (or a saved match); on any problem say
        what it is and keep the game on the table."""
        try:
            data = json.loads(text)
            if isinstance(data, dict) and data.get("format") == links.FORMAT:
                snapshot = Snapshot.from_data(data)
            else:
                record = Record.from_json(text)
                same = len(self.seats) == record.players
                seats = tuple(seat.text for seat in self.seats) if same else ("human",) * record.players
                snapshot = Snapshot(record, seats, len(record.moves))
            self.load(snapshot)
        except (ValueError, RecursionError) as exc:
            reason = str(exc) if isinstance(exc, GameError) else "it is not valid JSON"
            self.error(f"that file is not a game this page can open: {reason}; your game is unchanged")
            return
        self.announcement = "Opened the game from the file. " + self.announcement

    def _new_from_event(self, event: dict[str, Any]) -> None:
        raw = event["seats"]
        name = event.get("game", self.game.name)
        if not self._known(name):
            return
        game = get_game(name)
        if not game.min_players <= len(raw) <= game.max_players:
            self.error(f"{game.title} is for {game.min_players} to {game.max_players} players")
            return
        seats = []
        for item in raw:
            kind = item.get("kind") if isinstance(item, dict) else None
            level = item.get("level", "medium") if isinstance(item, dict) else None
            if kind not in ("human", "bot") or level not in bot_names():
                self.error(f"each seat is a human or a bot of level {', '.join(bot_names())}")
                return
            seats.append(Seat(kind, level))
        seed = event.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            self.error("the seed must be a whole number, 0 or more")
            return
        self.new_game(seats, seed, name)

    # ------------------------------------------------------------ showing

    def result_text(self) -> str:
        """How the game on the table ended, in words; "" before the end."""
        outcome = self.game.outcome(self.state)
        return "" if outcome is None else self.presenter.result_text(self.state, outcome)

    def _offer_text(self) -> str:
        """The question to the next person to answer a draw offer; "" if none."""
        if not self.draw_offer:
            return ""
        name = self.presenter.player_name
        who = name(self.state, self.seat_to_move)
        return f"{who} offers a draw. {name(self.state, self.draw_offer[0])}, do you accept?"

    def actions(self) -> list[dict[str, str]]:
        """The legal moves of the person to move, as labelled buttons."""
        if not self.human_to_move:
            return []
        state = self.state
        return [
            {
                "label": self.presenter.action_label(self.game, state, move),
                "move": self.game.move_text(state, move),
            }
            for move in self.legal_moves()
        ]

    def scene(self) -> Scene:
        """The canvas picture of the table, as :func:`iriri_core.scene.to_svg` writes it."""
        scene: Scene = self.presenter.panel(self)["scene"]
        return scene

    def pictures(
        self, cursors: range, size: tuple[float, float], figure: bool = True
    ) -> list[tuple[Scene, str]]:
        """The scene and status line at each move of ``cursors``, drawn at
        ``size``: as a figure shows them (nobody to act, the last move marked)
        or, with ``figure`` False, as the person to move sees the table.
        The table itself is left as it was."""
        kept = (self.cursor, self.size, self.figure, self.draft, self.hinting, self.thinking)
        self.size, self.figure, self.hinting, self.thinking = size, figure, None, None
        try:
            out = []
            for cursor in cursors:
                self.cursor, self.draft = cursor, self.presenter.new_draft()
                panel = self.presenter.panel(self)
                out.append((panel["scene"], panel["status"]))
            return out
        finally:
            self.cursor, self.size, self.figure, self.draft, self.hinting, self.thinking = kept

    def picture_code(
        self, cursors: range, size: tuple[float, float] = PICTURE_SIZE, figure: bool = True
    ) -> str:
        """The moves ``cursors`` of this game as a picture code
        (:mod:`iriri_core.pictures`), drawn as :meth:`pictures` draws them."""
        steps = self._steps(cursors, size, figure)
        return pictures.encode(self.game.name, self.presenter.label, steps, cursors.start, len(self.moves))

    def _steps(self, cursors: range, size: tuple[float, float], figure: bool) -> list[Step]:
        return [Step(scene.to_json(), text) for scene, text in self.pictures(cursors, size, figure)]

    def picture_files(self, cursors: range, size: tuple[float, float] = FILE_SIZE) -> list[PictureFile]:
        """The moves ``cursors`` of this game drawn as a figure draws them, as
        files to save for a wiki (:func:`iriri_core.pictures.wikitext`)."""
        record = self.record()
        tag = hashlib.sha256(f"{record.start}|{record.moves}".encode()).hexdigest()[:8]
        files = []
        for cursor, (scene, _) in zip(cursors, self.pictures(cursors, size), strict=True):
            last = f": {self.descriptions[cursor - 1]}" if cursor else ": the start"
            files.append(
                PictureFile(
                    f"{self.game.title} {tag} move {cursor}",
                    scene.to_json(),
                    to_svg(scene),
                    f"{self.game.title}, move {cursor} of {len(self.moves)}{last}",
                )
            )
        return files

    def figure_picture(self, start: int, budget: int = PICTURE_BUDGET) -> str:
        """A figure's pictures from move ``start`` on, as many moves as fit in
        ``budget`` characters (always ``start`` itself)."""
        last = len(self.states) - 1

        def code(count: int) -> str:
            return pictures.encode(
                self.game.name, self.presenter.label, steps[:count], start, len(self.moves)
            )

        # Draw the moves in batches that double, until they outgrow the budget
        # or the game ends (a long game in Pyodide takes seconds to draw).
        steps = self._steps(range(start, start + 1), PICTURE_SIZE, figure=True)
        while start + len(steps) <= last and len(code(len(steps))) <= budget:
            more = range(start + len(steps), min(start + 2 * len(steps), last) + 1)
            steps += self._steps(more, PICTURE_SIZE, figure=True)
        low, high = 1, len(steps)  # ``low`` steps fit; more than ``high`` do not
        while low < high:
            middle = (low + high + 1) // 2
            if len(code(middle)) <= budget:
                low = middle
            else:
                high = middle - 1
        return code(low)

    def view(self) -> dict[str, Any]:
        """Everything the page shows (docs/page.md); hands over the announcement."""
        state = self.state
        actions = self.actions()
        outcome = self.game.outcome(state)
        view_thinking = (self.bot_to_move and outcome is None) or self.hinting is not None
        panel = self.presenter.panel(self)
        view: dict[str, Any] = {
            **panel,
            "scene": panel["scene"].to_json(),
            "actions": actions[:MAX_ACTIONS],
            "more_actions": max(0, len(actions) - MAX_ACTIONS),
            "moves": [
                {"number": i + 1, "text": text, "description": self.descriptions[i]}
                for i, text in enumerate(self.moves[: self.cursor])
            ],
            "announce": self.announcement,
            "message": self.message,
            "over": None
            if outcome is None
            else {
                "text": self.result_text(),
                "scores": [f"{s:g}" for s in outcome.scores],
                "winners": [self.presenter.player_name(state, seat) for seat in outcome.winners],
            },
            "figure": self.figure,
            "setup": {
                "seed": self.seed,
                "game": self.game.name,
                "label": self.presenter.label,
                "move_help": self.presenter.move_help,
                "move_example": self.presenter.move_example,
                "seed_help": self.presenter.seed_help,
                "players": [self.game.min_players, self.game.max_players],
                "seat_names": self.presenter.seat_names(self.game.max_players),
                "levels": list(LEVELS),
                "games": game_names(),
            },
            "draw_offer": self._offer_text(),
            "state": {
                "game": self.game.name,
                "position": self.game.to_text(state),
                "record": self.record().to_data(),
                "share": self.snapshot().to_code(),
                "cursor": self.cursor,
                "seats": [seat.to_json() for seat in self.seats],
                "to_move": self.seat_to_move,
                "thinking": view_thinking,
                "over": outcome is not None,
            },
        }
        view["timing"] = {"decisions": list(self.decisions)}
        view["buttons"] = {
            **view.get("buttons", {}),
            "undo": self._undo_target() is not None,
            "redo": self.cursor < len(self.states) - 1,
            "hint": self.human_to_move and self.hinting is None,
            "draw": self.human_to_move and not self.draw_offer and self.game.agreed_draw(state) is not None,
        }
        self.announcement = ""
        return view
