"""Setting up a Hextris position by hand (:mod:`iriri_core.setup.rules`):
pieces of each player's colour put on the spots, each taken from its owner's
hand while the hand has one and given back when taken off; who is to move,
the hands, the groups banked, passes and the result as fields.

>>> from iriri_core.games.hextris.rules import deal
>>> rules = HextrisSetup()
>>> state = rules.put(rules.empty(deal(("yellow", "blue"))), "B2", "spot:c3")
>>> state.hands
((5, 5, 5), (5, 4, 5))
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...pieces import PER_SIZE, Pyramid
from ...setup.rules import REMOVE, Field, Refusal, SetupError, SetupTrial, Step, Tool, pyramid_tools
from .board import SPOTS, spot_index
from .state import AGREED, BLOCKED, PLAYING, WON, HextrisState

_RESULTS = {"playing": (PLAYING, None), "agreed": (AGREED, None), "blocked": (BLOCKED, None)}


def _hand_words(hand: tuple[int, int, int]) -> str:
    return "".join(map(str, hand))


class HextrisSetup:
    """Hextris' set-up (see the module's docstring)."""

    examples: tuple[tuple[str, tuple[Step, ...]], ...] = (("hextris-board", ()),)
    """The designer's one figure is the empty board the set-up starts from."""

    trial = SetupTrial(
        build=(
            ("tool", "Y3"),
            ("tap", "spot:c3"),
            ("tap", "spot:c4"),
            ("tool", "B1"),
            ("tap", "spot:b2"),
            ("tap", "spot:d3"),
            ("field", "to_move", "2"),
        ),
        moves=("S@c1", "M@a1"),
        refusals=(
            Refusal((("field", "hand1", "555"),), "player 1 has 7 large pieces; a stash has 5"),
            Refusal(
                (("tool", "Y1"), ("tap", "spot:c1"), ("tap", "spot:c2"), ("tap", "spot:c5")),
                "a group of five is on the board, but the game is not won",
            ),
        ),
    )

    def empty(self, like: HextrisState) -> HextrisState:
        players = like.players
        return HextrisState(
            colours=like.colours,
            board=(None,) * len(SPOTS),
            hands=((PER_SIZE,) * 3,) * players,
            groups=(0,) * players,
        )

    def tools(self, state: HextrisState) -> tuple[Tool, ...]:
        return pyramid_tools(state.colours)

    def put(self, state: HextrisState, tool: str, target: str) -> HextrisState:
        kind, _, name = target.partition(":")
        if kind != "spot":
            raise SetupError("tap a spot of the board")
        spot = spot_index(name)
        state = self._lift(state, spot)
        if tool == REMOVE.id:
            return state
        piece = Pyramid.parse(tool)
        if piece.colour not in state.colours:
            raise SetupError(f"{tool} is not a player's piece")
        seat = state.owner(piece)
        hands = list(state.hands)
        if hands[seat][piece.size - 1] > 0:
            hand = list(hands[seat])
            hand[piece.size - 1] -= 1
            hands[seat] = (hand[0], hand[1], hand[2])
        board = list(state.board)
        board[spot] = piece
        return replace(state, board=tuple(board), hands=tuple(hands))

    @staticmethod
    def _lift(state: HextrisState, spot: int) -> HextrisState:
        """``state`` with ``spot`` emptied, its piece back in its owner's hand if the hand has room."""
        piece = state.board[spot]
        if piece is None:
            return state
        board = list(state.board)
        board[spot] = None
        hands = list(state.hands)
        seat = state.owner(piece)
        if hands[seat][piece.size - 1] < PER_SIZE:
            hand = list(hands[seat])
            hand[piece.size - 1] += 1
            hands[seat] = (hand[0], hand[1], hand[2])
        return replace(state, board=tuple(board), hands=tuple(hands))

    def fields(self, state: HextrisState) -> tuple[Field, ...]:
        seats = [(str(seat + 1), colour) for seat, colour in enumerate(state.colours)]
        result = (
            "playing"
            if state.ending == PLAYING
            else f"won{state.winner + 1}"
            if state.ending == WON and state.winner is not None
            else {AGREED: "agreed", BLOCKED: "blocked"}.get(state.ending, "playing")
        )
        return (
            Field("to_move", "To move", str(state.to_move + 1), tuple(seats)),
            *(
                Field(
                    f"hand{seat + 1}",
                    f"{colour.capitalize()}'s hand",
                    _hand_words(state.hands[seat]),
                    help="three digits: the small, medium and large pieces in hand, like 554",
                )
                for seat, colour in enumerate(state.colours)
            ),
            *(
                Field(
                    f"groups{seat + 1}",
                    f"{colour.capitalize()}'s groups",
                    str(state.groups[seat]),
                    tuple((str(n), str(n)) for n in range(4)),
                )
                for seat, colour in enumerate(state.colours)
            ),
            Field(
                "passes",
                "Turns lost in a row",
                str(state.passes),
                tuple((str(n), str(n)) for n in range(state.players + 1)),
            ),
            Field(
                "result",
                "Result",
                result,
                (
                    ("playing", "still playing"),
                    *((f"won{seat + 1}", f"won by {colour}") for seat, colour in enumerate(state.colours)),
                    ("agreed", "drawn by agreement"),
                    ("blocked", "drawn: nobody can move"),
                ),
            ),
        )

    def set(self, state: HextrisState, field: str, value: str) -> HextrisState:
        seat_of = {str(seat + 1): seat for seat in range(state.players)}
        match field:
            case "to_move" if value in seat_of:
                return replace(state, to_move=seat_of[value])
            case "passes" if value.isdigit() and int(value) <= state.players:
                return replace(state, passes=int(value))
            case "result" if value in _RESULTS:
                ending, winner = _RESULTS[value]
                return replace(state, ending=ending, winner=winner)
            case "result" if value.startswith("won") and value[3:] in seat_of:
                return replace(state, ending=WON, winner=seat_of[value[3:]])
        kind, seat_text = field.rstrip("0123456789"), field[len(field.rstrip("0123456789")) :]
        if seat_text in seat_of:
            seat = seat_of[seat_text]
            if kind == "hand":
                if not re.fullmatch(r"[0-5]{3}", value.strip()):
                    raise SetupError(
                        "a hand is three digits, each 0 to 5: the small, medium and large pieces, like 554"
                    )
                hand = tuple(int(n) for n in value.strip())
                hands = list(state.hands)
                hands[seat] = (hand[0], hand[1], hand[2])
                return replace(state, hands=tuple(hands))
            if kind == "groups" and value in ("0", "1", "2", "3"):
                groups = list(state.groups)
                groups[seat] = int(value)
                return replace(state, groups=tuple(groups))
        raise SetupError(f"{value!r} is not a value for {field!r}")
