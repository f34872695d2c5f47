"""Games with a friend by links (issue 25, docs/distance.md): two sides that
share nothing but the links' packets play whole games of every game for
two that hides nothing; each side moves only for its own seat and undoes
only what it has not sent; every batch of chance waits for both players'
values and no side holds the other's value for a batch before its own
decisions before that batch are sent; a link that changes a past move, is
signed by the wrong key, or plays an illegal move is refused and the game
kept; and the book of games answers old, repeated, own and unknown links."""

from __future__ import annotations

import random

import pytest

from iriri_core import get_game
from iriri_core.by_links.book import FriendBook
from iriri_core.by_links.crypto.blocks import Block, LinkError, read_packet, write_packet
from iriri_core.by_links.crypto.ecdsa import PrivateKey
from iriri_core.by_links.game import FriendGame
from iriri_core.by_links.invitations import Invitation
from iriri_core.engine import CHANCE, GameError, game_names

PLAYABLE = [name for name in game_names() if not get_game(name).hidden_information]


class Pair:
    """Two browsers: each side, its key; the links go only through packets. The
    game starts from the position ``start`` (its line) where one is given."""

    def __init__(
        self, game: str, inviter_seat: int, seed: int = 1, start: str | None = None, **settings: int
    ) -> None:
        self.rng = random.Random(seed)
        self.keys = {inviter_seat: PrivateKey(1000 + seed), 1 - inviter_seat: PrivateKey(2000 + seed)}
        invitation = Invitation(game, inviter_seat, "Ann", "Bob", dict(settings), start=start)
        key = self.keys[inviter_seat]
        inviter = FriendGame.invite(invitation, key.public_bytes(), key.sign, secret=bytes([seed]) * 32)
        self.first_link = inviter.link()
        assert self.first_link is not None
        other = self.keys[1 - inviter_seat]
        invitee = FriendGame.join(self.first_link, other.public_bytes(), secret=bytes([seed + 1]) * 32)
        self.sides = {inviter_seat: inviter, 1 - inviter_seat: invitee}
        self.links: list[tuple[int, str]] = [(inviter_seat, self.first_link)]

    def send(self, seat: int) -> str:
        """``seat``'s side makes the link due and the other side opens it."""
        side = self.sides[seat]
        block = side.next_block()
        assert block is not None, "a link is due"
        packet = side.send(block.signed(self.keys[seat]))
        self.sides[1 - seat].take(packet)
        self.links.append((seat, packet))
        return packet

    def play_out(self) -> None:
        """Both sides play the game to its end, link by link."""
        steps = 0
        while self.step():
            steps += 1
            assert steps < 5000

    def step(self) -> bool:
        """The side that must act acts: a move at random, or its link when one is due; False once over."""
        for seat, side in self.sides.items():
            if side.to_move() == seat:
                state = side.position().state
                game = side.game
                side.play(game.move_text(state, self.rng.choice(game.legal_moves(state))))
                return True
        for seat, side in self.sides.items():
            if side.next_block() is not None:
                self.send(seat)
                return True
        assert all(side.is_over() for side in self.sides.values()), "nobody can act, and the game is not over"
        return False


@pytest.mark.parametrize("inviter_seat", [0, 1])
@pytest.mark.parametrize("game", PLAYABLE)
def test_a_whole_game_by_links_reaches_the_same_end_on_both_sides(game: str, inviter_seat: int) -> None:
    pair = Pair(game, inviter_seat)
    pair.play_out()
    ends = [side.position() for side in pair.sides.values()]
    assert ends[0].state == ends[1].state and ends[0].moves == ends[1].moves
    assert get_game(game).is_over(ends[0].state)
    played = sum(len(read_packet(packet)[-1].moves) for _, packet in pair.links)
    assert played > 10


@pytest.mark.parametrize("game", [name for name in PLAYABLE if get_game(name).has_chance])
def test_no_side_holds_the_others_value_for_a_batch_before_its_decisions_before_it_are_sent(
    game: str,
) -> None:
    """docs/distance.md, "Fair chance": whenever a side is to decide, the
    other has revealed no value for a batch after the one in play, and each
    batch is made only when both values are held."""
    for seed in range(1, 4):
        pair = Pair(game, inviter_seat=seed % 2, seed=seed)
        while True:
            for seat, side in pair.sides.items():
                position = side.position()
                shown = side.ledger.revealed(1 - seat)
                assert shown <= position.batches, "a value of the other's for a batch not begun"
                if side.to_move() == seat:
                    assert not position.waiting
            if not pair.step():
                break


def test_the_inviter_shows_no_value_before_the_friend_has_committed() -> None:
    """A value sent before the other's commitment would let the other choose
    a chain that steers the batch (Pach-Ice-i's first roll is batch 1 at once)."""
    key = PrivateKey(7)
    inviter = FriendGame.invite(Invitation("pach-ice-i", 0), key.public_bytes(), key.sign)
    assert inviter.position().waiting and inviter.next_block() is None
    (only,) = read_packet(inviter.link() or "")
    assert not only.reveal and only.commitment


def test_iriris_ring_is_dealt_from_both_values_and_the_inviter_cannot_choose_it() -> None:
    rings = set()
    for invitee_secret in range(5):
        key, other = PrivateKey(3), PrivateKey(4)
        inviter = FriendGame.invite(Invitation("iriri", 0), key.public_bytes(), key.sign, secret=b"i" * 32)
        assert inviter.position().state is None, "the ring waits for the friend's value"
        invitee = FriendGame.join(
            inviter.link() or "", other.public_bytes(), secret=bytes([invitee_secret]) * 32
        )
        packet = invitee.send((invitee.next_block() or Block(b"", 0, 0, ())).signed(other))
        inviter.take(packet)
        assert invitee.position().state is None, "the friend learns the ring from the inviter's next link"
        assert inviter.to_move() == 0
        rings.add(get_game("iriri").to_text(inviter.position().state))
    assert len(rings) == 5, "the same inviter's link gives another ring with each friend's value"


def test_a_side_moves_only_for_its_seat_and_undoes_only_what_it_has_not_sent() -> None:
    pair = Pair("hextris", 0)
    ann, bob = pair.sides[0], pair.sides[1]
    with pytest.raises(GameError, match="not your turn: wait for Ann's link"):
        bob.play("L@c1")
    ann.play("L@c1")
    assert ann.undo() == "L@c1" and ann.position().moves == ()
    ann.play("M@c1")
    pair.send(0)
    with pytest.raises(GameError, match="only until its link is made"):
        ann.undo()
    assert bob.position().moves == ("M@c1",) and bob.to_move() == 1


def test_a_link_that_changes_a_past_move_is_refused_and_the_game_kept() -> None:
    pair = Pair("hextris", 0)
    ann, bob = pair.sides[0], pair.sides[1]
    for _ in range(6):
        pair.step()
    before = bob.position()
    # Ann rewrites her first move and signs it with her own key: a new past.
    first = ann.ledger.blocks[1]
    forged = Block(first.previous, 0, 0, ("S@e5",)).signed(pair.keys[0])
    with pytest.raises(LinkError, match="changes a move already played"):
        bob.take(write_packet([forged]))
    assert bob.position() == before


def test_a_move_signed_by_the_wrong_key_or_illegal_or_for_your_seat_is_refused() -> None:
    pair = Pair("hextris", 0)
    ann, bob = pair.sides[0], pair.sides[1]
    ann.play("L@c1")
    block = ann.next_block()
    assert block is not None
    with pytest.raises(LinkError, match="not signed by seat 1's browser"):
        bob.take(write_packet([block.signed(PrivateKey(99))]))
    illegal = Block(block.previous, 0, 0, ("L@c1", "L@c3")).signed(pair.keys[0])
    with pytest.raises(LinkError, match="not their turn"):
        bob.take(write_packet([illegal]))
    nonsense = Block(block.previous, 0, 0, ("L@z9",)).signed(pair.keys[0])
    with pytest.raises(LinkError, match="not a legal move"):
        bob.take(write_packet([nonsense]))
    assert bob.position().moves == () and bob.to_move() == 0
    pair.send(0)
    twice = Block(bob.ledger.head, 0, 1, ("L@e5",)).signed(pair.keys[0])
    with pytest.raises(LinkError, match="follows their own last link"):
        bob.take(write_packet([twice]))


def test_pachs_first_roll_waits_for_both_values_and_a_move_before_it_is_refused() -> None:
    """Black, the friend, rolls first: its answer brings its value 1, White's
    value 1 then goes alone, and only then can Black roll and move. A block
    that moves for Black before White's value is refused by White."""
    pair = Pair("pach-ice-i", 1)  # the inviter is White
    black, white = pair.sides[0], pair.sides[1]
    assert black.position().waiting and black.to_move() is None
    assert black.chain is not None
    key, commitment = pair.keys[0].public_bytes(), black.chain.commitment
    guessed = Block(black.ledger.head, 0, 0, ("pass",), key=key, commitment=commitment)
    trial = FriendGame.from_json(white.to_json())
    with pytest.raises(LinkError, match="comes before the chance it must follow"):
        trial.take(write_packet([guessed.signed(pair.keys[0])]))
    without = Block(black.ledger.head, 0, 0, (), key=key)
    with pytest.raises(LinkError, match="brings no commitment for the chance"):
        trial.take(write_packet([without.signed(pair.keys[0])]))
    pair.send(0)
    assert white.to_move() == 0 and white.next_block() is not None, "White's value 1 goes alone"
    assert white.next_block().moves == ()  # type: ignore[union-attr]
    pair.send(1)
    assert black.to_move() == 0 and not black.position().waiting


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (("game=pyrinoes", "seat=0", "target=7"), "Pyrinoes's settings|settings are wrong"),
        (("game=chess", "seat=0"), "a game this page does not have"),
        (("game=hextris", "seat=2"), "which seat is whose"),
        (("game=hextris", "seat=0", "seat=1"), "cannot be read"),
        (("game=hextris", "seat=0", "target=50"), "Hextris has no settings"),
    ],
)
def test_an_invitation_that_cannot_start_a_game_says_why(options: tuple[str, ...], words: str) -> None:
    with pytest.raises(LinkError, match=words):
        Invitation.read(options)


def test_names_are_one_short_line() -> None:
    invitation = Invitation("hextris", 1, "  Ann\n\nof   Green Gables  " + "x" * 40, "")
    read = Invitation.read(invitation.options())
    assert read.inviter.startswith("Ann of Green Gables") and len(read.inviter) <= 30
    assert read.friend == "Your friend" and read.seat == 1


def test_a_kept_side_comes_back_whole_and_damage_is_named() -> None:
    pair = Pair("pach-ice-i", 0, seed=5)
    for _ in range(30):
        pair.step()
    side = pair.sides[0]
    again = FriendGame.from_json(side.to_json())
    assert again.position() == side.position() and again.next_block() == side.next_block()
    damaged = side.to_json() | {"blocks": side.to_json()["blocks"][:-20]}
    with pytest.raises(ValueError, match="damaged"):
        FriendGame.from_json(damaged)


# ---------------------------------------------------------------- the book


def books(pair: Pair) -> dict[int, FriendBook]:
    found = {}
    for seat, side in pair.sides.items():
        found[seat] = FriendBook()
        found[seat].add(side, now=0.0)
    return found


def test_the_book_answers_repeated_old_own_and_unknown_links_and_loses_nothing() -> None:
    pair = Pair("hextris", 0)
    mine = books(pair)
    for _ in range(8):
        pair.step()
    bob = mine[1]
    old = next(packet for seat, packet in pair.links[1:] if seat == 0)
    last = next(packet for seat, packet in reversed(pair.links) if seat == 0)
    before = pair.sides[1].position()
    opened = bob.open(last, now=5.0)
    assert not opened.changed and opened.words.startswith("You have opened this link already")
    opened = bob.open(old, now=5.0)
    assert not opened.changed and opened.words.startswith("This is an older link of Ann's")
    own = next(packet for seat, packet in reversed(pair.links) if seat == 1)
    assert bob.open(own, now=5.0).words.startswith("This is a link you made for Ann")
    stranger = Pair("hextris", 0, seed=9)
    while len(stranger.links) < 3:  # the invitation, Ann's first link, Bob's answer (one block)
        stranger.step()
    with pytest.raises(LinkError, match="a game this browser does not have"):
        bob.open(stranger.links[-1][1], now=5.0)
    assert pair.sides[1].position() == before and len(bob.games) == 1


def test_the_book_takes_a_new_link_joins_an_invitation_once_and_lists_the_games() -> None:
    pair = Pair("pach-ice-i", 0, seed=3)
    mine = books(pair)
    ann, bob = mine[0], mine[1]
    other = Pair("iriri", 1, seed=4)
    opened = bob.open(other.first_link, now=1.0)
    assert opened.side is None and opened.words == "Ann invites you to a game of Iriri."
    joined = bob.join(other.first_link, PrivateKey(77).public_bytes(), now=2.0)
    with pytest.raises(LinkError, match="joined this game already"):
        bob.join(other.first_link, PrivateKey(78).public_bytes(), now=3.0)
    assert bob.open(other.first_link, now=3.0).side is joined
    side = pair.sides[1]
    block = side.next_block()
    assert block is not None
    packet = side.send(block.signed(pair.keys[1]))
    opened = ann.open(packet, now=4.0)
    assert opened.changed and opened.words == "Bob sent their half of the next roll. It is your turn."
    listed = bob.entries()
    assert [entry["game"] for entry in listed] == ["Iriri", "Pach-Ice-i"]
    assert listed[0]["friend"] == "Ann" and listed[0]["link"] is None
    assert listed[1]["turn"] == "It is Ann's turn: wait for their link." and listed[1]["link"] == packet


def test_a_kept_book_sets_a_damaged_game_aside_as_it_was() -> None:
    pair = Pair("hextris", 1, seed=2)
    book = books(pair)[0]
    data = book.to_json()
    key = next(iter(data["games"]))
    data["games"]["broken"] = {"side": {"format": 1, "blocks": "AAAA"}, "updated": 1.0}
    again = FriendBook.from_json(data)
    assert list(again.games) == [key] and again.damaged["broken"]["side"]["blocks"] == "AAAA"
    assert FriendBook.from_json(again.to_json()).damaged == again.damaged


# ---------------------------------------------------------------- the games' own words on chance


@pytest.mark.parametrize("name", game_names())
def test_a_game_says_whether_chance_acts_and_whether_its_start_is_shuffled(name: str) -> None:
    game = get_game(name)
    starts = {game.to_text(game.new_game(2, seed=seed)) for seed in range(4)}
    assert (len(starts) > 1) == game.dealt_from_seed
    rng, chance_moved = random.Random(1), game.dealt_from_seed
    for _ in range(20):
        state = game.new_game(2, seed=rng.randrange(1000))
        for _ in range(60):
            if game.is_over(state):
                break
            if game.current_player(state) == CHANCE:
                chance_moved = True
                state = game.play(state, game.chance_outcomes(state)[0][0])
            else:
                state = game.play(state, rng.choice(game.legal_moves(state)))
    assert chance_moved == game.has_chance


def test_a_forged_invitation_is_refused_when_opened_not_when_joined() -> None:
    ann, mallory = PrivateKey(21), PrivateKey(22)
    invitation = Invitation("hextris", 0, "Ann", "Bob")
    block = Block.first(invitation.options(), 0, ann.public_bytes())
    with pytest.raises(LinkError, match="not signed by seat 1's browser"):
        FriendBook().open(write_packet([block.signed(mallory)]), now=0.0)
    wrong_seat = Block.first(invitation.options(), 1, ann.public_bytes()).signed(ann)
    with pytest.raises(LinkError, match="its maker's seat is not the one it gives them"):
        FriendBook().open(write_packet([wrong_seat]), now=0.0)
