"""Pictures of a table, packed small enough to travel in a link.

A picture is what the page paints before Python has started: the table as a
scene (docs/page.md), and the line of text that goes with it, for one
position or for each step of a figure.  The page keeps the picture of the
game it saves, the build writes the picture of each game's start, and the
links that **Share** writes carry the picture of what they show, so a reader
sees the table at once and Python starts only when it is needed
(docs/embedding.md).

A picture is written as a code: ``1.`` and then, compressed with zlib and in
URL-safe base64, the JSON

``{"game": "iriri", "label": "Iriri", "first": 0, "moves": 12, "steps": [{"text": ..., "scene": ...}]}``

where ``first`` is the move the first step shows (a figure's steps follow
it, one move apart) and ``moves`` how many moves the game has, so that a
figure knows whether there is a next one.  The scenes are as the page paints them,
packed: no tap targets and no invisible shapes, coordinates in whole pixels,
and every point (``x``, ``y`` and the ``points`` of polygons and lines)
written relative to the point before it in the scene.  ``web/picture.js``
reads the code; :func:`decode` here is the reference, and checks a code as
strictly as the page must.

>>> from iriri_core.pictures.scene import Rect, Scene
>>> scene = Scene(40, 30)
>>> scene.add(Rect(0, 0, 40, 30, fill="#fff"))
>>> scene.add(Rect(10.4, 10, 8, 8, fill="#000", target="cell:0,0"))
>>> code = encode("iriri", "Iriri", [Step(scene.to_json(), "Yellow to move")])
>>> code.startswith("1.")
True
>>> picture = decode(code)
>>> picture.steps[0].text, [shape["x"] for shape in picture.steps[0].scene["shapes"]]
('Yellow to move', [0, 10])
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import InvalidPictureError, nests_deeper

VERSION = "1"
MAX_CODE = 150_000
"""The longest picture code read (Share writes at most 16,000 characters; a
link's options may be 200,000 in all)."""
MAX_JSON = 8_000_000
"""A code may not unpack to more than this many bytes."""
MAX_STEPS = 1000
MAX_SHAPES = 20_000
"""The most shapes one scene of a picture may hold."""

MAX_DEPTH = 32
"""How deeply a picture's lists and objects may nest (a table's picture needs 8)."""

KINDS = ("rect", "circle", "polygon", "line", "text")
"""The shapes a scene holds (docs/page.md)."""


@dataclass(frozen=True)
class Step:
    """One picture: a scene as JSON data (:meth:`iriri_core.pictures.scene.Scene.to_json`)
    and the text shown with it (the status line)."""

    scene: dict[str, Any]
    text: str


@dataclass(frozen=True)
class Picture:
    """The pictures of a game, one step (or one position) each."""

    game: str
    label: str
    """The game's name as the page shows it."""
    steps: tuple[Step, ...]
    first: int = 0
    """The move the first step shows: step ``i`` shows move ``first + i``."""
    moves: int = 0
    """How many moves the game has (a figure may show only some of them)."""


def pack(game: str, label: str, steps: Sequence[Step], first: int = 0, moves: int = 0) -> str:
    """The JSON a picture code holds, uncompressed: what the page keeps of
    its saved game, and what the build puts in the page (the page reads it
    at once, where unzipping a code waits its turn among everything else)."""
    data = {
        "game": game,
        "label": label,
        "first": first,
        "moves": max(moves, first + len(steps) - 1),
        "steps": [{"text": step.text, "scene": _pack(step.scene)} for step in steps],
    }
    return json.dumps(data, separators=(",", ":"))


def encode(game: str, label: str, steps: Sequence[Step], first: int = 0, moves: int = 0) -> str:
    """The picture code of ``steps`` (see the module's docstring)."""
    packed = zlib.compress(pack(game, label, steps, first, moves).encode(), 9)
    return VERSION + "." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode(code: str) -> Picture:
    """Read a picture code; raises InvalidPictureError saying what is wrong.
    The scenes come back as the page paints them (whole pixels, no targets)."""
    version, dot, body = code.strip().partition(".")
    if not dot or not version.isdigit():
        raise InvalidPictureError("this is not a picture: it should start with a version, like 1.")
    if version != VERSION:
        raise InvalidPictureError(f"this picture is version {version}, newer than this page reads")
    if len(body) > MAX_CODE:
        raise InvalidPictureError("this picture is too big")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        text = unpacker.decompress(packed, MAX_JSON)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise ValueError("too long or cut short")
    except (ValueError, binascii.Error, zlib.error):
        raise InvalidPictureError("this picture is damaged: it may have been cut short when copied") from None
    return read(text)


def read(text: str | bytes) -> Picture:
    """Read the JSON :func:`pack` writes; raises InvalidPictureError saying what is wrong."""
    if len(text) > MAX_JSON:
        raise InvalidPictureError("this picture is too big")
    if nests_deeper(text, MAX_DEPTH):
        raise InvalidPictureError(f"this picture is damaged: it nests deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidPictureError("this picture is damaged: it is not JSON") from None
    return _read(data)


def _read(data: Any) -> Picture:
    if not isinstance(data, dict):
        raise InvalidPictureError("this picture is not an object")
    game, label, steps = data.get("game"), data.get("label"), data.get("steps")
    first, moves = (data[key] if _whole(data.get(key)) else -1 for key in ("first", "moves"))
    if not isinstance(game, str) or not isinstance(label, str):
        raise InvalidPictureError("this picture does not name its game")
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        raise InvalidPictureError(f"a picture has 1 to {MAX_STEPS} steps")
    if first < 0 or moves < first + len(steps) - 1:
        raise InvalidPictureError("this picture's first step and number of moves must be whole numbers")
    read = []
    for step in steps:
        if not isinstance(step, dict) or not isinstance(step.get("text"), str):
            raise InvalidPictureError("each step of a picture has a text and a scene")
        read.append(Step(_unpack(step.get("scene")), step["text"]))
    return Picture(game, label, tuple(read), first, moves)


# ---------------------------------------------------------------- packing scenes

PLACED = ("rect", "circle", "text")
"""Shapes placed by one point (``x``, ``y``); polygons and lines have ``points``."""


def _pack(scene: dict[str, Any]) -> dict[str, Any]:
    """``scene`` (JSON data) without targets, labels, invisible shapes and piece
    markers (a picture does not move), in whole pixels, each point relative
    to the one before it."""
    shapes = []
    last = (0, 0)
    for shape in scene["shapes"]:
        if shape.get("alpha") == 0 or shape["type"] == "piece":
            continue  # a tap area, invisible; a marker, not drawn
        packed = {key: value for key, value in shape.items() if key not in ("target", "label")}
        if "points" in shape:
            points = []
            for x, y in shape["points"]:
                point = (round(x), round(y))
                points.append([point[0] - last[0], point[1] - last[1]])
                last = point
            packed["points"] = points
        else:
            point = (round(shape["x"]), round(shape["y"]))
            packed["x"], packed["y"] = point[0] - last[0], point[1] - last[1]
            last = point
        for key in ("w", "h", "r"):
            if key in packed:
                packed[key] = round(packed[key])
        shapes.append(packed)
    return {"width": round(scene["width"]), "height": round(scene["height"]), "shapes": shapes}


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _size(value: Any) -> bool:
    return _number(value) and value >= 0


_MEASURES = {"w": ("rect",), "h": ("rect",), "r": ("circle",), "size": ("text",)}
"""Measures some shapes must have, none of them negative."""


def _drawable(shape: dict[str, Any]) -> bool:
    """Whether the painter can draw ``shape`` (web/picture.js checks the same)."""
    for key in ("fill", "stroke"):
        if key in shape and not isinstance(shape[key], str):
            return False
    for key in ("width", "alpha", "radius"):
        if key in shape and not _size(shape[key]):
            return False
    if "dash" in shape and not (isinstance(shape["dash"], list) and all(_size(d) for d in shape["dash"])):
        return False
    return all(_size(shape.get(key)) for key, kinds in _MEASURES.items() if shape["type"] in kinds)


def _unpack(scene: Any) -> dict[str, Any]:
    """A packed scene back as the page paints it; checks every shape."""
    if not isinstance(scene, dict) or not _number(scene.get("width")) or not _number(scene.get("height")):
        raise InvalidPictureError("each scene of a picture has a width and a height")
    shapes = scene.get("shapes")
    if not isinstance(shapes, list) or len(shapes) > MAX_SHAPES:
        raise InvalidPictureError(f"each scene of a picture has a list of at most {MAX_SHAPES} shapes")
    out = []
    x, y = 0, 0
    for shape in shapes:
        if not isinstance(shape, dict) or shape.get("type") not in KINDS:
            raise InvalidPictureError(f"each shape of a picture is one of {', '.join(KINDS)}")
        if not _drawable(shape):
            raise InvalidPictureError(f"a {shape['type']} of a picture has a measure that cannot be drawn")
        unpacked = dict(shape)
        if shape["type"] in PLACED:
            if not (_number(shape.get("x")) and _number(shape.get("y"))):
                raise InvalidPictureError(f"a {shape['type']} of a picture needs x and y")
            x, y = x + shape["x"], y + shape["y"]
            unpacked["x"], unpacked["y"] = x, y
            if shape["type"] == "text" and not isinstance(shape.get("text"), str):
                raise InvalidPictureError("a text of a picture needs its text")
        else:
            points = shape.get("points")
            if not isinstance(points, list) or not all(
                isinstance(p, list) and len(p) == 2 and _number(p[0]) and _number(p[1]) for p in points
            ):
                raise InvalidPictureError(f"a {shape['type']} of a picture needs a list of points")
            absolute = []
            for dx, dy in points:
                x, y = x + dx, y + dy
                absolute.append([x, y])
            unpacked["points"] = absolute
        out.append(unpacked)
    return {"width": scene["width"], "height": scene["height"], "shapes": out}


# ---------------------------------------------------------------- pictures as files, for a wiki


@dataclass(frozen=True)
class PictureFile:
    """One picture to save: the file's name without its extension, the scene
    (JSON data, for the page to draw a PNG), the SVG, and its caption."""

    name: str
    scene: dict[str, Any]
    svg: str
    caption: str


def wikitext(files: Sequence[PictureFile], extension: str = "png") -> str:
    """The wikitext that shows ``files`` once they are uploaded to a wiki:
    one picture as a thumbnail with its caption, several as a gallery.

    >>> print(wikitext([PictureFile("Iriri a1 move 2", {}, "", "Iriri, move 2")]))
    [[File:Iriri a1 move 2.png|thumb|upright=1.6|Iriri, move 2]]
    """
    if len(files) == 1:
        return f"[[File:{files[0].name}.{extension}|thumb|upright=1.6|{_caption(files[0].caption)}]]"
    lines = [f"File:{file.name}.{extension}|{_caption(file.caption)}" for file in files]
    return '<gallery mode="packed" heights="240">\n' + "\n".join(lines) + "\n</gallery>"


def _caption(text: str) -> str:
    """``text`` safe inside a file link's caption (no link or template syntax)."""
    return text.replace("|", "/").replace("[", "(").replace("]", ")").replace("{", "(").replace("}", ")")


def bundle(files: dict[str, bytes]) -> bytes:
    """A ZIP archive of ``files`` (name to contents), in that order.

    >>> import io, zipfile
    >>> zipfile.ZipFile(io.BytesIO(bundle({"a.svg": b"<svg/>"}))).namelist()
    ['a.svg']
    """
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()
