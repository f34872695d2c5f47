"""What the bench reads off a page to say what its main thread did: the
long tasks (over 50 ms), the times between painted frames, and the
pieces of Python's work the page notes when asked (web/main.py,
``timed``), with each long task told with the work inside it; and the
same figures taken inside Pyodide under Node (:func:`in_pyodide`)."""

from __future__ import annotations

import json
import statistics
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from .site import build

LONG_TASKS = """
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  window.iririProfile = [];
"""
"""Collects the start and duration of every main-thread task over 50 ms, and
asks the page to note Python's work (web/main.py, ``timed``)."""

AFTER_READY = """() => {
  const live = performance.getEntriesByName("iriri-live")[0].startTime;
  return window.longTasks.filter(([start]) => start >= live);
}"""
"""The long tasks (start, duration) once the game was up: from the live
table's first frame (booting Python, and that frame, end the start)."""

GAPS_AFTER_READY = """() => {
  const live = performance.getEntriesByName("iriri-live")[0].startTime;
  return window.gaps.filter(([end, gap]) => end - gap >= live).map(([, gap]) => gap);
}"""
"""The times between painted frames once the game was up: the longest is
the longest task (even under 50 ms) plus the wait for the next frame."""

PYTHON_WORK = "window.iririProfile"
"""Python's work on the page: a flat list of name, start, end."""


def python_work(page: Page) -> list[tuple[str, float, float]]:
    """Each piece of Python's work noted on ``page``: name, start and end (ms)."""
    flat = page.evaluate(PYTHON_WORK)
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]


def tasks_figures(tasks: list[tuple[float, float]], work: list[tuple[str, float, float]]) -> dict[str, Any]:
    """The long tasks, each with the Python work inside it, how many were
    made mostly of each kind of Python work (the kind of the longest piece
    inside the task, or none noted), and the longest piece of each kind of
    Python work (a slice of thinking, a move's view, a save, an event):
    what a long task was made of."""
    longest: dict[str, float] = {}
    for name, start, end in work:
        longest[name] = max(longest.get(name, 0.0), end - start)

    def inside(start: float, duration: float) -> list[tuple[str, float, float]]:
        return [(name, begin, end) for name, begin, end in work if begin < start + duration and end > start]

    told = [
        {
            "ms": round(duration),
            "python": [f"{name} {round(end - begin)} ms" for name, begin, end in inside(start, duration)],
        }
        for start, duration in sorted(tasks, key=lambda task: -task[1])[:10]
    ]
    kinds: dict[str, int] = {}
    for start, duration in tasks:
        pieces = inside(start, duration)
        kind = max(pieces, key=lambda piece: piece[2] - piece[1])[0] if pieces else "no Python noted"
        kinds[kind] = kinds.get(kind, 0) + 1
    return {
        "main_thread_tasks_over_50ms": len(tasks),
        "longest_task_ms": round(max((d for _, d in tasks), default=0.0)),
        "longest_tasks": told,
        "tasks_by_python_work": dict(sorted(kinds.items(), key=lambda kind: -kind[1])),
        "longest_python_ms": {name: round(ms) for name, ms in sorted(longest.items())},
    }


FRAME_GAPS = """
  window.gaps = [];
  let last = performance.now();
  const tick = (now) => { window.gaps.push([now, now - last]); last = now; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
"""
"""Records the time between frames the page paints (a frozen page paints none)."""


EXPORTS = """
  let pageUI;
  Object.defineProperty(window, "pageUI", {
    configurable: true,
    get: () => pageUI,
    set(value) {
      const connect = value.connect;
      value.connect = (handle, exporter) =>
        connect.call(value, handle, (request) => {
          const start = performance.now();
          try {
            return exporter(request);
          } finally {
            window.iririProfile.push("export " + JSON.parse(request).kind, start, performance.now());
          }
        });
      pageUI = value;
    },
  });
"""
"""Notes each answer of Python's to a question of the page's scripts
(web/main.py, ``export``, which the page does not time) as Python's work
named ``export`` and the question's kind: the link's block to sign when
Send is pressed (``friend-block``), and the bench's own questions
(``state``), so that no long task goes unexplained.  After
:data:`LONG_TASKS`, which makes the list."""


def spread(times: list[float]) -> dict[str, float]:
    """The median and the longest of ``times`` (ms)."""
    if not times:
        return {"median": 0.0, "most": 0.0}
    return {"median": round(statistics.median(times), 1), "most": round(max(times), 1)}


def in_pyodide(call: str, module: str = "bench", mounts: Sequence[tuple[Path, str]] = ()) -> dict[str, Any]:
    """The figures of ``call`` (a call of ``iriri_core.<module>``, as text)
    inside Pyodide under Node, each host folder of ``mounts`` mounted at
    its guest path (e2e/pyodide_run.mjs)."""
    code = (
        f"import json, importlib; part = importlib.import_module('iriri_core.{module}'); "
        f"print(json.dumps(part.{call})); 0"
    )
    runner = Path(__file__).with_name("pyodide_run.mjs")
    wheel = build.DIST / build.wheel_name()
    folders = [f"{host}={guest}" for host, guest in mounts]
    result = subprocess.run(
        ["node", str(runner), str(wheel), code, *folders], capture_output=True, text=True, check=True
    )
    figures: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures
