"""The agent spec grammar: `name` or `name:key=value,...` (e.g. `mcts:iterations=500`), lists of specs,
and the parameters' values read as numbers.

A spec that is not written right, or a value out of range, is an `OptionError` (a bad set-up, like a bad
game option); only an unknown agent name is an `UnknownName` (see agents/registry.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from townhall.agents.words import _
from townhall.engine.errors import OptionError

Number = TypeVar("Number", int, float)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """The agent's name and its parameters as texts: `mcts:c=1` -> `("mcts", {"c": "1"})`."""
    name, _colon, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise OptionError(_("agent parameters are written key=value, not {item!r}").format(item=item))
        params[key.strip()] = value.strip()
    return name.strip(), params


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of agent specs whose parameters are comma-separated too:
    `mcts:iterations=200,c=1,greedy,random` -> `["mcts:iterations=200,c=1", "greedy", "random"]`
    (an item `key=value` without `:` continues the spec before it)."""
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise OptionError(_("empty agent in {text!r}").format(text=text))
        if "=" in item and ":" not in item:
            if not specs or ":" not in specs[-1]:
                raise OptionError(
                    _("agent parameter {item!r} follows no agent (write name:key=value)").format(item=item)
                )
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


class Parameters:
    """One agent's parameters, checked against the names it takes and read as typed values."""

    def __init__(self, agent: str, given: dict[str, str], allowed: Sequence[str]) -> None:
        unknown = [key for key in given if key not in allowed]
        if unknown:
            if not allowed:
                raise OptionError(
                    _("the {agent} agent takes no parameters, got {names}").format(agent=agent, names=", ".join(given))
                )
            raise OptionError(
                _("the {agent} agent has no parameter {names}; its parameters: {known}").format(
                    agent=agent, names=", ".join(map(repr, unknown)), known=", ".join(allowed)
                )
            )
        self.agent = agent
        self.given = given

    def text(self, key: str) -> str | None:
        return self.given.get(key)

    def whole(self, key: str, minimum: int) -> int | None:
        """A whole number of at least `minimum`, or None when the spec leaves it out."""
        value = self._read(key, int, _("{agent} parameter {key} takes a whole number, not {value!r}"))
        if value is None:
            return None
        if value < minimum:
            raise OptionError(
                _("{agent} parameter {key} must be at least {minimum}, not {value}").format(
                    agent=self.agent, key=key, minimum=minimum, value=value
                )
            )
        return value

    def number(self, key: str, *, positive: bool) -> float | None:
        """A finite number, positive or at least not negative, or None when the spec leaves it out."""
        value = self._read(key, float, _("{agent} parameter {key} takes a number, not {value!r}"))
        if value is None:
            return None
        if value != value or value in (float("inf"), float("-inf")):
            raise self._refused(_("{agent} parameter {key} takes a finite number, not {value!r}"), key)
        if positive and value <= 0:
            raise self._refused(_("{agent} parameter {key} must be positive, not {value}"), key)
        if value < 0:
            raise self._refused(_("{agent} parameter {key} must not be negative, not {value}"), key)
        return value

    def refuse_depth(self, key: str) -> OptionError:
        """The error for a search depth that is neither a whole number nor one of its words."""
        return self._refused(_("{agent} parameter {key} takes a whole number, auto or end, not {value!r}"), key)

    def _read(self, key: str, read: Callable[[str], Number], refusal: str) -> Number | None:
        """The value given for `key` read as a number, None when left out; `refusal` when unreadable."""
        text = self.given.get(key)
        if text is None:
            return None
        try:
            return read(text)
        except ValueError:
            raise self._refused(refusal, key) from None

    def _refused(self, message: str, key: str) -> OptionError:
        """`message` (translated, with {agent}, {key} and {value}) about the text given for `key`."""
        return OptionError(message.format(agent=self.agent, key=key, value=self.given.get(key)))
