"""Message catalogs: one gettext domain per package (the CLI, each game), with a `.po` file per
language in `<package>/locale/<dir>/LC_MESSAGES/<domain>.po`, compiled to `.mo` by `make`.

English is the source language (the msgids), so it needs no file. Messages use named
placeholders (`"player {player} draws {tile}"`, filled with `str.format`) so translators can
move them; counts go through `ngettext` for the language's plural forms.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from functools import cache
from importlib import resources
from pathlib import Path

from townhall.i18n.language import DEFAULT, LANGUAGES, current

# gettext directory names: a script subtag goes after an underscore (zh_Hans), as Babel writes them.
DIRECTORY = {language: language.replace("-", "_") for language in LANGUAGES}


def N_(message: str) -> str:
    """Mark a message for the catalogs where it is defined; `Catalog.gettext` translates it where shown."""
    return message


class Catalog:
    """The translations of one domain; reads the language in force at each call."""

    def __init__(self, domain: str, localedir: Path) -> None:
        self.domain = domain
        self.localedir = localedir
        self._loaded: dict[str, gettext.NullTranslations] = {}

    def po_path(self, language: str) -> Path:
        return self.localedir / DIRECTORY[language] / "LC_MESSAGES" / f"{self.domain}.po"

    def translations(self, language: str | None = None) -> gettext.NullTranslations:
        language = language or current()
        found = self._loaded.get(language)
        if found is None:
            found = self._load(language)
            self._loaded[language] = found
        return found

    def _load(self, language: str) -> gettext.NullTranslations:
        if language == DEFAULT:
            return gettext.NullTranslations()
        po = self.po_path(language)
        mo = po.with_suffix(".mo")
        if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
            with mo.open("rb") as handle:
                return gettext.GNUTranslations(handle)
        if po.is_file():  # not compiled yet (or edited since): compile in memory
            return gettext.GNUTranslations(io.BytesIO(compiled(po)))
        return gettext.NullTranslations()

    def gettext(self, message: str) -> str:
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.translations().ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations().pgettext(context, message)


@cache
def catalog_beside(package: str) -> Catalog | None:
    """The catalog a package ships (its `locale/` folder, domain: the package's own name), or None."""
    localedir = Path(str(resources.files(package))) / "locale"
    return Catalog(package.rpartition(".")[2], localedir) if localedir.is_dir() else None


def gettext_of(module: str, message: str) -> str:
    """`message` in the language in force, through the catalog beside `module`'s package (front
    doors translate a game's declared texts, such as its facts, knowing only the module)."""
    catalog = catalog_beside(module.rpartition(".")[0])
    return catalog.gettext(message) if catalog is not None else message


def compiled(po: Path) -> bytes:
    """The `.mo` bytes of a `.po` file (fuzzy entries left out, as gettext does)."""
    from babel.messages.mofile import write_mo  # only when compiling: a run reads .mo files
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle, locale=po.parent.parent.name)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def po_files(root: Path) -> Iterator[Path]:
    """Every catalog file under `root`."""
    yield from sorted(root.glob("**/locale/*/LC_MESSAGES/*.po"))


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every `.po` under `root` into its `.mo` beside it; the written files."""
    written = []
    for po in po_files(root):
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if not mo.is_file() or mo.read_bytes() != data:
            mo.write_bytes(data)
        written.append(mo)
    return written
