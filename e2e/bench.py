"""The figures ``python3 build.py bench`` prints.

Engine figures come from :mod:`iriri_core.bench` in CPython.  Page figures
come from headless Chromium loading the built site cold (a fresh browser
context each time, so nothing is cached), next to a bare page that boots the
same PyScript and Pyodide from the same server and prints one line:

* ready: navigation to ``data-ready`` (bare: to its line being printed);
* bytes: everything transferred for one load;
* first content: the first contentful paint;
* bot play: two greedy bots play a whole game on the page while a
  ``longtask`` observer records every main-thread task over 50 ms.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from iriri_core import bench as engine_bench

from .site import READY, build, launch, poll, serve, start_game, state

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


LONG_TASKS = """() => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
  }).observe({ type: "longtask" });
}"""


def bot_play(browser: Browser, url: str) -> dict[str, Any]:
    """Long main-thread tasks while two greedy bots play a whole game."""
    context = browser.new_context(viewport={"width": 1200, "height": 820})
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        start_game(page, ["bot:greedy", "bot:greedy"], seed=1)
        page.evaluate(LONG_TASKS)
        poll(page, "window.iriri.state().over", timeout=120)
        tasks: list[float] = page.evaluate("window.longTasks")
        return {
            "moves": len(state(page)["record"]["moves"]),
            "tasks_over_50ms": len(tasks),
            "longest_task_ms": round(max(tasks, default=0.0)),
        }
    finally:
        context.close()


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
            bots = bot_play(browser, game_url)
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
    figures["greedy_bots_game"] = bots
    figures["goals"] = {
        "ready_ratio": "<= 1.25",
        "bytes_ratio": "<= 1.1",
        "game first_content_ms": "< 300",
        "longest_task_ms while bots play": "< 50 (control back to the browser at least every 50 ms)",
    }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on random games")
    parser.add_argument("--rounds", type=int, default=5, help="cold page loads of each page")
    args = parser.parse_args()
    print(json.dumps({"engine": engine_bench.run(seconds=args.seconds)}, indent=2), flush=True)
    print(json.dumps({"page": page_figures(args.rounds)}, indent=2))


if __name__ == "__main__":
    main()
