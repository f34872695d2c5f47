"""Hextris (David J. Bush) on the page: a whole game against a bot played on
the canvas, picking and its messages, a drag, typed moves, draws offered and
answered, switching games without losing either, share links and figures,
an embed, and the hint.

Every test runs in a watched context (conftest.py): no request may go to
another host, no console error may appear, no request may fail, and every
load must end with a canvas that is not blank."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Frame, Page, ViewportSize

from iriri_core.pictures.drawing import HINT

from .site import (
    SiteWatch,
    click_target,
    drag,
    host_server,
    poll,
    press_play,
    state,
    still,
    text,
    wait_for_person,
    wait_ready,
    write_host_page,
)

HOT_SEAT = "#game=hextris&seats=human,human"
"""A link to a new Hextris game for two people at one screen."""

SIZES = {"S": 1, "M": 2, "L": 3}

QUIET_S = 0.4
"""A tap just after a tap that played a move is ignored (web/ui.js, QUIET_MS
350): with no bot's pause in between, people at one screen wait this long."""


# ---------------------------------------------------------------- helpers


def actions(page: Page) -> list[tuple[str, str]]:
    """The action buttons as (move text, label)."""
    found: list[tuple[str, str]] = page.eval_on_selector_all(
        "#actions button", "bs => bs.map(b => [b.dataset.move, b.textContent])"
    )
    return found


def moves(page: Page) -> list[str]:
    """The moves of the record."""
    played: list[str] = state(page)["record"]["moves"]
    return played


def taps_for(move: str, seat: int) -> list[str]:
    """The canvas targets to tap, in order, to make ``move``: a drop is a
    size from hand, then a spot; a slide or a swap is a spot, then another."""
    if "@" in move:
        size, spot = move.split("@")
        return [f"hand:{seat}:{SIZES[size]}", f"spot:{spot}"]
    start, end = re.split("[-x]", move)
    return [f"spot:{start}", f"spot:{end}"]


def play_by_taps(page: Page, move: str, hot_seat: bool = False) -> None:
    """Make ``move`` on the canvas; the record must grow by exactly that
    move text.  (A pass is never the person's to make: the table makes it.)"""
    before = state(page)
    count = len(before["record"]["moves"])
    assert before["cursor"] == count and move != "pass"
    for target in taps_for(move, before["to_move"]):
        click_target(page, target)
    poll(page, f"window.iriri.state().record.moves.length > {count}")
    assert moves(page)[count] == move
    if hot_seat:
        page.wait_for_timeout(QUIET_S * 1000)


def play_button(page: Page, move: str) -> None:
    """Play ``move`` with its action button.  (A bot may answer before the
    record is read again: the record must hold the move, not end with it.)"""
    count = len(moves(page))
    page.click(f"#actions button[data-move='{move}']")
    poll(page, f"window.iriri.state().record.moves.length > {count}")
    assert moves(page)[count] == move


def pick_hextris(page: Page) -> None:
    page.click("button[data-game=hextris]")
    poll(page, "window.iriri.state().game === 'hextris'")
    assert page.get_attribute("button[data-game=hextris]", "aria-pressed") == "true"


def start_hextris(page: Page, seats: list[str]) -> None:
    """Start a new game of the game on the table through the dialog (which
    has no seed for Hextris); seats are "human" or "bot:<level>"."""
    page.click("#new-button")
    page.wait_for_selector("#new-dialog[open]")
    assert page.is_hidden("#seed-input") and page.is_hidden("#seed-label")
    page.select_option("#player-count", str(len(seats)))
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    page.click("#new-form button[type=submit]")
    if page.is_visible("#leave-dialog"):  # a game in progress: it is kept, and we leave it
        page.click("#leave-ok")
    wanted = [{"kind": "human"} if s == "human" else {"kind": "bot", "level": s[4:]} for s in seats]
    poll(page, f"window.iriri.state().seats.length === {len(seats)}")
    poll(page, "window.iriri.state().record.moves.length === 0")
    assert state(page)["seats"] == wanted and state(page)["game"] == "hextris"


def type_move(page: Page, move: str) -> None:
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")


def canvas_pixel(page: Page, point: dict[str, float]) -> list[int]:
    """The colour (RGBA) of the canvas at a point of the page."""
    rgba: list[int] = page.evaluate(
        """([x, y]) => {
          const canvas = document.getElementById("canvas");
          const rect = canvas.getBoundingClientRect();
          const ratio = canvas.width / rect.width;
          const px = Math.round((x - rect.left) * ratio), py = Math.round((y - rect.top) * ratio);
          return Array.from(canvas.getContext("2d").getImageData(px, py, 1, 1).data);
        }""",
        [point["x"], point["y"]],
    )
    return rgba


def spot_rim(page: Page, spot: str) -> dict[str, float]:
    """A point inside a spot's circle, below its name: where a mark on an
    empty spot shows."""
    centre = page.evaluate("(t) => window.iriri.targetPoint(t)", f"spot:{spot}")
    c3 = page.evaluate("window.iriri.targetPoint('spot:c3')")
    c4 = page.evaluate("window.iriri.targetPoint('spot:c4')")
    radius = 0.42 * abs(c4["x"] - c3["x"])  # drawing.py: a spot's radius is 0.42 units
    return {"x": centre["x"], "y": centre["y"] + 0.65 * radius}


# ---------------------------------------------------------------- 1. a whole game


def test_a_whole_game_against_a_bot_played_on_the_canvas(page: Page, watch: SiteWatch) -> None:
    pick_hextris(page)
    assert "Hextris" in text(page, "#game-title")
    start_hextris(page, ["human", "bot:easy"])
    assert "tap a size in your rack to drop a new piece on the edge" in text(page, "#status")
    rng = random.Random(2005)
    mine = 0
    for _ in range(250):
        data = wait_for_person(page)
        if data["over"]:
            break
        assert data["to_move"] == 0
        choices = actions(page)
        assert choices and "pass" not in dict(choices), (
            "a person to move has a move (a pass is made for them)"
        )
        fives = [move for move, label in choices if "(makes a group of five)" in label]
        move = fives[0] if fives else rng.choice(choices)[0]
        play_by_taps(page, move)
        mine += 1
    else:
        pytest.fail("the game was not over after 250 moves of the person")
    assert state(page)["over"] and mine > 5
    page.wait_for_selector("#over-dialog[open]")
    result = text(page, "#over-text")
    assert "wins with three groups" in result or "Drawn" in result, result
    assert "Game over" in text(page, "#status")
    assert page.locator("#moves li").count() == len(moves(page))
    page.click("#over-close")
    assert page.is_hidden("#over-dialog")
    watch.assert_clean()


# ---------------------------------------------------------------- 2. picking


def test_picking_a_piece_shows_where_it_can_go_and_refusals_change_nothing(watch: SiteWatch) -> None:
    page = watch.open(HOT_SEAT)
    assert state(page)["seats"] == [{"kind": "human"}, {"kind": "human"}]
    play_by_taps(page, "L@c1", hot_seat=True)
    play_by_taps(page, "L@c5", hot_seat=True)  # Blue
    status = text(page, "#status")
    click_target(page, "spot:c1")  # Yellow's large
    assert text(page, "#status") != status
    assert "tap a highlighted spot" in text(page, "#status")
    click_target(page, "hand:0:1")
    assert "tap a highlighted edge spot to drop your small" in text(page, "#status")
    before = state(page)
    click_target(page, "spot:c3")  # inside: no drops there
    assert "inside the board" in text(page, "#message")
    after = state(page)
    assert after["record"] == before["record"] and after["position"] == before["position"]
    # A spot the picked piece can reach: tapping it moves the piece.
    click_target(page, "spot:c1")
    assert text(page, "#message") == ""
    click_target(page, "spot:c3")
    poll(page, "window.iriri.state().record.moves.length === 3")
    assert moves(page) == ["L@c1", "L@c5", "c1-c3"]
    watch.assert_clean()


# ---------------------------------------------------------------- 3. a drag


def test_dragging_from_the_hand_drops_and_dragging_a_piece_moves_it(watch: SiteWatch) -> None:
    page = watch.open(HOT_SEAT)
    drag(page, "hand:0:3", "spot:a2")
    poll(page, "window.iriri.state().record.moves.length === 1")
    assert moves(page) == ["L@a2"]
    assert "hand 1: 5 small, 5 medium, 4 large" in state(page)["position"]
    page.wait_for_timeout(QUIET_S * 1000)
    play_by_taps(page, "S@e3", hot_seat=True)  # Blue
    drag(page, "spot:a2", "spot:c4")  # a large goes as far as it likes in a line
    poll(page, "window.iriri.state().record.moves.length === 3")
    assert moves(page)[2] == "a2-c4"
    watch.assert_clean()


# ---------------------------------------------------------------- 4. typed moves


def test_typed_moves_and_refusals(watch: SiteWatch) -> None:
    page = watch.open(HOT_SEAT)
    assert "M@a2" in (page.get_attribute("#move-input", "placeholder") or "")
    before = state(page)
    type_move(page, "L@c3")
    assert "inside the board" in text(page, "#message")
    assert page.input_value("#move-input") == "L@c3"  # kept, so it can be corrected
    type_move(page, "hello")
    assert "is not a Hextris move" in text(page, "#message")
    type_move(page, "a1-c1")
    assert "no piece on a1" in text(page, "#message")
    assert state(page)["record"] == before["record"] and state(page)["position"] == before["position"]
    type_move(page, "M@a2")
    poll(page, "window.iriri.state().record.moves.length === 1")
    assert moves(page) == ["M@a2"] and text(page, "#message") == ""
    assert page.input_value("#move-input") == ""
    assert "Yellow drops a medium on a2" in text(page, "#moves li")
    watch.assert_clean()


# ---------------------------------------------------------------- 5. draws


def offer_draw(page: Page) -> None:
    """Press Offer a draw, and say yes when asked first."""
    page.click("#draw-button")
    page.wait_for_selector("#draw-dialog[open]")
    page.click("#draw-ok")


def test_a_draw_declined_then_accepted_then_undone(watch: SiteWatch) -> None:
    page = watch.open(HOT_SEAT)
    play_button(page, "L@c1")
    assert page.is_visible("#draw-button") and page.is_hidden("#draw-offer")
    offer_draw(page)  # Blue offers
    page.wait_for_selector("#draw-offer", state="visible")
    assert text(page, "#draw-question") == "Blue offers a draw. Yellow, do you accept?"
    assert page.is_hidden("#draw-button")
    page.click("#decline-button")
    assert "Yellow declines the draw: play on" in text(page, "#message")
    assert page.is_hidden("#draw-offer") and not state(page)["over"]
    assert moves(page) == ["L@c1"]
    play_button(page, "L@c5")  # the game goes on: Blue moves
    offer_draw(page)  # Yellow offers
    page.wait_for_selector("#draw-offer", state="visible")
    assert text(page, "#draw-question") == "Yellow offers a draw. Blue, do you accept?"
    page.click("#accept-button")
    poll(page, "window.iriri.state().over")
    assert moves(page) == ["L@c1", "L@c5", "draw"]
    page.wait_for_selector("#over-dialog[open]")
    assert text(page, "#over-text").startswith("Drawn by agreement")
    assert "Game over: Drawn by agreement" in text(page, "#status")
    page.click("#over-close")
    page.click("#undo-button")
    data = state(page)
    assert not data["over"] and data["cursor"] == 2 and data["to_move"] == 0
    assert page.is_visible("#draw-button") and page.is_hidden("#over-dialog")
    assert "Yellow, your turn: tap a size in your rack" in text(page, "#status")
    watch.assert_clean()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_offer_a_draw_asks_first_and_keep_playing_keeps_everything(
    browser: Browser, site: str, phone: bool
) -> None:
    """Issue 22: a bot accepts a draw at once, so a single misclick must not
    end the game: Offer a draw first asks, saying what accepting means, with
    Keep playing chosen (Enter keeps playing); Keep playing or Escape
    changes nothing; Offer the draw offers it, and the bot answers."""
    size = ViewportSize(width=390, height=844) if phone else ViewportSize(width=1280, height=800)
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    watch = SiteWatch(context, site)
    page = watch.open("#game=hextris&seats=human,easy")
    first = actions(page)[0][0]
    play_button(page, first)
    wait_for_person(page)
    before = state(page)
    board = page.locator("#canvas").bounding_box()
    page.click("#draw-button")
    page.wait_for_selector("#draw-dialog[open]")
    assert text(page, "#draw-title") == "Offer Blue a draw?"
    assert text(page, "#draw-text") == (
        "If Blue accepts, the game ends now as a draw: nobody wins. Blue is a bot and answers at once."
    )
    assert page.evaluate("document.activeElement.id") == "draw-cancel"
    if phone:
        for button in ("#draw-ok", "#draw-cancel"):
            box = page.locator(button).bounding_box()
            assert box and box["height"] >= 44, button
    page.keyboard.press("Enter")  # Keep playing
    assert page.is_hidden("#draw-dialog") and state(page) == before and text(page, "#message") == ""
    page.click("#draw-button")
    page.keyboard.press("Escape")
    assert page.is_hidden("#draw-dialog") and state(page) == before
    page.click("#draw-button")
    page.click("#draw-cancel")
    assert page.is_hidden("#draw-dialog") and state(page) == before and page.is_visible("#draw-button")
    assert page.locator("#canvas").bounding_box() == board
    page.click("#draw-button")
    page.click("#draw-ok")
    poll(page, "window.iriri.state().over || document.getElementById('message').textContent !== ''")
    if state(page)["over"]:
        assert moves(page) == [*before["record"]["moves"], "draw"]
    else:
        assert text(page, "#message") == "Blue declines the draw: play on"
        assert state(page)["record"] == before["record"]
    context.close()
    watch.assert_clean()


# ---------------------------------------------------------------- 6. switching games


def test_switching_games_keeps_each_game_and_a_reload_opens_the_last(watch: SiteWatch) -> None:
    page = watch.open()
    assert state(page)["game"] == "iriri"
    # An Iriri game for two people (the dialog has a seed for Iriri).
    page.click("#new-button")
    page.select_option("#player-count", "2")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    page.fill("#seed-input", "5")
    page.click("#new-form button[type=submit]")
    poll(page, "window.iriri.state().record.seed === 5 && window.iriri.state().seats[1].kind === 'human'")
    page.click("#actions button")
    poll(page, "window.iriri.state().record.moves.length === 1")
    iriri = state(page)

    pick_hextris(page)  # a person against the medium bot
    assert state(page)["record"]["moves"] == [] and "Hextris" in text(page, "#game-title")
    play_by_taps(page, "L@c1")
    hextris = wait_for_person(page)
    assert len(hextris["record"]["moves"]) == 2  # and the bot's reply

    page.click("button[data-game=iriri]")
    poll(page, "window.iriri.state().game === 'iriri'")
    back = state(page)
    assert back["record"] == iriri["record"] and back["position"] == iriri["position"]
    assert back["seats"] == iriri["seats"] and back["cursor"] == iriri["cursor"]
    assert text(page, "#game-title") == "Iriri"

    pick_hextris(page)
    again = wait_for_person(page)
    assert again["record"] == hextris["record"] and again["position"] == hextris["position"]
    assert again["seats"] == [{"kind": "human"}, {"kind": "bot", "level": "medium"}]

    page.reload()
    wait_ready(page)
    reloaded = state(page)
    assert reloaded["game"] == "hextris" and reloaded["record"] == hextris["record"]
    assert page.get_attribute("button[data-game=hextris]", "aria-pressed") == "true"

    # From Iriri, a link to a new Hextris game replaces the saved Hextris game: it is kept.
    page.click("button[data-game=iriri]")
    poll(page, "window.iriri.state().game === 'iriri'")
    page.evaluate("location.hash = 'game=hextris&seats=human,human'")
    poll(page, "window.iriri.state().game === 'hextris' && window.iriri.state().record.moves.length === 0")
    assert "The game you had is kept" in text(page, "#message")
    page.click("#share-menu summary")
    page.click("#previous-button")
    poll(page, "window.iriri.state().record.moves.length === 2")
    assert state(page)["record"] == hextris["record"]
    page.click("button[data-game=iriri]")
    poll(page, "window.iriri.state().game === 'iriri'")
    assert state(page)["record"] == iriri["record"], "the Iriri game is untouched"
    watch.assert_clean()


# ---------------------------------------------------------------- 7. links and figures


def test_a_share_link_a_figure_and_a_bad_position(watch: SiteWatch) -> None:
    page = watch.open(HOT_SEAT)
    for move in ("L@c1", "M@e5", "c1-c3"):
        play_button(page, move)
    shared = state(page)
    code = shared["share"]

    other = watch.open("#record=" + code)
    data = state(other)
    assert data["game"] == "hextris" and data["record"]["moves"] == shared["record"]["moves"]
    assert data["position"] == shared["position"] and data["seats"] == shared["seats"]
    assert "#" not in other.url

    # A position that cannot be read: a clear message, and the game plays on.
    other.goto(watch.site + "#position=" + quote("Hextris\ngarbage"))
    poll(other, "document.getElementById('message').textContent.includes('could not be opened')")
    message = text(other, "#message")
    assert "position" in message and "garbage" in message, message
    assert state(other)["record"] == data["record"]
    play_button(other, actions(other)[0][0])

    # A figure of the shared game, at its first move.
    other.goto(watch.site + f"#record={code}&mode=figure&step=1")
    poll(other, "document.getElementById('status').textContent.startsWith('Move 1 of 3')")
    assert text(other, "#undo-button") == "Previous" and text(other, "#redo-button") == "Next"
    assert other.is_hidden("#hint-button") and state(other)["cursor"] == 1
    other.click("#redo-button")
    assert text(other, "#status").startswith("Move 2 of 3")
    other.click("#undo-button")
    other.click("#undo-button")
    assert text(other, "#status").startswith("Move 0 of 3")
    click_target(other, "spot:a1")  # a figure takes no moves
    assert "This is a figure" in text(other, "#message")
    watch.assert_clean()


# ---------------------------------------------------------------- 8. embedding


@pytest.fixture
def host_folder() -> Iterator[tuple[str, Path]]:
    """A server for a host page, on 127.0.0.1 (another port: the same site)."""
    with host_server() as server:
        yield server


CANVAS_BOX = """(() => {
  const r = document.getElementById("canvas").getBoundingClientRect();
  return [r.width, r.height];
})()"""
"""The canvas's size on the page."""


def settle(frame: Frame, timeout: float = 20.0) -> None:
    """Wait until the canvas has kept its size for a moment: a tap aimed from
    an older layout would land on another spot (an embed's board once grew
    for seconds after loading; see the test below)."""
    last, same, waited = None, 0, 0.0
    while same < 3:
        size = frame.evaluate(CANVAS_BOX)
        same = same + 1 if size == last else 0
        last = size
        assert waited < timeout, f"the canvas kept changing size for {timeout} s"
        frame.wait_for_timeout(150)
        waited += 0.15


def tap_in_frame(frame: Frame, target: str) -> None:
    """Click a canvas target inside a frame, once the layout has settled."""
    settle(frame)
    point = frame.evaluate(
        """(t) => {
          const p = window.iriri.targetPoint(t);
          const r = document.getElementById("canvas").getBoundingClientRect();
          return p && { x: p.x - r.left, y: p.y - r.top };
        }""",
        target,
    )
    assert point, f"no {target} on the canvas"
    frame.locator("#canvas").click(position=point)


def open_host_page(watch: SiteWatch, host: tuple[str, Path], fragment: str) -> tuple[Page, Frame]:
    """A host page at ``host`` (its URL and folder) with the embed in a frame
    (``fragment`` its options), in the watched context; the frame is ready."""
    url, folder = host
    write_host_page(folder, watch.site, fragment, title="Hextris")
    page = watch.context.new_page()
    page.goto(url)
    frame = page.locator("#game").element_handle().content_frame()
    assert frame is not None
    press_play(frame)
    return page, frame


@pytest.mark.parametrize("where", ["same-site", "cross-site"])
def test_an_embedded_game_against_a_bot_is_playable(
    browser: Browser, site: str, host_folder: tuple[str, Path], where: str
) -> None:
    """On the same site, the move is made by taps on the canvas; from
    another site (where the browser blocks the frame's storage), by the host
    page's command, which costs no wait for the layout to settle."""
    url, folder = host_folder
    if where == "cross-site":
        url = url.replace("127.0.0.1", "localhost")
    watch = SiteWatch(browser.new_context(), site, also=(url,))
    page, frame = open_host_page(watch, (url, folder), "game=hextris&seats=human,random")
    data = state(frame)
    assert data["game"] == "hextris"
    assert data["seats"] == [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    poll(page, "window.events.some((e) => e.event === 'ready')")
    if where == "same-site":
        tap_in_frame(frame, "hand:0:3")
        tap_in_frame(frame, "spot:a2")
    else:
        page.evaluate("window.command({command: 'move', text: 'L@a2'})")
    poll(frame, "window.iriri.state().record.moves.length === 2 && !window.iriri.state().thinking")
    assert state(frame)["record"]["moves"][0] == "L@a2"
    poll(page, "window.events.filter((e) => e.event === 'move').length === 2")
    first = page.evaluate("window.events.find((e) => e.event === 'move')")
    assert first["move"] == "L@a2" and first["description"] == "Yellow drops a large on a2"
    before = frame.get_attribute("#full-link", "href") or ""
    frame.focus("#full-link")  # the link is brought up to date as it is about to be used
    full = frame.get_attribute("#full-link", "href") or ""
    assert "#record=1." not in before and "#record=1." in full  # the game as it stands now
    assert frame.is_visible("#full-link")
    page.context.close()
    watch.assert_clean()


def test_the_embedded_board_keeps_its_size_and_fits_the_frame(
    browser: Browser, site: str, host_folder: tuple[str, Path]
) -> None:
    watch = SiteWatch(browser.new_context(), site, also=(host_folder[0],))
    page, frame = open_host_page(watch, host_folder, "game=hextris&seats=human,human")
    before = frame.evaluate(CANVAS_BOX)
    frame.wait_for_timeout(1000)
    after = frame.evaluate(CANVAS_BOX)
    bottom = frame.evaluate("document.getElementById('canvas').getBoundingClientRect().bottom")
    inner = frame.evaluate("window.innerHeight")
    page.context.close()
    watch.assert_clean()
    assert after == before, f"the canvas went from {before} to {after} px in a second, untouched"
    assert bottom <= inner, "the board must fit inside the frame"


# ---------------------------------------------------------------- 9. the hint


def test_the_hint_announces_a_move_and_marks_it(watch: SiteWatch) -> None:
    """The hint names a legal move and the taps that play it, rings on the
    canvas the spot the piece goes to (dark green, drawing.HINT), and Play it
    plays it (a person tapping what it rings: e2e/test_hints.py)."""
    page = watch.open("#game=hextris&seats=human,easy")
    play_by_taps(page, "L@c1")
    wait_for_person(page)
    labels = {label: move for move, label in actions(page)}
    still(page)  # the last frame painted
    page.evaluate("window.canvasBefore = document.getElementById('canvas').toDataURL()")
    record = state(page)["record"]
    page.click("#hint-button")
    poll(page, "!document.getElementById('play-hint-button').hidden", 60)
    poll(page, "document.getElementById('live').textContent.startsWith('Hint: ')")  # told a moment later
    hint = text(page, "#live").removeprefix("Hint: ")
    summary, _, taps = hint.partition(". ")
    assert summary in labels, f"the hint {hint!r} is not a legal move"
    assert taps.startswith("Tap ") and ", then " in taps, taps
    move = labels[summary]
    assert state(page)["record"] == record, "a hint plays nothing"
    poll(page, "document.getElementById('canvas').toDataURL() !== window.canvasBefore", 5)
    spot = re.split("[@x-]", move)[1]
    box = page.evaluate("(t) => window.iriri.targets()[t]", f"spot:{spot}")
    centre, radius = (box["x"] + box["w"] / 2, box["y"] + box["h"] / 2), box["w"] / 2 + 4
    colour = [int(HINT[i : i + 2], 16) for i in (1, 3, 5)]
    ringed = 0
    for k in range(36):
        angle = 2 * math.pi * k / 36
        point = {"x": centre[0] + radius * math.cos(angle), "y": centre[1] + radius * math.sin(angle)}
        ringed += all(abs(a - b) < 40 for a, b in zip(canvas_pixel(page, point)[:3], colour, strict=True))
    assert ringed >= 12, f"the spot {spot} is ringed at {ringed} of 36 points"
    page.click("#play-hint-button")
    poll(page, f"window.iriri.state().record.moves.length > {len(record['moves'])}")
    assert moves(page)[len(record["moves"])] == move
    watch.assert_clean()
