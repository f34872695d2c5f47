"""The bench's figures of playing by links (``python3 build.py bench
--only links``, issue 35):

* crafted links: the time the receiver takes to open each of the largest
  honest links and of the links a hostile friend could write, in CPython
  and inside Pyodide, with the ratio of each to the largest honest one
  (iriri_core/by_links/bench.py, iriri_core/by_links/attacks.py);
* the page's start with twenty games by links kept: reading them and
  listing Your games, and putting the game shown last on the table, in
  CPython and in Pyodide, against half a second of Python;
* links on the page: two people play by links in Chromium (e2e/friends.py),
  a number of moves or a whole match: the links' lengths, the time from
  Send to the link shown, Python's time to open a link, and every
  main-thread task over 50 ms once each page was ready, with the Python
  work inside it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from iriri_core import get_game
from iriri_core.by_links import bench
from iriri_core.engine import CHANCE

from . import friends
from .page_tasks import AFTER_READY, EXPORTS, LONG_TASKS, in_pyodide, python_work, spread, tasks_figures
from .site import READY, poll, state

SETTINGS: dict[str, dict[str, str]] = {"pyrinoes": {"target": "50"}}
"""The settings of a game played on the page: Pyrinoes to 50, its shortest match."""

SENDS = "performance.getEntriesByName('iriri-send').map((entry) => entry.duration)"
"""How long each press of Send took to the link shown, in the page (web/ui/friend.js)."""


def crafted_figures(quick: bool = False) -> dict[str, Any]:
    """The crafted links and the page's start with twenty kept games, each
    timed in CPython and inside Pyodide from the same files (best of 3;
    ``quick``: short games and one try, a test of the code)."""
    links, finished = bench.crafted_links(quick)
    book = bench.kept_book(quick, finished)
    repeat = 1 if quick else 3
    with tempfile.TemporaryDirectory() as folder:
        bench.write_folder(Path(folder), links, book)
        cpython = bench.folder_figures(folder, repeat)
        pyodide = in_pyodide(
            f"folder_figures('/bench', {repeat})", module="by_links.bench", mounts=[(Path(folder), "/bench")]
        )
    crafted = {
        "cpython": cpython["crafted_links"],
        "pyodide": pyodide["crafted_links"],
        "aim": "no crafted link costs the receiver more than the largest honest one",
    }
    start = {
        "cpython": cpython["start"],
        "pyodide": pyodide["start"],
        "aim": "the page's start with twenty kept games takes under half a second of Python",
    }
    return {"crafted_links": crafted, "start_with_twenty_games": start}


def links_on_the_page(browser: Browser, url: str, game: str, moves: int | None = 40) -> dict[str, Any]:
    """Two people play ``game`` by links (e2e/friends.py), Ann at a desktop
    and Bob on a phone, until move ``moves`` of the players (None: to the
    game's end, the last link sent): the length of each link as the page
    makes it (the whole address; after the players' first move and move
    ``moves``, and the longest), the time from pressing Send to the link
    shown (WebCrypto's signature and Python's block), Python's time to
    open a link (the ledger's checks, the replay, the view), and each
    page's long tasks once it was ready, with the Python work inside them."""
    settings = SETTINGS.get(game, {})
    contexts = [
        browser.new_context(viewport={"width": 1200, "height": 820}),
        browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True),
    ]
    try:
        ann, bob = (context.new_page() for context in contexts)
        for page in (ann, bob):
            page.add_init_script(LONG_TASKS + EXPORTS)
        ann.goto(f"{url}#game={game}&seats=human,easy")
        ann.wait_for_selector(READY, state="attached", timeout=60_000)
        link = friends.invite(ann, game, 0, settings)
        bob.goto(link)
        bob.wait_for_selector("#invite-dialog[open]", timeout=60_000)
        bob.click("#invite-join")
        poll(bob, "!document.getElementById('friend-box').hidden")
        people, other = {"Ann": ann, "Bob": bob}, {"Ann": "Bob", "Bob": "Ann"}
        lengths: dict[str, int] = {"invitation": len(link)}
        marks = {1: "after move 1", **({moves: f"after move {moves}"} if moves else {})}
        sent: list[int] = []
        for turn in range(20_000):
            if moves and len(lengths) == len(marks) + 1:
                break
            acted = False
            for name, page in people.items():
                if page.is_visible("#friend-send-button"):
                    played = players_moves(page, game, settings)
                    link = friends.send(page, other[name])
                    sent.append(len(link))
                    for mark, label in marks.items():
                        if played >= mark and label not in lengths:
                            lengths[label] = len(link)
                    friends.open_link(people[other[name]], link)
                    acted = True
                elif friends.mine_to_play(page):
                    friends.play_one(page, game, seed=turn, level="random", settings=settings)  # (long games)
                    acted = True
            if not acted:
                break
        lengths["longest"] = max(sent)
        over = state(ann)["over"] and state(bob)["over"]
        making = [m for page in (ann, bob) for m in page.evaluate(SENDS)]
        work = {name: python_work(page) for name, page in people.items()}
        opening = [end - start for each in work.values() for what, start, end in each if what == "open link"]
        tasks = {name: tasks_figures(page.evaluate(AFTER_READY), work[name]) for name, page in people.items()}
    finally:
        for context in contexts:
            context.close()
    return {
        "game": game,
        "settings": settings,
        "played": "the whole match" if moves is None else f"until move {moves}",
        "over": over,
        "link_characters": lengths,
        "send_to_link_shown_ms": spread(making),
        "python_open_link_ms": spread(opening),
        "links": len(sent),
        "desktop (Ann)": tasks["Ann"],
        "phone (Bob)": tasks["Bob"],
        "goals": {"main_thread_tasks_over_50ms": 0},
    }


def players_moves(page: Page, game_name: str, settings: dict[str, str] | None = None) -> int:
    """How many of the moves on ``page``'s table are the players' (not chance's)."""
    game, data = get_game(game_name), state(page)
    if "record" in data:
        position, texts = game.from_text(data["record"]["start"]), data["record"]["moves"]
    else:  # a game that hides pieces: the moves as the person saw them, from the start
        chosen = {name: int(value) for name, value in (settings or {}).items()}
        position, texts = game.new_game(2, **chosen), data["moves"]
    count = 0
    for text in texts:
        count += game.current_player(position) != CHANCE
        position = game.play(position, game.parse_move(position, text))
    return count
