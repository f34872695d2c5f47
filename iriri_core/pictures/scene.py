"""Scenes: display lists of plain shapes, drawn on a canvas in the browser and
written as SVG here, so figures for docs come from the same code as the game.

A scene is a size plus a list of shapes; later shapes draw over earlier ones.
Any shape may carry a ``target`` id that a tap inside it reports.  The JSON
form is documented in docs/page.md.

>>> scene = Scene(40, 20)
>>> scene.add(Rect(0, 0, 40, 20, fill="#fff"))
>>> scene.add(Text(20, 10, "hi", size=12, fill="#000", align="center"))
>>> print(to_svg(scene))  # doctest: +ELLIPSIS
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">...hi</text></svg>
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from typing import Any

Point = tuple[float, float]


@dataclass(frozen=True, kw_only=True)
class _Shape:
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: tuple[float, ...] = ()
    alpha: float = 1.0
    target: str | None = None
    label: str | None = None
    """What this part of the table is, in words: the page shows it over the
    canvas while the pointer rests on the shape, or a finger presses it long."""

    kind = "shape"

    def _geometry(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The shape as the painter reads it (docs/page.md)."""
        data: dict[str, Any] = {"type": self.kind, **self._geometry()}
        if self.fill is not None:
            data["fill"] = self.fill
        if self.stroke is not None:
            data["stroke"] = self.stroke
            data["width"] = _round(self.width)
        if self.dash:
            data["dash"] = [_round(d) for d in self.dash]
        if self.alpha != 1.0:
            data["alpha"] = _round(self.alpha)
        if self.target is not None:
            data["target"] = self.target
        if self.label is not None:
            data["label"] = self.label
        return data


@dataclass(frozen=True)
class Rect(_Shape):
    """An axis-aligned rectangle, optionally with rounded corners."""

    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0
    kind = "rect"

    def _geometry(self) -> dict[str, Any]:
        data = {"x": _round(self.x), "y": _round(self.y), "w": _round(self.w), "h": _round(self.h)}
        if self.radius:
            data["radius"] = _round(self.radius)
        return data


@dataclass(frozen=True)
class Circle(_Shape):
    """A circle around (x, y)."""

    x: float
    y: float
    r: float
    kind = "circle"

    def _geometry(self) -> dict[str, Any]:
        return {"x": _round(self.x), "y": _round(self.y), "r": _round(self.r)}


@dataclass(frozen=True)
class _Points(_Shape):
    points: tuple[Point, ...]

    def _geometry(self) -> dict[str, Any]:
        return {"points": [[_round(x), _round(y)] for x, y in self.points]}


@dataclass(frozen=True)
class Polygon(_Points):
    """A closed polygon."""

    kind = "polygon"


@dataclass(frozen=True)
class Line(_Points):
    """An open polyline."""

    kind = "line"


@dataclass(frozen=True)
class Text(_Shape):
    """Text drawn with ``fill``, vertically centred on ``y``."""

    x: float
    y: float
    text: str
    size: float = 12.0
    align: str = "left"
    weight: str = "normal"
    kind = "text"

    def box(self) -> tuple[float, float, float, float]:
        """The box the text covers at most (left, top, right, bottom): a
        letter is at most about 0.6 of its size across, as drawn here."""
        width = len(self.text) * self.size * 0.6
        left = {"left": self.x, "center": self.x - width / 2, "right": self.x - width}[self.align]
        return left, self.y - self.size * 0.6, left + width, self.y + self.size * 0.6

    def _geometry(self) -> dict[str, Any]:
        data: dict[str, Any] = {"x": _round(self.x), "y": _round(self.y), "text": self.text}
        data["size"] = _round(self.size)
        if self.align != "left":
            data["align"] = self.align
        if self.weight != "normal":
            data["weight"] = self.weight
        return data


@dataclass(frozen=True)
class Piece:
    """Not drawn: the ``count`` shapes after it are one piece of the kind
    ``key`` ("yellow2"), centred on (x, y) and ``size`` across, so that the
    painter can show a piece moving from one scene to the next."""

    key: str
    x: float
    y: float
    size: float
    count: int
    kind = "piece"
    target = None

    def to_json(self) -> dict[str, Any]:
        """The marker as the painter reads it (docs/page.md)."""
        return {
            "type": self.kind,
            "key": self.key,
            "x": _round(self.x),
            "y": _round(self.y),
            "size": _round(self.size),
            "count": self.count,
        }


Shape = Rect | Circle | Polygon | Line | Text | Piece


@dataclass
class Scene:
    """A size in CSS pixels and the shapes to draw, bottom first."""

    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    focus: tuple[float, float, float, float] | None = None
    """Where the person's eyes should be (left, top, width, height): a
    table larger than its box is scrolled to show it (the hint's next tap)."""

    def add(self, shape: Shape) -> None:
        """Draw ``shape`` over everything added before it."""
        self.shapes.append(shape)

    @contextmanager
    def piece(self, key: str, x: float, y: float, size: float) -> Iterator[None]:
        """The shapes added inside the block are one piece (:class:`Piece`)."""
        start = len(self.shapes)
        yield
        self.shapes.insert(start, Piece(key, x, y, size, len(self.shapes) - start))

    def to_json(self) -> dict[str, Any]:
        """The scene as the page's painter reads it."""
        data: dict[str, Any] = {
            "width": _round(self.width),
            "height": _round(self.height),
            "shapes": [shape.to_json() for shape in self.shapes],
        }
        if self.focus is not None:
            data["focus"] = [_round(value) for value in self.focus]
        return data

    def targets(self) -> set[str]:
        """Every target id in the scene."""
        return {shape.target for shape in self.shapes if shape.target is not None}

    def label(self, x: float, y: float, w: float, h: float, words: str) -> None:
        """Say what the box at (x, y), ``w`` by ``h``, is: an invisible
        shape, drawn nowhere, that the page's tooltip reads."""
        self.add(Rect(x, y, w, h, fill="#ffffff", alpha=0.0, label=words))

    def labels(self) -> list[tuple[Shape, str]]:
        """Every labelled shape with its label, bottom first."""
        return [(shape, shape.label) for shape in self.shapes if not isinstance(shape, Piece) and shape.label]


def _round(value: float) -> float:
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
"""The fonts text is drawn in, best first (web/painter.js draws with the same)."""

SVG_FONT = "DejaVu Sans"
"""The one font an SVG's text names in its attributes, for ImageMagick's own
SVG renderer (MediaWiki's default converter): it reads no CSS and takes a
single family, found through fontconfig, where a list or an unknown name
makes it drop the rest of the drawing. DejaVu Sans comes with fontconfig on
Debian and Ubuntu; where it is missing, ImageMagick draws the text in its own
default font. Browsers and librsvg read :data:`FONT` from the SVG's style
sheet instead, which outranks the attribute."""


def _colour(colour: str, alpha: float) -> str:
    """``colour`` with ``alpha`` folded in: ``rgba()`` for a hex colour that
    is not opaque. Every common SVG renderer reads a colour's alpha, where
    ImageMagick's own ignores the ``opacity`` attributes."""
    digits = colour[1:] if colour.startswith("#") else ""
    if alpha == 1.0 or len(digits) not in (3, 6) or any(c not in "0123456789abcdefABCDEF" for c in digits):
        return colour
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    red, green, blue = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
    return f"rgba({red},{green},{blue},{_round(alpha)})"


def _paint(shape: _Shape, *, text: bool = False, filled: bool = True) -> str:
    """The paint attributes of ``shape``: a fill and a stroke, each "none" when
    absent (ImageMagick strokes a shape that does not say), its alpha in
    the colours (:func:`_colour`)."""
    fill = (shape.fill or ("#000" if text else None)) if filled else None  # text: black, as on the canvas
    stroke = shape.stroke if not text else None
    parts = [f'fill="{escape(_colour(fill, shape.alpha))}"' if fill else 'fill="none"']
    if stroke:
        parts.append(f'stroke="{escape(_colour(stroke, shape.alpha))}" stroke-width="{_round(shape.width)}"')
        if shape.dash:
            parts.append(f'stroke-dasharray="{" ".join(str(_round(d)) for d in shape.dash)}"')
    else:
        parts.append('stroke="none"')
    if shape.alpha != 1.0 and any(_colour(c, shape.alpha) == c for c in (fill, stroke) if c):
        # a colour that cannot carry its alpha (a named one): say it the standard way
        parts.append(f'opacity="{_round(shape.alpha)}"')
    return " ".join(parts)


def _points(points: tuple[Point, ...]) -> str:
    return " ".join(f"{_round(x)},{_round(y)}" for x, y in points)


_ANCHOR = {"left": "start", "center": "middle", "right": "end"}


def to_svg(scene: Scene) -> str:
    """The scene as a standalone SVG document (text only, no scripts), drawn
    alike by browsers, librsvg (``rsvg-convert``) and ImageMagick: nothing
    invisible (a tap area is left out, not written transparent), every
    shape's fill and stroke said outright, alpha in the colours, and text in
    one named font with the page's own fonts in a style sheet."""
    w, h = _round(scene.width), _round(scene.height)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
        f"<style>text {{ font-family: {FONT}; }}</style>",
    ]
    for shape in scene.shapes:
        if isinstance(shape, Piece) or shape.alpha == 0:
            continue  # a marker, or a tap area: nothing to draw
        if isinstance(shape, Rect):
            corner = f' rx="{_round(shape.radius)}"' if shape.radius else ""
            out.append(
                f'<rect x="{_round(shape.x)}" y="{_round(shape.y)}" width="{_round(shape.w)}" '
                f'height="{_round(shape.h)}"{corner} {_paint(shape)}/>'
            )
        elif isinstance(shape, Circle):
            centre = f'cx="{_round(shape.x)}" cy="{_round(shape.y)}"'
            out.append(f'<circle {centre} r="{_round(shape.r)}" {_paint(shape)}/>')
        elif isinstance(shape, Polygon):
            out.append(f'<polygon points="{_points(shape.points)}" {_paint(shape)}/>')
        elif isinstance(shape, Line):
            out.append(f'<polyline points="{_points(shape.points)}" {_paint(shape, filled=False)}/>')
        else:
            out.append(
                f'<text x="{_round(shape.x)}" y="{_round(shape.y)}" font-size="{_round(shape.size)}" '
                f'font-family="{SVG_FONT}" font-weight="{shape.weight}" '
                f'text-anchor="{_ANCHOR.get(shape.align, "start")}" dominant-baseline="central" '
                f"{_paint(shape, text=True)}>{escape(shape.text)}</text>"
            )
    out.append("</svg>")
    return "".join(out)
