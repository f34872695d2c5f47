"""Offline play after one visit, and the site served under a sub-path, as
GitHub Pages serves a project site."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .site import SiteWatch, build, built_site, poll, serve, state, wait_ready


def controlled(page: Page) -> None:
    """Wait until the service worker has stored the site and controls the page."""
    poll(page, "navigator.serviceWorker.controller !== null", timeout=60)


def test_after_one_visit_the_game_loads_and_plays_offline(watch: SiteWatch) -> None:
    page = watch.open()
    controlled(page)
    watch.context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)
        page.click("#actions button")
        poll(page, "window.iriri.state().record.moves.length >= 1")
        fresh = watch.context.new_page()  # a new tab, offline too
        fresh.goto(watch.site + "embed.html#seats=human,human&seed=2&start=now")
        wait_ready(fresh)
        assert state(fresh)["record"]["seed"] == 2
    finally:
        watch.context.set_offline(False)


def test_the_whole_standard_library_is_stored_for_a_start_without_the_snapshot(watch: SiteWatch) -> None:
    """Python starts from its snapshot and the rest of the library; if that
    start ever fails, it starts the plain way, from the whole library, which
    a first visit stores with the rest so that the fallback works offline too."""
    page = watch.open()
    controlled(page)
    stored = """async () => {
      const names = [];
      for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        for (const request of await cache.keys()) names.push(new URL(request.url).pathname);
      }
      return [names.some((name) => name.endsWith("/pyodide/library.br.bin")),
              names.some((name) => name.endsWith("/pyodide/python_stdlib.zip"))];
    }"""
    assert page.evaluate(stored) == [True, True]
    whole = "fetch('./pyodide/python_stdlib.zip').then((r) => r.arrayBuffer()).then((b) => b.byteLength)"
    watch.context.set_offline(True)
    try:
        assert page.evaluate(whole) == (build.DIST / "pyodide" / "python_stdlib.zip").stat().st_size
    finally:
        watch.context.set_offline(False)


@pytest.fixture
def prefixed(browser: Browser) -> Iterator[SiteWatch]:
    """The built site served under /some/prefix/."""
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / "some").mkdir()
        (Path(root) / "some" / "prefix").symlink_to(built_site(), target_is_directory=True)
        with serve(Path(root)) as url:
            context = browser.new_context()
            watch = SiteWatch(context, url + "some/prefix/")
            yield watch
            context.close()
            watch.assert_clean()


def test_the_site_works_under_a_sub_path(prefixed: SiteWatch) -> None:
    page = prefixed.open()
    page.click("#actions button")
    poll(page, "window.iriri.state().record.moves.length === 1")
    controlled(page)
    scope = page.evaluate("navigator.serviceWorker.controller.scriptURL")
    assert scope.endswith("/some/prefix/sw.js")
    figure = prefixed.open("embed.html#seats=human,human&seed=4&mode=figure&start=now")
    assert state(figure)["record"]["seed"] == 4 and figure.is_visible("#full-link")


def test_a_new_build_is_picked_up_on_the_next_online_visit(browser: Browser, tmp_path: Path) -> None:
    """Deploy, visit, deploy a new build, visit again: the new build shows,
    without clearing any cache by hand, and the old cache is gone."""
    site = tmp_path / "site"
    shutil.copytree(built_site(), site)
    with serve(site) as url:
        context = browser.new_context()
        watch = SiteWatch(context, url)
        page = watch.open()
        controlled(page)
        assert page.evaluate("caches.keys()")
        index = site / "index.html"
        index.write_text(
            index.read_text().replace(
                '<meta name="description" content="', '<meta name="description" content="New build. ', 1
            )
        )
        build.write_service_worker(site)
        page.reload()
        # The new build installs during this visit; it shows at once if it
        # took over while the page was loading, else after the offered Reload.
        new = "document.querySelector('meta[name=description]').content.startsWith('New build.')"
        poll(page, f"{new} || !document.getElementById('update-banner').hidden", timeout=30)
        if not page.evaluate(new):
            page.click("#update-reload")
        poll(page, new, timeout=30)
        wait_ready(page)
        poll(page, "caches.keys().then((keys) => keys.length === 1)")
        context.close()
        watch.assert_clean()
