"""Hash chains and chance made from both players' values
(iriri_core.by_links.crypto.chains; docs/distance.md, "Fair chance")."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable

import pytest

from iriri_core import get_game
from iriri_core.by_links.crypto.chains import (
    MAX_GAP,
    VALUE_BYTES,
    Chain,
    batch_seed,
    seed_number,
    step,
    steps_to,
    uniform,
)
from iriri_core.engine import fixed_chance

GAME = b"the hash of a game's first link"


def test_values_follow_the_commitment_in_order_and_no_other_way() -> None:
    chain = Chain.make(b"a secret of fire", 10)
    assert step(chain.value(1)) == chain.commitment
    known = chain.commitment
    for batch in range(1, 11):
        value = chain.value(batch)
        assert steps_to(value, known) == 1
        assert steps_to(known, value) is None, "a chain never runs forwards"
        known = value
    assert steps_to(chain.value(7), chain.value(3)) == 4
    assert steps_to(chain.value(7), chain.value(3), most=3) is None
    assert steps_to(chain.value(2), chain.commitment) == 2, "a skipped batch counts its gap"
    with pytest.raises(IndexError, match="batches 1 to 10"):
        chain.value(11)


def test_a_value_of_another_chain_or_a_changed_value_is_refused() -> None:
    fire, ice = Chain.make(b"fire's secret no 1", 5), Chain.make(b"ice's secret no 22", 5)
    assert steps_to(ice.value(1), fire.commitment) is None
    changed = bytes([fire.value(1)[0] ^ 1]) + fire.value(1)[1:]
    assert steps_to(changed, fire.commitment) is None
    assert steps_to(fire.value(1)[:-1], fire.commitment) is None, "a value cut short"
    far = Chain.make(b"a long chain's secret", MAX_GAP + 1)
    assert steps_to(far.value(MAX_GAP + 1), far.commitment) is None, "further back than a link may reach"
    assert steps_to(far.value(MAX_GAP), far.commitment) == MAX_GAP


def test_the_seed_depends_on_both_values_the_batch_and_the_game() -> None:
    fire, ice = Chain.make(b"fire's secret no 1", 3), Chain.make(b"ice's secret no 22", 3)
    seed = batch_seed(GAME, 1, fire.value(1), ice.value(1))
    others = {
        batch_seed(GAME, 2, fire.value(1), ice.value(1)),
        batch_seed(b"another game", 1, fire.value(1), ice.value(1)),
        batch_seed(GAME, 1, fire.value(2), ice.value(1)),
        batch_seed(GAME, 1, fire.value(1), ice.value(2)),
        batch_seed(GAME, 1, ice.value(1), fire.value(1)),
    }
    assert seed not in others and len(others) == 5
    with pytest.raises(ValueError, match="16 bytes"):
        batch_seed(GAME, 1, fire.value(1)[:8], ice.value(1))


def test_draws_are_uniform() -> None:
    """Chi-squared of 8000 draws of a die of eight faces, one seed each:
    well under the 0.1% point of seven degrees of freedom (24.3)."""
    counts = Counter(uniform(hashlib.sha256(i.to_bytes(4, "big")).digest(), 8) for i in range(8000))
    expected = 1000
    chi2 = sum((counts[face] - expected) ** 2 / expected for face in range(8))
    assert set(counts) == set(range(8)) and chi2 < 24.3, counts


def one_sides_guesses(game: bytes, batch: int, mine: Chain, theirs_shown: bytes) -> list[int]:
    """What a player could guess of the next die of the batch from everything
    it has before the other's value comes: its own chain, the other's last
    revealed value, the game and the batch's number."""
    stand_ins = [theirs_shown, step(theirs_shown), bytes(VALUE_BYTES), mine.value(batch)]
    guesses = [uniform(batch_seed(game, batch, mine.value(batch), s), 8) for s in stand_ins]
    guesses.append(uniform(hashlib.sha256(mine.value(batch) + theirs_shown).digest(), 8))
    return guesses


def hit_rates(derive: Callable[[bytes, int, bytes, bytes], bytes], trials: int = 3000) -> list[float]:
    """How often each of one side's guesses equals the die the batch gives,
    over games with the other side's chain new each time."""
    rng = random.Random(5)
    hits = Counter[int]()
    for trial in range(trials):
        fire = Chain.make(rng.randbytes(32), 3)
        ice = Chain.make(rng.randbytes(32), 3)
        game = trial.to_bytes(4, "big")
        # Fire knows its whole chain and ice's first value; batch 2 needs ice's second.
        die = uniform(derive(game, 2, fire.value(2), ice.value(2)), 8)
        for index, guess in enumerate(one_sides_guesses(game, 2, fire, ice.value(1))):
            hits[index] += guess == die
    return [hits[index] / trials for index in range(5)]


def test_one_side_cannot_tell_the_next_roll_better_than_chance() -> None:
    """Each guess made from fire's data alone is right about 1 time in 8
    (3000 games: 1/8 is 375 hits, a standard deviation about 18; the bound
    is six of them)."""
    for rate in hit_rates(batch_seed):
        assert abs(rate - 1 / 8) < 6 * (1 / 8 * 7 / 8 / 3000) ** 0.5, rate


def test_the_guessing_test_catches_a_seed_that_one_side_knows() -> None:
    """The same guesses against a broken derivation (ice's part left out of
    the seed): fire then knows every roll, and the test above would fail."""

    def broken(game: bytes, batch: int, fire: bytes, ice: bytes) -> bytes:
        return batch_seed(game, batch, fire, fire)

    assert max(hit_rates(broken, trials=300)) == 1.0


def test_a_batch_seed_drives_the_engines_chance() -> None:
    """The engine's chance takes the batch's seed as it takes a game's seed:
    the same seed gives the same roll, on both sides."""
    game = get_game("pach-ice-i")
    state = game.new_game()
    fire, ice = Chain.make(b"fire's secret no 1", 3), Chain.make(b"ice's secret no 22", 3)
    seed = seed_number(batch_seed(GAME, 1, fire.value(1), ice.value(1)))
    roll = fixed_chance(game, state, seed, ply=0)
    assert roll == fixed_chance(game, state, seed, ply=0)
    assert roll in game.legal_moves(state)
    rolls = {
        fixed_chance(game, state, seed_number(batch_seed(GAME, n, fire.value(1), ice.value(1))), 0)
        for n in range(40)
    }
    assert len(rolls) > 20, "different batches give different rolls"


def test_a_chain_needs_a_secret_of_16_bytes() -> None:
    """A chain's secret is at least as long as its values (16 bytes, 128
    bits), as Chain.make says: a shorter secret could be found by trying."""
    with pytest.raises(ValueError, match="16 bytes or more"):
        Chain.make(b"fifteen bytes!!", 4)
    assert Chain.make(b"sixteen bytes!!!", 4).length == 4


def test_one_function_counts_the_steps_from_a_value_and_the_ledger_uses_it() -> None:
    """chains.steps_to is the one walk along a chain: the ledger takes a
    revealed value's values with it (values_back), and a player checks a
    value with it."""
    from iriri_core.by_links.crypto import blocks, chains

    chain = Chain.make(b"a secret of fire", 10)
    assert chains.steps_to(chain.value(1), chain.commitment) == 1
    assert chains.steps_to(chain.value(7), chain.value(3)) == 4
    assert chains.steps_to(chain.value(3), chain.value(7)) is None, "a chain never runs forwards"
    assert chains.steps_to(chain.value(7), chain.value(3), most=3) is None
    assert blocks.values_back is chains.values_back
    assert chains.values_back(chain.value(7), chain.value(3)) == [chain.value(n) for n in (4, 5, 6, 7)]
    assert chains.values_back(chain.value(7), chain.value(3), most=3) is None
