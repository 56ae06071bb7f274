"""A position's fields declared once (name, save key, copy rule); its clone and JSON form derived from them.

A game's module declares `FIELDS = Fields("ClassName", (Field(...), ...))` next to the class, and gets
its clone as `_copy_fields: Final = FIELDS.derived_clone(__name__)`.
The clone is hot (every search step), so it is plain straight-line code made from the declaration:
the compiled build writes it as typed code that mypyc compiles (`<module>_clone.py` beside the module,
made by setup.py, kept out of git); the pure build, or a generated module that no longer matches the
declaration, gets the same code compiled at import, as dataclasses does.
The save format is not hot: `save_fields` and `load_fields` walk the declaration at run time.
The battery (engine/testing.py) checks a clone against the declaration: every field copied, no mutable
one shared.

The build reads a declaration from the source text (ast: literals and the copy rules' names; the
run-time-only `item`, `save`, `load` and `of` are skipped): importing the module could load a stale
compiled one.
"""

from __future__ import annotations
import __future__

import ast
import hashlib
import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from townhall.engine.steps import listed, tupled

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

# What the items of a saved field are, where JSON has no such type (the value itself for a VALUE field).
BOOL: Final = "bool"  # booleans: saved as 0 and 1
TUPLE: Final = "tuple"  # tuples (records, or None): saved as lists, their nested tuples too
_ITEM_SAVED: Final[dict[str, Callable[[Any], Any]]] = {BOOL: int, TUPLE: listed}
_ITEM_LOADED: Final[dict[str, Callable[[Any], Any]]] = {BOOL: bool, TUPLE: tupled}

# The clone's expression by copy rule; "{v}" stands for the field.
_COPY = {VALUE: "{v}", LIST: "{v}.copy()", ROWS: "[row.copy() for row in {v}]", DICT: "{v}.copy()",
         NESTED: "[item.clone() for item in {v}]"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Field:
    """One attribute of a position: how a clone gets it and, if saved, under which key and in which form.

    `item` (BOOL, TUPLE) says what the items are where JSON has no such type: they are saved as it says.
    `save`/`load` override the default JSON form of the shape (each a function of the value);
    `restore=False` leaves a saved field to the class (e.g. a constructor argument); an `optional` one
    may be missing from older saves (loaded from an empty list).
    `clone` is a FRESH field's value in a clone (an expression over `source`), "" when the class sets it.
    `of` is a NESTED field's item class (its `from_json` loads an item).
    """

    name: str
    key: str | None = None
    copy: str = VALUE
    shape: str = ""
    item: str = ""
    save: Callable[[Any], Any] | None = None
    load: Callable[[Any], Any] | None = None
    restore: bool = True
    optional: bool = False
    clone: str = ""
    of: Any = None

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

    def derived_clone(self, module: str) -> Callable[[Any, Any], None]:
        """The clone of this declaration in `module`: its generated module's function when that was made
        from this very declaration (the compiled build), else the same code compiled now."""
        code = _clone_function(self)
        try:
            generated = importlib.import_module(module + CLONE_SUFFIX)
        except ImportError:
            generated = None
        if generated is not None and getattr(generated, "DECLARATION", None) == _fingerprint(code):
            made: Callable[[Any, Any], None] = generated.copy_fields
            return made
        namespace: dict[str, Any] = {}
        flags = __future__.annotations.compiler_flag  # the annotations name the class: left unevaluated
        exec(compile(code, f"<clone of {self.owner}>", "exec", flags=flags, dont_inherit=True), namespace)
        made = namespace["copy_fields"]
        return made


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


def _expression(template: str, value: str) -> str:
    return template.replace("{v}", value)


def _copy_line(field: Field) -> str | None:
    target = f"copy.{field.name}"
    if field.copy == FRESH:
        return f"{target} = {field.clone}" if field.clone else None
    if field.copy == SHARED:
        return f"{target} = source.{field.name}"
    return f"{target} = {_expression(_COPY[field.copy], 'source.' + field.name)}"


CLONE_SUFFIX: Final = "_clone"  # the generated module of `pkg/position.py` is `pkg/position_clone.py`


def _clone_function(declaration: Fields) -> str:
    """The clone as code: `copy_fields(source, copy)` sets every field of the blank `copy`."""
    _check(declaration)
    owner = declaration.owner
    lines = [
        f"def copy_fields(source: {owner}, copy: {owner}) -> None:",
        '    """The clone: every field of `source` onto the blank `copy`."""',
    ]
    lines += [f"    {line}" for field in declaration.fields if (line := _copy_line(field))]
    return "\n".join(lines) + "\n"


def _fingerprint(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()[:16]


def generate(declaration: Fields, module: str) -> str:
    """The clone module of the declaration in `module`, as the compiled build writes it."""
    code = _clone_function(declaration)
    return (
        f'"""The clone of `{module}.{declaration.owner}`, made from its FIELDS by the compiled build'
        ' (engine/fields.py): not kept in git, never edited."""\n\n'
        "from __future__ import annotations\n\n"
        "from typing import TYPE_CHECKING, Final\n\n"
        f"if TYPE_CHECKING:\n    from {module} import {declaration.owner}\n\n"
        f'DECLARATION: Final = "{_fingerprint(code)}"\n\n\n{code}'
    )


# ------------------------------------------------------------------ the save format, at run time


def _items(field: Field, value: Any, convert: Callable[[Any], Any]) -> Any:
    """Each item of a field's value converted (the value itself for a VALUE field)."""
    form = field.form
    if form == LIST:
        return [convert(item) for item in value]
    if form == ROWS:
        return [[convert(item) for item in row] for row in value]
    if form == VALUE:
        return convert(value)
    raise DeclarationError(f"{field.name}: `item` goes with a VALUE, LIST or ROWS field")


def _converted(field: Field, value: Any, saving: bool) -> Any:
    """A field's value saved (or loaded): by its own function, else by its items' type, else by its form."""
    own = field.save if saving else field.load
    if own is not None:
        return own(value)
    if field.item:
        return _items(field, value, (_ITEM_SAVED if saving else _ITEM_LOADED)[field.item])
    return _saved(field, value) if saving else _loaded(field, value)


def _saved(field: Field, value: Any) -> Any:
    form = field.form
    if form == VALUE:
        return value
    if form == ROWS:
        return [row.copy() for row in value]
    if form == NESTED:
        return [item.to_json() for item in value]
    return value.copy()  # LIST, DICT


def _loaded(field: Field, value: Any) -> Any:
    form = field.form
    if form == LIST:
        return list(value)
    if form == ROWS:
        return [list(row) for row in value]
    if form == DICT:
        return dict(value)
    if form == NESTED:
        if field.of is None:
            raise DeclarationError(f"{field.name}: a NESTED field names its item class (of=...)")
        return [field.of.from_json(item) for item in value]
    return value


def save_fields(declaration: Fields, position: object) -> dict[str, Any]:
    """The save format: every field with a key, in declaration order."""
    return {
        field.key: _converted(field, getattr(position, field.name), True)
        for field in declaration.fields
        if field.key is not None
    }


def load_fields(declaration: Fields, position: object, data: dict[str, Any]) -> None:
    """Every saved field back from the save format (those with restore=False are the class's to set)."""
    for field in declaration.fields:
        if field.key is not None and field.restore:
            value = data.get(field.key, []) if field.optional else data[field.key]
            setattr(position, field.name, _converted(field, value, False))


# ------------------------------------------------------------------ finding declarations


_RULES: Final = {rule.upper(): rule for rule in COPY_RULES}
_RUN_TIME_ONLY: Final = ("item", "save", "load", "of")  # the save format's: not needed to generate the clone


def _evaluate(node: ast.expr, path: Path) -> Any:
    """A declaration's expression: Field and Fields calls over literals and the copy rules' names."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("Field", "Fields"):
        make: Any = Field if node.func.id == "Field" else Fields
        options = {
            str(keyword.arg): _evaluate(keyword.value, path)
            for keyword in node.keywords
            if keyword.arg not in _RUN_TIME_ONLY
        }
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


def generated_files(package: Path, package_name: str) -> dict[Path, str]:
    """The clone module of every module of a package directory that declares FIELDS, and its text."""
    files = {}
    for path in sorted(package.glob("*.py")):
        if path.stem.endswith(CLONE_SUFFIX):
            continue
        declaration = declaration_in(path)
        if declaration is not None:
            clone = path.with_name(path.stem + CLONE_SUFFIX + ".py")
            files[clone] = generate(declaration, f"{package_name}.{path.stem}")
    return files


def declaration_of(cls: type) -> Fields | None:
    """The declaration covering a class (found in the module of it or of a base), None when undeclared."""
    for klass in cls.__mro__:
        declared = getattr(sys.modules.get(klass.__module__), "FIELDS", None)
        if isinstance(declared, Fields) and declared.owner == klass.__name__:
            return declared
    return None
