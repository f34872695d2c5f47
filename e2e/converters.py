"""The SVG converters a wiki draws uploaded pictures with, and a pixel
comparison of what they draw with the PNG the page draws.

MediaWiki's default converter is ImageMagick (``$wgSVGConverter =
'ImageMagick'``); on Debian its own SVG renderer (MSVG, in the package
``libmagickcore-6.q16-6-extra`` that ``imagemagick`` recommends) is what it
runs. The other common one is librsvg's ``rsvg-convert``. Pictures are read
back through ImageMagick as raw 8-bit RGBA, so that any PNG a converter or a
wiki writes can be compared.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

SYSTEM_BIN = Path("/usr/bin")
"""Where the system's own programs are (a program of the same name earlier in
PATH may be a wrapper)."""
SAME = 24
"""How far (of 255) a channel may be from what explains it: colours are
rounded a little differently by each renderer."""


def imagemagick() -> Path | None:
    """ImageMagick's ``convert``, the system's own if there is one, as
    MediaWiki runs it (``$wgSVGConverterPath``/convert)."""
    for found in (SYSTEM_BIN / "convert", Path(shutil.which("convert") or "")):
        if found.name == "convert" and found.is_file() and "ImageMagick" in _output([str(found), "-version"]):
            return found
    return None


def rsvg() -> Path | None:
    """librsvg's rsvg-convert, if it is installed."""
    found = shutil.which("rsvg-convert")
    return Path(found) if found else None


def missing() -> str:
    """An empty string if both converters can be run here, else what is missing."""
    convert = imagemagick()
    if convert is None:
        return "ImageMagick is not installed (the package imagemagick)"
    if "MSVG" not in _output([str(convert), "-list", "format"]):
        return "ImageMagick has no SVG renderer of its own (the package libmagickcore-6.q16-6-extra)"
    if rsvg() is None:
        return "rsvg-convert is not installed (the package librsvg2-bin)"
    return ""


def _output(command: list[str]) -> str:
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False).stdout
    except OSError:
        return ""


def by_imagemagick(svg: Path, png: Path, width: int, height: int) -> None:
    """Draw ``svg`` as MediaWiki's default converter does (its command line,
    with ImageMagick's own renderer named)."""
    convert = imagemagick()
    assert convert is not None
    command = [str(convert), "-background", "#ffffff00", "-thumbnail", f"{width}x{height}!"]
    _run([*command, f"MSVG:{svg}", f"PNG:{png}"])


def by_rsvg(svg: Path, png: Path, width: int, height: int) -> None:
    """Draw ``svg`` as MediaWiki's "rsvg" converter does."""
    converter = rsvg()
    assert converter is not None
    _run([str(converter), "-w", str(width), "-h", str(height), "-o", str(png), str(svg)])


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        raise AssertionError(f"{command[0]} failed ({done.returncode}): {done.stderr}")


@dataclass(frozen=True)
class Pixels:
    """A picture as 8-bit RGBA rows, on white where it is transparent (as a
    wiki page shows it)."""

    width: int
    height: int
    data: bytes

    @classmethod
    def read(cls, picture: Path) -> Pixels:
        """Any picture ImageMagick reads."""
        convert = imagemagick()
        assert convert is not None
        size = _output([str(convert), str(picture), "-format", "%w %h", "info:"]).split()
        width, height = int(size[0]), int(size[1])
        flat = [str(convert), str(picture), "-background", "white", "-alpha", "remove", "-depth", "8"]
        data = subprocess.run([*flat, "RGBA:-"], capture_output=True, timeout=120, check=True).stdout
        if len(data) != width * height * 4:
            raise AssertionError(f"{picture.name}: {len(data)} bytes for {width}x{height}")
        return cls(width, height, data)

    def halved(self) -> Pixels:
        """Half as wide and half as high, each pixel the mean of four (a
        picture drawn at twice the size, seen at its own)."""
        width, height, data, row = self.width // 2, self.height // 2, self.data, self.width * 4
        out = bytearray(width * height * 4)
        for y in range(height):
            top, bottom = 2 * y * row, (2 * y + 1) * row
            for x in range(width):
                for channel in range(4):
                    at = 8 * x + channel
                    total = data[top + at] + data[top + at + 4] + data[bottom + at] + data[bottom + at + 4]
                    out[(y * width + x) * 4 + channel] = (total + 2) // 4
        return Pixels(width, height, bytes(out))

    def differing(self, other: Pixels, same: int = SAME) -> float:
        """The share of pixels (0 to 1) where ``other`` differs from this
        picture. A pixel differs unless, in each picture, its colour lies
        between the darkest and the lightest colours (channel by channel, give
        or take ``same``) of the pixels around the same place in the other,
        itself included. So a smoothed edge, a blend of the colours beside it,
        matches an edge drawn sharp or half a pixel over, as renderers draw
        them (ImageMagick draws a line of one pixel sharp where the others
        spread it over two); a shape missing, or drawn over, differs whole."""
        if (self.width, self.height) != (other.width, other.height):
            raise AssertionError(f"{self.width}x{self.height} against {other.width}x{other.height}")
        width, height = self.width, self.height

        def explained(a: bytes, b: bytes, x: int, y: int) -> bool:
            """Whether ``a``'s pixel at (x, y) lies within the colours around it in ``b``."""
            around = [
                (ny * width + nx) * 4
                for ny in range(max(y - 1, 0), min(y + 2, height))
                for nx in range(max(x - 1, 0), min(x + 2, width))
            ]
            at = (y * width + x) * 4
            for channel in range(3):
                values = [b[there + channel] for there in around]
                if not min(values) - same <= a[at + channel] <= max(values) + same:
                    return False
            return True

        a, b = self.data, other.data
        count = 0
        for at in range(0, len(a), 4):
            if (
                abs(a[at] - b[at]) <= same
                and abs(a[at + 1] - b[at + 1]) <= same
                and abs(a[at + 2] - b[at + 2]) <= same
            ):
                continue
            y, x = divmod(at // 4, width)
            if not (explained(a, b, x, y) and explained(b, a, x, y)):
                count += 1
        return count / (width * height)
