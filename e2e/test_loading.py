"""The page before Python is ready: the table is painted at once from a
picture (the game's start, the saved game, or the link's), clearly not yet
playable; Python starts from its snapshot, or without it when it cannot;
everything it needs is asked for at once; and the "taking long" notice
appears when loading has stalled, never otherwise (issue: a board in the
first second, ready sooner)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route

from iriri_core.pictures import packed

from .site import READY, SiteWatch, poll, start_game, state, text, wait_ready

NOTICES = """
  window.loadingTexts = [];
  addEventListener("DOMContentLoaded", () => {
    const words = document.getElementById("loading-words");
    new MutationObserver(() => window.loadingTexts.push(words.textContent))
      .observe(words, { childList: true, characterData: true, subtree: true });
  });
"""
"""Keeps every text the loading screen shows, in ``window.loadingTexts``."""

TAKING_LONG = "This is taking long"


class Held:
    """Requests for Python's runtime held back, so a test can look at the
    page before Python is ready; ``release`` lets them through."""

    PATTERN = "**/pyodide.asm.wasm"

    def __init__(self, page: Page) -> None:
        self.routes: list[Route] = []
        self.page = page
        page.route(self.PATTERN, self.hold)

    def hold(self, route: Route) -> None:
        self.routes.append(route)

    def release(self) -> None:
        for _ in range(600):  # the request may not have arrived yet
            if self.routes:
                break
            self.page.wait_for_timeout(50)
        assert self.routes, "the page never asked for Python's runtime"
        for route in self.routes:
            route.continue_()
        self.routes.clear()
        self.page.unroute(self.PATTERN)


@pytest.fixture
def watch(browser: Browser, site: str) -> Iterator[SiteWatch]:
    """A watched context without service workers: they answer requests
    before a test could hold them back."""
    context = browser.new_context(viewport={"width": 1200, "height": 820}, service_workers="block")
    watch = SiteWatch(context, site)
    yield watch
    context.close()
    watch.assert_clean()


@pytest.fixture
def fresh(watch: SiteWatch) -> Iterator[Page]:
    """A new page of the watched context that records the loading texts."""
    page = watch.context.new_page()
    page.add_init_script(NOTICES)
    yield page
    assert not any(TAKING_LONG in words for words in page.evaluate("window.loadingTexts || []"))


def picture_then_ready(page: Page, held: Held) -> None:
    """The picture is on the canvas, dimmed, under the loading card, and
    the controls that need the game are out of reach; then Python comes."""
    page.wait_for_selector("html[data-picture]", state="attached")
    assert not page.evaluate("window.iriri.canvasBlank()"), "the picture is painted"
    assert page.is_visible("#loading") and page.is_visible("#loading-bar")
    assert page.evaluate("getComputedStyle(document.getElementById('canvas')).opacity") == "0.5"
    assert page.evaluate("document.getElementById('new-button').inert")
    assert page.get_attribute(READY.split("[")[0], "data-ready") is None
    held.release()
    wait_ready(page)
    assert page.is_hidden("#loading") and not page.evaluate("document.getElementById('new-button').inert")
    marks = page.evaluate(
        "['iriri-picture', 'iriri-ready'].map((m) => performance.getEntriesByName(m)[0].startTime)"
    )
    assert marks[0] < marks[1]


COLOURED = """(() => {
  const canvas = document.getElementById("canvas");
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 80) count++;
  }
  return count;
})()"""
"""How many canvas pixels are strongly coloured: pieces (the table, the
board and the blanks that stand for pieces the deal decides are greys and beiges)."""


def test_first_visits_deal_different_games_and_the_picture_gives_none_away(
    browser: Browser, site: str
) -> None:
    """Issue 22, 13: a first visit (nothing saved, no seed in the link)
    deals a game nobody can predict, and two first visits deal two
    different games.  The picture painted before Python is ready shows
    only what every deal has: the hands, and the ring as blanks, so its
    coloured pieces are the six of the hands, where the game dealt shows
    the ring's 24 as well; its status is the game's."""
    dealt = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1200, "height": 820}, service_workers="block")
        visit = SiteWatch(context, site)
        page = context.new_page()
        held = Held(page)
        page.goto(site)
        page.wait_for_selector("html[data-picture]", state="attached")
        pictured, coloured = text(page, "#status"), page.evaluate(COLOURED)
        picture_then_ready(page, held)
        poll(page, "window.iriri.motion().moving === false")
        assert text(page, "#status") == pictured
        assert page.evaluate(COLOURED) > 3 * coloured > 0, "the ring's pieces come with the game, not before"
        dealt.append((state(page)["record"]["seed"], state(page)["position"]))
        context.close()
        visit.assert_clean()
    assert dealt[0][0] != dealt[1][0] and dealt[0][1] != dealt[1][1], "two first visits, two deals"


def test_new_games_are_dealt_at_random_after_the_snapshot(watch: SiteWatch) -> None:
    """Python starts from a snapshot made by the build, random numbers and
    all: without a new seed every page would deal the same "random" games."""
    seeds = []
    for _ in range(2):
        page = watch.open()
        start_game(page, ["human", "human"], seed=None)
        seeds.append(state(page)["record"]["seed"])
        page.close()
    assert seeds[0] != seeds[1]


def test_a_reload_shows_the_saved_game_at_once(watch: SiteWatch, fresh: Page) -> None:
    page = watch.open("#game=hextris&seats=human,human")
    page.click("#actions button")
    poll(page, "window.iriri.state().record.moves.length === 1")
    saved = packed.read(page.evaluate("localStorage.getItem('iriri.picture')"))
    assert saved.game == "hextris" and saved.first == 1 and saved.steps[0].text == text(page, "#status")
    held = Held(fresh)
    fresh.goto(watch.site)
    fresh.wait_for_selector("html[data-picture]", state="attached")
    assert text(fresh, "#status") == saved.steps[0].text and text(fresh, "#game-title").startswith("Hextris")
    picture_then_ready(fresh, held)
    assert state(fresh)["record"]["moves"] == state(page)["record"]["moves"]
    watch.assert_clean()


def test_a_damaged_picture_in_a_link_is_explained_and_the_link_still_opens(
    watch: SiteWatch, fresh: Page
) -> None:
    fresh.goto(watch.site + "#seats=human,hard&seed=8&picture=1.notapicture")
    poll(fresh, "document.getElementById('message').textContent.includes('could not be shown')")
    wait_ready(fresh)
    assert "The picture in this link could not be used (this picture is damaged" in text(fresh, "#message")
    assert state(fresh)["record"]["seed"] == 8 and state(fresh)["seats"][1]["level"] == "hard"
    watch.assert_clean()


def test_everything_python_needs_is_asked_for_at_once(watch: SiteWatch) -> None:
    """The wheel and main.py come while the runtime downloads, not after
    Python has booted (PyScript alone asks for each in turn)."""
    page = watch.open()
    timing = page.evaluate(
        """Object.fromEntries(performance.getEntriesByType("resource")
             .map((r) => [r.name.split("/").pop(), [r.startTime, r.responseEnd]]))"""
    )
    wheel = next(name for name in timing if name.endswith(".whl"))
    runtime = timing["pyodide.asm.wasm"][1]
    assert timing[wheel][0] < runtime and timing["main.py"][0] < runtime
    assert timing["snapshot.br.bin"][0] < runtime
    assert "pyodide-lock.json" not in timing, "the page loads no packages, so no lock file"
    assert page.get_attribute("html", "data-python") == "snapshot"
    watch.assert_clean()


WARNING_WINDOW = """(() => {
  const loaded = performance.getEntriesByType("navigation")[0].loadEventEnd;
  return loaded > 0 && performance.now() > loaded + 3500;
})()"""
"""JS: the browser has looked for preloads left unused (3 s after the load event) and said what it found."""


def test_every_preload_is_used_and_none_is_said_to_be_unused(watch: SiteWatch) -> None:
    """A preload the page then fetches otherwise (another ``as=``, another
    crossorigin) is fetched twice and reported unused 3 s after the load
    event: each file preloaded is fetched once, and no console message
    says "preloaded" once that window has passed."""
    said: list[str] = []
    watch.context.on("page", lambda page: page.on("console", lambda message: said.append(message.text)))
    page = watch.open()
    poll(page, WARNING_WINDOW, timeout=10)
    preloaded = page.eval_on_selector_all("link[rel=preload]", "(links) => links.map((link) => link.href)")
    fetched = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert len(preloaded) == 5 and {url: fetched.count(url) for url in preloaded} == dict.fromkeys(
        preloaded, 1
    )
    assert [text for text in said if "preloaded" in text] == []
    watch.assert_clean()


def test_the_standard_library_comes_after_the_snapshot_and_imports_work_once_it_has(watch: SiteWatch) -> None:
    """Every module the page imports is in the snapshot, so Python starts
    with an empty zip for its standard library, which is fetched once the
    snapshot has downloaded (not competing with it) and put in place: a module
    the snapshot does not hold then imports, a package's own included, and
    the zip holds only such modules."""
    page = watch.open()
    assert page.get_attribute("html", "data-python") == "snapshot"
    imported = page.evaluate(
        """import("./pyodide/boot.mjs").then((boot) => boot.stdlib).then((python) => [
             python.runPython("import sys; [n in sys.modules for n in ('statistics', 'json', 'json.tool')]"),
             python.runPython("import statistics; statistics.median([3, 1, 2])"),
             python.runPython("import json.tool; json.tool.__name__"),
             python.runPython(`
import sys, zipfile
names = zipfile.ZipFile(next(p for p in sys.path if p.endswith(".zip"))).namelist()
["statistics.py" in names, "json/tool.py" in names, "json/__init__.py" in names, "random.py" in names]
`),
           ].map((answer) => (answer?.toJs ? answer.toJs() : answer)))"""
    )
    assert imported == [[False, True, False], 2, "json.tool", [True, True, False, False]]
    timing = page.evaluate(
        """Object.fromEntries(performance.getEntriesByType("resource")
             .map((r) => [r.name.split("/").pop(), [r.startTime, r.responseEnd]]))"""
    )
    assert timing["library.br.bin"][0] >= timing["snapshot.br.bin"][1]
    assert "python_stdlib.zip" not in timing, "the whole library is for a start without the snapshot"
    watch.assert_clean()


def test_a_late_standard_library_holds_python_back_and_fails_nothing(browser: Browser, site: str) -> None:
    """On a slow line the standard library arrives well after the snapshot:
    the page's Python waits for it (a first visit's lessons import more of
    the library than the snapshot holds), and then starts from the snapshot."""
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.extend([message.text] if message.type == "error" else []))
    held: list[Route] = []
    page.route("**/library.br.bin", lambda route: held.append(route))
    page.goto(site)
    while not held:
        page.wait_for_timeout(50)
    assert page.get_attribute("html", "data-ready") is None
    held[0].continue_()
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "snapshot"
    assert not errors and page.is_hidden("#loading-error")
    page.click("#actions button")
    poll(page, "window.iriri.state().record.moves.length >= 1")
    page.context.close()


def test_python_starts_without_its_snapshot_when_it_cannot_have_it(browser: Browser, site: str) -> None:
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("**/snapshot.br.bin", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "plain"
    assert page.is_hidden("#loading-error") and not errors, "starting without it is no failure to show"
    page.click("#actions button")
    poll(page, "window.iriri.state().record.moves.length >= 1")
    page.context.close()


@pytest.mark.parametrize("start", ["snapshot", "plain"])
def test_python_starts_without_stack_switching_and_the_page_keeps_it(
    browser: Browser, site: str, start: str
) -> None:
    """Pyodide starts with WebAssembly's stack switching (JSPI) hidden from
    it, from the snapshot or without it: with it, Chromium's renderer died in
    its garbage collector now and then as the page loaded (docs/page.md,
    "Starting Python"). The browser has it, and has it back once Pyodide has
    started."""
    page = browser.new_context().new_page()
    if start == "plain":
        page.route("**/snapshot.br.bin", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == start
    seen = page.evaluate(
        """import("./pyodide/boot.mjs").then((boot) => boot.stdlib).then((python) => [
             python._module.jspiSupported, "Suspending" in WebAssembly, typeof WebAssembly.promising,
           ])"""
    )
    assert seen == [False, True, "function"]
    page.click("#actions button")
    poll(page, "window.iriri.state().record.moves.length >= 1")
    page.context.close()


@pytest.mark.parametrize("damage", ["packed bytes", "runtime data", "library"])
def test_a_snapshot_that_does_not_fit_starts_python_the_usual_way(
    browser: Browser, site: str, damage: str
) -> None:
    """A snapshot that does not unpack, or whose first bytes would be put back
    from runtime data not the build's (web/memory.mjs), is never loaded, and
    a snapshot without the rest of its standard library (which does not
    unpack) is left: Python starts the usual way, and the game plays."""
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    if damage == "packed bytes":
        page.route("**/snapshot.br.bin", lambda route: route.fulfill(status=200, body=b"\x1b" * 5000))
    elif damage == "library":
        page.route("**/library.br.bin", lambda route: route.fulfill(status=200, body=b"\x1b" * 5000))
    else:

        def other_data(route: Route) -> None:
            boot = route.fetch().text()
            check = re.search(r'"check":(\d+)', boot)
            assert check is not None
            route.fulfill(
                body=boot.replace(check[0], f'"check":{int(check[1]) ^ 1}'), content_type="text/javascript"
            )

        page.route("**/pyodide/boot.mjs", other_data)
    page.goto(site)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "plain"
    assert page.is_hidden("#loading-error") and not errors
    page.click("#actions button")
    poll(page, "window.iriri.state().record.moves.length >= 1")
    page.context.close()


def test_a_stalled_load_is_reported(browser: Browser, site: str) -> None:
    """When nothing arrives for a long while (the runtime never comes), the
    page says so, with a way out in an embed."""
    page = browser.new_context().new_page()
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    page.goto(site + "embed.html#seats=human,human&start=now")
    poll(
        page, f"document.getElementById('loading-words').textContent.startsWith('{TAKING_LONG}')", timeout=40
    )
    assert page.is_visible("#loading-escape-link")
    assert page.get_attribute(READY.split("[")[0], "data-ready") is None
    page.context.close()


def test_the_rules_read_before_python_is_ready(watch: SiteWatch, fresh: Page) -> None:
    """While Python loads, the Rules button shows the game's rules, with
    credit and a link to the original (build.py writes them into the page)."""
    held = Held(fresh)
    fresh.goto(watch.site + "#game=hextris")
    fresh.wait_for_selector("html[data-picture]", state="attached")
    fresh.click("#rules-button")
    assert fresh.is_visible("#rules-dialog")
    assert fresh.text_content("#rules-title") == "How to play Hextris (David J. Bush)"
    rules = fresh.text_content("#rules-text") or ""
    assert "David J. Bush" in rules and len(rules) > 1000
    assert fresh.get_attribute("#rules-text a", "href") == "https://looneypyramids.wiki/wiki/Hextris"
    assert fresh.get_attribute("html", "data-ready") is None, "Python is not up yet"
    fresh.click("#rules-close")
    held.release()
    wait_ready(fresh)
