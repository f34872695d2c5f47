"""Check a game by links (issue 35, docs/distance.md "Checking a game"):
anyone, holding no secret, checks a game's record with its signed blocks,
and is told "verified" with what was checked, or exactly what is wrong and
where, in a player's words.

This module owns the signed record (a game record with the game's blocks:
:func:`signed_record`, docs/notation.md "Game records"), and its check:
every signature and the chain of hashes (the ledger's own checks, block by
block), every batch of chance from both players' committed values, every
move by the rules, and, in a game both browsers deal, every proof of every
deal and draw and each round opened with both locks at its end (the spectator's replay,
:mod:`iriri_core.by_links.witness`); then the record's readable moves against
what the blocks prove.  Moves are numbered as the table numbers them: the
record's moves, chance's included, from 1.

>>> import json
>>> from iriri_core.by_links.crypto.ecdsa import PrivateKey
>>> ann, bob = PrivateKey(11), PrivateKey(12)
>>> mine = FriendGame.invite(Invitation("hextris", 0, "Ann", "Bob"), ann.public_bytes(), ann.sign)
>>> mine.play("L@c1")
>>> theirs = FriendGame.join(mine.send(mine.next_block().signed(ann)), bob.public_bytes())
>>> record = signed_record(theirs)
>>> print(check_record(json.dumps(record)).headline)
verified: a game of Hextris between Ann and Bob, 1 move; the game goes on: Bob to move
>>> record["moves"] = ["L@c3"]
>>> print(check_record(json.dumps(record)).problems[0])  # doctest: +NORMALIZE_WHITESPACE
Move 1, Ann's move: the record says 'L@c3', and the move Ann signed is 'L@c1':
the record was changed after the game
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..engine import GameError, InvalidRecordError
from ..records import Record
from .check_words import Telling, chance_word
from .crypto.blocks import Block, Ledger, LinkError, read_packet, write_packet
from .crypto.chains import MAX_GAP, values_back
from .crypto.ecdsa import verify
from .crypto.steps import Deferred, Steps, Work, finish
from .decks import AUDIT, PART_WORDS, Found, read_parts
from .game import FriendGame
from .invitations import Invitation
from .replay import Position, is_invitation
from .witness import Spectator, Witnessed

SIGNED_VERSION = 1
"""The version of a record's ``signed`` field (docs/notation.md)."""


class NotARecord(ValueError):
    """Text that is neither a record of a game by links nor a game's first
    link, with why in words."""


@dataclass
class Checked:
    """What checking a game found: verified or not, the game in a few
    words, what is wrong (each where it is: the first first), what was
    checked, and what could not be checked yet."""

    verified: bool
    title: str
    status: str = ""
    problems: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    open: list[str] = field(default_factory=list)
    """What is not yet known to anyone but the players (a roll not both revealed, a round under way)."""

    @property
    def headline(self) -> str:
        """One line: "verified: ..." or "not verified: " and the first problem."""
        if self.verified:
            return f"verified: {self.title}" + (f"; {self.status}" if self.status else "")
        return f"not verified: {self.problems[0] if self.problems else 'it could not be read'}"

    def to_json(self) -> dict[str, Any]:
        """For the page: ``result`` ("verified" or "wrong") and ``verified``;
        the ``headline`` (``summary``: the same, capitalised); the game
        (``title``) and how it stands (``status``); the lists in words
        (``problems``, ``checked``, ``open``), and all of them as one list of
        lines (``details``: the problems after the first, what was checked,
        what is not yet known)."""
        details = [f"Wrong: {line}" for line in self.problems[1:]]
        details += [f"Checked: {line}" for line in self.checked]
        details += [f"Not yet known to anyone but the players: {line}" for line in self.open]
        return {
            "result": "verified" if self.verified else "wrong",
            "verified": self.verified,
            "headline": self.headline,
            "summary": self.headline[0].upper() + self.headline[1:],
            "title": self.title,
            "status": self.status,
            "problems": list(self.problems),
            "checked": list(self.checked),
            "open": list(self.open),
            "details": details,
        }

    def text(self) -> str:
        """The report as the command line prints it."""
        lines = [self.headline]
        lines += [f"  wrong: {problem}" for problem in self.problems[1:]]
        lines += [f"  checked: {line}" for line in self.checked]
        lines += [f"  not yet known to anyone but the players: {line}" for line in self.open]
        return "\n".join(lines)


# ---------------------------------------------------------------- the record file


def signed_record(side: FriendGame) -> dict[str, Any]:
    """The record of ``side``'s game to save as a file (Share ▸ Save as a
    file): the game record as the table keeps it (the start, the moves as
    this side knows them, chance's included: in a dealt game, ``deal ?`` for
    a piece it has not seen) with its signed blocks, every one, and the
    players' names.  Moves not yet sent are left out: nobody has signed
    them."""
    sent = side
    if side.pending or side.resigning:
        sent = FriendGame(side.ledger, side.seat, side.public, side.secret, (), side.work)
        sent.trusted = len(side.ledger.blocks)
    position, game = sent.position(), side.game
    start = "" if position.start is None else game.to_text(position.start)
    record = Record(game.name, 2, start, _unseen_hand(position) if position.start is not None else ())
    signed = {
        "version": SIGNED_VERSION,
        "names": list(side.names),
        "view": side.seat,
        "blocks": write_packet(side.ledger.blocks),
    }
    return record.to_data() | {"signed": signed}


def _unseen_hand(position: Position) -> tuple[str, ...]:
    """The moves of ``position`` with this side's own hidden pieces of the
    round under way written unseen, as the friend sees them (the game's
    deck says which: :meth:`iriri_core.by_links.decks.Deck.unseen`): a
    record saved mid-round shows nobody this side's hand."""
    moves = tuple(position.moves)
    return moves if position.deck is None else position.deck.unseen(moves)


def read_signed(text: str | bytes) -> tuple[str, Record | None, list[str] | None]:
    """The packet of blocks, the record (None for a link) and the names it
    gives, from a signed record's JSON text or a game's first link (the
    page's address with ``#play=`` or the packet alone); raises NotARecord
    with why it is neither."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise NotARecord("this is not a game record: it is not text") from None
    text = text.strip()
    if text.startswith("{"):
        try:
            record = Record.from_json(text)
            data = json.loads(text)
        except (InvalidRecordError, ValueError) as exc:
            raise NotARecord(str(exc)) from None
        signed = data.get("signed")
        if signed is None:
            raise NotARecord(
                "this game record has no signed moves, so there is nothing to check it against: only a "
                "game with a friend by links, saved by Share ▸ Save as a file, carries them"
            )
        if not isinstance(signed, dict) or not isinstance(signed.get("blocks"), str):
            raise NotARecord('this game record\'s "signed" part is damaged: it has no blocks')
        version = signed.get("version", SIGNED_VERSION)
        if not isinstance(version, int) or version > SIGNED_VERSION:
            raise NotARecord(f"this record's signed moves are of version {version}, newer than this reads")
        names = signed.get("names")
        named = [str(name) for name in names] if isinstance(names, list) and len(names) == 2 else None
        return signed["blocks"], record, named
    packet = text.split("play=", 1)[1] if "play=" in text else text
    try:
        blocks = read_packet(packet, most=None)
    except LinkError as exc:
        raise NotARecord(f"this is neither a game record nor a game's link: {exc}") from None
    if not is_invitation(blocks[0]):
        raise NotARecord(
            "a link holds only a game's newest moves, not the game from its start, so it cannot be "
            "checked on its own: check the game's record (Share ▸ Save as a file) instead"
        )
    return packet, None, None


# ---------------------------------------------------------------- the check


def check_record(text: str | bytes, work: Work | None = None) -> Checked:
    """Check a signed record's text, or a game's first link (:func:`read_signed`);
    raises NotARecord if it is neither."""
    packet, record, names = read_signed(text)
    return finish(_Check(packet, record, names, work or Work()).run())


def checking(text: str | bytes, defer: bool = True) -> Steps[dict[str, Any]]:
    """The check of ``text`` as the page runs it, a slice at a time
    (:class:`~iriri_core.by_links.crypto.steps.Running`): its result is
    :meth:`Checked.to_json`, or, for text that is neither a signed record
    nor a game's first link, ``"result": "unreadable"`` with why as its
    ``headline`` and ``summary``."""
    try:
        packet, record, names = read_signed(text)
    except NotARecord as exc:
        words = str(exc)
        return {
            "result": "unreadable",
            "verified": False,
            "headline": words,
            "summary": words[0].upper() + words[1:],
            "problems": [],
            "checked": [],
            "open": [],
            "details": [],
        }
    checked = yield from _Check(packet, record, names, Work(defer=defer)).run()
    return checked.to_json()


def check_text(text: str | bytes) -> dict[str, Any]:
    """:func:`checking` at once (a script, or a page that does not mind waiting)."""
    return finish(checking(text, defer=False))


class _Check:
    """One check under way: the blocks, the ledger and the spectator's replay
    of them, the record to compare, what was found."""

    def __init__(self, packet: str, record: Record | None, names: list[str] | None, work: Work) -> None:
        self.packet, self.record, self.given_names, self.work = packet, record, names, work
        self.problems: list[tuple[int, str]] = []
        self.open: list[str] = []
        self.blocks: list[Block] = []
        self.names = ("the first player", "the second player")

    def problem(self, at: int, words: str) -> None:
        self.problems.append((at, words))

    def run(self) -> Steps[Checked]:
        try:
            self.blocks = read_packet(self.packet, most=None)
        except LinkError as exc:
            return Checked(False, "a game by links", problems=[f"The signed moves are damaged: {exc}"])
        first = self.blocks[0]
        try:
            invitation = Invitation.read(first.moves)
            self.names = Spectator(invitation).names
            if first.key and not verify(first.key, first.body(), first.signature):
                who = self.names[first.seat] if first.seat in (0, 1) else "its maker"
                raise LinkError(f"it is not signed by {who}'s browser: it was changed after it was signed")
            ledger = Ledger.begin(first)
            game = Spectator(invitation).game
            if first.seat != invitation.seat or bool(first.commitment) != game.has_chance:
                raise LinkError("it is damaged: no game could start from it")
            if first.reveal or first.deal or first.resign:
                raise LinkError("it is damaged: no game could start from it")
        except LinkError as exc:
            return Checked(False, "a game by links", problems=[f"The invitation: {exc}"])
        spectator = Spectator(invitation, self.work)
        title = f"a game of {game.title} between {self.names[0]} and {self.names[1]}"
        title += "" if self.record else " (its first link only)"
        self._against_invitation(game, invitation)
        readable = self.record.moves if self.record else ()
        replay = Witnessed.begin_for(spectator, readable, self.blocks)
        replay.blocks, replay.head = 1, first.digest
        complete = yield from self._replay(spectator, ledger, replay)
        replay = self.replay
        if complete:
            try:
                replay.settle(spectator, ledger)
            except (LinkError, GameError) as exc:
                self.problem(len(replay.played), f"After move {len(replay.played)}: {exc}")
                complete = False
        telling = Telling(game, self.names, replay, ledger, complete, self.record)
        telling.compare()
        found = sorted([*self.problems, *telling.problems], key=lambda problem: problem[0])
        problems = [words for _, words in found]
        moves = len(replay.played)
        title += f", {moves} move{'s' if moves != 1 else ''}"
        checked = telling.checked(replay.blocks)
        return Checked(not problems, title, telling.status(), problems, checked, [*self.open, *telling.open])

    def _against_invitation(self, game: Any, invitation: Invitation) -> None:
        """The record's game and names against the signed invitation's."""
        record = self.record
        if record is None:
            return
        if record.game != invitation.game or record.players != 2:
            self.problem(
                -1,
                f"The game: the record says it is a game of {record.game} for {record.players}, and the "
                f"signed invitation is to {game.title} for two: the record was changed after the game",
            )
        names = self.given_names
        if names is not None and tuple(names) != self.names:
            self.problem(
                -1,
                f"The players: the record says {names[0]} and {names[1]}, and the signed invitation says "
                f"{self.names[0]} and {self.names[1]}: the record was changed after the game",
            )

    def _replay(self, spectator: Spectator, ledger: Ledger, replay: Witnessed) -> Steps[bool]:
        """Every block after the invitation, checked and replayed; whether all were."""
        self.replay = replay
        for block in self.blocks[1:]:
            found = self._link(spectator, ledger, replay, block)
            if found is not None:
                self.problem(len(replay.played), found)
                return False
            yield
            trial = replay.copy() if self.work.defer else replay
            while True:
                try:
                    trial.block(spectator, ledger, block)
                    break
                except Deferred as due:  # (a proof, checked in slices on the page)
                    yield from _slices(due)
                    trial = replay.copy()
                except Found as exc:
                    self.replay = trial
                    self.problem(len(trial.played) if exc.at is None else exc.at, str(exc))
                    return False
                except (LinkError, GameError) as exc:  # (the protocol's words, for a side: "not yours")
                    self.replay = trial
                    words, who = str(exc).replace(", not yours", ""), self.names[block.seat]
                    self.problem(len(trial.played), f"{who}'s link after move {len(trial.played)}: {words}")
                    return False
            replay = self.replay = trial
            replay.blocks, replay.head = replay.blocks + 1, block.digest
        return True

    def _link(self, spectator: Spectator, ledger: Ledger, replay: Witnessed, block: Block) -> str | None:
        """Add ``block`` to the ledger with its checks (the chain of hashes, the
        signature, the chance value against its commitment, the ledger's
        own); what is wrong, with the move it touches, or None."""
        if block.seat not in (0, 1):
            return f"After move {len(replay.played)}: a link is for seat {block.seat + 1}, and a game has two"
        who = self.names[block.seat]
        if block.previous != ledger.head:
            moves = f" (with {who}'s move {block.moves[0]!r})" if block.moves else ""
            return (
                f"{who}'s link after move {len(replay.played)}{moves}: it does not follow the link before "
                "it: a link of the game was removed, added or changed there"
            )

        def where() -> str:
            return self._where(spectator, ledger, replay, block)

        key = block.key or ledger.keys.get(block.seat, b"")
        if key and not verify(key, block.body(), block.signature):
            return f"{where()}: it is not signed by {who}'s browser: it was changed after it was signed"
        if spectator.game.has_chance and block.key and not block.commitment:
            return f"{where()}: {who}'s answer to the invitation brings no commitment for the chance"
        known = [block.commitment] if block.commitment else ledger.values.get(block.seat)
        if block.reveal and known and values_back(block.reveal, known[-1], MAX_GAP) is None:
            return (
                f"{where()}: the chance value in {who}'s link does not follow the commitment {who}'s browser "
                f"made at the start: it is not a value {who} committed to"
            )
        try:
            ledger.add(block, signed=False)
        except LinkError as exc:  # (its words name seats: "seat 2's chance value ...")
            words = str(exc)
            for seat, name in enumerate(self.names):
                words = words.replace(f"seat {seat + 1}'s", f"{name}'s")
            return f"{where()}: {words}"
        return None

    def _where(self, spectator: Spectator, ledger: Ledger, replay: Witnessed, block: Block) -> str:
        """What ``block`` touches, as a player names it: the chance its value
        makes first (a roll) and the move it plays, or what its link carries
        (found by replaying it on a copy, its proofs unchecked)."""
        who, done = self.names[block.seat], len(replay.played)
        trial, first = replay.copy(), None
        try:
            copied = ledger.copy()
            copied.add(block, signed=False)
            trial.block(spectator, copied, block, check=False)
        except Found as exc:
            first = exc.at
        except (LinkError, GameError, Deferred, ValueError):
            pass
        made = trial.played[done:]
        if block.moves and block.moves[0] in made:
            first = done + made.index(block.moves[0])
        telling = Telling(spectator.game, self.names, trial, ledger, True)
        moved = _moves_words(who, block.moves, first)
        if made and first != done:
            chance = telling.said(done)
        elif not made and block.reveal and replay.waiting:
            chance = telling.coming()
        else:
            chance = ""
        if chance:
            return f"Move {done + 1}, {chance}" + (f", and {moved}" if moved else "")
        if moved:
            count = len(block.moves)
            number = done if first is None else first
            said = f"Move {number + 1}" if count == 1 else f"Moves {number + 1} to {number + count}"
            return f"{said}, {moved.split(' (move')[0]}"
        if block.resign:
            return f"{who}'s resignation after move {done}"
        try:
            parts = read_parts(block.deal)
        except LinkError:
            parts = []
        if parts:
            what = "end" if parts[0].kind == AUDIT else "deal"
            return f"Round {parts[0].round}'s {what}, {who}'s {PART_WORDS[parts[0].kind]}"
        if block.key:
            return f"{who}'s answer to the invitation"
        return f"{who}'s part of {chance_word(spectator.invitation.game)} after move {done}"


def _slices(due: Deferred) -> Steps[None]:
    """Do a deferred computation a piece at a time, and keep its result (or
    its refusal, raised again where the replay asks for it)."""
    running = due.running()
    try:
        while not running.run_for(0.0):
            yield
        due.keep(running)
    except Exception as error:  # (its own refusal: a proof that fails, a deck that opens to no deal)
        due.fail(error)


def _moves_words(who: str, moves: tuple[str, ...], first: int | None) -> str:
    """A link's moves, as a player names them: "Ann's move 'L@c1' (move 12)",
    "Ann's moves 'a', 'b' and 'c' (moves 4 to 6)"; "" for none."""
    if not moves:
        return ""
    shown = [repr(move) for move in moves[:4]] + ([f"{len(moves) - 4} more"] if len(moves) > 4 else [])
    said = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    if first is None:
        number = ""
    else:
        number = (
            f" (move {first + 1})" if len(moves) == 1 else f" (moves {first + 1} to {first + len(moves)})"
        )
    return f"{who}'s move{'s' if len(moves) > 1 else ''} {said}{number}"
