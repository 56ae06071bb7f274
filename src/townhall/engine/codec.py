"""A fixed-size integer action space built from named kinds of action.

Each kind has fields with fixed ranges; an action id is the kind's offset plus the mixed-radix
number of its field values. Games declare their space once (static) and encode/decode in hot paths.

    space = ActionSpace([("place", (("x", 50), ("y", 50), ("rot", 4))), ("pass", ())])
    a = space.encode("place", 3, 7, 1); space.decode(a) == ("place", (3, 7, 1))
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from townhall.engine.errors import MalformedAction
from townhall.engine.protocol import Json
from townhall.engine.words import _

FieldSpec = tuple[str, int]
KindSpec = tuple[str, Sequence[FieldSpec]]


class ActionSpace:
    __slots__ = ("_index", "fields", "kinds", "offsets", "radices", "size", "sizes")

    def __init__(self, kinds: Sequence[KindSpec]) -> None:
        self.kinds: list[str] = []
        self.fields: list[tuple[str, ...]] = []
        self.radices: list[tuple[int, ...]] = []
        self.offsets: list[int] = []
        self.sizes: list[int] = []
        self._index: dict[str, int] = {}
        offset = 0
        for name, fields in kinds:
            if name in self._index:
                raise ValueError(f"action kind {name} declared twice")
            size = 1
            for _field, radix in fields:
                if radix <= 0:
                    raise ValueError(f"field range of {name} must be positive")
                size *= radix
            self._index[name] = len(self.kinds)
            self.kinds.append(name)
            self.fields.append(tuple(field for field, _ in fields))
            self.radices.append(tuple(radix for _, radix in fields))
            self.offsets.append(offset)
            self.sizes.append(size)
            offset += size
        self.size = offset

    def offset(self, kind: str) -> int:
        return self.offsets[self._index[kind]]

    def encode(self, kind: str, *values: int) -> int:
        index = self._index[kind]
        radices = self.radices[index]
        if len(values) != len(radices):
            raise MalformedAction(
                _("action {kind} takes {count} values, got {given}").format(
                    kind=kind, count=len(radices), given=len(values)
                )
            )
        number = 0
        for value, radix in zip(values, radices, strict=True):
            if not 0 <= value < radix:
                raise MalformedAction(
                    _("value {value} out of range [0, {bound}) in action {kind}").format(
                        value=value, bound=radix, kind=kind
                    )
                )
            number = number * radix + value
        return self.offsets[index] + number

    def decode(self, action: int) -> tuple[str, tuple[int, ...]]:
        if not 0 <= action < self.size:
            raise MalformedAction(_("action id {action} is outside [0, {size})").format(action=action, size=self.size))
        index = bisect_right(self.offsets, action) - 1
        number = action - self.offsets[index]
        values: list[int] = []
        for radix in reversed(self.radices[index]):
            number, value = divmod(number, radix)
            values.append(value)
        values.reverse()
        return self.kinds[index], tuple(values)

    def to_json(self, action: int) -> dict[str, Json]:
        kind, values = self.decode(action)
        out: dict[str, Json] = {"kind": kind}
        out.update(zip(self.fields[self._index[kind]], values, strict=True))
        return out

    def from_json(self, data: Json) -> int:
        """The id of a JSON form; MalformedAction (a ValueError) for anything else, whatever its type."""
        kind = data.get("kind") if isinstance(data, dict) else None
        if not isinstance(kind, str) or kind not in self._index:
            raise MalformedAction(_("not an action of this game: {form}").format(form=_short(data)))
        names = self.fields[self._index[kind]]
        try:
            values = [data[name] for name in names]
        except KeyError as missing:
            raise MalformedAction(_("action {kind} lacks field {field}").format(kind=kind, field=missing)) from None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise MalformedAction(
                _("action {kind} fields must be whole numbers: {form}").format(kind=kind, form=_short(data))
            )
        return self.encode(kind, *values)


def _short(value: Json, limit: int = 120) -> str:
    """A bounded repr for messages (a stranger's input may be huge)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
