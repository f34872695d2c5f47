"""Screenshots of each game, at a desktop's size and a phone's, taken from
the real page for the docs (``python3 build.py figures``) and checked by
e2e/test_screens.py to be what the page shows now.

Each shows a game for two people at one screen a few moves in, played from
the legal-move buttons (and the Roll button, in a game where the person to
move rolls), so that the table, the status and the line telling the last
turn all have something to show: Pach-Ice-i after two turns and Black's
next roll, with the dice to play; Pyrinoes after the deal (chance's moves,
not counted) and five turns, each person showing their game when the cover
asks them to, the last time for the screenshot (their hand face up, the
other's face down).

Each game is also shown coached, on a phone (issue 36): a finished game of
a person against the easy bot (e2e/bench.py's ``coached_game``, the
person's moves played by the easy bot too) opened from a link, Learn from
your mistakes pressed, its final list waited for, and the first move of it
chosen: the status says what was played and what the hard bot would play,
both moves are marked on the board, and the review bar is under it. The
coach is seeded and bounded by iterations, so the shot is the same each
time. Choosing the move scrolls the page to the table (the list is below
it on a phone); the shot is taken at the page's top, as the others are,
where the status, the whole board and the review bar fit in the phone's
height too, under the game picker.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from .bench import coached_game
from .site import ROOT, launch, poll, serve, still, wait_ready

FOLDER = ROOT / "docs" / "screens"
SHOTS = {
    "iriri": "game=iriri&seats=human,human&seed=3",
    "hextris": "game=hextris&seats=human,human",
    "pach-ice-i": "game=pach-ice-i&seats=human,human&seed=3",
    "pyrinoes": "game=pyrinoes&seats=human,human&seed=3",
}
"""Each game's link; each is shown :data:`MOVES` moves of the people's in."""
MOVES = 5
SIZES = {"desktop": (1280, 800, False), "phone": (390, 844, True)}
LESSON = 1
"""Which lesson of each game's tour is pictured (from 0: the second), with Show me pressed."""


COACHED = "phone"
"""The size the coached position of each game is shown at."""


def name(game: str, size: str, kind: str = "") -> str:
    """The file of a shot of ``game`` at ``size``: the game played on, or a
    ``kind`` of it (``lesson``, ``coach``)."""
    return f"{game}{'-' + kind if kind else ''}-{size}.png"


def lesson_link(game: str) -> str:
    """The link to the pictured lesson of ``game``."""
    from iriri_core.learn.lessons import tour

    return f"game={game}&lesson={tour(game).lessons[LESSON].id}"


def settle(page: Page) -> None:
    """Wait until chance (a deal) has acted and nothing moves; where a cover
    asks the next person to show their game, show it."""
    poll(page, "!window.iriri.state().thinking", timeout=60)
    if page.is_visible("#reveal-button"):
        page.click("#reveal-button")
    still(page)


def take(browser: Browser, site: str, folder: Path, games: tuple[str, ...] = tuple(SHOTS)) -> list[Path]:
    """Take the screenshots of ``games`` (by default every one) into ``folder``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for game in games:
        fragment = SHOTS[game]
        for size, (width, height, phone) in SIZES.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
            )
            page = context.new_page()
            page.goto(f"{site}#{fragment}")
            wait_ready(page)
            if page.is_visible("#welcome-dismiss"):  # a first visit: the pictures show the table as played on
                page.click("#welcome-dismiss")
            for _ in range(MOVES):
                settle(page)
                count = page.evaluate("window.iriri.state().length")
                page.click("#roll-button" if page.is_visible("#roll-button") else "#actions button")
                poll(page, f"window.iriri.state().length > {count}")
            settle(page)
            paths.append(shot(page, folder / name(game, size)))
            page.goto(f"{site}#{lesson_link(game)}")
            poll(page, "!document.getElementById('lesson').hidden")
            page.click("#hint-button")  # Show me
            poll(page, "document.getElementById('message').textContent.startsWith('Show me: ')")
            settle(page)
            paths.append(shot(page, folder / name(game, size, "lesson")))
            context.close()
        paths.append(coached(browser, site, game, folder / name(game, COACHED, "coach")))
    return paths


COACH_DONE = (
    "document.querySelectorAll('#coach-moves li').length > 0"
    " && ['coach-progress', 'coach-more'].every((id) => document.getElementById(id).hidden)"
)
"""JS: the coach's final list is shown (no progress under it any more)."""


def coached(browser: Browser, site: str, game: str, path: Path) -> Path:
    """The screenshot of ``game`` coached, into ``path``: a finished game
    against the easy bot opened from a link in a new browser at the
    :data:`COACHED` size, Learn from your mistakes, and the first move of
    the final list looked at."""
    width, height, phone = SIZES[COACHED]
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    try:
        page = context.new_page()
        page.goto(f"{site}#record={coached_game(game)}")
        wait_ready(page)
        if page.is_visible("#welcome-dismiss"):
            page.click("#welcome-dismiss")
        poll(page, "!document.getElementById('coach-button').hidden")
        page.click("#coach-button")
        poll(page, COACH_DONE, timeout=900)
        poll(page, "!window.iriri.state().thinking")
        page.locator("#coach-moves .coach-move").first.click()
        poll(page, "window.iriri.review() !== null && window.iriri.review().coached")
        still(page)
        page.evaluate("scrollTo(0, 0)")
        bar = page.locator("#review-bar").bounding_box()
        assert bar and bar["y"] + bar["height"] <= height, "the board and the review bar in view at the top"
        return shot(page, path)
    finally:
        context.close()


def shot(page: Page, path: Path) -> Path:
    """A screenshot of what ``page`` shows now, at its top, into ``path``."""
    page.evaluate("document.activeElement.blur(); scrollTo(0, 0)")
    page.screenshot(path=str(path))
    return path


DIFFERENCE = """async ([a, b]) => {
  const load = (data) => new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = reject;
    image.src = "data:image/png;base64," + data;
  });
  const [one, two] = await Promise.all([load(a), load(b)]);
  if (one.width !== two.width || one.height !== two.height) return 1;
  const pixels = (image) => {
    const canvas = new OffscreenCanvas(image.width, image.height);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(image, 0, 0);
    return ctx.getImageData(0, 0, image.width, image.height).data;
  };
  const [p, q] = [pixels(one), pixels(two)];
  let differ = 0;
  for (let i = 0; i < p.length; i += 4) {
    const d = Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]);
    if (d > 48) differ += 1;
  }
  return differ / (p.length / 4);
}"""
"""The share of pixels that differ clearly between two PNGs (1 if their sizes differ)."""


def difference(browser: Browser, first: Path, second: Path) -> float:
    """The share of pixels that differ clearly between two PNG files."""
    page = browser.new_page()
    try:
        data = [base64.b64encode(path.read_bytes()).decode() for path in (first, second)]
        share: float = page.evaluate(DIFFERENCE, data)
    finally:
        page.close()
    return share


def main() -> None:
    """Take the screenshots into docs/screens/ (the site built first)."""
    os.environ.setdefault("IRIRI_BUILT", "1")
    with serve() as site, sync_playwright() as playwright:
        browser = launch(playwright)
        for path in take(browser, site, FOLDER):
            print(f"wrote {path.relative_to(ROOT)}")
        browser.close()


if __name__ == "__main__":
    main()
