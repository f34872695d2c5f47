"""Why not, in plain sentences (issue 36): every reason a table gives for a
move it refuses reads as a sentence for someone who has never played the
game.  Through games of random moves of each of the four games, the reasons
are collected for every tap on the board (and every second tap after a first
that picked something), every drag of a piece the page lets be dragged,
each of the game's own buttons, move texts the game wrote earlier in the
game typed again and some mistyped ones; each is then shown as the table shows it."""

from __future__ import annotations

import copy
import random
import re

import pytest

from iriri_core import Seat, Table
from iriri_core.engine import GameError
from iriri_core.presenter import Reply, Seen, table_games

GAMES = table_games()
"""Every game a table shows, from the registry (the fixture games too)."""
HUMANS = [Seat("human"), Seat("human")]
TURNS = 14
"""How many positions of each game are tried."""

MISTYPED = ("", "nonsense", "pass", "draw", "a1", "3-1", "R3+G1", "Y1@0,0")
"""Move texts tried in every game, whatever its notation."""

NOTATION = re.compile(r"[a-z]*\d|[A-Z]\d|'")
"""How a message may begin that is not a word: a coordinate ("e4"), a
piece or tile code ("Y3", "B2B2+G2", "3-1") or a quoted target."""


def position_refusals(table: Table, typed: list[str], rng: random.Random) -> set[str]:
    """The reasons given in the position on ``table`` for the taps, drags,
    buttons and ``typed`` move texts described above."""
    presenter, seen = table.presenter, table.seen()
    found: set[str] = set()

    def said(reply: Reply, seen: Seen) -> Reply:
        if reply.error:
            found.add(reply.error)
        elif reply.move is not None and reply.move not in seen.legal:
            found.add(refused(table, reply.move))
        return reply

    empty = presenter.new_draft()
    panel = presenter.panel(seen, empty)
    targets = sorted(panel["scene"].targets())
    for target in targets:
        first = said(presenter.tap(seen, copy.deepcopy(empty), target), seen)
        if not first.error and first.move is None and first.draft != empty:
            for second in targets:
                said(presenter.tap(seen, copy.deepcopy(first.draft), second), seen)
    for source in panel["draggable"]:
        for target in rng.sample(targets, min(len(targets), 12)):
            said(presenter.drag(seen, copy.deepcopy(empty), source, target), seen)
    for name in ("pass", "build", "roll", "clear", "confirm", *(c["name"] for c in panel["controls"])):
        said(presenter.command(seen, copy.deepcopy(empty), name), seen)
    for text in typed:
        try:
            table.game.play(table.state, table.game.parse_move(table.state, text))
        except GameError as exc:
            found.add(str(exc))
    return found


def refused(table: Table, move: object) -> str:
    """Why the game refuses ``move`` in the position on ``table``."""
    try:
        table.game.play(table.state, move)
    except GameError as exc:
        return str(exc)
    raise AssertionError(f"{move} is played, yet it is not a legal move")


def refusals(game: str, seed: int) -> set[str]:
    """Every reason collected through a game of random moves (module docstring)."""
    table = Table(game, HUMANS, seed=seed)
    rng = random.Random(seed)
    written: list[str] = []
    found: set[str] = set()
    for _ in range(TURNS):
        table.play_bots()
        if table.game.is_over(table.state):
            break
        if table.seating().covered is not None:
            table.screen = table.seating().covered
        moves = table.legal_moves()
        if table.acting():
            typed = [*MISTYPED, *rng.sample(written, min(len(written), 12))]
            found |= position_refusals(table, typed, rng)
        if not moves:
            break
        written += [table.game.move_text(table.state, m) for m in rng.sample(moves, min(len(moves), 4))]
        table.play(rng.choice(moves))
    return found


def shown(table: Table, text: str) -> str:
    """``text`` as the table shows a reason."""
    table.error(text)
    assert table.message is not None
    return table.message["text"]


def slips(text: str, seats: list[str]) -> list[str]:
    """What reads wrong in ``text``, a reason as the table shows it."""
    found = []
    if not (text[:1].isupper() or NOTATION.match(text)):
        found.append("it does not begin with a capital letter")
    if re.search(r"\bnone (?!of\b|left\b)[a-z]", text):
        found.append('"none" before what there is none of')
    if re.search(r"\bfrom\b[^.;:]*\bfrom\b", text):
        found.append('"from" twice in one clause')
    for seat in seats:
        if re.search(rf"(^|[.:;] ){seat.lower()}\b", text):
            found.append(f"{seat} in lower case at the start of a clause")
    if re.search(r"\d or \d+ or \d", text):
        found.append('a list joined by "or" twice')
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_reads_as_a_sentence(game: str) -> None:
    table = Table(game, HUMANS, seed=1)
    seats = table.presenter.seat_names(2)
    reasons = refusals(game, 1) | refusals(game, 2)
    assert len(reasons) >= 10, reasons
    wrong = {said: found for said in map(lambda r: shown(table, r), reasons) if (found := slips(said, seats))}
    assert not wrong, "\n".join(f"{said!r}: {', '.join(found)}" for said, found in sorted(wrong.items()))
