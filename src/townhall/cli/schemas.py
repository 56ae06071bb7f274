"""Publish the JSON Schemas of every game's data files and of the board view into docs/schemas.

python -m townhall.cli.schemas [DIR]          # write (make schemas)
python -m townhall.cli.schemas --check [DIR]  # exit 1 when a file is missing or stale
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from townhall import games
from townhall.cli.generated import write_or_check
from townhall.engine.board import BoardView, MarkKind, Target, mark_schema
from townhall.engine.datafile import schema_text

DEFAULT_DIR = Path("docs/schemas")


def expected(root: Path) -> dict[Path, str]:
    """Every schema file and its text: one per kind of data file of each game, each game's public
    observation and board marks, and the board view."""
    files = {
        root / "board-view.schema.json": schema_text(BoardView, "Townhall board view"),
        root / "board-target.schema.json": schema_text(Target, "Townhall board target of an action"),
    }
    for name in games.names():
        if name.startswith("toy-"):
            continue
        game = games.get(name)
        for kind, data_kind in game.data_files().items():
            files[root / name / f"{kind}.schema.json"] = schema_text(data_kind.model)
        if game.observation_model is not None:
            title = f"Townhall {game.meta.title} observation"
            files[root / name / "observation.schema.json"] = schema_text(game.observation_model, title)
        marks = mark_kinds(type(game).__module__)
        if marks is not None:
            schema = mark_schema(marks, f"Townhall {game.meta.title} board marks")
            files[root / name / "board-marks.schema.json"] = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    return files


def mark_kinds(game_module: str) -> list[MarkKind] | None:
    """The mark kinds a game declares (`MARKS` in its board_view module), None without one."""
    package = game_module.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.board_view")
    except ModuleNotFoundError:
        return None
    marks = getattr(module, "MARKS", None)
    return list(marks) if marks is not None else None


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [arg for arg in argv if arg != "--check"]
    root = Path(args[0]) if args else DEFAULT_DIR
    return write_or_check(expected(root), check, "schemas", "make schemas")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
