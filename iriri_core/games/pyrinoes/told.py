"""What play tells of the hidden dominoes, and positions drawn consistently with it.

A player draws (or passes, the boneyard empty) only when nothing of theirs
fits an open end and they cannot build: every domino they hold then has
neither end's spot count.  The dominoes drawn later may have them.  So each
seat's dominoes carry a mask of spot counts they are known not to have
(:attr:`~.state.PyrinoesState.shut`), from what everyone saw: a draw or a
pass shuts every domino held then from the open ends' spots; a domino
drawn or dealt is shut from nothing; a domino played is taken off the most
shut domino it could have been (the most shut is the one held longest, so
what is left never claims more than the truth).

:func:`sample` deals the hidden dominoes at random with the odds of every
deal that agrees with the masks alike: the most shut first, each from those
its mask allows.  The masks are nested (a domino held longer is shut from
everything a later one is, and more), so every choice leaves the same
number of ways to go on, and dealing one at a time is as fair as drawing
whole deals and throwing out those that do not agree.

>>> bits(5, 3) == (1 << 5) | (1 << 3)
True
>>> shut_more((bits(4),), hand=3, spots=(2, 2))
(20, 4, 4)
>>> played((20, 4, 4), Domino(4, 1), hand=3)
(20, 4)
>>> played((20, 4), Domino(2, 0), hand=3)
(20, 4)
>>> played((20,), Domino(4, 0), hand=1)
()
"""

from __future__ import annotations

import random

from .state import ALL_DOMINOES, UNSEEN, Domino, PyrinoesState, evolve, tile_key


def bits(*spots: int) -> int:
    """The mask of these spot counts."""
    mask = 0
    for count in spots:
        mask |= 1 << count
    return mask


def shut_more(masks: tuple[int, ...], hand: int, spots: tuple[int, int]) -> tuple[int, ...]:
    """A seat's masks after it draws or passes with ``hand`` dominoes and
    the open ends ``spots``: every domino it holds has neither."""
    shut = bits(*spots)
    return tuple(mask | shut for mask in masks) + (shut,) * (hand - len(masks))


def played(masks: tuple[int, ...], domino: Domino, hand: int) -> tuple[int, ...]:
    """A seat's masks after it plays ``domino`` out of ``hand`` dominoes:
    the most shut mask that allows it goes; none where it came from a
    domino shut from nothing; all are forgotten where none could hold it
    (a position set up by hand)."""
    mine = bits(*domino.spots)
    for index, mask in enumerate(masks):
        if not mask & mine:
            return masks[:index] + masks[index + 1 :]
    return masks if len(masks) < hand else ()


def allows(mask: int, domino: Domino) -> bool:
    """Whether a domino shut from ``mask`` may be ``domino``."""
    return not mask & bits(*domino.spots)


def _deal(masks: tuple[int, ...], count: int, pool: list[Domino], rng: random.Random) -> list[Domino] | None:
    """``count`` dominoes taken out of ``pool`` at random, the first
    ``len(masks)`` each allowed by its mask (the most shut first); None
    where the pool cannot (the masks ask too much)."""
    dealt: list[Domino] = []
    for mask in masks:
        fitting = [index for index, domino in enumerate(pool) if allows(mask, domino)]
        if not fitting:
            return None
        dealt.append(pool.pop(rng.choice(fitting)))
    for _ in range(count - len(masks)):
        dealt.append(pool.pop(rng.randrange(len(pool))))
    return dealt


def sample(view: PyrinoesState, player: int, rng: random.Random) -> PyrinoesState:
    """A full position ``player`` could be in, seeing ``view``: the hidden
    dominoes dealt at random from those it has not seen, a hand all hidden
    dealt as its masks allow (at random where they cannot be met)."""
    seen = {d for hand in view.hands for d in hand if d != UNSEEN}
    seen |= {item.tile for item in view.line if isinstance(item.tile, Domino)}
    hidden = [sum(d == UNSEEN for d in hand) for hand in view.hands]
    yard = sum(d == UNSEEN for d in view.boneyard)
    if not sum(hidden) and not yard:
        return view
    pool = [d for d in ALL_DOMINOES if d not in seen]
    kept = list(pool)
    hands: list[list[Domino]] = []
    # The hand with the most shut dominoes first, so its masks meet the most
    # choice; what the hands leave is the boneyard, in no order that matters.
    order = sorted((0, 1), key=lambda seat: -sum(view.shut[seat]))
    for seat in order:
        whole = hidden[seat] == len(view.hands[seat])
        masks = view.shut[seat] if whole and len(view.shut[seat]) <= hidden[seat] else ()
        dealt = _deal(masks, hidden[seat], pool, rng)
        if dealt is None:  # the masks cannot be met: the hands dealt from the whole pool
            rng.shuffle(kept)
            return _uniform(view, kept)
        hands.append(dealt)
    got = dict(zip(order, hands, strict=True))

    def fill(dominoes: tuple[Domino, ...], given: list[Domino]) -> tuple[Domino, ...]:
        return tuple(sorted((given.pop() if d == UNSEEN else d for d in dominoes), key=tile_key))

    return evolve(
        view,
        hands=(fill(view.hands[0], got[0]), fill(view.hands[1], got[1])),
        boneyard=fill(view.boneyard, pool),
    )


def _uniform(view: PyrinoesState, pool: list[Domino]) -> PyrinoesState:
    """The hidden dominoes dealt from ``pool`` (shuffled) in turn, as they come."""

    def fill(dominoes: tuple[Domino, ...]) -> tuple[Domino, ...]:
        return tuple(sorted((pool.pop() if d == UNSEEN else d for d in dominoes), key=tile_key))

    return evolve(view, hands=(fill(view.hands[0]), fill(view.hands[1])), boneyard=fill(view.boneyard))
