"""Broken copies of each kind of shipped data file are refused with a DataError naming the file
and the field (boards, the piece set, the campaign chapters), also through the `board=FILE` and
`chapters=FILE` options and the command line (MYC-EVG-9, MYC-LEG-1)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.games.my_city.helpers import start
from townhall.engine import Chance, OptionError
from townhall.engine.datafile import read_json, schema_text
from townhall.engine.errors import DataError
from townhall.games.my_city import GAME
from townhall.games.my_city.chapters import load_campaign_data
from townhall.games.my_city.data import DATA_DIR, load_board
from townhall.games.my_city.pieces import load_catalogue

Change = Callable[[dict[str, Any]], None]


def _set(path: tuple[str | int, ...], value: object) -> Change:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(*path: str | int) -> Change:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


# kind -> (shipped file, loader, [(case, change, field named in the message)])
CASES: dict[str, tuple[str, Callable[[Path], object], list[tuple[str, Change, str]]]] = {
    "board": (
        "board-evergreen.json",
        load_board,
        [
            ("wrong type", _set(("rows",), "M . .|."), "rows"),
            ("missing field", _drop("provenance"), "provenance"),
            ("unknown key", _set(("colour",), "green"), "colour"),
            ("out of range", _set(("rows", 0), "M . . . T . . R . . G"), "rows.0"),
        ],
    ),
    "pieces": (
        "pieces.json",
        load_catalogue,
        [
            ("wrong type", _set(("pieces",), "YI4"), "pieces"),
            ("missing field", _drop("shapes"), "shapes"),
            ("unknown key", _set(("pieces", 0, "weight"), 3), "pieces.0.weight"),
            ("out of range", _set(("pieces", 0, "colour"), "Q"), "pieces.0.colour"),
        ],
    ),
    "campaign": (
        "campaign.json",
        load_campaign_data,
        [
            ("wrong type", _set(("cap", "value"), "fifty"), "cap.value"),
            ("missing field", _drop("base_rules"), "base_rules"),
            ("unknown key", _set(("progress", "reach_60"), 1), "progress.reach_60"),
            ("out of range", _set(("episodes_per_chapter", "value"), 0), "episodes_per_chapter.value"),
        ],
    ),
}


def _broken(tmp_path: Path, name: str, change: Change) -> Path:
    data = copy.deepcopy(read_json(DATA_DIR / name))
    change(data)
    path = tmp_path / f"broken-{name}"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", sorted(CASES))
def test_broken_copies_of_each_data_file_are_refused_MYC_EVG_9(kind: str, tmp_path: Path) -> None:
    """MYC-EVG-9: the data is files; a broken copy is refused naming the file and the field."""
    name, loader, cases = CASES[kind]
    loader(DATA_DIR / name)  # the shipped file loads
    for case, change, field in cases:
        path = _broken(tmp_path, name, change)
        with pytest.raises(DataError) as error:
            loader(path)
        assert path.name in str(error.value) and f": {field}:" in str(error.value), (case, str(error.value))


def test_data_kinds_name_their_files_and_schemas() -> None:
    """Every shipped data file is of a declared kind, points to its schema, and the schema is current."""
    root = Path(__file__).resolve().parents[3]
    shipped = set()
    for kind, declared in GAME.data_files().items():
        schema = root / "docs" / "schemas" / "my-city" / f"{kind}.schema.json"
        assert schema.read_text(encoding="utf-8") == schema_text(declared.model), kind
        for path in declared.files:
            shipped.add(path)
            pointer = read_json(path)["$schema"]
            assert (path.parent / pointer).resolve() == schema.resolve(), path
    assert shipped == set(DATA_DIR.glob("*.json"))


def test_bad_board_option_file_names_the_file_and_field_MYC_EVG_9(tmp_path: Path) -> None:
    """MYC-EVG-9: `board=FILE` with a broken board is refused naming the file and the field."""
    path = _broken(tmp_path, "board-evergreen.json", _drop("provenance"))
    with pytest.raises(OptionError, match=r"broken-board-evergreen\.json: provenance: missing field"):
        start(2, {"board": str(path)}, Chance(0))


def test_bad_chapters_option_file_names_the_file_and_field_MYC_LEG_1(tmp_path: Path) -> None:
    """MYC-LEG-1: `chapters=FILE` with a broken chapter file is refused naming the file and the field."""
    path = _broken(tmp_path, "campaign.json", _set(("cap", "value"), -5))
    with pytest.raises(OptionError, match=r"broken-campaign\.json: cap\.value: "):
        start(2, {"mode": "campaign", "episode": 1, "chapters": str(path)}, Chance(0))


def test_play_with_a_bad_board_file_exits_2_with_one_line_MYC_EVG_9(tmp_path: Path) -> None:
    """MYC-EVG-9: `townhall play my-city --option board=FILE` with a broken file: one line, exit 2."""
    path = _broken(tmp_path, "board-evergreen.json", _set(("rows",), 7))
    townhall = Path(sys.executable).parent / "townhall"
    command = [str(townhall), "play", "my-city", "--seats", "random,random", "--option", f"board={path}"]
    result = subprocess.run(
        command, capture_output=True, text=True, env={**os.environ, "COLUMNS": "240"}, timeout=60, check=False
    )
    assert result.returncode == 2, result.stderr
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert len(lines) == 1 and "broken-board-evergreen.json: rows:" in lines[0], lines
