"""Links written by a hostile friend (issue 35, docs/distance.md "What a
link may ask"): a link of empty blocks, a block out of turn, a chance value
far back along its chain or for a roll not begun, an invitation with an
oversized or unclean option or without the commitment its chance needs;
each is refused with words, the game kept as it was, and the work it asks
bounded (counted in hashes, not timed).  And what a slow game needs: a
kept game as long as an honest match makes it (never bound by a link's
size limit), read back without replaying any game, a resignation (also one
that crosses the other's link), and games set aside and brought back."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from test_friends import Pair

from iriri_core import game_names, get_game
from iriri_core.by_links.book import FriendBook
from iriri_core.by_links.crypto import chains
from iriri_core.by_links.crypto.blocks import MAX_PACKET_BYTES, Block, LinkError, read_packet, write_packet
from iriri_core.by_links.crypto.chains import Chain
from iriri_core.by_links.crypto.ecdsa import PrivateKey
from iriri_core.by_links.game import FriendGame
from iriri_core.by_links.invitations import NAME_LENGTH, Invitation, by_links
from iriri_core.engine import GameError


def refused(side: FriendGame, block: Block, key: PrivateKey, words: str) -> None:
    """``block``, signed by ``key``, is refused by ``side`` with ``words``, its game unchanged."""
    before = (side.position().moves, len(side.ledger.blocks))
    with pytest.raises(LinkError, match=words):
        side.take(write_packet([block.signed(key)]))
    assert (side.position().moves, len(side.ledger.blocks)) == before


def test_a_block_that_carries_nothing_the_game_needs_is_refused() -> None:
    pair = Pair("hextris", 0)
    for _ in range(4):
        pair.step()
    mover = 0 if pair.sides[0].to_move() == 0 else 1
    other = pair.sides[1 - mover]
    empty = Block(other.ledger.head, mover, other.ledger.plies, ())
    refused(other, empty, pair.keys[mover], "carries no move and nothing else")


def test_a_link_of_many_empty_blocks_is_refused_before_any_is_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 35, 2: 624 signed blocks with no moves.  The link is refused by
    its length alone: no signature is checked, nothing is kept."""
    pair = Pair("hextris", 0)
    pair.step()
    pair.send(0)
    bob = pair.sides[1]
    held = len(bob.ledger.blocks)
    blocks, head = [], bob.ledger.head
    for _ in range(624):
        block = Block(head, 0, bob.ledger.plies, ()).signed(pair.keys[0])
        blocks.append(block)
        head = block.digest
    checked: list[int] = []
    monkeypatch.setattr("iriri_core.by_links.crypto.blocks.verify", lambda *args: checked.append(1) or True)
    with pytest.raises(LinkError, match=r"far too long|more than"):
        bob.take(write_packet(blocks))
    with pytest.raises(LinkError, match="more than"):
        bob.take(write_packet(blocks[:20]))
    assert not checked and len(bob.ledger.blocks) == held


def test_a_block_that_follows_its_own_players_last_one_is_refused() -> None:
    """Issue 35, 2: the players take turns, so a block answers the other's;
    one that follows its own player's last block is refused."""
    pair = Pair("hextris", 0, seed=2)
    while len(pair.links) < 6 or pair.sides[1 - pair.links[-1][0]].pending:
        pair.step()
    last = pair.links[-1][0]
    other = pair.sides[1 - last]
    again = Block(other.ledger.head, last, other.ledger.plies, ("L@a1",))
    refused(other, again, pair.keys[last], "follows their own last link")


def far_chain_game(monkeypatch: pytest.MonkeyPatch) -> tuple[FriendGame, PrivateKey, Chain, list[int]]:
    """Issue 35, 3: a Pach-Ice-i invitation by an attacker who committed to
    the end of a long chain; White (the invitee) joins.  Returns White's
    side, the attacker's key and chain, and a counter of chain steps."""
    attacker = PrivateKey(666)
    chain = Chain.make(b"an attacker's chain of many steps", 6000)
    invitation = Block.first(
        Invitation("pach-ice-i", 0, "Mallory", "Bob").options(), 0, attacker.public_bytes(), chain.commitment
    ).signed(attacker)
    bob = FriendGame.join(write_packet([invitation]), PrivateKey(7).public_bytes(), secret=b"b" * 32)
    assert bob.chain is not None  # (Bob's own chain made before the hashes are counted)
    steps: list[int] = []
    real = chains.step
    monkeypatch.setattr(chains, "step", lambda value: steps.append(1) or real(value))
    return bob, attacker, chain, steps


def test_a_chance_value_far_back_along_its_chain_is_refused_after_a_few_hashes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bob, attacker, chain, steps = far_chain_game(monkeypatch)
    block = bob.next_block()  # Bob's answer: his key, commitment and value 1
    assert block is not None
    bob.send(block.signed(PrivateKey(7)))
    far = Block(bob.ledger.head, 0, bob.ledger.plies, ("pass",), reveal=chain.value(4096))
    refused(bob, far, attacker, "does not follow its commitment, or is for a roll not begun")
    assert len(steps) <= 3, f"{len(steps)} hashes for a value 4,096 steps back"
    ahead = Block(bob.ledger.head, 0, bob.ledger.plies, (), reveal=chain.value(2))
    refused(bob, ahead, attacker, "a roll that has not begun|does not follow its commitment")


def test_an_invitation_with_an_option_beyond_a_sane_size_is_refused_with_words() -> None:
    key = PrivateKey(5)
    for options, words in [
        (("game=hextris", "seat=0", "from=" + "A" * 60_000, "to=Bob"), "far too long"),
        (("game=hextris", "seat=0", "from=" + "A" * 500, "to=Bob"), "more options, or longer ones"),
        (
            ("game=hextris", "seat=0", "from=" + "A" * (NAME_LENGTH + 1), "to=Bob"),
            "not as the page writes one",
        ),
        (("game=hextris", "seat=0", "from=Ann\nSmith", "to=Bob"), "cannot be read|not as the page writes"),
        (("game=hextris", "seat=0", "from= Ann", "to=Bob"), "not as the page writes one"),
        (tuple(f"x{n}=1" for n in range(20)), "more options"),
    ]:
        block = Block.first(options, 0, key.public_bytes()).signed(key)
        with pytest.raises(LinkError, match=words):
            FriendBook().open(write_packet([block]), now=0.0)


@pytest.mark.parametrize("game", [name for name in game_names() if by_links(get_game(name))])
def test_an_invitation_is_checked_whole_before_it_is_offered(game: str) -> None:
    """Issue 35, 4: an invitation to a game with chance and no commitment
    (which could be joined and then wait for ever), or one with a
    commitment to a game without chance, is refused when opened: every game
    played by links, the commitment the wrong way round for what it declares."""
    commitment = not get_game(game).has_chance
    key = PrivateKey(9)
    sealed = Chain.make(b"sixteen bytes or more").commitment if commitment else b""
    block = Block.first(Invitation(game, 0, "Ann", "Bob").options(), 0, key.public_bytes(), sealed).signed(
        key
    )
    with pytest.raises(LinkError, match="no game could start from it"):
        FriendBook().open(write_packet([block]), now=0.0)


# ---------------------------------------------------------------- a slow game


@pytest.mark.slow
def test_an_honest_pyrinoes_match_to_150_is_kept_and_read_back_whole() -> None:
    """Issue 35, 2: the kept game holds every block, however long the match,
    and is read back with no link's size limit."""
    pair = Pair("pyrinoes", 0, seed=3, target=150)
    while pair.step():
        pass
    side = pair.sides[1]
    text = json.dumps(side.to_json())
    assert len(side.to_json()["blocks"]) > MAX_PACKET_BYTES * 4 // 3, "longer than any link may be"
    again = FriendGame.from_json(json.loads(text))
    assert not again.replayed
    assert again.position().state == side.position().state and again.is_over()
    assert len(read_packet(side.to_json()["blocks"], most=None)) == len(side.ledger.blocks)


def test_a_kept_book_is_read_without_replaying_a_game_and_lists_them_as_kept() -> None:
    """The page's start with many kept games replays none: each game's line
    in Your games is the one kept with it."""
    book = FriendBook()
    for seed in range(1, 5):
        pair = Pair("hextris" if seed % 2 else "pach-ice-i", seed % 2, seed=seed)
        for _ in range(6):
            pair.step()
        book.add(pair.sides[1], now=float(seed))
    listed = book.entries()
    again = FriendBook.from_json(json.loads(json.dumps(book.to_json())))
    assert again.entries() == listed
    assert not any(side.replayed for side in again.games.values())


def test_your_games_lists_the_games_that_wait_on_you_first() -> None:
    book = FriendBook()
    for seed in range(1, 7):
        pair = Pair("hextris", 0, seed=seed)
        for _ in range(seed):
            pair.step()
        book.add(pair.sides[1], now=float(seed))
    entries = book.entries()
    mine = [entry["mine"] for entry in entries]
    assert mine == sorted(mine, reverse=True) and any(mine) and not all(mine)
    waiting = [entry["updated"] for entry in entries if entry["mine"]]
    assert waiting == sorted(waiting), "the longest waiting first"
    turns = {entry["turn"] for entry in entries if entry["mine"]}
    assert turns <= {"It is your turn.", "Press Send to Ann, and send them the link."}, turns


def test_a_game_set_aside_leaves_the_list_and_comes_back_with_one_press_or_a_link() -> None:
    pair = Pair("hextris", 0)
    book = FriendBook()
    book.add(pair.sides[1], now=1.0)
    key = pair.sides[1].game_id.hex()
    book.set_aside(key, True, now=2.0)
    (entry,) = book.entries()
    assert entry["aside"]
    kept = FriendBook.from_json(json.loads(json.dumps(book.to_json())))
    assert kept.entries()[0]["aside"]
    kept.set_aside(key, False, now=3.0)
    assert not kept.entries()[0]["aside"]
    book.set_aside(key, True, now=4.0)
    ann = pair.sides[0]
    ann.play("L@c1")
    book.open(ann.send(ann.next_block().signed(pair.keys[0])), now=5.0)  # type: ignore[union-attr]
    assert not book.entries()[0]["aside"], "the friend's link brings it back"


def test_a_resignation_ends_the_game_on_both_sides_and_nothing_comes_after_it() -> None:
    pair = Pair("hextris", 0)
    for _ in range(5):
        pair.step()
    ann, bob = pair.sides[0], pair.sides[1]
    quiet = 0 if ann.to_move() != 0 and ann.next_block() is None else 1
    resigner = pair.sides[quiet]  # the one waiting on the friend: the friend went quiet
    resigner.resign()
    assert resigner.undo() == "resign" and not resigner.resigning
    resigner.resign()
    with pytest.raises(GameError, match="over"):
        resigner.play("L@c1")
    packet = pair.send(quiet)
    for side in (ann, bob):
        assert side.is_over() and side.resigned == quiet and side.to_move() is None
    winner = pair.sides[1 - quiet]
    late = Block(winner.ledger.head, 1 - quiet, winner.ledger.plies, ("L@c1",)).signed(pair.keys[1 - quiet])
    with pytest.raises(LinkError, match="after the game's end"):
        resigner.take(write_packet([late]))
    assert read_packet(packet)[-1].resign


def test_a_resignation_that_crosses_the_friends_link_is_taken_in_its_place() -> None:
    """Bob resigns while Ann's move is on its way: Ann takes the
    resignation (Bob never saw her move), and Bob, opening her link later,
    keeps the game as he ended it."""
    pair = Pair("hextris", 0)
    for _ in range(4):
        pair.step()
    mover = 0 if pair.sides[0].to_move() == 0 else 1
    ann, bob = pair.sides[mover], pair.sides[1 - mover]
    ann.play(ann.game.move_text(ann.position().state, ann.game.legal_moves(ann.position().state)[0]))
    block = ann.next_block()
    assert block is not None
    crossing = ann.send(block.signed(pair.keys[mover]))
    bob.resign()
    resignation = bob.send(bob.next_block().signed(pair.keys[1 - mover]))  # type: ignore[union-attr]
    ann.take(resignation)
    assert ann.is_over() and ann.resigned == bob.seat
    assert [b.digest for b in ann.ledger.blocks] == [b.digest for b in bob.ledger.blocks]
    with pytest.raises(LinkError):
        bob.take(crossing)
    assert bob.is_over()


def test_a_resignation_that_carries_moves_is_refused() -> None:
    pair = Pair("hextris", 0)
    pair.step()
    pair.send(0)
    bob = pair.sides[1]
    bob.play("S@e5")
    pair.send(1)
    ann = pair.sides[0]
    with_moves = Block(ann.ledger.head, 1, ann.ledger.plies, ("L@a1",), resign=True)
    refused(ann, with_moves, pair.keys[1], "resignation carries moves")


def test_a_resignation_by_someone_else_than_the_friend_is_refused() -> None:
    pair = Pair("hextris", 0)
    pair.step()
    pair.send(0)
    bob = pair.sides[1]
    forged = Block(bob.ledger.head, 0, bob.ledger.plies, (), resign=True).signed(PrivateKey(4242))
    with pytest.raises(LinkError, match="not signed"):
        bob.take(write_packet([forged]))
    assert not bob.is_over()


def test_a_kept_side_keeps_its_resignation_not_yet_sent() -> None:
    pair = Pair("pach-ice-i", 1, seed=4)
    for _ in range(6):
        pair.step()
    side = pair.sides[0]
    side.resign()
    again = FriendGame.from_json(json.loads(json.dumps(side.to_json())))
    assert again.resigning and again.next_block() == side.next_block()
    old: dict[str, Any] = side.to_json() | {"format": 1}
    old.pop("resigning")
    assert not FriendGame.from_json(old).resigning, "a side kept before resignations reads as it was"


def test_a_changed_block_in_a_kept_book_is_not_a_new_history() -> None:
    """A book's game is read from its own blocks: one changed byte of a move
    breaks the chain of hashes and the game is set aside as damaged."""
    pair = Pair("hextris", 0)
    for _ in range(6):
        pair.step()
    book = FriendBook()
    book.add(pair.sides[0], now=1.0)
    data = book.to_json()
    (key,) = data["games"]
    blocks = read_packet(data["games"][key]["side"]["blocks"], most=None)
    blocks[2] = replace(blocks[2], moves=("L@a1",))
    data["games"][key]["side"]["blocks"] = write_packet(blocks)
    again = FriendBook.from_json(data)
    assert key in again.damaged and key not in again.games


def test_a_move_padded_or_spelt_otherwise_is_refused_so_no_link_grows_the_game() -> None:
    """Issue 35 (review): a move the rules read but the page would not write
    (spaces before it, another case) would be kept as sent, so every link
    could grow the kept game to the link's size limit."""
    pair = Pair("hextris", 0)
    pair.step()
    pair.send(0)
    bob = pair.sides[1]
    for move in (" " * 8000 + "S@e5", "s@e5"):
        padded = Block(bob.ledger.head, 1, bob.ledger.plies, (move,), key=pair.keys[1].public_bytes())
        refused(pair.sides[0], padded, pair.keys[1], "not written as the page writes moves")


def test_the_friends_side_of_a_game_never_takes_the_place_of_this_one() -> None:
    """A backup or another tab's book holding the friend's side of a game
    (the same blocks, another seat, key and secret) keeps this side's."""
    pair = Pair("hextris", 0)
    for _ in range(4):
        pair.step()
    mine, theirs = FriendBook(), FriendBook()
    mine.add(pair.sides[0], now=1.0)
    theirs.add(pair.sides[1], now=2.0)
    key = pair.sides[0].game_id.hex()
    assert mine.merge(theirs) == {key}
    assert mine.games[key] is pair.sides[0]
