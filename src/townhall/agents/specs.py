"""The agent spec grammar: `name` or `name:key=value,...` (e.g. `mcts:iterations=500`), lists of specs,
and the parameters' values read as numbers.

A spec that is not written right, or a value out of range, is an `OptionError` (a bad set-up, like a bad
game option); only an unknown agent name is an `UnknownName` (see agents/registry.py)."""

from __future__ import annotations

from collections.abc import Sequence

from townhall.engine.errors import OptionError


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """The agent's name and its parameters as texts: `mcts:c=1` -> `("mcts", {"c": "1"})`."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise OptionError(f"agent parameters are written key=value, not {item!r}")
        params[key.strip()] = value.strip()
    return name.strip(), params


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of agent specs whose parameters are comma-separated too:
    `mcts:iterations=200,c=1,greedy,random` -> `["mcts:iterations=200,c=1", "greedy", "random"]`
    (an item `key=value` without `:` continues the spec before it)."""
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise OptionError(f"empty agent in {text!r}")
        if "=" in item and ":" not in item:
            if not specs or ":" not in specs[-1]:
                raise OptionError(f"agent parameter {item!r} follows no agent (write name:key=value)")
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
                raise OptionError(f"the {agent} agent takes no parameters, got {', '.join(given)}")
            raise OptionError(
                f"the {agent} agent has no parameter {', '.join(map(repr, unknown))}; "
                f"its parameters: {', '.join(allowed)}"
            )
        self.agent = agent
        self.given = given

    def text(self, key: str) -> str | None:
        return self.given.get(key)

    def whole(self, key: str, minimum: int) -> int | None:
        """A whole number of at least `minimum`, or None when the spec leaves it out."""
        text = self.given.get(key)
        if text is None:
            return None
        try:
            value = int(text)
        except ValueError:
            raise OptionError(f"{self.agent} parameter {key} takes a whole number, not {text!r}") from None
        if value < minimum:
            raise OptionError(f"{self.agent} parameter {key} must be at least {minimum}, not {value}")
        return value

    def number(self, key: str, *, positive: bool) -> float | None:
        """A finite number, positive or at least not negative, or None when the spec leaves it out."""
        text = self.given.get(key)
        if text is None:
            return None
        try:
            value = float(text)
        except ValueError:
            raise OptionError(f"{self.agent} parameter {key} takes a number, not {text!r}") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise OptionError(f"{self.agent} parameter {key} takes a finite number, not {text!r}")
        if positive and value <= 0:
            raise OptionError(f"{self.agent} parameter {key} must be positive, not {text}")
        if value < 0:
            raise OptionError(f"{self.agent} parameter {key} must not be negative, not {text}")
        return value

    def refuse(self, key: str, expected: str) -> OptionError:
        """The error for a value of `key` that is none of the `expected` forms."""
        return OptionError(f"{self.agent} parameter {key} takes {expected}, not {self.given.get(key)!r}")
