"""Game options: declared by each game, parsed from text, validated, filled with defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from townhall.engine.errors import OptionError
from townhall.engine.words import _

OptionValue = bool | int | str
Options = Mapping[str, OptionValue]

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game. The default's type decides the option's type (bool, int or str)."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    names_file: bool = False  # a text option whose value may name a file to read (the terminal's, never a server's)
    # Of a `names_file` option: starts of values that are data, never a file name (inline JSON `{`, a
    # generated board's `random:`); '' is the built-in value. A server takes only these.
    data_prefixes: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.choices:
            kinds = "|".join(self.choices)
        elif isinstance(self.default, bool):
            kinds = "on|off"
        elif isinstance(self.default, int):
            kinds = f"{self.minimum if self.minimum is not None else ''}..{self.maximum if self.maximum is not None else ''}"
        else:
            kinds = "text"
        return f"{self.name}={kinds} (default {self.format(self.default)})"

    @staticmethod
    def format(value: OptionValue) -> str:
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def parse(self, text: str) -> OptionValue:
        """Turn the text a person typed into a checked value."""
        raw = text.strip()
        if isinstance(self.default, bool):
            if raw.lower() in _TRUE:
                return self.validate(True)
            if raw.lower() in _FALSE:
                return self.validate(False)
            raise OptionError(_("option {name} takes on or off, not {value!r}").format(name=self.name, value=text))
        if isinstance(self.default, int):
            try:
                return self.validate(int(raw))
            except ValueError:
                raise OptionError(
                    _("option {name} takes a whole number, not {value!r}").format(name=self.name, value=text)
                ) from None
        return self.validate(raw)

    def validate(self, value: object) -> OptionValue:
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionError(_("option {name} takes on or off, not {value!r}").format(name=self.name, value=value))
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(
                    _("option {name} takes a whole number, not {value!r}").format(name=self.name, value=value)
                )
            if self.minimum is not None and value < self.minimum:
                raise OptionError(
                    _("option {name} must be at least {minimum}, not {value}").format(
                        name=self.name, minimum=self.minimum, value=value
                    )
                )
            if self.maximum is not None and value > self.maximum:
                raise OptionError(
                    _("option {name} must be at most {maximum}, not {value}").format(
                        name=self.name, maximum=self.maximum, value=value
                    )
                )
            return value
        if not isinstance(value, str):
            raise OptionError(_("option {name} takes text, not {value!r}").format(name=self.name, value=value))
        if self.choices and value not in self.choices:
            raise OptionError(
                _("option {name} must be one of {choices}, not {value!r}").format(
                    name=self.name, choices=", ".join(self.choices), value=value
                )
            )
        return value


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Every declared option with its checked value; unknown names are an error."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or _("none")
        raise OptionError(
            _("unknown option {names} (this game's options: {known})").format(names=", ".join(unknown), known=known)
        )
    resolved: dict[str, OptionValue] = {}
    for spec in specs:
        if spec.name in given:
            value = given[spec.name]
            resolved[spec.name] = (
                spec.parse(value)
                if isinstance(value, str) and not isinstance(spec.default, str)
                else spec.validate(value)
            )
        else:
            resolved[spec.name] = spec.default
    return resolved


def parse_option_texts(specs: Sequence[OptionSpec], texts: Sequence[str]) -> dict[str, OptionValue]:
    """Options given as key=value texts (command line), resolved against the specs."""
    given: dict[str, object] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise OptionError(_("an option is written key=value, not {text!r}").format(text=text))
        given[key.strip()] = value
    return resolve_options(specs, given)
