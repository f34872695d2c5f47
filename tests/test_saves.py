"""The site's storage rules (iriri_core.site.saves) with a store in memory: a
match saved and put back, damaged saves set aside and bounded, the game a
link, a new game or a file replaces kept, storage that is full or blocked,
two tabs on one storage, and saves or links nested too deeply."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from iriri_core import Table
from iriri_core.engine import game_names
from iriri_core.front import Front
from iriri_core.records import Record
from iriri_core.seats import Seat
from iriri_core.site.links import Snapshot
from iriri_core.site.saves import (
    DAMAGED,
    GAME,
    LEARNED,
    MAX_DAMAGED,
    NEWER,
    PICTURE,
    PREVIOUS,
    SAVED,
    UNSAVED,
    WELCOMED,
    StorageRefused,
    saved_key,
)

HUMANS = [Seat("human"), Seat("human")]


class Store:
    """A browser's storage in memory: with ``limit``, it holds at most that
    many characters (keys and texts) and refuses more, as a full
    ``localStorage`` does; ``blocked`` refuses every text."""

    def __init__(self, limit: int | None = None, blocked: bool = False) -> None:
        self.items: dict[str, str] = {}
        self.limit, self.blocked = limit, blocked

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, text: str) -> None:
        if self.blocked:
            raise StorageRefused("SecurityError: the operation is insecure")
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.limit is not None and used + len(key) + len(text) > self.limit:
            raise StorageRefused("QuotaExceededError")
        self.items[key] = text

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


class Offers:
    """What the page is asked to offer, as the page would show it."""

    def __init__(self) -> None:
        self.damaged: list[str] = []
        self.previous: str | None = None
        self.banner = False

    def offer_damaged(self, texts: list[str]) -> None:
        self.damaged = texts

    def offer_previous(self, text: str, banner: bool) -> None:
        self.previous, self.banner = text, banner

    def forget_previous(self) -> None:
        self.previous, self.banner = None, False


class Tab:
    """One tab of the site on ``store``: its table and its storage rules,
    started as the page starts (the saved game put back, then the link)."""

    def __init__(self, store: Store | None, link: str = "", started: bool = True) -> None:
        self.table = Table("iriri", HUMANS, seed=1)
        self.offers = Offers()
        self.clock = 1_700_000_000_000.0
        self.front = Front(self.table, store, self.offers, self.tick, "https://example.org/")
        self.shelf = self.front.shelf
        if not started:  # (to look at the storage before the first save)
            return
        notes = self.shelf.start() + (self.shelf.open_link(link) if link else [])
        if notes:
            self.table.error(" ".join(notes), lasting=True)
        self.view = self.shown(self.table.view())

    def tick(self) -> float:
        self.clock += 1
        return self.clock

    def shown(self, view: dict[str, Any]) -> dict[str, Any]:
        """What the page shows of ``view``, once saved (as web/main.py does it)."""
        self.shelf.dress(view)
        if self.shelf.save(view):
            view = self.shelf.dress(self.table.view())
        self.view = view
        return view

    def send(self, event: dict[str, Any]) -> dict[str, Any]:
        self.front.act(event)
        return self.shown(self.table.view())

    def play(self, count: int, which: int = 0) -> list[str]:
        """Play ``count`` moves, each the legal one at ``which`` (the first
        by default), as typed; their texts."""
        played = []
        for _ in range(count):
            table = self.table
            text = table.game.move_text(table.state, table.legal_moves()[which])
            self.send({"type": "move", "text": text})
            played.append(text)
        return played

    def follow(self, link: str) -> list[str]:
        """A link pasted into the open tab; what the player is told."""
        notes = self.shelf.open_link(link)
        self.shown(self.table.view())
        return notes

    def message(self) -> str:
        return str((self.view["message"] or {}).get("text", ""))


def new_game(tab: Tab, seed: int, game: str = "iriri") -> None:
    tab.send({"type": "new", "game": game, "seats": [{"kind": "human"}] * 2, "seed": seed})


def damaged_keys(store: Store) -> list[str]:
    return sorted(key for key in store.items if key.startswith(DAMAGED))


# ---------------------------------------------------------------- saved and put back


def test_a_reload_in_the_middle_of_a_game_resumes_it_with_undo() -> None:
    store = Store()
    tab = Tab(store)
    new_game(tab, 8)
    played = tab.play(4)
    tab.send({"type": "command", "name": "undo"})
    assert json.loads(store.items[SAVED])["cursor"] == 3 and store.items[GAME] == "iriri"
    again = Tab(store)
    assert again.table.snapshot() == tab.table.snapshot()
    assert list(again.table.record().moves) == played and again.table.cursor == 3
    assert PICTURE in store.items and json.loads(store.items[PICTURE])["game"] == "iriri"


def test_each_game_keeps_its_own_match_and_the_picker_puts_it_back() -> None:
    store = Store()
    tab = Tab(store)
    new_game(tab, 2)
    mine = tab.play(2)
    tab.send({"type": "game", "name": "hextris"})
    hextris = tab.play(1)
    assert json.loads(store.items[saved_key("hextris")])["record"]["moves"] == hextris
    assert json.loads(store.items[SAVED])["record"]["moves"] == mine
    tab.send({"type": "game", "name": "iriri"})
    assert list(tab.table.record().moves) == mine
    tab.send({"type": "game", "name": "hextris"})
    again = Tab(store)  # the game played last is the one the site opens with
    assert again.table.game.name == "hextris" and list(again.table.record().moves) == hextris


def test_an_embed_saves_nothing() -> None:
    tab = Tab(None)
    tab.play(2)
    assert tab.shelf.problem is None and tab.message() == ""


# ---------------------------------------------------------------- damaged saves


def test_a_damaged_save_is_told_kept_and_the_page_plays_and_saves_again() -> None:
    store = Store()
    store.items[SAVED] = '{"format": "iriri-core match", "version": 1, "rec'
    store.items[PICTURE] = "a picture of the damaged game"
    notes = Tab(store, started=False).shelf.start()
    assert PICTURE not in store.items, "no picture of a game that is not there"
    assert "Your saved game could not be read" in notes[0] and "kept, to download" in notes[0]
    store.items[SAVED] = '{"format": "iriri-core match", "version": 1, "rec'
    damaged_keys_before = damaged_keys(store)
    for key in damaged_keys_before:
        del store.items[key]
    tab = Tab(store)
    assert "Your saved game could not be read" in tab.message() and "kept, to download" in tab.message()
    assert tab.offers.damaged == ['{"format": "iriri-core match", "version": 1, "rec']
    tab.play(1)
    assert json.loads(store.items[SAVED])["cursor"] == 1
    store.items[SAVED] = "garbage"  # a second damaged save does not overwrite the first
    again = Tab(store)
    assert len(damaged_keys(store)) == 2 and again.offers.damaged[-1] == "garbage"
    third = Tab(store)  # told once; both stay on offer
    assert third.message() == "" and len(third.offers.damaged) == 2


def test_damaged_saves_are_bounded_and_can_be_discarded() -> None:
    store = Store()
    for number in range(MAX_DAMAGED + 2):
        store.items[SAVED] = f"garbage {number}"
        tab = Tab(store)
    assert len(damaged_keys(store)) == MAX_DAMAGED
    assert tab.offers.damaged == [f"garbage {n}" for n in range(2, MAX_DAMAGED + 2)], "the oldest dropped"
    tab.shelf.discard_damaged()
    assert damaged_keys(store) == [] and tab.offers.damaged == []
    assert Tab(store).offers.damaged == []


def test_a_save_nested_too_deeply_is_set_aside_and_the_game_starts() -> None:
    store = Store()
    tab = Tab(store)
    new_game(tab, 5)
    tab.play(2)
    saved = json.loads(store.items[SAVED])
    deep = store.items[SAVED][:-1] + ', "draft": ' + "[" * 20_000 + "]" * 20_000 + "}"
    store.items[SAVED] = deep
    again = Tab(store)
    assert "could not be read (this saved match is damaged: it nests deeper than" in again.message()
    assert again.offers.damaged == [deep] and json.loads(store.items[SAVED])["record"]["moves"] == []
    assert again.table.moves == [], "a new game, not the damaged one"
    # Deep, but not so deep that CPython's parser would refuse it (a browser's stack is smaller).
    store.items[SAVED] = json.dumps({**saved, "draft": json.loads("[" * 500 + "]" * 500)})
    third = Tab(store)
    assert "nests deeper than" in third.message() and third.table.moves == []


def test_another_games_match_under_a_games_key_is_set_aside_and_never_overwrites_its_save() -> None:
    store = Store()
    tab = Tab(store)
    new_game(tab, 7, "hextris")
    hextris = tab.play(2)
    tab.send({"type": "game", "name": "iriri"})
    store.items[SAVED] = store.items[saved_key("hextris")]  # Hextris's match where Iriri's is kept
    store.items[GAME] = "iriri"
    again = Tab(store)
    assert again.table.game.name == "iriri" and again.table.moves == []
    assert "it is a game of Hextris, kept where Iriri is kept" in again.message()
    assert len(again.offers.damaged) == 1
    again.play(1)
    assert json.loads(store.items[saved_key("hextris")])["record"]["moves"] == hextris
    assert json.loads(store.items[SAVED])["record"]["game"] == "iriri"


# ---------------------------------------------------------------- full or blocked storage


@pytest.mark.parametrize("refusal", ["full", "blocked"])
def test_storage_that_keeps_nothing_is_told_lastingly_and_the_game_plays_on(refusal: str) -> None:
    store = Store(blocked=refusal == "blocked")
    tab = Tab(store)
    new_game(tab, 3)
    assert tab.message() == ("" if refusal == "full" else UNSAVED)
    store.limit = sum(len(k) + len(v) for k, v in store.items.items() if k != PICTURE) + 20
    played = tab.play(6)
    assert tab.message() == UNSAVED, "told with the view after the save that failed"
    assert list(tab.table.record().moves) == played, "the game plays on, in memory"
    tab.send({"type": "command", "name": "undo"})
    tab.send({"type": "resize", "width": 500, "height": 400})
    assert tab.message() == UNSAVED, "still told: the next views do not clear it"
    tab.send({"type": "move", "text": "nonsense"})  # the table's own message comes first
    assert tab.message() != UNSAVED
    tab.send({"type": "command", "name": "undo"})
    assert tab.message() == UNSAVED
    store.limit, store.blocked = None, False  # room again: the next save works and the message goes
    tab.play(1)
    assert tab.message() == "" and json.loads(store.items[SAVED])["cursor"] == 5


def test_a_damaged_save_that_full_storage_cannot_keep_is_told() -> None:
    store = Store()
    store.items[SAVED] = "x" * 900
    store.limit = 1_000
    tab = Tab(store)
    assert "it is not kept (storage full)" in tab.message() and damaged_keys(store) == []


# ---------------------------------------------------------------- two tabs


def test_a_tab_showing_an_older_game_never_overwrites_another_tabs_moves() -> None:
    store = Store()
    first = Tab(store)
    new_game(first, 4)
    first.play(2)
    second = Tab(store)  # resumes the save, plays on
    theirs = second.play(2)
    saved = store.items[SAVED]
    assert first.shelf.stored_elsewhere(SAVED, saved), "the storage event tells the first tab"
    first.view = first.shelf.dress(first.table.view())
    assert first.view["other_tab"] == NEWER and first.message() == ""
    first.play(1)  # the first tab plays on its older game: the other tab's save stays
    assert store.items[SAVED] == saved and first.view["other_tab"] == NEWER
    assert json.loads(store.items[SAVED])["record"]["moves"][2:] == theirs
    assert Tab(store).table.snapshot() == second.table.snapshot(), "a reload takes up the newer game"


def test_without_the_storage_event_a_save_still_never_overwrites_a_newer_one() -> None:
    store = Store()
    first = Tab(store)
    first.play(1)
    second = Tab(store)
    second.play(1)
    saved = store.items[SAVED]
    first.play(1)
    assert store.items[SAVED] == saved and first.view["other_tab"] == NEWER
    assert not second.shelf.stored_elsewhere(SAVED, saved), "its own save is no news to a tab"
    assert not first.shelf.stored_elsewhere(GAME, "hextris"), "nor another key"


def two_tabs(store: Store, played_after: int) -> tuple[Tab, Tab]:
    """A first tab plays two moves, a second takes up its save and plays
    two more, then the first plays ``played_after`` on its older game
    (other moves than the second's) and is told."""
    first = Tab(store)
    new_game(first, 4)
    first.play(2)
    second = Tab(store)
    second.play(2)
    first.shelf.stored_elsewhere(SAVED, store.items[SAVED])
    first.play(played_after, which=-1)
    first.view = first.shelf.dress(first.table.view())
    assert first.view["other_tab"] == NEWER
    return first, second


def choose(tab: Tab, keep: str) -> dict[str, Any]:
    return tab.send({"type": "other-tab", "keep": keep})


def test_the_other_tabs_game_is_taken_up_at_once_and_this_tabs_own_moves_kept() -> None:
    store = Store()
    first, second = two_tabs(store, played_after=1)
    mine = first.table.snapshot()
    view = choose(first, "theirs")
    assert first.table.snapshot() == second.table.snapshot() and view["other_tab"] is None
    assert first.message() == (
        "This tab now shows the other tab's game; "
        "the game this tab had is kept: Share ▸ Back to the game I had."
    )
    assert Snapshot.from_json(store.items[PREVIOUS]) == mine and first.offers.banner
    assert first.offers.previous == mine.to_json()
    first.play(1)  # saved again, over the game it took up
    assert Snapshot.from_json(store.items[SAVED]) == first.table.snapshot()
    assert first.view["other_tab"] is None
    assert second.shelf.stored_elsewhere(SAVED, store.items[SAVED]), "now the other tab is told"


def test_taking_up_the_other_tabs_game_keeps_nothing_it_already_holds() -> None:
    store = Store()
    first, second = two_tabs(store, played_after=0)  # every move of the first tab's is in the other's
    view = choose(first, "theirs")
    assert first.table.snapshot() == second.table.snapshot() and view["other_tab"] is None
    assert first.message() == "This tab now shows the other tab's game."
    assert PREVIOUS not in store.items and first.offers.previous is None


def test_keeping_this_tabs_game_saves_it_over_the_other_and_keeps_the_others() -> None:
    store = Store()
    first, second = two_tabs(store, played_after=0)  # the older game, kept all the same
    mine, theirs = first.table.snapshot(), second.table.snapshot()
    view = choose(first, "mine")
    assert Snapshot.from_json(store.items[SAVED]) == mine and view["other_tab"] is None
    assert first.message() == (
        "This tab's game is saved again; the other tab's game is kept: Share ▸ Back to the game I had."
    )
    assert Snapshot.from_json(store.items[PREVIOUS]) == theirs and first.offers.banner
    assert second.shelf.stored_elsewhere(SAVED, store.items[SAVED]), "the other tab is told in turn"
    first.send({"type": "import", "text": first.offers.previous})  # back to the other tab's game
    assert first.table.snapshot().record == theirs.record


def test_a_choice_that_cannot_keep_the_game_left_changes_nothing() -> None:
    store = Store()
    first, _ = two_tabs(store, played_after=1)
    mine, saved = first.table.snapshot(), store.items[SAVED]
    store.limit = sum(len(k) + len(v) for k, v in store.items.items())  # full
    for keep, whose in (("mine", "The other tab's"), ("theirs", "This tab's")):
        view = choose(first, keep)
        assert first.message() == (
            f"{whose} game could not be kept to go back to (this browser's storage is full), "
            "so nothing has changed: Share ▸ Save as a file keeps the game shown."
        )
        assert first.table.snapshot() == mine and store.items[SAVED] == saved and view["other_tab"] == NEWER


def test_a_choice_when_no_other_tab_saved_or_of_no_kind_is_refused_in_words() -> None:
    store = Store()
    tab = Tab(store)
    tab.play(1)
    before, saved = tab.table.snapshot(), store.items[SAVED]
    choose(tab, "theirs")
    assert tab.message() == "No other tab has saved this game since this one did: there is nothing to choose"
    first, _ = two_tabs(store, played_after=1)
    before, saved = first.table.snapshot(), store.items[SAVED]
    choose(first, "both")
    assert first.message() == 'An other-tab event keeps "theirs" or "mine"'
    assert first.table.snapshot() == before and store.items[SAVED] == saved
    assert first.view["other_tab"] == NEWER


def test_the_other_tabs_save_damaged_is_set_aside_and_this_tabs_game_saved() -> None:
    store = Store()
    first, _ = two_tabs(store, played_after=1)
    store.items[SAVED] = store.items[SAVED][:-5]
    choose(first, "theirs")
    assert first.message().startswith("Your saved game could not be read") and any(
        key.startswith(DAMAGED) for key in store.items
    )
    assert first.message().endswith("This tab's game is saved again.")
    assert Snapshot.from_json(store.items[SAVED]) == first.table.snapshot()
    assert first.view["other_tab"] is None


# ---------------------------------------------------------------- links, new games and files


def share(tab: Tab) -> str:
    return tab.table.snapshot().to_code()


def test_a_share_link_opens_the_same_game_and_a_reload_resumes_it() -> None:
    giver = Tab(Store())
    new_game(giver, 12)
    played = giver.play(5)
    store = Store()
    tab = Tab(store, "#record=" + share(giver))
    assert list(tab.table.record().moves) == played
    assert list(Tab(store).table.record().moves) == played


@pytest.mark.parametrize("game", game_names())
def test_shares_position_link_starts_a_new_game_from_the_position_shown(game: str) -> None:
    """Share gives, beside the game's link, the position on the table alone
    in one line (docs/page-saving.md): opened, a new game starts there,
    with no moves before it; none for a game that hides pieces (the line
    would show every hand), nor for one without a line."""
    giver = Tab(Store())
    new_game(giver, 12, game)
    giver.play(4)
    line = giver.front.ask({"kind": "share"})["line"]  # type: ignore[index]
    if giver.table.game.hidden_information or giver.table.game.to_line(giver.table.state) is None:
        assert line is None
        return
    assert isinstance(line, str) and "\n" not in line and " " not in line and "&" not in line
    tab = Tab(Store(), f"#game={game}&position={line}")
    assert tab.table.game.name == game and tab.table.state == giver.table.state
    assert list(tab.table.record().moves) == [], "the moves before it are left out"
    assert tab.table.game.to_line(tab.table.state) == line


def test_a_link_over_a_game_in_progress_keeps_that_game() -> None:
    store = Store()
    tab = Tab(store)
    new_game(tab, 3)
    mine = tab.play(3)
    notes = tab.follow("#seats=human,human&seed=9")
    assert "The game you had is kept: Share ▸ Back to the game I had." in notes
    assert tab.offers.previous == store.items[PREVIOUS] and not tab.offers.banner
    tab.send({"type": "import", "text": tab.offers.previous})  # Back to the game I had
    assert list(tab.table.record().moves) == mine and tab.offers.previous is None
    assert PREVIOUS not in store.items, "nothing to go back to: the fresh game was not begun"
    assert list(Tab(store).table.record().moves) == mine
    code = share(tab)
    notes = tab.shelf.open_link("#record=" + code[: len(code) - 20])
    assert "could not be opened" in notes[0] and list(tab.table.record().moves) == mine


def test_two_links_in_a_row_keep_the_players_own_game() -> None:
    links = []
    for seed in (21, 22):
        giver = Tab(Store())
        new_game(giver, seed)
        giver.play(3)
        links.append("#record=" + share(giver))
    store = Store()
    tab = Tab(store)
    new_game(tab, 3)
    mine = tab.play(2)
    tab.follow(links[0])
    again = Tab(store, links[1])  # the second link, in a tab opened later
    assert "The game you had is kept" in again.message()
    kept = Snapshot.from_json(store.items[PREVIOUS])
    assert list(kept.record.moves) == mine and kept.record.seed == 3
    assert again.offers.previous == store.items[PREVIOUS]
    # A link's game the player has played on is theirs: it is the one kept then.
    again.play(1)
    third = Tab(store, links[0])
    assert Snapshot.from_json(store.items[PREVIOUS]).record.seed == 22
    assert third.table.record().seed == 21


def test_a_link_nested_too_deeply_is_refused_in_words() -> None:
    deep = "[" * 20_000
    code = "1." + base64.urlsafe_b64encode(zlib.compress(deep.encode(), 9)).decode().rstrip("=")
    assert len("record=" + code) < 300
    store = Store()
    tab = Tab(store)
    new_game(tab, 6)
    mine = tab.play(2)
    again = Tab(store, "#record=" + code)
    assert "This link could not be opened: record: this game link is damaged: it nests deeper than" in (
        again.message()
    )
    assert list(again.table.record().moves) == mine


def test_a_new_game_or_a_file_over_a_game_in_progress_keeps_it_and_going_back_keeps_the_other() -> None:
    store = Store()
    tab = Tab(store)
    new_game(tab, 4)
    theirs_moves = tab.play(2)
    theirs = tab.table.record().to_json()
    new_game(tab, 5)
    assert tab.offers.banner and Snapshot.from_json(tab.offers.previous or "").record.seed == 4
    mine = tab.play(1)
    tab.send({"type": "import", "text": theirs})
    assert list(tab.table.record().moves) == theirs_moves
    assert list(Snapshot.from_json(store.items[PREVIOUS]).record.moves) == mine
    tab.send({"type": "import", "text": tab.offers.previous})  # back; the opened one kept in turn
    assert list(tab.table.record().moves) == mine and tab.offers.banner
    assert Snapshot.from_json(store.items[PREVIOUS]).record.seed == 4


def test_a_malformed_file_changes_nothing_and_keeps_nothing() -> None:
    store = Store()
    tab = Tab(store)
    new_game(tab, 4)
    tab.play(2)
    before, saved = tab.table.snapshot(), store.items[SAVED]
    record = Record.from_json(tab.table.record().to_json())
    tab.send({"type": "import", "text": record.to_json().replace('"moves"', '"muves"')})
    assert tab.table.snapshot() == before and store.items[SAVED] == saved and PREVIOUS not in store.items
    assert "unchanged" in tab.message()


def test_a_picture_in_a_link_nested_too_deeply_is_told_and_the_game_opens() -> None:
    packed = zlib.compress(b"[" * 20_000, 9)
    code = "1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    tab = Tab(Store(), "#seats=human,human&seed=4&picture=" + code)
    assert tab.table.record().seed == 4
    assert "The picture in this link could not be used (this picture is damaged: it nests deeper than" in (
        tab.message()
    )


# ---------------------------------------------------------------- lessons (Learn to play)


def test_a_first_visit_is_welcomed_and_a_later_one_is_not() -> None:
    store = Store()
    first = Tab(store)
    assert first.view["welcome"] is True
    assert first.view["tour"]["title"] == "Iriri"
    first.play(1)
    assert first.view["welcome"] is False, "once a game has begun, the welcome has done its work"
    assert Tab(store).view["welcome"] is False
    assert Tab(None).view["welcome"] is False, "an embed saves nothing, and welcomes nobody"


def test_each_game_welcomes_a_newcomer_until_not_now_a_lesson_or_a_game_begun() -> None:
    """Issue 36: the welcome is each game's: a newcomer who began Iriri is
    still offered Hextris' lessons (and Pach-Ice-i's until a lesson of it is
    opened), on any screen, through reloads, until Not now."""
    store = Store()
    tab = Tab(store)
    tab.play(1)
    assert tab.send({"type": "game", "name": "hextris"})["welcome"] is True
    assert Tab(store).view["welcome"] is True, "a reload: Hextris still welcomes"
    assert tab.send({"type": "welcome"})["welcome"] is False
    assert Tab(store).view["welcome"] is False and json.loads(store.items[WELCOMED]) == ["iriri", "hextris"]
    assert tab.send({"type": "game", "name": "pach-ice-i"})["welcome"] is True
    tab.send({"type": "lesson", "game": "pach-ice-i", "lesson": tab.view["tour"]["lessons"][0]["id"]})
    assert tab.send({"type": "game", "name": "pach-ice-i"})["welcome"] is False
    assert tab.send({"type": "game", "name": "pyrinoes"})["welcome"] is True


def test_a_player_from_before_is_welcomed_only_to_the_games_they_never_saw() -> None:
    store = Store()
    Tab(store).play(1)
    del store.items[WELCOMED]  # (as a browser that played before the welcome was each game's)
    tab = Tab(store)
    assert tab.view["welcome"] is False
    assert tab.send({"type": "game", "name": "hextris"})["welcome"] is True
    for bad in ("[", '{"iriri": 1}', "7"):
        store.items[WELCOMED] = bad
        assert Tab(store).shelf.progress.welcomed() == list(game_names()), "bad data: nobody is welcomed"


def own_game_then_lesson(store: Store) -> tuple[Tab, list[str], str]:
    """A tab where the player has played two moves of their own game of the
    test game, then done its lesson "win": the tab, those moves, the save."""
    tab = Tab(store)
    new_game(tab, 1, "tictactoe-test")
    played = tab.play(2)
    saved = store.items[saved_key("tictactoe-test")]
    view = tab.send({"type": "lesson", "game": "tictactoe-test", "lesson": "win"})
    assert view["lesson"]["id"] == "win" and not view["welcome"]
    assert tab.send({"type": "move", "text": "c3"})["lesson"]["met"]
    return tab, played, saved


def test_a_lesson_is_never_saved_and_the_players_game_comes_back(with_kuhn: None) -> None:
    store = Store()
    tab, played, saved = own_game_then_lesson(store)
    assert store.items[saved_key("tictactoe-test")] == saved, "the lesson's moves are not the player's game"
    again = Tab(store)  # a reload in the middle of the lesson
    assert again.table.game.name == "tictactoe-test" and again.table.moves == played
    tab.send({"type": "game", "name": "tictactoe-test"})  # Leave the lesson
    assert tab.table.lesson is None and tab.table.moves == played


def test_lessons_done_are_kept_by_game_and_bad_data_under_the_key_is_ignored(with_kuhn: None) -> None:
    store = Store()
    tab = Tab(store)
    tab.send({"type": "lesson", "game": "tictactoe-test", "lesson": "block"})
    assert [lesson["learned"] for lesson in tab.view["tour"]["lessons"]] == [False, False]
    tab.send({"type": "move", "text": "c3"})
    assert json.loads(store.items[LEARNED]) == {"tictactoe-test": ["block"]}
    assert [lesson["learned"] for lesson in tab.view["tour"]["lessons"]] == [False, True]
    tab.send({"type": "lesson", "game": "tictactoe-test", "lesson": "block"})  # done again: kept once
    tab.send({"type": "move", "text": "c3"})
    assert json.loads(store.items[LEARNED]) == {"tictactoe-test": ["block"]}
    for bad in ("[", "[1, 2]", '{"tictactoe-test": "block"}', '{"tictactoe-test": [3, "win"]}'):
        store.items[LEARNED] = bad
        learned = Tab(store).shelf.progress.learned()
        assert learned.get("tictactoe-test", []) in ([], ["win"]), (bad, learned)


def test_a_lesson_done_with_full_storage_is_done_all_the_same(with_kuhn: None) -> None:
    store = Store()
    tab = Tab(store)
    store.blocked = True
    tab.send({"type": "lesson", "game": "tictactoe-test", "lesson": "win"})
    view = tab.send({"type": "move", "text": "c3"})
    assert view["lesson"]["met"] and LEARNED not in store.items


def test_a_new_game_from_a_lesson_keeps_the_players_own_game_to_go_back_to(with_kuhn: None) -> None:
    store = Store()
    tab, played, own = own_game_then_lesson(store)
    tab.send(tab.view["lesson"]["then"]["event"])  # Play a game, at the tour's end
    assert tab.table.lesson is None and tab.table.moves == []
    assert [seat.text for seat in tab.table.seats] == ["human", "easy"]
    assert store.items[PREVIOUS] == own and tab.offers.previous == own, "the player's game is kept"
    assert json.loads(own)["record"]["moves"] == played


def test_a_lesson_link_replaces_no_game(with_kuhn: None) -> None:
    store = Store()
    tab = Tab(store)
    tab.play(2)
    notes = tab.follow("#game=tictactoe-test&lesson=block")
    assert notes == [] and PREVIOUS not in store.items and tab.table.lesson is not None


def test_the_welcome_stays_through_a_deal_and_goes_once_a_seat_has_moved() -> None:
    tab = Tab(Store())
    new_game(tab, 1, "pyrinoes")  # two people: only the dealer acts by itself
    tab.table.play_bots()  # the dealer deals
    view = tab.shown(tab.table.view())
    assert tab.table.cursor > 0 and view["welcome"] is True, "the dealer's moves are no game begun"
    tab.send({"type": "command", "name": "reveal"})  # (two people at one screen: a cover first)
    tab.play(1)
    assert tab.table.history.begun(tab.table.game) and tab.view["welcome"] is False


class CountingStore(Store):
    """A store that counts how often each key is read."""

    def __init__(self) -> None:
        super().__init__()
        self.reads: dict[str, int] = {}

    def get(self, key: str) -> str | None:
        self.reads[key] = self.reads.get(key, 0) + 1
        return super().get(key)


def test_a_view_is_dressed_from_one_read_of_the_lessons_learned_and_the_games_welcomed(
    with_kuhn: None,
) -> None:
    """From a review: ``Shelf.dress`` reads each key of the learning once a
    view, where a lesson is met and kept, and where a game begun ends the
    welcome, and tells what it kept."""
    store = CountingStore()
    tab = Tab(store)
    assert tab.view["welcome"] is True
    tab.table.play(tab.table.legal_moves()[0])  # a game begun: the welcome has done its work
    store.reads.clear()
    view = tab.shelf.dress(tab.table.view())
    assert store.reads.get(LEARNED) == 1 and store.reads.get(WELCOMED) == 1, store.reads
    assert view["welcome"] is False and json.loads(store.items[WELCOMED]) == ["iriri"]
    tab.send({"type": "lesson", "game": "tictactoe-test", "lesson": "win"})
    tab.table.handle({"type": "move", "text": "c3"})  # the lesson's goal met
    store.reads.clear()
    view = tab.shelf.dress(tab.table.view())
    assert store.reads.get(LEARNED) == 1 and store.reads.get(WELCOMED) == 1, store.reads
    assert [lesson["learned"] for lesson in view["tour"]["lessons"]] == [True, False]
    assert json.loads(store.items[LEARNED]) == {"tictactoe-test": ["win"]}
