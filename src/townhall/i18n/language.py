"""The language in force and how a person's choice is read: `--lang`, `TOWNHALL_LANG`, the
terminal's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) or an HTTP `Accept-Language` header.

The language is a context variable: a front door sets it around the code that makes words
(`with using("ja"): ...`), and every catalog reads it; rules and data never see it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.core import Locale

LANGUAGES = ("en", "zh-Hans", "zh-Hant", "ja")
DEFAULT = "en"
_CURRENT: ContextVar[str] = ContextVar("townhall_language", default=DEFAULT)


class UnknownLanguage(ValueError):
    """A language tag that names none of the supported languages."""


def current() -> str:
    return _CURRENT.get()


def choose(language: str) -> Callable[[], None]:
    """Make `language` the language in force from now on (a command's run); returns the undo."""
    token = _CURRENT.set(normalize(language))
    return lambda: _CURRENT.reset(token)


@contextmanager
def using(language: str) -> Iterator[str]:
    """Make `language` (any spelling `normalize` reads) the language in force inside the block."""
    token = _CURRENT.set(normalize(language))
    try:
        yield _CURRENT.get()
    finally:
        _CURRENT.reset(token)


def match(tag: str) -> str | None:
    """The supported language a tag such as `zh_TW.UTF-8`, `zh-CN`, `ja-JP` or `en` means, or None.

    Babel's likely-subtags data fills in the script (zh-TW and zh-HK are Traditional, zh and
    zh-CN Simplified), so regional tags need no table of our own."""
    from babel.core import Locale, UnknownLocaleError  # on demand: reading a tag is rare, imports are not

    text = tag.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not text or text in ("C", "POSIX"):
        return None
    try:
        locale = Locale.parse(text)
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    if locale.language == "zh":
        return "zh-Hant" if _chinese_script(locale) == "Hant" else "zh-Hans"
    if locale.language in ("en", "ja"):
        return locale.language
    return None


def _chinese_script(locale: Locale) -> str:
    from babel.core import get_global

    if locale.script:
        return locale.script
    likely: Mapping[str, str] = get_global("likely_subtags")
    full = likely.get(f"zh_{locale.territory}", "") if locale.territory else ""
    parts = full.split("_")
    return parts[1] if len(parts) > 2 else "Hans"


def normalize(tag: str) -> str:
    """The supported language of a tag; UnknownLanguage (with the choices) when it names none."""
    found = match(tag)
    if found is None:
        raise UnknownLanguage(f"unknown language {tag!r}; choose one of {', '.join(LANGUAGES)}")
    return found


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of `TOWNHALL_LANG`, else of the terminal's locale, else English."""
    env = os.environ if environ is None else environ
    if env.get("TOWNHALL_LANG"):
        return normalize(env["TOWNHALL_LANG"])
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return match(value) or DEFAULT  # the first one set decides, as in the C library
    return DEFAULT


def from_accept_language(header: str | None) -> str:
    """The best supported language of an HTTP Accept-Language header (weights honoured), else English."""
    if not header:
        return DEFAULT
    choices: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        found = match(tag) if tag.strip() != "*" else None
        if found is not None and weight > 0:
            choices.append((-weight, position, found))
    return min(choices)[2] if choices else DEFAULT
