"""Tables a finger can play on (docs/page.md, "The scene").

On a touch screen the page asks that every tap target be at least a
finger's width (:data:`FINGER`, 44 CSS px) each way.  Where a table drawn at
its box's size would give a smaller one (a phone, a lesson's panel over the
board, an Iriri board grown late in the game), it is drawn larger than the
box, taller first (the board keeps the box's width), then larger both ways,
and the page scrolls it in its box, following the action (the scene's
``focus``).  A figure or a picture is never enlarged: it is drawn for its box.

>>> from .scene import Rect
>>> def draw(width: float, height: float) -> Scene:
...     scene = Scene(width, height)
...     scene.add(Rect(0, 0, width, height / 10, target="row"))
...     return scene
>>> draw(300, 300).height, finger_sized(draw, 300, 300, FINGER).height >= 440
(300, True)
>>> finger_sized(draw, 300, 300, 0).height
300
"""

from __future__ import annotations

from collections.abc import Callable

from .scene import Circle, Rect, Scene

FINGER = 44.0
"""The least side, in CSS px, of a tap target on a touch screen."""

MOST = 2.6
"""How many times its box's height (or size) a table may be drawn."""

STEPS = 6
"""Halvings in the search for the least size that is enough."""

Draw = Callable[[float, float], Scene]
"""The table drawn at a width and a height."""

Box = tuple[float, float, float, float]


def tap_areas(scene: Scene) -> dict[str, Box]:
    """Each target's tap area: the box of the largest shape that carries it
    (the page's painter finds taps the same way)."""
    areas: dict[str, Box] = {}
    for shape in scene.shapes:
        target = shape.target
        if target is None:
            continue
        if isinstance(shape, Rect):
            box = (shape.x, shape.y, shape.w, shape.h)
        elif isinstance(shape, Circle):
            box = (shape.x - shape.r, shape.y - shape.r, 2 * shape.r, 2 * shape.r)
        else:
            continue
        kept = areas.get(target)
        if kept is None or box[2] * box[3] > kept[2] * kept[3]:
            areas[target] = box
    return areas


def smallest_tap(scene: Scene, counts: Callable[[str], bool] = lambda target: True) -> float:
    """The least side of the tap areas of the targets that ``counts`` (a
    large number where there are none)."""
    sides = [min(w, h) for target, (_, _, w, h) in tap_areas(scene).items() if counts(target)]
    return min(sides, default=1e9)


_GROWN: dict[tuple[str, float, float, float], tuple[int, float]] = {}
"""The growth last found enough for a kind of table at a box's size (the
next view of it starts there: a few draws, not a search, per view)."""

SHRINK = 0.97
"""A growth found before is kept while this much less would not do."""


def finger_sized(
    draw: Draw,
    width: float,
    height: float,
    least: float,
    counts: Callable[[str], bool] = lambda target: True,
    key: str = "",
) -> Scene:
    """The table drawn at ``width`` x ``height``, or, where a target that
    ``counts`` would be less than ``least`` px, at the least size (taller
    first, then larger both ways, up to :data:`MOST` times) at which none is;
    where none is enough, at the largest. ``key`` names the kind of table
    (its game): the growth found is tried first the next time."""
    if least <= 0:
        return draw(width, height)
    growths: tuple[Callable[[float], tuple[float, float]], ...] = (
        lambda k: (width, height * k),
        lambda k: (width * k, height * k),
    )
    memo = (key, width, height, least)
    if memo in _GROWN:
        way, k = _GROWN[memo]
        scene = draw(*growths[way](k))
        if smallest_tap(scene, counts) >= least and (
            k * SHRINK < 1 or smallest_tap(draw(*growths[way](k * SHRINK)), counts) < least
        ):
            return scene
    scene = draw(width, height)
    if smallest_tap(scene, counts) >= least:
        _GROWN.pop(memo, None)
        return scene
    largest = scene
    for way, grow in enumerate(growths):
        top = draw(*grow(MOST))
        if smallest_tap(top, counts) < least:
            largest = top
            continue
        low, high, found = 1.0, MOST, top
        for _ in range(STEPS):
            middle = (low + high) / 2
            tried = draw(*grow(middle))
            if smallest_tap(tried, counts) >= least:
                high, found = middle, tried
            else:
                low = middle
        if len(_GROWN) >= 64:  # (a window resized many times)
            _GROWN.clear()
        _GROWN[memo] = (way, high)
        return found
    return largest
