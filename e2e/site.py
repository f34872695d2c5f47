"""Serving dist/, launching Chromium, and watching what a page does."""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Frame,
    Page,
    Playwright,
    Request,
    Response,
    ViewportSize,
)
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build as build  # noqa: E402 (re-exported for the tests and the bench)
from iriri_core import engine, get_game, presenter  # noqa: E402
from iriri_core.engine import Game  # noqa: E402
from iriri_core.registry import games_in, own_games  # noqa: E402

FIXTURE_GAMES = "tests/fixtures/games"
"""The fixture games' folder, from the root: the tests' own games (each a
package that declares itself), which the test build of the site holds
(build.py's $IRIRI_EXTRA_GAMES, into dist-games/) and the site people are
served (dist/) does not."""

SITE_GAMES = own_games()
"""The games of the site (dist/): the package's own, from its registry."""

TEST_GAMES = [entry.name for entry in games_in(ROOT / FIXTURE_GAMES)]
"""The games only the test build (dist-games/) has: the fixture games."""

EVERY_GAME = sorted([*SITE_GAMES, *TEST_GAMES])
"""What an end-to-end test of every game plays: the registry's games and the
fixture games; a test of a fixture game opens the test build (e2e/conftest.py, ``site``)."""


def game_of(name: str) -> Game[Any, Any]:
    """The game ``name`` of :data:`EVERY_GAME`, for what it declares
    (``has_chance``, ``shortest_game``...), a fixture game's too, which this
    process does not register (:func:`fixture_games_known`)."""
    fixture = next((entry for entry in games_in(ROOT / FIXTURE_GAMES) if entry.name == name), None)
    return get_game(name) if fixture is None else fixture.game()


@contextmanager
def fixture_games_known() -> Iterator[None]:
    """The fixture games registered in this process for a while (a test of
    one works out its links and records in CPython too), and then gone
    again: the rest of the run knows the site's games only, as dist/ does."""
    entries = [entry for entry in games_in(ROOT / FIXTURE_GAMES) if entry.name not in engine.game_names()]
    for entry in entries:
        presenter.register_game(entry)
    try:
        yield
    finally:
        for entry in entries:
            del engine._REGISTRY[entry.name]
            del presenter._PRESENTERS[entry.name]


READY = "html[data-ready='1']"

Surface = Page | Frame
"""A page, or a frame inside one (an embed)."""
LOAD_TIMEOUT_MS = 60_000


ISOLATED = (("Origin-Agent-Cluster", "?1"),)
"""The header that asks the browser to run a site's pages apart from other
origins of the same site (docs/embedding.md, "The game on the wiki's own site")."""


def built_site(games: bool = False) -> Path:
    """dist/ (with ``games``, the test build, dist-games/, which holds the
    fixture games too), built for this test run unless build.py has just
    built it ($IRIRI_BUILT). Under pytest-xdist the first worker to ask
    builds it while the others wait on a lock, and then serve the same files."""
    dist = build.ROOT / "dist-games" if games else build.DIST
    if os.environ.get("IRIRI_BUILT") and (dist / "index.html").exists():
        return dist

    def make() -> None:
        if games:  # in a process of its own: the build registers the extra games in its Python
            env = {**os.environ, "IRIRI_EXTRA_GAMES": FIXTURE_GAMES}
            subprocess.run([sys.executable, str(build.ROOT / "build.py"), "build"], env=env, check=True)
        else:
            build.build()

    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:  # one process: nobody to share with
        make()
        return dist
    folder = hashlib.sha256(f"{build.ROOT}/{dist.name}".encode()).hexdigest()[:16]
    lock = Path(tempfile.gettempdir()) / f"iriri-build-{folder}.lock"
    with lock.open("a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # released when the file is closed
        held.seek(0)
        if held.read() != run or not (dist / "index.html").exists():
            make()
            held.seek(0)
            held.truncate()
            held.write(run)
    return dist


@contextmanager
def serve(directory: Path | None = None, headers: tuple[tuple[str, str], ...] = ()) -> Iterator[str]:
    """Serve ``directory`` (dist/, built if need be) on 127.0.0.1, with
    ``headers`` on every answer; yields its URL."""
    if directory is None:
        directory = built_site()
    with running(build.make_server(directory, headers=headers)) as url:
        yield url


@contextmanager
def running(server: build.Server) -> Iterator[str]:
    """``server`` answering in a thread of its own; yields its URL."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def host_server() -> Iterator[tuple[str, Path]]:
    """A server on 127.0.0.1 (another port: the same site) for a host page
    that embeds the game; yields its URL and its folder."""
    with tempfile.TemporaryDirectory() as folder, serve(Path(folder)) as url:
        yield url, Path(folder)


HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A rules page</title><link rel="icon" href="data:,"></head>
<body><h1>{title}, an example</h1>
<iframe id="game" title="{title}" width="800" height="640" src="{src}"></iframe>
<script>
  window.events = [];
  addEventListener("message", (event) => {{
    if (event.origin === "{game_origin}") window.events.push(event.data);
  }});
  window.command = (message) =>
    document.getElementById("game").contentWindow
      .postMessage({{ target: "iriri", ...message }}, "{game_origin}");
</script></body></html>
"""
"""A wiki's rules page with the game in a frame: it keeps the frame's
messages in ``window.events`` and sends commands with ``window.command``."""


def write_host_page(folder: Path, site: str, fragment: str, title: str = "Iriri") -> None:
    """Put the host page in ``folder``, its frame showing the ``site``'s embed with ``fragment``."""
    page = HOST_PAGE.format(title=title, src=f"{site}embed.html#{fragment}", game_origin=site.rstrip("/"))
    (folder / "index.html").write_text(page)


def chromium_path() -> str | None:
    """Debian's Chromium, or None for Playwright's own download."""
    named = os.environ.get("IRIRI_CHROMIUM")
    if named is not None:
        return named or None
    return build.find_chromium()


def launch(playwright: Playwright, **options: Any) -> Browser:
    """Headless Chromium with the flags this machine needs."""
    return playwright.chromium.launch(
        executable_path=chromium_path(), args=list(build.CHROMIUM_FLAGS), **options
    )


class SiteWatch:
    """Records, for every page of a context, requests to other hosts, console
    errors, uncaught exceptions and failed requests."""

    def __init__(self, context: BrowserContext, site: str, also: tuple[str, ...] = ()) -> None:
        self.context = context
        self.site = site
        self.origins = {urlsplit(url).netloc for url in (site, *also)}
        """The test server, and any other the test itself serves (a host page)."""
        self.problems: list[str] = []
        self.allowed_errors: list[str] = []
        context.on("page", self._watch)
        context.on("request", self._request)

    def _watch(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"uncaught: {error}"))
        page.on("response", self._response)
        page.on("requestfailed", self._failed)

    def _request(self, request: Request) -> None:
        scheme, netloc = urlsplit(request.url)[:2]
        if scheme in ("http", "https", "ws", "wss") and netloc not in self.origins:
            self.problems.append(f"request to another host: {request.url}")

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not any(a in message.text for a in self.allowed_errors):
            self.problems.append(f"console error: {message.text}")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def _failed(self, request: Request) -> None:
        # A navigation cancels what the page was still loading; a missing file
        # shows as an HTTP error instead.
        if request.failure != "net::ERR_ABORTED":
            self.problems.append(f"request failed: {request.url} ({request.failure})")

    def open(self, path: str = "") -> Page:
        """Load the game (``path`` relative to the site) in a new page and wait
        until it is playable; checks that the canvas is not blank."""
        page = self.context.new_page()
        page.goto(self.site + path)
        wait_ready(page)
        return page

    def assert_clean(self) -> None:
        assert not self.problems, "\n".join(self.problems)


SIZES = {"desktop": (1280, 800), "phone": (390, 844), "landscape": (844, 390)}
"""A desktop, and a phone held upright and on its side."""


def sized_watch(browser: Browser, site: str, size: str) -> SiteWatch:
    """A watched context at one of :data:`SIZES`: a desktop's, or a phone's with touch."""
    width, height = SIZES[size]
    phone = size != "desktop"
    viewport = ViewportSize(width=width, height=height)
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    return SiteWatch(context, site)


def wait_ready(page: Surface) -> None:
    """Wait for ``data-ready``, then check the canvas shows something."""
    page.wait_for_selector(READY, state="attached", timeout=LOAD_TIMEOUT_MS)
    poll(page, "!window.iriri.canvasBlank()", timeout=5)


def press_play(frame: Surface) -> None:
    """Press an embed's Play button (it starts Python), and wait until the game is ready."""
    frame.click("#play-button")
    wait_ready(frame)


# ---------------------------------------------------------------- playing through the page


def state(page: Surface) -> dict[str, Any]:
    """``window.iriri.state()``: the match as JSON data."""
    data: dict[str, Any] = page.evaluate("window.iriri.state()")
    return data


def text(page: Surface, selector: str) -> str:
    """The text content of ``selector``, "" if it has none."""
    return page.text_content(selector) or ""


def poll(page: Surface, predicate: str, timeout: float = 20.0) -> Any:
    """Evaluate the JS expression ``predicate`` until it is truthy (no
    ``wait_for_function``: it needs eval, which a strict CSP forbids)."""
    deadline = timeout * 1000
    waited = 0
    while True:
        try:
            value = page.evaluate(predicate)
        except PlaywrightError as error:  # the page navigated (a reload into a new build): ask again
            if "context was destroyed" not in error.message:
                raise
            value = None
        if value:
            return value
        if waited >= deadline:
            raise AssertionError(f"still false after {timeout} s: {predicate}")
        page.wait_for_timeout(50)
        waited += 50


SETTLED = "((m) => !m.moving && !m.due)(window.iriri.motion())"
"""JS: no piece glides and no frame is due."""


def still(page: Surface) -> None:
    """Wait until no piece is gliding nor a frame is due (a new view starts
    its glide at the next frame), and for the frame after that to be painted."""
    poll(page, SETTLED)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def wait_for_person(page: Page, timeout: float = 30.0) -> dict[str, Any]:
    """Wait until no bot is thinking; returns the state."""
    poll(page, "!window.iriri.state().thinking", timeout)
    return state(page)


BOARD = ".canvas-box"
"""The board's frame: the canvas fills it, or, drawn larger for a finger, scrolls in it."""


def click_target(page: Page, target: str) -> None:
    """Click the middle of a canvas target such as ``cell:0,0`` or ``ring:3``."""
    page.locator(BOARD).scroll_into_view_if_needed()
    point = page.evaluate("(t) => window.iriri.targetPoint(t)", target)
    assert point, f"no {target} on the canvas"
    page.mouse.click(point["x"], point["y"])


RINGS = """(colour) => {
  const box = document.getElementById("canvas").getBoundingClientRect();
  const frame = document.getElementById("canvas").parentElement.getBoundingClientRect();
  const targets = Object.values(window.iriri.targets());
  const side = (t) => Math.min(t.w, t.h);
  return window.iriri.scene().shapes
    .filter((s) => (s.type === "circle" || s.type === "rect") && s.stroke === colour && !s.fill)
    .map((ring) => {
      const [x, y] = ring.type === "circle" ? [ring.x, ring.y] : [ring.x + ring.w / 2, ring.y + ring.h / 2];
      const at = {x: box.left + x, y: box.top + y};
      const hit = targets.filter((t) => t.x <= at.x && at.x <= t.x + t.w && t.y <= at.y && at.y <= t.y + t.h);
      const smallest = hit.length ? Math.min(...hit.map(side)) : null;
      const seen = frame.left <= at.x && at.x <= frame.right && frame.top <= at.y && at.y <= frame.bottom &&
        at.y >= 0 && at.y <= innerHeight && document.elementFromPoint(at.x, at.y)?.id === "canvas";
      return {...at, dashed: Boolean(ring.dash), smallest, seen};
    });
}"""
"""Every ring of a colour on the canvas (a circle or box outlined in it, not
filled), in the order drawn: its centre in page coordinates, whether it is
dashed, the smallest side (px) of the canvas targets under that centre
(null: none), and whether that centre is on the screen, in the board's box
(a table drawn larger for a finger scrolls in it), not under anything."""


def rings(page: Page, colour: str) -> list[dict[str, Any]]:
    """Every ring of ``colour`` on the canvas (:data:`RINGS`); a hint's, in
    ``drawing.HINT``, are the solid ring numbered 1, then the dashed one
    numbered 2."""
    found: list[dict[str, Any]] = page.evaluate(RINGS, colour)
    return found


def drag(page: Page, source: str, target: str) -> None:
    """Press on one canvas target, move to another with the mouse, release."""
    page.locator(BOARD).scroll_into_view_if_needed()
    start = page.evaluate("(t) => window.iriri.targetPoint(t)", source)
    end = page.evaluate("(t) => window.iriri.targetPoint(t)", target)
    assert start and end, f"no {source} or {target} on the canvas"
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(end["x"], end["y"], steps=6)
    page.mouse.up()


def legal_moves(page: Page) -> list[str]:
    """The move texts of the action buttons."""
    moves: list[str] = page.eval_on_selector_all("#actions button", "bs => bs.map(b => b.dataset.move)")
    return moves


def hand(page: Page, seat: int) -> list[str]:
    """Seat ``seat``'s hand, from the position text."""
    line = next(line for line in state(page)["position"].splitlines() if line.startswith(f"hand {seat + 1}:"))
    pieces = line.split(":", 1)[1].split()
    return [] if pieces == ["-"] else pieces


def open_new_game(page: Page) -> None:
    """Open the New game dialog (:func:`open_dialog`)."""
    open_dialog(page, "new")


def open_dialog(page: Page, name: str) -> None:
    """Open the dialog ``name`` of the top bar (``new``, ``learn``): its
    button, or on an upright phone its item in the More menu."""
    if page.is_visible(f"#{name}-button"):
        page.click(f"#{name}-button")
    else:
        page.click("#share-menu summary")
        page.click(f"#{name}-menu-button")
    page.wait_for_selector(f"#{name}-dialog[open]")


def start_game(page: Page, seats: list[str], seed: int | None) -> None:
    """Start a new game through the dialog; seats are "human" or "bot:<level>"."""
    open_new_game(page)
    if page.is_visible("#player-count"):  # (a game for a fixed number of players says it in words)
        page.select_option("#player-count", str(len(seats)))
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    page.fill("#seed-input", "" if seed is None else str(seed))
    page.click("#new-form button[type=submit]")
    if page.is_visible("#leave-dialog"):  # a game in progress: it is kept, and we leave it
        page.click("#leave-ok")
    poll(
        page,
        "window.iriri.state().record.moves.length === 0 && "
        f"window.iriri.state().seats.length === {len(seats)}",
    )
