"""Every shipped game (the registry is the one list) has the parts a game is made of: its role
modules, board doc, published schemas, glossary and catalogs, a web drawing module (or a declared
generic one) and golden playthroughs. A new game that misses one fails here by name."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tests.golden.playthrough import golden_files
from townhall import games
from townhall.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
WEB_GAMES = ROOT / "src" / "townhall" / "web" / "static" / "js" / "games"
GENERIC_DRAWING = "drawn by the generic module"  # the board doc's words for a game with no module of its own

# One file name per job in every game (docs/GAME_AUTHORS.md); steps.py only where a game has steps.
ROLE_FILES = (
    "__init__.py",
    "game.py",
    "state.py",
    "setup.py",
    "actions.py",
    "legality.py",
    "position.py",
    "observation.py",
    "observation_model.py",
    "events.py",
    "views.py",
    "board_view.py",
    "observer.py",
    "evaluate.py",
    "words.py",
    "data.py",
    "data",
    "glossary.json",
    "locale",
    "RULINGS.md",
)

SHIPPED = games.shipped()


def _package(name: str) -> Path:
    module = games.REGISTRY.modules()[name]
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.submodule_search_locations, f"{name}: {module} is not a package"
    return Path(next(iter(spec.submodule_search_locations)))


def test_the_registry_lists_the_games() -> None:
    assert SHIPPED, "no game is shipped"
    assert all(module.startswith("townhall.games.") for module in games.REGISTRY.modules().values())


@pytest.mark.parametrize("name", SHIPPED)
def test_every_role_file_is_there(name: str) -> None:
    package = _package(name)
    missing = [role for role in ROLE_FILES if not (package / role).exists()]
    assert not missing, f"{name} lacks {missing} (docs/GAME_AUTHORS.md names each file's job)"


@pytest.mark.parametrize("name", SHIPPED)
def test_board_doc_and_schemas_are_published(name: str) -> None:
    game = games.get(name)
    assert (DOCS / f"board-{name}.md").is_file(), f"docs/board-{name}.md is missing"
    schemas = DOCS / "schemas" / name
    expected = [f"{kind}.schema.json" for kind in game.data_files()]
    assert game.observation_model is not None, f"{name} declares no public observation model"
    expected.append("observation.schema.json")
    missing = [file for file in expected if not (schemas / file).is_file()]
    assert not missing, f"{name}: {missing} not published (make schemas)"


@pytest.mark.parametrize("name", SHIPPED)
def test_glossary_and_catalogs_cover_every_language(name: str) -> None:
    package = _package(name)
    glossary = json.loads((package / "glossary.json").read_text(encoding="utf-8"))
    assert glossary, f"{name}: empty glossary"
    for language in LANGUAGES:
        if language == "en":
            continue  # English is the source language: its words are the msgids
        folder = package / "locale" / language.replace("-", "_") / "LC_MESSAGES"
        assert list(folder.glob("*.po")), f"{name}: no {language} catalog in {folder}"


@pytest.mark.parametrize("name", SHIPPED)
def test_a_web_drawing_module_or_a_declared_generic_one(name: str) -> None:
    if (WEB_GAMES / f"{name}.js").is_file():
        return
    doc = (DOCS / f"board-{name}.md").read_text(encoding="utf-8")
    assert GENERIC_DRAWING in doc, (
        f"{name}: no web/static/js/games/{name}.js and its board doc does not say '{GENERIC_DRAWING}'"
    )


@pytest.mark.parametrize("name", SHIPPED)
def test_golden_playthroughs_exist(name: str) -> None:
    assert golden_files(name), f"no golden playthrough for {name}: python -m tests.golden.playthrough --write {name}"
