"""What play tells of the hidden dominoes (iriri_core/games/pyrinoes/told.py):
a player who draws or passes holds nothing that fits an open end then, and
the positions a bot draws from its view agree with it."""

from __future__ import annotations

import random
from dataclasses import replace

from pyrinoes_helpers import GAME, play, position

from iriri_core.engine import CHANCE
from iriri_core.games.pyrinoes import told
from iriri_core.games.pyrinoes.state import UNSEEN, Domino, PyrinoesState

ICE_BUILT = "B3B3+K3K3 B3B2+K3K2 B2B2+K2K2 B1B1+K1K1 B1+K1"
"""Every pyramid of ice's in pyrinoes with 6, 5, 4, 2 and 1 spots: ice cannot build."""


def drew() -> PyrinoesState:
    """Ice, holding 6-6 5-4 2-1 and nothing that fits the 3 and the 0 of
    the line, has drawn the 3-3."""
    state = position("3-0", fire="6-5 3-1 1-0", ice="6-6 5-4 2-1", ice_pyrinoes=ICE_BUILT, to_move="ice")
    assert [GAME.move_text(state, m) for m in GAME.legal_moves(state)] == ["draw"]
    return play(state, "draw", "drawn 3-3")


def fits_the_ends(domino: Domino) -> bool:
    return bool({3, 0} & set(domino.spots))


def test_a_draw_shuts_what_the_drawer_held_from_the_open_ends() -> None:
    state = drew()
    assert state.shut == ((), (told.bits(3, 0),) * 3), "the three dominoes held, not the one drawn"
    view = GAME.view(state, 0)
    assert view.shut == state.shut and view.hands[1] == (UNSEEN,) * 4
    rng = random.Random(1)
    hands = [GAME.sample(view, 0, rng).hands[1] for _ in range(300)]
    assert all(sum(not fits_the_ends(d) for d in hand) >= 3 for hand in hands)
    held = {d for hand in hands for d in hand}
    assert Domino(3, 3) in held and Domino(4, 0) in held, "the domino drawn may be any"
    assert {Domino(6, 6), Domino(5, 4), Domino(2, 1)} <= held


def test_uniform_sampling_would_not_agree() -> None:
    """What the test above checks fails for hands dealt without the masks."""
    state = drew()
    view = GAME.view(state, 0)
    rng = random.Random(1)
    unknown = replace(view, shut=((), ()))
    hands = [GAME.sample(unknown, 0, rng).hands[1] for _ in range(100)]
    assert any(sum(not fits_the_ends(d) for d in hand) < 3 for hand in hands)


def test_a_domino_played_takes_off_the_most_shut_mask_it_could_be() -> None:
    state = play(drew(), "1-0 right", "3-3 left")  # fire plays, ice plays the 3-3 it drew
    assert state.shut[1] == (told.bits(3, 0),) * 3, "the 3-3 was the domino drawn"
    state = play(state, "3-1 left")  # fire plays to the 1: ends 1 and 0
    state = play(state, "2-1 left")  # ice's 2-1 was held at the draw
    assert state.shut[1] == (told.bits(3, 0),) * 2


def test_masks_that_cannot_be_met_leave_a_uniform_deal() -> None:
    view = GAME.view(drew(), 0)
    impossible = replace(view, shut=((), (told.bits(*range(7)),) * 3))
    sampled = GAME.sample(impossible, 0, random.Random(2))
    assert UNSEEN not in sampled.hands[1] and len(sampled.hands[1]) == 4
    assert UNSEEN not in sampled.boneyard


def test_the_masks_never_claim_more_than_the_truth() -> None:
    """In random games, every seat's dominoes can be matched to its masks
    (the k most shut masks allow at least k of them, for every k)."""
    rng = random.Random(7)
    checked = 0
    for _ in range(25):
        state = GAME.new_game(target=30)
        while not GAME.is_over(state):
            for seat in (0, 1):
                masks = state.shut[seat]
                hand = state.hands[seat]
                assert len(masks) <= len(hand)
                assert list(masks) == sorted(masks, reverse=True)
                for k, mask in enumerate(masks, 1):
                    assert sum(told.allows(mask, d) for d in hand) >= k, (masks, hand)
                checked += bool(masks)
            if GAME.current_player(state) == CHANCE:
                move = rng.choice([m for m, _ in GAME.chance_outcomes(state)])
            else:
                move = rng.choice(GAME.legal_moves(state))
            state = GAME.play(state, move)
    assert checked > 100


def test_the_masks_are_history_not_the_position() -> None:
    state = drew()
    assert GAME.from_text(GAME.to_text(state)) == state
    assert GAME.from_text(GAME.to_text(state)).shut == ((), ())
