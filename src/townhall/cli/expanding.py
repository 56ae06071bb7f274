"""Command-line options declared once for several commands, or from data: a command's keyword
stands for a group of typer options, shown in its place in the command's signature."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

Command = Callable[..., None]


def expanding(name: str, options: list[inspect.Parameter], build: Callable[..., Any]) -> Callable[[Command], Command]:
    """A command's keyword `name` shown as the command line `options` in its place (options
    declared once for several commands, or from data); the command gets `build(**their values)`."""
    options = [option.replace(kind=inspect.Parameter.KEYWORD_ONLY) for option in options]

    def decorate(command: Command) -> Command:
        own = inspect.signature(command, eval_str=True)

        @functools.wraps(command)
        def expanded(**given: Any) -> None:
            value = build(**{option.name: given.pop(option.name) for option in options})
            command(**given, **{name: value})

        parameters: list[inspect.Parameter] = []
        for parameter in own.parameters.values():
            parameters.extend(options if parameter.name == name else [parameter])
        expanded.__signature__ = own.replace(parameters=parameters)  # type: ignore[attr-defined]
        return expanded

    return decorate
