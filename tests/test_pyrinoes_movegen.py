"""Pyrinoes' move generation against the oracle, move counts, and a golden match.

The oracle (tests/pyrinoes_oracle.py) shares no code with the engine: it
reads position text, and lists the legal moves as move text with the
position each leads to, straight from the sentences of the rules.  The
engine must list the same moves, reach the same positions (the round's
scoring and the next round's start included) and refuse every other move
that can be written, on thousands of positions of two kinds: every position
of random matches (chance drawn by its odds: the picks, the deals and the
draws; the players choosing a kind of move, then a move of that kind, so
that plays, builds, draws and passes all come up), and the positions of
those matches where a player is to move with the unseen dominoes dealt again
at random between the hands and the boneyard.

Planted bugs (the engine's rules changed in small ways, as a slip would)
must each be caught by the same comparison.

The move counts (tests/data/pyrinoes_counts.json) are from fixed positions,
written as position text: how many moves are legal, how many of each kind,
and how many moves can answer them (each legal move played, then the legal
moves of the position it leads to counted, chance's outcomes included).

The golden match (tests/data/pyrinoes_golden.txt) is a whole match to 100
points between a greedy and a random bot with chance fixed by a seed, every
position written out: it is replayed move by move and each position's text
and number of legal moves compared.  After a deliberate change of the rules
or of position text, regenerate it (and the counts) with
``UPDATE_GOLDEN=pyrinoes_golden python3 -m pytest tests/test_pyrinoes_movegen.py``
(``UPDATE_GOLDEN=1`` also works) and review the diff; the bots may play
another match once they change, so regenerate only when the rules or the
notation changed.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import golden_helpers
import pyrinoes_oracle as oracle
import pytest

from iriri_core import get_game
from iriri_core.engine import draw_chance
from iriri_core.games.pyrinoes import rules
from iriri_core.games.pyrinoes.state import Build, Domino, Play, PyrinoesState, placed

GAME: Any = get_game("pyrinoes")
DATA = Path(__file__).parent / "data"
GOLDEN = DATA / "pyrinoes_golden.txt"
COUNTS = DATA / "pyrinoes_counts.json"
GOLDEN_BOTS = ("greedy", "random")
GOLDEN_SEED = 2030
"""Fire is the first bot seeded 0, ice the second seeded 1; chance is fixed by
the seed, as at a table (``iriri_core.engine.fixed_chance``)."""
UPDATING = os.environ.get("UPDATE_GOLDEN") in ("1", "pyrinoes_golden")

# ---------------------------------------------------------------- the positions compared


def chooser(rng: random.Random) -> Callable[[PyrinoesState], Any]:
    """A random player that picks a kind of move (play, build, draw, pass),
    then a move of that kind: building is offered dozens of ways at once and
    would otherwise crowd out the plays."""

    def choose(state: PyrinoesState) -> Any:
        by_kind: dict[str, list[Any]] = {}
        for move in GAME.legal_moves(state):
            by_kind.setdefault(oracle.kind(GAME.move_text(state, move)).split()[0], []).append(move)
        return rng.choice(by_kind[rng.choice(sorted(by_kind))])

    return choose


MATCHES = [(seed, 100) for seed in range(6)] + [(seed, 30) for seed in range(6, 12)]
"""(seed, target) of the random matches: long ones and short ones."""


def match_positions(seed: int, target: int) -> list[PyrinoesState]:
    """Every position of a random match, chance's included, up to its end."""
    rng = random.Random(seed)
    choose = chooser(rng)
    state = GAME.new_game(target=target)
    found = [state]
    for _ in range(GAME.move_cap):
        if GAME.is_over(state):
            break
        move = draw_chance(GAME, state, rng) if rules.chance_acts(state) else choose(state)
        state = GAME.play(state, move)
        found.append(state)
    assert GAME.is_over(state)
    return found


def redealt(states: list[PyrinoesState], seed: int) -> list[PyrinoesState]:
    """Positions where a player is to move in a round, with the dominoes
    of the two hands and the boneyard dealt again at random, read back from
    position text: each hand and the boneyard keeping its size, or (every
    other position) the boneyard's dominoes shared out between the hands,
    leaving it empty, so that a player who cannot play or build passes."""
    rng = random.Random(seed)
    found = []
    for number, state in enumerate(states):
        if rules.chance_acts(state) or rules.is_over(state):
            continue
        text = GAME.to_text(state)
        names = ("fire hand", "ice hand", "boneyard")
        lines = {name: re.search(rf"^{name}: (.*)$", text, re.M) for name in names}
        sizes = [len(m[1].split()) if m and m[1] != "-" else 0 for m in lines.values()]
        if number % 2:
            to_fire = rng.randint(0, sizes[2])
            sizes = [sizes[0] + to_fire, sizes[1] + sizes[2] - to_fire, 0]
        pool = [word for m in lines.values() if m and m[1] != "-" for word in m[1].split()]
        rng.shuffle(pool)
        for name, size in zip(names, sizes, strict=True):
            part, pool = pool[:size], pool[size:]
            text = re.sub(rf"^{name}: .*$", f"{name}: {' '.join(part) or '-'}", text, flags=re.M)
        found.append(GAME.from_text(text))
    return found


@functools.cache
def samples() -> dict[str, list[PyrinoesState]]:
    """The two kinds of positions compared (made once, when first asked for)."""
    played = [state for seed, target in MATCHES for state in match_positions(seed, target)]
    return {"matches": played, "re-dealt": redealt(played[::2], seed=5)}


KINDS = ("matches", "re-dealt")


@functools.cache
def as_text(state: PyrinoesState) -> str:
    return str(GAME.to_text(state))


def engine_moves(state: PyrinoesState) -> list[str]:
    return sorted(GAME.move_text(state, move) for move in GAME.legal_moves(state))


@functools.cache
def kinds_listed(state: PyrinoesState) -> tuple[str, ...]:
    """The kinds of the engine's moves, as the samples were made (not to be
    asked while a bug is planted)."""
    return tuple(sorted({oracle.kind(move) for move in engine_moves(state)}))


def mismatches(states: list[PyrinoesState], after_every: int = 1) -> Iterator[str]:
    """Where the engine and the oracle differ: the legal moves of each
    position, and (for every ``after_every``-th position) the position after
    each move."""
    for number, state in enumerate(states):
        text = as_text(state)
        expected = oracle.legal(oracle.read(text))
        if engine_moves(state) != sorted(expected):
            yield f"moves of\n{text}"
            continue
        if number % after_every:
            continue
        for move, after in expected.items():
            reached = GAME.play(state, GAME.parse_move(state, move))
            if oracle.key(oracle.read(GAME.to_text(reached))) != oracle.key(after):
                yield f"after {move} from\n{text}"


# ---------------------------------------------------------------- the oracle's own reading, checked


@pytest.mark.slow
def test_the_oracle_reads_the_rules_as_written() -> None:
    """The oracle's pieces, checked by hand before it is trusted: 28
    dominoes, a supply of 18, nine greens; "A green pyramid is always
    associated with a spot count of 0"; the rules' examples of pyrinoes; and
    at the start of a round 135 ways to build (nine ends of each colour:
    three single pyramids and six stacks; 9 x 9 two-colour pyrinoes and
    9 x 2 x 3 with a green)."""
    assert len(oracle.DOMINOES) == 28 and len(oracle.FULL_SUPPLY[0]) == 18 and len(oracle.ALL_GREENS) == 9
    assert [oracle.end_spots(e) for e in ("R3", "Y2Y1", "K3K3", "G3")] == [3, 3, 6, 0]
    assert oracle.canonical_pyrino("y1+r3") == "R3+Y1" and oracle.canonical_pyrino("r1+y1y2") == "Y2Y1+R1"
    assert (
        oracle.canonical_pyrino("g2+k2k3") == "K3K2+G2"
        and oracle.canonical_pyrino("Y3Y3+R3R3") == "R3R3+Y3Y3"
    )
    assert len(oracle.EVERY_PYRINO[0]) == len(oracle.EVERY_PYRINO[1]) == 135
    spots = {tuple(sorted(oracle.tile_spots(t))) for t in oracle.EVERY_PYRINO[1]}
    assert len(spots) == 27 and (0, 0) not in spots, "every domino but the double-blank"
    assert oracle.placed("5-3", 5, "left") == "3-5" and oracle.placed("5-3", 5, "right") == "5-3"
    assert oracle.placed("R3R3+Y3Y3", 6, "left") == "Y3Y3+R3R3"
    start = next(s for s in samples()["matches"] if s.line and not rules.chance_acts(s))
    pos = oracle.read(as_text(start))
    assert sum(move.startswith("build") for move in oracle.legal(pos)) == 135


# ---------------------------------------------------------------- engine and oracle


@pytest.mark.slow
def test_the_samples_are_varied() -> None:
    """The positions compared hold what the rules are about: every kind of
    move (plays of dominoes and pyrinoes at both ends, builds, draws, passes,
    picks, deals, drawn dominoes), forced builds, draws and passes, doubles
    in the line, open ends alike, every ending, later rounds, and
    finished matches."""
    every = [state for sample in samples().values() for state in sample]
    assert len(every) > 4500
    legal: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    for state in every:
        kinds = set(kinds_listed(state))
        legal.update(kinds)
        if len(kinds) == 1:
            alone.update(kinds)
        if "build" in kinds and not kinds & {"play", "play pyrino"}:
            alone["forced build"] += 1
        if state.line and not rules.chance_acts(state) and state.open_ends[0] == state.open_ends[1]:
            alone["open ends alike"] += 1
    print("positions with each kind of move:", dict(legal), "forced:", dict(alone))
    for name in ("play", "play pyrino", "build", "draw", "pass", "pick", "deal", "drawn"):
        assert legal[name] > 20, name
    assert alone["forced build"] > 50 and alone["draw"] > 100 and alone["pass"] > 20
    assert alone["open ends alike"] > 200

    def count(test: Callable[[PyrinoesState], object]) -> int:
        return sum(1 for state in every if test(state))

    endings = Counter(state.ending for state in samples()["matches"] if state.ending)
    print("round endings:", dict(endings))
    assert set(endings) == set(oracle.BONUS)
    assert count(lambda s: any(i.tile.is_double and isinstance(i.tile, Domino) for i in s.line)) > 1000
    assert count(lambda s: any(i.tile.is_double and not isinstance(i.tile, Domino) for i in s.line)) > 50
    assert count(lambda s: any(s.pyrinoes)) > 2000
    assert count(lambda s: s.passes == 1) > 10
    assert count(lambda s: s.round >= 3) > 1000
    assert count(lambda s: len(s.picks) == 2 and s.first is None) >= 1, "a tie in the picks"
    assert count(rules.is_over) == len(MATCHES)


@pytest.mark.slow
@pytest.mark.parametrize("sample", KINDS)
def test_the_engine_lists_the_oracles_moves_and_reaches_its_positions(sample: str) -> None:
    """Every position: the same legal moves, as move text; and for every
    fifth position (every seventh of the re-dealt), after each move the same
    position (line, hands, supplies, pyrinoes, greens, boneyard, whose turn,
    passes, the ending, and after a round the match scores and who starts
    the next)."""
    found = list(mismatches(samples()[sample], after_every=5 if sample == "matches" else 7))
    assert not found, f"{len(found)} mismatches; the first: {found[0]}"


def test_chance_gives_each_domino_alike() -> None:
    """Decision 6: each of the dominoes not yet dealt (or in the boneyard) as
    likely as any other."""
    for state in samples()["matches"]:
        if rules.chance_acts(state) and not rules.is_over(state):
            outcomes = GAME.chance_outcomes(state)
            count = len(oracle.legal(oracle.read(as_text(state))))
            assert len(outcomes) == count and all(p == pytest.approx(1 / count) for _, p in outcomes)


def test_the_round_scores_agree() -> None:
    """At the end of each round, the round's points, the match scores and
    the winner that position text tells are the oracle's."""
    ended = [state for state in samples()["matches"] if state.ending]
    assert len(ended) > 40
    for state in ended:
        text = as_text(state)
        pos = oracle.read(text)
        points, total, won = oracle.round_points(pos), oracle.match_scores(pos), oracle.winner(pos)
        after = "the match goes on" if won is None else f"{oracle.SEATS[won]} wins the match"
        line = (
            f"# this round: fire {points[0]}, ice {points[1]}; "
            f"the match: fire {total[0]}, ice {total[1]}; {after}"
        )
        assert line in text.splitlines(), text


@pytest.mark.parametrize("sample", KINDS)
def test_play_refuses_exactly_what_the_oracle_refuses(sample: str) -> None:
    """Every move that can be written (each domino and pyrino at each end,
    each build, draw, pass, chance's words with each domino), parsed and
    played straight to ``play``: refused (ValueError, which the engine's
    errors are) exactly when the oracle does not list it."""
    for state in samples()[sample][1::25]:
        text = as_text(state)
        pos = oracle.read(text)
        legal = oracle.legal(pos)
        for move in oracle.written_moves(pos):
            try:
                GAME.play(state, GAME.parse_move(state, move))
            except ValueError as exc:
                assert move not in legal, (text, move, str(exc))
            else:
                assert move in legal, (text, move)


# ---------------------------------------------------------------- planted bugs


def _fits_first_end_only(tile: Any, spots: int) -> bool:
    return bool(tile.spots[0] == spots)


def _builds_without_large_greens(state: PyrinoesState, seat: int) -> list[Any]:
    return [t for t in ORIGINAL_BUILDS(state, seat) if "G3" not in str(t)]


def _no_build_when_a_play_fits(state: PyrinoesState) -> list[Any]:
    moves = ORIGINAL_LEGAL(state)
    if any(isinstance(m, Play) for m in moves):
        return [m for m in moves if not isinstance(m, Build)]
    return moves


def _doubles_the_wrong_way(state: PyrinoesState, tile: Any, end: int) -> Any:
    item = ORIGINAL_PLACE_AT(state, tile, end)
    return placed(tile, not item.reverse) if tile.is_double else item


def _one_colour_forgotten(state: PyrinoesState, seat: int) -> str | None:
    found = ORIGINAL_ENDING(state, seat)
    return None if found == "one-colour" else found


def _nothing_left_scores_as_no_pyramids(state: PyrinoesState, seat: int) -> str | None:
    found = ORIGINAL_ENDING(state, seat)
    return "no-pyramids" if found == "nothing-left" else found


def _pyrinoes_in_hand_not_counted(state: PyrinoesState, seat: int) -> int:
    return sum(d.weight for d in state.hands[seat]) + sum(p.size for p in state.supply[seat])


def _stacks_of_one(counts: Counter[int]) -> list[tuple[int, ...]]:
    return ORIGINAL_ENDS(counts) + [(size, size) for size in (1, 2, 3) if counts[size] == 1]


def _the_same_player_starts_again(state: PyrinoesState) -> PyrinoesState:
    started = ORIGINAL_START(state)
    if state.round == 0:
        return started
    seat = state.first if state.first is not None else 0
    return replace(started, first=seat, to_move=seat)


ORIGINAL_BUILDS = rules.builds
ORIGINAL_LEGAL = rules.legal_moves
ORIGINAL_PLACE_AT = rules.place_at
ORIGINAL_ENDING = rules.ending_met
ORIGINAL_ENDS = rules._ends
ORIGINAL_START = rules._start_round

PLANTED: dict[str, tuple[str, Any]] = {
    "a tile fits by its first end only": ("fits", _fits_first_end_only),
    "large greens are never offered": ("builds", _builds_without_large_greens),
    "no building when a play fits (the other reading of decision 3)": (
        "legal_moves",
        _no_build_when_a_play_fits,
    ),
    "a double pyrino placed the wrong way round": ("place_at", _doubles_the_wrong_way),
    "one colour and no dominoes does not end the round": ("ending_met", _one_colour_forgotten),
    "nothing left gives 5, not 10": ("ending_met", _nothing_left_scores_as_no_pyramids),
    "pyrinoes in hand left out of the hand total": ("hand_total", _pyrinoes_in_hand_not_counted),
    "a stack of two from a single pyramid": ("_ends", _stacks_of_one),
    "the same player starts every round": ("_start_round", _the_same_player_starts_again),
}


@functools.cache
def planted_sample() -> list[PyrinoesState]:
    """Where the planted bugs are looked for: the positions whose next move
    (in the random matches) ended a round, then every seventh position."""
    states = samples()["matches"]
    ending = [state for state, after in itertools.pairwise(states) if after.ending and not state.ending]
    return ending + states[::7]


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_planted_bug_is_caught(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each small change of the engine's rules makes it disagree with the
    oracle somewhere in the sample (looked for until the first difference)."""
    attribute, planted = PLANTED[name]
    sample = planted_sample()  # played by the real rules, whichever test asks first
    monkeypatch.setattr(rules, attribute, planted)
    caught = next(mismatches(sample), None)
    assert caught is not None, f"the planted bug '{name}' went unnoticed"


# ---------------------------------------------------------------- move counts


def counts(state: PyrinoesState) -> dict[str, Any]:
    """The number of legal moves, of each kind, and of the moves that can
    answer them (the legal moves after each, chance's outcomes included)."""
    moves = GAME.legal_moves(state)
    kinds = Counter(oracle.kind(GAME.move_text(state, move)) for move in moves)
    replies = sum(len(GAME.legal_moves(GAME.play(state, move))) for move in moves)
    return {"moves": len(moves), "kinds": dict(sorted(kinds.items())), "replies": replies}


def oracle_counts(pos: oracle.Pos) -> dict[str, Any]:
    """The same counted by the oracle alone."""
    legal = oracle.legal(pos)
    kinds = Counter(oracle.kind(move) for move in legal)
    replies = sum(len(oracle.legal(after)) for after in legal.values())
    return {"moves": len(legal), "kinds": dict(sorted(kinds.items())), "replies": replies}


def pick_fixed_positions() -> list[tuple[str, PyrinoesState]]:
    """The fixed positions, chosen from the random matches (used to write
    tests/data/pyrinoes_counts.json): one of each situation."""
    states = samples()["matches"]

    def first(what: str, test: Callable[[PyrinoesState], bool], skip: int = 0) -> tuple[str, PyrinoesState]:
        return what, [s for s in states if test(s)][skip]

    def kinds(state: PyrinoesState) -> set[str]:
        return set(kinds_listed(state))

    def mover(state: PyrinoesState) -> bool:
        return not rules.chance_acts(state) and not rules.is_over(state)

    return [
        first("round 0: fire to pick", lambda s: s.round == 0 and not s.picks),
        first("round 0: ice to pick from the 27 left", lambda s: s.round == 0 and len(s.picks) == 1),
        first("a round's first turn: plays and all 135 builds", lambda s: mover(s) and len(s.line) == 1),
        first(
            "mid-round, plays of dominoes and pyrinoes",
            lambda s: mover(s) and {"play", "play pyrino", "build"} <= kinds(s),
            skip=10,
        ),
        first(
            "open ends alike: tiles fit both ends",
            lambda s: mover(s) and s.open_ends[0] == s.open_ends[1] and len(kinds(s)) >= 2,
            skip=5,
        ),
        first("nothing plays: a forced build", lambda s: mover(s) and kinds(s) == {"build"}, skip=3),
        first(
            "one colour left: forced builds with greens",
            lambda s: (
                mover(s) and kinds(s) == {"build"} and len({p.colour for p in s.supply[s.to_move]}) == 1
            ),
        ),
        first("nothing plays or builds: draw", lambda s: mover(s) and kinds(s) == {"draw"}, skip=2),
        first("the domino drawn", lambda s: s.drawing, skip=2),
        first("the boneyard empty: pass", lambda s: mover(s) and kinds(s) == {"pass"}),
        first("after a pass", lambda s: mover(s) and s.passes == 1),
        first("the deal under way", lambda s: rules.chance_acts(s) and s.round >= 1 and len(s.hands[0]) == 4),
        first("a round over, the next to deal", lambda s: rules.round_over(s), skip=1),
        first("the match over", rules.is_over),
    ]


def test_move_counts_from_fixed_positions() -> None:
    """The engine's and the oracle's counts from the fixed positions are the
    ones stored (tests/data/pyrinoes_counts.json)."""
    if UPDATING:
        cases = [
            {"what": what, "position": as_text(state).splitlines(), **counts(state)}
            for what, state in pick_fixed_positions()
        ]
        COUNTS.write_text(json.dumps(cases, indent=1) + "\n")
    cases = json.loads(COUNTS.read_text())
    assert len(cases) >= 10
    for case in cases:
        text = "\n".join(case["position"]) + "\n"
        stored = {"moves": case["moves"], "kinds": case["kinds"], "replies": case["replies"]}
        assert counts(GAME.from_text(text)) == stored, case["what"]
        assert oracle_counts(oracle.read(text)) == stored, case["what"]
    kinds = {kind for case in cases for kind in case["kinds"]}
    assert kinds == {"play", "play pyrino", "build", "draw", "pass", "pick", "deal", "drawn"}


def test_a_crafted_double_and_both_ends() -> None:
    """Counted by hand: fire holds the 6-6 pyrino and the dominoes 6-6 and
    6-1, and the line's open ends are both 6: each plays at either end (6
    moves); the double domino lies the same at either end, the double
    pyrino with its first end touching the line (decision 8).  Fire may
    still build (decision 3): R1 R1 R1 R2 R2 R2 R3 make 3 single ends and 5
    stacks (no R3R3, one large is left), the same in yellow, so 8 x 8
    two-colour pyrinoes and 8 x 2 colours x 3 green sizes."""
    text = GAME.to_text(
        GAME.from_text(
            "\n".join(
                [
                    "Pyrinoes",
                    "target: 100",
                    "round: 1",
                    "match: fire 0, ice 0",
                    "picks: -",
                    "first: fire",
                    "to move: fire",
                    "drawing: no",
                    "passes: 0",
                    "line: 6-5 5-3 3-6",
                    "fire supply: R1 R1 R1 R2 R2 R2 R3 Y1 Y1 Y1 Y2 Y2 Y2 Y3",
                    "fire pyrinoes: R3R3+Y3Y3",
                    "fire hand: 6-6 6-1",
                    "ice supply: B1 B1 B1 B2 B2 B2 B3 B3 B3 K1 K1 K1 K2 K2 K2 K3 K3 K3",
                    "ice pyrinoes: -",
                    "ice hand: 4-4 4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0",
                    "greens: G1 G1 G1 G2 G2 G2 G3 G3 G3",
                    "boneyard: 6-4 6-2 6-0 5-5 5-4 5-2 5-1 5-0 2-2 2-1 2-0 1-1 1-0 0-0",
                    "ended: -",
                ]
            )
        )
    )
    state = GAME.from_text(text)
    plays = [m for m in engine_moves(state) if not m.startswith("build")]
    assert plays == ["6-1 left", "6-1 right", "6-6 left", "6-6 right", "R3R3+Y3Y3 left", "R3R3+Y3Y3 right"]
    pos = oracle.read(text)
    assert sorted(oracle.legal(pos)) == engine_moves(state)
    # Ends per colour: R1, R2, R3, R1R1, R2R1, R2R2, R3R1, R3R2 (no R3R3: one large left) = 8.
    assert sum(m.startswith("build") for m in engine_moves(state)) == 8 * 8 + 8 * 2 * 3
    after = {m: GAME.play(state, GAME.parse_move(state, m)) for m in plays}
    assert [str(i) for i in after["6-6 left"].line] == ["6-6", "6-5", "5-3", "3-6"]
    assert [str(i) for i in after["R3R3+Y3Y3 left"].line] == ["Y3Y3+R3R3", "6-5", "5-3", "3-6"]
    assert [str(i) for i in after["R3R3+Y3Y3 right"].line] == ["6-5", "5-3", "3-6", "R3R3+Y3Y3"]
    assert after["6-1 left"].open_ends == (1, 6) and after["6-1 right"].open_ends == (6, 1)


# ---------------------------------------------------------------- the golden match


def playthrough(moves: list[str]) -> str:
    """The golden file's text: every position of the match from the start,
    its number of legal moves and the move played from it."""
    bots = " against ".join(f"{bot} (seed {i})" for i, bot in enumerate(GOLDEN_BOTS))
    return golden_helpers.playthrough(
        GAME,
        moves,
        f"# Pyrinoes: {bots}, chance fixed by seed {GOLDEN_SEED}; see tests/test_pyrinoes_movegen.py",
    )


def golden_moves() -> list[str]:
    """The golden match's moves as the bots play it now."""
    return golden_helpers.golden_moves(GAME, GOLDEN_BOTS, GOLDEN_SEED)


def test_the_golden_match_replays_position_by_position() -> None:
    if UPDATING:
        GOLDEN.write_text(playthrough(golden_moves()))
    blocks = GOLDEN.read_text().split("== position ")[1:]
    state = GAME.new_game()
    assert blocks and len(blocks) > 150
    rounds = set()
    for number, block in enumerate(blocks):
        head, _, rest = block.partition("\n")
        assert head == str(number)
        text, _, tail = rest.partition("\nlegal moves: ")
        assert GAME.to_text(state) == text + "\n", f"position {number}"
        assert oracle.key(oracle.read(text)) == oracle.key(oracle.read(GAME.to_text(state)))
        count, _, move_line = tail.partition("\n")
        assert len(GAME.legal_moves(state)) == int(count), f"position {number}"
        rounds.add(state.round)
        if move_line.startswith("move "):
            move = move_line.split(": ", 1)[1].split("\n")[0]
            legal = oracle.legal(oracle.read(text))
            assert move in legal, f"move {number + 1} ({move}) is not legal by the oracle"
            state = GAME.play(state, GAME.parse_move(state, move))
            assert oracle.key(oracle.read(GAME.to_text(state))) == oracle.key(legal[move]), (
                f"move {number + 1}"
            )
    assert len(rounds - {0}) >= 3, "the match takes at least three rounds"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert blocks[-1].rstrip("\n").endswith(f"== outcome: scores {outcome.scores}, winners {outcome.winners}")
