"""The game on a real MediaWiki (Debian's 1.39, with SQLite, on 127.0.0.1)
through the routes docs/embedding.md gives, with its exact lines: the
template with the site's JavaScript, and raw HTML, under the documented
Content-Security-Policy. The game is served on another site (localhost), as
it would be from GitHub Pages.

A page with five frames shows all five pictures without starting Python;
a frame the reader starts becomes ready and plays a move; no host but the
two is contacted, and no frame says loading is taking long. A figure made
with Share steps both ways through its pictures on the wiki; a frame
sandboxed with allow-scripts alone says why it cannot run; every command a
host page sends is answered with the event the guide names; the guide's
Content-Security-Policy lines let frames in or keep them out as it says; the
group Share's IFrameTag snippet names a frame with survives MediaWiki; and a
saved SVG uploaded to the wiki is shown, through its default converter
(ImageMagick), as the page draws it."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser, Frame, Page, Position
from playwright.sync_api import Error as PlaywrightError

from iriri_core import Seat, Table
from iriri_core.bots import make_bot
from iriri_core.learn.lessons import tour
from iriri_core.learn.puzzles import read_puzzle
from iriri_core.presenter import setup_rules, table_games
from iriri_core.setup.editor import Editor, step_event

from . import wiki
from .converters import Pixels
from .site import ISOLATED, SiteWatch, poll, press_play, serve, state, wait_ready
from .test_svg import MOST_DIFFERING, game_link, require_converters, save_pictures

SET_UP_GAMES = [name for name in table_games() if setup_rules(name) is not None]
"""The games whose positions can be set up by hand (docs/setup.md)."""

pytestmark = pytest.mark.xdist_group("wiki")
"""Under pytest-xdist (``--dist loadgroup``), this file's tests run in one
worker, which sets up one wiki for them (in its own folder, at a free port)."""


@pytest.fixture(scope="module")
def game_site(user_site: str) -> str:
    """The game, on another site than the wiki's (localhost, not 127.0.0.1)."""
    return user_site.replace("127.0.0.1", "localhost")


@pytest.fixture(scope="module")
def documented(game_site: str) -> Iterator[tuple[wiki.Wiki, str]]:
    """A wiki set up as the documentation says, with a rules page of five
    games: three through the template, two as raw HTML. Yields the wiki and
    the page's address."""
    reason = wiki.available()
    if reason:
        if os.environ.get("IRIRI_REQUIRE_WIKI"):
            pytest.fail(f"the wiki test must run here, but {reason}")
        pytest.skip(f"no MediaWiki here ({reason}); .ci/run installs it")
    with wiki.documented_wiki(game_site) as (running, page_url):
        yield running, page_url


@pytest.fixture
def rules_page(documented: tuple[wiki.Wiki, str]) -> tuple[str, str]:
    """The wiki's address and the rules page's."""
    return documented[0].url, documented[1]


def frames(page: Page) -> list[Frame]:
    return [frame for frame in page.frames if "embed.html" in frame.url]


def test_a_page_of_five_games_shows_five_pictures_and_starts_none(
    browser: Browser, game_site: str, rules_page: tuple[str, str]
) -> None:
    wiki_url, page_url = rules_page
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    watch = SiteWatch(context, game_site, also=(wiki_url,))
    page = context.new_page()
    response = page.goto(page_url)
    policy = response.headers["content-security-policy"] if response else ""
    assert re.search(rf"default-src [^;]*{re.escape(game_site.rstrip('/'))}", policy), policy
    poll(page, "document.querySelectorAll('iframe').length === 5", timeout=30)
    titles = page.eval_on_selector_all("iframe", "fs => fs.map((f) => f.title)")
    assert all(titles) and len(set(titles)) == 5, f"every frame has its own accessible name: {titles}"
    for frame in page.frames:
        if frame != page.main_frame:
            frame.wait_for_selector("html[data-picture]", state="attached", timeout=30_000)
    shown = frames(page)
    assert len(shown) == 5
    for frame in shown:
        assert not frame.evaluate("window.iriri.canvasBlank()"), f"{frame.url[:80]} shows its picture"
        assert frame.get_attribute("html", "data-ready") is None
    resources = "performance.getEntriesByType('resource').map((r) => r.name)"
    requested = [name for frame in [page.main_frame, *shown] for name in frame.evaluate(resources)]
    assert not [name for name in requested if "pyodide" in name], "no frame started Python"
    page.context.close()
    watch.assert_clean()


def test_a_frame_the_reader_starts_plays_a_move(
    browser: Browser, game_site: str, rules_page: tuple[str, str]
) -> None:
    wiki_url, page_url = rules_page
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    watch = SiteWatch(context, game_site, also=(wiki_url,))
    page = context.new_page()
    page.add_init_script(
        "window.loadingTexts = [];"
        "addEventListener('DOMContentLoaded', () => { const w = document.getElementById('loading-words');"
        " if (w) new MutationObserver(() => window.loadingTexts.push(w.textContent))"
        ".observe(w, {childList: true, subtree: true, characterData: true}); });"
    )
    page.goto(page_url)
    poll(page, "document.querySelectorAll('iframe').length === 5", timeout=30)
    element = page.locator(f"iframe[title='{wiki.PLAY_TITLE}']")
    element.scroll_into_view_if_needed()
    frame = element.element_handle().content_frame()
    assert frame is not None
    press_play(frame)
    assert state(frame)["seats"][1] == {"kind": "bot", "level": "hard"}
    frame.click("#canvas", position=_target(frame, "hand:0:3"))
    frame.click("#canvas", position=_target(frame, "spot:a1"))
    poll(frame, "window.iriri.state().record.moves.length >= 1", timeout=30)
    assert state(frame)["record"]["moves"][0] == "L@a1"
    for each in frames(page):
        texts = each.evaluate("window.loadingTexts")
        assert not any("taking long" in t for t in texts), f"a false notice in {each.url[:80]}: {texts}"
    page.context.close()
    watch.assert_clean()


def _target(frame: Frame, target: str) -> Position:
    """Where ``target`` is on the frame's canvas, relative to the canvas."""
    point: Position = frame.evaluate(
        """(t) => {
          const p = window.iriri.targetPoint(t);
          const r = document.getElementById("canvas").getBoundingClientRect();
          return { x: p.x - r.left, y: p.y - r.top };
        }""",
        target,
    )
    return point


def wiki_frame(page: Page, title: str) -> Frame:
    """The frame called ``title`` on the wiki page, once it has loaded its page."""
    poll(page, f"document.querySelectorAll('iframe[title=\"{title}\"]').length === 1", timeout=30)
    frame = page.locator(f"iframe[title='{title}']").element_handle().content_frame()
    assert frame is not None
    return frame


def frame_settled(page: Page) -> str:
    """How the wiki page's one frame ends: "loaded" (the game's page is in
    it) or "refused" (the browser's error page)."""
    for _ in range(600):
        frame = page.locator("iframe").element_handle().content_frame()
        if frame is not None:
            if frame.url.startswith("chrome-error:"):
                return "refused"
            with suppress(PlaywrightError):  # not loaded yet
                if frame.evaluate("document.getElementById('loading') !== null"):
                    return "loaded"
        page.wait_for_timeout(50)
    raise AssertionError("the frame neither loaded nor was refused in 30 s")


PYTHON = "performance.getEntriesByType('resource').some((r) => r.name.includes('pyodide'))"
"""Whether a frame has started loading Python."""


def test_a_figure_made_by_share_steps_both_ways_through_its_pictures_on_the_wiki(
    browser: Browser, game_site: str, documented: tuple[wiki.Wiki, str]
) -> None:
    """A figure Share makes at move 6 of 12, put on a wiki page with the
    wikitext Share writes: Previous and Next both step through pictures,
    and neither starts Python."""
    running = documented[0]
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    watch = SiteWatch(context, game_site, also=(running.url,))
    table = Table("hextris", [Seat("human"), Seat("human")], seed=3)
    bot = make_bot("greedy", seed=3)
    for _ in range(12):
        table.play(bot.choose(table.game, table.state))
    site_page = context.new_page()
    site_page.goto(f"{game_site}#record={table.snapshot().to_code()}&step=6")
    wait_ready(site_page)
    assert state(site_page)["cursor"] == 6
    site_page.click("#share-menu summary")
    site_page.click("#embed-button")
    poll(site_page, "document.getElementById('embed-wiki').value !== ''")
    wikitext = site_page.input_value("#embed-wiki")
    title = wikitext.split("|title=", 1)[1].split("|", 1)[0]
    assert title.startswith("Hextris") and title.endswith(": a figure")
    running.edit("Figure from Share", wikitext)
    page = context.new_page()
    page.goto(running.page_url("Figure from Share"))
    frame = wiki_frame(page, title)
    frame.wait_for_selector("html[data-still]", state="attached", timeout=30_000)  # its buttons wired
    assert (frame.text_content("#status") or "").startswith("Move 6 of 12")
    for step, shown in (
        ("#undo-button", 5),
        ("#undo-button", 4),
        *[("#redo-button", n) for n in (5, 6, 7, 8)],
    ):
        frame.click(step)
        assert (frame.text_content("#status") or "").startswith(f"Move {shown} of 12"), step
        assert not frame.evaluate("window.iriri.canvasBlank()")
    assert not frame.evaluate(PYTHON), "stepping through the pictures, back or on, starts no Python"
    assert frame.get_attribute("html", "data-ready") is None
    context.close()
    watch.assert_clean()


def test_a_lesson_embedded_with_shares_wikitext_is_done_by_a_reader_on_the_wiki(
    browser: Browser, game_site: str, documented: tuple[wiki.Wiki, str]
) -> None:
    """A wiki editor opens a lesson on the site, takes Share's wikitext for
    it and puts it on a rules page: a reader presses Play, sees the lesson's
    goal over its board in the frame, and meets it by Show me and Play it."""
    running = documented[0]
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    watch = SiteWatch(context, game_site, also=(running.url,))
    site_page = context.new_page()
    lesson = tour("hextris").lessons[1]
    site_page.goto(f"{game_site}#game=hextris&lesson={lesson.id}")
    wait_ready(site_page)
    site_page.click("#share-menu summary")
    site_page.click("#embed-button")
    poll(site_page, "document.getElementById('embed-wiki').value !== ''")
    wikitext = site_page.input_value("#embed-wiki")
    assert f"options=game=hextris&lesson={lesson.id}}}" in wikitext, wikitext
    title = wikitext.split("|title=", 1)[1].split("|", 1)[0]
    assert title.endswith(f"a lesson, {lesson.title}"), title
    running.edit("Learning Hextris", f"A lesson, on its own board:\n\n{wikitext}")
    page = context.new_page()
    page.goto(running.page_url("Learning Hextris"))
    frame = wiki_frame(page, title)
    press_play(frame)
    assert frame.is_visible("#lesson") and frame.text_content("#lesson-goal") == f"☐ {lesson.goal}"
    box = frame.locator("#lesson").bounding_box()
    canvas = frame.locator("#canvas").bounding_box()
    assert box and canvas and canvas["height"] >= 200, f"the board keeps room beside the lesson: {canvas}"
    frame.click("#hint-button")
    poll(frame, "document.getElementById('message').textContent.startsWith('Show me: ')")
    frame.click("#play-hint-button")
    poll(frame, "document.getElementById('lesson-goal').classList.contains('met')")
    assert (frame.text_content("#message") or "").startswith("Well done. ")
    context.close()
    watch.assert_clean()


def puzzle_of_the_trial(game: str) -> tuple[str, str, str]:
    """A puzzle from the position of ``game``'s set-up trial (docs/setup.md):
    its line, the question, and the answer (the trial's first move, as the game writes it)."""
    rules = setup_rules(game)
    assert rules is not None
    table = Table(game, [Seat("human"), Seat("human")])
    editor = Editor.open(table.game, table.presenter, table.state, "empty")
    for step in rules.trial.build:
        editor.act(step_event(step))
    question = f"Find the move the maker of this {table.game.title} puzzle found"
    made = read_puzzle(game, editor.line, question, rules.trial.moves[0])
    return editor.line, question, made.solutions[0][0]


def test_a_puzzle_of_each_game_made_on_the_page_is_answered_wrongly_then_rightly_on_one_wiki_page(
    browser: Browser, game_site: str, documented: tuple[wiki.Wiki, str]
) -> None:
    """A wiki editor makes a puzzle of each game on the site (a position set
    up, Make a puzzle, the answer played, the question typed) and puts the
    wikitext the page gives for each on one rules page; a reader starts each
    frame, tries a move that is not the answer (refused with why, nothing
    played), then finds the answer by Show me and Play it."""
    running = documented[0]
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    watch = SiteWatch(context, game_site, also=(running.url,))
    site_page = context.new_page()
    made: list[tuple[str, str]] = []
    for game in SET_UP_GAMES:
        line, question, answer = puzzle_of_the_trial(game)
        site_page.goto(f"{game_site}#game={game}&position={line}&edit")
        wait_ready(site_page)
        site_page.wait_for_selector("#setup:not([hidden])")
        site_page.click("#setup-puzzle")
        site_page.wait_for_selector("#making:not([hidden])")
        if site_page.is_visible("#cover"):  # (people at one screen, hands hidden: the solver shows theirs)
            site_page.click("#reveal-button")
        site_page.fill("#move-input", answer)
        site_page.press("#move-input", "Enter")
        poll(site_page, "window.iriri.state().length === 1")
        site_page.fill("#making-question", question)
        site_page.press("#making-question", "Tab")
        poll(site_page, "document.getElementById('making-wiki').value !== ''")
        wikitext = site_page.input_value("#making-wiki")
        title = wikitext.split("|title=", 1)[1].split("|", 1)[0]
        made.append((wikitext, title))
    running.edit("Puzzles", "Find the move:\n\n" + "\n\n".join(wikitext for wikitext, _ in made))
    page = context.new_page()
    page.goto(running.page_url("Puzzles"))
    for (_, title), game in zip(made, SET_UP_GAMES, strict=True):
        frame = wiki_frame(page, title)
        frame.locator("#play-button").scroll_into_view_if_needed()
        press_play(frame)
        assert frame.text_content("#lesson-title") == "Puzzle" and frame.is_visible("#lesson-goal")
        _, question, answer = puzzle_of_the_trial(game)
        assert question in (frame.text_content("#lesson-goal") or "")
        wrong = frame.eval_on_selector_all(
            "#actions button",
            "(bs, answer) => bs.map((b) => b.dataset.move).find((m) => m !== answer)",
            answer,
        )
        frame.eval_on_selector(f"#actions button[data-move='{wrong}']", "b => b.click()")
        poll(frame, "document.getElementById('message').textContent !== ''")
        refusal = frame.text_content("#message") or ""
        assert refusal.startswith("That move is legal, but ") and state(frame)["length"] == 0, refusal
        frame.click("#hint-button")
        poll(frame, "document.getElementById('message').textContent.startsWith('Show me: ')")
        frame.click("#play-hint-button")
        poll(frame, "document.getElementById('lesson-goal').classList.contains('met')")
        assert state(frame)["moves"][0] == answer
    context.close()
    watch.assert_clean()


def test_a_frame_sandboxed_with_allow_scripts_alone_says_why_on_the_wiki(
    browser: Browser, game_site: str, documented: tuple[wiki.Wiki, str]
) -> None:
    running = documented[0]
    raw = wiki.documented("usage: raw", game_site)
    running.edit("Sandboxed frame", raw.replace("<iframe ", '<iframe sandbox="allow-scripts" ', 1))
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(running.page_url("Sandboxed frame"))
    frame = wiki_frame(page, "Iriri against the hard bot")
    frame.wait_for_selector("html[data-stuck]", state="attached", timeout=30_000)
    said = frame.text_content("#loading-error") or ""
    assert frame.is_visible("#loading-error") and "allow-same-origin" in said, said
    assert frame.get_attribute("#loading-escape-link", "href") == f"{game_site}#seats=human,hard"
    assert frame.is_visible("#loading-escape-link")
    context.close()


def test_every_host_command_is_answered_with_the_event_the_guide_names(
    browser: Browser, game_site: str, documented: tuple[wiki.Wiki, str]
) -> None:
    """The wiki page's own script sends each command of the guide to a frame
    put there as raw HTML, and hears the events the guide's table gives:
    the first command starts the frame (``ready``, then its answer)."""
    running = documented[0]
    raw = wiki.documented("usage: raw", game_site)
    title = "Iriri between two people"
    frame_html = raw.replace("seats=human,hard", "seats=human,human&seed=3").replace(
        "Iriri against the hard bot", title
    )
    running.edit("Host commands", frame_html)
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    watch = SiteWatch(context, game_site, also=(running.url,))
    page = context.new_page()
    page.goto(running.page_url("Host commands"))
    frame = wiki_frame(page, title)
    origin = game_site.rstrip("/")
    page.evaluate(
        """(origin) => { window.heard = [];
          addEventListener("message", (e) => {
            if (e.origin === origin && e.data && e.data.source === "iriri") window.heard.push(e.data);
          }); }""",
        origin,
    )

    def answers(command: dict[str, Any], count: int) -> list[dict[str, Any]]:
        before = page.evaluate("window.heard.length")
        page.evaluate(
            """([message, origin]) => document.querySelector("iframe").contentWindow
                 .postMessage({ target: "iriri", ...message }, origin)""",
            [command, origin],
        )
        poll(page, f"window.heard.length >= {before + count}", timeout=60)
        heard: list[dict[str, Any]] = page.evaluate(f"window.heard.slice({before})")
        return heard

    started = answers({"command": "state"}, 2)
    assert [e["event"] for e in started] == ["ready", "state"] and started[1]["state"]["cursor"] == 0
    first = frame.eval_on_selector("#actions button", "b => b.dataset.move")
    [moved] = answers({"command": "move", "text": first}, 1)
    assert (moved["event"], moved["move"], moved["state"]["cursor"]) == ("move", first, 1)
    [undone] = answers({"command": "undo"}, 1)
    assert (undone["event"], undone["state"]["cursor"]) == ("state", 0)
    [redone] = answers({"command": "redo"}, 1)
    assert (redone["event"], redone["state"]["cursor"]) == ("state", 1)
    seats = [{"kind": "human"}, {"kind": "human"}]
    [new] = answers({"command": "new", "game": "hextris", "seats": seats}, 1)
    assert (new["event"], new["state"]["game"], new["state"]["cursor"]) == ("state", "hextris", 0)
    [refused] = answers({"command": "dance"}, 1)
    assert refused["event"] == "error" and "not a command" in refused["error"]
    [asked] = answers({"command": "state"}, 1)
    assert asked["event"] == "state", "and nothing more was told in between"
    assert page.evaluate("window.heard.length") == 8
    context.close()
    watch.assert_clean()


def test_the_guides_content_security_policy_lines_let_frames_in_or_keep_them_out(
    browser: Browser, game_site: str, documented: tuple[wiki.Wiki, str]
) -> None:
    """``$wgCSPHeader = true`` lets frames from any site in; a policy whose
    default-src lists hosts without the game's keeps them out; the guide's
    line lets them in."""
    running = documented[0]
    running.edit("One frame", wiki.documented("usage: raw", game_site))
    policies = (
        ("$wgCSPHeader = true;", True),
        ("$wgCSPHeader = [ 'default-src' => [ 'https://elsewhere.example' ] ];", False),
        (wiki.documented("settings: csp", game_site), True),
    )
    try:
        for policy, loads in policies:
            running.configure(wiki.documented_settings(game_site, csp=policy))
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            page = context.new_page()
            response = page.goto(running.page_url("One frame"))
            sent = response.headers.get("content-security-policy", "") if response else ""
            assert "default-src" in sent, f"{policy}: {sent}"
            frame = wiki_frame(page, "Iriri against the hard bot")
            if loads:
                assert frame_settled(page) == "loaded", policy
                frame.wait_for_selector("html[data-picture]", state="attached", timeout=30_000)
            else:
                assert frame_settled(page) == "refused", policy
            context.close()
    finally:
        running.configure(wiki.documented_settings(game_site))


def test_the_group_of_the_iframetag_snippet_names_the_frame_on_mediawiki(
    browser: Browser, game_site: str, documented: tuple[wiki.Wiki, str]
) -> None:
    """IFrameTag is not in Debian, so the frame itself is not drawn here; the
    guide's snippet has only the attributes the extension writes out, and
    MediaWiki keeps the named group around it."""
    running = documented[0]
    snippet = wiki.documented("usage: iframetag", game_site)
    group, frame = wiki.parsed(snippet)
    assert set(frame) <= wiki.IFRAMETAG_ATTRIBUTES and group["role"] == "group"
    running.edit("IFrameTag snippet", snippet)
    context = browser.new_context()
    page = context.new_page()
    page.goto(running.page_url("IFrameTag snippet"))
    named = page.locator(f"#mw-content-text div[role='group'][aria-label='{group['aria-label']}']")
    assert named.count() == 1
    context.close()


def test_a_saved_svg_uploaded_to_the_wiki_is_shown_as_the_page_draws_it(
    browser: Browser, game_site: str, documented: tuple[wiki.Wiki, str], tmp_path: Path
) -> None:
    """Share ▸ Pictures for a wiki ▸ Save as SVG, uploaded through the wiki's
    upload form, shown by the wikitext Share gives for the SVG and at its own
    size: the wiki's default converter, ImageMagick, draws what the page
    draws in its PNG, to within 2% of pixels."""
    require_converters()
    running = documented[0]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    watch = SiteWatch(context, game_site, also=(running.url,))
    site_page = context.new_page()
    site_page.goto(game_site + game_link("hextris"))
    wait_ready(site_page)
    svg, png, wikitext = save_pictures(site_page, tmp_path)
    page = context.new_page()
    wiki.log_in(page, running)
    wiki.upload(page, running, svg, svg.name)
    assert f"[[File:{png.name}|" in wikitext
    shown = site_page.input_value("#pictures-wiki-svg") + f"\n\n[[File:{svg.name}|800px|alt=The table]]"
    running.edit("Pictures", shown)
    page.goto(running.page_url("Pictures"))
    images = "[...document.querySelectorAll('#mw-content-text img')]"
    poll(page, f"{images}.length === 2 && {images}.every((i) => i.complete && i.naturalWidth > 0)")
    source = page.get_attribute("img[alt='The table']", "src") or ""
    assert source.endswith(".png"), f"the wiki shows a PNG its converter drew: {source}"
    drawn = page.request.get(urljoin(running.url, source))
    assert drawn.ok, source
    (tmp_path / "by the wiki.png").write_bytes(drawn.body())
    by_wiki = Pixels.read(tmp_path / "by the wiki.png")
    assert (by_wiki.width, by_wiki.height) == (800, 520)
    differing = Pixels.read(png).halved().differing(by_wiki)
    print(f"the wiki's picture of the SVG: {differing:.2%} of pixels differ from the page's PNG")
    assert differing <= MOST_DIFFERING, f"{differing:.1%} of pixels differ"
    context.close()
    watch.assert_clean()


def test_a_game_on_the_wikis_own_site_runs_apart_when_its_server_asks(
    browser: Browser, game_site: str, documented: tuple[wiki.Wiki, str]
) -> None:
    """A frame from the wiki's own site (here 127.0.0.1, another port) runs
    in the wiki page's process, on its main thread, which freezes while the
    frame boots Python; one whose server sends ``Origin-Agent-Cluster: ?1``
    gets a process of its own, as a frame from another site does, and still
    plays. Seen in the browser's own list of frames it runs apart (Chromium's
    DevTools protocol), not timed: ``build.py bench`` measures the freezes."""
    running = documented[0]
    raw = wiki.documented("usage: raw", game_site)
    with serve() as shared, serve(headers=ISOLATED) as apart:
        titles = {shared: "Iriri from the same site", apart: "Iriri from the same site, apart"}
        frames_html = "\n\n".join(
            raw.replace(game_site, site).replace("Iriri against the hard bot", title)
            for site, title in titles.items()
        )
        running.edit("Same site", frames_html)
        hosts = ", ".join(f"'{site.rstrip('/')}'" for site in titles)
        try:
            running.configure(
                wiki.documented_settings(game_site, f"$wgCSPHeader = [ 'default-src' => [ {hosts} ] ];")
            )
            context = browser.new_context(viewport={"width": 1100, "height": 1400})
            watch = SiteWatch(context, shared, also=(apart, running.url))
            page = context.new_page()
            page.goto(running.page_url("Same site"))
            frames = {site: wiki_frame(page, title) for site, title in titles.items()}
            for frame in frames.values():
                frame.wait_for_selector("html[data-picture]", state="attached", timeout=30_000)
            devtools = context.new_cdp_session(page)
            targets = devtools.send("Target.getTargets")["targetInfos"]
            own = [target["url"] for target in targets if target["type"] == "iframe"]
            assert any(url.startswith(apart) for url in own), f"a process of its own: {own}"
            assert not any(url.startswith(shared) for url in own), f"the wiki page's own process: {own}"
            press_play(frames[apart])
            first = frames[apart].eval_on_selector("#actions button", "b => b.dataset.move")
            page.evaluate(
                """([title, text, origin]) => document.querySelector(`iframe[title="${title}"]`)
                     .contentWindow.postMessage({ target: "iriri", command: "move", text }, origin)""",
                [titles[apart], first, apart.rstrip("/")],
            )
            poll(frames[apart], "window.iriri.state().cursor >= 1", timeout=30)
            assert state(frames[apart])["record"]["moves"][0] == first
            context.close()
            watch.assert_clean()
        finally:
            running.configure(wiki.documented_settings(game_site))
