"""The game embedded in another site's page: it loads whether or not the
browser lets a third-party frame use storage, tells its host page what
happens, takes commands from it, and shows a bad option as a readable error
inside the frame.

The host page is served on ``localhost`` and the game on ``127.0.0.1``: two
sites, so the frame is a cross-site one, as on a wiki."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Playwright

from .site import (
    SiteWatch,
    build,
    chromium_path,
    host_server,
    poll,
    press_play,
    wait_ready,
    write_host_page,
)

STORAGE = "(() => { try { localStorage.length; return 'open' } catch { return 'blocked' } })()"
"""Whether the frame may use storage."""


@pytest.fixture
def host(site: str) -> Iterator[tuple[str, Path]]:
    """A host page's server on another site (localhost), and its folder."""
    with host_server() as (url, folder):
        yield url.replace("127.0.0.1", "localhost"), folder


def host_page(host: tuple[str, Path], site: str, fragment: str) -> str:
    url, folder = host
    write_host_page(folder, site, fragment)
    return url


def game_frame(page: Page) -> Frame:
    frame = page.locator("#game").element_handle().content_frame()
    assert frame is not None
    return frame


def events(page: Page, kind: str) -> list[Any]:
    found: list[Any] = page.evaluate(f"window.events.filter((e) => e.event === '{kind}')")
    return found


def play_in_the_frame(page: Page) -> None:
    """The reader presses Play; the frame is ready and says so; the host
    plays a move by message, the frame reports it; then the host plays on to
    the end and hears of it."""
    frame = game_frame(page)
    press_play(frame)
    poll(page, "window.events.some((e) => e.event === 'ready')")
    ready = events(page, "ready")[0]
    assert ready["source"] == "iriri" and ready["state"]["game"] == "iriri"
    first = frame.eval_on_selector("#actions button", "b => b.dataset.move")
    page.evaluate("(text) => window.command({command: 'move', text})", first)
    poll(page, "window.events.some((e) => e.event === 'move')")
    assert events(page, "move")[0]["move"] == first
    page.evaluate("window.command({command: 'dance'})")
    poll(page, "window.events.some((e) => e.event === 'error')")
    for _ in range(300):
        length = frame.evaluate("window.iriri.state().over ? -1 : window.iriri.state().length")
        if length < 0:
            break
        move = frame.eval_on_selector("#actions button", "b => b.dataset.move")
        page.evaluate("(text) => window.command({command: 'move', text})", move)
        # The move lands, then a pass that is the next person's only move, which the table makes.
        poll(frame, f"window.iriri.state().length > {length} && !window.iriri.state().thinking")
    poll(page, "window.events.some((e) => e.event === 'gameover')")
    assert "win" in events(page, "gameover")[0]["result"]


def embed_and_play(context: BrowserContext, site: str, host: tuple[str, Path], storage: str) -> None:
    """Open the host page in ``context``; the frame's storage must be
    ``storage`` ("open" or "blocked"); then play the game through the frame."""
    watch = SiteWatch(context, site, also=(host[0],))
    page = context.new_page()
    page.goto(host_page(host, site, "seats=human,human&seed=3"))
    assert game_frame(page).evaluate(STORAGE) == storage
    play_in_the_frame(page)
    page.close()
    watch.assert_clean()


def test_embedded_where_third_party_storage_is_blocked(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    """Playwright's default context blocks storage in cross-site frames:
    PyScript would hang on IndexedDB, so the page gives it one in memory."""
    context = browser.new_context()
    embed_and_play(context, site, host, "blocked")
    context.close()


@pytest.fixture
def persistent(playwright: Playwright, tmp_path: Path) -> Iterator[BrowserContext]:
    """A browser profile that lets cross-site frames use storage: a
    persistent context, with Chromium's third-party cookie phase-out (on by
    default in Chromium 156, measured) switched off."""
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=chromium_path(),
        args=[*build.CHROMIUM_FLAGS, "--disable-features=TrackingProtection3pcd"],
        headless=True,
    )
    yield context
    context.close()


def test_embedded_where_third_party_storage_is_allowed(
    persistent: BrowserContext, site: str, host: tuple[str, Path]
) -> None:
    embed_and_play(persistent, site, host, "open")


def test_a_bad_option_shows_a_readable_error_inside_the_frame(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    context = browser.new_context()
    watch = SiteWatch(context, site, also=(host[0],))
    page = context.new_page()
    page.goto(host_page(host, site, "seats=human,wizard"))
    frame = game_frame(page)
    press_play(frame)
    message = frame.text_content("#message") or ""
    assert "This link could not be opened" in message and "'wizard' is not a seat" in message
    assert frame.is_visible("#canvas") and frame.is_visible("#full-link")
    context.close()
    watch.assert_clean()


def figure_link(moves: int, pictured: int) -> str:
    """The options of a figure of an Iriri game of ``moves`` moves, from move
    2, with the pictures of ``pictured`` moves (as Share writes them, but shorter)."""
    from iriri_core import Seat, Table
    from iriri_core.pictures import figures

    table = Table("iriri", [Seat("human"), Seat("human")], seed=7)
    for _ in range(moves):
        table.handle({"type": "move", "text": table.view()["actions"][0]["move"]})
    picture = figures.picture_code(table, range(2, 2 + pictured))
    return f"record={table.snapshot().to_code()}&mode=figure&step=2&picture={picture}"


NO_BARE_GOAL = """(() => {
  const word = document.querySelector(".goal-word");
  const shown = word.offsetParent !== null && getComputedStyle(word).visibility !== "hidden";
  return !shown || document.getElementById("game-goal-text").textContent.trim() !== "";
})()"""
"""JS: no "Goal:" is shown with nothing after it (issue 36)."""


def test_a_figure_steps_through_its_pictures_without_python_then_starts_it(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    """Previous and Next step through the pictures the link carries, with no
    Python at all; past them, Python starts, at the step the figure is at."""
    context = browser.new_context()
    watch = SiteWatch(context, site, also=(host[0],))
    page = context.new_page()
    page.goto(host_page(host, site, figure_link(6, pictured=3)))
    frame = game_frame(page)
    frame.wait_for_selector("html[data-still]", state="attached")  # the picture, its buttons wired
    assert "Move 2 of 6" in (frame.text_content("#status") or "")
    assert frame.text_content("#redo-button") == "Next" and frame.is_hidden("#hint-button")
    assert frame.is_hidden("#play-button"), "a figure with its pictures needs no Play"
    assert frame.evaluate(NO_BARE_GOAL)
    assert frame.evaluate("document.getElementById('game-goal').offsetParent !== null"), "(its room kept)"
    frame.click("#redo-button")
    frame.click("#redo-button")
    assert "Move 4 of 6" in (frame.text_content("#status") or "")
    frame.click("#undo-button")
    assert "Move 3 of 6" in (frame.text_content("#status") or "")
    assert not frame.evaluate("window.iriri.canvasBlank()")
    python = "performance.getEntriesByType('resource').some((r) => r.name.includes('pyodide'))"
    assert not frame.evaluate(python), "stepping through pictures must not start Python"
    frame.click("#redo-button")
    frame.click("#redo-button")  # move 5 has no picture: Python starts, and shows it
    wait_ready(frame)
    poll(frame, "window.iriri.state().cursor === 5")
    assert "Move 5 of 6" in (frame.text_content("#status") or "")
    assert frame.evaluate(NO_BARE_GOAL)
    page.evaluate("window.command({command: 'move', text: 'pass'})")
    poll(frame, "document.getElementById('message').textContent.includes('This is a figure')")
    context.close()
    watch.assert_clean()


def answer(page: Page, command: dict[str, Any]) -> dict[str, Any]:
    """Send ``command`` to the frame; the first message it answers with."""
    heard = page.evaluate("window.events.length")
    page.evaluate("(message) => window.command(message)", command)
    poll(page, f"window.events.length > {heard}")
    event: dict[str, Any] = page.evaluate(f"window.events[{heard}]")
    return event


def test_undo_and_redo_are_told_to_the_host_as_state_and_a_move_as_move(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    """The guide's table of events: a move is told as ``move``; undo and
    redo change the game otherwise, and are told as ``state``."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(host_page(host, site, "seats=human,human&seed=3&start=now"))
    frame = game_frame(page)
    wait_ready(frame)
    poll(page, "window.events.some((e) => e.event === 'ready')")
    first = frame.eval_on_selector("#actions button", "b => b.dataset.move")
    moved = answer(page, {"command": "move", "text": first})
    assert (moved["event"], moved["move"], moved["state"]["cursor"]) == ("move", first, 1)
    undone = answer(page, {"command": "undo"})
    assert (undone["event"], undone["state"]["cursor"]) == ("state", 0)
    redone = answer(page, {"command": "redo"})
    assert (redone["event"], redone["state"]["cursor"]) == ("state", 1), "a redo is not a new move"
    context.close()


def test_a_command_from_the_host_starts_a_waiting_frame(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    """A host that asks for the state as soon as its frame loads gets it,
    once the game is up; the frame is then live, not waiting or dimmed."""
    context = browser.new_context()
    page = context.new_page()
    url, folder = host
    write_host_page(folder, site, "seats=human,hard")
    (folder / "index.html").write_text(
        (folder / "index.html")
        .read_text()
        .replace('src="', 'onload="window.command({command: \'state\'})" src="', 1)
    )
    page.goto(url)
    frame = game_frame(page)
    wait_ready(frame)
    poll(page, "window.events.some((e) => e.event === 'state')")
    assert events(page, "state")[0]["state"]["seats"][1] == {"kind": "bot", "level": "hard"}
    assert frame.get_attribute("html", "data-waiting") is None and frame.is_hidden("#play-button")
    assert frame.evaluate("getComputedStyle(document.getElementById('canvas')).opacity") == "1"
    context.close()


def test_a_frame_sandboxed_without_same_origin_says_why_and_offers_the_game(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    """``sandbox="allow-scripts"`` alone gives the frame no origin, and the
    browser refuses it the game's module scripts: instead of "Loading the
    game…" for ever, the frame says what is wrong and links to the game."""
    context = browser.new_context()
    page = context.new_page()
    url, folder = host
    fragment = "seats=human,hard&seed=2"
    write_host_page(folder, site, fragment)
    sandboxed = (folder / "index.html").read_text().replace("<iframe ", '<iframe sandbox="allow-scripts" ', 1)
    (folder / "index.html").write_text(sandboxed)
    page.goto(url)
    frame = game_frame(page)
    frame.wait_for_selector("html[data-stuck]", state="attached")
    assert frame.is_visible("#loading-error") and frame.is_hidden("#loading-text")
    said = frame.text_content("#loading-error") or ""
    assert "cannot run in this frame" in said and "allow-same-origin" in said, said
    assert frame.is_visible("#loading-escape-link")
    assert frame.get_attribute("#loading-escape-link", "href") == f"{site}#{fragment}"
    frame.click("#loading-escape-link")  # the sandbox forbids new tabs too: the frame says how else
    frame.wait_for_selector("#loading-escape-hint", state="visible")
    assert "right-click the link" in (frame.text_content("#loading-escape-hint") or "")
    assert len(context.pages) == 1
    context.close()


def test_a_figure_without_pictures_waits_for_the_reader(
    browser: Browser, site: str, host: tuple[str, Path]
) -> None:
    context = browser.new_context()
    page = context.new_page()
    options = figure_link(6, pictured=1).split("&picture=")[0]
    page.goto(host_page(host, site, options))
    frame = game_frame(page)
    frame.wait_for_selector("html[data-waiting]", state="attached")
    assert frame.text_content("#play-button") == "▶ Show the figure"
    assert frame.evaluate(NO_BARE_GOAL)
    press_play(frame)
    assert "Move 2 of 6" in (frame.text_content("#status") or "")
    assert frame.evaluate(NO_BARE_GOAL)
    context.close()


# ---------------------------------------------------------------- the board fills its frame

MIN_TAP = 24
"""The smallest tap area, in CSS pixels, of any piece or place on the table
(WCAG 2.2's minimum target size, 2.5.8)."""

MEASURED = ((480, 360), (640, 560), (1024, 700))
"""Frame sizes where every piece must be big enough to tap."""

SWEEP = ((320, 240), (240, 320), (360, 480), *MEASURED, (560, 640), (700, 1024))
"""Frame sizes, landscape and portrait, where the board must fill the frame."""

SETTLED = """([w, h]) => {
  const canvas = document.getElementById("canvas");
  const r = canvas.getBoundingClientRect();
  const box = canvas.parentElement;
  const scene = window.iriri.sceneSize();
  return innerWidth === w && innerHeight === h && scene !== null &&
    Math.abs(r.width - scene.width) < 1 && Math.abs(r.height - scene.height) < 1 &&
    Math.abs(box.clientWidth - scene.width) < 1 && Math.abs(box.clientHeight - scene.height) < 1;
}"""
"""The frame has its new size and Python has drawn the table for it: for the
box the canvas now has, not the box before, whose table is still shown until
the page's resize (sent at the next frame) is answered."""

FILLS = """() => {
  const r = document.getElementById("canvas").getBoundingClientRect();
  return { share: (r.width * r.height) / (innerWidth * innerHeight), bottom: r.bottom, right: r.right };
}"""


def mid_game_figure(game: str, moves: int) -> str:
    """A figure of ``game`` at move ``moves`` of a game between greedy bots,
    with its picture, as Share writes it, starting at once."""
    from iriri_core import Seat, Table
    from iriri_core.bots import make_bot
    from iriri_core.pictures import figures

    table = Table(game, [Seat("human"), Seat("human")], seed=11)
    bot = make_bot("greedy", seed=11)
    for _ in range(moves):
        table.play(bot.choose(table.game, table.state))
    picture = figures.picture_code(table, range(moves, moves + 1))
    return f"record={table.snapshot().to_code()}&mode=figure&step={moves}&picture={picture}&start=now"


@pytest.mark.parametrize(
    "fragment",
    [
        "seats=human,hard&start=now",
        "game=hextris&seats=human,hard&start=now",
        mid_game_figure("iriri", 16),
        mid_game_figure("hextris", 14),
    ],
    ids=["iriri", "hextris", "iriri-figure", "hextris-figure"],
)
def test_the_board_fills_the_frame_and_every_piece_can_be_tapped(
    browser: Browser, site: str, host: tuple[str, Path], fragment: str
) -> None:
    """At every size, portrait and landscape, the table takes at least half
    of the frame and all of it is inside; at the sizes wikis use, every
    piece and place on it is at least MIN_TAP pixels across.

    Not a test of every game: Iriri's and Hextris' own embeds and figures,
    their pieces and places named by their targets (ring, hand, cell,
    spot). Every game's table fitting its box, and its taps a finger wide,
    is tests/test_finger.py's, over the registry's games."""
    context = browser.new_context()
    watch = SiteWatch(context, site, also=(host[0],))
    page = context.new_page()
    page.goto(host_page(host, site, fragment))
    frame = game_frame(page)
    wait_ready(frame)
    for width, height in SWEEP:
        page.evaluate(
            "([w, h]) => Object.assign(document.getElementById('game'), {width: w, height: h})",
            [width, height],
        )
        poll(frame, f"({SETTLED})([{width}, {height}])")
        fills = frame.evaluate(f"({FILLS})()")
        assert fills["share"] >= 0.5, f"at {width}x{height} the table takes {fills['share']:.0%} of the frame"
        assert fills["bottom"] <= height and fills["right"] <= width, f"the table overflows {width}x{height}"
        if (width, height) in MEASURED:
            pieces = {
                target: box
                for target, box in frame.evaluate("window.iriri.targets()").items()
                if target.split(":")[0] in ("ring", "hand", "cell", "spot")
            }
            assert pieces, "the table has pieces to tap"
            smallest = min(pieces, key=lambda t: min(pieces[t]["w"], pieces[t]["h"]))
            size = min(pieces[smallest]["w"], pieces[smallest]["h"])
            assert size >= MIN_TAP, f"at {width}x{height}, {smallest} is {size:.1f} px across"
    context.close()
    watch.assert_clean()
