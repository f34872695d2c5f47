"""What the table's parts that act on it may read of a table and do with it
(:mod:`iriri_core.table.dispatch`, which takes the page's events,
:mod:`iriri_core.learn.hint_mode`, which finds and follows hints,
:mod:`iriri_core.table.autoplay`, which lets bots and chance act, and
:mod:`iriri_core.table.opening`, which puts games on it): a protocol that
:class:`iriri_core.table.table.Table` meets, so that they need not import the
table, which imports them."""

from __future__ import annotations

from typing import Any, Protocol

from ..engine import Game
from ..learn.coach import Coach
from ..learn.lessons import Lesson
from ..presenter import Hint, Presenter, Seen
from ..seats import Seat
from ..site.links import Snapshot
from .history import History, Ply
from .runner import Runner
from .seating import Seating


class Desk(Protocol):
    """A table, as its parts see it (each member is the table's own: :class:`.Table`)."""

    game: Game[Any, Any]
    presenter: Presenter
    seats: list[Seat]
    runner: Runner
    size: tuple[float, float]
    least: float
    figure: bool
    generation: int
    message: dict[str, str] | None
    lasting: bool
    news: list[str | int]
    draft: Any
    steps: list[dict[str, Any]] | None
    hint: Hint | None
    draw_offer: list[int]
    screen: int | None
    continued: int | None
    lesson: Lesson | None
    coach: Coach | None
    history: History

    @property
    def plies(self) -> list[Ply]: ...

    @property
    def state(self) -> Any: ...

    @property
    def cursor(self) -> int: ...

    @property
    def moves(self) -> list[str]: ...

    def seating(self) -> Seating: ...

    def seen(self) -> Seen: ...

    def start_from(self, state: Any) -> None: ...

    def acting(self) -> bool: ...

    def error(self, text: str, lasting: bool = False) -> None: ...

    def note(self, text: str, kind: str = "note", lasting: bool = False) -> None: ...

    def play(self, move: Any) -> bool: ...

    def roll(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def load(self, snapshot: Snapshot, figure: bool = False) -> None: ...

    def new_game(
        self,
        seats: list[Seat],
        seed: int | None = None,
        game: str | None = None,
        settings: dict[str, int] | None = None,
    ) -> None: ...
