"""What a game shows at a table, and how a person's taps become its moves.

A game's **presenter** is given the table as one viewer sees it
(:class:`Seen`: the game, the viewer's view of the position, who is looking,
whether they may act and what they may play, what the seats are called, the
last moves, the canvas size) and the draft of the move that viewer is
putting together.  It returns the scene and the panel, or, for a tap, a drag
or one of its buttons, a :class:`Reply`: the new draft, a move to play, or
why not.  It never changes the table and never sees more than its viewer
may: a table (:mod:`iriri_core.table`) does both.

>>> from iriri_core import Seat, Table
>>> table = Table("hextris", [Seat("human"), Seat("human")])
>>> seen = table.seen()
>>> presenter = table.presenter
>>> presenter.tap(seen, presenter.new_draft(), "spot:c3").error
'pick a piece from your hand first (then an edge spot), or one of your pieces to move'
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .engine import Game, Outcome, game_names, turn_start
from .pieces import DEFAULT_COLOURS


@dataclass(frozen=True)
class Seen:
    """The table as one viewer sees it: everything a presenter is given."""

    game: Game[Any, Any]
    state: Any
    """The viewer's view of the position shown."""
    viewer: int
    """The seat looking, or :data:`~iriri_core.engine.SPECTATOR`."""
    acting: bool
    """The viewer is a person whose turn it is: they may pick, tap and play."""
    legal: tuple[Any, ...]
    """The moves the viewer may play now (empty unless ``acting``)."""
    names: tuple[str, ...]
    """What each seat is called at the table: "Yellow", "Blue (hard bot)"."""
    plies: tuple[tuple[Any, Any], ...]
    """The last moves before the position shown, oldest first, each with the
    position it was played in, both as the viewer sees them."""
    size: tuple[float, float]
    """The canvas, in CSS pixels."""
    figure: bool = False
    """The table only shows a game: nobody acts, Previous and Next step."""
    cursor: int = 0
    """How many moves of the game the position shown comes after."""
    moves: int = 0
    """How many moves the game has (a figure shows "Move 3 of 12")."""
    thinking: bool = False
    """A bot, or chance, is to act."""
    hinting: bool = False
    """A hint is being worked out for the person to act."""
    result: str = ""
    """How the game ended, in words ("" before the end)."""
    chance_name: str = "Chance"
    """What the game calls chance ("The dealer")."""
    people: int = 1
    """How many people play at the table (a status speaks to "you")."""
    passing: str = ""
    """Where the person to act can only pass, and the table passes for them,
    that pass in words, with why ("Black passes: no piece can move by 1, 1
    and 2"); "" otherwise."""

    def name(self, seat: int) -> str:
        """What ``seat`` is called at the table, chance too."""
        return self.chance_name if seat < 0 else self.names[seat]


def last_turn(seen: Seen) -> tuple[tuple[Any, Any], ...]:
    """The plies of the turn that led to the position shown
    (:func:`~iriri_core.engine.turn_start`), each with the position it was
    played in: what a presenter marks as the last move."""
    player = seen.game.current_player
    return seen.plies[turn_start([player(before) for before, _ in seen.plies]) :]


def your_turn(seen: Seen, seat: int) -> str:
    """How a status speaks to the person at the screen whose turn it is:
    "Your turn", or, where people take turns at one screen, "Blue, your turn"."""
    return "Your turn" if seen.people <= 1 else f"{seen.names[seat]}, your turn"


def waiting_status(seen: Seen, seat: int, plain_name: str, doing: str = "move") -> str | None:
    """The status line wherever the person at the screen has nothing to do
    now: a figure's step ("Move 3 of 12. Blue to move"), the end of the
    game, ``seat`` (the seat to act, ``plain_name`` without its level)
    thinking, the pass the table makes for a person who can only pass, a
    hint on its way; None when it is theirs to act, which each game says
    in its own words."""
    if seen.figure:
        where = f"Move {seen.cursor} of {seen.moves}"
        return f"{where}. Game over: {seen.result}" if seen.result else f"{where}. {plain_name} to {doing}"
    if seen.result:
        return "Game over: " + seen.result
    who = seen.name(seat)
    if seen.passing:
        return seen.passing
    if not seen.acting:
        return f"{who} is thinking…" if seen.thinking else f"{who} to {doing}"
    if seen.hinting:
        return f"{who}: looking for a good move…"
    return None


@dataclass(frozen=True)
class Reply:
    """What a person's tap, drag or button comes to: the draft of their
    move, and a move to play, or why nothing happens."""

    draft: Any
    move: Any | None = None
    error: str = ""
    roll: bool = False
    """The person asks chance to roll for them now (their Roll button)."""


@dataclass(frozen=True)
class Step:
    """One thing a person does to follow a hint: a tap on the canvas
    ``target``, or a press of the game's button ``control``; ``words`` say
    what to tap ("the small yellow in your hand", "cell 0,1") or the
    button's label ("Confirm")."""

    words: str
    target: str | None = None
    control: str | None = None

    def event(self) -> dict[str, Any]:
        """The event the page sends for this step (docs/page.md)."""
        if self.control is not None:
            return {"type": "command", "name": self.control}
        return {"type": "tap", "target": self.target}


def tap_step(target: str, words: str) -> Step:
    """A tap on ``target``, which ``words`` describe."""
    return Step(words, target=target)


def press_step(control: str, label: str) -> Step:
    """A press of the game's button ``control``, labelled ``label``."""
    return Step(label, control=control)


@dataclass
class Hint:
    """A suggested move on the table: the move, its words, and the steps
    that play it, each with the draft it leaves (the last plays the move);
    ``done`` counts the steps the person has followed."""

    move: Any
    summary: str
    """The move in words ("lay Y1 at 0,0, Y2 at 0,1 (6.5 points)")."""
    steps: tuple[Step, ...]
    """Empty where no taps play it (only Play it does)."""
    drafts: tuple[Any, ...] = ()
    """The draft after each step but the last."""
    done: int = 0

    @property
    def next(self) -> Step | None:
        """The step to take now."""
        return self.steps[self.done] if self.done < len(self.steps) else None

    @property
    def then(self) -> Step | None:
        """The step after it."""
        return self.steps[self.done + 1] if self.done + 1 < len(self.steps) else None

    def text(self) -> str:
        """The hint in words, with the steps left in order: "Hint: lay ...
        Tap the small yellow in your hand, then cell 0,0, then press Confirm."
        (after a step: "Now tap cell 0,0, ...")."""
        return f"Hint: {self.summary}. {self.next_words()}"

    def next_words(self) -> str:
        """The steps left, in order, as a sentence: "Tap the small yellow in
        your hand, then cell 0,0, then press Confirm.", after a step "Now tap
        cell 0,0, then press Confirm."."""
        if not self.steps:
            return "Press Play it to play it."
        words = steps_words(self.steps[self.done :])
        return ("Now " + words if self.done else words[0].upper() + words[1:]) + "."

    def following(self, draft: Any) -> bool:
        """Whether ``draft`` is where a later step leads: the person is
        following the hint (``done`` moves on to it)."""
        for index in range(self.done, len(self.drafts)):
            if self.drafts[index] == draft:
                self.done = index + 1
                return True
        return False


def steps_words(steps: Sequence[Step]) -> str:
    """The steps in order, in words: "tap the small yellow in your hand,
    then cell 0,0, then press Confirm"; a tap repeated is counted.

    >>> steps_words([tap_step("supply:R3", "the large red"), tap_step("supply:R3", "the large red"),
    ...              tap_step("supply:Y1", "the small yellow"), press_step("build", "Build")])
    'tap the large red twice, then the small yellow, then press Build'
    """
    parts: list[list[Any]] = []
    for step in steps:
        if parts and parts[-1][0] == step:
            parts[-1][1] += 1
        else:
            parts.append([step, 1])
    said = []
    for step, count in parts:
        words = f"press {step.words}" if step.control is not None else step.words
        said.append(words + ("" if count == 1 else " twice" if count == 2 else f" {count} times"))
    first = said[0] if said[0].startswith("press ") else "tap " + said[0]
    return ", then ".join([first, *said[1:]])


def plan_hint(presenter: Presenter, seen: Seen, move: Any, summary: str) -> Hint:
    """The hint for ``move``: the first of the presenter's ways to play it
    (:meth:`Presenter.hint_steps`) that does play it when its steps are
    taken one by one from an empty draft, each changing the draft and none
    refused; no steps (only Play it) where none does."""
    for steps in presenter.hint_steps(seen, move):
        drafts = _follow(presenter, seen, move, steps)
        if drafts is not None:
            return Hint(move, summary, tuple(steps), drafts)
    return Hint(move, summary, ())


def _follow(presenter: Presenter, seen: Seen, move: Any, steps: Sequence[Step]) -> tuple[Any, ...] | None:
    """The drafts ``steps`` leave one after the other, if the last plays
    ``move`` and none before it plays anything, is refused or does nothing."""
    draft = presenter.new_draft()
    drafts: list[Any] = []
    for index, step in enumerate(steps):
        before = copy.deepcopy(draft)
        if step.control is not None:
            reply = presenter.command(seen, copy.deepcopy(draft), step.control)
        else:
            reply = presenter.tap(seen, copy.deepcopy(draft), step.target)
        if reply.error or reply.roll:
            return None
        if index == len(steps) - 1:
            return tuple(drafts) if reply.move == move else None
        if reply.move is not None or reply.draft == before:
            return None
        draft = reply.draft
        drafts.append(copy.deepcopy(draft))
    return None


class Presenter(Protocol):
    """The game-specific half of a table (see the module's docstring)."""

    label: str
    """The game's name on the page ("Hextris (David J. Bush)")."""
    move_help: str
    """How move text is written, under the move box."""
    move_example: str
    """Example moves, shown in the empty move box."""
    seed_help: str
    """What a seed does in a new game, or "" where there is nothing to deal."""
    rules: str
    """The rules in our own words, with credit and a link to the original,
    as :mod:`iriri_core.richtext` reads it."""
    chance_name: str
    """What the chance player is called at the table ("The dice")."""
    previews: bool
    """Whether a move being put together is previewed in words (the page
    keeps room for the preview, so that the table does not jump)."""

    def new_draft(self) -> Any:
        """An empty draft (the draft is the presenter's own: the table keeps
        it between events, and hands a copy back with each one)."""
        ...

    def panel(self, seen: Seen, draft: Any) -> dict[str, Any]:
        """The game's parts of the view (docs/page.md): ``status``,
        ``scores``, ``labels``, ``preview``, ``placing``, ``controls``,
        ``pass_reason``, ``mirror``, ``draggable``, and the canvas
        ``scene`` as a :class:`~iriri_core.scene.Scene`."""
        ...

    def tap(self, seen: Seen, draft: Any, target: str | None) -> Reply:
        """A tap on the canvas at ``target`` (None: empty space)."""
        ...

    def drag(self, seen: Seen, draft: Any, source: str, target: str) -> Reply:
        """A drag on the canvas from ``source`` to ``target``."""
        ...

    def command(self, seen: Seen, draft: Any, name: str) -> Reply:
        """One of the game's own buttons (its ``controls``)."""
        ...

    def hint_steps(self, seen: Seen, move: Any) -> Iterable[Sequence[Step]]:
        """Ways to play ``move`` (a hint) by taps on the canvas and presses
        of the game's buttons, from an empty draft, best first: the table
        follows the first that plays it (:func:`plan_hint`)."""
        ...

    def describe(self, game: Any, state: Any, move: Any) -> str:
        """A move in words, for the move list and announcements; ``state``
        and ``move`` are as the viewer sees them."""
        ...

    def action_label(self, game: Any, state: Any, move: Any) -> str:
        """The label of an action button for ``move``."""
        ...

    def player_name(self, state: Any, seat: int) -> str:
        """What players call ``seat`` ("Yellow")."""
        ...

    def seat_names(self, players: int) -> list[str]:
        """What the seats of a new game are called, before it is dealt."""
        ...

    def result_text(self, state: Any, outcome: Outcome) -> str:
        """How a finished game ended, in words ("Blue wins with 36; Yellow 35.5")."""
        ...

    def round_summary(self, seen: Seen) -> str:
        """How the round that has just ended went, in words (a game played in rounds)."""
        ...


def control(
    name: str, label: str, enabled: bool = True, primary: bool = False, shown: bool = True, wide: str = ""
) -> dict[str, Any]:
    """One of a game's own buttons in the view's ``controls``: the page shows
    it (when ``shown``) as ``#<name>-button``, its label followed by ``wide``
    where there is room ("Confirm" and " word"), and sends
    ``{"type": "command", "name": name}``.  Its name is never one of the
    table's own buttons (:data:`iriri_core.table.TABLE_COMMANDS`).

    >>> control("pass", "Pass", shown=False)
    {'name': 'pass', 'label': 'Pass', 'enabled': True, 'primary': False, 'shown': False, 'wide': ''}
    """
    return {
        "name": name,
        "label": label,
        "enabled": enabled,
        "primary": primary,
        "shown": shown,
        "wide": wide,
    }


class ColourSeats:
    """Presenter parts for games whose seats are their colours (``state.colours``)."""

    chance_name = "Chance"
    previews = False

    def player_name(self, state: Any, seat: int) -> str:
        """The seat's colour, capitalised: "Yellow"."""
        return colour_name(state, seat)

    def seat_names(self, players: int) -> list[str]:
        """The default colours, capitalised."""
        return [colour.capitalize() for colour in DEFAULT_COLOURS[:players]]

    def round_summary(self, seen: Seen) -> str:
        """A game of one round has no summary between rounds."""
        return ""


def colour_name(state: Any, seat: int) -> str:
    """ "Yellow": the name of a seat in a game whose state gives each seat a colour."""
    name: str = state.colours[seat].capitalize()
    return name


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


# ---------------------------------------------------------------- a game's own settings


@dataclass(frozen=True)
class Setting:
    """One of a game's own settings for a new game (Pyrinoes: the target
    score), which the new-game dialog offers, a link may give
    (``target=50``) and ``game.new_game`` takes as a keyword of the same
    name.  A game keeps each setting in its positions, as an attribute of
    that name (``state.target``), so that saves, links and records, which
    all carry the start position, carry the setting too.

    A presenter declares its settings as ``settings`` (a tuple of these);
    a presenter without one has none.

    >>> target = Setting("target", "Target score", 100, choices=(50, 100, 150))
    >>> target.problem(75)
    'it is one of 50, 100 or 150'
    >>> target.parse("50")
    50
    """

    name: str
    """The keyword ``new_game`` takes, the link option and the event's key."""
    label: str
    """What the new-game dialog calls it ("Target score")."""
    default: int
    choices: tuple[int, ...] = ()
    """The values offered; empty: any whole number from ``minimum`` to ``maximum``."""
    minimum: int = 0
    maximum: int = 0
    help: str = ""
    """A line under the field in the dialog ("" for none)."""

    def problem(self, value: Any) -> str:
        """What is wrong with ``value`` for this setting, or "" if nothing."""
        whole = isinstance(value, int) and not isinstance(value, bool)
        if self.choices:
            if whole and value in self.choices:
                return ""
            *first, last = (str(choice) for choice in self.choices)
            return f"it is one of {', '.join(first)} or {last}" if first else f"it is {last}"
        if whole and self.minimum <= value <= self.maximum:
            return ""
        return f"it is a whole number from {self.minimum} to {self.maximum}"

    def parse(self, text: str) -> int:
        """The value written as ``text`` (a link's); raises ValueError saying
        what is wrong."""
        value: Any = int(text) if text.strip().isdigit() and len(text.strip()) <= 15 else text
        problem = self.problem(value)
        if problem:
            raise ValueError(problem)
        result: int = value
        return result

    def to_json(self, value: int) -> dict[str, Any]:
        """The setting as the view's ``setup.settings`` tells it, with
        ``value``, the one of the game on the table."""
        return {
            "name": self.name,
            "label": self.label,
            "help": self.help,
            "choices": list(self.choices),
            "min": self.minimum,
            "max": self.maximum,
            "default": self.default,
            "value": value,
        }


def game_settings(presenter: Any) -> tuple[Setting, ...]:
    """The settings ``presenter``'s game declares (most games have none)."""
    return tuple(getattr(presenter, "settings", ()))


def setting_values(presenter: Any, state: Any) -> dict[str, int]:
    """The value of each of the game's settings in ``state`` (the position
    keeps them; a default where it does not say)."""
    return {s.name: getattr(state, s.name, s.default) for s in game_settings(presenter)}


def settings_problem(presenter: Any, title: str, given: Any) -> str:
    """What is wrong with ``given`` (a mapping of setting names to values,
    as a new-game event sends them) for the game ``presenter`` shows, or ""
    if nothing; ``title`` names the game.

    >>> settings_problem(presenter_for("iriri"), "Iriri", {"target": 50})
    'Iriri has no settings'
    """
    if not isinstance(given, dict):
        return "the settings are a set of names and values"
    known = {s.name: s for s in game_settings(presenter)}
    for name, value in given.items():
        setting = known.get(name)
        if setting is None:
            if not known:
                return f"{title} has no settings"
            return f"{title} has no setting {name!r}; its settings are: {', '.join(known)}"
        problem = setting.problem(value)
        if problem:
            return f"{setting.label}: {problem}"
    return ""


# ---------------------------------------------------------------- chance's runs, in few words


def summarise(presenter: Any, game: Any, plies: Sequence[tuple[Any, Any]]) -> str | None:
    """A run of chance's moves (a deal), each with the position it was
    played in, both as the viewer sees them, told as one clause by the
    presenter's own ``summarise`` (optional: ``summarise(game, plies)``,
    which may say None); None where it has none.  The table tells a run
    nobody sums up move by move (:func:`iriri_core.views.told`)."""
    own = getattr(presenter, "summarise", None)
    said: str | None = own(game, plies) if own is not None else None
    return said or None


_PRESENTERS: dict[str, Callable[[], Presenter]] = {}


def register_presenter(game: str, factory: Callable[[], Presenter]) -> None:
    """Make tables of ``game`` use the presenter ``factory`` builds."""
    _PRESENTERS[game] = factory


def table_games() -> list[str]:
    """The games a table (the page, a link, a figure) can show: the
    registered games that have a presenter, sorted.  A game whose engine is
    registered but not yet its presenter is there for scripts and bot
    matches only."""
    return [name for name in game_names() if name in _PRESENTERS]


def presenter_for(game: str) -> Presenter:
    """A new presenter for ``game``; raises KeyError if it has none."""
    return _PRESENTERS[game]()
