"""Broken copies of antiquity.json are refused with a DataError naming the file and the field."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from townhall.engine.datafile import schema_text
from townhall.engine.errors import DataError
from townhall.games.antiquity import GAME
from townhall.games.antiquity.data import DATA, DATA_FILE, AntiquityFile, load, parse

SHIPPED = json.loads(DATA_FILE.read_text(encoding="utf-8"))
Edit = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Edit:
    def edit(raw: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            raw = raw[key]
        raw[last] = value

    return edit


def _delete(path: str) -> Edit:
    def edit(raw: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            raw = raw[key]
        del raw[last]

    return edit


BROKEN: list[tuple[str, Edit, tuple[str, ...]]] = [
    # wrong type
    ("wrong type", _set("supply.goods_each", "many"), ("supply.goods_each", "integer")),
    ("wrong type", _set("buildings.market.manned", "yes"), ("buildings.market.manned", "bool")),
    ("wrong type", _set("tiles", []), ("tiles", "dictionary")),
    # missing field
    ("missing field", _delete("start.wood"), ("start.wood", "missing field")),
    ("missing field", _delete("buildings.dump"), ("buildings", "dump")),
    ("missing field", _delete("house_costs.7"), ("house_costs", "'7'")),
    ("missing field", _delete("layouts.3"), ("layouts", "'3'")),
    # unknown key
    ("unknown key", _set("supply.castles", 3), ("supply.castles", "unknown key")),
    ("unknown key", _set("buildings.palace", SHIPPED["buildings"]["market"]), ("buildings.palace", "market")),
    ("unknown key", _set("buildings.market.cost.marble", 1), ("buildings.market.cost.marble", "unknown key")),
    # out of range or malformed value
    ("out of range", _set("supply.fisherman", 0), ("supply.fisherman", "greater than or equal to 1")),
    ("out of range", _set("buildings.market.cost.wood", -1), ("buildings.market.cost.wood", "greater than")),
    ("out of range", _set("house_costs.20.lux", 2), ("house_costs", "house 20")),
    ("out of range", _set("house_costs.2.food", 1), ("house_costs", "houses 1-4 are free")),
    ("out of range", _set("tiles.TILE_3.cells", "PPP"), ("tiles.TILE_3.cells", "5..9..5")),
    ("out of range", _set("tiles.TILE_3.provenance", "guess"), ("tiles.TILE_3.provenance", "official")),
    ("out of range", _set("layouts.2.start_tiles", [0]), ("layouts", "start tiles")),
    ("out of range", _set("exploration_per_player.value", ["olives", "tea"]), ("exploration_per_player.value.1",)),
    ("out of range", _set("buildings.dump.cells", "..."), ("buildings.dump.cells", "#")),
]


@pytest.mark.parametrize(("kind", "edit", "words"), BROKEN, ids=[f"{k}-{w[0]}" for k, _, w in BROKEN])
def test_broken_copies_are_refused(kind: str, edit: Edit, words: tuple[str, ...]) -> None:
    raw = copy.deepcopy(SHIPPED)
    edit(raw)
    with pytest.raises(DataError) as caught:
        parse(raw)
    message = str(caught.value)
    assert message.startswith(f"{DATA_FILE.name}: "), message
    for word in words:
        assert word in message, (kind, message)


def test_broken_file_on_disk_names_the_file(tmp_path: Path) -> None:
    raw = copy.deepcopy(SHIPPED)
    raw["start"]["wood"] = -6
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DataError, match=r"mine\.json: start\.wood: .*greater than or equal to 0"):
        load(path)
    path.write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match=r"mine\.json"):
        load(path)


def test_shipped_file_loads_and_names_its_schema() -> None:
    assert parse(copy.deepcopy(SHIPPED)) == DATA
    assert next(iter(SHIPPED)) == "$schema"
    kinds = GAME.data_files()
    assert set(kinds) == {"antiquity"} and kinds["antiquity"].files == (DATA_FILE,)
    schema = DATA_FILE.parent / SHIPPED["$schema"]
    assert schema.resolve().read_text(encoding="utf-8") == schema_text(AntiquityFile)
