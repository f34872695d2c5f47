"""Who sits at a table and who acts, in one position: the people at the
screen, the seat to act, the pass the table makes for a person with no
other move, whether the screen is covered, who it is shown to, and whether
they may act.  A :class:`Seating` is a fact about one position and never
changes; the table makes a new one when the position, the seats or the
screen change (:meth:`iriri_core.table.table.Table.seating`).

>>> from iriri_core import Seat, get_game
>>> from iriri_core.presenter import presenter_for
>>> game = get_game("hextris")
>>> seating = Seating(game, presenter_for("hextris"), (Seat("human"), Seat("bot")), game.new_game(2))
>>> seating.people, seating.viewer, seating.acting, seating.seat_label(1)
([0], 0, True, 'Blue (medium bot)')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..engine import CHANCE, SPECTATOR, Game
from ..presenter import Presenter
from ..seats import Seat

PASSES_KEPT = 4096
"""The most positions whose forced pass a table remembers."""


@dataclass(frozen=True)
class Seating:
    """The seats of a table and the position shown, and who acts in it."""

    game: Game[Any, Any]
    presenter: Presenter
    seats: tuple[Seat, ...]
    state: Any
    """The position shown."""
    cursor: int = 0
    """How many moves of the game the position shown comes after."""
    figure: bool = False
    """A figure only shows a game: nobody acts."""
    screen: int | None = None
    """The person whose eyes are on the screen, where several share it and
    some of the game is hidden: they have shown themselves (``reveal``)."""
    continued: int | None = None
    """The round's end (a cursor) the players have moved on from."""
    anyone: bool = False
    """Drawn for anyone (a picture of a game with hidden information): a spectator looks."""
    lesson: bool = False
    """A lesson is on the table: only the learner acts, nobody acts for anyone."""
    passes: dict[int, tuple[Any, Any]] = field(default_factory=dict, compare=False, repr=False)
    """The forced pass of each position asked about, kept by the table from
    one seating to the next (positions are never changed)."""

    @property
    def seat_to_move(self) -> int:
        """The seat to act, CHANCE, or TERMINAL."""
        return self.game.current_player(self.state)

    def is_person(self, seat: int) -> bool:
        """Whether ``seat`` is a person at this screen."""
        return 0 <= seat < len(self.seats) and self.seats[seat].is_person

    @cached_property
    def by_links(self) -> bool:
        """A game with a friend elsewhere: their moves, and chance, come by links, never from the table."""
        return any(seat.kind == "friend" for seat in self.seats)

    @cached_property
    def people(self) -> list[int]:
        """The seats of the people at this screen."""
        return [seat for seat in range(len(self.seats)) if self.is_person(seat)]

    @cached_property
    def actor(self) -> int:
        """The seat to act: ``seat_to_move``, except that where chance rolls
        for a person (``game.roller``), that person, who presses Roll."""
        seat = self.seat_to_move
        if seat == CHANCE and not self.by_links:
            roller = self.game.roller(self.state)
            if roller is not None and self.is_person(roller):
                return roller
        return seat

    @property
    def person_rolls(self) -> bool:
        """Chance is to roll for the person at the table: they press Roll."""
        return self.seat_to_move == CHANCE and self.actor != CHANCE

    def forced(self, state: Any = None) -> Any | None:
        """The pass the table makes for the person to act in ``state`` (by
        default the position shown), where it is their only legal move
        (``game.forced_pass``); None otherwise, and always in a figure."""
        state = self.state if state is None else state
        if self.figure or not self.is_person(self.game.current_player(state)):
            return None
        known = self.passes.get(id(state))
        if known is None or known[0] is not state:
            known = (state, self.game.forced_pass(state))
            if len(self.passes) > PASSES_KEPT:
                self.passes.clear()
            self.passes[id(state)] = known
        return known[1]

    @cached_property
    def human_to_move(self) -> bool:
        """True when a person is to act now, with a move to choose (never in
        a figure; a person who can only pass is passed for: :meth:`forced`)."""
        return not self.figure and self.is_person(self.actor) and self.forced() is None

    def acts_alone(self, state: Any = None) -> bool:
        """Whether a bot or chance acts in ``state`` (by default the position
        shown), or the table passes for a person who can only pass (never
        in a figure)."""
        state = self.state if state is None else state
        seat = self.game.current_player(state)
        if self.figure or self.lesson or (seat == CHANCE and self.by_links):
            return False
        if seat == CHANCE:
            roller = self.game.roller(state)
            return roller is None or not self.is_person(roller)
        if 0 <= seat < len(self.seats) and self.seats[seat].is_bot:
            return True
        return self.forced(state) is not None  # a person who can only pass: the table passes for them

    @cached_property
    def bot_to_move(self) -> bool:
        """True when a bot or chance acts next, or the table passes for a
        person (never in a figure): the page lets the table act."""
        return self.acts_alone()

    @cached_property
    def covered(self) -> int | None:
        """The person the screen waits for: where several people share it
        and some of the game is hidden, the table is covered between their
        turns until the next shows themselves; None otherwise."""
        if self.figure or not self.game.hidden_information or len(self.people) < 2:
            return None
        seat = self.actor
        return seat if self.is_person(seat) and seat != self.screen and self.forced() is None else None

    @cached_property
    def viewer(self) -> int:
        """Who the table is shown to: the one person at it; where several
        share the screen, the one whose turn it is, and, where some of the
        game is hidden, only once they have shown themselves and while it
        is their turn; else (a figure, bots only, a shared screen between
        turns, a picture for anyone) a spectator."""
        people = self.people
        if self.figure or not people or self.anyone:
            return SPECTATOR
        if len(people) == 1:
            return people[0]
        if self.game.hidden_information:
            return self.screen if self.screen is not None and self.screen == self.actor else SPECTATOR
        return self.screen if self.screen is not None else people[0]

    @cached_property
    def between_rounds(self) -> bool:
        """A round has just ended and the people at the table have not moved
        on yet (a table of bots moves on by itself)."""
        return (
            not self.figure
            and bool(self.people)
            and self.game.round_over(self.state)
            and self.continued != self.cursor
        )

    @cached_property
    def acting(self) -> bool:
        """Whether the person at the screen is a person whose turn it is:
        who may pick, tap and play."""
        return (
            self.human_to_move
            and not self.between_rounds
            and (not self.game.hidden_information or self.viewer == self.actor)
        )

    @cached_property
    def shown(self) -> Any:
        """The position shown, as the viewer sees it."""
        return self.game.view(self.state, self.viewer)

    def seat_label(self, seat: int) -> str:
        """ "Yellow", "Blue (greedy bot)", "Red (Bob)" (a friend), "Black (you)"
        (the one person at the table, against bots or by links), or what
        chance is called ("Chance").  People sharing the screen, and
        everyone in a figure, go by their colours alone."""
        if seat == CHANCE:
            return self.presenter.chance_name
        name, sitter = self.presenter.player_name(self.shown, seat), self.seats[seat]
        if sitter.name:
            return f"{name} ({sitter.name})"
        if sitter.is_bot:
            return f"{name} ({sitter.level} bot)"
        return f"{name} (you)" if self.people == [seat] and self.viewer == seat else name

    @cached_property
    def names(self) -> tuple[str, ...]:
        """What each seat is called at the table."""
        return tuple(self.seat_label(seat) for seat in range(len(self.seats)))

    def seated(self) -> str:
        """Everyone at the table, in words: "Yellow, Blue (medium bot)"."""
        return ", ".join(self.names)

    def result_text(self) -> str:
        """How the game ended, in words; "" before the end."""
        outcome = self.game.outcome(self.state)
        return "" if outcome is None else self.presenter.result_text(self.shown, outcome)

    def offer_text(self, draw_offer: tuple[int, ...] | list[int]) -> str:
        """The question to the next person to answer a draw offer (``draw_offer``:
        the people still to answer); "" if none."""
        if not draw_offer:
            return ""
        name = self.presenter.player_name
        who = name(self.state, self.seat_to_move)
        return f"{who} offers a draw. {name(self.state, draw_offer[0])}, do you accept?"

    def why_not(self) -> str:
        """Why the person at the screen may not act now."""
        if self.game.is_over(self.state):
            return "the game is over: start a new game, or undo"
        if self.forced() is not None:
            if self.people == [self.actor]:  # (the one person at the table: "Yellow (you)")
                return "you have no move but to pass, so the table passes for you"
            return f"{self.seat_label(self.actor)} has no move but to pass, so the table passes for them"
        if self.covered is not None:
            return f"first, {self.seat_label(self.covered)} shows themselves: the table is covered"
        if self.between_rounds:
            return "the round is over: move on to the next round first"
        if self.by_links:
            return "wait for your friend's link: their move, or their half of the next roll, comes in it"
        return f"wait: {self.seat_label(self.actor)} is to move"

    def watching(self) -> list[int]:
        """The people who have seen the table since the last move they made:
        the one person at it, or, where several share the screen and some
        of the game is hidden, the one who last showed themselves."""
        people = self.people
        if len(people) == 1 or not self.game.hidden_information:
            return people
        return [] if self.screen is None else [self.screen]

    def shared_and_hidden(self) -> bool:
        """Several people share the screen, and some of the game is hidden."""
        return self.game.hidden_information and len(self.people) > 1 and not self.figure

    def pass_words(self) -> str:
        """The pass the table is about to make for a person, as the viewer
        is told it (with why, in the game's words); "" if none."""
        forced = self.forced()
        if forced is None:
            return ""
        move = self.game.view_move(self.state, forced, self.viewer)
        return self.presenter.describe(self.game, self.shown, move)
