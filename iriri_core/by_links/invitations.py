"""The invitation to a game with a friend by links (docs/distance.md, "One
side's game"): which game, its settings, the inviter's seat, both
players' names and, for a game from a position set up, that position in
one line, as the options of the game's first block, read back with clear
words for whatever makes it one no game can start from.

>>> Invitation.read(Invitation("hextris", 1, "Ann", "").options())
Invitation(game='hextris', seat=1, inviter='Ann', friend='Your friend', settings={}, start=None)
>>> Invitation("hextris", start="hextris:3/4/2Y32/4/3:YB:2:554,555:0,0:0:-").options()[-1]
'start=hextris:3/4/2Y32/4/3:YB:2:554,555:0,0:0:-'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import GameError, game_names, get_game
from ..presenter import deck_rules, presenter_for
from ..settings import read_settings
from .crypto.blocks import LinkError

NAME_LENGTH = 30
"""The longest name a player may give in an invitation."""

OPTION_LENGTH = 64
"""The longest option an invitation may have (``from=`` and a name is the longest)."""

MAX_OPTIONS = 12
"""The most options an invitation may have (the game, the seat, two names, its settings or its start)."""

START = "start="
"""The option that gives the position a game starts from (its line, docs/notation.md)."""

START_LENGTH = 1000
"""The longest start position an invitation may give, in characters (the
line after ``start=``; every other option keeps :data:`OPTION_LENGTH`).  A
line of a position for two, in the games played from a position by links,
is at most about 500 characters: the longest is a board as tall as a line
may write one (99 rows) with its pieces apart, beside the hands and a ring
(tests/test_friend_position.py builds it); boards of a fixed size keep
under 100.  So twice that, and still a small part of a link
(:data:`~iriri_core.by_links.crypto.blocks.MAX_PACKET_BYTES`)."""


def by_links(game: Any) -> bool:
    """Whether ``game`` can be played with a friend by links: a game for
    two that hides nothing, or whose hidden hands both browsers deal
    (the deck on its entry, :func:`iriri_core.presenter.deck_rules`; docs/distance.md)."""
    dealt = not game.hidden_information or deck_rules(game.name) is not None
    return dealt and game.min_players <= 2 <= game.max_players


def start_problem(name: str, line: str) -> str:
    """What makes ``line`` a position no game of ``name`` by links can start
    from, in words, or "": it must be the game's own line as the page
    writes it (:meth:`~iriri_core.engine.Game.to_line`), read by the game
    (its refusal told), for two players, not over, and of a game that deals
    no hidden hands by both browsers (a position would show every hand)."""
    game = get_game(name)
    if deck_rules(name) is not None:
        return (
            f"{game.title} by links starts from a fair deal, not from a position set up: both browsers deal "
            "its hidden hands, and a position would show every hand to both players"
        )
    if len(line) > START_LENGTH:
        return f"its start position is longer than any position of {game.title} ({START_LENGTH} characters)"
    said = line if len(line) <= 40 else line[:40] + "…"
    named = line.partition(":")[0].lower()
    if named != name and named in game_names():
        return f"its start position {said!r} is of {get_game(named).title}, not of {game.title}"
    try:
        state = game.from_text(line)
        written = game.to_line(state)
    except (GameError, ValueError, IndexError, KeyError) as exc:
        why = str(exc) if len(str(exc)) <= 200 else str(exc)[:200] + "…"
        return f"its start position {said!r} cannot be read: {why}"
    if written is None:
        return f"{game.title} has no position line to start a game by links from"
    if written != line:
        return "its start position is not written as the page writes one"
    if game.num_players(state) != 2:
        return f"its start position is for {game.num_players(state)} players, and a game by links is for two"
    if game.is_over(state):
        return "its start position is of a game that is over: there is nothing left to play"
    return ""


def clean_name(name: str, fallback: str) -> str:
    """A player's name as an invitation carries it: one line, spaces
    collapsed, at most :data:`NAME_LENGTH` characters; ``fallback`` if empty.

    >>> clean_name("  Ann\\n  Smith ", "Your friend"), clean_name("", "Your friend")
    ('Ann Smith', 'Your friend')
    """
    words = " ".join(str(name).split())[:NAME_LENGTH].strip()
    return words or fallback


@dataclass(frozen=True)
class Invitation:
    """What the first link says of the game: which game, its settings, the
    seat the inviter takes (0 moves first), and both players' names as the
    inviter typed them."""

    game: str
    seat: int = 0
    inviter: str = "Your friend"
    friend: str = "Your friend"
    settings: dict[str, int] = field(default_factory=dict)
    start: str | None = None
    """The position the game starts from (its line), or None for a new deal."""

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise LinkError(problem)

    def problem(self) -> str:
        """What makes this invitation one no game can start from, or ""."""
        if self.game not in game_names():
            return f"this invitation is for a game this page does not have ({self.game!r})"
        game = get_game(self.game)
        if not game.min_players <= 2 <= game.max_players:
            return f"{game.title} is not a game for two"
        if not by_links(game):
            return f"{game.title} cannot be played by links yet: what it hides needs a deal by both browsers"
        if self.seat not in (0, 1):
            return "this invitation's seat is neither the first nor the second"
        chosen = read_settings(presenter_for(self.game), game.title, self.settings)
        if isinstance(chosen, str):
            return f"this invitation's settings are wrong: {chosen}"
        if self.start is None:
            return ""
        if self.settings:
            return "this invitation is damaged: a game from a position keeps the position's own settings"
        problem = start_problem(self.game, self.start)
        return f"this invitation cannot start a game: {problem}" if problem else ""

    def options(self) -> tuple[str, ...]:
        """The invitation as the first block's options, one ``name=value`` each."""
        names = (
            f"from={clean_name(self.inviter, 'Your friend')}",
            f"to={clean_name(self.friend, 'Your friend')}",
        )
        chosen = tuple(f"{name}={value}" for name, value in sorted(self.settings.items()))
        start = () if self.start is None else (f"{START}{self.start}",)
        return (f"game={self.game}", f"seat={self.seat}", *names, *chosen, *start)

    @classmethod
    def read(cls, options: Sequence[str]) -> Invitation:
        """The invitation of a first block's options, exactly as
        :meth:`options` writes them (no option longer than
        :data:`OPTION_LENGTH`, but the start, up to :data:`START_LENGTH`;
        names as they are shown); raises LinkError saying what is wrong."""
        if len(options) > MAX_OPTIONS or any(
            len(option) > (len(START) + START_LENGTH if option.startswith(START) else OPTION_LENGTH)
            for option in options
        ):
            raise LinkError(
                "this invitation is damaged: it has more options, or longer ones, than any game has: refused"
            )
        given: dict[str, str] = {}
        for option in options:
            name, sign, value = option.partition("=")
            if not sign or name in given:
                raise LinkError("this invitation is damaged: its options cannot be read")
            given[name] = value
        for name in ("from", "to"):
            if name in given and given[name] != clean_name(given[name], ""):
                raise LinkError(
                    f"this invitation is damaged: a player's name in it is not as the page writes one "
                    f"(one line of at most {NAME_LENGTH} characters): refused"
                )
        game, seat = given.pop("game", ""), given.pop("seat", "")
        if seat not in ("0", "1"):
            raise LinkError("this invitation is damaged: it does not say which seat is whose")
        inviter, friend = given.pop("from", ""), given.pop("to", "")
        start = given.pop(START[:-1], None)
        if game not in game_names():
            raise LinkError(f"this invitation is for a game this page does not have ({game!r})")
        chosen = read_settings(presenter_for(game), get_game(game).title, given)
        if isinstance(chosen, str):
            raise LinkError(f"this invitation's settings are wrong: {chosen}")
        return cls(
            game,
            int(seat),
            clean_name(inviter, "Your friend"),
            clean_name(friend, "Your friend"),
            chosen,
            start,
        )
