"""A game with a friend by links from a position set up (issue 38, docs/distance.md "One side's
game", docs/setup.md "Play from here"): the invitation carries the position's line (``start=``),
both sides replay from it, a third party checks the game from it, chance after it (Pach-Ice-i's
rolls) is still made from both players' values, Iriri's ring needs no shuffle; a game whose hidden
hands both browsers deal (Pyrinoes) is refused in words, and so is every crafted start that is
damaged, too long, of another game, over, or for three players, never with an exception."""

from __future__ import annotations

import base64
import json
import random
from typing import Any

import pytest
from test_friend_table import ADDRESS, Browser
from test_friends import Pair

from iriri_core import get_game
from iriri_core.by_links.book import FriendBook, half_words
from iriri_core.by_links.check import check_record, signed_record
from iriri_core.by_links.crypto.blocks import Block, LinkError, read_packet, write_packet
from iriri_core.by_links.crypto.chains import Chain, batch_seed, seed_number
from iriri_core.by_links.crypto.ecdsa import PrivateKey
from iriri_core.by_links.game import FriendGame
from iriri_core.by_links.invitations import START_LENGTH, Invitation
from iriri_core.by_links.panel import invite_view
from iriri_core.engine import CHANCE, fixed_chance

SET_UP = "hextris:3/4/2Y32/4/3:YB:2:554,555:0,0:0:-"
"""A Hextris position set up by hand (docs/setup.md's example: a large yellow on c3), Blue to move."""


def played_line(name: str, moves: int, seed: int, chance: bool | None = None) -> str:
    """The line of a position of ``name`` reached by ``moves`` random moves
    (chance's too) from a new game for two, then on until chance is to act
    (``chance`` True) or a player is (False); never a game over."""
    game, rng = get_game(name), random.Random(seed)
    state = game.new_game(2, seed=seed)
    count = 0
    while count < moves or (chance is not None and (game.current_player(state) == CHANCE) != chance):
        assert not game.is_over(state), "the game ended before the position wanted"
        outcomes = game.chance_outcomes(state)
        move = rng.choice([m for m, _ in outcomes]) if outcomes else rng.choice(game.legal_moves(state))
        state, count = game.play(state, move), count + 1
    line = game.to_line(state)
    assert line is not None and not game.is_over(state)
    return line


def checked(side: FriendGame) -> Any:
    """A third party's check of ``side``'s saved record."""
    return check_record(json.dumps(signed_record(side)))


# ---------------------------------------------------------------- whole games from a position


@pytest.mark.parametrize("inviter_seat", [0, 1])
def test_a_whole_hextris_game_from_a_position_is_played_by_both_and_checked_by_a_third(
    inviter_seat: int,
) -> None:
    game = get_game("hextris")
    start = game.from_text(SET_UP)
    pair = Pair("hextris", inviter_seat, start=SET_UP)
    inviter = pair.sides[inviter_seat]
    assert inviter.position().start == start and inviter.position().moves == ()
    assert inviter.to_move() == 1, "Blue moves first, as the position says"
    pair.play_out()
    ends = [side.position() for side in pair.sides.values()]
    assert ends[0].start == ends[1].start == start
    assert ends[0].state == ends[1].state and ends[0].moves == ends[1].moves and game.is_over(ends[0].state)
    replayed = start
    for text in ends[0].moves:
        replayed = game.play(replayed, game.parse_move(replayed, text))
    assert replayed == ends[0].state, "the moves lead from the position set up to the end"
    for side in pair.sides.values():
        report = checked(side)
        assert report.verified, report.problems
        assert "the start: the position set up that the signed invitation gives" in report.checked
        first, second = side.names
        said = f"verified: a game of Hextris between {first} and {second}, {len(ends[0].moves)} moves"
        assert report.headline.startswith(said)


def test_a_record_whose_start_was_changed_is_told_against_the_position_set_up() -> None:
    pair = Pair("hextris", 0, start=SET_UP)
    for _ in range(6):
        pair.step()
    record = signed_record(pair.sides[0])
    game = get_game("hextris")
    record["start"] = game.to_text(game.new_game(2))
    report = check_record(json.dumps(record))
    assert not report.verified
    assert report.problems[0].startswith("The start: the record's start has")
    assert "the position set up in the signed invitation" in report.problems[0]


def test_pach_ice_i_from_a_position_rolls_from_both_players_values() -> None:
    """A position where the dice are to be rolled: the first roll is batch 1,
    waits for both values (the inviter shows none first), is the fair roll
    of both, and another friend's value makes another roll."""
    line = played_line("pach-ice-i", 9, seed=3, chance=True)
    game = get_game("pach-ice-i")
    start = game.from_text(line)
    rolls = set()
    for friend_secret in range(4):
        key, other = PrivateKey(21), PrivateKey(22)
        inviter = FriendGame.invite(
            Invitation("pach-ice-i", 0, "Ann", "Bob", start=line), key.public_bytes(), key.sign, b"a" * 32
        )
        position = inviter.position()
        assert position.start == start and position.waiting and position.batches == 1
        assert inviter.next_block() is None, "no value before the friend's commitment"
        invitee = FriendGame.join(inviter.link() or "", other.public_bytes(), bytes([friend_secret]) * 32)
        answer = invitee.next_block()
        assert answer is not None and answer.reveal and answer.commitment
        inviter.take(invitee.send(answer.signed(other)))
        made = inviter.position().moves
        assert made and made[0].startswith("roll")
        values = [inviter.chain.value(1) if inviter.chain else b"", answer.reveal]
        seed = seed_number(batch_seed(inviter.game_id, 1, values[0], values[1]))
        assert made[0] == game.move_text(start, fixed_chance(game, start, seed, 0))
        rolls.add(made[0])
    assert len(rolls) > 1, "the friend's value changes the roll: the inviter cannot choose it"


@pytest.mark.parametrize("chance", [True, False])
def test_a_whole_pach_ice_i_game_from_a_position_is_played_and_checked(chance: bool) -> None:
    line = played_line("pach-ice-i", 12, seed=5, chance=chance)
    pair = Pair("pach-ice-i", 1, seed=4, start=line)
    pair.play_out()
    ends = [side.position() for side in pair.sides.values()]
    assert ends[0].moves == ends[1].moves and ends[0].state == ends[1].state
    assert sum(text.startswith("roll") for text in ends[0].moves) >= 2, "rolls were made after the start"
    report = checked(pair.sides[0])
    assert report.verified, report.problems
    assert any("each made from both players' committed values" in line for line in report.checked)


def test_iriri_from_a_position_starts_at_once_with_no_shuffle() -> None:
    """Iriri deals its ring from the seed (batch 1); from a position set up
    the ring is the position's: the game is on the table before any value,
    no batch of chance is begun, and the words never speak of a shuffle."""
    line = played_line("iriri", 6, seed=2)
    game = get_game("iriri")
    key = PrivateKey(31)
    inviter = FriendGame.invite(
        Invitation("iriri", 1, "Ann", "Bob", start=line), key.public_bytes(), key.sign
    )
    position = inviter.position()
    assert position.state == game.from_text(line) == position.start
    assert position.batches == 0 and not position.waiting
    assert "shuffle" not in half_words(inviter, "your")
    pair = Pair("iriri", 1, seed=6, start=line)
    pair.play_out()
    ends = [side.position() for side in pair.sides.values()]
    assert ends[0].state == ends[1].state and game.is_over(ends[0].state)
    assert ends[0].batches == 0, "no chance after the position: Iriri's only chance is its ring"
    report = checked(pair.sides[1])
    assert report.verified, report.problems


# ---------------------------------------------------------------- refused


def test_a_game_whose_hands_both_browsers_deal_is_refused_from_a_position() -> None:
    line = played_line("pyrinoes", 0, seed=1)
    with pytest.raises(LinkError, match="a position would show every hand"):
        Invitation("pyrinoes", 0, "Ann", "Bob", start=line)
    ann = Browser(41)
    public = base64.b64encode(ann.key.public_bytes()).decode()
    request = {"game": "pyrinoes", "seat": 0, "me": "Ann", "friend": "Bob", "key": public, "start": line}
    problem = ann.friends.draft(request)["problem"]
    assert problem.startswith("Pyrinoes by links starts from a fair deal, not from a position set up")
    assert problem.endswith("play it here, against a bot or at one screen")
    assert "body" in ann.friends.draft(request | {"start": None}), "a fair deal is still offered"


HEXTRIS_OVER = "hextris:2B2/Y31B31/1Y1Y2Y21/Y2B12/B2B21:YB:1:000,000:3,2:0:won-by-1"
HEXTRIS_THREE = "hextris:3/4/5/4/3:YBR:1:555,555,555:0,0,0:0:-"
IRIRI_LINE = "iriri:-:YB:1:place:0:0,0:Y1Y2Y3,B1B2B3:B3Y3B3B2B3B1Y2Y3Y3Y2Y1Y2Y1B2B2B1B3B1B1Y1Y3Y1B2Y2"


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (("start=hextris:zzz",), "its start position 'hextris:zzz' cannot be read: "),
        (("start=",), "cannot be read"),
        (("start=" + "hextris:" + "3/" * (START_LENGTH // 2),), "more options, or longer ones"),
        (("start=" + "3/" * 30_000,), "far too long"),
        ((f"start={IRIRI_LINE}",), "is of Iriri, not of Hextris"),
        ((f"start={HEXTRIS_OVER}",), "a game that is over"),
        ((f"start={HEXTRIS_THREE}",), "is for 3 players, and a game by links is for two"),
        ((f"start={SET_UP.upper()}",), "not written as the page writes one"),
        ((f"start={SET_UP}", f"start={SET_UP}"), "cannot be read"),
        (("speed=3", f"start={SET_UP}"), "settings are wrong|keeps the position's own settings"),
        ((f"start={SET_UP}\nx=1",), "cannot be read|not written as the page writes|settings are wrong"),
    ],
)
def test_a_crafted_start_is_refused_with_words_never_an_exception(
    options: tuple[str, ...], words: str
) -> None:
    key = PrivateKey(51)
    block = Block.first(("game=hextris", "seat=0", "from=Ann", "to=Bob", *options), 0, key.public_bytes())
    packet = write_packet([block.signed(key)])
    with pytest.raises(LinkError, match=words):
        FriendBook().open(packet, now=0.0)
    if len(packet) < 20_000:  # (a link far too long is refused before it is read)
        with pytest.raises(LinkError, match=words):
            FriendGame.join(packet, PrivateKey(52).public_bytes())
        assert invite_view(packet) is None
        report = check_record(packet)
        assert not report.verified and report.problems[0].startswith("The invitation:")


@pytest.mark.parametrize(
    ("game", "line", "words"),
    [
        ("iriri", get_game("iriri").to_line(get_game("iriri").new_game(3, seed=2)), "for 3 players"),
        ("pyrinoes", played_line("pyrinoes", 0, seed=1), "would show every hand"),
        ("pach-ice-i", IRIRI_LINE, "is of Iriri, not of Pach-Ice-i"),
    ],
)
def test_a_crafted_start_of_a_game_with_chance_is_refused_with_words(
    game: str, line: str, words: str
) -> None:
    key = PrivateKey(53)
    commitment = Chain.make(b"sixteen bytes or more").commitment
    options = (f"game={game}", "seat=0", "from=Ann", "to=Bob", f"start={line}")
    block = Block.first(options, 0, key.public_bytes(), commitment).signed(key)
    with pytest.raises(LinkError, match=words):
        FriendBook().open(write_packet([block]), now=0.0)


def test_the_longest_start_a_game_for_two_can_have_fits_the_bound_twice() -> None:
    """docs/distance.md: START_LENGTH is twice the longest line of a position
    for two of the games played from a position by links: Iriri's board 99
    rows tall, its 24 pieces each in a row of its own, apart."""
    game = get_game("iriri")
    pieces = [colour + size for colour in "YB" for size in "123" for _ in range(4)]
    rows = ["99"] * 99
    for index, piece in enumerate(pieces):
        rows[index * 98 // 23] = f"{index * 4 % 90 + 1}{piece}"
    line = f"iriri:{'/'.join(rows)}@-50,-50:YB:1:place:0:999.5,999.5:-,-:Y1Y2Y3B1B2B3"
    longest = game.to_line(game.from_text(line)) or ""
    assert 400 < len(longest) <= START_LENGTH // 2
    for name in ("hextris", "pach-ice-i"):
        assert len(played_line(name, 20, seed=1)) < 100
    Invitation("iriri", 0, "Ann", "Bob", start=longest)  # (taken: it is a position that can happen)


# ---------------------------------------------------------------- at the page's table


def test_the_friend_is_told_the_game_starts_from_a_position_set_up_and_both_tables_show_it() -> None:
    ann, bob = Browser(61), Browser(62)
    public = base64.b64encode(ann.key.public_bytes()).decode()
    request = {"game": "hextris", "seat": 0, "me": "Ann", "friend": "Bob", "key": public, "start": SET_UP}
    asked = ann.friends.draft(request)
    view = ann.event({"type": "friend-invite", "signature": ann.sign(asked["body"])})
    link = str(view["friend"]["link"])
    assert link.startswith(ADDRESS + "#play=")
    assert view["friend"]["link_text"].startswith("It invites Bob to the game from the position you set up")
    start = get_game("hextris").from_text(SET_UP)
    assert ann.table.state == start and ann.table.seats[1].kind == "friend"
    assert ann.view()["friend"]["text"].startswith("Invitation made: send it to Bob.")
    assert bob.open(link) == []
    invite = bob.view()["invite"]
    assert invite["title"] == "Ann invites you to a game of Hextris from a position set up"
    assert "You play Blue." in invite["text"]
    assert "it starts from a position Ann set up" in invite["text"] and "you move first" in invite["text"]
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    assert bob.table.state == start and bob.view()["friend"]["text"] == "Your turn against Ann."
    move = get_game("hextris").move_text(start, get_game("hextris").legal_moves(start)[0])
    bob.event({"type": "move", "text": move})
    assert ann.open(bob.send()) == ["Bob made 1 move. It is your turn."]
    assert ann.table.moves == bob.table.moves == [move]
    assert len(read_packet(link[len(ADDRESS) + len("#play=") :])) == 1
