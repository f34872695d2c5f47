"""Pach-Ice-i's presenter: the roll, a turn made piece by piece, and every
text a player reads.

A person to move taps Roll (or the dice), then plays the turn one piece at a
time: they pick a piece on the board or a tree in their pad, every place an
unused die, a pair of dice or all three would take it lights up with the dice
it takes ("3+4"), and a tap there plays that part.  Tapping a die, before or
after picking, keeps only the places that die takes the piece to.  Only the
goal can be reached by several choices of dice (no exact roll is needed to
go home); there, unless the person chose the dice, the presenter takes the
dice that leave the most moves for the rest of the turn, the smaller first,
and the goal's label says which.  A tap or drag anywhere else says why not,
in the engine's words.

>>> from iriri_core import Seat, Table
>>> table = Table("pach-ice-i", [Seat("human"), Seat("human")], seed=1)
>>> table.view()["status"]
'Black, your turn: roll the dice'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..drawing import PALETTE
from ..engine import IllegalMoveError, Outcome
from ..pieces import SIZE_NAMES
from ..presenter import Reply, Seen, Step, control, last_turn, press_step, tap_step, waiting_status, your_turn
from ..scene import Scene
from . import rules
from .board import COLUMNS, PATH_LENGTH, PATHS, POSITIONS, colour_of, is_marked, square_index, square_name
from .drawing import COLOURS, GOAL, Marks, die_words, table_scene
from .notation import to_text, tree_text
from .rules_text import RULES
from .state import PIECES, Advance, Enter, PachState, Pass, Roll, Tree

SEATS = ("Black", "White")
"""What players call the seats: Black rolls first."""

Part = Enter | Advance
"""One piece's move: a turn is one to three of them."""
Place = int | str
"""Where a part takes its piece: a square, or :data:`~.drawing.GOAL`."""


@dataclass
class Draft:
    """What the person to move has picked so far in this part of their turn."""

    square: int | None = None
    """The piece picked on the board."""
    tree: Tree | None = None
    """The tree picked in their pad."""
    slot: int | None = None
    """Which tree of that shape was tapped: its index in the pad."""
    dice: tuple[int, ...] = ()
    """The dice they picked (indexes among the dice still to use), in the order tapped."""


# ---------------------------------------------------------------- what a part does


def destination(state: PachState, move: Part) -> Place:
    """Where ``move`` takes its piece: a square, or the goal.

    >>> from .rules import deal
    >>> state = replace(deal(), dice=(2, 3, 5))
    >>> square_name(destination(state, Enter((3, 2, 1), (2, 3, 5))))
    'b5'
    """
    seat = state.to_move
    start = 0 if isinstance(move, Enter) else POSITIONS[seat][move.square]
    target = start + sum(move.dice)
    return GOAL if target > PATH_LENGTH else PATHS[seat][target - 1]


def _piece(state: PachState, move: Part) -> tuple[int, int]:
    if isinstance(move, Enter):
        return (state.to_move, move.tree[-1])
    piece = state.board[move.square]
    assert piece is not None
    return piece


def _what(state: PachState, piece: tuple[int, int], square: int | None = None) -> str:
    """ "the medium on c3", "White's large on d5": a piece as its mover says it."""
    owner, size = piece
    whose = "the" if owner == state.to_move else f"{SEATS[owner]}'s"
    return f"{whose} {SIZE_NAMES[size]}" + ("" if square is None else f" on {square_name(square)}")


def _effect(state: PachState, move: Part) -> str:
    """What the landing does to a piece already there: ", sending White's small home"."""
    place = destination(state, move)
    if place == GOAL:
        return ""
    assert isinstance(place, int)
    other = state.board[place]
    if other is None:
        return ""
    owner, size = other
    where = "back to its pad" if owner == colour_of(place) else "home"
    return f", sending {SEATS[owner]}'s {SIZE_NAMES[size]} {where}"


def _part_words(state: PachState, move: Part, past: bool) -> str:
    """ "entered a large by 5 to a5", "move the medium on c3 by 3+4 to e5"."""
    piece = _piece(state, move)
    by = die_words(move.dice)
    place = destination(state, move)
    if isinstance(move, Enter):
        verb = "entered" if past else "enter"
        text = f"{verb} a {SIZE_NAMES[piece[1]]} by {by}"
    elif place == GOAL:
        verb = "brought" if past else "bring"
        return f"{verb} {_what(state, piece, move.square)} home by {by}"
    else:
        verb = "moved" if past else "move"
        text = f"{verb} {_what(state, piece, move.square)} by {by}"
    assert isinstance(place, int)
    return f"{text} to {square_name(place)}{_effect(state, move)}"


def _dice_list(dice: tuple[int, ...]) -> str:
    """ "2, 3 and 5", "3 and 5", "5"."""
    words = [str(d) for d in dice]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _combos(dice: tuple[int, ...], count: int) -> list[tuple[int, ...]]:
    return sorted(set(itertools.combinations(dice, count))) if count <= len(dice) else []


def _reason(state: PachState, moves: list[Part]) -> str:
    """The engine's reason the first of ``moves`` that it refuses is refused."""
    for move in moves:
        reason = rules.part_problem(state, move)
        if reason is None:
            try:
                rules.play(state, move)
            except IllegalMoveError as exc:
                reason = str(exc)
        if reason:
            return reason
    return "that is not one of the moves you may make now"


def choose(state: PachState, moves: list[Part]) -> Part:
    """Of several moves of one piece to one place (only the goal, where no
    exact roll is needed, is reached by several choices of dice), the one
    that leaves the most moves for the rest of the turn, the smallest dice
    first among equals."""
    if len(moves) == 1:
        return moves[0]

    def keeps(move: Part) -> int:
        after = rules.play(state, move)
        return 10**6 if after.is_over else len(rules.legal_moves(after)) if after.dice else 0

    return max(moves, key=lambda move: (keeps(move), -sum(move.dice), [-d for d in move.dice]))


class PachIceIPresenter:
    """What Pach-Ice-i shows at a table (:mod:`iriri_core.presenter`)."""

    label = "Pach-Ice-i (Jeff Zeitlin)"
    rules = RULES
    chance_name = "The dice"
    previews = False
    move_help = (
        "Each piece of a turn is its own move: enter, a tree from bottom to top, and the dice "
        "(enter LMS 2 3 5); or a piece's square and the dice it moves by (c4 5, c4 2 3); "
        "pass when the dice left cannot be used. The dice are rolled with Roll."
    )
    move_example = "enter LMS 2 3 5 · c4 5 · c4 2 3 · pass"
    seed_help = "Seed (optional: the same seed rolls the same dice for the same moves)"

    def new_draft(self) -> Draft:
        """Nothing picked."""
        return Draft()

    def player_name(self, state: Any, seat: int) -> str:
        """ "Black" or "White"."""
        return SEATS[seat]

    def seat_names(self, players: int) -> list[str]:
        """Black and White."""
        return list(SEATS[:players])

    def round_summary(self, seen: Seen) -> str:
        """One round: no summary between rounds."""
        return ""

    # ------------------------------------------------------------ input

    def tap(self, seen: Seen, draft: Draft, target: str | None) -> Reply:
        """Roll; pick a piece, a tree or dice; tap a lit place to play there."""
        state: PachState = seen.state
        kind, _, rest = (target or "").partition(":")
        if not state.dice:
            if kind == "die":
                return Reply(draft, roll=True)
            return Reply(draft, error="roll the dice first: press Roll, or tap the dice")
        try:
            if kind == "die":
                return self._tap_die(seen, draft, int(rest))
            if kind == "tree":
                return self._tap_tree(seen, draft, int(rest))
            if kind == "square":
                return self._tap_square(seen, draft, square_index(rest))
            if kind == GOAL and not rest:
                return self._tap_goal(seen, draft)
        except (ValueError, IndexError):
            pass
        if target is not None:
            return Reply(draft, error=f"nothing to do with {target!r}")
        return Reply(Draft())

    def drag(self, seen: Seen, draft: Draft, source: str, target: str) -> Reply:
        """A piece or a tree dragged to where it goes (only a move: a drag
        never just picks)."""
        picked = self.tap(seen, Draft(dice=draft.dice), source)
        if picked.error or picked.roll:
            return picked
        if picked.draft.square is None and picked.draft.tree is None:
            return Reply(draft, error="drag one of your pieces, or a tree from your pad")
        kind, _, rest = target.partition(":")
        try:
            place: Place = GOAL if target == GOAL else square_index(rest) if kind == "square" else -1
        except ValueError:
            place = -1
        if place == -1:
            return Reply(draft, error="drop it on a lit square, or on the goal")
        return self._to(seen, picked.draft, place)

    def command(self, seen: Seen, draft: Draft, command: str) -> Reply:
        """``roll`` before the turn, ``pass`` when the dice cannot be used,
        ``clear`` to drop what is picked."""
        state: PachState = seen.state
        if command == "roll":
            if state.dice:
                return Reply(draft, error="the dice are rolled: play them")
            return Reply(draft, roll=True)
        if command == "pass":
            return Reply(draft, move=Pass())
        if command == "clear":
            return Reply(Draft())
        return Reply(draft, error=f"there is no {command!r} button in Pach-Ice-i")

    def hint_steps(self, seen: Seen, move: Any) -> Iterator[list[Step]]:
        """A part: the piece (or the tree, as the pad shows it: the first of
        its shape), then where it goes; or the piece, its dice, then the
        goal, where other dice would take it home too.  Pass."""
        state: PachState = seen.state
        if not isinstance(move, Enter | Advance):
            yield [press_step("pass", "Pass")]
            return
        seat = state.to_move
        if isinstance(move, Enter):
            index = state.trees[seat].index(move.tree)
            what = f"the tree in your pad with a {SIZE_NAMES[move.tree[-1]]} on top"
            source = tap_step(f"tree:{index}", what)
        else:
            source = tap_step(
                f"square:{square_name(move.square)}", _what(state, _piece(state, move), move.square)
            )
        place = destination(state, move)
        if place == GOAL:
            there = tap_step(GOAL, f"{SEATS[1 - seat]}'s pad to bring it home")
        else:
            assert isinstance(place, int)
            there = tap_step(f"square:{square_name(place)}", f"square {square_name(place)}")
        yield [source, there]
        left = list(enumerate(state.dice))
        dice = []
        for die in move.dice:
            index = next(i for i, value in left if value == die)
            left.remove((index, die))
            dice.append(tap_step(f"die:{index}", f"the die showing {die}"))
        yield [source, *dice, there]

    def _moves(self, seen: Seen) -> list[Part]:
        return [move for move in seen.legal if isinstance(move, Enter | Advance)]

    def _from_source(self, seen: Seen, draft: Draft, chosen: bool = True) -> list[Part]:
        """The legal parts of the picked piece or tree (with ``chosen``,
        only those that use the dice picked)."""
        state: PachState = seen.state
        values = Counter(state.dice[i] for i in draft.dice if i < len(state.dice))
        found = []
        for move in self._moves(seen):
            if isinstance(move, Enter) and move.tree != draft.tree:
                continue
            if isinstance(move, Advance) and move.square != draft.square:
                continue
            if chosen and values - Counter(move.dice):
                continue
            found.append(move)
        return found

    def options(self, seen: Seen, draft: Draft) -> dict[Place, list[Part]]:
        """Where the picked piece may go, each place with the moves that take it there."""
        found: dict[Place, list[Part]] = {}
        for move in self._from_source(seen, draft):
            found.setdefault(destination(seen.state, move), []).append(move)
        return found

    def _pick(
        self,
        seen: Seen,
        draft: Draft,
        square: int | None = None,
        tree: Tree | None = None,
        slot: int | None = None,
    ) -> Reply:
        draft.square, draft.tree, draft.slot = square, tree, slot
        if not self._from_source(seen, draft):
            draft.dice = ()  # the dice picked do not move this piece: let it go by any
        return Reply(draft)

    def _must_pass(self, seen: Seen) -> Reply | None:
        if list(seen.legal) == [Pass()]:
            return Reply(Draft(), error=f"{pass_reason(seen.state)}: press Pass")
        return None

    def _tap_die(self, seen: Seen, draft: Draft, index: int) -> Reply:
        state: PachState = seen.state
        if not 0 <= index < len(state.dice):
            raise IndexError(index)
        if index in draft.dice:
            draft.dice = tuple(i for i in draft.dice if i != index)
            return Reply(draft)
        need = 3
        if draft.square is not None and state.board[draft.square] is not None:
            need = rules.dice_for(state.board[draft.square][1])  # type: ignore[index]
        elif draft.tree is not None:
            need = rules.dice_for(draft.tree[-1])
        draft.dice = (draft.dice + (index,))[-need:]
        return Reply(draft)

    def _tap_tree(self, seen: Seen, draft: Draft, index: int) -> Reply:
        state: PachState = seen.state
        tree = state.trees[state.to_move][index]
        stuck = self._must_pass(seen)
        if stuck:
            return stuck
        if draft.tree == tree and draft.slot == index:
            draft.tree = draft.slot = None
            return Reply(draft)
        if any(isinstance(m, Enter) and m.tree == tree for m in seen.legal):
            return self._pick(seen, draft, tree=tree, slot=index)
        moves: list[Part] = [Enter(tree, dice) for dice in _combos(state.dice, rules.dice_for(tree[-1]))]
        if not moves:
            moves = [Enter(tree, state.dice)]
        return Reply(
            draft,
            error=f"the {SIZE_NAMES[tree[-1]]} on top of that tree cannot enter: {_reason(state, moves)}",
        )

    def _tap_square(self, seen: Seen, draft: Draft, square: int) -> Reply:
        state: PachState = seen.state
        stuck = self._must_pass(seen)
        if stuck:
            return stuck
        picked = draft.square is not None or draft.tree is not None
        if picked and draft.square == square:
            draft.square = None
            return Reply(draft)
        if picked and square in self.options(seen, draft):
            return self._to(seen, draft, square)
        if any(isinstance(m, Advance) and m.square == square for m in seen.legal):
            return self._pick(seen, draft, square=square)
        if picked:
            return self._to(seen, draft, square)
        return Reply(draft, error=self._why_not_from(state, square))

    def _tap_goal(self, seen: Seen, draft: Draft) -> Reply:
        stuck = self._must_pass(seen)
        if stuck:
            return stuck
        if draft.square is None and draft.tree is None:
            return Reply(draft, error="pick one of your pieces first, then tap here to bring it home")
        return self._to(seen, draft, GOAL)

    def _to(self, seen: Seen, draft: Draft, place: Place) -> Reply:
        """The picked piece to ``place``: the move, or why not."""
        state: PachState = seen.state
        options = self.options(seen, draft)
        if place in options:
            return Reply(draft, move=choose(state, options[place]))
        return Reply(draft, error=self._why_not_to(seen, draft, place))

    # ------------------------------------------------------------ why not

    def _why_not_from(self, state: PachState, square: int) -> str:
        piece = state.board[square]
        if piece is None:
            return f"there is no piece on {square_name(square)}: pick a piece, or a tree in your pad"
        moves: list[Part] = [Advance(square, dice) for dice in _combos(state.dice, rules.dice_for(piece[1]))]
        if not moves:
            moves = [Advance(square, state.dice)]
        return f"{_what(state, piece, square)} cannot move: {_reason(state, moves)}"

    def _why_not_to(self, seen: Seen, draft: Draft, place: Place) -> str:
        state: PachState = seen.state
        seat = state.to_move
        if draft.tree is not None:
            piece, start, what = (seat, draft.tree[-1]), 0, f"a {SIZE_NAMES[draft.tree[-1]]} from your pad"
        else:
            assert draft.square is not None
            piece = state.board[draft.square]  # type: ignore[assignment]
            start, what = POSITIONS[seat][draft.square], _what(state, piece, draft.square)

        def part(dice: tuple[int, ...]) -> Part:
            return Enter(draft.tree, dice) if draft.tree is not None else Advance(draft.square or 0, dice)

        combos = _combos(state.dice, rules.dice_for(piece[1]))
        sums = " or ".join(str(s) for s in sorted({sum(d) for d in combos}))
        if not combos:
            return _reason(state, [part(state.dice)])
        if place == GOAL:
            fits = [d for d in combos if start + sum(d) > PATH_LENGTH]
            if not fits:
                need = PATH_LENGTH + 1 - start
                return f"{what} goes home with {need} or more; your dice take it {sums}"
        else:
            assert isinstance(place, int)
            distance = POSITIONS[seat][place] - start
            if distance <= 0:
                return (
                    f"{square_name(place)} is not ahead of {what} along {SEATS[seat]}'s path: "
                    "pieces move only forward"
                )
            fits = [d for d in combos if sum(d) == distance]
            if not fits:
                return (
                    f"{square_name(place)} is {distance} squares along {SEATS[seat]}'s path from "
                    f"{what}; your dice take it {sums}"
                )
        legal = [part(d) for d in fits if part(d) in seen.legal]
        if legal:
            return (
                f"{what} gets there by {die_words(legal[0].dice)}, not with the dice you picked: "
                "tap a picked die again to let it go"
            )
        return _reason(state, [part(d) for d in fits])

    # ------------------------------------------------------------ output

    def describe(self, game: Any, state: PachState, move: Any) -> str:
        """ "Black rolled 2 3 5", "Black entered a large by 5 to a5", "White
        moved the medium on c3 by 3+4 to e5, sending Black's small back to its pad"."""
        who = SEATS[state.to_move]
        if isinstance(move, Roll):
            return f"{who} rolled " + " ".join(map(str, move.dice))
        if isinstance(move, Pass):
            if len(state.dice) == rules.DICE:
                return f"{who} passes: no piece can move by {_dice_list(state.dice)}"
            left = "the " + _dice_list(state.dice) + " left"
            return f"{who} passes: {left} cannot be used"
        return f"{who} {_part_words(state, move, past=True)}"

    def action_label(self, game: Any, state: PachState, move: Any) -> str:
        """The text of a button that plays ``move``."""
        if isinstance(move, Roll):
            return "roll " + " ".join(map(str, move.dice))
        if isinstance(move, Pass):
            return "pass (the dice left cannot be used)"
        return _part_words(state, move, past=False)

    def result_text(self, state: PachState, outcome: Outcome) -> str:
        """ "Black wins with all 15 pieces home; White has 9"."""
        winner = outcome.winners[0]
        other = 1 - winner
        others = state.pieces_home(other)
        return f"{SEATS[winner]} wins with all {PIECES} pieces home; {SEATS[other]} has {others}"

    def panel(self, seen: Seen, draft: Draft) -> dict[str, Any]:
        """Status, pads, the Roll and Pass buttons, mirror and scene."""
        state: PachState = seen.state
        over = state.is_over
        to_roll = seen.acting and not state.dice and not over
        rolled = seen.acting and bool(state.dice) and not over
        must_pass = list(seen.legal) == [Pass()]
        marks = Marks(active=state.to_move if rolled else None, rolling=to_roll)
        moves = self._moves(seen) if rolled else []
        options: dict[Place, list[Part]] = {}
        if moves:
            marks.square, marks.tree, marks.slot = draft.square, draft.tree, draft.slot
            marks.chosen = set(draft.dice)
            if draft.square is None and draft.tree is None:
                marks.movable = {m.square for m in moves if isinstance(m, Advance)}
                marks.movable_trees = {m.tree for m in moves if isinstance(m, Enter)}
            else:
                options = self.options(seen, draft)
                marks.targets = {
                    place: die_words(choose(state, found).dice) for place, found in options.items()
                }
        marks.dice = dice_shown(seen)
        marks.caption = (
            "Game over"
            if over
            else f"{SEATS[state.to_move]}'s dice"
            if state.dice
            else f"{SEATS[state.to_move]} to roll"
        )
        _mark_last(seen, marks)
        names = list(seen.names)
        scene = table_scene(state, marks, seen.size[0], seen.size[1], names)
        return {
            "status": self._status(seen, state, draft, must_pass, options),
            "scores": [
                {
                    "name": names[seat],
                    "swatch": PALETTE[COLOURS[seat]],
                    "score": f"{state.pieces_home(seat)} of {PIECES}",
                    "hand": " ".join(tree_text(t) for t in state.trees[seat]) or "empty",
                    "to_move": seat == state.to_move and not over,
                }
                for seat in (0, 1)
            ],
            "labels": {"score": "Home", "hand": "Pad"},
            "preview": None,
            "placing": rolled,
            "controls": [
                control("roll", "Roll", primary=True, shown=to_roll, wide=" the dice"),
                control("pass", "Pass", primary=True, shown=must_pass),
            ],
            "pass_reason": pass_reason(state) if must_pass else "",
            "mirror": mirror(state, names),
            "draggable": sorted(self._draggable(state, moves, scene)),
            "scene": scene,
        }

    @staticmethod
    def _draggable(state: PachState, moves: list[Part], scene: Scene) -> set[str]:
        """The pieces and trees the person to move can drag (every tree
        drawn of a shape that may enter)."""
        trees = state.trees[state.to_move]
        entering = {m.tree for m in moves if isinstance(m, Enter)}
        drawn = {int(t.partition(":")[2]) for t in scene.targets() if t.startswith("tree:")}
        return {f"square:{square_name(m.square)}" for m in moves if isinstance(m, Advance)} | {
            f"tree:{i}" for i in drawn if trees[i] in entering
        }

    def _status(
        self, seen: Seen, state: PachState, draft: Draft, must_pass: bool, options: dict[Place, list[Part]]
    ) -> str:
        seat = state.to_move
        waiting = waiting_status(seen, seat, SEATS[seat], doing="move" if state.dice else "roll")
        if waiting is not None:
            return waiting
        turn = your_turn(seen, seat)
        if not state.dice:
            return f"{turn}: roll the dice"
        count = len(state.dice)
        if count == rules.DICE:
            dice = f"dice {_dice_list(state.dice)}"
        else:
            dice = f"{count} {'die' if count == 1 else 'dice'} left, {_dice_list(state.dice)}"
        if must_pass:
            return f"{turn}: {pass_reason(state)}, so pass"
        if draft.square is not None or draft.tree is not None:
            what = _picked(state, draft)
            if not options:
                return f"{turn}: {dice}; {what} cannot use the dice you picked: tap a die to let it go"
            several = any(len(found) > 1 for found in options.values())
            more = " (tap a die to choose which go home)" if several and not draft.dice else ""
            return f"{turn}: {dice}; tap a lit place for {what}{more}"
        return f"{turn}: {dice}; pick a piece or a tree to move"


def _picked(state: PachState, draft: Draft) -> str:
    """ "the medium on c3", "the large from your pad": what the person picked."""
    if draft.tree is not None:
        return f"the {SIZE_NAMES[draft.tree[-1]]} from your pad"
    piece = state.board[draft.square] if draft.square is not None else None
    return "the piece" if piece is None else _what(state, piece, draft.square)


def pass_reason(state: PachState) -> str:
    """Why the player to move can only pass, in words."""
    dice = _dice_list(state.dice)
    parts = rules.parts(state)
    if not parts:
        if len(state.dice) == rules.DICE:
            return f"no piece can move by {dice}"
        return f"no piece can move by the {dice} left"
    return f"no move is allowed: {_reason(state, list(parts))}"


def dice_shown(seen: Seen) -> list[tuple[int, bool, int | None]]:
    """The dice of the turn under way: the roll's dice in order, each with
    whether it is used and its index among the dice still to use; only the
    dice left where the roll is not among the moves seen (a position set up
    in the middle of a turn)."""
    state: PachState = seen.state
    if not state.dice:
        return []
    roll: tuple[int, ...] | None = None
    used: list[int] = []
    for _, move in reversed(seen.plies):
        if isinstance(move, Roll):
            roll = move.dice
            break
        if not isinstance(move, Enter | Advance):
            break
        used.extend(move.dice)
    if roll is None or Counter(roll) != Counter(state.dice) + Counter(used):
        return [(value, False, i) for i, value in enumerate(state.dice)]
    left = list(enumerate(state.dice))
    shown: list[tuple[int, bool, int | None]] = []
    for value in roll:
        found = next((i for i, v in left if v == value), None)
        if found is None:
            shown.append((value, True, None))
        else:
            left.remove((found, value))
            shown.append((value, False, found))
    return shown


def _mark_last(seen: Seen, marks: Marks) -> None:
    """Mark the last turn that moved pieces: the squares its pieces left
    and landed on, the pad a piece entered from and the pads pieces went to.
    The roll of the turn under way leaves the turn before it marked until
    the first piece moves."""
    plies = seen.plies
    if plies and isinstance(plies[-1][1], Roll):
        plies = plies[:-1]
    for before, move in last_turn(replace(seen, plies=plies)):
        if not isinstance(move, Enter | Advance):
            continue
        if isinstance(move, Enter):
            marks.last_pads.add((before.to_move, "trees"))
        else:
            marks.last.add(move.square)
        place = destination(before, move)
        if place == GOAL:
            piece = before.board[move.square] if isinstance(move, Advance) else None
            marks.last_pads.add((before.to_move if piece is None else piece[0], "home"))
            continue
        assert isinstance(place, int)
        marks.last.add(place)
        other = before.board[place]
        if other is not None:  # sent to the pad of the square's colour: back to its owner's, or home
            marks.last_pads.add((other[0], "trees" if other[0] == colour_of(place) else "home"))


def mirror(state: PachState, names: list[str]) -> list[str]:
    """The table in words, for screen readers and keyboard players."""
    seat = state.to_move
    if state.is_over:
        lines = [f"The game is over: {SEATS[state.winner or 0]} has every piece home."]
    elif not state.dice:
        lines = [f"{names[seat]} to roll."]
    else:
        lines = [f"{names[seat]} to move; dice left: {_dice_list(state.dice)}."]
    lines.append(
        "Home, in the other's pad: "
        + ", ".join(f"{SEATS[s]} {state.pieces_home(s)} of {PIECES}" for s in (0, 1))
        + "."
    )
    for s in (0, 1):
        trees = ", ".join(tree_text(t) for t in state.trees[s]) or "empty"
        lines.append(f"{SEATS[s]}'s pad, trees from the bottom up: {trees}.")
    if state.moved:
        lines.append("Moved this turn: " + ", ".join(square_name(s) for s in state.moved) + ".")
    pieces = []
    for square, piece in enumerate(state.board):
        if piece is not None:
            ground = "marked" if is_marked(square) else f"{SEATS[colour_of(square)].lower()} square"
            pieces.append(
                f"{square_name(square)} ({ground}) {SIZE_NAMES[piece[1]]} {SEATS[piece[0]].lower()}"
            )
    lines.append("On the board: " + (", ".join(pieces) if pieces else "nothing") + ".")
    lines.append(
        "Black moves pieces on black and marked squares, up column a, down column b and so on to g7; "
        "White moves pieces on white and marked squares, along row 7 from g7, back along row 6 "
        "and so on to a1."
    )
    lines.append(
        f"Board rows from 7 (top) to 1 (bottom), columns {COLUMNS[0]} to {COLUMNS[-1]}; "
        "K black, W white, .. empty:"
    )
    lines.extend(to_text(state).splitlines()[-8:])
    return lines
