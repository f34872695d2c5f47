"""What a game shows at a table, and how a person's taps become its moves.

A game's **presenter** is given the table as one viewer sees it
(:class:`Seen`: the game, the viewer's view of the position, who is looking,
whether they may act and what they may play, what the seats are called, the
last moves, the canvas size) and the draft of the move that viewer is
putting together.  It returns the scene and the panel, or, for a tap, a drag
or one of its buttons, a :class:`Reply`: the new draft, a move to play, or
why not.  It never changes the table and never sees more than its viewer
may: a table (:mod:`iriri_core.table.table`) does both.

>>> from iriri_core import Seat, Table
>>> table = Table("hextris", [Seat("human"), Seat("human")])
>>> seen = table.seen()
>>> presenter = table.presenter
>>> presenter.tap(seen, presenter.new_draft(), "spot:c3").error
'pick a piece from your hand first (then an edge spot), or one of your pieces to move'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .engine import Game, Outcome, game_names, register, turn_start
from .learn.hints import Hint, Step, press_step, steps_words, tap_step
from .panel import Column, Control, Panel, Preview, PreviewPart, ScoreRow, columns, control
from .pictures.finger import Draw, finger_sized
from .pictures.scene import Scene
from .pieces import DEFAULT_COLOURS
from .settings import Setting, game_settings, setting_values

if TYPE_CHECKING:
    from .by_links.decks import DeckRules
    from .setup.rules import SetupRules


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
    least: float = 0.0
    """The least side, in CSS px, of a tap target (a finger's on a touch
    screen: :func:`iriri_core.pictures.finger.finger_sized`); 0: the table fits the canvas."""
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
    setting_up: bool = False
    """The position is being set up by hand (:mod:`iriri_core.setup.editor`):
    nobody acts, and a presenter may make targets of places play never taps
    (an empty place in a hand), drawn so that nothing visible changes."""

    def table(self, draw: Draw, counts: Callable[[str], bool] = lambda target: True) -> Scene:
        """The table ``draw`` draws for this canvas: at its size, or larger,
        for a finger, where a target that ``counts`` would be too small (:func:`finger_sized`)."""
        return finger_sized(draw, *self.size, self.least, counts, self.game.name)

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


def own_seat(seen: Seen) -> int | None:
    """The seat of the one person at the table (against bots, or a friend
    by links), whose own side every game draws where a person expects it
    (at the bottom, or first) and names "(you)"; None where several people
    share the screen, and in a figure or a picture for anyone (a spectator
    looks)."""
    return seen.viewer if seen.people == 1 and seen.viewer >= 0 else None


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


class Presenter:
    """The game-specific half of a table (see the module's docstring): a
    game's presenter derives from this class, gives its words and
    :meth:`panel` and :meth:`tap`, and overrides the defaults it needs."""

    label: str = ""
    """The game's name on the page ("Hextris (David J. Bush)")."""
    move_help: str = ""
    """How move text is written, under the move box."""
    move_example: str = ""
    """Example moves, shown in the empty move box."""
    seed_help: str = ""
    """What a seed does in a new game, or "" where there is nothing to deal."""
    rules: str = ""
    """The rules in our own words, with credit and a link to the original,
    as :mod:`iriri_core.richtext` reads it."""
    chance_name: str = "Chance"
    """What the chance player is called at the table ("The dice")."""
    previews: bool = False
    """Whether a move being put together is previewed in words (the page
    keeps room for the preview, so that the table does not jump)."""
    settings: tuple[Setting, ...] = ()
    """The game's own settings for a new game (most games have none)."""
    own_buttons: bool = True
    """Whether the game has buttons of its own beside the table's (a Pass, a
    Confirm: its ``controls``); a game played by taps on the canvas alone has none."""
    goal: str = "How to win is in the Rules"
    """How the game is won, in one short line for someone who has never
    played (the page shows it above the status line all game)."""

    def goal_text(self, state: Any) -> str:
        """The :attr:`goal` line for a game in ``state`` (a game whose goal
        depends on its settings fills them in); :attr:`goal` by default."""
        return self.goal

    def new_draft(self) -> Any:
        """An empty draft (the draft is the presenter's own: the table keeps
        it between events, and hands a copy back with each one); None by default."""
        return None

    def panel(self, seen: Seen, draft: Any) -> Panel:
        """The game's parts of the view (:class:`~iriri_core.panel.Panel`, docs/page-events.md)."""
        raise NotImplementedError

    def tap(self, seen: Seen, draft: Any, target: str | None) -> Reply:
        """A tap on the canvas at ``target`` (None: empty space)."""
        raise NotImplementedError

    def drag(self, seen: Seen, draft: Any, source: str, target: str) -> Reply:
        """A drag on the canvas from ``source`` to ``target``: by default a
        tap on ``source`` from an empty draft, then one on ``target`` (a
        drag that picks nothing says what the tap said)."""
        picked = self.tap(seen, self.new_draft(), source)
        if picked.error or picked.move is not None or picked.draft == self.new_draft():
            return picked
        return self.tap(seen, picked.draft, target)

    def command(self, seen: Seen, draft: Any, name: str) -> Reply:
        """One of the game's own buttons (its ``controls``); a game without
        buttons has none to press."""
        return Reply(draft, error=f"there is no {name!r} button")

    def hint_steps(self, seen: Seen, move: Any) -> Iterable[Sequence[Step]]:
        """Ways to play ``move`` (a hint) by taps on the canvas and presses
        of the game's buttons, from an empty draft, best first: the table
        follows the first that plays it (:func:`iriri_core.learn.hint_plan.plan_hint`); none by
        default (the hint is played by Play it)."""
        return ()

    def describe(self, game: Any, state: Any, move: Any) -> str:
        """A move in words, for the move list and announcements; ``state``
        and ``move`` are as the viewer sees them (by default its move text)."""
        return str(game.move_text(state, move))

    def move_words(self, game: Any, state: Any, move: Any, past: bool) -> str:
        """A seat's ``move`` as a verb phrase without the player, for a
        sentence that names them (the coach's "On turn 12 you ...; the hard
        bot would ..."): in the past ("dropped a large on a2") or not ("drop
        a large on a2"); by default its move text, played."""
        return f"{'played' if past else 'play'} {game.move_text(state, move)}"

    def round_words(self, state: Any) -> str:
        """The round ``state`` is in, for a sentence ("in round 2"), in a
        game played in rounds; "" by default."""
        return ""

    def action_label(self, game: Any, state: Any, move: Any) -> str:
        """The label of an action button for ``move`` (by default :meth:`describe`)."""
        return self.describe(game, state, move)

    def player_name(self, state: Any, seat: int) -> str:
        """What players call ``seat`` ("Yellow"); by default its name in :meth:`seat_names`."""
        return self.seat_names(seat + 1)[seat]

    def seat_names(self, players: int) -> list[str]:
        """What the seats of a new game are called, before it is dealt."""
        return [f"Player {seat + 1}" for seat in range(players)]

    def result_text(self, state: Any, outcome: Outcome) -> str:
        """How a finished game ended, in words ("Blue wins with 36; Yellow 35.5")."""
        return ranked_result([self.player_name(state, s) for s in range(len(outcome.scores))], outcome)

    def round_summary(self, seen: Seen) -> str:
        """How the round that has just ended went, in words (a game played
        in rounds); "" for a game of one round."""
        return ""

    def summarise(self, game: Any, plies: Sequence[tuple[Any, Any]]) -> str | None:
        """A run of chance's moves (a deal), each with the position it was
        played in, told as one clause, or None where the table should tell
        it move by move (the default)."""
        return None

    def summarise_turn(self, game: Any, plies: Sequence[tuple[Any, Any]]) -> str | None:
        """A player's moves of one turn (two or more, each with the position
        it was played in, both as the viewer sees them) in one short clause,
        without the player ("moved three pieces"), for a line that lists
        games (:func:`iriri_core.site.recaps.last_turn_words`, which puts it in
        the past); None where the table's own words for them are short
        enough (the default)."""
        return None


class ColourSeats(Presenter):
    """A presenter for a game whose seats are their colours (``state.colours``)."""

    def player_name(self, state: Any, seat: int) -> str:
        """The seat's colour, capitalised: "Yellow"."""
        return colour_name(state, seat)

    def seat_names(self, players: int) -> list[str]:
        """The default colours, capitalised."""
        return [colour.capitalize() for colour in DEFAULT_COLOURS[:players]]


def colour_name(state: Any, seat: int) -> str:
    """ "Yellow": the name of a seat in a game whose state gives each seat a colour."""
    name: str = state.colours[seat].capitalize()
    return name


def listed(items: Sequence[str], last: str = "and") -> str:
    """Words in a list, as a sentence says them: "2, 3 and 5", "3 and 5",
    "5"; ``last`` joins the last two ("1, 2 or 4").

    >>> listed(["a small red", "a large blue", "a small red"])
    'a small red, a large blue and a small red'
    >>> listed(["1", "2", "4"], "or")
    '1, 2 or 4'
    """
    return items[-1] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


_WORD_FIRST = re.compile(r"[a-z]+(?:['-][a-z]+)*(?![\w@+]|:\S)")
"""A first word written in lower-case letters only (an apostrophe or a
hyphen within it), not run on into notation ("tile:3-1", "y1@0,0")."""


def sentence(text: str) -> str:
    """``text``, a reason or a piece of news, as it is shown on its own: a
    sentence, its first word capitalised where that word is an ordinary
    word or a seat's name ("fire can play…" becomes "Fire can play…").
    A first word that is notation is left as it is written, for its case
    is part of it: a coordinate ("e4", "c3"), a piece or tile code ("Y3",
    "3-1", "B2B2+G2"), a quoted move; that is, any first word with a digit,
    a capital letter or a sign other than an apostrophe or a hyphen in it.

    The games' rules and presenters write their reasons in lower case, as
    the clauses they also are in longer sentences ("no move is allowed:
    {reason}"); whoever shows one on its own (:meth:`iriri_core.table.table.Table.error`)
    makes it a sentence here.

    >>> sentence("fire can play a domino or pyrino, so may not draw")
    'Fire can play a domino or pyrino, so may not draw'
    >>> sentence("e4 is not ahead of the small on e1")
    'e4 is not ahead of the small on e1'
    >>> sentence("Y3 is not in your hand"), sentence("'spot:z9' is not a target")
    ('Y3 is not in your hand', "'spot:z9' is not a target")
    >>> sentence("fire's supply has no small red left")
    "Fire's supply has no small red left"
    """
    return text[:1].upper() + text[1:] if _WORD_FIRST.match(text) else text


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


# ---------------------------------------------------------------- chance's runs, in few words


def summarise(presenter: Any, game: Any, plies: Sequence[tuple[Any, Any]]) -> str | None:
    """A run of chance's moves (a deal), each with the position it was
    played in, both as the viewer sees them, told as one clause by the
    presenter's :meth:`Presenter.summarise`; None where it does not.  The table tells a run
    nobody sums up move by move (:func:`iriri_core.table.views.told`)."""
    return presenter.summarise(game, plies) or None


_PRESENTERS: dict[str, Callable[[], Presenter]] = {}
_DECKS: dict[str, DeckRules] = {}
_SETUPS: dict[str, Callable[[], SetupRules]] = {}


@dataclass(frozen=True)
class GameEntry:
    """A game as a package declares it, once (its ``ENTRY``): the game's
    class, which names it (``name``, the registry's and the link's;
    ``title``, in sentences) and holds its rules, notation and strategy, and
    its presenter's class (``label``, the game on the page, and its
    rules text), and, for a game that hides pieces, its deck for play by
    links (None: the game deals no hidden pieces by links; docs/distance.md,
    "A game's deck").  :func:`register_game` makes it playable at a table."""

    game: Callable[[], Game[Any, Any]]
    presenter: Callable[[], Presenter]
    deck: DeckRules | None = None
    setup: Callable[[], SetupRules] | None = None
    """How a position of the game is set up by hand (None: it is not; :mod:`iriri_core.setup.rules`)."""

    @property
    def name(self) -> str:
        """The game's name in the registry ("pach-ice-i")."""
        name: str = self.game().name
        return name


def register_game(entry: GameEntry) -> None:
    """Register ``entry``'s game and its presenter under the game's own name."""
    register(entry.name, entry.game)
    register_presenter(entry.name, entry.presenter)
    if entry.deck is not None:
        _DECKS[entry.name] = entry.deck
    if entry.setup is not None:
        _SETUPS[entry.name] = entry.setup


def setup_rules(game: str) -> SetupRules | None:
    """How a position of ``game`` is set up by hand (its entry's), or None if it is not."""
    factory = _SETUPS.get(game)
    return None if factory is None else factory()


def deck_rules(game: str) -> DeckRules | None:
    """The deck ``game`` deals by links (its entry's), or None if it deals no hidden pieces so."""
    return _DECKS.get(game)


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


__all__ = [
    "ColourSeats",
    "Column",
    "Control",
    "GameEntry",
    "Hint",
    "Panel",
    "Presenter",
    "Preview",
    "PreviewPart",
    "Reply",
    "ScoreRow",
    "Seen",
    "Setting",
    "Step",
    "colour_name",
    "columns",
    "control",
    "game_settings",
    "last_turn",
    "listed",
    "presenter_for",
    "press_step",
    "ranked_result",
    "register_game",
    "register_presenter",
    "sentence",
    "setting_values",
    "steps_words",
    "summarise",
    "table_games",
    "tap_step",
    "waiting_status",
    "your_turn",
]
