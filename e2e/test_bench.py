"""What the bench reads off the page to say what a long task was made of:
the Python work the page notes when asked, the mark of the live table's
first frame, and how long tasks are matched with that work."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest
from playwright.sync_api import Browser

from . import load_bench
from .links_bench import crafted_figures
from .load_bench import (
    PageCrashed,
    PagesHandler,
    main_thread_busy_ms,
    markdown,
    pages_server,
    ranged,
    retried,
)
from .page_tasks import AFTER_READY, LONG_TASKS, python_work, tasks_figures
from .site import READY, poll


def test_long_tasks_are_told_with_the_python_work_inside_them() -> None:
    work = [("think", 100.0, 121.0), ("show", 130.0, 139.0), ("think", 300.0, 340.0), ("save", 500.0, 507.0)]
    figures = tasks_figures([(95.0, 60.0), (299.0, 52.0)], work)
    assert figures["main_thread_tasks_over_50ms"] == 2
    assert figures["longest_task_ms"] == 60
    assert figures["longest_tasks"] == [
        {"ms": 60, "python": ["think 21 ms", "show 9 ms"]},
        {"ms": 52, "python": ["think 40 ms"]},
    ]
    assert figures["tasks_by_python_work"] == {"think": 2}
    assert figures["longest_python_ms"] == {"save": 7, "show": 9, "think": 40}
    assert tasks_figures([], [])["longest_task_ms"] == 0


def test_the_crafted_links_and_the_start_with_kept_games_are_timed_in_cpython_and_pyodide(site: str) -> None:
    """The links section's figures are produced (short games, one try: their
    values are not judged): each crafted link timed with what came of it,
    every honest one taken and none failing otherwise than with words, and
    the start with twenty kept games, whose list replays no game."""
    assert site  # (the built wheel, which Pyodide runs)
    figures = crafted_figures(quick=True)
    for where in ("cpython", "pyodide"):
        crafted = figures["crafted_links"][where]
        rows = crafted["links"]
        assert {row["honest"] for row in rows} == {True, False}
        assert all(row["outcome"] == "taken" for row in rows if row["honest"]), rows
        assert all(row["outcome"] == "taken" or row["outcome"].startswith("refused: ") for row in rows), rows
        assert all(row["ms"] >= 0 and row["ratio"] >= 0 for row in rows)
        assert crafted["largest_honest"]["link"] in {row["link"] for row in rows if row["honest"]}
        start = figures["start_with_twenty_games"][where]
        assert start["games"] == 20 and start["games_replayed_by_the_list"] == 0
        assert start["sum_ms"] == round(start["read_and_list_ms"] + start["show_ms"], 1)
        assert start["moves_shown"] > 0 and start["first_view_ms"] >= 0


def test_the_page_notes_its_python_work_only_when_asked(browser: Browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 820})
    try:
        page = context.new_page()
        page.add_init_script(LONG_TASKS)
        page.goto(f"{site}#game=hextris&seats=random,human&seed=4")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        poll(page, "window.iriri.state().length >= 1 && !window.iriri.state().thinking")
        poll(page, "performance.getEntriesByName('iriri-live').length === 1")
        live = page.evaluate("performance.getEntriesByName('iriri-live')[0].startTime")
        ready = page.evaluate("performance.getEntriesByName('iriri-ready')[0].startTime")
        assert live >= ready
        assert isinstance(page.evaluate(AFTER_READY), list)
        poll(page, "window.iririProfile.includes('save')")
        work = python_work(page)
        kinds = {name for name, _, _ in work}
        assert {"event", "think", "show", "save"} <= kinds, kinds
        assert all(end >= start > 0 for _, start, end in work)

        plain = context.new_page()  # no init script: nothing is noted
        plain.goto(f"{site}#game=hextris&seats=random,human&seed=4")
        plain.wait_for_selector(READY, state="attached", timeout=60_000)
        poll(plain, "window.iriri.state().length >= 1")
        assert plain.evaluate("window.iririProfile === undefined")
    finally:
        context.close()


def test_the_load_bench_server_answers_as_github_pages_does(tmp_path: Path) -> None:
    """Text, JavaScript and WebAssembly gzipped, a packed file as it is; an
    ETag or a date that matches gets a 304 with no body; the bytes sent are counted."""
    (tmp_path / "page.js").write_text("let x = 1;\n" * 500)
    (tmp_path / "packed.bin").write_bytes(bytes(range(256)) * 40)
    with pages_server(tmp_path) as url:
        sent = PagesHandler.sent[0]
        with urlopen(Request(url + "page.js", headers={"Accept-Encoding": "gzip"})) as answer:
            body, headers = answer.read(), answer.headers
        assert headers["Content-Encoding"] == "gzip" and headers["Cache-Control"] == "max-age=600"
        assert gzip.decompress(body) == (tmp_path / "page.js").read_bytes()
        assert PagesHandler.sent[0] - sent == len(body) < 500
        with urlopen(Request(url + "packed.bin", headers={"Accept-Encoding": "gzip"})) as answer:
            assert answer.headers["Content-Encoding"] is None and len(answer.read()) == 10240
        asked = (("If-None-Match", headers["ETag"]), ("If-Modified-Since", headers["Last-Modified"]))
        for name, value in asked:
            with pytest.raises(HTTPError) as unchanged:
                urlopen(Request(url + "page.js", headers={name: value}))
            assert unchanged.value.code == 304


def test_the_main_threads_time_to_ready_is_read_off_a_trace() -> None:
    """Top-level tasks of the page's main thread before its ready mark count,
    cut at the mark; nested tasks, other threads and other processes do not."""
    events = [
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "CrRendererMain"}},
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "DedicatedWorker thread"}},
        {"ph": "M", "name": "thread_name", "pid": 9, "tid": 9, "args": {"name": "CrRendererMain"}},
        {"ph": "X", "name": "RunTask", "pid": 1, "tid": 1, "ts": 1000, "dur": 5000},
        {"ph": "X", "name": "RunTask", "pid": 1, "tid": 1, "ts": 2000, "dur": 1000},  # nested
        {"ph": "X", "name": "RunTask", "pid": 1, "tid": 2, "ts": 1000, "dur": 90000},  # a worker
        {"ph": "X", "name": "RunTask", "pid": 9, "tid": 9, "ts": 1000, "dur": 90000},  # another page
        {"ph": "X", "name": "RunTask", "pid": 1, "tid": 1, "ts": 10000, "dur": 4000},  # cut at ready
        {"ph": "X", "name": "RunTask", "pid": 1, "tid": 1, "ts": 20000, "dur": 4000},  # after ready
        {"ph": "I", "name": "iriri-ready", "cat": "blink.user_timing", "pid": 1, "tid": 1, "ts": 12000},
    ]
    assert main_thread_busy_ms(json.dumps({"traceEvents": events}).encode()) == 7
    assert main_thread_busy_ms(json.dumps(events).encode()) == 7


def test_ratios_are_told_as_a_median_and_a_range() -> None:
    assert ranged([0.5, 0.25, 1.0]) == {"median": 0.5, "min": 0.25, "max": 1.0}
    row = {"ready ratio to bare Pyodide": ranged([0.4]), "ready ratio to bare PyScript": ranged([0.3, 0.5])}
    assert markdown({"fast line, in-memory context, cold": row})[-1] == (
        "| fast line, in-memory context, cold | 0.40 (0.40 to 0.40) | 0.40 (0.30 to 0.50) |"
    )


def test_a_round_whose_renderer_dies_is_noted_and_run_again(monkeypatch: pytest.MonkeyPatch) -> None:
    urls = {"game": "http://game/", "bare Pyodide": "http://bare/pyodide.html"}
    deaths = ["http://bare/pyodide.html"]

    def one_round(*_: object) -> dict[str, Any]:
        if deaths:
            raise PageCrashed(deaths.pop())
        return {"game": {}}

    monkeypatch.setattr(load_bench, "one_round", one_round)
    crashes: list[dict[str, str]] = []
    assert retried(None, urls, ("game",), "fast line", "on-disk profile", crashes) == {"game": {}}  # type: ignore[arg-type]
    assert crashes == [{"line": "fast line", "profile": "on-disk profile", "page": "bare Pyodide"}]
    deaths.extend(["http://game/"] * 3)
    with pytest.raises(RuntimeError, match="three times"):
        retried(None, urls, ("game",), "fast line", "on-disk profile", crashes)  # type: ignore[arg-type]
    assert [crash["page"] for crash in crashes] == ["bare Pyodide", "game", "game", "game"]
