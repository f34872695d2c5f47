"""Commutative locks and the Pyrinoes deal by mental poker
(iriri_core.by_links.crypto.locking, .proofs, .deal; docs/distance.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from iriri_core.by_links.crypto import proofs, shuffle
from iriri_core.by_links.crypto.deal import Dealer, DealError, deck_bytes, lift_bytes
from iriri_core.by_links.crypto.locking import POINT_BYTES, Cards, Lock, card_point, pack, shuffled, unpack
from iriri_core.by_links.crypto.p256 import G, N, PointError, mul, mul_add
from iriri_core.games.pyrinoes.deck import PLACES as PYRINOES_PLACES
from iriri_core.games.pyrinoes.state import ALL_DOMINOES

DOMINOES = Cards([str(d) for d in ALL_DOMINOES])
FIRE_HAND, ICE_HAND = PYRINOES_PLACES.hands
FACE_UP = PYRINOES_PLACES.face_up
assert FACE_UP is not None
BONEYARD = PYRINOES_PLACES.boneyard(28)
DECK = 33 + 28 * 33
"""Where a deck's cards end in messages 1 and 2 (the proof of its shuffle follows)."""
PROOF = shuffle.proof_bytes(28)


def dealt() -> tuple[Dealer, Dealer, bytes, bytes]:
    """A round dealt, fire starting: the two players and messages 1 and 2."""
    fire, ice = Dealer(DOMINOES, PYRINOES_PLACES, 0), Dealer(DOMINOES, PYRINOES_PLACES, 1)
    first = fire.start()
    second = ice.answer(first)
    fire.take((*FIRE_HAND, FACE_UP), second)
    ice.take((*ICE_HAND, FACE_UP), fire.lift((*ICE_HAND, FACE_UP)))
    return fire, ice, first, second


def test_dominoes_are_distinct_points_on_the_curve() -> None:
    assert len(set(DOMINOES.points)) == 28
    assert DOMINOES.name(card_point("6-5")) == "6-5"
    with pytest.raises(ValueError, match="still closed"):
        DOMINOES.name(mul(2, card_point("6-5")))


def test_locks_commute_and_open_in_either_order() -> None:
    a, b = Lock.generate(), Lock.generate()
    assert a.lock(b.lock(DOMINOES.points)) == b.lock(a.lock(DOMINOES.points))
    both = b.lock(a.lock(DOMINOES.points))
    assert a.unlock(b.unlock(both)) == list(DOMINOES.points) == b.unlock(a.unlock(both))


def test_a_locked_deck_shows_nothing_by_inspection() -> None:
    """Locked cards are all different, none is a card or a card under
    another lock, and nothing in their bytes is a card's."""
    a, b = Lock.generate(), Lock.generate()
    locked = a.lock(DOMINOES.points)
    assert len(set(locked)) == 28
    assert not set(locked) & set(DOMINOES.points)
    assert not set(locked) & set(b.lock(DOMINOES.points))
    xs = {p[0] for p in DOMINOES.points}
    assert not {p[0] for p in locked if p is not None} & xs


def test_packed_points_round_trip_and_damage_is_named() -> None:
    deck = shuffled(Lock.generate().lock(DOMINOES.points))
    data = pack(deck)
    assert len(data) == 28 * POINT_BYTES and unpack(data) == deck
    with pytest.raises(PointError, match="not a whole number"):
        unpack(data[:-1])
    broken = bytearray(data)
    broken[33 * 4] = 7
    with pytest.raises(PointError, match="card 5"):
        unpack(bytes(broken))


def test_a_deal_gives_each_their_nine_and_both_the_face_up_domino() -> None:
    fire, ice, _, _ = dealt()
    assert len(fire.hand) == len(ice.hand) == 9
    assert fire.opened[FACE_UP] == ice.opened[FACE_UP]
    assert len({*fire.hand, *ice.hand, fire.opened[FACE_UP]}) == 19
    assert set(fire.opened) == {*FIRE_HAND, FACE_UP} and set(ice.opened) == {*ICE_HAND, FACE_UP}


def test_one_side_cannot_read_the_others_hand_or_the_boneyard() -> None:
    """Everything fire holds after the deal (its lock, both decks, the
    other's public point) opens none of ice's dominoes or the boneyard:
    neither the cards as they are nor with fire's own lock lifted is a
    domino."""
    fire, _, first, second = dealt()
    known = set(DOMINOES.points)
    for place in (*ICE_HAND, *BONEYARD):
        card = fire.deck[place]
        assert card not in known
        assert fire.lock.unlock([card])[0] not in known
    assert not set(fire.first) & known and not set(fire.deck) & known
    assert not set(unpack(first[33:DECK])) & known and not set(unpack(second[33:DECK])) & known
    assert len(first) == deck_bytes(28) and len(second) == deck_bytes(28) + lift_bytes(10)


def test_a_draw_opens_for_the_drawer_only() -> None:
    fire, ice, _, _ = dealt()
    place = BONEYARD[0]
    lift = fire.lift([place])
    assert len(lift) == POINT_BYTES + proofs.PROOF_BYTES
    (drawn,) = ice.take([place], lift)
    assert drawn not in {*fire.hand, *ice.hand[:9], fire.opened[FACE_UP]}
    assert place not in fire.opened
    assert fire.lock.unlock([fire.deck[place]])[0] not in set(DOMINOES.points)


def test_a_domino_played_is_shown_and_a_domino_not_held_is_refused() -> None:
    fire, ice, _, _ = dealt()
    place = ICE_HAND[3]
    proof = ice.show(place)
    other = next(d for d in DOMINOES.labels if d not in ice.hand)
    with pytest.raises(
        DealError, match=f"not the domino dealt there: {other} is not in the other player's hand"
    ):
        fire.check_shown(place, other, proof)
    fire.check_shown(place, ice.opened[place], proof)
    assert fire.played == {place}


def test_a_domino_shown_from_a_place_not_in_the_others_hand_is_refused() -> None:
    """The dealer checks a shown domino against the places it lifted its
    lock from for the other (its hand, its draws) and the points it sent:
    the face-up domino (which the other can prove, having read it), a
    place of fire's own hand, a boneyard place not drawn, a place played
    already or no place at all are refused with words, whatever the proof."""
    fire, ice, _, _ = dealt()
    face_up = card_point(ice.opened[FACE_UP])
    proof = proofs.prove(ice.lock.secret, [(face_up, ice.lifted[FACE_UP])])  # a true proof: ice read it
    with pytest.raises(DealError, match="the domino face up is in nobody's hand"):
        fire.check_shown(FACE_UP, ice.opened[FACE_UP], proof)
    with pytest.raises(DealError, match="place 18 of the deck is not a card of this player's hand"):
        ice.show(FACE_UP)
    for place in (FIRE_HAND[0], BONEYARD[0], 28, -1):
        with pytest.raises(
            DealError, match=f"place {place} of the deck, which is not in the other player's hand"
        ):
            fire.check_shown(place, "6-6", bytes(64))
    played = ICE_HAND[0]
    fire.check_shown(played, ice.opened[played], ice.show(played))
    with pytest.raises(DealError, match=f"place {played} of the deck, which was played already"):
        fire.check_shown(played, ice.opened[played], ice.show(played))
    assert fire.played == {played}
    # A domino ice drew (fire lifted its lock from it) is in ice's hand.
    (drawn,) = ice.take([BONEYARD[0]], fire.lift([BONEYARD[0]]))
    fire.check_shown(BONEYARD[0], drawn, ice.show(BONEYARD[0]))
    assert fire.played == {played, BONEYARD[0]}


def test_a_lift_of_other_cards_than_asked_is_refused() -> None:
    """The answerer lifts its lock from the wrong places (handing fire other
    dominoes than its own): fire's check of the proof refuses it."""
    fire = Dealer(DOMINOES, PYRINOES_PLACES, 0)
    ice = Dealer(DOMINOES, PYRINOES_PLACES, 1)
    second = ice.answer(fire.start())
    head = second[: DECK + PROOF]
    wrong = ice.lift((*BONEYARD, FACE_UP))  # nine boneyard cards instead of fire's hand
    with pytest.raises(DealError, match="not the deck's cards"):
        fire.take((*FIRE_HAND, FACE_UP), head + wrong)


def test_a_changed_byte_of_a_lift_is_refused() -> None:
    fire, ice, _, _ = dealt()
    lift = bytearray(ice.lift([BONEYARD[1]]))
    lift[-1] ^= 1  # (in the proof: a byte of the point could make no point at all, failing sooner)
    with pytest.raises(DealError, match="not the deck's cards"):
        fire.take([BONEYARD[1]], bytes(lift))


def test_a_deck_with_a_card_twice_is_refused() -> None:
    fire, ice = Dealer(DOMINOES, PYRINOES_PLACES, 0), Dealer(DOMINOES, PYRINOES_PLACES, 1)
    first = fire.start()
    doubled = first[: 33 + 27 * 33] + first[33 : 33 + 33] + first[DECK:]
    with pytest.raises(DealError, match="twice"):
        ice.check_start(doubled)
    with pytest.raises(DealError, match="twice"):
        ice.answer(doubled)


def test_the_audit_finds_a_final_deck_with_a_card_changed() -> None:
    """The audit opens the whole final deck with both locks, so a deck that
    is not every card once (here changed in the dealer's memory after the
    proofs of its shuffles were checked) is found at the end of the round,
    and a lock that is not the one of the public point is refused."""
    fire, ice, _, _ = dealt()
    fire.audit(ice.lock.secret)
    ice.audit(fire.lock.secret)
    changed = mul(2, fire.deck[26])
    assert changed is not None
    fire.deck[27] = changed
    with pytest.raises(DealError, match="every card once"):
        fire.audit(ice.lock.secret)
    with pytest.raises(DealError, match="not the lock of this deal"):
        ice.audit((fire.lock.secret + 1) % N)


def test_a_proof_for_another_key_is_refused() -> None:
    x = 424242
    pairs = [(card_point("1-1"), mul(x, card_point("1-1")))]
    proof = proofs.prove(x, pairs)
    assert proofs.check(mul(x, G), pairs, proof)
    assert not proofs.check(mul(x + 1, G), pairs, proof)
    assert not proofs.check(mul(x, G), [(card_point("1-1"), mul(x, card_point("2-1")))], proof)
    assert not proofs.check(mul(x, G), pairs, proof[:-1])


def test_a_proof_is_made_without_multiplying_the_locked_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """The prover folds the cards it lifts from (the Hᵢ) and never the
    locked points (the Mᵢ, which only the checker folds): a sum made and
    thrown away would cost a multiplication of every pair in each lift."""
    x = 987654321
    pairs = [(card_point(label), mul(x, card_point(label))) for label in ("6-6", "3-1", "0-0")]
    locked = {m for _, m in pairs}
    used: list[object] = []
    real_mul, real_mul_add = proofs.mul, proofs.mul_add_steps

    def spy_mul(k: int, point: object) -> object:
        used.append(point)
        return real_mul(k, point)  # type: ignore[arg-type]

    def spy_mul_add(terms: list[tuple[int, object]]) -> object:
        used.extend(point for _, point in terms)
        return real_mul_add(terms)  # type: ignore[arg-type]

    monkeypatch.setattr(proofs, "mul", spy_mul)
    monkeypatch.setattr(proofs, "mul_add_steps", spy_mul_add)
    proof = proofs.prove(x, pairs)
    assert used and not locked & set(used)  # type: ignore[arg-type]
    assert proofs.check(mul(x, G), pairs, proof)


def test_a_final_deck_with_a_card_twice_is_refused_by_the_starter_and_nothing_is_kept() -> None:
    """The answerer puts one card of the final deck in twice (in the
    boneyard, where no proof of message 2 looks): the starter refuses
    message 2 at once, as the answerer refuses such a message 1, and keeps
    nothing of it, so the honest message is still read after."""
    fire, ice = Dealer(DOMINOES, PYRINOES_PLACES, 0), Dealer(DOMINOES, PYRINOES_PLACES, 1)
    second = ice.answer(fire.start())
    doubled = second[: 33 + 27 * 33] + second[33 + 26 * 33 : 33 + 27 * 33] + second[DECK:]
    assert len(doubled) == len(second)
    with pytest.raises(DealError, match="the answerer's deck has the same card twice"):
        fire.take((*FIRE_HAND, FACE_UP), doubled)
    assert not fire.deck and fire.other is None and not fire.opened and not fire.lifted
    assert len(fire.take((*FIRE_HAND, FACE_UP), second)) == 10 and len(fire.hand) == 9


def test_a_damaged_message_2_is_refused_and_the_honest_one_is_read_after() -> None:
    """A message 2 whose proof was damaged on the way is refused, and the
    starter keeps none of it (not the deck, not the other's point), so the
    message sent again is read as the first one would have been."""
    fire, ice = Dealer(DOMINOES, PYRINOES_PLACES, 0), Dealer(DOMINOES, PYRINOES_PLACES, 1)
    second = ice.answer(fire.start())
    damaged = second[:-1] + bytes([second[-1] ^ 1])
    with pytest.raises(DealError, match="not the deck's cards"):
        fire.take((*FIRE_HAND, FACE_UP), damaged)
    assert not fire.deck and fire.other is None and not fire.opened
    assert len(fire.take((*FIRE_HAND, FACE_UP), second)) == 10


def cheating_answer(
    fire: Dealer, ice: Dealer, first: bytes, cards: Callable[[list[Any]], list[Any]]
) -> bytes:
    """Ice's message 2 with its final deck made by ``cards`` from the honest
    one (the rest of the message, its proof of shuffle and its lift, as the
    honest prover makes them, or made again for the new deck where they
    can be)."""
    honest = ice.answer(first)
    deck = cards(list(ice.deck))
    lift = Lock(ice.lock.secret).unlock([deck[p] for p in (*FIRE_HAND, FACE_UP)])
    pairs = list(zip(lift, [deck[p] for p in (*FIRE_HAND, FACE_UP)], strict=True))
    return (
        honest[:33]
        + pack(deck)
        + honest[DECK : DECK + PROOF]
        + pack(lift)
        + proofs.prove(ice.lock.secret, pairs)
    )


def sums(deck: list[Any]) -> list[Any]:
    """The attack of issue 35: the answerer's own places hold sums of the
    starter's locked cards, so the starter's lift of them would be a
    decryption oracle (b·(X_i + 2X_j + 4X_k))."""
    for n, place in enumerate(ICE_HAND):
        i, j, k = (3 * n) % 28, (3 * n + 1) % 28, (3 * n + 2) % 28
        deck[place] = mul_add([(1, deck[i]), (2, deck[j]), (4, deck[k])])
    return deck


def foreign(deck: list[Any]) -> list[Any]:
    """A point from no deck: a card of another game under a lock of its own."""
    deck[ICE_HAND[0]] = mul(31337, card_point("7-7"))
    return deck


def locked_twice(deck: list[Any]) -> list[Any]:
    """A place locked twice by the answerer's lock (b²·X)."""
    deck[ICE_HAND[0]] = mul(ANSWERER_LOCK, deck[ICE_HAND[0]])
    return deck


def second_lock(deck: list[Any]) -> list[Any]:
    """A place under a second lock of the answerer's (b'·b·X)."""
    deck[ICE_HAND[0]] = mul(777, deck[ICE_HAND[0]])
    return deck


def repeated(deck: list[Any]) -> list[Any]:
    """A point twice (so one of the starter's cards is missing)."""
    deck[ICE_HAND[0]] = deck[ICE_HAND[1]]
    return deck


ANSWERER_LOCK = 0x1CE_1CE_1CE


@pytest.mark.parametrize("cards", [sums, foreign, locked_twice, second_lock, repeated])
def test_an_answerer_whose_final_deck_is_not_a_shuffle_of_the_first_is_refused_before_any_lift(
    cards: Callable[[list[Any]], list[Any]],
) -> None:
    """Issue 35, 1: whatever final deck the answerer sends (sums of the
    starter's points, a point from no deck, a place locked twice or under a
    second lock, a point twice), the starter refuses message 2 before it
    reads a card or lifts its lock from any, and keeps nothing of it."""
    fire = Dealer(DOMINOES, PYRINOES_PLACES, 0)
    ice = Dealer(DOMINOES, PYRINOES_PLACES, 1, Lock(ANSWERER_LOCK))
    first = fire.start()
    forged = cheating_answer(fire, ice, first, cards)
    with pytest.raises(DealError, match=r"not your dominoes locked once more|same card twice"):
        fire.take((*FIRE_HAND, FACE_UP), forged)
    assert not fire.deck and not fire.opened and not fire.given
    with pytest.raises(IndexError):
        fire.lift((*ICE_HAND, FACE_UP))  # (no final deck held: there is nothing to lift a lock from)


@pytest.mark.parametrize("cards", [sums, foreign, locked_twice, second_lock, repeated])
def test_a_starter_whose_first_deck_is_not_the_dominoes_locked_is_refused_before_the_answer(
    cards: Callable[[list[Any]], list[Any]],
) -> None:
    """The same cheats by the starter, in message 1 (a deck that is not the
    28 dominoes under one lock, shuffled): the answerer refuses it before it
    answers, so it never lifts its lock from any card of it."""
    fire = Dealer(DOMINOES, PYRINOES_PLACES, 0, Lock(ANSWERER_LOCK))
    ice = Dealer(DOMINOES, PYRINOES_PLACES, 1)
    honest = fire.start()
    deck = cards(list(fire.first))
    forged = honest[:33] + pack(deck) + honest[DECK:]
    with pytest.raises(DealError, match=r"not the dominoes locked by one lock|same card twice"):
        ice.check_start(forged)
    ice.check_start(honest)
