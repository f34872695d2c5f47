"""Arithmetic in steps, so that the page never waits on it (docs/distance.md,
"The page's share of the work").

This module owns the one contract every long computation of
:mod:`iriri_core.by_links.crypto` follows: it is written as a generator that
``yield``\\s between pieces of work of a millisecond or two each (a window
of a scalar multiplication, one card of a deck) and ``return``\\s its
result.  A script runs it to the end at once (:func:`finish`); the page runs
it a slice at a time between frames (:class:`Running`), as the bots think,
so that no task of the page's main thread is long.

>>> def count(n: int) -> Steps[int]:
...     total = 0
...     for i in range(n):
...         total += i
...         yield
...     return total
>>> finish(count(5))
10
>>> running = Running(count(1000))
>>> running.run_for(0.0), running.done  # one piece in a slice of no time
(False, False)
>>> running.run_for(60.0), running.result
(True, 499500)
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Generator
from typing import Any, Generic, TypeVar

T = TypeVar("T")

Steps = Generator[None, None, T]
"""A computation that yields between its pieces and returns a T."""


def finish(steps: Steps[T]) -> T:
    """Run ``steps`` to the end; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


class Running(Generic[T]):
    """A computation run a slice at a time: :meth:`run_for` until
    :attr:`done`, then :attr:`result` (an exception it raised comes out of
    :meth:`run_for`)."""

    def __init__(self, steps: Steps[T]) -> None:
        self.steps = steps
        self.done = False
        self.result: T | None = None

    def run_for(self, seconds: float) -> bool:
        """Go on for about ``seconds`` (at least one piece); whether it is done."""
        end = time.perf_counter() + seconds
        while not self.done:
            try:
                next(self.steps)
            except StopIteration as stopped:
                self.done, self.result = True, stopped.value
            else:
                if time.perf_counter() >= end:
                    break
        return self.done


class Deferred(Exception):
    """A long computation a side needs and has not done yet (a :class:`Work`
    that defers): the page runs :meth:`running` a slice at a time, hands
    it to :meth:`keep`, then does again what raised this."""

    def __init__(self, work: Work, key: str, make: Callable[[], Steps[Any]], keep: bool) -> None:
        super().__init__("a long computation is due")
        self.work, self.key, self.make, self.kept = work, key, make, keep

    def running(self) -> Running[Any]:
        return Running(self.make())

    def keep(self, running: Running[Any]) -> None:
        """Keep the result of ``running`` (done) where the side will find it."""
        self.work.store(self.key, running.result, self.kept)

    def fail(self, error: Exception) -> None:
        """Keep ``error``, raised by the computation, to raise again where it is asked for."""
        self.work.failed[self.key] = error


class Work:
    """A side's long computations, each done once and found again by a key
    made from all its inputs: in memory, or, for a small result worth
    keeping (the dominoes a lift opened), in ``kept``, which the side keeps
    with its game so that a reload does not do it again.  A Work that
    ``defer``\\s raises :class:`Deferred` for a computation not yet done, so
    that the page can do it in slices; otherwise it does it at once."""

    def __init__(self, kept: dict[str, Any] | None = None, defer: bool = False) -> None:
        self.kept: dict[str, Any] = dict(kept or {})
        self.done: dict[str, Any] = {}
        self.failed: dict[str, Exception] = {}
        self.defer = defer

    def run(self, name: bytes, make: Callable[[], Steps[T]], keep: bool = False, now: bool = False) -> T:
        """The result of ``make()``'s steps, whose inputs ``name`` names
        (hashed into the key); with ``keep``, the result is kept with the
        game (it must be JSON data); with ``now``, done at once even where
        the Work defers (a side's own kept game read again)."""
        key = hashlib.sha256(name).hexdigest()[:32]
        if key in self.failed:
            raise self.failed[key]
        if key in self.done:
            return self.done[key]  # type: ignore[no-any-return]
        if keep and key in self.kept:
            return self.kept[key]  # type: ignore[no-any-return]
        if self.defer and not now:
            raise Deferred(self, key, make, keep)
        try:
            result = finish(make())
        except Exception as error:
            self.failed[key] = error
            raise
        self.store(key, result, keep)
        return result

    def store(self, key: str, result: Any, keep: bool) -> None:
        (self.kept if keep else self.done)[key] = result
