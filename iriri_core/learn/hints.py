"""A hint as a person follows it: the steps that play a suggested move
(taps on the canvas and presses of the game's buttons), and their words.
How the table finds them is :func:`iriri_core.learn.hint_plan.plan_hint`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Step:
    """One thing a person does to follow a hint: a tap on the canvas
    ``target``, or a press of the game's button ``control``; ``words`` say
    what to tap ("the small yellow in your hand", "cell 0,1") or the
    button's label ("Confirm")."""

    words: str
    target: str | None = None
    control: str | None = None

    def event(self) -> dict[str, Any]:
        """The event the page sends for this step (docs/page.md)."""
        if self.control is not None:
            return {"type": "command", "name": self.control}
        return {"type": "tap", "target": self.target}


def tap_step(target: str, words: str) -> Step:
    """A tap on ``target``, which ``words`` describe."""
    return Step(words, target=target)


def press_step(control: str, label: str) -> Step:
    """A press of the game's button ``control``, labelled ``label``."""
    return Step(label, control=control)


@dataclass
class Hint:
    """A suggested move on the table: the move, its words, and the steps
    that play it, each with the draft it leaves (the last plays the move);
    ``done`` counts the steps the person has followed."""

    move: Any
    summary: str
    """The move in words ("lay Y1 at 0,0, Y2 at 0,1 (6.5 points)")."""
    steps: tuple[Step, ...]
    """Empty where no taps play it (only Play it does)."""
    drafts: tuple[Any, ...] = ()
    """The draft after each step but the last."""
    done: int = 0
    name: str = "Hint"
    """What the words call it: "Hint", or "Show me" in a lesson (no summary then: the goal said it)."""

    @property
    def next(self) -> Step | None:
        """The step to take now."""
        return self.steps[self.done] if self.done < len(self.steps) else None

    @property
    def then(self) -> Step | None:
        """The step after it."""
        return self.steps[self.done + 1] if self.done + 1 < len(self.steps) else None

    def text(self) -> str:
        """The hint in words, with the steps left in order: "Hint: lay ...
        Tap the small yellow in your hand, then cell 0,0, then press Confirm."
        (after a step: "Now tap cell 0,0, ...")."""
        return (
            f"{self.name}: {self.summary}. {self.next_words()}"
            if self.summary
            else f"{self.name}: {self.next_words()}"
        )

    def next_words(self) -> str:
        """The steps left, in order, as a sentence: "Tap the small yellow in
        your hand, then cell 0,0, then press Confirm.", after a step "Now tap
        cell 0,0, then press Confirm."."""
        if not self.steps:
            return "Press Play it to play it."
        words = steps_words(self.steps[self.done :])
        return ("Now " + words if self.done else words[0].upper() + words[1:]) + "."

    def following(self, draft: Any) -> bool:
        """Whether ``draft`` is where a later step leads: the person is
        following the hint (``done`` moves on to it)."""
        for index in range(self.done, len(self.drafts)):
            if self.drafts[index] == draft:
                self.done = index + 1
                return True
        return False


def steps_words(steps: Sequence[Step]) -> str:
    """The steps in order, in words: "tap the small yellow in your hand,
    then cell 0,0, then press Confirm"; a tap repeated is counted.

    >>> steps_words([tap_step("supply:R3", "the large red"), tap_step("supply:R3", "the large red"),
    ...              tap_step("supply:Y1", "the small yellow"), press_step("build", "Build")])
    'tap the large red twice, then the small yellow, then press Build'
    """
    parts: list[list[Any]] = []
    for step in steps:
        if parts and parts[-1][0] == step:
            parts[-1][1] += 1
        else:
            parts.append([step, 1])
    said = []
    for step, count in parts:
        words = f"press {step.words}" if step.control is not None else step.words
        said.append(words + ("" if count == 1 else " twice" if count == 2 else f" {count} times"))
    first = said[0] if said[0].startswith("press ") else "tap " + said[0]
    return ", then ".join([first, *said[1:]])
