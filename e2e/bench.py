"""The figures ``python3 build.py bench`` prints, section by section.

* engine: random games per second and move generation, in CPython
  (:mod:`iriri_core.bench`);
* search: the hard level's iterations per second in CPython and in Pyodide
  (under Node, from the built wheel), and their ratio;
* page: headless Chromium loading the built site cold (a fresh browser
  context each time, so nothing is cached), next to a bare page that boots
  the same PyScript and Pyodide from the same server and prints one line:
  time to ``data-ready`` (bare: to its line), bytes transferred, first
  contentful paint;
* hard on the page: the hard level plays medium in Chromium; the time each
  of its decisions takes (thinking in slices, with the browser running in
  between) and every main-thread task over 50 ms, from a ``longtask``
  PerformanceObserver;
* strength: win rates over hundreds of games per pairing, seats alternating.

Every figure comes with its count and, where it is a mean or a rate, a 95%
confidence interval.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from iriri_core import bench as engine_bench
from iriri_core import game_names
from iriri_core.bench import mean_ci

from .site import READY, build, launch, poll, serve

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./pyscript/core.js"></script></head>
<body><mpy-config>{off}</mpy-config>
<script type="py" config="./bare.json">
from js import document, performance
print("bare page ready")
performance.mark("iriri-ready")
document.documentElement.dataset.ready = "1"
</script></body></html>
"""

MEASURE = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return {
    ready_ms: performance.getEntriesByName("iriri-ready")[0].startTime,
    bytes: nav.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
    first_content_ms: paint ? paint.startTime : null,
    requests: resources.length + 1,
  };
}"""


GAMES = tuple(game_names())


def bare_site(directory: Path) -> None:
    """The bare page beside the same runtime files as dist/."""
    for runtime in ("pyodide", "pyscript"):
        shutil.copytree(build.DIST / runtime, directory / runtime)
    off = {"plugins": [f"!{name}" for name in build.PYSCRIPT_OFF]}
    (directory / "bare.json").write_text(json.dumps({"interpreter": "./pyodide/pyodide.mjs", **off}))
    (directory / "index.html").write_text(BARE_PAGE.replace("{off}", json.dumps(off)))


def load(browser: Browser, url: str) -> dict[str, Any]:
    """One cold load of ``url``: its figures."""
    context = browser.new_context(viewport={"width": 1200, "height": 820})
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        figures: dict[str, Any] = page.evaluate(MEASURE)
        return figures
    finally:
        context.close()


LONG_TASKS = """
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask" });
"""
"""Collects the start and duration of every main-thread task over 50 ms."""

AFTER_READY = """() => {
  const ready = performance.getEntriesByName("iriri-ready")[0].startTime;
  return window.longTasks.filter(([start]) => start >= ready).map(([, duration]) => duration);
}"""
"""The long tasks once the game was up (booting Python is one long task)."""


def hard_on_the_page(browser: Browser, url: str, game: str, games: int = 2) -> dict[str, Any]:
    """The hard level plays medium in the page: its decision times, and the
    long main-thread tasks while the bots play."""
    seconds: list[float] = []
    tasks: list[float] = []
    for number in range(games):
        context = browser.new_context(viewport={"width": 1200, "height": 820})
        try:
            page = context.new_page()
            page.add_init_script(LONG_TASKS)
            seats = "hard,medium" if number % 2 == 0 else "medium,hard"
            page.goto(f"{url}#game={game}&seats={seats}&seed={number + 1}")
            page.wait_for_selector(READY, state="attached", timeout=60_000)
            poll(page, "window.iriri.state().over", timeout=600)
            tasks += page.evaluate(AFTER_READY)
            decisions = page.evaluate("window.iriri.timing().decisions")
            seconds += [d["seconds"] for d in decisions if d["level"] == "hard"]
        finally:
            context.close()
    return {
        "game": game,
        "games": games,
        "seconds_per_decision": {**mean_ci(seconds), "max": round(max(seconds), 3)},
        "main_thread_tasks_over_50ms": len(tasks),
        "longest_task_ms": round(max(tasks, default=0.0)),
        "goals": {"seconds_per_decision": "<= 2", "longest_task_ms": "< 100"},
    }


def search_in_pyodide(game: str) -> dict[str, Any]:
    """:func:`iriri_core.bench.search_speed` inside Pyodide under Node."""
    code = f"import json; from iriri_core import bench; print(json.dumps(bench.search_speed({game!r}))); 0"
    runner = Path(__file__).with_name("pyodide_run.mjs")
    wheel = build.DIST / build.wheel_name()
    result = subprocess.run(
        ["node", str(runner), str(wheel), code], capture_output=True, text=True, check=True
    )
    figures: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


def page_figures(rounds: int) -> dict[str, Any]:
    """Median figures of the game and the bare page over ``rounds`` cold loads each."""
    samples: dict[str, list[dict[str, Any]]] = {"game": [], "bare": []}
    with tempfile.TemporaryDirectory() as tmp, serve() as game_url, serve(Path(tmp)) as bare_url:
        bare_site(Path(tmp))
        with sync_playwright() as playwright:
            browser = launch(playwright)
            load(browser, bare_url)  # warm the disk cache of the server, not the browser's
            for _ in range(rounds):
                samples["bare"].append(load(browser, bare_url))
                samples["game"].append(load(browser, game_url))
            browser.close()

    def median(kind: str, key: str) -> float:
        return float(statistics.median(s[key] for s in samples[kind]))

    figures: dict[str, Any] = {"rounds": rounds}
    for kind in ("game", "bare"):
        figures[kind] = {
            "ready_ms": round(median(kind, "ready_ms")),
            "bytes": int(median(kind, "bytes")),
            "first_content_ms": round(median(kind, "first_content_ms")),
            "requests": int(median(kind, "requests")),
        }
    figures["ready_ratio"] = round(figures["game"]["ready_ms"] / figures["bare"]["ready_ms"], 3)
    figures["bytes_ratio"] = round(figures["game"]["bytes"] / figures["bare"]["bytes"], 3)
    figures["goals"] = {"ready_ratio": "<= 1.25", "bytes_ratio": "<= 1.1", "game first_content_ms": "< 300"}
    return figures


def show(section: str, figures: Any) -> None:
    print(json.dumps({section: figures}, indent=2), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on random games")
    parser.add_argument("--rounds", type=int, default=5, help="cold page loads of each page (0: skip)")
    parser.add_argument(
        "--page-games", type=int, default=2, help="games of hard against medium on the page (0: skip)"
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing for strength (0: skip)")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing strength games")
    args = parser.parse_args()
    games = args.game or list(GAMES)
    for game in games:
        show(f"engine {game}", engine_bench.run(game, seconds=args.seconds))
        cpython = engine_bench.search_speed(game)
        pyodide = search_in_pyodide(game)
        ratio = pyodide["iterations_per_second"]["mean"] / cpython["iterations_per_second"]["mean"]
        show(
            f"search {game}", {"cpython": cpython, "pyodide": pyodide, "pyodide_to_cpython": round(ratio, 3)}
        )
    if args.rounds:
        show("page", page_figures(args.rounds))
    if args.page_games:
        with serve() as url, sync_playwright() as playwright:
            browser = launch(playwright)
            for game in games:
                show(f"hard_on_the_page {game}", hard_on_the_page(browser, url, game, args.page_games))
            browser.close()
    if args.games:
        for game in games:
            show(
                f"strength {game}",
                {
                    "pairings": engine_bench.strength(game, games=args.games, jobs=args.jobs),
                    "goals": engine_bench.STRENGTH_GOALS[game],
                },
            )


if __name__ == "__main__":
    main()
