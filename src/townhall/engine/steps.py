"""One codec for the records of pending sub-decisions ("steps") a position keeps and saves.

A step record is a small frozen dataclass declared with `@step_record(KIND=...)`, which names its kind
in a class attribute (the codec is told which: `KIND`, `tag`, ...). Its save form is the list
`[kind, *values]`: its fields in order (tuples as lists, a record held in a field as its own list), or
in the order of its `FORM` ClassVar, where None is an unused slot; with a `width`, every record saves
that many values, 0 filling the slots it does not use.

Kept interpreted in the compiled build (setup.py): mypyc would make a dataclass's ClassVar kind a field.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any, TypeVar, dataclass_transform

from townhall.engine.protocol import Json

R = TypeVar("R")


@dataclass_transform(frozen_default=True)
def step_record(**kind: Any) -> Callable[[type[R]], type[R]]:
    """Make a class a step record: a frozen dataclass with slots, whose kind is the class attribute
    named here (`@step_record(KIND=3)`); the game's base class declares that attribute's type."""

    def make(cls: type[R]) -> type[R]:
        record = dataclass(frozen=True, slots=True)(cls)
        for name, value in kind.items():
            setattr(record, name, value)
        return record

    return make


def listed(value: Any) -> Any:
    """A value's JSON form: its tuples, at any depth, as lists."""
    return [listed(item) for item in value] if isinstance(value, tuple) else value


def tupled(value: Any) -> Any:
    """The inverse of `listed`: every list, at any depth, as a tuple."""
    return tuple(tupled(item) for item in value) if isinstance(value, list) else value


def _members(hint: Any) -> tuple[Any, ...]:
    """The classes a field's type names (the members of a union, or the type itself)."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return (hint,)


class StepCodec:
    """Step records by kind, to and from their saved list; `nested` are record kinds held inside steps."""

    def __init__(
        self, records: Iterable[type[Any]], *, kind: str, width: int = 0, nested: Iterable[type[Any]] = ()
    ) -> None:
        self.kind = kind
        self.width = width
        self.records: dict[Any, type[Any]] = {}
        self.nested: dict[Any, type[Any]] = {}
        # Per class: the saved slots (field name or None), and which fields hold nested records.
        self._slots: dict[type[Any], tuple[str | None, ...]] = {}
        self._holds_records: dict[type[Any], frozenset[str]] = {}
        for table, classes in ((self.nested, nested), (self.records, records)):  # nested first: steps hold them
            for cls in classes:
                tag = getattr(cls, kind)
                if tag in self.records or tag in self.nested:
                    raise ValueError(f"{cls.__name__}: kind {tag!r} is taken")
                table[tag] = cls
                self._learn(cls)

    def _learn(self, cls: type[Any]) -> None:
        names = tuple(field.name for field in fields(cls))
        slots: tuple[str | None, ...] = getattr(cls, "FORM", names)
        if sorted(name for name in slots if name is not None) != sorted(names):
            raise ValueError(f"{cls.__name__}: FORM {slots} does not name each field once")
        if self.width and len(slots) > self.width:
            raise ValueError(f"{cls.__name__}: {len(slots)} values do not fit the width {self.width}")
        hints = typing.get_type_hints(cls)
        nested = set(self.nested.values())
        self._slots[cls] = slots
        self._holds_records[cls] = frozenset(
            name for name in names if any(member in nested for member in _members(hints[name]))
        )

    def encode(self, record: Any) -> list[Json]:
        """The saved list of a record: [kind, *values]."""
        cls = type(record)
        values: list[Json] = [getattr(record, self.kind)]
        for name in self._slots[cls]:
            if name is None:
                values.append(0)
            elif name in self._holds_records[cls]:
                values.append(self.encode(getattr(record, name)))
            else:
                values.append(listed(getattr(record, name)))
        values += [0] * (self.width + 1 - len(values))
        return values

    def decode(self, data: list[Any]) -> Any:
        """The record of a saved list (its kind must be a step's)."""
        return self._decode(self.records[data[0]], data)

    def _decode(self, cls: type[Any], data: list[Any]) -> Any:
        values: dict[str, Any] = {}
        for name, value in zip(self._slots[cls], data[1:], strict=False):
            if name is None:
                continue
            if name in self._holds_records[cls]:
                values[name] = self._decode(self.nested[value[0]], value)
            else:
                values[name] = tupled(value)
        return cls(**values)
