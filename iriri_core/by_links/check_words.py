"""The words of a game's check (:mod:`iriri_core.by_links.check`): what a
spectator's replay proved, told as a player would tell it, and the record's
readable moves compared with it, the first difference named by its kind (a
roll, the ring, a pick for who starts, a deal or a draw, a player's move).

This module owns those words and the comparison: moves are numbered as the
table numbers them (the record's moves, chance's included, from 1), players
by name.  An entry of the replay that only the players know yet (a domino
dealt in a round not yet opened: ``deal ?``) matches whatever the record
says there, and is counted as not checked; once a round is opened with both
locks, every domino of it must be the record's.
"""

from __future__ import annotations

from typing import Any

from ..engine import CHANCE, GameError, get_game
from ..records import Record
from .crypto.blocks import Ledger
from .witness import Witnessed

CHANGED = "the record was changed after the game"


def chance_word(game: str) -> str:
    """The batch of chance under way in ``game``'s words ("the roll";
    :attr:`iriri_core.engine.Game.chance_words`)."""
    return get_game(game).chance_words[0]


def _rest(text: str, word: str) -> str:
    """``text`` without its first ``word`` (the dice of "roll 2 3 5", the
    domino of "deal 6-5"), or quoted if it is no such move.

    >>> _rest("roll 2 3 5", "roll"), _rest("deal ?", "deal"), _rest("pass", "roll")
    ('2 3 5', 'an unseen domino (?)', "'pass'")
    """
    if text.startswith(word + " "):
        rest = text[len(word) + 1 :]
        return "an unseen domino (?)" if rest == "?" else rest
    return repr(text)


class Telling:
    """A spectator's replay told in a player's words: each entry of its
    record named, the record's readable moves compared with it, what it
    checked and what is left open."""

    def __init__(
        self,
        game: Any,
        names: tuple[str, str],
        replay: Witnessed,
        ledger: Ledger,
        complete: bool,
        record: Record | None = None,
    ) -> None:
        self.game, self.names, self.replay, self.ledger = game, names, replay, ledger
        self.complete, self.record = complete, record
        self.entries = list(replay.played)
        self.problems: list[tuple[int, str]] = []
        self.open: list[str] = []
        self._walked: tuple[int, Any] = (0, replay.start)

    # ------------------------------------------------------------ naming an entry

    def state_at(self, index: int) -> Any | None:
        """The position before entry ``index`` (the rules replay the entries;
        None where they cannot)."""
        at, state = self._walked if self._walked[0] <= index else (0, self.replay.start)
        game = self.game
        try:
            for text in self.entries[at:index]:
                state = game.play(state, game.parse_move(state, text))
        except (GameError, ValueError, AttributeError):
            return None
        self._walked = (index, state)
        return state

    def said(self, index: int) -> str:
        """Entry ``index`` as a player names it: "Bob's move 'L@c1'", "Bob's
        roll", "round 2's deal", "Ann's draw", "Ann's pick for who starts"."""
        state, text = self.state_at(index), self.entries[index] if index < len(self.entries) else ""
        if state is None:
            return f"the move {text!r}"
        seat = self.game.current_player(state)
        if seat >= 0:
            return f"{self.names[seat]}'s move {text!r}"
        word = text.split()[0] if text else ""
        if word == "deal":
            return f"round {self._round(state, text)}'s deal"
        actor = self._chance_actor(state, word)
        return f"{self.names[actor]}'s {_CHANCE_NOUNS.get(word, 'chance')}" if actor is not None else "chance"

    def coming(self) -> str:
        """The chance due after the last entry, as a player names it ("Ann's
        roll", "the ring"), before it is made."""
        state = self.state_at(len(self.entries))
        if state is None:
            return chance_word(self.game.name)
        roller = self.game.roller(state)
        if roller is not None:
            return f"{self.names[roller]}'s roll"
        if getattr(state, "round", None) == 0:
            return f"{self.names[self._chance_actor(state, 'pick') or 0]}'s pick for who starts"
        return "chance"

    def _chance_actor(self, state: Any, word: str) -> int | None:
        if word == "roll":
            roller: int | None = self.game.roller(state)
            return roller
        if word == "pick":
            return (
                0 if len(getattr(state, "picks", ())) in (0, 2) else 1
            )  # fire picks first, and again after a tie
        if word == "drawn":
            return int(state.to_move)
        return None

    def _round(self, state: Any, text: str) -> int:
        try:
            return int(self.game.play(state, self.game.parse_move(state, text)).round)
        except (GameError, ValueError, AttributeError):
            return int(getattr(state, "round", 0))

    def _place(self, index: int) -> int:
        """Which of a round's deal ``index`` is (0: the first domino dealt)."""
        place = 0
        while index - place - 1 >= 0 and self.entries[index - place - 1].startswith("deal "):
            place += 1
        return place

    def difference(self, index: int, written: str, signed: str | None = None) -> str:
        """The record's move ``index`` (``written``) is not what the blocks
        prove (``signed``, else the entry): the difference in words."""
        signed = self.entries[index] if signed is None else signed
        n, state = index + 1, self.state_at(index)
        seat = CHANCE if state is None else self.game.current_player(state)
        word = signed.split()[0] if signed else ""
        if state is not None and seat >= 0:
            who = self.names[seat]
            return (
                f"Move {n}, {who}'s move: the record says {written!r}, and the move {who} signed is "
                f"{signed!r}: {CHANGED}"
            )
        if state is not None and word in ("roll", "pick"):
            actor = self._chance_actor(state, word)
            noun = _CHANCE_NOUNS[word]
            return (
                f"Move {n}, {self.names[actor] if actor is not None else 'the'}'s {noun}: the record says "
                f"{_rest(written, word)}, and both players' committed values make {_rest(signed, word)}: "
                f"this {noun.split()[0]} was changed after the game"
            )
        if state is not None and word == "deal":
            number, place = self._round(state, signed), self._place(index)
            # nine to fire, nine to ice, one face up
            said = (
                "the domino face up is" if place >= 18 else f"{self.names[0 if place < 9 else 1]} was dealt"
            )
            return (
                f"Round {number}'s deal, move {n}: the record says {said} {_rest(written, word)}, and the "
                f"deal shows {_rest(signed, word)} there: the deal was changed after the game"
            )
        if state is not None and word == "drawn":
            who = self.names[int(state.to_move)]
            return (
                f"Move {n}, {who}'s draw: the record says {who} drew {_rest(written, word)}, and the deal "
                f"shows {_rest(signed, word)}: this draw was changed after the game"
            )
        return f"Move {n}: the record says {written!r}, and the signed game has {signed!r} there: {CHANGED}"

    # ------------------------------------------------------------ the record

    def compare(self) -> None:
        """The record's start and moves against what the blocks prove: the
        first difference, what could not be checked yet, a record shorter
        or longer than the signed game."""
        record, replay, game = self.record, self.replay, self.game
        ring = chance_word(game.name)
        if record is None:
            return
        if replay.start is None:
            if record.start:
                self.open.append(
                    f"{ring} (the record's start): {self._waiting_for()} has not sent their part of it yet"
                )
            return
        proven = game.to_text(replay.start)
        if record.start != proven:
            self.problems.append((-1, self._start_words(record.start, proven)))
        witness = replay.witness
        claimed = witness.claimed if witness else {}
        learned = witness.learned if witness else {}
        readable, unseen = record.moves, 0
        for index in range(min(len(readable), len(self.entries))):
            written = readable[index]
            signed = learned.get(index, self.entries[index])
            if index in claimed or written == signed:
                continue
            hidden = self.entries[index].endswith(" ?")
            if (
                hidden
                and written.split()[:1] == signed.split()[:1]
                and (written.endswith(" ?") or index not in learned)
            ):
                unseen += 1
                continue
            self.problems.append((index, self.difference(index, written, signed)))
            return
        self._rounds_open(unseen)
        if self.complete:
            self._lengths(readable)

    def _start_words(self, written: str, proven: str) -> str:
        lines = [(a, b) for a, b in zip(written.splitlines(), proven.splitlines(), strict=False) if a != b]
        mine, theirs = lines[0] if lines else (written[:60], proven[:60])
        if self.replay.set_up:
            return (
                f"The start: the record's start has {mine!r}, and the position set up in the signed "
                f"invitation has {theirs!r}: {CHANGED}"
            )
        if self.game.dealt_from_seed:
            ring = chance_word(self.game.name)
            return (
                f"{ring[0].upper()}{ring[1:]}: the record's start has {mine!r}, and both players' committed "
                f"values make {theirs!r}: {ring} was changed after the game"
            )
        return f"The start: the record's start has {mine!r}, and the game starts with {theirs!r}: {CHANGED}"

    def _lengths(self, readable: tuple[str, ...]) -> None:
        entries, game = self.entries, self.game
        witness = self.replay.witness
        claimed = witness.claimed if witness else {}
        if len(readable) < len(entries):
            rest = range(len(readable), len(entries))
            if all(entries[i].endswith(" ?") or i in claimed for i in rest):
                self.open.append(
                    f"moves {len(readable) + 1} to {len(entries)}: dealt, and not yet read by the record's "
                    "player"
                )
                return
            self.problems.append(
                (
                    len(readable),
                    f"The record stops after move {len(readable)}, and the signed game goes on to move "
                    f"{len(entries)}: moves {len(readable) + 1} to {len(entries)} are missing from the "
                    "record",
                )
            )
        elif len(readable) > len(entries):
            extra, state, number = readable[len(entries) :], self.replay.state, len(entries)
            try:
                for text in extra if self.replay.waiting and state is not None else ("",):
                    if game.current_player(state) != CHANCE:
                        raise GameError("a player's move")
                    state = game.play(state, game.parse_move(state, text))
            except (GameError, ValueError):
                self.problems.append(
                    (
                        len(entries),
                        f"The record goes on after move {len(entries)}, the last one signed: move "
                        f"{len(entries) + 1} ({extra[0]!r}) is signed by neither player",
                    )
                )
                return
            self.entries = [*entries, *extra]
            word = extra[0].split()[0] if extra[0] else ""
            self.open.append(
                f"move {number + 1}, {self.said(number)} ({_rest(extra[0], word)}, as the record gives it): "
                f"{self._waiting_for()} has not sent their part of it yet"
            )

    def _waiting_for(self) -> str:
        """The player whose value for the batch under way is not in the game yet."""
        batch = self.replay.batches
        late = [seat for seat in (0, 1) if self.replay.shown.get(seat, 0) < batch]
        return " and ".join(self.names[seat] for seat in late) or "a player"

    def _rounds_open(self, unseen: int) -> None:
        """What a round not opened (its locks not both in the game) leaves unchecked."""
        witness, state = self.replay.witness, self.replay.state
        if witness is None:
            return
        for number in sorted(witness.hidden):
            current = witness.rounds.get(number)
            if state is not None and state.round == number and state.ending is not None:
                late = [self.names[s] for s in (0, 1) if current is None or s not in current.audits]
                words = (
                    f"round {number} has ended: it is opened, checked in full and counted once both "
                    f"players' locks are in the game ({' and '.join(late)} has not revealed theirs yet)"
                )
            elif self.ledger.resigned is not None:
                words = (
                    f"round {number} was left unfinished by the resignation: its hands and boneyard stay "
                    "known only to the players"
                )
            else:
                words = (
                    f"round {number} is under way: its hands and boneyard are known only to the players "
                    "until its end, when both locks are revealed"
                )
            claim = witness.claimed.get(witness.faces.get(number, -1))
            if claim:
                words += f"; its domino face up is as the record gives it ({_rest(claim, 'deal')})"
            if unseen and number == max(witness.hidden):
                words += f"; {unseen} of the record's dominoes in it cannot be checked yet"
            self.open.append(words)

    # ------------------------------------------------------------ the summary

    def status(self) -> str:
        """How the game stands: who won, who resigned, whose turn it is."""
        names, state, game, replay = self.names, self.replay.state, self.game, self.replay
        if self.ledger.resigned is not None:
            return f"{names[self.ledger.resigned]} resigned"
        if not self.complete:
            return ""
        if state is None:
            return (
                f"the game goes on: {self._waiting_for()} has not sent their part of {chance_word(game.name)}"
            )
        if game.is_over(state) and not replay.waiting:
            outcome = game.outcome(state)
            winners: tuple[int, ...] = outcome.winners if outcome else ()
            said = f"{names[winners[0]]} won" if len(winners) == 1 else "a shared win"
            scores: tuple[float, ...] = outcome.scores if outcome else ()
            if len(scores) == 2 and any(score not in (0, 1) for score in scores):
                best, other = sorted(scores, reverse=True) if len(winners) == 1 else scores
                said += f", {best:g} to {other:g}"
            return said
        seat = game.current_player(state)
        if seat >= 0:
            return f"the game goes on: {names[seat]} to move"
        deck = replay.deck
        if deck is not None and deck.acts(state) and deck.round is not None:
            current = deck.round
            if state.ending is not None:
                late = [names[s] for s in (0, 1) if s not in current.audits]
                late_words = " and ".join(late)
                return (
                    f"the game goes on: round {state.round} is counted once {late_words} reveals their lock"
                )
            return f"the game goes on: round {current.number}'s deal waits for a player's part"
        return f"the game goes on: {self._waiting_for()} has not sent their part of {chance_word(game.name)}"

    def checked(self, links: int) -> list[str]:
        """What the check went through, with counts."""
        game, replay = self.game, self.replay
        first = "" if self.complete else "the first "
        lines = [
            f"{first}{_count(links, 'link')}, each signed by its player's browser and naming the one "
            "before it"
        ]
        if replay.set_up:
            lines.append("the start: the position set up that the signed invitation gives")
        if self.complete and self.ledger.plies:
            players = self.ledger.plies
            chance = len(replay.played) - players
            more = f", and {_count(chance, 'move')} of chance" if chance else ""
            lines.append(
                f"{_count(players, 'move')} of the players, each legal by the rules where it was played{more}"
            )
        waiting = replay.waiting and (
            replay.state is None or not (replay.deck and replay.deck.acts(replay.state))
        )
        made = replay.batches - (1 if waiting else 0)
        one, many = game.chance_words
        if made and game.has_chance:
            if many is None:
                lines.append(f"{one}, made from both players' committed values")
            else:
                lines.append(f"{_count(made, one[4:], many)}, each made from both players' committed values")
        witness = replay.witness
        if witness is not None and witness.counts["deals"]:
            counts = witness.counts
            lines.append(
                f"{_count(counts['deals'], 'deal')} by both browsers: {_count(counts['shuffles'], 'proof')} "
                f"of shuffle, {_count(counts['lifts'], 'lock')} lifted (hands, dominoes face up, draws) and "
                f"{_count(counts['shown'], 'domino', 'dominoes')} shown as they were played, each against "
                "its proof"
            )
        if witness is not None and witness.counts["rounds"]:
            lines.append(
                f"{_count(witness.counts['rounds'], 'round')} opened at the end with both players' locks, "
                "every domino once, and played by the rules with every domino known"
            )
        if self.record is not None and not self.problems:
            lines.append(
                f"the record's start and its {_count(len(self.record.moves), 'move')} are the signed game's"
            )
        return lines


def _count(number: int, one: str, many: str = "") -> str:
    """``number`` things, in words: "1 link", "3 links", "2 dominoes"."""
    return f"{number} {one if number == 1 else many or one + 's'}"


_CHANCE_NOUNS = {"roll": "roll", "pick": "pick for who starts", "drawn": "draw"}
"""Chance's moves by their first word, as a player names them."""
