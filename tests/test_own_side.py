"""Issue 36: the viewer's own side is named and placed the same way in
every game.  In Hextris and Iriri, as in Pyrinoes and Pach-Ice-i, the one
person at a table (against bots, or a friend by links) finds their own rack
where a person expects their own and named "you": Hextris at the bottom of
the racks' column (first in the row under the board on a tall screen),
Iriri at the bottom of the hands inside the ring; the others follow in the
order of play.  People sharing one screen see the racks in seat order, by
their colours alone."""

from __future__ import annotations

import base64

import pytest
from test_friend_table import Browser

from iriri_core import Seat, Table
from iriri_core.pictures.scene import Rect, Scene, Text
from iriri_core.presenter import table_games

SIZES = {"wide": (900.0, 600.0), "tall": (390.0, 700.0)}
"""A desktop's canvas (the racks in a column) and a phone's (in a row, in Hextris)."""

COLOURS = ("Yellow", "Blue", "Red", "Green")


def with_bots(game: str, person: int, players: int = 2) -> Table:
    """A table of one person, in seat ``person``, and easy bots."""
    seats = [Seat("human") if seat == person else Seat("bot", "easy") for seat in range(players)]
    return Table(game, seats, seed=3)


def by_links(game: str, person: int) -> Table:
    """Ann's table in a game by links with Bob, Ann in seat ``person``: the
    invitation, Bob's joining and, where the deal needs both halves (Iriri),
    Bob's link, all as the page's events."""
    ann, bob = Browser(5), Browser(6)
    link = ann.invite(game, person)
    assert bob.open(link) == []
    bob.event({"type": "friend-join", "key": base64.b64encode(bob.key.public_bytes()).decode()})
    bob.work()
    if not any(seat.kind == "friend" for seat in ann.table.seats):
        ann.open(bob.send())
    ann.view()
    table = ann.table
    assert table.game.name == game and table.seats[1 - person] == Seat("friend", name="Bob")
    assert table.viewer == person
    return table


def at(table: Table, size: tuple[float, float]) -> Scene:
    table.handle({"type": "resize", "width": size[0], "height": size[1]})
    return table.scene()


def hextris_racks(scene: Scene) -> list[tuple[str, Text]]:
    """Each rack's name, as drawn (Text shapes that start with a colour), in
    the order of the racks on the canvas: top to bottom, left to right."""
    names = [s for s in scene.shapes if isinstance(s, Text) and s.text.split(" ")[0] in COLOURS]
    return [(s.text.split(" ")[0], s) for s in sorted(names, key=lambda s: (round(s.y), s.x))]


def iriri_racks(scene: Scene) -> list[tuple[str, Rect]]:
    """Each hand's box (the area its words are about: "Blue's hand and
    score", "Blue, your hand and score"), in the order of the racks on the
    canvas: top to bottom, left to right."""
    boxes = [
        (label.replace("'s", ",").split(",")[0], shape)
        for shape, label in scene.labels()
        if isinstance(shape, Rect) and "hand and score" in label
    ]
    return sorted(boxes, key=lambda found: (round(found[1].y), found[1].x))


def says_you(text: Text) -> bool:
    """Whether a text names the person at the screen: "you", "Blue (you)"."""
    return text.text == "you" or "(you)" in text.text


def inside(text: Text, box: Rect) -> bool:
    return box.x <= text.x <= box.x + box.w and box.y <= text.y <= box.y + box.h


def check_hextris(table: Table, person: int) -> None:
    players = len(table.seats)
    after = [COLOURS[(person + 1 + i) % players] for i in range(players)]  # the order of play after theirs
    for where, size in SIZES.items():
        racks = hextris_racks(at(table, size))
        colours = [colour for colour, _ in racks]
        you = [text for _, text in racks if text.text.endswith(" (you)")]
        assert len(you) == 1 and you[0].text == f"{COLOURS[person]} (you)", (where, racks)
        if where == "wide":  # a column: theirs at the bottom
            assert colours == after and you[0].y > max(t.y for _, t in racks[:-1]), (where, racks)
        else:  # a row under the board: theirs first, at the left
            assert colours == [COLOURS[person], *after[:-1]], (where, racks)
            assert len({round(t.y) for _, t in racks}) == 1 and you[0].x < min(t.x for _, t in racks[1:])


def check_iriri(table: Table, person: int) -> None:
    players = len(table.seats)
    after = [COLOURS[(person + 1 + i) % players] for i in range(players)]
    for where, size in SIZES.items():
        scene = at(table, size)
        racks = iriri_racks(scene)
        assert [colour for colour, _ in racks] == after, (where, racks)
        own = racks[-1][1]
        assert own.label.startswith(f"{COLOURS[person]}, your hand and score"), (where, own.label)
        others = [box.y for _, box in racks[:-1]]  # (four players: the bottom row is theirs and another's)
        assert own.y >= max(others) and own.y >= min(others) + own.h * 0.9, (where, racks)
        # "you" under the colour and score, or "Blue (you)  0" above the hand, inside their rack only.
        you = [s for s in scene.shapes if isinstance(s, Text) and says_you(s)]
        assert len(you) == 1 and inside(you[0], own), (where, you, own)
        if you[0].text != "you":
            assert you[0].text.startswith(f"{COLOURS[person]} (you)"), (where, you)


CHECKS = {"hextris": check_hextris, "iriri": check_iriri}
"""Where Hextris' and Iriri's racks are drawn: those two games' own content
(Pyrinoes' and Pach-Ice-i's sides are their own tests'); every game's side
named "you" is :func:`test_in_every_game_the_persons_own_side_is_named_you`."""


@pytest.mark.parametrize("person", [0, 1])
@pytest.mark.parametrize("game", table_games())
def test_in_every_game_the_persons_own_side_is_named_you(game: str, person: int) -> None:
    """Every game of the registry: against bots, the person's own row of the
    players' table is named by their seat and "you", each bot's by its seat
    and level; people sharing a screen, by their seats alone."""
    table = with_bots(game, person)
    names = [table.presenter.player_name(table.state, seat) for seat in range(2)]
    rows = [row["name"] for row in table.view()["scores"]]
    assert rows[person] == f"{names[person]} (you)"
    assert rows[1 - person] == f"{names[1 - person]} (easy bot)"
    shared = Table(game, [Seat("human"), Seat("human")], seed=3)
    assert [row["name"] for row in shared.view()["scores"]] == names


@pytest.mark.parametrize("person", [0, 1])
@pytest.mark.parametrize("game", list(CHECKS))
def test_against_bots_the_persons_own_rack_is_theirs_to_find_and_named_you(game: str, person: int) -> None:
    table = with_bots(game, person)
    CHECKS[game](table, person)
    view = table.view()
    assert view["scores"][person]["name"] == f"{COLOURS[person]} (you)"
    assert view["scores"][1 - person]["name"] == f"{COLOURS[1 - person]} (easy bot)"


@pytest.mark.parametrize("person", [0, 1])
@pytest.mark.parametrize("game", list(CHECKS))
def test_by_links_the_persons_own_rack_is_theirs_to_find_and_named_you(game: str, person: int) -> None:
    table = by_links(game, person)
    CHECKS[game](table, person)
    assert table.view()["scores"][1 - person]["name"] == f"{COLOURS[1 - person]} (Bob)"


@pytest.mark.parametrize(("game", "players"), [("hextris", 3), ("iriri", 3), ("iriri", 4)])
def test_the_others_follow_in_the_order_of_play(game: str, players: int) -> None:
    """With more players, the person's rack is still theirs to find (Iriri:
    in the bottom row of the two columns), the others in the order they play
    after the person."""
    CHECKS[game](with_bots(game, 1, players), 1)


@pytest.mark.parametrize("game", list(CHECKS))
def test_people_sharing_a_screen_see_the_racks_in_seat_order_by_their_colours(game: str) -> None:
    """Nothing changes where people take turns at one screen: no rack is
    anyone's own, whoever is to move."""
    table = Table(game, [Seat("human"), Seat("human")], seed=3)
    for mover in (0, 1):
        while table.seat_to_move != mover:  # (Iriri: Yellow's word, then their takes)
            table.play(table.legal_moves()[0])
        for size in SIZES.values():
            scene = at(table, size)
            racks = hextris_racks(scene) if game == "hextris" else iriri_racks(scene)
            assert [colour for colour, _ in racks] == ["Yellow", "Blue"]
            assert not [s for s in scene.shapes if isinstance(s, Text) and says_you(s)]
            assert [row["name"] for row in table.view()["scores"]] == ["Yellow", "Blue"]
