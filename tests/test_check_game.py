"""Check a game (issue 35, docs/distance.md "Checking a game"): anyone,
holding no secret, checks a game by links from its signed record.  Real
games of every game for two, played by two sides that share only packets
(test_friends.Pair), finished and under way, are verified from either
side's record; a roll, a move and a deal changed in the readable moves, or
in the signed blocks, are each found and named where they are, in a
player's words; a record shorter or longer than its blocks, a damaged file
and a link that holds only the newest moves are told apart; a cheater's
own record of a draw its hidden hand did not allow is refused at the draw;
and the command line says so with its exit status."""

from __future__ import annotations

import copy
import functools
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_friend_deck import LaxRules, read_parts, write_parts
from test_friends import Pair

from iriri_core import get_game
from iriri_core.by_links.check import Checked, NotARecord, check_record, check_text, checking, signed_record
from iriri_core.by_links.crypto.blocks import Block, LinkError, read_packet, write_packet
from iriri_core.by_links.crypto.steps import Running
from iriri_core.by_links.decks import ANSWER, START
from iriri_core.games.pyrinoes import Domino, Play, PyrinoesGame
from iriri_core.records import Record

ROOT = Path(__file__).resolve().parent.parent

SETTINGS: dict[str, dict[str, int]] = {
    "hextris": {},
    "iriri": {},
    "pach-ice-i": {},
    "pyrinoes": {"target": 50},
}
"""Every game for two by links (Pyrinoes to 50, to keep a match short)."""

pytestmark = pytest.mark.xdist_group("check_game")  # (the Pyrinoes match played once, for every test)


def slow_for(game: str, *slow: str) -> Any:
    """``game`` as a parameter, marked slow where it is one of ``slow``: a
    whole Pyrinoes match by links (and a Pach-Ice-i game, checked from both
    sides) takes tens of seconds, which the quick tier leaves out; every
    test that plays the Pyrinoes match is marked so, or the first quick one
    to ask for it would play it."""
    return pytest.param(game, marks=[pytest.mark.slow] if game in slow else [])


@functools.cache
def finished(game: str, inviter_seat: int = 0, seed: int = 2) -> Pair:
    """A whole game by links (kept: tests copy its records, never change it)."""
    pair = Pair(game, inviter_seat, seed=seed, **SETTINGS[game])
    while pair.step():
        pass
    return pair


def record_of(pair: Pair, seat: int = 0) -> dict[str, Any]:
    """``seat``'s record of the game, as a file holds it (a copy to change)."""
    return copy.deepcopy(json.loads(json.dumps(signed_record(pair.sides[seat]))))


def check(record: dict[str, Any]) -> Checked:
    return check_record(json.dumps(record))


def blocks_of(record: dict[str, Any]) -> list[Block]:
    return read_packet(record["signed"]["blocks"], most=None)


def with_blocks(record: dict[str, Any], blocks: list[Block]) -> dict[str, Any]:
    record = copy.deepcopy(record)
    record["signed"]["blocks"] = write_packet(blocks)
    return record


def states(record: dict[str, Any]) -> list[Any]:
    """Every position of a record, by the rules (a whole game's record replays)."""
    return Record.from_json(json.dumps(record)).replay()


# ---------------------------------------------------------------- honest games


@pytest.mark.parametrize("game", [slow_for(game, "pyrinoes", "pach-ice-i") for game in SETTINGS])
def test_a_finished_game_is_verified_from_either_sides_record(game: str) -> None:
    pair = finished(game)
    names = pair.sides[0].names
    for seat in (0, 1):
        record = record_of(pair, seat)
        assert set(record) == {"format", "version", "game", "players", "seed", "start", "moves", "signed"}
        assert record["signed"]["names"] == list(names) and record["signed"]["view"] == seat
        assert len(states(record)) == len(record["moves"]) + 1, "a whole game's record replays by the rules"
        checked = check(record)
        assert checked.verified and not checked.problems and not checked.open, checked.text()
        assert checked.headline.startswith(f"verified: a game of {get_game(game).title} between Ann and Bob")
        assert " won" in checked.status
        blocks = len(blocks_of(record))
        assert (
            checked.checked[0]
            == f"{blocks} links, each signed by its player's browser and naming the one before it"
        )
        assert (
            checked.checked[-1]
            == f"the record's start and its {len(record['moves'])} moves are the signed game's"
        )
    words = "\n".join(check(record_of(pair)).checked)
    if game == "pach-ice-i":
        rolls = sum(move.startswith("roll ") for move in record_of(pair)["moves"])
        assert f"{rolls} rolls, each made from both players' committed values" in words
    if game == "iriri":
        assert "the ring, made from both players' committed values" in words
    if game == "pyrinoes":
        rounds = states(record_of(pair))[-1].round
        assert f"{rounds} deals by both browsers: {2 * rounds} proofs of shuffle" in words
        assert f"{rounds} rounds opened at the end with both players' locks, every domino once" in words


@pytest.mark.parametrize("game", [slow_for(game, "pyrinoes") for game in SETTINGS])
def test_a_game_under_way_is_verified_as_far_as_anyone_can_know_it(game: str) -> None:
    """At many steps of a game, both sides' records are verified; what only
    the players know yet (a roll one of them has not sent their part of, a
    Pyrinoes round under way) is said, not failed."""
    pair = Pair(game, 1, seed=4, **SETTINGS[game])
    opened = []
    for step in range(1, 71):
        if not pair.step():
            break
        if step not in (1, 2, 3, 4, 5, 6, 9, 30, 70):
            continue
        for seat in (0, 1):
            checked = check(record_of(pair, seat))
            assert checked.verified, checked.text()
            opened += checked.open
    if game == "pach-ice-i":
        # The inviter (seat 1, White) holds Black's first roll from the answer, before sending its own part.
        assert "move 1, Bob's roll (" in opened[0] and opened[0].endswith(
            "Ann has not sent their part of it yet"
        )
    if game == "pyrinoes":
        assert any(
            words.startswith("round 1 is under way: its hands and boneyard are known only")
            for words in opened
        )
        assert any("its domino face up is as the record gives it" in words for words in opened)
    if game == "hextris":
        assert not opened


def test_a_resigned_game_is_verified_and_says_who_resigned() -> None:
    pair = Pair("pach-ice-i", 0, seed=3)
    for _ in range(30):
        pair.step()
    seat = next((seat for seat in (0, 1) if pair.sides[seat].to_move() == seat), 0)
    pair.sides[seat].resign()
    pair.send(seat)
    for side in (0, 1):
        checked = check(record_of(pair, side))
        assert checked.verified and checked.status == f"{pair.sides[0].names[seat]} resigned", checked.text()


def test_moves_not_yet_sent_are_not_in_the_record() -> None:
    pair = Pair("hextris", 0, seed=5)
    pair.sides[0].play("L@c1")
    record = record_of(pair, 0)
    assert record["moves"] == [] and check(record).verified


# ---------------------------------------------------------------- a roll changed


def roll_changed() -> tuple[dict[str, Any], int, str, str, str]:
    """A finished game of Pach-Ice-i's record, the index of its 11th roll,
    the roll, its roller, and a roll not it."""
    record = record_of(finished("pach-ice-i"))
    index = [i for i, move in enumerate(record["moves"]) if move.startswith("roll ")][10]
    roller = get_game("pach-ice-i").roller(states(record)[index])
    roll = record["moves"][index]
    return (
        record,
        index,
        roll,
        record["signed"]["names"][roller],
        "roll 1 1 1" if roll != "roll 1 1 1" else "roll 2 2 2",
    )


def test_a_roll_changed_in_the_record_is_named() -> None:
    record, index, roll, who, other = roll_changed()
    record["moves"][index] = other
    checked = check(record)
    assert not checked.verified
    assert checked.problems == [
        f"Move {index + 1}, {who}'s roll: the record says {other[5:]}, and both players' committed values "
        f"make {roll[5:]}: this roll was changed after the game"
    ]
    assert checked.headline == "not verified: " + checked.problems[0]


def test_a_roll_changed_in_the_signed_blocks_is_named() -> None:
    """A roll is made from both players' values: the value that completes it
    changed in its link breaks the link's signature; changed by the player's
    own browser, signed again (the game's last link), it is not a value of
    the chain that player committed to."""
    record, index, _, who, _ = roll_changed()
    plies = sum(not move.startswith("roll ") for move in record["moves"][:index])
    blocks = blocks_of(record)
    at = next(k for k, b in enumerate(blocks) if k and b.ply == plies and b.moves and b.reveal)
    changed = [*blocks[:at], replace(blocks[at], reveal=bytes(16)), *blocks[at + 1 :]]
    (problem,) = check(with_blocks(record, changed)).problems
    assert problem.startswith(f"Move {index + 1}, {who}'s roll, and {who}'s move")
    assert repr(blocks[at].moves[0]) in problem
    assert problem.endswith(f": it is not signed by {who}'s browser: it was changed after it was signed")
    last = blocks[-1]
    assert last.reveal, "the winner's last link shows their part of the roll it moved with"
    key = finished("pach-ice-i").keys[last.seat]
    resigned = [*blocks[:-1], replace(last, reveal=bytes(16)).signed(key)]
    (problem,) = check(with_blocks(record, resigned)).problems
    mover = record["signed"]["names"][last.seat]
    assert problem.startswith(
        f"Move {len(record['moves']) - len(last.moves)}, {mover}'s roll, and {mover}'s move"
    )
    assert problem.endswith(
        f"the chance value in {mover}'s link does not follow the commitment {mover}'s browser made at the "
        f"start: it is not a value {mover} committed to"
    )


# ---------------------------------------------------------------- a move changed


def test_a_move_changed_in_the_record_or_in_its_signed_link_is_named() -> None:
    pair = finished("hextris")
    record, game = record_of(pair), get_game("hextris")
    index = 10
    state, signed = states(record)[index], record["moves"][index]
    other = next(t for m in game.legal_moves(state) if (t := game.move_text(state, m)) != signed)
    who = record["signed"]["names"][game.current_player(state)]
    changed = copy.deepcopy(record)
    changed["moves"][index] = other
    assert check(changed).problems == [
        f"Move {index + 1}, {who}'s move: the record says {other!r}, and the move {who} signed is "
        f"{signed!r}: the record was changed after the game"
    ]
    blocks = blocks_of(record)
    at = next(k for k, b in enumerate(blocks) if k and b.ply == index)
    forged = [*blocks[:at], replace(blocks[at], moves=(other,)), *blocks[at + 1 :]]
    assert check(with_blocks(record, forged)).problems == [
        f"Move {index + 1}, {who}'s move {other!r}: it is not signed by {who}'s browser: "
        "it was changed after it was signed"
    ]
    dropped = [*blocks[:at], *blocks[at + 1 :]]
    (problem,) = check(with_blocks(record, dropped)).problems
    assert problem.endswith(
        "it does not follow the link before it: a link of the game was removed, added or changed there"
    )


# ---------------------------------------------------------------- a deal changed


@pytest.mark.slow
def test_a_deal_or_a_draw_changed_in_the_record_is_named() -> None:
    record = record_of(finished("pyrinoes"))
    names = record["signed"]["names"]
    first = record["moves"].index(next(m for m in record["moves"] if m.startswith("deal ")))
    for place, said in (
        (3, f"{names[0]} was dealt"),
        (12, f"{names[1]} was dealt"),
        (18, "the domino face up is"),
    ):
        index = first + place
        dealt = record["moves"][index]
        other = "deal 6-6" if dealt != "deal 6-6" else "deal 0-0"
        changed = copy.deepcopy(record)
        changed["moves"][index] = other
        assert check(changed).problems == [
            f"Round 1's deal, move {index + 1}: the record says {said} {other[5:]}, and the deal shows "
            f"{dealt[5:]} there: the deal was changed after the game"
        ]
    hidden = copy.deepcopy(record)
    hidden["moves"][first] = "deal ?"  # a round opened by both locks shows every domino
    assert f"the record says {names[0]} was dealt an unseen domino (?)" in check(hidden).problems[0]
    index = next(i for i, move in enumerate(record["moves"]) if move.startswith("drawn "))
    drawer, drawn = names[states(record)[index].to_move], record["moves"][index]
    other = "drawn 6-6" if drawn != "drawn 6-6" else "drawn 0-0"
    record["moves"][index] = other
    assert check(record).problems == [
        f"Move {index + 1}, {drawer}'s draw: the record says {drawer} drew {other[6:]}, and the deal shows "
        f"{drawn[6:]}: this draw was changed after the game"
    ]


@pytest.mark.slow
def test_a_deal_changed_in_the_signed_blocks_is_named() -> None:
    """A byte of the first message changed breaks its link's signature; an
    answer whose deck is not the first's dominoes, signed by the answerer's
    own browser, fails its proof of shuffle."""
    pair = finished("pyrinoes")
    record = record_of(pair)
    names, blocks = record["signed"]["names"], blocks_of(record)
    at = next(k for k, b in enumerate(blocks) if any(p.kind == START for p in read_parts(b.deal)))
    data = bytearray(blocks[at].deal)
    data[100] ^= 1
    changed = [*blocks[:at], replace(blocks[at], deal=bytes(data)), *blocks[at + 1 :]]
    starter = names[blocks[at].seat]
    assert check(with_blocks(record, changed)).problems == [
        f"Round 1's deal, {starter}'s first message: it is not signed by {starter}'s browser: "
        "it was changed after it was signed"
    ]
    at = next(k for k, b in enumerate(blocks) if any(p.kind == ANSWER for p in read_parts(b.deal)))
    answer = blocks[at]
    parts = read_parts(answer.deal)
    swapped = [
        replace(p, data=p.data[:33] + p.data[66:99] + p.data[33:66] + p.data[99:]) if p.kind == ANSWER else p
        for p in parts
    ]
    forged = replace(answer, deal=write_parts(swapped)).signed(pair.keys[answer.seat])
    who = names[answer.seat]
    assert check(with_blocks(record, [*blocks[:at], forged])).problems == [
        f"Round 1's deal, {who}'s answer: {who}'s deck is not the starter's dominoes locked once more by one "
        "lock and shuffled: the deal was not fair"
    ]


@pytest.mark.slow
def test_a_cheaters_own_record_of_a_draw_its_hidden_hand_did_not_allow_is_refused_at_the_draw() -> None:
    """test_friend_deck's cheater draws while holding a domino that could be
    played; the friend finds it only at the round's end, and refuses the
    link with the cheater's lock.  The cheater's own file holds both locks:
    the check plays the round with every domino known and names the draw.
    (Seed 19 is the first, by search, whose round the friend ends first.)"""
    pair = Pair("pyrinoes", 0, seed=19, target=50)
    cheater = pair.sides[1]
    cheater.game = LaxRules()
    at = None
    for _ in range(3000):
        state = cheater.position().state
        if at is None and cheater.to_move() == 1 and state.boneyard:
            legal = PyrinoesGame().legal_moves(state)
            if legal and all(isinstance(m, Play) and isinstance(m.tile, Domino) for m in legal):
                cheater.play("draw")
                at = len(cheater.position().moves) - 1
                continue
        try:
            pair.step()
        except LinkError as refused:
            assert "not played fairly" in str(refused)
            break
    else:
        raise AssertionError("the cheat was never found")
    assert at is not None
    assert check(record_of(pair, 1)).problems == [
        f"Move {at}: Bob's move 'draw' is not a legal move: Ice can play a domino or pyrino, so may not draw "
        "(every domino of the round is known from both players' locks, revealed at its end)"
    ]
    honest = check(record_of(pair, 0))
    assert honest.verified and honest.open[0].startswith("round 1 has ended: it is opened, checked in full")
    assert "(Bob has not revealed theirs yet)" in honest.open[0]


def test_a_domino_face_up_changed_in_a_round_under_way_is_named_at_the_first_move_it_breaks() -> None:
    pair = Pair("pyrinoes", 0, seed=3, target=50)
    for _ in range(120):
        pair.step()
    record = record_of(pair)
    first = record["moves"].index(next(m for m in record["moves"] if m.startswith("deal ")))
    changed = copy.deepcopy(record)
    changed["moves"][first + 18] = "deal 1-0" if record["moves"][first + 18] != "deal 1-0" else "deal 6-6"
    (problem,) = check(changed).problems
    assert problem.startswith("Move ") and "is not a legal move" in problem
    assert problem.endswith(
        f"(with round 1's domino face up as the record gives it, {changed['moves'][first + 18][5:]}, which "
        "only the round's end can prove: the record's deal may have been changed)"
    )
    unsaid = copy.deepcopy(record)
    unsaid["moves"][first + 18] = "deal ?"
    mover = record["signed"]["names"][get_game("pyrinoes").current_player(states(record)[first + 19])]
    assert check(unsaid).problems == [
        f"Round 1's deal, move {first + 19}: the record does not say which domino is face up, and both "
        f"players had read it before {mover} moved: the record was changed after the game"
    ]


# ---------------------------------------------------------------- the record against its blocks


def test_a_record_shorter_or_longer_than_its_signed_game_is_named() -> None:
    record = record_of(finished("hextris"))
    moves = len(record["moves"])
    shorter = copy.deepcopy(record)
    shorter["moves"] = shorter["moves"][:-2]
    assert check(shorter).problems == [
        f"The record stops after move {moves - 2}, and the signed game goes on to move {moves}: moves "
        f"{moves - 1} to {moves} are missing from the record"
    ]
    longer = copy.deepcopy(record)
    longer["moves"].append("L@c1")
    assert check(longer).problems == [
        f"The record goes on after move {moves}, the last one signed: move {moves + 1} ('L@c1') is signed by "
        "neither player"
    ]
    renamed = copy.deepcopy(record)
    renamed["signed"]["names"] = ["Ann", "Carl"]
    assert check(renamed).problems == [
        "The players: the record says Ann and Carl, and the signed invitation says Ann and Bob: "
        "the record was changed after the game"
    ]


def test_a_ring_changed_in_the_record_is_named() -> None:
    record = record_of(finished("iriri", 1))
    lines = record["start"].split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("dictionary: "))
    proven = lines[at]
    words = proven.split()
    other = next(i for i in range(2, len(words)) if words[i] != words[1])
    words[1], words[other] = words[other], words[1]  # two pieces of the ring swapped
    lines[at] = " ".join(words)
    record["start"] = "\n".join(lines)
    assert check(record).problems == [
        f"The ring: the record's start has {lines[at]!r}, and both players' committed values make "
        f"{proven!r}: the ring was changed after the game"
    ]


def test_damaged_files_and_links_are_told_apart() -> None:
    record = record_of(finished("hextris"))
    with pytest.raises(NotARecord, match="not valid JSON"):
        check_record(json.dumps(record)[:-40])
    plain = {key: value for key, value in record.items() if key != "signed"}
    with pytest.raises(NotARecord, match="has no signed moves"):
        check_record(json.dumps(plain))
    cut = copy.deepcopy(record)
    cut["signed"]["blocks"] = cut["signed"]["blocks"][:-30]
    (problem,) = check(cut).problems
    assert problem.startswith("The signed moves are damaged: this link is")
    pair = finished("hextris")
    with pytest.raises(NotARecord, match="a link holds only a game's newest moves"):
        check_record(pair.links[-1][1])
    first = check_record("https://example.org/#play=" + pair.first_link)
    assert first.verified and first.title.endswith("(its first link only), 0 moves")
    assert check_text("no record")["result"] == "unreadable"


def test_the_page_checks_a_record_a_slice_at_a_time_to_the_same_end() -> None:
    pair = Pair("pyrinoes", 1, seed=4, target=50)
    for _ in range(40):
        pair.step()
    text = json.dumps(signed_record(pair.sides[1]))
    running, slices = Running(checking(text)), 0
    while not running.run_for(0.005):
        slices += 1
    assert slices > 10 and running.result == check_text(text)
    assert running.result is not None and running.result["result"] == "verified"


# ---------------------------------------------------------------- the command line


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "iriri_core", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_verify_says_verified_or_what_is_wrong_and_where_with_its_exit_status(tmp_path: Path) -> None:
    record = record_of(finished("pach-ice-i"))
    honest = tmp_path / "honest.json"
    honest.write_text(json.dumps(record))
    result = cli("verify", str(honest))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("verified: a game of Pach-Ice-i between Ann and Bob")
    assert any(line.startswith("  checked: ") and "rolls, each made from both" in line for line in lines)
    index = next(i for i, move in enumerate(record["moves"]) if move.startswith("roll "))
    record["moves"][index] = "roll 1 1 1" if record["moves"][index] != "roll 1 1 1" else "roll 2 2 2"
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(record))
    result = cli("verify", str(changed))
    assert result.returncode == 1 and result.stdout.startswith(f"not verified: Move {index + 1}, ")
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(record)[:100])
    result = cli("verify", str(damaged))
    assert result.returncode == 2 and "not valid JSON" in result.stderr and "Traceback" not in result.stderr
    missing = cli("verify", str(tmp_path / "nothing.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_a_record_saved_in_the_middle_of_a_round_shows_nobody_the_savers_hand() -> None:
    """Issue 35 (review): a record is for anyone to check, so one saved while
    a round goes on writes the saver's own dominoes unseen, as its friend
    sees them (the domino face up, which both read, stays), and checks."""
    pair = Pair("pyrinoes", 0, seed=4, target=50)
    for _ in range(300):
        side = pair.sides[0]
        state = side.position().state
        if (
            state is not None
            and state.round >= 1
            and not state.dealing
            and side.position().deck.round.face_up
        ):  # type: ignore[union-attr]
            break
        pair.step()
    for _ in range(6):
        pair.step()
    record = signed_record(pair.sides[0])
    hand = {str(d) for d in pair.sides[0].position().state.hands[0]}  # type: ignore[union-attr]
    deals = [move for move in record["moves"] if move.startswith(("deal ", "drawn "))]
    assert hand and not any(move.split()[1] in hand for move in deals), (
        "no domino of the saver's hand is named"
    )
    assert sum(move != "deal ?" for move in deals if move.startswith("deal ")) == 1, "only the domino face up"
    assert check(record).verified, check(record).problems
