"""A position's fields declared once (name, save key, copy rule); its clone and JSON code generated from them.

A game's module declares `FIELDS = Fields("ClassName", (Field(...), ...))` next to the class. The code
generator below turns it into plain typed functions written at the end of that same module, below the
GENERATED line (`_copy_fields`, and `_save_fields`/`_load_fields` when a field has a save key), which
mypyc compiles like hand-written code; the class's clone and JSON methods call them. In the module
itself, not beside it: a module of its own would import the class it copies, and the class that module.
`python -m townhall.cli.fields` writes them (`--check`: fails when one is stale). The battery
(engine/testing.py) checks a clone against the declaration: every field copied, no mutable one shared.

The generator reads a declaration from the source text (ast: literals and the copy rules' names only),
so a stale or missing generated part never stops it. The names a `save`/`load` expression uses are
the module's own imports.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

# How a clone gets a field (and, by default, its shape in the save format).
VALUE: Final = "value"  # an int, bool, str, None, tuple or frozen record: the same object
LIST: Final = "list"  # a list of values: a shallow copy
ROWS: Final = "rows"  # a list of lists of values: every row copied
DICT: Final = "dict"  # a dict of values: a shallow copy
NESTED: Final = "nested"  # a list of objects with their own declaration: each cloned
SHARED: Final = "shared"  # mutable, but never changed in place once set (or shared on purpose): the same object
FRESH: Final = "fresh"  # not carried over (a cache, a change log): the clone gets `clone`, or its class sets it
COPY_RULES: Final = (VALUE, LIST, ROWS, DICT, NESTED, SHARED, FRESH)
SHAPES: Final = (VALUE, LIST, ROWS, DICT, NESTED)

# Expressions by shape; "{v}" stands for the value (the field when saving, the JSON value when loading).
_COPY = {VALUE: "{v}", LIST: "{v}.copy()", ROWS: "[row.copy() for row in {v}]", DICT: "{v}.copy()",
         NESTED: "[item.clone() for item in {v}]"}  # fmt: skip
_SAVE = {VALUE: "{v}", LIST: "{v}.copy()", ROWS: "[row.copy() for row in {v}]", DICT: "{v}.copy()",
         NESTED: "[item.to_json() for item in {v}]"}  # fmt: skip
_LOAD = {VALUE: "{v}", LIST: "list({v})", ROWS: "[list(row) for row in {v}]", DICT: "dict({v})"}


@dataclass(frozen=True, slots=True)
class Field:
    """One attribute of a position: how a clone gets it and, if saved, under which key and in which form.

    `save`/`load` override the default JSON form of the shape ("{v}" is the value; a `load` without it
    reads `data` itself); `load=None` leaves a saved field to the class (e.g. a constructor argument).
    `clone` is a FRESH field's value in a clone (an expression over `source`), "" when the class sets it.
    `of` names a NESTED field's item class (its `from_json` loads an item).
    """

    name: str
    key: str | None = None
    copy: str = VALUE
    shape: str = ""
    save: str = ""
    load: str | None = ""
    clone: str = ""
    of: str = ""

    @property
    def form(self) -> str:
        """The shape of the value: given, else the copy rule's own (VALUE for SHARED and FRESH)."""
        if self.shape:
            return self.shape
        return self.copy if self.copy in SHAPES else VALUE


@dataclass(frozen=True, slots=True)
class Fields:
    """The declaration of one class's fields, in save-format order."""

    owner: str
    fields: tuple[Field, ...]

    def names(self) -> tuple[str, ...]:
        return tuple(field.name for field in self.fields)


class DeclarationError(ValueError):
    """A declaration the generator cannot turn into code."""


def _check(declaration: Fields) -> None:
    seen: set[str] = set()
    keys: set[str] = set()
    for field in declaration.fields:
        where = f"{declaration.owner}.{field.name}"
        if field.name in seen:
            raise DeclarationError(f"{where} is declared twice")
        seen.add(field.name)
        if field.copy not in COPY_RULES or (field.shape and field.shape not in SHAPES):
            raise DeclarationError(f"{where}: unknown copy rule {field.copy!r} or shape {field.shape!r}")
        if field.key is not None:
            if field.key in keys:
                raise DeclarationError(f"{where}: save key {field.key!r} used twice")
            keys.add(field.key)
        if field.form == NESTED and not field.of:
            raise DeclarationError(f"{where}: a NESTED field names its item class (of=...)")


def _expression(template: str, value: str) -> str:
    return template.replace("{v}", value)


def _copy_line(field: Field) -> str | None:
    target = f"copy.{field.name}"
    if field.copy == FRESH:
        return f"{target} = {field.clone}" if field.clone else None
    if field.copy == SHARED:
        return f"{target} = source.{field.name}"
    return f"{target} = {_expression(_COPY[field.copy], 'source.' + field.name)}"


def _save_line(field: Field) -> str:
    template = field.save or _SAVE[field.form]
    return f'"{field.key}": {_expression(template, "position." + field.name)},'


def _load_line(field: Field) -> str | None:
    if field.load is None:
        return None
    template = field.load or (
        f"[{field.of}.from_json(item) for item in {{v}}]" if field.form == NESTED else _LOAD[field.form]
    )
    value = 'data["' + str(field.key) + '"]'
    return f"position.{field.name} = {_expression(template, value)}"


GENERATED: Final = (
    "# ---- generated from FIELDS by `python -m townhall.cli.fields`: edit the declaration, not below ----"
)


def generate(declaration: Fields) -> str:
    """The generated part of the module holding a declaration (the text below the GENERATED line)."""
    _check(declaration)
    owner = declaration.owner
    saved = [field for field in declaration.fields if field.key is not None]
    lines = [
        f"def _copy_fields(source: {owner}, copy: {owner}) -> None:",
        '    """The clone: every field of `source` onto the blank `copy`."""',
    ]
    lines += [f"    {line}" for field in declaration.fields if (line := _copy_line(field))]
    if saved:
        lines += ["", "", f"def _save_fields(position: {owner}) -> dict[str, Any]:"]
        lines += ['    """The save format: every field with a key, in declaration order."""', "    return {"]
        lines += [f"        {_save_line(field)}" for field in saved]
        lines += ["    }", "", "", f"def _load_fields(position: {owner}, data: dict[str, Any]) -> None:"]
        lines += ['    """Every saved field back from the save format (the others are the class\'s to set)."""']
        lines += [f"    {line}" for field in saved if (line := _load_line(field))]
    return "\n".join(lines) + "\n"


def with_generated(source: str, declaration: Fields) -> str:
    """A module's text with its generated part (re)written below the GENERATED line at its end."""
    hand_written = source.split(GENERATED, 1)[0].rstrip("\n")
    return f"{hand_written}\n\n\n{GENERATED}\n\n\n{generate(declaration)}"


# ------------------------------------------------------------------ finding declarations


_RULES: Final = {rule.upper(): rule for rule in COPY_RULES}


def _evaluate(node: ast.expr, path: Path) -> Any:
    """A declaration's expression: Field and Fields calls over literals and the copy rules' names."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("Field", "Fields"):
        make: Any = Field if node.func.id == "Field" else Fields
        options = {str(keyword.arg): _evaluate(keyword.value, path) for keyword in node.keywords}
        return make(*(_evaluate(arg, path) for arg in node.args), **options)
    if isinstance(node, ast.Name) and node.id in _RULES:
        return _RULES[node.id]
    if isinstance(node, ast.Tuple):
        return tuple(_evaluate(item, path) for item in node.elts)
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise DeclarationError(f"{path}:{node.lineno}: a declaration holds only literals and copy rules") from None


def declaration_in(path: Path) -> Fields | None:
    """The FIELDS declaration of a source file, read from its text alone (None when it has none)."""
    for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "FIELDS" for t in node.targets):
            declared = _evaluate(node.value, path)
            if not isinstance(declared, Fields):
                raise DeclarationError(f"{path}: FIELDS is not a Fields declaration")
            return declared
    return None


def generated_files(package: Path) -> dict[Path, str]:
    """Every module of a package directory that declares FIELDS, and its text with the generated part."""
    files = {}
    for path in sorted(package.glob("*.py")):
        declaration = declaration_in(path)
        if declaration is not None:
            files[path] = with_generated(path.read_text(encoding="utf-8"), declaration)
    return files


def declaration_of(cls: type) -> Fields | None:
    """The declaration covering a class (found in the module of it or of a base), None when undeclared."""
    for klass in cls.__mro__:
        declared = getattr(sys.modules.get(klass.__module__), "FIELDS", None)
        if isinstance(declared, Fields) and declared.owner == klass.__name__:
            return declared
    return None
