"""What the table's parts that decide read and return (docs/routes.md).

The parts that decide (:mod:`~iriri_core.table.dispatch`, which takes the page's
events, :mod:`~iriri_core.learn.hint_mode`, :mod:`~iriri_core.table.autoplay`,
:mod:`~iriri_core.table.opening`, :mod:`~iriri_core.learn.lesson_mode` and
:mod:`~iriri_core.learn.coach_mode`) read the table as a :class:`Look`, a value the
table makes, and return :class:`Changes`: what should change.  Only the
table applies them (:meth:`iriri_core.table.table.Table.apply_changes`), so the
table is changed in one place (``tests/test_writes.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..engine import Game
from ..learn.coach import Coach
from ..learn.lessons import Lesson
from ..presenter import Hint, Presenter, Seen
from ..seats import Seat
from ..site.links import Snapshot
from .history import History, OnHistory
from .runner import Runner
from .seating import Seating


class Keep(Enum):
    """A field of :class:`Changes` left as it is."""

    KEEP = 0


KEEP = Keep.KEEP


@dataclass(frozen=True)
class Look(OnHistory):
    """The table as its parts that decide read it, at one moment
    (:meth:`iriri_core.table.table.Table.look`); its history, runner and coach are
    the table's own, lent to be read (the runner and the coach think in them)."""

    game: Game[Any, Any]
    presenter: Presenter
    seats: tuple[Seat, ...]
    history: History
    runner: Runner
    figure: bool
    draft: Any
    hint: Hint | None
    draw_offer: tuple[int, ...]
    lesson: Lesson | None
    coach: Coach | None
    size: tuple[float, float]
    message: dict[str, str] | None
    made: Seating
    sees: Callable[[], Seen]

    def seating(self) -> Seating:
        """Who sits and acts in the position shown."""
        return self.made

    def seen(self) -> Seen:
        """The table as the person at the screen sees it."""
        return self.sees()

    def acting(self) -> bool:
        """Whether the person at the screen is to act."""
        return self.made.acting


@dataclass(frozen=True)
class Loaded:
    """A game put on the table whole: ``snapshot`` replayed as ``history``."""

    snapshot: Snapshot
    history: History
    figure: bool = False


@dataclass(frozen=True)
class NewGame:
    """A new game dealt (:meth:`iriri_core.table.table.Table.new_game`'s arguments)."""

    seats: list[Seat]
    seed: int | None = None
    game: str | None = None
    settings: dict[str, int] | None = None
    position: str | None = None
    """The position it starts from (position text or its line), else a new deal."""


@dataclass(frozen=True)
class Planned:
    """A hint planned on the position the changes leave (:func:`iriri_core.learn.hint_plan.plan_hint`),
    said in ``words`` (``{hint}`` stands for the hint's own words)."""

    move: Any
    summary: str
    name: str = ""
    words: str = "{hint}"


@dataclass(frozen=True)
class Changes:
    """What should change on the table, applied in the order of the fields:
    the game put on the table, what is set, what is played, what is said."""

    stop: bool = False
    """The runner stops whatever it is working out."""
    load: Loaded | None = None
    new_game: NewGame | None = None
    start_from: Any = None
    """A position put on the table as the start of the game (no moves, the same seats)."""
    figure: bool | None = None
    lesson: Lesson | Keep | None = KEEP
    size: tuple[float, float] | None = None
    least: float | None = None
    screen: int | Keep | None = KEEP
    continued: int | Keep | None = KEEP
    draw_offer: list[int] | None = None
    draft: Any = KEEP
    step: dict[str, Any] | None = None
    """The event that made the draft, kept among its steps where the position stays."""
    coach: Coach | None = None
    """The coach asked, which starts thinking."""
    think_hint: Any = None
    """The viewer's view to work a hint out for (the runner starts on it)."""
    undo: bool = False
    redo: bool = False
    roll: bool = False
    play: Any = None
    error: str | None = None
    note: tuple[str, str] | None = None
    """Something said, as (text, kind)."""
    message: dict[str, str] | Keep | None = KEEP
    """The message set as it is (None: cleared)."""
    hint: Hint | Keep | None = KEEP
    plan: Planned | None = None
    news: list[str | int] | None = None
    news_before: tuple[str, ...] = ()
    """Said before the news the changes make (a file opened)."""
    shown: bool = False
    """A change the page must show though the position stays (the coach's progress, a round moved on from)."""
    follow: Hint | None = None
    """The hint shown when the event came: kept if the person followed it
    (:func:`iriri_core.learn.hint_mode.follow_hint`)."""
    then: list[Changes] = field(default_factory=list)
    """More changes, applied after these."""
