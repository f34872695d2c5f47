"""A game's last turn in one short line, worked out from its start and
its moves alone (no table), for a list of games: "Your games", the games
with friends by links (docs/page.md, "Playing a friend by links").

The words are the table's own (:func:`iriri_core.table.views.told`, the
presenters' descriptions), told as the reader saw the moves (a domino
dealt to the other player or drawn by them is "a domino", so a record of
one side's view of a game tells nothing it does not show), put in the
past, with the players called by their names and the reader by "you".
The news comes first: the last player's moves, with the roll or the draw
they moved after where it was theirs ("Ann rolled 2 3 8 and moved three
pieces"), a turn of many moves summed up by the game where it sums one up
(:meth:`iriri_core.presenter.Presenter.summarise_turn`); a turn that is
chance's alone (a roll, a deal) is told by its last clause.

>>> from iriri_core import get_game
>>> game = get_game("hextris")
>>> last_turn_words("hextris", game.new_game(2), ["L@c1", "S@a1"], ("Ann", "Bob"), 0)
'Bob dropped a small on a1'
>>> last_turn_words("hextris", game.new_game(2), ["L@c1"], ("Ann", "Bob"), 0)
'You dropped a large on c1'
>>> last_turn_words("hextris", game.new_game(2), [], ("Ann", "Bob"), 0)
''
>>> last_turn_words("iriri", None, [], ("Ann", "Bob"), 1)  # (the ring not dealt yet)
''
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine import CHANCE, Game, get_game
from ..presenter import Presenter, presenter_for
from ..table.history import Ply
from ..table.views import told, turn_begins

PAST = {
    "agree": "agreed",
    "draws": "drew",
    "drops": "dropped",
    "forms": "formed",
    "has": "had",
    "lays": "laid",
    "loses": "lost",
    "moves": "moved",
    "passes": "passed",
    "swaps": "swapped",
    "takes": "took",
}
"""The verbs the games tell a move with in the present ("Yellow lays ..."),
and their past, which a list of games tells the last turn in; the games
that tell moves in the past ("Black rolled ...") need none.  A move told
with a verb not here would stay in the present: ``tests/test_turn_words.py``
plays every game to find one."""

YOU = {"starts": "start"}
"""What the games say in the present of a player as "you" (Pyrinoes' picks:
"so you start")."""


@dataclass(frozen=True)
class Replayed:
    """A game's moves replayed from its start, as the words of the table
    read them (:class:`iriri_core.table.views.Moves`)."""

    game: Game[Any, Any]
    presenter: Presenter
    plies: tuple[Ply, ...]

    @classmethod
    def of(cls, game_name: str, start: Any, moves: Sequence[str], before: Replayed | None = None) -> Replayed:
        """The game ``game_name`` from ``start`` through ``moves`` (move
        text, chance's moves too), going on from ``before`` (the same game
        through the first of these moves) where given; raises GameError
        where one cannot be played."""
        game = get_game(game_name)
        plies = list(before.plies) if before is not None else []
        state = plies[-1].after if plies else start
        for text in moves[len(plies) :]:
            move = game.parse_move(state, text)
            after = game.play(state, move)
            plies.append(Ply(state, move, text, after))
            state = after
        return cls(game, presenter_for(game_name), tuple(plies))


_REPLAYED: dict[tuple[str, str], tuple[tuple[str, ...], Replayed]] = {}
"""The last replay of each game (by its name and start), so that a game
that gained a move is replayed from where it was, not from its start."""


def _replayed(game_name: str, start: str, moves: tuple[str, ...]) -> Replayed:
    kept = _REPLAYED.get((game_name, start))
    before = None
    if kept is not None:  # the moves both have in common stand (a round's dominoes shown change only its own)
        same = next(
            (i for i, (a, b) in enumerate(zip(kept[0], moves, strict=False)) if a != b),
            min(len(kept[0]), len(moves)),
        )
        before = replace(kept[1], plies=kept[1].plies[:same])
    replayed = Replayed.of(game_name, get_game(game_name).from_text(start), moves, before)
    if len(_REPLAYED) > 32:
        _REPLAYED.clear()
    _REPLAYED[game_name, start] = (moves, replayed)
    return replayed


def last_turn_words(
    game_name: str, start: Any, moves: Sequence[str], names: Sequence[str], viewer: int
) -> str:
    """The last turn of the game ``game_name`` played from ``start``
    through ``moves`` (move text, chance's moves too: a side's
    ``FriendGame.position()``), in one short sentence for the person at
    seat ``viewer``, as they saw it: the players called by ``names`` (by
    seat), the viewer "you"; "" before any move, and while the start
    waits for its shuffle (``start`` None: Iriri's ring by links).  Worked
    out once for the same game, moves and reader (a list of games is asked
    for at every view).  Raises GameError where a move cannot be played."""
    if start is None or not moves:
        return ""
    start_text = get_game(game_name).to_text(start)
    return _last_turn(game_name, start_text, tuple(moves), tuple(names), viewer)


@functools.lru_cache(maxsize=32)
def _last_turn(
    game_name: str, start: str, moves: tuple[str, ...], names: tuple[str, ...], viewer: int
) -> str:
    """:func:`last_turn_words`, from the start position's text."""
    replayed = _replayed(game_name, start, moves)
    game, plies, end = replayed.game, replayed.plies, len(moves)

    def actor(index: int) -> int:
        return game.current_player(plies[index].before)

    begins = moved = turn_begins(replayed, end)
    if actor(end - 1) == CHANCE:  # a roll, a deal: its last clause (the deal, not the picks before it)
        words = told(replayed, begins, end, viewer).rpartition("; ")[2]
    else:
        while actor(moved) == CHANCE:
            moved += 1
        words = _news(replayed, moved, end, viewer)
        who = replayed.presenter.player_name(plies[moved].view(game, viewer)[0], actor(moved))
        chance = told(replayed, begins, moved, viewer) if moved > begins else ""
        if chance.startswith(who + " ") and "; " not in chance:  # their own roll, their draw
            words = f"{chance} and {words[len(who) + 1 :]}"
    seen = plies[-1].view(game, viewer)[0]
    colours = [replayed.presenter.player_name(seen, seat) for seat in range(len(names))]
    return named(in_the_past(words[:1].upper() + words[1:]), colours, names, viewer)


def _news(replayed: Replayed, start: int, end: int, viewer: int) -> str:
    """A player's moves ``start`` to ``end`` of one turn, in the table's
    words, or summed up where the game sums them up."""
    game, plies = replayed.game, replayed.plies
    if end - start > 1:
        seen = [ply.view(game, viewer) for ply in plies[start:end]]
        summary = replayed.presenter.summarise_turn(game, seen)
        if summary:
            seat = game.current_player(plies[start].before)
            return f"{replayed.presenter.player_name(seen[0][0], seat)} {summary}"
    return told(replayed, start, end, viewer)


def in_the_past(words: str) -> str:
    """``words`` with the verbs of :data:`PAST` put in the past.

    >>> in_the_past("Yellow lays Y1 at 0,0 for 2, then takes Y3 from position 2")
    'Yellow laid Y1 at 0,0 for 2, then took Y3 from position 2'
    """
    return re.sub(r"\b[a-z]+\b", lambda word: PAST.get(word[0], word[0]), words)


def named(words: str, colours: Sequence[str], names: Sequence[str], viewer: int) -> str:
    """``words`` with each seat, called by ``colours`` (what the table calls
    them), called by ``names`` instead, and ``viewer``'s seat "you" ("your"
    for "Blue's"), each in one pass (a friend called "Blue" stays Blue).

    >>> named("Blue swaps with the yellow large, making a group of five for Yellow",
    ...       ["Yellow", "Blue"], ["Ann", "Bob"], 0)
    'Bob swaps with the yellow large, making a group of five for you'
    >>> named("Fire picked 2-2; Ice picked 6-0, so Ice starts", ["Fire", "Ice"], ["Ann", "Bob"], 1)
    'Ann picked 2-2; you picked 6-0, so you start'
    >>> named("White moved Black's large", ["Black", "White"], ["White", "Bob"], 1)
    "You moved White's large"
    """
    seat_of = {colour: seat for seat, colour in enumerate(colours)}
    found = re.compile(rf"\b({'|'.join(map(re.escape, colours))})('s)?\b(?: ([a-z]+)\b)?")

    def name(match: re.Match[str]) -> str:
        seat, possessive, word = seat_of[match[1]], match[2], match[3]
        if seat != viewer:
            said = names[seat] + (possessive or "")
        else:
            said = "your" if possessive else "you"
            said = said.capitalize() if match.start() == 0 else said
            word = YOU.get(word, word) if word and not possessive else word
        return said if word is None else f"{said} {word}"

    return found.sub(name, words)
