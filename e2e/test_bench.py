"""What the bench reads off the page to say what a long task was made of:
the Python work the page notes when asked, the mark of the live table's
first frame, and how long tasks are matched with that work."""

from __future__ import annotations

from playwright.sync_api import Browser

from .bench import AFTER_READY, LONG_TASKS, python_work, tasks_figures
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
    assert figures["longest_python_ms"] == {"save": 7, "show": 9, "think": 40}
    assert tasks_figures([], [])["longest_task_ms"] == 0


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
