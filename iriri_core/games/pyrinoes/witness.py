"""Pyrinoes by links checked by someone who played in neither browser
(issue 35; docs/distance.md, "Checking a game"): :class:`WitnessDeck`, the
deal of :mod:`iriri_core.games.pyrinoes.deck` checked with no lock, which
Pyrinoes gives for the spectator's replay (:mod:`iriri_core.by_links.witness`):

* both proofs of shuffle, every lock lifted (message 2's, message 3's, each
  draw's) against the final deck, every domino played against its proof;
* a round whose two locks are both in the blocks (public once revealed,
  found ahead) is opened with them as soon as it is dealt, so it is played
  by the rules with every domino known (a draw or a pass a hidden hand did
  not allow is found at the move), and audited at its end as both sides do;
* a round whose locks are not both revealed (the round under way) is
  checked as far as its proofs go: its hands and boneyard stay unseen, and
  its domino face up, which only the players have read, is taken as the
  record gives it, and said to be (:attr:`WitnessDeck.claimed`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ...by_links.crypto import proofs, shuffle
from ...by_links.crypto.blocks import LinkError
from ...by_links.crypto.deal import Dealer, DealError, Deck, lift_bytes
from ...by_links.crypto.locking import POINT_BYTES, Lock, pack, unpack
from ...by_links.crypto.p256 import G, PointError, check_scalar, compress, mul
from ...by_links.crypto.steps import Work
from ...by_links.decks import ANSWER, AUDIT, LIFT, PART_WORDS, START, Found, Part
from .deck import CARDS, FACE_UP, PLACES, PyrinoesDeck, Round
from .state import ALL_DOMINOES, UNSEEN, Domino, Drawn, Play, PyrinoesState

_DOMINOES = {str(d): d for d in ALL_DOMINOES}
COUNT = len(ALL_DOMINOES)


class Unlocked(Dealer):
    """A spectator's dealer: it holds no lock of its own (a placeholder, until
    a player's lock revealed at the round's end takes its place), only what
    the blocks show."""


@dataclass
class WitnessRound(Round):
    """One round's deal as a spectator sees it: the deal's own record
    (:class:`Round`), whose ``dealer`` holds the final deck, the dominoes
    known and, once the first lock is revealed, that lock; and, by seat,
    the dealer that checks a domino that seat plays (the other's lock
    lifted from its places) and the seat's lock's public point."""

    checks: tuple[Dealer, ...] = ()
    keys: dict[int, tuple[int, int]] = field(default_factory=dict)

    def clone(self) -> WitnessRound:
        twin = cast(WitnessRound, super().clone())
        twin.checks = tuple(check.copy() for check in self.checks)
        twin.keys = dict(self.keys)
        return twin


class WitnessDeck(PyrinoesDeck):
    """The deal and draws of a Pyrinoes game by links, checked by a
    spectator (the module's docstring): what one side's
    :class:`PyrinoesDeck` does, with no lock of its own."""

    def __init__(
        self,
        game: Any,
        names: tuple[str, str],
        work: Work,
        readable: Sequence[str] = (),
        locks: dict[int, dict[int, int]] | None = None,
    ) -> None:
        super().__init__(game, 0, b"", names, work)  # (seat: the first to reveal a lock, at each round's end)
        self.readable = tuple(readable)
        self.locks = locks or {}
        self.counts: Counter[str] = Counter()
        """What was checked: "deals", "shuffles", "lifts", "shown", "opened" (rounds), "rounds" (audited)."""
        self.claimed: dict[int, str] = {}
        """The record's entries taken on trust, by index: a round's domino face up before its locks."""
        self.learned: dict[int, str] = {}
        """Dominoes known from their proofs in a round not opened, by record index."""
        self.hidden: set[int] = set()
        """The rounds dealt whose locks are not both in the blocks."""
        self.faces: dict[int, int] = {}
        """Where each round's domino face up is in the record, by round."""

    def clone(self) -> WitnessDeck:
        copy = WitnessDeck(self.game, self.names, self.work, self.readable, self.locks)
        copy.rounds = {number: kept.clone() for number, kept in self.rounds.items()}
        copy.seat, copy.counts, copy.hidden = self.seat, Counter(self.counts), set(self.hidden)
        copy.claimed, copy.learned, copy.faces = dict(self.claimed), dict(self.learned), dict(self.faces)
        return copy

    def dealer(self, number: int, start: bytes = b"") -> Dealer:
        """A dealer with no lock of the spectator's (the placeholder is never
        used to open anything: the first lock revealed takes its place)."""
        return Unlocked(CARDS, PLACES, 0, Lock(1), work=self.work)

    def _new_round(self, state: PyrinoesState) -> WitnessRound:
        made = super()._new_round(state)
        checks = (self.dealer(made.number), self.dealer(made.number))
        return WitnessRound(made.number, made.starter, made.dealer, made.start, checks=checks)

    def _chance(self, state: PyrinoesState, move: Any, record: list[str]) -> PyrinoesState:
        current = self.round
        if isinstance(move, Drawn) and move.domino == UNSEEN and current is not None and current.draws:
            name = current.dealer.opened.get(current.draws[-1][1])  # a round opened: the domino is known
            move = Drawn(_DOMINOES[name]) if name else move
        return super()._chance(state, move, record)

    def witness(self, number: int) -> WitnessRound:
        current = self.rounds[number]
        assert isinstance(current, WitnessRound)
        return current

    # ------------------------------------------------------------ the parts

    def part(
        self, state: PyrinoesState, sender: int, part: Part, record: list[str], check: bool = True
    ) -> PyrinoesState:
        """Take a deal's part of a block by ``sender`` (as
        :meth:`PyrinoesDeck.part`), every proof checked from the blocks alone;
        raises LinkError naming the round and what is wrong."""
        who = self.names[sender]
        current = self.rounds.get(part.round)
        if current is None or (part.kind != AUDIT and current is not self.round):
            raise LinkError(f"{who}'s {PART_WORDS[part.kind]} is for another round than the one under way")
        here = self.witness(part.round)
        try:
            if part.kind == START:
                if sender != here.starter or here.first or here.face_up is not None:
                    raise LinkError(f"{who} dealt when it was not theirs to deal")
                here.dealer.check_start(part.data, check)  # its points, none twice, its proof of shuffle
                here.keys[sender] = Deck.read(part.data, COUNT, f"{who}'s", old=not check).public
                here.first = part.data
                self.counts["shuffles"] += 1
            elif part.kind == ANSWER:
                if sender != here.answerer or not here.first or here.answered:
                    raise LinkError(f"{who} answered a deal out of turn")
                self._answer(here, who, part.data, record, check)
            elif part.kind == LIFT:
                self._lift_witnessed(here, sender, part, check)
            elif part.kind == AUDIT:
                state = self._audit_witnessed(state, here, sender, part, record, check)
            else:
                raise LinkError("it shows a domino that none of its moves plays")
        except DealError as exc:
            raise LinkError(str(exc)) from None
        return state

    def _answer(self, here: WitnessRound, who: str, data: bytes, record: list[str], check: bool) -> None:
        """Message 2: the final deck proved a shuffle of message 1's under the
        answerer's lock, and its lift of the starter's places proved."""
        first = Deck.read(here.first, COUNT, "the starter's", old=not check)
        places = (*PLACES.hands[here.starter], FACE_UP)
        final = Deck.read(data, COUNT, f"{who}'s", rest=lift_bytes(len(places)), old=not check)
        name = b"witness answer" + data[: -lift_bytes(len(places))] + pack(first.cards)
        if check and not self.work.run(
            name, lambda: shuffle.check_steps(final.public, first.cards, final.cards, final.proof)
        ):
            raise DealError(
                f"{who}'s deck is not the starter's dominoes locked once more by one lock and shuffled: "
                "the deal was not fair"
            )
        self._check_lift(final.public, final.cards, places, final.rest, who, check)
        here.keys[here.answerer] = final.public
        for dealer in (here.dealer, *here.checks):
            dealer.deck = list(final.cards)
        here.checks[here.starter].other = first.public
        here.checks[here.starter].lifted_for(places, final.rest)
        here.checks[here.answerer].other = final.public
        here.answered = True
        self.counts["shuffles"] += 1
        self.counts["deals"] += 1
        here.face_up = self._face_up(here, len(record) + FACE_UP, check)

    def _face_up(self, here: WitnessRound, index: int, check: bool) -> Domino:
        """The domino face up once the deal is made: known where both locks
        of the round are in the blocks (the round opened whole), else as the
        record gives it (at ``index``), else unseen."""
        locks = self.locks.get(here.number, {})
        if set(locks) == {0, 1}:
            names = None
            try:
                opener = Dealer(CARDS, PLACES, here.starter, Lock(locks[here.starter]), work=self.work)
                if opener.public == here.keys[here.starter]:
                    opener.other, opener.deck = here.keys[here.answerer], list(here.dealer.deck)
                    names = opener.audit(locks[here.answerer], check)
            except (DealError, ValueError):
                names = None  # (the round's audit will say what is wrong, in its place)
            if names is not None:
                here.dealer.opened = dict(enumerate(names))
                self.counts["opened"] += 1
                return _DOMINOES[names[FACE_UP]]
        self.hidden.add(here.number)
        self.faces[here.number] = index
        claim = self.readable[index] if index < len(self.readable) else ""
        words = claim.split()
        domino = _DOMINOES.get(words[1]) if len(words) == 2 and words[0] == "deal" else None
        if domino is None:
            return UNSEEN
        self.claimed[index] = claim
        here.dealer.opened = {FACE_UP: str(domino)}
        return domino

    def _check_lift(
        self,
        key: tuple[int, int],
        deck: list[tuple[int, int]],
        places: tuple[int, ...],
        message: bytes,
        who: str,
        check: bool,
    ) -> None:
        """That ``message`` lifts the lock of ``key`` from the final deck's
        cards at ``places``, by its proof."""
        body, proof = message[: -proofs.PROOF_BYTES], message[-proofs.PROOF_BYTES :]
        try:
            if len(body) != len(places) * POINT_BYTES or any(not 0 <= p < len(deck) for p in places):
                raise PointError("it has not one point for each place")
            lifted = unpack(body)
        except PointError as exc:
            raise DealError(f"{who}'s lift of a lock is damaged: {exc}") from None
        pairs: list[proofs.Pair] = [(z, deck[p]) for z, p in zip(lifted, places, strict=True)]
        name = b"witness lift" + compress(key) + message + pack(deck[p] for p in places)
        if check and not self.work.run(name, lambda: proofs.check_steps(key, pairs, proof)):
            raise DealError(
                f"the dominoes {who} lifted their lock from are not the deck's, with that lock lifted"
            )
        self.counts["lifts"] += 1

    def _lift_witnessed(self, here: WitnessRound, sender: int, part: Part, check: bool) -> None:
        """Message 3 (the starter's lift of the answerer's hand and the domino
        face up), or a drawn domino's lift by the other player."""
        who = self.names[sender]
        count = part.data[0] if part.data else 0
        if not part.data or len(part.data) < 1 + count or not here.answered:
            raise LinkError(f"{who}'s lift of a lock is damaged or out of turn")
        places, message = tuple(part.data[1 : 1 + count]), part.data[1 + count :]
        theirs = (*PLACES.hands[here.answerer], FACE_UP)
        if places == theirs and sender == here.starter and not here.lifted:
            receiver = here.answerer
            here.lifted = True
        else:
            drawers = {place: seat for seat, place, _ in here.draws}
            drawer = drawers.get(places[0]) if len(places) == 1 else None
            if drawer is None or drawer == sender or places[0] in here.drawn:
                raise LinkError(f"{who} lifts a lock from dominoes it is not theirs to give")
            receiver = drawer
            here.drawn.add(places[0])
        self._check_lift(here.keys[sender], here.dealer.deck, places, message, who, check)
        here.checks[receiver].lifted_for(places, message)

    def _audit_witnessed(
        self,
        state: PyrinoesState,
        here: WitnessRound,
        sender: int,
        part: Part,
        record: list[str],
        check: bool,
    ) -> PyrinoesState:
        """A lock revealed at the round's end: the first is checked against its
        public point; with the second, the round is opened and played again
        in full by the rules, as each side does (:meth:`PyrinoesDeck._audit`)."""
        who = self.names[sender]
        if state.ending is None or state.round != here.number or sender in here.audits:
            raise LinkError(f"{who} revealed their lock before the round's end")
        if here.audits:
            self.seat = 1 - sender  # the base opens the deck with the first lock and this one
            full: PyrinoesState = super()._audit(state, here, sender, part, record, check)
            self.counts["rounds"] += 1
            return full
        try:
            lock = check_scalar(int.from_bytes(part.data, "big"), "a lock")
        except ValueError:
            lock = 0
        key = here.keys.get(sender)
        if not lock or len(part.data) != 32 or key is None or (check and mul(lock, G) != key):
            raise DealError(f"the lock {who} revealed is not the lock of this deal")
        here.audits.add(sender)
        here.dealer.lock, here.dealer.other = Lock(lock), here.keys.get(1 - sender)
        return state

    # ------------------------------------------------------------ a move

    def playing(
        self, state: PyrinoesState, seat: int, move: Any, shows: list[Part] | None, check: bool = True
    ) -> PyrinoesState:
        """Before ``seat``'s ``move``: the other's draws are lifted (as each
        side checks of its friend), and a domino played comes with its proof
        (the next of ``shows``), checked against the point the other lifted
        for its place."""
        current = self.round
        if current is None:
            return state
        here, who = self.witness(current.number), self.names[seat]
        if any(s == 1 - seat and p not in here.drawn for s, p, _ in here.draws):
            raise LinkError(
                f"{who} moved without lifting their lock from the domino {self.names[1 - seat]} drew"
            )
        if here.face_up == UNSEEN:  # (both players had read it, so a record of either gives it)
            at = self.faces.get(here.number, 0)
            raise Found(
                at,
                f"Round {here.number}'s deal, move {at + 1}: the record does not say which domino is face "
                f"up, and both players had read it before {who} moved: the record was changed after the game",
            )
        if not isinstance(move, Play) or not isinstance(move.tile, Domino):
            return state
        label = str(move.tile)
        if not shows:
            raise LinkError(f"{who} played {label} without showing it is in their hand")
        part = shows.pop(0)
        if part.round != here.number or len(part.data) != 1 + proofs.PROOF_BYTES:
            raise LinkError(f"{who}'s domino {label} is shown with a damaged proof")
        place = part.data[0]
        try:
            here.checks[seat].check_shown(place, label, part.data[1:], check)
        except DealError as exc:
            raise LinkError(str(exc)) from None
        self.counts["shown"] += 1
        if here.number in self.hidden:
            at = {p: index for _, p, index in here.draws}.get(place, here.written + place)
            self.learned[at] = f"{'deal' if place < FACE_UP else 'drawn'} {label}"
        return state
