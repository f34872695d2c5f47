"""Pyrinoes with a friend by links: each round's deal and draws by mental
poker (docs/distance.md, "The deal by both browsers"), on one side's replay of the
game (:mod:`iriri_core.by_links.game`): the deck Pyrinoes declares on its
entry (:class:`iriri_core.by_links.decks.DeckRules`).

This module owns the round as one side knows it: its own hand, the domino
face up and its own draws read, the friend's hand and the boneyard unseen,
and what each part of a block's deal bytes does to it (the parts, and their
bytes, are every deck's: :mod:`iriri_core.by_links.decks`).  At the round's
end each side reveals its lock; the other then reads the whole deck, and
the round is played again in full by the rules, which finds a draw or a
pass that the hand hidden until then did not allow.  The locks and
shuffles are made from the side's kept secret, so the replay makes them
again and nothing more is kept.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...by_links.crypto.blocks import LinkError
from ...by_links.crypto.deal import Dealer, DealError, Places
from ...by_links.crypto.locking import Cards, Lock
from ...by_links.crypto.steps import Work
from ...by_links.decks import (
    ANSWER,
    AUDIT,
    KINDS,
    LIFT,
    LOCK_BYTES,
    SHOW,
    START,
    Part,
    lift_part,
    lift_places,
    parts_words,
)
from ...engine import GameError
from .rules import is_over
from .state import ALL_DOMINOES, UNSEEN, Deal, Domino, Drawn, Play, PyrinoesState, tile_key

PLACES = Places(hands=(tuple(range(9)), tuple(range(9, 18))), face_up=18)
"""Nine dominoes to fire, nine to ice, one face up; the boneyard is 19-27."""

CARDS = Cards([str(d) for d in ALL_DOMINOES])
"""The 28 dominoes as cards, by their text."""

_DOMINOES = {str(d): d for d in ALL_DOMINOES}
assert PLACES.face_up is not None
FACE_UP: int = PLACES.face_up
"""The final deck's place of the domino face up: the deal's 19th."""


def _sorted(dominoes: list[Domino]) -> tuple[Domino, ...]:
    return tuple(sorted(dominoes, key=tile_key))


def _read(hand: tuple[Domino, ...], domino: Domino) -> tuple[Domino, ...]:
    """``hand`` with one unseen domino turned to ``domino``."""
    found = list(hand)
    if UNSEEN not in found:
        raise LinkError(f"{domino} cannot be in that hand: every domino of it is known: refused")
    found.remove(UNSEEN)
    return _sorted([*found, domino])


def _with_hand(state: PyrinoesState, seat: int, hand: tuple[Domino, ...]) -> PyrinoesState:
    hands = (hand, state.hands[1]) if seat == 0 else (state.hands[0], hand)
    return replace(state, hands=hands)


@dataclass
class Round:
    """One round's deal as one side knows it."""

    number: int
    starter: int
    dealer: Dealer
    start: PyrinoesState
    """The position where this round's deal was due, known in full."""
    first: bytes = b""
    """The starter's message 1, once held."""
    answered: bool = False
    lifted: bool = False
    """Whether the starter's lift of the answerer's hand (message 3) is held."""
    face_up: Domino | None = None
    written: int = 0
    """Where the round's moves begin in the side's record (its deal's first)."""
    draws: list[tuple[int, int, int]] = field(default_factory=list)
    """Each draw of the round: the seat that drew, the deck's place it took,
    and where it is in the side's record."""
    drawn: set[int] = field(default_factory=set)
    """The places of draws whose lock is lifted."""
    moves: list[str] = field(default_factory=list)
    """The players' moves of the round, for its replay in full."""
    shows: list[int] = field(default_factory=list)
    """This side's dominoes played and not yet shown in a block: their places."""
    audits: set[int] = field(default_factory=set)
    """The seats whose lock for the round is in a block."""
    full: bool = False
    """Whether the round is known in full (the friend's lock revealed)."""

    @property
    def answerer(self) -> int:
        return 1 - self.starter

    def theirs(self) -> tuple[int, ...]:
        """The answerer's hand and the face-up domino: the places message 3 lifts."""
        return (*PLACES.hands[self.answerer], FACE_UP)

    def clone(self) -> Round:
        return replace(
            self,
            dealer=self.dealer.copy(),
            draws=list(self.draws),
            drawn=set(self.drawn),
            moves=list(self.moves),
            shows=list(self.shows),
            audits=set(self.audits),
        )


class PyrinoesDeck:
    """The deal and draws of one side's replay of a Pyrinoes game by links:
    the round under way (None before the first deal), this side's seat and
    the secret its locks and shuffles are made from."""

    def __init__(self, game: Any, seat: int, secret: bytes, names: tuple[str, str], work: Work) -> None:
        self.game = game
        """The rules the round is played again by, in full, at its end."""
        self.seat = seat
        self.secret = secret
        self.names = names
        self.work = work
        """Where the deal's long arithmetic is done (in slices, on the page)."""
        self.rounds: dict[int, Round] = {}
        """The round under way and the one before (whose audit may still be due), by number."""

    @property
    def round(self) -> Round | None:
        """The round under way (its deal may wait), or None before the first deal."""
        return self.rounds[max(self.rounds)] if self.rounds else None

    def clone(self) -> PyrinoesDeck:
        copy = PyrinoesDeck(self.game, self.seat, self.secret, self.names, self.work)
        copy.rounds = {number: kept.clone() for number, kept in self.rounds.items()}
        return copy

    def _made(self, what: bytes, name: bytes) -> bytes:
        data = b"iriri distance deal v1\x00" + what + name + self.secret
        return hashlib.sha256(data).digest()

    # ------------------------------------------------------------ the replay

    @staticmethod
    def acts(state: PyrinoesState) -> bool:
        """Whether the deck makes the chance due at ``state`` (all but the picks for who starts)."""
        if state.round == 0:
            return state.first is not None
        return state.ending is not None or state.dealing or state.drawing

    def settle(self, state: PyrinoesState, record: list[str]) -> tuple[PyrinoesState, bool]:
        """Make the deck's chance due at ``state`` as far as this side knows
        it, written on ``record`` as this side sees it (``deal ?``): the
        round's end in full once the friend's lock is revealed, the next deal
        once this side has read its hand, a domino drawn.  Gives the position
        and whether it waits for the friend."""
        while self.acts(state):
            current = self.round
            if state.ending is not None and current is not None and current.number == state.round:
                if not current.full:
                    return state, True
                if is_over(state):
                    return state, False
            if state.drawing:
                assert current is not None
                place = PLACES.boneyard(len(ALL_DOMINOES))[len(current.draws)]
                current.draws.append((state.to_move, place, len(record)))
                state = self._chance(state, Drawn(UNSEEN), record)
                continue
            if current is None or current.number != state.round + 1:
                current = self._new_round(state)
                self.rounds = {n: r for n, r in self.rounds.items() if n == state.round}
                self.rounds[current.number] = current
            if current.face_up is None:
                return state, True
            current.written = len(record)
            for place in range(FACE_UP + 1):
                name = current.dealer.opened.get(place)
                state = self._chance(state, Deal(UNSEEN if name is None else _DOMINOES[name]), record)
        return state, False

    def _chance(self, state: PyrinoesState, move: Any, record: list[str]) -> PyrinoesState:
        record.append(self.game.move_text(state, move))
        after: PyrinoesState = self.game.play(state, move)
        return after

    def _new_round(self, state: PyrinoesState) -> Round:
        number = state.round + 1
        starter = state.first if state.round == 0 else 1 - (state.first or 0)
        assert starter is not None
        return Round(number, starter, self.dealer(number), state)

    def dealer(self, number: int, start: bytes = b"") -> Dealer:
        """This side's dealer for round ``number``: its lock and shuffles made
        from the side's secret, and, for the answerer, from the starter's
        message 1 too (``start``), so that a side made to answer two different
        first messages (a copy of it played apart) never answers both with the
        same lock and shuffle, which would let the starter read the deal."""
        name = number.to_bytes(2, "big") + hashlib.sha256(start).digest()
        lock = Lock.derive(self.secret, b"pyrinoes round " + name)
        seed = self._made(b"shuffle", name)
        return Dealer(CARDS, PLACES, self.seat, lock, shuffle_seed=seed, work=self.work)

    def part(
        self, state: PyrinoesState, sender: int, part: Part, record: list[str], check: bool = True
    ) -> PyrinoesState:
        """Take a part of a block by ``sender`` (ANSWER, LIFT, AUDIT, START:
        a SHOW goes with its move); gives the position it makes, and writes
        on ``record`` the dominoes it shows (a draw read, a round in full);
        raises LinkError saying why it cannot be taken.  With ``check``
        False (a side's own kept game), the proofs are not checked again."""
        current, mine = self.rounds.get(part.round), sender == self.seat
        who = "you" if mine else self.names[sender]
        if current is None or (part.kind != AUDIT and current is not self.round):
            raise LinkError(f"this link has {KINDS[part.kind]} for another round than this one: refused")
        try:
            if part.kind == START:
                if sender != current.starter or current.first or current.face_up is not None:
                    raise LinkError(f"{who} dealt when it was not theirs to deal: refused")
                if mine:
                    current.dealer.started(part.data)
                else:
                    current.dealer.check_start(part.data, check)
                    current.dealer = self.dealer(current.number, part.data)
                current.first = part.data
            elif part.kind == ANSWER:
                if sender != current.answerer or not current.first or current.answered:
                    raise LinkError(f"{who} answered a deal out of turn: refused")
                if mine:
                    current.dealer.answered(current.first, part.data)
                else:
                    self._read_hand(current, PLACES.hands[self.seat], part.data, check)
                current.answered = True
            elif part.kind == LIFT:
                state = self._lift(state, current, sender, part, record, check)
            elif part.kind == AUDIT:
                state = self._audit(state, current, sender, part, record, check)
            else:
                raise LinkError("this link shows a domino that no move of it plays: refused")
        except DealError as exc:
            raise LinkError(f"{self.names[sender]}'s part of the deal is refused: {exc}") from None
        return state

    def _read_hand(self, current: Round, hand: tuple[int, ...], message: bytes, check: bool) -> None:
        """Read this side's ``hand`` and the domino face up from the friend's lift of them."""
        current.face_up = _DOMINOES[current.dealer.take((*hand, FACE_UP), message, check)[-1]]

    def _lift(
        self, state: PyrinoesState, current: Round, sender: int, part: Part, record: list[str], check: bool
    ) -> PyrinoesState:
        places, message = lift_places(part)
        mine = sender == self.seat
        dealing = sender == current.starter and current.answered and not current.lifted
        if places == current.theirs() and dealing:
            if mine:
                current.dealer.lifted_for(places, message)
            else:
                self._read_hand(current, PLACES.hands[self.seat], message, check)
            current.lifted = True
            return state
        drawers = {place: (seat, at) for seat, place, at in current.draws}
        drawer, at = drawers.get(places[0], (None, 0)) if len(places) == 1 else (None, 0)
        if drawer is None or drawer == sender or places[0] in current.drawn:
            who = self.names[sender]
            raise LinkError(f"{who}'s link lifts a lock from dominoes it is not theirs to give: refused")
        current.drawn.add(places[0])
        if mine:
            current.dealer.lifted_for(places, message)
            return state
        domino = _DOMINOES[current.dealer.take(places, message, check)[0]]
        record[at] = f"drawn {domino}"
        return _with_hand(state, self.seat, _read(state.hands[self.seat], domino))

    def _audit(
        self, state: PyrinoesState, current: Round, sender: int, part: Part, record: list[str], check: bool
    ) -> PyrinoesState:
        if sender in current.audits:
            raise LinkError(f"{self.names[sender]} revealed their lock of this round twice: refused")
        if state.ending is None or state.round != current.number:
            raise LinkError(f"{self.names[sender]} revealed their lock before the round's end: refused")
        if len(part.data) != LOCK_BYTES:
            raise LinkError(
                f"{self.names[sender]}'s lock is not {LOCK_BYTES} bytes long: the link is damaged, refused"
            )
        current.audits.add(sender)
        if sender == self.seat:
            return state
        lock = int.from_bytes(part.data, "big")
        deck = [_DOMINOES[name] for name in current.dealer.audit(lock, check)]
        full = self._in_full(current, deck)
        if (full.line, full.ending, full.ender) != (state.line, state.ending, state.ender):
            raise LinkError("the round played in full does not end as it was played: refused")
        current.full = True
        dealt = iter(deck)
        for at in range(current.written, len(record)):  # the round's record, every domino shown
            word = record[at].split()[0]
            if word in ("deal", "drawn"):
                record[at] = f"{word} {next(dealt)}"
        return full

    def _in_full(self, current: Round, deck: list[Domino]) -> PyrinoesState:
        """The round played again with every domino known, by the rules."""
        game, state = self.game, current.start
        boneyard = iter(deck[FACE_UP + 1 :])
        try:
            for domino in deck[: FACE_UP + 1]:
                state = game.play(state, Deal(domino))
            for text in current.moves:
                state = game.play(state, game.parse_move(state, text))
                while state.drawing:
                    state = game.play(state, Drawn(next(boneyard)))
        except (GameError, StopIteration) as exc:
            raise LinkError(
                f"with every domino now known, the round does not follow the rules: {exc}: "
                "the round was not played fairly, refused"
            ) from None
        return state

    def playing(
        self, state: PyrinoesState, seat: int, move: Any, shows: list[Part] | None, check: bool = True
    ) -> PyrinoesState:
        """Before ``seat``'s ``move`` is played: the friend moves only once
        they have lifted their lock from every domino this side drew (else
        this side would play blind); a domino the friend plays is checked
        against its proof (the next of ``shows``, its block's); a domino this
        side plays is kept to show."""
        current = self.round
        if current is None:
            return state
        if seat != self.seat and any(s == self.seat and p not in current.drawn for s, p, _ in current.draws):
            raise LinkError(
                f"{self.names[seat]}'s link moves without lifting their lock from the domino you drew, "
                "so you cannot read it: refused"
            )
        if not isinstance(move, Play) or not isinstance(move.tile, Domino):
            return state
        label = str(move.tile)
        if seat == self.seat:
            if shows is None:
                places = {name: place for place, name in current.dealer.opened.items()}
                if label not in places:
                    raise GameError(f"you have no {label} in your hand")
                current.shows.append(places[label])
            elif not shows:
                raise LinkError("your own link plays a domino without showing it: it is damaged")
            else:
                shows.pop(0)
            return state
        return self._shown(state, current, seat, label, shows, check)

    def _shown(
        self,
        state: PyrinoesState,
        current: Round,
        seat: int,
        label: str,
        shows: list[Part] | None,
        check: bool,
    ) -> PyrinoesState:
        who = self.names[seat]
        if not shows:
            raise LinkError(f"{who} played {label} without showing it is in their hand: refused")
        part = shows.pop(0)
        if part.round != current.number or len(part.data) != 65:
            raise LinkError(f"{who}'s domino {label} is shown with damaged proof: refused")
        try:
            current.dealer.check_shown(part.data[0], label, part.data[1:], check)
        except DealError as exc:
            raise LinkError(str(exc)) from None
        return state  # the rules take it from an unseen domino of the hand

    def played(self, text: str) -> None:
        """After a player's move: kept for the round's replay in full."""
        if self.round is not None and self.round.face_up is not None:
            self.round.moves.append(text)

    def unseen(self, moves: Sequence[str]) -> tuple[str, ...]:
        """``moves`` with this side's own dominoes of the round under way
        (dealt to it, or drawn) written unseen, as the friend sees them: a
        record saved mid-round shows nobody this side's hand."""
        found, current = list(moves), self.round
        if current is None or current.full or current.face_up is None:
            return tuple(found)
        mine = [current.written + place for place in PLACES.hands[self.seat]]
        mine += [at for seat, _, at in current.draws if seat == self.seat]
        for at in mine:
            if at < len(found) and found[at].split()[0] in ("deal", "drawn"):
                found[at] = f"{found[at].split()[0]} ?"
        return tuple(found)

    # ------------------------------------------------------------ this side's parts

    def words(self, state: PyrinoesState, whose: str, due: list[Part] | None = None) -> str:
        """What the friend's link must bring (``whose`` "Ann's") or this
        side's brings (``whose`` "your", with the parts ``due`` from it), for
        the chance under way, in the game's words."""
        if state.round == 0 and state.first is None:
            return f"{whose} half of the draw that picks who starts"
        told = None if due is None else parts_words(due, whose)
        current = self.round
        if told is None and state.ending is not None and current is not None and not current.full:
            return f"{whose} hand to count the round"
        return told or f"{whose} part of the deal"

    def due(self, state: PyrinoesState) -> list[Part]:
        """The parts this side owes the friend now, in the order they are taken."""
        current = self.round
        if current is None:
            return []
        work = current.clone().dealer  # making a message changes the dealer: the replay takes it back
        number, parts = current.number, []
        if self.seat == current.answerer and current.first and not current.answered:
            parts.append(Part(ANSWER, number, work.answer(current.first)))
        if self.seat == current.starter and current.answered and not current.lifted:
            parts.append(lift_part(number, current.theirs(), work.lift(current.theirs())))
        for seat, place, _ in current.draws:
            if seat != self.seat and place not in current.drawn:
                parts.append(lift_part(number, (place,), work.lift((place,))))
        for place in current.shows:
            parts.append(Part(SHOW, number, bytes([place]) + work.show(place)))
        ended = self.rounds.get(state.round) if state.ending is not None else None
        if ended is not None and self.seat not in ended.audits:
            parts.append(Part(AUDIT, ended.number, ended.dealer.lock.secret.to_bytes(32, "big")))
        if self.seat == current.starter and not current.first and state.round == number - 1:
            parts.append(Part(START, number, work.start()))
        return parts
