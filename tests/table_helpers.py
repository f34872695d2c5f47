"""Events sent to a table the way the page sends them, for the table tests of every game."""

from __future__ import annotations

from typing import Any

from iriri_core import Table


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
