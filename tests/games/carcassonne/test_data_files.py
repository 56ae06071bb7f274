"""Broken copies of the shipped data files are refused with a DataError naming the file and field."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.games.datafiles import refusal_of_broken_copy
from townhall.engine.datafile import load_model, schema_text
from townhall.engine.errors import DataError
from townhall.games.carcassonne import GAME
from townhall.games.carcassonne.data import RULES_FILE, TILES_FILE, load

SCHEMAS = Path(__file__).parents[3] / "docs" / "schemas" / "carcassonne"


def _set(path: tuple[str, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def _drop(path: tuple[str, ...]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return change


BROKEN = {
    "tiles": [
        ("wrong type", _set(("base", "A", "count"), "2"), "base.A.count"),
        ("wrong type", _set(("base", "A", "cloister"), 1), "base.A.cloister"),
        ("missing field", _drop(("base", "B", "edges")), "base.B.edges"),
        ("missing field", _drop(("lake",)), "lake"),
        ("unknown key", _set(("base", "C", "colour"), "red"), "base.C.colour"),
        ("unknown key", _set(("extra",), 1), "extra"),
        ("out of range", _set(("base", "A", "count"), 0), "base.A.count"),
        ("out of range", _set(("base", "E", "edges"), "CFFX"), "base.E.edges"),
        ("out of range", _set(("base", "A", "provenance"), "guessed"), "base.A.provenance"),
        ("out of range", _set(("base", "D", "roads"), ["E+Q"]), "base.D.roads"),
        ("out of range", _set(("spring", "value"), "A"), "spring.value"),
    ],
    "rules": [
        ("wrong type", _set(("road_per_tile", "value"), "1"), "road_per_tile.value"),
        ("missing field", _drop(("cloister_complete",)), "cloister_complete"),
        ("missing field", _drop(("city_per_tile", "provenance")), "city_per_tile.provenance"),
        ("unknown key", _set(("tower_per_tile",), {"value": 1, "provenance": "official"}), "tower_per_tile"),
        ("out of range", _set(("city_per_pennant", "value"), -1), "city_per_pennant.value"),
    ],
}


def _shipped(kind: str) -> Path:
    return GAME.data_files()[kind].files[0]


@pytest.mark.parametrize(
    ("kind", "problem", "change", "field"),
    [(kind, problem, change, field) for kind, cases in BROKEN.items() for problem, change, field in cases],
)
def test_broken_copy_is_refused_naming_file_and_field(
    tmp_path: Path, kind: str, problem: str, change: Callable[[dict[str, Any]], None], field: str
) -> None:
    message = refusal_of_broken_copy(GAME, kind, change, tmp_path)
    assert message.startswith(f"{_shipped(kind).name}: "), message
    assert f"{field}" in message, f"{problem}: {message}"


def test_shipped_files_validate_and_name_their_schema() -> None:
    for kind, data_kind in GAME.data_files().items():
        for path in data_kind.files:
            load_model(data_kind.model, path)
            assert next(iter(json.loads(path.read_text(encoding="utf-8")))) == "$schema"
            assert (SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8") == schema_text(data_kind.model)


def test_river_count_spanning_both_files_is_checked(tmp_path: Path) -> None:
    rules = json.loads(RULES_FILE.read_text(encoding="utf-8"))
    rules["river_tiles_before_lake"]["value"] = 9
    (tmp_path / "rules.json").write_text(json.dumps(rules), encoding="utf-8")
    with pytest.raises(DataError, match=r"tiles.json: river: 10 river tiles .* river_tiles_before_lake says 9"):
        load(TILES_FILE, tmp_path / "rules.json")


def test_unreadable_file_is_a_data_error(tmp_path: Path) -> None:
    (tmp_path / "tiles.json").write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match=r"tiles\.json is not valid JSON"):
        load(tmp_path / "tiles.json", RULES_FILE)
