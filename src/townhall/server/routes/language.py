"""The language of a request's words: `?lang=` (en, zh-Hans, zh-Hant, ja, or a tag such as zh-TW),
else the Accept-Language header, else English. Only words change (action texts, event words,
titles); ids, JSON forms and data never do."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, TypeVar

from fastapi import Depends, Header, Query

from townhall.i18n import LANGUAGES, UnknownLanguage, from_accept_language, normalize, using
from townhall.server.errors import BadRequest

T = TypeVar("T")


def request_language(
    lang: Annotated[
        str | None, Query(max_length=35, description=f"Language of the words: {', '.join(LANGUAGES)}.")
    ] = None,
    accept_language: Annotated[str | None, Header(max_length=500)] = None,
) -> str:
    if lang is None:
        return from_accept_language(accept_language)
    try:
        return normalize(lang)
    except UnknownLanguage as error:
        raise BadRequest(str(error)) from None


LanguageDep = Annotated[str, Depends(request_language)]


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Words made inside the block are in `language`."""
    with using(language):
        yield


def in_language(language: str, make: Callable[[], T]) -> T:
    """`make()` with its words in `language` (for a worker thread, which starts in English)."""
    with using(language):
        return make()
