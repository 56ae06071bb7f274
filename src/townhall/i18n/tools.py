"""For developers and `make`: compile the catalogs, or extract each domain's messages from its
sources and merge them into every language's `.po` (new messages start empty; the completeness
test then names them)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from townhall.i18n.catalog import DIRECTORY, compile_catalogs
from townhall.i18n.language import DEFAULT, LANGUAGES

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PACKAGE = Path(__file__).resolve().parent.parent


def domains(root: Path = PACKAGE) -> dict[str, Path]:
    """Every package with a `locale` folder, by domain: its folder name (`cli`, `carcassonne`...)."""
    return {locale.parent.name: locale.parent for locale in sorted(root.glob("**/locale")) if locale.is_dir()}


def template(domain: str, package: Path) -> BabelCatalog:
    """The messages the package's sources mark, with their places."""
    catalog = BabelCatalog(domain=domain, project="townhall", fuzzy=False)
    found = extract_from_dir(
        str(package),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
        strip_comment_tags=True,
    )
    for filename, line, message, comments, context in found:
        catalog.add(
            message, None, [(str(Path(package.name) / filename), line)], auto_comments=comments, context=context
        )
    return catalog


def update(root: Path = PACKAGE) -> list[Path]:
    """Merge each domain's template into its catalogs (creating missing ones); the files written."""
    written = []
    for domain, package in domains(root).items():
        pot = template(domain, package)
        for language in LANGUAGES:
            if language == DEFAULT:
                continue
            po = package / "locale" / DIRECTORY[language] / "LC_MESSAGES" / f"{domain}.po"
            if po.is_file():
                with po.open("rb") as handle:
                    catalog = read_po(handle, locale=DIRECTORY[language])
                catalog.update(pot, no_fuzzy_matching=True)
            else:
                catalog = BabelCatalog(locale=DIRECTORY[language], domain=domain, project="townhall", fuzzy=False)
                catalog.update(pot, no_fuzzy_matching=True)
            catalog.revision_date = datetime(2026, 11, 25, tzinfo=UTC)  # stable files: no churn per run
            catalog.creation_date = catalog.revision_date
            po.parent.mkdir(parents=True, exist_ok=True)
            with po.open("wb") as handle:
                write_po(handle, catalog, width=120, omit_header=False, ignore_obsolete=True, include_previous=False)
            written.append(po)
    return written


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "compile"
    if command == "compile":
        count = len(compile_catalogs(PACKAGE))
        print(f"compiled {count} message catalogs")
        return 0
    if command == "extract":
        for path in update():
            print(path.relative_to(PACKAGE.parent))
        return 0
    print("usage: python -m townhall.i18n [compile|extract]")
    return 2
