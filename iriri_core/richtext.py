"""A little markup for the texts a game brings to the page (its rules), read
into plain blocks that the page builds into elements, never as HTML.

Blocks are separated by blank lines: ``### A heading``, a paragraph, a list
of ``- `` items or of ``1. `` items, or a ``> `` note (the rules' credit).
Within them: ``**strong**``, ``*emphasis*``, ```code``` and
``[a link](https://...)`` (to http or https addresses only).

>>> heading, paragraph = blocks("### Words\\n\\nA *word* runs **across**; see [this](https://example.org/r).")
>>> heading
{'kind': 'h', 'runs': [['', 'Words']]}
>>> [style for style, *_ in paragraph["runs"]]
['', 'em', '', 'strong', '', 'link', '']
>>> paragraph["runs"][5]
['link', 'this', 'https://example.org/r']
>>> blocks("- one\\n- two `2`")[0]["items"]
[[['', 'one']], [['', 'two '], ['code', '2']]]
"""

from __future__ import annotations

import re
from typing import Any

_INLINE = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`|\[(.+?)\]\((https?://[^\s)]+)\)")
_BULLET = re.compile(r"- ")
_NUMBERED = re.compile(r"\d+\. ")

Run = list[str]
"""``[style, text]`` (style "", "strong", "em" or "code") or ``["link", text, address]``."""


def runs(text: str) -> list[Run]:
    """The inline parts of ``text``."""
    out: list[Run] = []
    at = 0
    for found in _INLINE.finditer(text):
        if found.start() > at:
            out.append(["", text[at : found.start()]])
        strong, em, code, label, href = found.groups()
        if strong is not None:
            out.append(["strong", strong])
        elif em is not None:
            out.append(["em", em])
        elif code is not None:
            out.append(["code", code])
        else:
            out.append(["link", label, href])
        at = found.end()
    if at < len(text):
        out.append(["", text[at:]])
    return out


def blocks(text: str) -> list[dict[str, Any]]:
    """The blocks of ``text`` (see the module's docstring)."""
    out: list[dict[str, Any]] = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in chunk.strip().splitlines()]
        first = lines[0]
        if first.startswith("### "):
            out.append({"kind": "h", "runs": runs(" ".join(lines)[4:])})
        elif first.startswith("> "):
            out.append({"kind": "note", "runs": runs(" ".join(line.removeprefix("> ") for line in lines))})
        elif _BULLET.match(first) or _NUMBERED.match(first):
            marker = _BULLET if _BULLET.match(first) else _NUMBERED
            items: list[list[str]] = []
            for line in lines:
                found = marker.match(line)
                if found:
                    items.append([line[found.end() :]])
                else:
                    items[-1].append(line)  # an item that runs on over several lines
            kind = "ul" if marker is _BULLET else "ol"
            out.append({"kind": kind, "items": [runs(" ".join(item)) for item in items]})
        else:
            out.append({"kind": "p", "runs": runs(" ".join(lines))})
    return out
