"""The draft, the move a person is putting together: where a drag of one of
its pieces may end, and the draft kept with a saved match: the taps, drags
and buttons that made it, in order, so that a match loads with its draft
made again, step by step through the presenter, which checks each against
the position (docs/page.md).  Pure functions: the table keeps the steps and
the draft."""

from __future__ import annotations

import copy
from typing import Any

from ..presenter import Presenter, Reply, Seen
from .events import EVENTS, TABLE_COMMANDS, event_problem

MAX_STEPS = 64
"""The most taps, drags and buttons a draft saved with the match may take
to make again (a longer one is not saved)."""

Steps = list[dict[str, Any]] | None
"""What made the draft, in order; None where it cannot be told that way."""


def kept_steps(steps: Steps, event: dict[str, Any], empty: bool, failed: bool) -> Steps:
    """The steps after ``event`` changed the draft: none where the draft is
    ``empty`` again, None (it cannot be made again) after an event that
    ``failed`` or past :data:`MAX_STEPS`, else ``steps`` and the event."""
    if empty:
        return []
    if failed or steps is None or len(steps) >= MAX_STEPS:
        return None
    return [*steps, {key: event[key] for key in ("type", *EVENTS[event["type"]])}]


def saved_draft(steps: Steps, acting: bool, cursor: int, viewer: int) -> dict[str, Any] | None:
    """The draft as saved with the match: the position and viewer it
    belongs to, and the steps that make it; None if there is none."""
    if not steps or not acting:
        return None
    return {"cursor": cursor, "viewer": viewer, "steps": list(steps)}


def step_reply(presenter: Presenter, seen: Seen, step: Any, draft: Any) -> Reply | None:
    """What the presenter makes of one saved step on ``draft`` (a copy is
    changed); None for a step that is not one."""
    mine = copy.deepcopy(draft)
    if event_problem(step) or step["type"] not in ("tap", "drag", "command"):
        return None
    if step["type"] == "tap":
        return presenter.tap(seen, mine, step["target"])
    if step["type"] == "drag":
        return presenter.drag(seen, mine, step["from"], step["to"])
    return None if step["name"] in TABLE_COMMANDS else presenter.command(seen, mine, step["name"])


def put_back(presenter: Presenter, seen: Seen, data: Any, cursor: int) -> tuple[Any, Steps] | None:
    """The draft saved as ``data`` (:func:`saved_draft`) made again, with
    its steps; None for a draft that is damaged, or of another position
    (``cursor``) or viewer than ``seen``'s, or where the viewer does not act."""
    if not isinstance(data, dict) or not seen.acting:
        return None
    steps = data.get("steps")
    if data.get("cursor") != cursor or data.get("viewer") != seen.viewer:
        return None
    if not isinstance(steps, list) or not 0 < len(steps) <= MAX_STEPS:
        return None
    draft = presenter.new_draft()
    try:
        for step in steps:
            reply = step_reply(presenter, seen, step, draft)
            if reply is None or reply.error or reply.move is not None or reply.roll:
                return None
            draft = reply.draft
    except Exception:  # whatever a damaged save holds, the match loads without its draft
        return None
    return draft, list(steps)


def drop_targets(presenter: Presenter, seen: Seen, draft: Any, source: str) -> list[str]:
    """Where a drag from ``source`` may end, for the person acting in
    ``seen`` with ``draft``: the targets on which the presenter makes of it a
    legal move, or a step of one (a piece put in a word)."""
    panel = presenter.panel(seen, draft)
    if source not in panel["draggable"]:
        return []
    found = []
    for target in sorted(panel["scene"].targets() - {source}):
        reply = presenter.drag(seen, copy.deepcopy(draft), source, target)
        if reply.error:
            continue
        if reply.move is not None:
            if reply.move in seen.legal:
                found.append(target)
        elif reply.draft != draft and target not in panel["draggable"]:
            found.append(target)
    return found
