"""Every message catalog is complete for every language, matches its sources, keeps every named
placeholder, and compiles (make compiles them at install; a stale or missing .mo is recompiled)."""

from __future__ import annotations

import gettext
import io
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from townhall.i18n import LANGUAGES, Catalog, compile_catalogs
from townhall.i18n.catalog import DIRECTORY, compiled
from townhall.i18n.tools import PACKAGE, domains, template

DOMAINS = domains()
TRANSLATED = [language for language in LANGUAGES if language != "en"]


def _catalog(domain: str, language: str):  # type: ignore[no-untyped-def]
    po = DOMAINS[domain] / "locale" / DIRECTORY[language] / "LC_MESSAGES" / f"{domain}.po"
    assert po.is_file(), f"{po} is missing"
    with po.open("rb") as handle:
        return read_po(handle, locale=DIRECTORY[language])


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_cli_and_every_game_have_a_catalog() -> None:
    from tests.i18n.narration import SHIPPED
    from townhall import games

    packages = {type(games.get(name)).__module__.split(".")[2] for name in SHIPPED}
    assert {"cli", *packages} <= set(DOMAINS)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_message_is_translated_with_the_same_placeholders(domain: str, language: str) -> None:
    catalog = _catalog(domain, language)
    assert catalog.plural_forms.startswith("nplurals=1;"), "Chinese and Japanese have one plural form"
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            problems.append(f"untranslated: {ids[0]!r}")
            continue
        for text in strings:
            if _fields(text) != _fields(ids[0]):
                problems.append(f"placeholders differ: {ids[0]!r} -> {text!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_catalogs_hold_exactly_the_messages_of_the_sources(domain: str) -> None:
    """Run `python -m townhall.i18n extract` after changing a message."""
    wanted = {(m.context, m.id) for m in template(domain, DOMAINS[domain]) if m.id}
    for language in TRANSLATED:
        held = {(m.context, m.id) for m in _catalog(domain, language) if m.id}
        assert held == wanted, f"{domain} {language}: missing {wanted - held}, stale {held - wanted}"


def test_compiled_catalogs_translate_like_their_sources(tmp_path: Path) -> None:
    for po in sorted(PACKAGE.glob("**/locale/*/LC_MESSAGES/*.po")):
        translations = gettext.GNUTranslations(io.BytesIO(compiled(po)))
        with po.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if message.id and not isinstance(message.id, tuple):
                assert translations.gettext(message.id) == message.string
    copy = tmp_path / "game" / "locale" / "ja" / "LC_MESSAGES"
    copy.mkdir(parents=True)
    source = DOMAINS["cli"] / "locale" / "ja" / "LC_MESSAGES" / "cli.po"
    (copy / "cli.po").write_bytes(source.read_bytes())
    assert [path.name for path in compile_catalogs(tmp_path)] == ["cli.mo"]
    loaded = Catalog("cli", tmp_path / "game" / "locale").translations("ja")
    assert loaded.gettext("Result") == "結果"


def test_english_needs_no_catalog_and_an_absent_language_falls_back_to_english(tmp_path: Path) -> None:
    catalog = Catalog("nothing", tmp_path)
    assert catalog.translations("en").gettext("Result") == "Result"
    assert catalog.translations("ja").gettext("Result") == "Result"
    assert catalog.translations("ja").ngettext("{n} tile", "{n} tiles", 2) == "{n} tiles"
