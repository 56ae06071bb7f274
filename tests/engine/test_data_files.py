"""Every game's data files against their models: the schemas in docs/schemas are current, each
shipped file names its schema, and generic breakages of every shipped file (unknown key, missing
field, wrong type) are refused with a DataError naming the file and the field. Out-of-range values
are tested per kind in tests/games/<game>/test_data_files.py."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from townhall import games
from townhall.cli import schemas
from townhall.engine import DataError
from townhall.engine.datafile import read_json, validate_model
from townhall.engine.protocol import DataKind

ROOT = Path(__file__).resolve().parents[2]
REAL = [name for name in games.names() if not name.startswith("toy-")]
FILES = [
    pytest.param(name, kind, data_kind, path, id=f"{name}-{path.name}")
    for name in REAL
    for kind, data_kind in games.get(name).data_files().items()
    for path in data_kind.files
]


def test_every_game_describes_its_data_files() -> None:
    assert all(games.get(name).data_files() for name in REAL)


def test_published_schemas_are_current() -> None:
    assert schemas.main(["--check", str(ROOT / "docs" / "schemas")]) == 0


@pytest.mark.parametrize(("name", "kind", "data_kind", "path"), FILES)
def test_shipped_file_names_its_schema(name: str, kind: str, data_kind: DataKind, path: Path) -> None:
    pointer = read_json(path)["$schema"]
    assert (path.parent / pointer).resolve() == (ROOT / "docs" / "schemas" / name / f"{kind}.schema.json").resolve()
    validate_model(data_kind.model, read_json(path), path.name)


def _required_field(data_kind: DataKind) -> str:
    fields = data_kind.model.model_fields
    return next(field.alias or key for key, field in fields.items() if field.is_required())


@pytest.mark.parametrize(("name", "kind", "data_kind", "path"), FILES)
def test_generic_breakages_are_refused_naming_the_field(name: str, kind: str, data_kind: DataKind, path: Path) -> None:
    original: dict[str, Any] = read_json(path)
    unknown = dict(original, surprise_key=1)
    with pytest.raises(DataError, match=rf"{path.name}.*surprise_key"):
        validate_model(data_kind.model, unknown, path.name)
    required = _required_field(data_kind)
    missing = copy.deepcopy(original)
    del missing[required]
    with pytest.raises(DataError, match=rf"{path.name}.*{required}"):
        validate_model(data_kind.model, missing, path.name)
    wrong = dict(original, **{required: object.__name__ if not isinstance(original[required], str) else 12345})
    with pytest.raises(DataError, match=rf"{path.name}.*{required}"):
        validate_model(data_kind.model, wrong, path.name)
