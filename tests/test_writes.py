"""The table is changed in one place (issue 37): no module of the package
but the table's own writes a field of the table.  The parts that decide
(dispatch, hints, bots and chance, games opened, lessons, the coach) return
what should change (:class:`iriri_core.table.changes.Changes`) and the table
applies it.

The scan reads the package's source: an assignment, an augmented
assignment or a ``del`` to ``x.field``, ``x.field[...]`` or
``x.field.attr``, or a call of a list's, dict's or set's mutating method on
``x.field``, where ``field`` is one of the table's fields (each name the
table's module gives ``self.…``) and ``x`` is a table: a name annotated
``Table`` or ``Look`` (what the deciders read; or ``Desk``, the protocol
through which they once wrote to it), one given ``Table(…)`` or another
table, or any ``….table``."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "iriri_core"
TABLE = PACKAGE / "table" / "table.py"

MUTATORS = {
    "append",
    "extend",
    "insert",
    "pop",
    "remove",
    "clear",
    "sort",
    "reverse",
    "update",
    "setdefault",
    "popitem",
    "add",
    "discard",
}
"""The methods of a list, a dict or a set that change it."""


def table_fields(source: str) -> set[str]:
    """Every field the table's module sets on ``self`` in class ``Table`` (assigned or annotated)."""
    fields = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == "Table":
            for inner in ast.walk(node):
                targets: list[ast.expr] = []
                if isinstance(inner, ast.Assign):
                    targets = inner.targets
                elif isinstance(inner, (ast.AnnAssign, ast.AugAssign)):
                    targets = [inner.target]
                for target in targets:
                    for part in ast.walk(target):
                        if (
                            isinstance(part, ast.Attribute)
                            and isinstance(part.value, ast.Name)
                            and part.value.id == "self"
                        ):
                            fields.add(part.attr)
    return fields


TYPES = {"Table", "Look", "Desk"}


def tables(tree: ast.AST) -> set[str]:
    """The names in a module that hold a table: annotated ``Table`` (or
    ``Desk``), or given ``Table(…)``, a ``….table`` or another such name."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.annotation is not None:
            if TYPES & {part.id for part in ast.walk(node.annotation) if isinstance(part, ast.Name)}:
                names.add(node.arg)
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and TYPES & {part.id for part in ast.walk(node.annotation) if isinstance(part, ast.Name)}
        ):
            names.add(node.target.id)
    for _ in range(3):  # (names given from names found)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    pairs = (
                        zip(target.elts, node.value.elts, strict=False)
                        if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                        else [(target, node.value)]
                    )
                    for name, value in pairs:
                        if isinstance(name, ast.Name) and _is_table(value, names):
                            names.add(name.id)
    return names


def _is_table(node: ast.expr, names: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Attribute):
        return node.attr == "table"
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Table"


def _field_written(target: ast.expr, fields: set[str], names: set[str]) -> ast.Attribute | None:
    """The ``x.field`` that writing ``target`` changes, if any: ``x.field``,
    ``x.field[...]``, ``x.field.attr`` (and tuples of targets)."""
    node = target
    while isinstance(node, (ast.Subscript, ast.Attribute, ast.Starred)):
        if isinstance(node, ast.Attribute) and node.attr in fields and _is_table(node.value, names):
            return node
        node = node.value
    return None


def writes(source: str, fields: set[str]) -> list[tuple[int, str]]:
    """The lines of ``source`` that write a field of the table, and what each writes."""
    found = []
    tree = ast.parse(source)
    names = tables(tree)
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
            and (written := _field_written(node.func.value, fields, names)) is not None
        ):
            found.append((node.lineno, f"{ast.unparse(written)}.{node.func.attr}(…)"))
        for target in targets:
            parts = target.elts if isinstance(target, ast.Tuple) else [target]
            for each in parts:
                if (written := _field_written(each, fields, names)) is not None:
                    found.append((node.lineno, ast.unparse(written)))
    return sorted(found)


def test_no_module_but_the_tables_writes_its_fields() -> None:
    fields = table_fields(TABLE.read_text())
    wrong = [
        f"{module.relative_to(PACKAGE.parent)}:{line}: {what}"
        for module in sorted(PACKAGE.rglob("*.py"))
        if module != TABLE
        for line, what in writes(module.read_text(), fields)
    ]
    assert not wrong, "the table's fields written outside iriri_core/table/table.py:\n" + "\n".join(wrong)


def test_the_scan_finds_writes() -> None:
    """The scan finds each kind of write to a field, and none to an object's own."""
    table = "class Table:\n    def __init__(self):\n        self.news = []\n        self.hint = None\n"
    fields = table_fields(table)
    assert fields == {"news", "hint"}
    source = (
        "def f(desk: Desk, other: Draft):\n"
        "    desk.news = []\n"  # 2
        "    self.table.hint, other = None, 1\n"  # 3
        "    desk.news += ['x']\n"  # 4
        "    del desk.hint\n"  # 5
        "    desk.news.append(1)\n"  # 6
        "    desk.news[0] = 2\n"  # 7
        "    mine = Table()\n"
        "    mine.hint.steps = ()\n"  # 9
        "    self.news = []\n"  # an object's own: not found
        "    other.news = []\n"  # another object's field of the same name
        "    desk.other = 1\n"  # not a field of the table
        "    print(desk.news.count(1))\n"  # reading
    )
    assert [line for line, _ in writes(source, fields)] == [2, 3, 4, 5, 6, 7, 9]
