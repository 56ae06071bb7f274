"""Shared check of the per-game data-file tests: a broken copy of a shipped file is refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from townhall.engine import DataError, Game
from townhall.engine.datafile import load_model


def refusal_of_broken_copy(game: Game[Any], kind: str, change: Callable[[Any], object], folder: Path) -> str:
    """Write a copy of the game's shipped file of `kind` changed by `change`, load it as that kind,
    and return the DataError's message (which must name the file)."""
    shipped = game.data_files()[kind].files[0]
    data = json.loads(shipped.read_text(encoding="utf-8"))
    change(data)
    broken = folder / shipped.name
    broken.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as refused:
        load_model(game.data_files()[kind].model, broken)
    message = str(refused.value)
    assert message.startswith(f"{shipped.name}: ") or shipped.name in message, message
    return message
