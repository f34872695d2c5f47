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

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from ...engine import Outcome
from ...learn.hints import Step, press_step, tap_step
from ...panel import Panel, columns, control
from ...pictures.drawing import PALETTE
from ...pictures.scene import Scene
from ...pieces import SIZE_NAMES
from ...presenter import Presenter, Reply, Seen, last_turn, own_seat, waiting_status, your_turn
from . import rules
from .board import colour_of, square_index, square_name
from .drawing import die_words, table_scene
from .marks import COLOURS, GOAL, Marks
from .notation import tree_text
from .rules_text import RULES
from .state import PIECES, Advance, Enter, PachState, Pass, Roll, Tree
from .turn import Draft, Part, Place, choose, destination, dice_choices, dice_shown, piece_moved
from .words import (
    SEATS,
    describe_move,
    dice_list,
    mirror,
    move_words,
    part_words,
    pass_reason,
    picked_words,
    piece_words,
    refusal,
    summarise_turn,
    why_not_from,
    why_not_to,
)


class PachIceIPresenter(Presenter):
    """What Pach-Ice-i shows at a table (:mod:`iriri_core.presenter`)."""

    label = "Pach-Ice-i (Jeff Zeitlin)"
    goal = "First to get all 15 pieces to the other pad wins"
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
                f"square:{square_name(move.square)}",
                piece_words(state, piece_moved(state, move), move.square),
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
        moves: list[Part] = [Enter(tree, dice) for dice in dice_choices(state.dice, rules.dice_for(tree[-1]))]
        if not moves:
            moves = [Enter(tree, state.dice)]
        return Reply(
            draft,
            error=f"the {SIZE_NAMES[tree[-1]]} on top of that tree cannot enter: {refusal(state, moves)}",
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
        return Reply(draft, error=why_not_from(state, square))

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
        return Reply(draft, error=why_not_to(seen, draft, place))

    # ------------------------------------------------------------ output

    def describe(self, game: Any, state: PachState, move: Any) -> str:
        """ "Black rolled 2 3 5", "Black entered a large by 5 to a5", "White
        moved the medium on c3 by 3+4 to e5, sending Black's small back to its pad"."""
        return describe_move(game, state, move)

    def move_words(self, game: Any, state: PachState, move: Any, past: bool) -> str:
        """ "moved the medium on c3 by 3+4 to e5", "enter a large by 5 to a5"."""
        return move_words(state, move, past)

    def summarise_turn(self, game: Any, plies: Sequence[tuple[PachState, Any]]) -> str | None:
        """ "moved three pieces", "moved one piece, then passed": a turn of
        several moves; None for one move."""
        return summarise_turn(plies)

    def action_label(self, game: Any, state: PachState, move: Any) -> str:
        """The text of a button that plays ``move``."""
        if isinstance(move, Roll):
            return "roll " + " ".join(map(str, move.dice))
        if isinstance(move, Pass):
            return "pass (the dice left cannot be used)"
        return part_words(state, move, past=False)

    def result_text(self, state: PachState, outcome: Outcome) -> str:
        """ "Black wins with all 15 pieces home; White has 9"."""
        winner = outcome.winners[0]
        other = 1 - winner
        others = state.pieces_home(other)
        return f"{SEATS[winner]} wins with all {PIECES} pieces home; {SEATS[other]} has {others}"

    def panel(self, seen: Seen, draft: Draft) -> Panel:
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
        turned = own_seat(seen) == 1  # (at a shared screen the board does not spin)
        scene = seen.table(lambda w, h: table_scene(state, marks, w, h, names, turned))
        return {
            "status": self._status(seen, state, draft, must_pass, options),
            "scores": [
                {
                    "name": names[seat],
                    "swatch": PALETTE[COLOURS[seat]],
                    "cells": [
                        f"{state.pieces_home(seat)} of {PIECES}",
                        " ".join(tree_text(t) for t in state.trees[seat]) or "empty",
                    ],
                    "to_move": seat == state.to_move and not over,
                }
                for seat in (0, 1)
            ],
            "columns": columns(("score", "Home"), ("hand", "Pad")),
            "preview": None,
            "placing": rolled,
            "controls": [
                control("roll", "Roll", primary=True, shown=to_roll, wide=" the dice"),
                control("pass", "Pass", primary=True, shown=must_pass),
            ],
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
            dice = f"dice {dice_list(state.dice)}"
        else:
            dice = f"{count} {'die' if count == 1 else 'dice'} left, {dice_list(state.dice)}"
        if must_pass:
            return f"{turn}: {pass_reason(state)}, so pass"
        if draft.square is not None or draft.tree is not None:
            what = picked_words(state, draft)
            if not options:
                return f"{turn}: {dice}; {what} cannot use the dice you picked: tap a die to let it go"
            several = any(len(found) > 1 for found in options.values())
            more = " (tap a die to choose which go home)" if several and not draft.dice else ""
            squares = any(place != GOAL for place in options)
            places = ["a lit square"] * squares + ["your lit home"] * (GOAL in options)
            return f"{turn}: {dice}; tap {' or '.join(places)} to move {what} there{more}"
        return f"{turn}: {dice}; tap a piece on the board, or a tree (a stack) in your start pad, to move it"


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
