"""How the table finds a hint's steps: the first of the presenter's ways
to play the suggested move that does play it, step by step, from an empty
draft.  Apart from :mod:`iriri_core.learn.hints` (what a hint is), as it follows
the presenter's taps: the presenter's module uses hints, and this one uses
the presenter."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from ..presenter import Presenter, Seen
from .hints import Hint, Step


def plan_hint(presenter: Presenter, seen: Seen, move: Any, summary: str) -> Hint:
    """The hint for ``move``: the first of the presenter's ways to play it
    (:meth:`Presenter.hint_steps`) that does play it when its steps are
    taken one by one from an empty draft, each changing the draft and none
    refused; no steps (only Play it) where none does."""
    for steps in presenter.hint_steps(seen, move):
        drafts = _follow(presenter, seen, move, steps)
        if drafts is not None:
            return Hint(move, summary, tuple(steps), drafts)
    return Hint(move, summary, ())


def _follow(presenter: Presenter, seen: Seen, move: Any, steps: Sequence[Step]) -> tuple[Any, ...] | None:
    """The drafts ``steps`` leave one after the other, if the last plays
    ``move`` and none before it plays anything, is refused or does nothing."""
    draft = presenter.new_draft()
    drafts: list[Any] = []
    for index, step in enumerate(steps):
        before = copy.deepcopy(draft)
        if step.control is not None:
            reply = presenter.command(seen, copy.deepcopy(draft), step.control)
        else:
            reply = presenter.tap(seen, copy.deepcopy(draft), step.target)
        if reply.error or reply.roll:
            return None
        if index == len(steps) - 1:
            return tuple(drafts) if reply.move == move else None
        if reply.move is not None or reply.draft == before:
            return None
        draft = reply.draft
        drafts.append(copy.deepcopy(draft))
    return None
