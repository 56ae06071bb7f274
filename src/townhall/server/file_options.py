"""Options that name files, over the network: data only, never a file name.

A game marks a text option whose value may name a file (`OptionSpec.names_file`, read at the
terminal) and says which values are data instead (`OptionSpec.data_prefixes`: inline JSON `{...}`,
a generated board's `random:SEED`; '' is the built-in value). Over HTTP such an option takes only
those: anything else is refused before the game sees it, with the same answer whether or not a
file of that name exists (nothing here touches the file system). Inline JSON must parse, nest at
most `MAX_DEPTH` deep, and any member named like one of the game's file options must itself be data
(a campaign state may carry its board)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from townhall.engine.errors import OptionError
from townhall.engine.options import OptionSpec
from townhall.server.inputs import MAX_DEPTH, MAX_OPTION_TEXT, json_problem
from townhall.server.words import _


def refuse_file_names(specs: tuple[OptionSpec, ...], options: Mapping[str, object]) -> None:
    """OptionError unless every file option in `options` is given as data."""
    by_name = {spec.name: spec for spec in specs if spec.names_file}
    for name, value in options.items():
        spec = by_name.get(name)
        if spec is not None and isinstance(value, str):
            _check(spec, value, by_name)


def _check(spec: OptionSpec, value: str, file_options: Mapping[str, OptionSpec]) -> None:
    text = value.strip()  # as the game reads it
    if not text:
        return
    if not text.startswith(spec.data_prefixes):
        raise OptionError(
            _(
                "option {option} names a file; the server does not read files: send its content or a "
                "built-in value, not {value!r}"
            ).format(option=spec.name, value=text[:40])
        )
    if text.startswith(("{", "[")):
        for name, inner in _members(spec.name, text):
            found = file_options.get(name)
            if found is not None and isinstance(inner, str):
                _check(found, inner, file_options)


def _members(option: str, text: str) -> list[tuple[str, Any]]:
    """Every (key, value) member of the JSON `text`, at any depth."""
    try:
        parsed = json.loads(text)
    except RecursionError:
        parsed = None
        problem: str | None = _("JSON may nest at most {limit} deep").format(limit=MAX_DEPTH)
    except ValueError as error:
        raise OptionError(_("option {option} is not valid JSON: {error}").format(option=option, error=error)) from None
    else:
        problem = json_problem(parsed, MAX_OPTION_TEXT)
    if problem is not None:
        raise OptionError(_("option {option}: {problem}").format(option=option, problem=problem))
    found: list[tuple[str, Any]] = []
    stack: list[Any] = [parsed]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.extend(item.items())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
