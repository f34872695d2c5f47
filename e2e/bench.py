"""The figures ``python3 build.py bench`` prints, section by section.

* engine: random games per second and move generation, in CPython
  (:mod:`iriri_core.bench`);
* search: the hard level's iterations per second in CPython and in Pyodide
  (under Node, from the built wheel), and their ratio;
* page: how soon the page is ready as players meet it, against a bare
  Pyodide page and a bare PyScript page, cold and warm, on a fast line and
  on 20 Mbit/s, in an in-memory context and an on-disk profile, from a
  server that compresses as GitHub Pages does (e2e/load_bench.py);
* wiki: a MediaWiki rules page with five frames, set up as
  docs/embedding.md says: the time until all five show their picture, the
  browser's memory with none started, one and all five, and how long the
  wiki page freezes while a frame starts when the game is on the wiki's own
  site and on another;
* links: what opening each link costs, however it is crafted, the page's
  start with twenty games by links kept, and two people playing by links
  on the page, a whole Pyrinoes match to 50 (e2e/links_bench.py);
* moves on the page: two people play a dozen moves from the legal-move
  buttons; every main-thread task over 50 ms from each click until its
  pieces have stopped moving, and the longest time between painted frames
  (a task under 50 ms too, plus the wait for the next frame);
* hard and expert on the page: each search level plays medium in Chromium
  on a 390x844 phone-sized page with touch; the time each
  of its decisions takes (thinking in slices, with the browser running in
  between), every main-thread task over 50 ms once the live table is first
  painted, from a ``longtask`` PerformanceObserver, and the longest time
  between painted frames;
* in both, each long task with the Python work inside it, and the longest
  piece of each kind of Python work (a slice of thinking, a move's view
  shown, a save, an event), which the page notes when asked
  (web/main.py, ``timed``);
* coach on the page: a finished game of a person against the easy bot
  opened from a link (the person's moves played by the easy bot too), then
  "Learn from your mistakes": every main-thread task over 50 ms while the
  hard bot judges the person's moves (web/ui/coach.js, iriri_core/learn/coach.py),
  on a 390x844 phone with touch: the time to the first list shown and to
  the final one, Python's time in all by kind of work before and after the
  first list, and the longest slice of its thinking;
* levels: win rates over hundreds of games per pairing of the levels and
  the baselines, seats alternating;
* strength: the searches against today's hard, along a budget curve, and
  expert against hard, in pairs of games with the same deal, dice and
  opening and the seats swapped, each point stopped once its answer is
  clear (iriri_core/bots/arena.py, docs/bots.md "Measuring strength").

Every figure comes with its count and, where it is a mean or a rate, a 95%
confidence interval.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from dataclasses import asdict
from typing import Any

from playwright.sync_api import Browser, Playwright, sync_playwright

from iriri_core import Seat, Table, game_names, get_game
from iriri_core import bench as engine_bench
from iriri_core.bench import mean_ci
from iriri_core.bots import make_bot
from iriri_core.bots.searchers import SEARCH_LEVELS
from iriri_core.by_links.crypto import measure
from iriri_core.by_links.invitations import by_links
from iriri_core.engine import CHANCE, fixed_chance
from iriri_core.presenter import presenter_for, setup_rules, table_games
from iriri_core.records import Record
from iriri_core.settings import least_settings
from iriri_core.setup.editor import Editor, taps
from iriri_core.site.links import Snapshot

from . import wiki
from .links_bench import crafted_figures, links_on_the_page
from .load_bench import browser_memory_mb, load_figures
from .page_tasks import (
    AFTER_READY,
    FRAME_GAPS,
    GAPS_AFTER_READY,
    LONG_TASKS,
    in_pyodide,
    python_work,
    tasks_figures,
)
from .site import ISOLATED, READY, SETTLED, build, chromium_path, launch, poll, serve

GAMES = tuple(game_names())
"""Every registered game; the page figures are for those the page shows (``table_games``)."""


def level_on_the_page(
    browser: Browser, url: str, game: str, level: str = "hard", games: int = 2, decisions: int = 8
) -> dict[str, Any]:
    """A search level plays medium on a 390x844 phone-sized page, for
    ``decisions`` of its decisions a game (or to the game's end): its
    decision times, and the long main-thread tasks while the bots play."""
    seconds: list[float] = []
    tasks: list[tuple[float, float]] = []
    work: list[tuple[str, float, float]] = []
    gaps: list[float] = []
    for number in range(games):
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        try:
            page = context.new_page()
            page.add_init_script(LONG_TASKS + FRAME_GAPS)
            seats = f"{level},medium" if number % 2 == 0 else f"medium,{level}"
            page.goto(f"{url}#game={game}&seats={seats}&seed={number + 1}")
            page.wait_for_selector(READY, state="attached", timeout=60_000)
            poll(
                page,
                "window.iriri.state().over || window.iriri.timing().decisions"
                f".filter(d => d.level === {level!r}).length >= {decisions}",
                timeout=900,
            )
            tasks += page.evaluate(AFTER_READY)
            work += python_work(page)
            gaps += page.evaluate(GAPS_AFTER_READY)
            made = page.evaluate("window.iriri.timing().decisions")
            seconds += [d["seconds"] for d in made if d["level"] == level]
        finally:
            context.close()
    return {
        "game": game,
        "level": level,
        "viewport": "390x844, touch",
        "games": games,
        "decisions": len(seconds),
        "seconds_per_decision": {**mean_ci(seconds), "max": round(max(seconds), 3)},
        **tasks_figures(tasks, work),
        "longest_frame_gap_ms": round(max(gaps, default=0.0)),
        "goals": {
            "seconds_per_decision": "<= 2" if level == "hard" else "<= 5",
            "main_thread_tasks_over_50ms": 0,
        },
    }


def moves_on_the_page(browser: Browser, url: str, game: str, moves: int = 12) -> dict[str, Any]:
    """Two people play ``moves`` moves from the legal-move buttons (or Roll): the long
    main-thread tasks from each click until its pieces have stopped moving
    (Python working out the move and the view, then the animation)."""
    context = browser.new_context(viewport={"width": 1200, "height": 820})
    try:
        page = context.new_page()
        page.add_init_script(LONG_TASKS + FRAME_GAPS)
        page.goto(f"{url}#game={game}&seats=human,human")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        windows = []
        for _ in range(moves):
            poll(page, "!window.iriri.state().thinking")  # (a deal)
            if page.is_visible("#reveal-button"):  # a hidden hand: the next person shows theirs
                page.click("#reveal-button")
            length = page.evaluate("window.iriri.state().length")
            start = page.evaluate("performance.now()")
            page.click("#roll-button" if page.is_visible("#roll-button") else "#actions button")
            poll(page, f"window.iriri.state().length > {length} && {SETTLED}")
            windows.append((start, page.evaluate("performance.now()")))
        animated = page.evaluate("window.iriri.motion().animations")
        tasks = [(t, d) for t, d in page.evaluate("window.longTasks") if any(a <= t <= b for a, b in windows)]
        gaps = [d for t, d in page.evaluate("window.gaps") if any(a <= t - d and t <= b for a, b in windows)]
        work = [w for w in python_work(page) if any(a <= w[1] <= b for a, b in windows)]
    finally:
        context.close()
    return {
        "game": game,
        "moves": moves,
        "moves_animated": animated,
        **tasks_figures(tasks, work),
        "longest_frame_gap_ms": round(max(gaps, default=0.0)),
        "goals": {"main_thread_tasks_over_50ms": 0},
    }


def wiki_page(playwright: Playwright, site: str, start: int) -> dict[str, Any]:
    """The rules page of five frames on a fresh wiki, the game at ``site``:
    when all pictures show, the memory with none started and then with
    ``start`` frames started (at most those with a Play button; the one
    :data:`wiki.PLAY_TITLE` first), and the wiki page's longest freeze meanwhile."""
    with wiki.documented_wiki(site) as (running, url), tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=chromium_path(),
            args=list(build.CHROMIUM_FLAGS),
            headless=True,
            viewport={"width": 1100, "height": 900},
        )
        page = context.new_page()
        page.add_init_script(FRAME_GAPS)
        page.goto(running.page_url("Main Page"))  # the same wiki, with no frames
        page.wait_for_timeout(2000)
        without = browser_memory_mb(profile)
        page.goto(url)
        poll(page, "document.querySelectorAll('iframe').length === 5", timeout=60)
        frames = [frame for frame in page.frames if frame != page.main_frame]
        for frame in frames:
            frame.wait_for_selector("html[data-picture]", state="attached", timeout=60_000)
        origin = page.evaluate("performance.timeOrigin")
        shown = max(
            frame.evaluate(
                "performance.timeOrigin + performance.getEntriesByName('iriri-picture')[0].startTime"
            )
            for frame in frames
        )
        page.wait_for_timeout(2000)
        figures: dict[str, Any] = {
            "all_pictures_ms": round(shown - origin),
            "memory_mb_page_without_frames": without,
            "memory_mb_none_started": browser_memory_mb(profile),
        }
        pressed = page.evaluate("performance.now()")
        playable = [frame for frame in frames if frame.is_visible("#play-button")]
        playable.sort(key=lambda frame: frame.frame_element().get_attribute("title") != wiki.PLAY_TITLE)
        for frame in playable[:start]:
            frame.click("#play-button")
        for frame in playable[:start]:
            frame.wait_for_selector(READY, state="attached", timeout=120_000)
        start = len(playable[:start])
        figures["started"] = start
        figures["ready_after_press_ms"] = round(page.evaluate("performance.now()") - pressed)
        figures["wiki_page_longest_freeze_ms"] = round(
            page.evaluate(f"Math.max(...window.gaps.filter(([t]) => t > {pressed}).map(([, gap]) => gap))")
        )
        page.wait_for_timeout(2000)
        figures[f"memory_mb_{start}_started"] = browser_memory_mb(profile)
        context.close()
        return figures


def wiki_figures() -> dict[str, Any]:
    """The wiki page with the game on another site (localhost), on the
    wiki's own (127.0.0.1, another port), and there from a server that asks
    to be run apart (``Origin-Agent-Cluster: ?1``, docs/embedding.md): one
    frame started, then every frame with a Play button (figures with their
    pictures never start Python). The machine's load is given with them:
    the freezes grow with it."""
    reason = wiki.available()
    if reason:
        return {"skipped": reason}
    figures: dict[str, Any] = {}
    with serve() as game_url, serve(headers=ISOLATED) as apart_url, sync_playwright() as playwright:
        sites = {
            "game on another site": game_url.replace("127.0.0.1", "localhost"),
            "game on the wiki's site": game_url,
            "game on the wiki's site, run apart (Origin-Agent-Cluster)": apart_url,
        }
        for start, pressed in ((1, "one Play pressed"), (5, "every Play pressed")):
            for where, site in sites.items():
                figures[f"{where}, {pressed}"] = {
                    **wiki_page(playwright, site, start=start),
                    "load_average_1_min": round(os.getloadavg()[0], 1),
                }
    figures["goals"] = {"all_pictures_ms": "< 1000", "memory": "none started: no Python in any frame"}
    return figures


def coached_game(game_name: str, seed: int = 3) -> str:
    """The share code of a finished game of ``game_name`` between a person
    (seat 0, its moves played by the easy bot, so that the coach has mistakes
    to find in every game) and the easy bot, chance fixed by ``seed``; each
    setting at its least (a Pyrinoes match to 50 points)."""
    game = get_game(game_name)
    state = game.new_game(2, seed, **least_settings(presenter_for(game_name)))
    record = Record.begin(game, state, seed)
    bots = [make_bot("easy", seed), make_bot("easy", seed + 1)]
    while not game.is_over(state):
        seat = game.current_player(state)
        if seat == CHANCE:
            move = fixed_chance(game, state, seed, len(record.moves))
        else:
            move = bots[seat].choose(game, game.view(state, seat))
        record = record.add(move, state)
        state = game.play(state, move)
    return Snapshot(record, ("human", "easy"), len(record.moves)).to_code()


COACH_WATCH = """() => {
  window.coachTimes = { first: null, final: null };
  const box = document.getElementById("coach-box");
  const seen = () => {
    const now = performance.now();
    const listed = document.querySelectorAll("#coach-moves li").length > 0;
    const done = ["coach-progress", "coach-button"].every((id) => document.getElementById(id).hidden);
    if ((listed || done) && window.coachTimes.first === null) window.coachTimes.first = now;
    if (done && window.coachTimes.final === null) window.coachTimes.final = now;
  };
  const all = { subtree: true, childList: true, attributes: true, characterData: true };
  new MutationObserver(seen).observe(box, all);
}"""
"""Notes, in ``window.coachTimes``, when the coach's list is first shown (its
first move listed, or its answer given with no move to list) and when its
answer is final (no progress shown any more), as the page changes."""


def coach_on_the_page(browser: Browser, url: str, game: str) -> dict[str, Any]:
    """A finished game against a bot opened from a link on a 390x844 phone
    with touch, then Learn from your mistakes: the time to the first list
    and to the final one, the long main-thread tasks from the press until
    the final list is shown, and what Python did in them."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.add_init_script(LONG_TASKS + FRAME_GAPS)
        page.goto(f"{url}#record={coached_game(game)}")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        poll(page, "!document.getElementById('coach-button').hidden")
        page.wait_for_timeout(500)  # (the first frame's work, ended)
        page.evaluate(COACH_WATCH)
        start = page.evaluate("performance.now()")
        page.click("#coach-button")
        done = "['coach-progress', 'coach-button'].every((id) => document.getElementById(id).hidden)"
        poll(page, f"{done} && !window.iriri.state().thinking", timeout=900)
        end = page.evaluate("performance.now()")
        times = page.evaluate("window.coachTimes")
        judged = page.evaluate("document.querySelectorAll('#coach-moves li').length")
        words = page.evaluate("document.getElementById('coach-text').textContent")
        tasks = [(t, d) for t, d in page.evaluate("window.longTasks") if start <= t <= end]
        gaps = [d for t, d in page.evaluate("window.gaps") if start <= t - d and t <= end]
        work = [w for w in python_work(page) if start <= w[1] <= end]
    finally:
        context.close()
    first = times["first"] if times["first"] is not None else end
    final = times["final"] if times["final"] is not None else end
    spent: dict[str, dict[str, int]] = {"to_the_first_list": {}, "after_it": {}}
    for name, begin, finish in work:
        part = spent["to_the_first_list" if begin < first else "after_it"]
        part[name] = part.get(name, 0) + round(finish - begin)
    return {
        "game": game,
        "viewport": "390x844, touch",
        "seconds_to_the_first_list": round((first - start) / 1000, 2),
        "seconds_to_the_final_list": round((final - start) / 1000, 2),
        "moves_listed": judged,
        "words": words,
        "python_ms_in_all": spent,
        **tasks_figures(tasks, work),
        "longest_frame_gap_ms": round(max(gaps, default=0.0)),
        "load_average_1_min": round(os.getloadavg()[0], 1),
        "goals": {"seconds_to_the_first_list": "<= 20", "main_thread_tasks_over_50ms": 0},
    }


def show(section: str, figures: Any) -> None:
    print(json.dumps({section: figures}, indent=2), flush=True)


SECTIONS = ("engine", "distance", "links", "page", "wiki", "moves", "coach", "levels", "strength", "setup")
"""The bench's sections, for ``--only``: engine and search speed, the costs
of playing by links (docs/distance.md) in CPython and in Pyodide, the page,
the wiki page, moves and the search levels on the page, the levels' win rates,
the strength bench (the searches against today's hard),
and what setting up a position by hand costs in taps."""


def setup_taps() -> dict[str, Any]:
    """What setting up a position by hand costs a person on a phone, in taps
    (docs/setup.md; :func:`iriri_core.setup.editor.taps`): each game's trial
    and each designer's example it sets up, from the empty board."""
    figures: dict[str, Any] = {}
    for game in table_games():
        rules = setup_rules(game)
        if rules is None:
            continue
        rows = {}
        for name, steps in (("the trial", rules.trial.build), *rules.examples):
            table = Table(game, [Seat("human"), Seat("human")])
            cost = taps(Editor.open(table.game, table.presenter, table.state, "empty"), steps)
            rows[name] = {"taps": cost.total, **asdict(cost)}
        figures[game] = rows
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on random games")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of page loads (0: skip)")
    parser.add_argument("--no-wiki", dest="wiki", action="store_false", help="skip the wiki page")
    parser.add_argument(
        "--page-games", type=int, default=2, help="games of hard against medium on the page (0: skip)"
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing for levels (0: skip)")
    parser.add_argument("--pairs", type=int, default=50, help="most pairs of games per strength point")
    parser.add_argument("--cpu-minutes", type=float, default=60.0, help="most CPU minutes per strength point")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing strength games")
    parser.add_argument(
        "--whole", action="store_true", help="links on the page: every game to its end (Pyrinoes always is)"
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=SECTIONS,
        help="only this section (repeatable): " + ", ".join(SECTIONS),
    )
    args = parser.parse_args()
    chosen = set(args.only or SECTIONS)
    args.rounds = args.rounds if "page" in chosen else 0
    args.wiki = args.wiki and "wiki" in chosen
    args.page_games = args.page_games if "moves" in chosen else 0
    args.games = args.games if "levels" in chosen else 0
    games = args.game or list(GAMES)
    for game in games if "engine" in chosen else []:
        show(f"engine {game}", engine_bench.run(game, seconds=args.seconds))
        cpython = engine_bench.search_speed(game)
        pyodide = in_pyodide(f"search_speed({game!r})")
        ratio = pyodide["iterations_per_second"]["mean"] / cpython["iterations_per_second"]["mean"]
        show(
            f"search {game}", {"cpython": cpython, "pyodide": pyodide, "pyodide_to_cpython": round(ratio, 3)}
        )
        if game in table_games():
            for phone in (False, True):
                show(
                    f"tap {game}{' on a phone (a finger-wide table)' if phone else ''}",
                    {
                        "cpython": engine_bench.tap_cost(game, phone=phone),
                        "pyodide": in_pyodide(f"tap_cost({game!r}, phone={phone})"),
                    },
                )
    if "distance" in chosen:
        show(
            "distance",
            {
                "bytes": measure.sizes(),
                "cpython": engine_bench.distance_timings(),
                "pyodide": in_pyodide("distance_timings()"),
            },
        )
    if "links" in chosen:
        show("links", crafted_figures())
        with serve() as url, sync_playwright() as playwright:
            browser = launch(playwright)
            for game in [game for game in games if by_links(get_game(game))]:
                moves = None if args.whole or game == "pyrinoes" else 40
                show(f"links_on_the_page {game}", links_on_the_page(browser, url, game, moves))
            browser.close()
    if args.rounds:
        show("page", load_figures(args.rounds))
    if args.wiki:
        show("wiki", wiki_figures())
    if args.page_games:
        with serve() as url, sync_playwright() as playwright:
            browser = launch(playwright)
            for game in [game for game in games if game in table_games()]:
                show(f"moves_on_the_page {game}", moves_on_the_page(browser, url, game))
                for level in SEARCH_LEVELS:
                    show(
                        f"{level}_on_the_page {game}",
                        level_on_the_page(browser, url, game, level, args.page_games),
                    )
            browser.close()
    if "coach" in chosen:
        with serve() as url, sync_playwright() as playwright:
            browser = launch(playwright)
            for game in [game for game in games if game in table_games()]:
                show(f"coach_on_the_page {game}", coach_on_the_page(browser, url, game))
            browser.close()
    if "setup" in chosen:
        show("setup taps", setup_taps())
    if args.games:
        for game in [game for game in games if game in engine_bench.STRENGTH_PAIRINGS]:
            show(
                f"levels {game}",
                {
                    "pairings": engine_bench.strength(game, games=args.games, jobs=args.jobs),
                    "goals": engine_bench.STRENGTH_GOALS[game],
                },
            )
    if "strength" in chosen:
        for game in games:
            show(
                f"strength {game}",
                {
                    "python": engine_bench.interpreter(),
                    "jobs": args.jobs,
                    "points": engine_bench.strength_points(
                        game, pairs=args.pairs, jobs=args.jobs, cpu_minutes=args.cpu_minutes
                    ),
                },
            )


if __name__ == "__main__":
    main()
