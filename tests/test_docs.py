"""The docs stay true to the code: their examples are checked here."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from iriri_core import Record, get_game
from iriri_core.games.hextris import spot_name
from iriri_core.games.hextris.notation import board_lines

ROOT = Path(__file__).resolve().parent.parent


def blocks(path: Path) -> list[str]:
    return re.findall(r"```[a-z]*\n(.*?)```", path.read_text(), re.S)


def test_the_position_example_in_notation_md_is_a_real_position(iriri: Any) -> None:
    example = next(b for b in blocks(ROOT / "docs" / "notation.md") if b.startswith("Iriri\n"))
    state = iriri.from_text(example)
    assert iriri.to_text(state) == example
    start = iriri.new_game(players=2, seed=1)
    moves = ["Y1@0,0 Y2@1,0", "take Y2@7", "take Y1@10"]
    assert (
        Record(game="iriri", players=2, start=iriri.to_text(start), moves=tuple(moves)).replay()[-1] == state
    )


def test_the_hextris_examples_in_notation_md_are_true() -> None:
    """The position after the moves it names, and the spot diagram is the board's own drawing."""
    hextris = get_game("hextris")
    found = blocks(ROOT / "docs" / "notation.md")
    example = next(b for b in found if b.startswith("Hextris\n"))
    state = hextris.from_text(example)
    assert hextris.to_text(state) == example
    moves = ("L@c1", "S@e5", "c1-c3")
    start = hextris.to_text(hextris.new_game(players=2))
    assert Record(game="hextris", players=2, start=start, moves=moves).replay()[-1] == state
    # Each spot of the diagram stands where position text draws that spot's piece.
    diagram = next(b for b in found if b.startswith("e     e3"))
    names: Any = tuple(spot_name(spot) for spot in range(19))
    assert "\n".join(board_lines(names)) + "\n" == diagram


def test_the_record_example_in_notation_md_replays(iriri: Any) -> None:
    example = next(b for b in blocks(ROOT / "docs" / "notation.md") if b.startswith("{"))
    moves = re.search(r'"moves": (\[.*\])', example)
    assert moves
    start = iriri.to_text(iriri.new_game(players=2, seed=1))
    record = Record(game="iriri", players=2, start=start, moves=tuple(json.loads(moves.group(1))), seed=1)
    assert len(record.replay()) == 5


def test_the_readme_opens_with_the_two_commands() -> None:
    first_lines = (ROOT / "README.md").read_text().split("\n")[:3]
    assert first_lines[1].startswith("python3 build.py serve")
    assert first_lines[2].startswith("python3 build.py test")


def test_every_rules_decision_names_a_test_that_exists() -> None:
    notes = (ROOT / "docs" / "rules-notes.md").read_text()
    named = set(re.findall(r"`(test_\w+)`", notes))
    assert named
    source = "\n".join(p.read_text() for p in (ROOT / "tests").glob("test_*.py"))
    missing = sorted(name for name in named if f"def {name}(" not in source)
    assert not missing, f"docs/rules-notes.md names tests that do not exist: {missing}"


def test_the_registry_lists_iriri() -> None:
    assert get_game("iriri").title == "Iriri"


def test_the_readme_picture_is_what_the_scene_code_draws() -> None:
    from iriri_core.pictures.figures import table_picture

    drawn = (ROOT / "docs" / "table.svg").read_text()
    assert drawn == table_picture() + "\n", "run python3 build.py figures"
    assert "docs/table.svg" in (ROOT / "README.md").read_text()


def test_the_readme_python_example_runs() -> None:
    text = (ROOT / "README.md").read_text()
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    hextris, state = namespace["hextris"], namespace["state"]
    assert hextris.current_player(state) == 1
    assert "c Y3  ..  ..  ..  .." in hextris.to_text(state)
