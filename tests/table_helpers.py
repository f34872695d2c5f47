"""Events sent to a table the way the page sends them, for the table tests of every game."""

from __future__ import annotations

import math
from typing import Any

from iriri_core import Table
from iriri_core.pictures.drawing import HINT


def tap(table: Table, target: str | None) -> dict[str, Any]:
    """A tap on the canvas at ``target`` (None: empty space); the new view."""
    return table.handle({"type": "tap", "target": target})


def command(table: Table, name: str) -> dict[str, Any]:
    """A press of the button ``name``; the new view."""
    return table.handle({"type": "command", "name": name})


def error(view: dict[str, Any]) -> str:
    """The error a view tells the person, or "" where it tells none."""
    message = view["message"] or {}
    return str(message.get("text", "")) if message.get("kind") == "error" else ""


# ---------------------------------------------------------------- a person following a hint


def finish_hint(table: Table) -> dict[str, Any]:
    """Press Hint and let the table think until the hint is shown; the view."""
    view = command(table, "hint")
    assert view["state"]["thinking"] and "looking for a good move" in view["status"], view["message"]
    while table.advance(budget=math.inf) is not None:
        pass
    return table.view()


def inside(shape: dict[str, Any], x: float, y: float) -> bool:
    """Whether the point (x, y) is inside ``shape`` (as web/painter.js decides a tap)."""
    kind = shape["type"]
    if kind == "rect":
        return bool(shape["x"] <= x <= shape["x"] + shape["w"] and shape["y"] <= y <= shape["y"] + shape["h"])
    if kind == "circle":
        return bool((x - shape["x"]) ** 2 + (y - shape["y"]) ** 2 <= shape["r"] ** 2)
    if kind == "polygon":
        hit, points = False, shape["points"]
        for (xi, yi), (xj, yj) in zip(points, points[-1:] + points[:-1], strict=True):
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                hit = not hit
        return hit
    return False


def target_at(scene: dict[str, Any], x: float, y: float) -> str | None:
    """The target a tap at scene point (x, y) reports: the topmost shape with a
    target there (web/painter.js, ``targetAt``)."""
    for shape in reversed(scene["shapes"]):
        if shape.get("target") and inside(shape, x, y):
            return str(shape["target"])
    return None


def hint_rings(scene: dict[str, Any]) -> dict[int, tuple[float, float]]:
    """Where the hint's rings are on the table, by their number: 1, the solid
    ring around what to tap now; 2, the dashed ring around what comes next
    (docs/page.md, "Hints"), each as the centre of the ring."""
    rings: dict[int, tuple[float, float]] = {}
    for shape in scene["shapes"]:
        if shape.get("stroke") != HINT or "fill" in shape:
            continue
        number = 2 if shape.get("dash") else 1
        if shape["type"] == "circle":
            rings[number] = (shape["x"], shape["y"])
        elif shape["type"] == "rect":
            rings[number] = (shape["x"] + shape["w"] / 2, shape["y"] + shape["h"] / 2)
    return rings


def follow_hint(table: Table, limit: int = 12) -> list[str]:
    """Do what the hint on the table marks, as a person would, until a move
    is played: tap what the solid ring marks (where its centre is), or press
    the button the hint outlines; each step taken (a target, or the
    button's name), in order.  Fails if a step is refused or nothing is marked."""
    cursor, taken = table.cursor, []
    view = table.view()
    for _ in range(limit):
        rings = hint_rings(view["scene"])
        if 1 in rings:
            step = target_at(view["scene"], *rings[1])
            assert step is not None, "the hint's ring marks nothing one can tap"
            view = tap(table, step)
        else:
            assert view["hint"] and view["hint"]["control"], f"nothing is marked: {view['message']}"
            step = view["hint"]["control"]
            assert any(c["name"] == step and c["shown"] and c["enabled"] for c in view["controls"])
            view = command(table, step)
        taken.append(step)
        assert not error(view), f"{step} was refused: {error(view)}"
        if table.cursor != cursor:
            return taken
    raise AssertionError(f"{limit} steps and still no move: {taken}")
