"""What a friend's link costs the browser that opens it, however it is
crafted, and what the page's start costs with many games by links kept
(issue 35): figures for ``python3 build.py bench --only links``.

Pure Python, the standard library only: the links and the book are made
in CPython (:func:`crafted_links`, :func:`kept_book`), written to a folder
as JSON (:func:`write_folder`), and timed there and inside Pyodide from
the same files (:func:`folder_figures`), so both time the same work.

A link is timed as its receiver takes it (:meth:`FriendGame.take`), on a
fresh copy of the receiving side each time, read from its kept data and
replayed before the clock starts, so only the link is timed; an
invitation is timed as a browser without the game opens it
(:meth:`FriendBook.open`).  The honest links are the largest a game
makes; the hostile ones are what a friend who wants the receiver to work
could send (:mod:`iriri_core.by_links.attacks`).  Figures only: no test asserts on them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..seats import default_seats
from ..site.contract import FIRST_GAME
from ..site.storage import FRIENDS
from ..table.table import Table
from .attacks import DealAttacks, Duo, Hook, Link, chain_attacks, hextris_attacks, invitation_attacks
from .book import FriendBook
from .crypto.blocks import Block, LinkError, write_packet
from .decks import ANSWER, AUDIT, LIFT, START, read_parts
from .game import FriendGame
from .storage import KeptGames
from .table import FriendTable

PAGE = "https://example.org/iriri/"
"""The page's address in the links timed (its length counts in no figure here)."""


# ---------------------------------------------------------------- timing


def _receive(link: Link) -> Callable[[], object]:
    """The link's opening, ready to time: its receiver made and replayed first."""
    if link.side is None:
        book = FriendBook()
        return lambda: book.open(link.packet, 0.0)
    side = FriendGame.from_json(link.side)
    side.position()
    return lambda: side.take(link.packet)


def open_once(link: Link) -> tuple[float, str]:
    """Seconds the link takes to open once, and what came of it: "taken",
    or "refused: " and the first words of the reason."""
    receive = _receive(link)
    start = time.perf_counter()
    try:
        receive()
        outcome = "taken"
    except LinkError as exc:
        words = " ".join(str(exc).split()[:9])
        outcome = "refused: " + (words if len(words) <= 70 else words[:69] + "…")
    except Exception as exc:  # a link must be refused with words, never fail otherwise: told
        outcome = f"failed: {type(exc).__name__}: {exc}"
    return time.perf_counter() - start, outcome


def time_link(link: Link, repeat: int = 3) -> dict[str, Any]:
    """The link's opening, the best of ``repeat`` (ms), with its outcome and size."""
    best, outcome = float("inf"), ""
    for _ in range(repeat):
        seconds, outcome = open_once(link)
        best = min(best, seconds)
    return {
        "link": link.name,
        "honest": link.honest,
        "ms": round(best * 1000, 1),
        "characters": len(link.packet),
        "outcome": outcome,
    }


def link_figures(links: list[Link], repeat: int = 3) -> dict[str, Any]:
    """Every link timed, each with its ratio to the largest honest one, and
    the hostile ones that cost more than it (issue 35's aim: none)."""
    rows = [time_link(link, repeat) for link in links]
    largest = max((row for row in rows if row["honest"]), key=lambda row: row["ms"])
    for row in rows:
        row["ratio"] = round(row["ms"] / largest["ms"], 3) if largest["ms"] else 0.0
    return {
        "links": rows,
        "largest_honest": {"link": largest["link"], "ms": largest["ms"]},
        "hostile_over_the_largest_honest": [
            row["link"] for row in rows if not row["honest"] and row["ms"] > largest["ms"]
        ],
    }


# ---------------------------------------------------------------- the honest links


def deal_link_name(block: Block) -> str | None:
    """What a Pyrinoes block's deal parts make its receiver do, as a link's name (None: nothing long)."""
    parts = read_parts(block.deal)
    kinds = {part.kind for part in parts}
    if ANSWER in kinds:
        return "Pyrinoes: deal message 2 (with its proof of shuffle), opened by the starter"
    if AUDIT in kinds and START in kinds:
        return "Pyrinoes: a round's end (the friend's lock: AUDIT) with the next deal's message 1"
    if AUDIT in kinds:
        return "Pyrinoes: a round's end (the friend's lock: AUDIT, the round played again in full)"
    if START in kinds:
        return "Pyrinoes: deal message 1 (with its proof of shuffle), opened by the answerer"
    lifts = [part for part in parts if part.kind == LIFT]
    if lifts and lifts[0].data[0] > 1:
        return "Pyrinoes: deal message 3 (the answerer's hand lifted) with the starter's first move"
    if lifts:
        return "Pyrinoes: a draw's lift"
    return None


def pyrinoes_match(hooks: list[Hook], rounds: int | None = None, seed: int = 3) -> Duo:
    """A Pyrinoes match to 50 by links, ``hooks`` told of each link; with
    ``rounds``, only until that many rounds have ended (0: until the first
    deal's message 3)."""
    duo = Duo("pyrinoes", 0, seed=seed, target=50)
    seen = {"audits": 0, "dealt": 0}

    def counting(duo: Duo, seat: int, block: Block) -> None:
        parts = read_parts(block.deal)
        seen["audits"] += any(part.kind == AUDIT for part in parts)
        seen["dealt"] += any(part.kind == LIFT and part.data[0] > 1 for part in parts)

    duo.hooks = [*hooks, counting]
    while duo.step():
        if rounds is not None and (seen["audits"] >= 2 * rounds if rounds else seen["dealt"]):
            break
    return duo


def crafted_links(quick: bool = False) -> tuple[list[Link], FriendGame]:
    """The honest links, then the hostile ones; and the side of the whole
    match they came from (kept in the book of :func:`kept_book`).  The
    honest ones are the largest of a Pyrinoes match to 50 (of each kind,
    the one slowest to open, timed once), a Pach-Ice-i turn with its roll
    and a Hextris move.  ``quick``: the match until its first deal only,
    shorter games (a test of the code)."""
    found: dict[str, list[Link]] = {}

    def honest(duo: Duo, seat: int, block: Block) -> None:
        name = deal_link_name(block)
        if name is not None:
            receiver = duo.sides[1 - seat].to_json()
            found.setdefault(name, []).append(Link(name, True, write_packet([block]), receiver))

    attacks = DealAttacks()
    duo = pyrinoes_match([honest, attacks], rounds=0 if quick else None)
    links = [max(candidates, key=lambda link: open_once(link)[0]) for candidates in found.values()]
    links.append(_last_with_moves("pach-ice-i", 10 if quick else 60, "Pach-Ice-i: a turn with its roll"))
    links.append(_last_with_moves("hextris", 6 if quick else 30, "Hextris: a move"))
    hostile = [*hextris_attacks(), *chain_attacks(), *invitation_attacks(), *attacks.made()]
    return links + hostile, duo.sides[1]


def _last_with_moves(game: str, steps: int, name: str) -> Link:
    """The last link with moves of ``steps`` of a game by links."""
    duo = Duo(game, 0, seed=5)
    kept: list[Link] = []

    def hook(duo: Duo, seat: int, block: Block) -> None:
        if block.moves:
            kept[:] = [Link(name, True, write_packet([block]), duo.sides[1 - seat].to_json())]

    duo.hooks = [hook]
    duo.play(steps)
    return kept[-1]


# ---------------------------------------------------------------- a folder for Pyodide


def write_folder(folder: Path, links: list[Link], book: str) -> None:
    """The links and the kept book as JSON files in ``folder``, to time elsewhere (Pyodide)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "links.json").write_text(json.dumps([asdict(link) for link in links]))
    (folder / "book.json").write_text(json.dumps({"text": book}))


def folder_figures(folder: str, repeat: int = 3) -> dict[str, Any]:
    """The figures of the links and the book :func:`write_folder` wrote in ``folder``."""
    links = [Link(**data) for data in json.loads((Path(folder) / "links.json").read_text())]
    book = json.loads((Path(folder) / "book.json").read_text())["text"]
    return {"crafted_links": link_figures(links, repeat), "start": start_figures(book, repeat)}


# ---------------------------------------------------------------- the page's start


class MemoryStore:
    """The browser's storage, in memory."""

    def __init__(self, kept: dict[str, str] | None = None) -> None:
        self.kept = dict(kept or {})

    def get(self, key: str) -> str | None:
        return self.kept.get(key)

    def set(self, key: str, text: str) -> None:
        self.kept[key] = text

    def remove(self, key: str) -> None:
        self.kept.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.kept)


def _clock() -> float:
    return 1_000_000.0


def _best(
    action: Callable[..., Any], repeat: int, fresh: Callable[[], Any] | None = None
) -> tuple[float, Any]:
    """The best of ``repeat`` runs of ``action`` (ms), and what the last gave;
    with ``fresh``, each run is ``action(fresh())``, ``fresh()`` untimed."""
    best, result = float("inf"), None
    for _ in range(repeat):
        given = () if fresh is None else (fresh(),)
        start = time.perf_counter()
        result = action(*given)
        best = min(best, time.perf_counter() - start)
    return round(best * 1000, 1), result


def start_figures(text: str, repeat: int = 3) -> dict[str, Any]:
    """The page's start with the book ``text`` kept (as :meth:`KeptGames.write`
    keeps it), best of ``repeat`` (ms): reading it and listing Your games
    (no game replayed), and putting the game shown last on the table (its
    replay: :meth:`FriendTable.show` on a page that has read the book); their
    sum, against the aim of half a second; and, beside them, the first view
    of the game shown (:meth:`FriendTable.dress`: Your games, the friend's
    box, the table)."""
    store = MemoryStore({FRIENDS: text})
    words = FriendTable(Table(FIRST_GAME, default_seats()), None, _clock, PAGE).last_turn

    def read_and_list() -> tuple[int, int]:
        book = KeptGames(store, _clock, defer=True).read()
        assert book is not None
        listed = book.entries(words)
        return len(listed), sum(side.replayed for side in book.games.values())

    def page() -> FriendTable:
        return FriendTable(Table(FIRST_GAME, default_seats()), store, _clock, PAGE, defer=True)

    def show(friends: FriendTable) -> int:
        assert friends.current is not None
        friends.show(friends.current)
        return len(friends.table.moves)

    def shown() -> FriendTable:
        friends = page()
        show(friends)
        return friends

    listing, (games, replayed) = _best(read_and_list, repeat)
    showing, moves = _best(show, repeat, page)
    viewing, _ = _best(lambda friends: friends.dress(friends.table.view()), repeat, shown)
    return {
        "kept_characters": len(text),
        "games": games,
        "games_replayed_by_the_list": replayed,
        "read_and_list_ms": listing,
        "show_ms": showing,
        "moves_shown": moves,
        "sum_ms": round(listing + showing, 1),
        "under_half_a_second": listing + showing < 500,
        "first_view_ms": viewing,
    }


def kept_book(quick: bool = False, finished: FriendGame | None = None) -> str:
    """Twenty games by links as the page keeps them (the text under the
    storage key): the four games for two, of varied lengths; seven Pyrinoes
    matches, five well into their rounds, ``finished`` (or one played to its
    end) and one resigned; two games set aside.  The game shown last is the
    longest Pyrinoes match.  ``quick``: short games, for a test of the code."""
    scale = 0.1 if quick else 1.0
    lengths = {
        "pyrinoes": (70, 100, 130, 160, 200),
        "hextris": (4, 12, 20, 30, 40),
        "pach-ice-i": (6, 20, 40, 60),
        "iriri": (4, 10, 20, 30),
    }
    plans = [
        (game, max(1, round(steps * scale)), 10 * number + 11 + index)
        for number, (game, counts) in enumerate(lengths.items())
        for index, steps in enumerate(counts)
    ]
    sides: list[FriendGame] = []
    for game, steps, seed in plans:
        settings = {"target": 50} if game == "pyrinoes" else {}
        sides.append(Duo(game, seed % 2, seed=seed, **settings).play(steps).sides[seed % 2])
    if finished is None:
        finished = Duo("pyrinoes", 0, seed=16, target=50).play(40 if quick else None).sides[1]
    sides.append(finished)
    resigned = Duo("pyrinoes", 1, seed=17, target=50).play(round(60 * scale))
    resigned.sides[0].resign()
    resigned.send(0)
    sides.append(resigned.sides[1])
    book = FriendBook()
    for number, side in enumerate(sides):
        book.add(side, now=_clock() - 3600.0 * (number + 1))
    keys = [side.game_id.hex() for side in sides]
    book.set_aside(keys[5], True, _clock())  # a Hextris game
    book.set_aside(keys[11], True, _clock())  # a Pach-Ice-i game
    table = Table(FIRST_GAME, default_seats())
    friends = FriendTable(table, MemoryStore(), _clock, PAGE)
    book.entries(friends.last_turn)  # (each game's line, kept with it)
    friends.book, friends.current = book, finished.game_id.hex()
    friends.save()
    text = friends.kept.stored
    assert text is not None
    return text
