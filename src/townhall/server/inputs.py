"""The shape of what the HTTP API takes, checked before anything uses it: text without NUL bytes,
control characters or lone surrogates (PostgreSQL refuses NUL, UTF-8 cannot carry a lone
surrogate), bounded lengths, and JSON nested at most `MAX_DEPTH` deep.

The pydantic types below are the request models' fields; a refusal is a 400 `bad-request` naming
the field."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from townhall.server.errors import BadRequest
from townhall.server.words import _

MAX_DEPTH = 32  # deeper JSON is refused: no action, clock or data file needs more
MAX_OPTION_TEXT = 32 * 1024  # an option's text: a data file given inline fits (My City's chapters: 16 KiB)
MAX_KEY = 64  # option names, game names
MAX_NUMBER = 2**53  # the largest integer every JSON reader keeps exact

# C0 and C1 control characters (NUL among them), DEL, lone surrogates
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_CONTROL_BUT_BREAKS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def control_problem(text: str, *, breaks: bool = False) -> str | None:
    """What is wrong with `text`: a control character (tabs and line breaks allowed with
    `breaks`) or a lone surrogate; None when nothing is."""
    found = (_CONTROL_BUT_BREAKS if breaks else _CONTROL).search(text)
    if found is None:
        return None
    return _("text may not hold control characters (found U+{code:04X})").format(code=ord(found.group()))


def json_problem(value: Any, max_text: int, limit: int = MAX_DEPTH) -> str | None:
    """What is wrong with the JSON `value`: nested deeper than `limit`, a text longer than
    `max_text` or with a control character, a number beyond 2**53; None when nothing is. Walked
    without recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if len(item) > max_text:
                return _("a text is at most {limit} characters").format(limit=max_text)
            problem = control_problem(item, breaks=True)
            if problem is not None:
                return problem
        elif isinstance(item, int | float) and not isinstance(item, bool):
            if not abs(item) <= MAX_NUMBER:  # NaN too
                return _("numbers are at most 2^53")
        elif isinstance(item, dict | list):
            if depth > limit:
                return _("JSON may nest at most {limit} deep").format(limit=limit)
            if isinstance(item, dict):
                stack.extend((key, depth) for key in item)
                stack.extend((child, depth + 1) for child in item.values())
            else:
                stack.extend((child, depth + 1) for child in item)
    return None


def checked_line(text: str) -> str:
    """`text` when it is one line without control characters, else BadRequest."""
    problem = control_problem(text)
    if problem is not None:
        raise BadRequest(problem)
    return text


def _validator(problem_of: Callable[[Any], str | None]) -> AfterValidator:
    """A pydantic validator from a problem finder (a ValueError: a 400 naming the field)."""

    def check(value: Any) -> Any:
        problem = problem_of(value)
        if problem is not None:
            raise ValueError(problem)
        return value

    return AfterValidator(check)


# One line: names, seat specs, game and option names.
_LINE = _validator(control_problem)
_TEXT = _validator(lambda text: control_problem(text, breaks=True))
# One line: names, seat specs, game and option names.
Line = Annotated[str, _LINE]
# Free text: chat lines (tabs and line breaks allowed).
Text = Annotated[str, _TEXT]
Key = Annotated[str, Field(min_length=1, max_length=MAX_KEY), _LINE]


def checked_json(max_text: int) -> AfterValidator:
    """A field of JSON values (an option, an action, a clock): texts at most `max_text` long,
    depth, numbers and control characters checked."""
    return _validator(lambda value: json_problem(value, max_text))
