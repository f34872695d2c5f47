"""The coach on the page (issue 24, item 5), at a 1280x800 desktop and on a
390x844 phone with touch: a Hextris game against the easy bot, opened from a
link one move before its end; the person plays the last move, the game-over
panel offers "Learn from your mistakes", the page thinks (the bots' loop,
its progress shown) and lists three moves as soon as it has looked closely
at the three that a quick look rated worst, the list the coach has then in
CPython, its progress still told under the list while it looks at the rest;
then the final three, the ones the coach picks in CPython for the same
game; each is on screen and readable, and choosing one
looks back at the position before that move, the hard bot's move told, both
moves marked on the board and the players' table that position's; Play from
here starts a game there with the hard bot's move as a hint, and the game
coached is kept to go back to."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from iriri_core import Seat, Table, get_game
from iriri_core.bots import make_bot
from iriri_core.learn import coach_mode
from iriri_core.learn.coach import COUNT, Coach, Judgement, pick
from iriri_core.pictures.drawing import BETTER, YOURS
from iriri_core.records import Record
from iriri_core.site.links import Snapshot

from .bench import coached_game
from .site import BOARD, EVERY_GAME, SiteWatch, game_of, poll, sized_watch, state, wait_ready

GAME = "hextris"

SEATS = ("human", "easy")
"""The person opens; the bot plays easy."""


def finished_game() -> tuple[Record, list[tuple[Any, Any]]]:
    """A Hextris game won by seat 0 (played by the medium bot, standing in
    for the person) against the easy bot: its record and its plies."""
    game = get_game(GAME)
    state = game.new_game(2)
    bots = [make_bot("medium", 6), make_bot("easy", 6)]
    plies = []
    while not game.is_over(state):
        move = bots[game.current_player(state)].choose(game, state)
        plies.append((state, move))
        state = game.play(state, move)
    assert game.current_player(plies[-1][0]) == 0, "the person makes the last move"
    texts = tuple(game.move_text(before, move) for before, move in plies)
    return Record(GAME, 2, game.to_text(plies[0][0]), texts), plies


def first_and_final(coach: Coach) -> tuple[list[Judgement], list[Judgement]]:
    """The lists ``coach`` has when it is first ready, and at its end."""
    thinking, first = coach.think(), None
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return first or [], pick(done.value)
        if first is None and coach.ready:
            first = pick(coach.judgements)


FIRST_LIST = """(() => {
  const turns = [...document.querySelectorAll('#coach-moves .coach-move strong')].map((n) => n.textContent);
  const box = document.getElementById('coach-box');
  const more = document.getElementById('coach-more');
  const words = more.hidden ? null : more.textContent;
  return turns.length ? { turns, state: box.dataset.state, more: words } : null;
})()"""
"""The list as the page shows it, read at once: the turns, the coach's state
and the words under the list."""


INSIDE = """(selector) => [...document.querySelectorAll(selector)].map((node) => {
  const box = node.getBoundingClientRect();
  const style = getComputedStyle(node);
  return {
    left: box.left, right: box.right, top: box.top, bottom: box.bottom,
    font: parseFloat(style.fontSize), clipped: node.scrollWidth > node.clientWidth + 1,
    text: node.innerText,
  };
})"""
"""Where each node of ``selector`` is in the viewport, its font size, and
whether its words are cut."""


def coached_table(record: Record, coach: Coach) -> Table:
    """The finished game ``record`` at a table in CPython, ``coach`` its answer."""
    table = Table(GAME, [Seat("human"), Seat("bot", "easy")])
    table.load(Snapshot(record, SEATS, len(record.moves)))
    table.coach = coach
    return table


PLAYERS = "() => [...document.querySelectorAll('#scores tbody tr')].map((row) => row.innerText)"
"""The rows of the players' table, as the page shows them."""


def test_the_coach_lists_the_three_costliest_moves_and_steps_into_one(both: SiteWatch) -> None:
    record, plies = finished_game()
    coach = Coach(get_game(GAME), plies, 0, seed=0)  # a game with no seed: the table's is 0
    first_list, expected = first_and_final(coach)
    assert len(expected) == 3 and len(first_list) == 3
    code = Snapshot(record, SEATS, len(record.moves) - 1).to_code()
    page: Page = both.context.new_page()
    page.goto(f"{both.site}#record={code}")
    wait_ready(page)
    poll(page, "!window.iriri.state().thinking && !window.iriri.state().over")
    assert page.is_hidden("#coach-box"), "no coach before the game is over"
    last = record.moves[-1]
    page.locator(f'#actions button[data-move="{last}"]').click()
    poll(page, "document.getElementById('over-dialog').open")
    offer = page.locator("#over-coach")
    assert offer.is_visible() and offer.inner_text() == "Learn from your mistakes"
    assert "three that cost you most" in (page.text_content("#over-coach-text") or "")
    offer.click()
    assert not page.evaluate("document.getElementById('over-dialog').open")
    progress = page.locator("#coach-progress")
    assert progress.is_visible(), "the hard bot's progress is shown while it thinks"
    thinking = (
        "The hard bot is taking a quick look at each of your moves: ",
        "The hard bot is now looking closely at ",
    )
    assert (page.text_content("#coach-text") or "").startswith(thinking)
    shown = poll(page, FIRST_LIST, timeout=600)
    assert shown["turns"] == [f"Turn {each.turn}" for each in first_list], "the list the coach has first"
    assert shown["state"] == "refining", "the rest judged while the person reads"
    assert shown["more"].startswith("The hard bot is still looking closely at your other moves: ")
    assert shown["more"].endswith(" done. The list may change if it finds a costlier one.")
    assert progress.is_visible()
    done = "['coach-progress', 'coach-more'].every((id) => document.getElementById(id).hidden)"
    poll(page, done, timeout=600)
    assert not state(page)["thinking"]
    assert page.is_hidden("#coach-progress")
    view_text = page.text_content("#coach-text") or ""
    assert view_text.startswith("The three moves that cost you most"), view_text
    numbers = page.eval_on_selector_all("#coach-moves .coach-move strong", "ns => ns.map(n => n.textContent)")
    assert numbers == [f"Turn {each.turn}" for each in expected]
    size = page.viewport_size
    assert size
    for entry in page.evaluate(INSIDE, "#coach-moves .coach-move"):
        assert entry["left"] >= 0 and entry["right"] <= size["width"], entry
        assert entry["top"] >= 0 and entry["bottom"] <= size["height"], entry
        assert entry["font"] >= 14 and not entry["clipped"], entry
        assert "On turn " in entry["text"] and "; the hard bot would " in entry["text"]
        assert "in 100 of your chances to win" in entry["text"]
    first = expected[0]
    page.locator("#coach-moves .coach-move").first.click()
    review = poll(page, "window.iriri.review()")
    assert review["move"] == first.ply and review["coached"]
    look = coach_mode.coached_look(coached_table(record, coach).look(), first.ply)
    assert look is not None
    assert review["marks"] == look[1] and review["marks"]["yours"] and review["marks"]["better"]
    then = [f"{row['name']}\t" + "\t".join(row["cells"]) for row in look[0]["scores"]]
    assert [row.strip() for row in page.evaluate(PLAYERS)] == [row.strip() for row in then]
    status = page.text_content("#status") or ""
    assert status.startswith(f"On turn {first.turn} you ") and "; the hard bot would " in status
    assert page.is_hidden("#turn-more"), "the words fit the turn's lines"
    assert not page.is_hidden("#review-bar")
    canvas = page.locator("#canvas").bounding_box()
    assert canvas and canvas["y"] < size["height"] and canvas["y"] + canvas["height"] > 0, "the board in view"
    looked = page.evaluate(PLAYERS)
    page.click("#review-back")
    poll(page, "window.iriri.review() === null")
    assert page.locator("#coach-moves li").count() == 3, "the list stays after looking back"
    assert page.evaluate(PLAYERS) != looked, "the game's own players' table again"
    # Play from here: a new game from that position, the hard bot's move as a hint.
    page.locator("#coach-moves .coach-move").first.click()
    poll(page, "window.iriri.review() !== null")
    try_it = page.locator("#review-try")
    assert try_it.is_visible() and try_it.inner_text() == "Play from here"
    try_it.click()
    poll(page, "window.iriri.state().length === 0 && !window.iriri.state().over")
    assert page.evaluate("window.iriri.review()") is None
    said = page.text_content("#message") or ""
    assert said.startswith(f"A new game from before your move on turn {first.turn}"), said
    assert "The hard bot's move: " in said
    assert page.locator("#play-hint-button").is_visible()
    assert page.is_hidden("#coach-box"), "no coach in a game under way"
    banner = page.locator("#previous-banner")
    assert banner.is_visible(), "the game coached is kept, offered back"
    page.click("#previous-back")
    poll(page, f"window.iriri.state().over && window.iriri.state().length === {len(record.moves)}")
    assert page.locator("#coach-button").is_visible(), "the coach offered again for the game put back"


MARKED = """([yours, better]) => {
  const scene = window.iriri.reviewScene();
  const rings = (colour) => scene.shapes.filter((s) => s.stroke === colour && !s.fill).length;
  const words = scene.shapes.filter((s) => s.type === "text").map((s) => s.text);
  const tiles = scene.shapes.filter((s) => (s.target || "").startsWith("tile:")).length;
  return { yours: rings(yours), better: rings(better), words, tiles };
}"""
"""The marks on the board looked back at: the rings of each colour, the words, the dominoes face up."""


def shortest(game: str) -> int:
    """The fewest moves a game of two of ``game`` lasts, as it declares (``BaseGame.shortest_game``)."""
    return int(getattr(game_of(game), "shortest_game", 1))


LISTED = [
    pytest.param(
        game,
        marks=pytest.mark.skip(
            reason=f"a game as short as {shortest(game)} moves may leave the person "
            f"fewer than {COUNT} moves for the coach to list"
        ),
    )
    if shortest(game) < 2 * COUNT
    else game
    for game in EVERY_GAME
]
"""Every game (e2e/site.py) whose shortest game gives the person
:data:`COUNT` moves at least (``shortest_game``, which each game declares);
a shorter one is skipped, with the reason."""


@pytest.mark.parametrize("game", LISTED)
def test_on_a_phone_each_listed_move_is_marked_and_tried(browser: Browser, site: str, game: str) -> None:
    """At 390x844 with touch, for each game: the coach lists three moves of
    a finished game; each, looked at, is drawn with the move played and the
    hard bot's both ringed and named ("yours", "better"), the board in view,
    and in Pyrinoes the person's own hand face up; Play from here on the
    first, and Play it, plays a move in the new game."""
    watch = sized_watch(browser, site, "phone")
    page = watch.open()
    page.goto(f"{site}#record={coached_game(game)}")
    wait_ready(page)
    poll(page, "!document.getElementById('coach-button').hidden", timeout=60)
    page.click("#coach-button")
    done = "['coach-progress', 'coach-more'].every((id) => document.getElementById(id).hidden)"
    poll(page, f"document.querySelectorAll('#coach-moves li').length === 3 && {done}", timeout=600)
    size = page.viewport_size
    assert size
    for index in range(3):
        page.locator("#coach-moves .coach-move").nth(index).click()
        poll(page, "window.iriri.review() !== null && window.iriri.review().coached")
        marked = page.evaluate(MARKED, [YOURS, BETTER])
        assert marked["yours"] >= 1 and marked["better"] >= 1, (index, marked)
        assert "yours" in marked["words"] and "better" in marked["words"], (index, marked["words"])
        if game == "pyrinoes":
            assert marked["tiles"] >= 1, "the person's own dominoes, face up"
        box = page.locator(BOARD).bounding_box()
        assert box and box["y"] < size["height"] and box["y"] + box["height"] > 0, "the board in view"
        status = page.text_content("#status") or ""
        assert status.startswith("On turn ") and "; the hard bot would " in status, status
        if index < 2:
            page.click("#review-back")
            poll(page, "window.iriri.review() === null")
    page.click("#review-try")
    poll(page, "window.iriri.review() === null && window.iriri.state().length === 0")
    poll(page, "!document.getElementById('play-hint-button').hidden", timeout=90)
    page.click("#play-hint-button")
    poll(page, "window.iriri.state().length > 0", timeout=60)
    watch.context.close()
    watch.assert_clean()
