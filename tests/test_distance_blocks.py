"""The signed move chain (iriri_core.by_links.crypto.blocks): links that try to
cheat are refused with clear words, and the game held is kept as it was."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from iriri_core.by_links import costs
from iriri_core.by_links.costs import every_game
from iriri_core.by_links.crypto.blocks import MAX_BLOCKS, Block, Ledger, LinkError, read_packet, write_packet
from iriri_core.by_links.crypto.chains import Chain
from iriri_core.by_links.crypto.ecdsa import PrivateKey, verify
from iriri_core.by_links.crypto.p256 import N

FIRE, ICE = PrivateKey(0xF12E), PrivateKey(0x1CE)
FIRE_CHAIN, ICE_CHAIN = Chain.make(b"fire's chain secret", 50), Chain.make(b"ice's chain secret", 50)
MOVES = [("L@c1",), ("S@e5",), ("c1-c3",), ("e5-e4",), ("M@a1",)]


def played(turns: int = 4) -> tuple[Ledger, Ledger, list[Block]]:
    """A game with ``turns`` blocks after the invitation, each side's ledger
    holding every block; the blocks in order (the invitation first)."""
    invitation = Block.first(
        ("game=hextris", "seat=0"), 0, FIRE.public_bytes(), FIRE_CHAIN.commitment
    ).signed(FIRE)
    fire, ice = Ledger.begin(invitation), Ledger.begin(invitation)
    blocks = [invitation]
    for turn in range(turns):
        seat = (turn + 1) % 2
        key, chain = (FIRE, FIRE_CHAIN) if seat == 0 else (ICE, ICE_CHAIN)
        first_of_ice = turn == 0
        block = Block(
            blocks[-1].digest,
            seat,
            turn,
            MOVES[turn],
            key=ICE.public_bytes() if first_of_ice else b"",
            commitment=ICE_CHAIN.commitment if first_of_ice else b"",
            reveal=chain.value(turn // 2 + 1),
        ).signed(key)
        packet = write_packet([block])
        (fire if seat == 1 else ice).take(packet)
        (ice if seat == 1 else fire).add(block)  # the sender keeps its own block
        blocks.append(block)
    return fire, ice, blocks


def test_a_game_goes_back_and_forth_and_both_hold_the_same_history() -> None:
    fire, ice, blocks = played()
    assert [b.digest for b in fire.blocks] == [b.digest for b in ice.blocks] == [b.digest for b in blocks]
    assert fire.revealed(1) == 2 and fire.value(1, 2) == ICE_CHAIN.value(2)


def test_packets_round_trip_and_stay_short() -> None:
    _, _, blocks = played()
    packet = write_packet(blocks[2:3])
    assert read_packet(packet) == blocks[2:3]
    assert len(packet) < 200, len(packet)


def test_a_changed_past_move_is_refused_and_the_game_kept() -> None:
    """Ice rewrites its own first move (signed again with its own key) and
    sends it with a new move: fire holds the first one and refuses."""
    fire, _, blocks = played()
    before = list(fire.blocks)
    changed = replace(blocks[1], moves=("L@a1",)).signed(ICE)
    follow = Block(changed.digest, 0, 1, ("S@e5",)).signed(FIRE)
    with pytest.raises(LinkError, match="changes a move already played"):
        fire.take(write_packet([changed, follow]))
    assert fire.blocks == before


def test_a_commitment_after_the_seats_first_move_is_refused() -> None:
    """A seat whose first block came without a commitment cannot bring one
    later, once it has seen the other's values: it could have picked a
    chain that steers the rolls (docs/distance.md, the commitment comes in
    the first block only)."""
    invitation = Block.first(
        ("game=hextris", "seat=0"), 0, FIRE.public_bytes(), FIRE_CHAIN.commitment
    ).signed(FIRE)
    fire = Ledger.begin(invitation)
    answer = Block(invitation.digest, 1, 0, MOVES[0], key=ICE.public_bytes()).signed(ICE)
    fire.take(write_packet([answer]))
    mine = Block(answer.digest, 0, 1, MOVES[1], reveal=FIRE_CHAIN.value(1)).signed(FIRE)
    fire.add(mine)
    late = Block(
        mine.digest, 1, 2, MOVES[2], commitment=ICE_CHAIN.commitment, reveal=ICE_CHAIN.value(1)
    ).signed(ICE)
    with pytest.raises(LinkError, match="commitment for seat 2 after its first move"):
        fire.take(write_packet([late]))
    assert fire.blocks == [invitation, answer, mine] and 1 not in fire.values


def test_a_move_with_its_text_changed_but_the_old_signature_is_refused() -> None:
    fire, _, blocks = played(3)
    fire.blocks.pop()  # fire has not yet received ice's last block
    forged = replace(blocks[3], moves=("c1-c2",))
    with pytest.raises(LinkError, match="not signed by seat 2's browser"):
        fire.take(write_packet([forged]))
    assert len(fire.blocks) == 3


def test_a_move_for_a_seat_signed_by_the_wrong_key_is_refused() -> None:
    """Ice makes a move for fire's seat, signing it with its own key."""
    fire, _, blocks = played(4)
    forged = Block(blocks[-1].digest, 0, 4, ("M@a1",)).signed(ICE)
    with pytest.raises(LinkError, match="not signed by seat 1's browser"):
        fire.take(write_packet([forged]))
    assert len(fire.blocks) == 5


def test_a_new_key_for_a_seat_that_has_one_is_refused() -> None:
    fire, _, blocks = played(4)
    intruder = PrivateKey(0xBAD)
    forged = Block(blocks[-1].digest, 0, 4, ("M@a1",), key=intruder.public_bytes()).signed(intruder)
    with pytest.raises(LinkError, match="new key for seat 1"):
        fire.take(write_packet([forged]))


def test_an_old_link_and_a_repeated_link_are_answered() -> None:
    fire, _, blocks = played(4)
    with pytest.raises(LinkError, match="nothing new"):
        fire.take(write_packet([blocks[3]]))
    late = Ledger.begin(blocks[0])
    with pytest.raises(LinkError, match="a link is missing"):
        late.take(write_packet([blocks[3]]))
    # The last blocks, sent again with the new one: only the new one is taken.
    new = Block(blocks[-1].digest, 1, 4, ("e4-e3",), reveal=ICE_CHAIN.value(3)).signed(ICE)
    assert fire.take(write_packet([*blocks[-2:], new])) == [new]


def test_a_link_of_more_blocks_than_a_game_ever_sends_at_once_is_refused_unread() -> None:
    """docs/distance.md, "Bounded work": a link holds the blocks its receiver
    lacks, one or two; more is refused before any signature is checked."""
    fire, _, blocks = played(4)
    new = Block(blocks[-1].digest, 1, 4, ("e4-e3",), reveal=ICE_CHAIN.value(3)).signed(ICE)
    with pytest.raises(LinkError, match=f"more than {MAX_BLOCKS}"):
        fire.take(write_packet([*blocks[1:], new]))
    assert len(fire.blocks) == 5


def test_a_chance_value_off_the_chain_is_refused() -> None:
    fire, _, blocks = played(4)
    wrong = Block(blocks[-1].digest, 1, 4, ("e4-e3",), reveal=FIRE_CHAIN.value(9)).signed(ICE)
    with pytest.raises(LinkError, match="does not follow its commitment"):
        fire.take(write_packet([wrong]))
    skipped = Block(blocks[-1].digest, 1, 4, ("e4-e3",), reveal=ICE_CHAIN.value(5)).signed(ICE)
    fire.take(write_packet([skipped]))
    assert fire.revealed(1) == 5 and fire.value(1, 3) == ICE_CHAIN.value(3)


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "holds no game"),
        ("AQ", "holds no moves"),
        ("Ag", "version 2"),
        ("!!!!", "characters a game link never has"),
    ],
)
def test_damaged_links_get_clear_words(text: str, words: str) -> None:
    with pytest.raises(LinkError, match=words):
        read_packet(text)


def test_a_link_cut_short_says_so() -> None:
    _, _, blocks = played(2)
    packet = write_packet(blocks[1:2])
    with pytest.raises(LinkError, match="cut short"):
        read_packet(packet[:-20])


def test_links_stay_short_after_move_40() -> None:
    """Each link holds only what the receiver lacks, so after move 40 it is
    no longer than after move 1 with the deal's lift (Pyrinoes), and under
    the 2,000 characters that messengers carry (the issue's aim)."""
    lengths = every_game()
    assert set(lengths) == {"hextris", "iriri", "pach-ice-i", "pyrinoes"}
    for game, found in lengths.items():
        assert set(found) == {"after move 1", "after move 40"}, game
        assert found["after move 40"] < 400 and found["after move 1"] < 2000, (game, found)


def test_an_invitation_with_changed_options_or_a_third_seat_is_refused() -> None:
    invitation = Block.first(("game=hextris", "seat=0"), 0, FIRE.public_bytes()).signed(FIRE)
    changed = replace(invitation, moves=("game=hextris", "seat=1")).signed(FIRE)
    with pytest.raises(LinkError, match="invitation is damaged"):
        Ledger.begin(changed)
    ledger = Ledger.begin(invitation)
    third = PrivateKey(0x3)
    stranger = Block(ledger.head, 2, 1, ("L@c1",), key=third.public_bytes()).signed(third)
    with pytest.raises(LinkError, match="has two seats"):
        ledger.take(write_packet([stranger]))
    assert len(ledger.blocks) == 1


def twin(signature: bytes) -> bytes:
    """The other valid signature of the same body: (r, s) becomes (r, N - s)."""
    return signature[:32] + (N - int.from_bytes(signature[32:], "big")).to_bytes(32, "big")


def test_a_move_with_the_other_valid_signature_is_the_same_move() -> None:
    """ECDSA signatures come in pairs, (r, s) and (r, N - s), both valid
    (WebCrypto makes either, so both are taken): a block's hash names its
    body only, so the same move with the other signature is the same link
    again ("nothing new"), and the next move that names it follows it."""
    fire, ice, blocks = played(4)
    last = blocks[-1]  # fire's
    again = replace(last, signature=twin(last.signature))
    assert again.signature != last.signature and verify(FIRE.public_bytes(), again.body(), again.signature)
    assert again.digest == last.digest
    before = list(ice.blocks)
    with pytest.raises(LinkError, match="nothing new"):
        ice.take(write_packet([again]))
    assert ice.blocks == before
    new = Block(last.digest, 1, 4, ("e5-e4",), reveal=ICE_CHAIN.value(3)).signed(ICE)
    assert fire.take(write_packet([again, new])) == [new]


def test_a_blocks_hash_changes_with_every_part_of_its_body() -> None:
    _, _, blocks = played(2)
    block = blocks[-1]
    changes = [
        replace(block, previous=bytes(32)),
        replace(block, seat=1 - block.seat),
        replace(block, ply=block.ply + 1),
        replace(block, moves=("c1-c2",)),
        replace(block, reveal=FIRE_CHAIN.value(2)),
        replace(block, deal=b"\x01"),
        replace(block, key=ICE.public_bytes()),
    ]
    digests = {block.digest, *(changed.digest for changed in changes)}
    assert len(digests) == len(changes) + 1
    assert replace(block, signature=bytes(64)).digest == block.digest, "the signature is not hashed"


def test_a_move_numbered_wrong_is_refused() -> None:
    """A block's ply is the number of the players' moves held before it
    (the invitation's options are not moves, and its ply is 0): a block
    numbered otherwise is refused with clear words and the game kept."""
    fire, _, blocks = played(4)  # four blocks of one move each after the invitation
    before = list(fire.blocks)
    for ply in (0, 3, 5):
        wrong = Block(blocks[-1].digest, 1, ply, ("e5-e4",), reveal=ICE_CHAIN.value(3)).signed(ICE)
        with pytest.raises(LinkError, match=f"numbered {ply + 1}, and the game held has 4 moves"):
            fire.take(write_packet([wrong]))
        assert fire.blocks == before
    two = Block(blocks[-1].digest, 1, 4, ("e5-e4", "e4-e3"), reveal=ICE_CHAIN.value(3)).signed(ICE)
    assert fire.take(write_packet([two])) == [two]
    mine = Block(two.digest, 0, 6, ("M@a1",), reveal=FIRE_CHAIN.value(3)).signed(FIRE)
    fire.add(mine)
    assert fire.plies == 7


def test_the_measured_links_number_their_moves_as_the_ledger_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The blocks whose links docs/distance.md measures count their ply by
    the ledger's rule: the moves of the blocks before them."""
    made: list[Block] = []

    def recorded(*args: Any, **kwargs: Any) -> Block:
        made.append(Block(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(costs, "Block", recorded)
    costs.link_lengths("pach-ice-i", marks=(1, 12))
    assert len(made) > 4
    assert [block.ply for block in made] == [sum(len(b.moves) for b in made[:i]) for i in range(len(made))]
