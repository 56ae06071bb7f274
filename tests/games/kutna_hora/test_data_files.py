"""Every kind of Kutná Hora data file: its pydantic model refuses broken copies of the shipped file
with a DataError naming the file and the field; the published schema is the model's."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.games.datafiles import refusal_of_broken_copy
from townhall.engine.datafile import load_model, schema_text
from townhall.engine.errors import DataError
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.data import load, raw_files

SCHEMAS = Path(__file__).parents[3] / "docs" / "schemas" / "kutna-hora"
Path_ = tuple[str | int, ...]

# kind -> (a field to break, a value of the wrong type, a value out of range, a required field)
BREAKS: dict[str, tuple[Path_, Any, Any, Path_]] = {
    "barbara": (("tiles", 0, "tax"), "one", 26, ("tiles", 0, "number")),
    "buildings": (("guild_buildings", 0, "wood"), [1], 10, ("guild_buildings", 0, "pop")),
    "cards": (("cards", 0, "actions"), "mine", ["mine", "fly"], ("cards", 0, "prov")),
    "decks": (("population", 0, "index"), "zero", -1, ("ore", 3, "prov")),
    "events": (("cards", 0, "tax"), {"tax": 1}, 26, ("cards", 2, "deck")),
    "mine": (("tiles", 0, "cost"), "1", 10, ("technology", 0, "level_after")),
    "prices": (("columns", "value"), 6.5, 1, ("goods", 0, "table")),
    "reputation": (("min", "value"), "low", None, ("end_values", "value")),
    "rounds": (("tracks", 0, "players", 0), "four", 5, ("tracks", 1, "penalties")),
    "setup": (("guild_setup_cards", 0, "card"), "first", 0, ("guild_setup_cards", 0, "3")),
    "town": (("sides", "large", "players", 0), "three", 1, ("sides", "small", "layout")),
    "town_hall": (("rows", "value"), "three", None, ("public_rows", "prov")),
}


def _dotted(path: Path_) -> str:
    return ".".join(str(part) for part in path)


def _set(data: Any, path: Path_, value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _delete(data: Any, path: Path_) -> None:
    for part in path[:-1]:
        data = data[part]
    del data[path[-1]]


def _refused(tmp_path: Path, kind: str, change: Any) -> str:
    """Write a changed copy of the shipped file and load it as its kind: the DataError's text."""
    message = refusal_of_broken_copy(GAME, kind, change, tmp_path)
    assert f"{kind}.json" in message
    return message


def test_every_kind_is_described_and_broken_here() -> None:
    assert set(GAME.data_files()) == set(BREAKS)
    assert sorted(f"{kind}.json" for kind in BREAKS) == sorted(raw_files())


@pytest.mark.parametrize("kind", sorted(BREAKS))
def test_shipped_file_validates_names_its_schema_and_the_schema_is_the_models(kind: str) -> None:
    data_kind = GAME.data_files()[kind]
    (shipped,) = data_kind.files
    load_model(data_kind.model, shipped)
    first = next(iter(json.loads(shipped.read_text(encoding="utf-8"))))
    assert first == "$schema"
    assert json.loads(shipped.read_text(encoding="utf-8"))["$schema"].endswith(f"kutna-hora/{kind}.schema.json")
    assert (SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8") == schema_text(data_kind.model)


@pytest.mark.parametrize("kind", sorted(BREAKS))
def test_wrong_type_is_refused_naming_the_field(tmp_path: Path, kind: str) -> None:
    field, wrong, _, _ = BREAKS[kind]
    assert _dotted(field) in _refused(tmp_path, kind, lambda d: _set(d, field, wrong))


@pytest.mark.parametrize("kind", sorted(k for k, v in BREAKS.items() if v[2] is not None))
def test_out_of_range_value_is_refused_naming_the_field(tmp_path: Path, kind: str) -> None:
    field, _, out_of_range, _ = BREAKS[kind]
    assert _dotted(field) in _refused(tmp_path, kind, lambda d: _set(d, field, out_of_range))


@pytest.mark.parametrize("kind", sorted(BREAKS))
def test_missing_field_is_refused_naming_it(tmp_path: Path, kind: str) -> None:
    _, _, _, required = BREAKS[kind]
    message = _refused(tmp_path, kind, lambda d: _delete(d, required))
    assert f"{_dotted(required)}: missing field" in message


@pytest.mark.parametrize("kind", sorted(BREAKS))
def test_unknown_key_is_refused_naming_it(tmp_path: Path, kind: str) -> None:
    message = _refused(tmp_path, kind, lambda d: d.update(colour="red"))
    assert "colour: unknown key" in message
    field, _, _, _ = BREAKS[kind]
    nested = (*field[:-1], "colour") if isinstance(field[-1], str) else (*field[:-2], "colour")
    message = _refused(tmp_path, kind, lambda d: _set(d, nested, "red"))
    assert f"{_dotted(nested)}: unknown key" in message


def test_cross_file_check_names_both_files() -> None:
    """KH-FIN-1: the town board's edge icons must be icons of buildings.json."""
    files = copy.deepcopy(raw_files())
    files["town.json"]["sides"]["large"]["edges"]["A1"] = ["crown"]
    with pytest.raises(DataError) as error:
        load(files)
    message = str(error.value)
    assert "town.json" in message and "sides.large.edges.A1" in message and "buildings.json" in message


def test_the_official_numbers_are_checked_by_the_models(tmp_path: Path) -> None:
    """KH-SETUP-11: the printed starting money; the message says what the rulebook states."""
    message = _refused(tmp_path, "setup", lambda d: _set(d, ("start_money", "value"), [40, 40, 42, 43]))
    assert "start_money" in message and "the rulebook states [40, 41, 42, 43]" in message
