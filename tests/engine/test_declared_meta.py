"""Each game's `rules/meta.json` (the facts of the box, read by `engine.declared`): it names the
game as the registry does, every fact cites a rule clause that the game's clause file has, and a
broken file is refused naming the file and the field."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from townhall import games
from townhall.engine import DataError
from townhall.engine.datafile import read_json
from townhall.engine.declared import declared_meta

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules"
REAL = [name for name in games.names() if not name.startswith("toy-")]
CLAUSE = re.compile(r"\b[A-Z]{2,3}-[A-Z0-9]+-\d+\b")


def _meta_file(name: str) -> Path:
    module = sys.modules[type(games.get(name)).__module__]
    return Path(str(module.__file__)).parent / "rules" / "meta.json"


def _sources(data: dict[str, Any]) -> list[str]:
    found = [data["players"]["source"], data["kind"]["source"]]
    return found + [option["source"] for option in data.get("options", [])]


@pytest.mark.parametrize("name", REAL)
def test_the_file_declares_the_registered_game(name: str) -> None:
    data = read_json(_meta_file(name))
    meta = games.get(name).meta
    assert (data["name"], data["title"]) == (meta.name, meta.title) and meta.name == name
    assert (meta.min_players, meta.max_players) == (data["players"]["least"], data["players"]["most"])
    assert [spec.name for spec in meta.options] == [option["name"] for option in data.get("options", [])]


@pytest.mark.parametrize("name", REAL)
def test_every_cited_clause_is_in_the_clause_file(name: str) -> None:
    clauses = (RULES / f"{name}.md").read_text(encoding="utf-8")
    cited = {clause for source in _sources(read_json(_meta_file(name))) for clause in CLAUSE.findall(source)}
    assert cited, "the facts cite no clause"
    assert all(f"- {clause}:" in clauses or f"- {clause} " in clauses for clause in cited), sorted(cited)


def test_a_broken_file_is_refused_naming_the_field(tmp_path: Path) -> None:
    data = read_json(_meta_file(REAL[0]))
    del data["players"]["least"]
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "meta.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match=r"meta\.json.*players\.least"):
        declared_meta(str(tmp_path / "game.py"), data_version="1", end_reasons={"end": "the game ended"})
