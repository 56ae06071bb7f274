"""The golden playthroughs replay identically: same legal sets, observations and events at every
step (see tests/golden/playthrough.py); and every registered game has a corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.playthrough import GOLDEN_DIR, REAL_GAMES, golden_files, replay_views
from townhall import games

FILES = sorted(GOLDEN_DIR.glob("*.json"))


def test_every_registered_game_has_a_golden_corpus() -> None:
    registered = [name for name in games.names() if not name.startswith("toy-")]  # the test toys aside
    assert set(REAL_GAMES) <= set(registered)
    missing = [name for name in registered if not golden_files(name)]
    assert not missing, f"no golden playthrough for {missing}: python -m tests.golden.playthrough --write {missing[0]}"


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_golden_playthrough_replays_identically(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = games.get(data["record"]["game"])
    assert data["record"]["data_version"] == game.meta.data_version, "rules data changed: re-record deliberately"
    now = replay_views(game, data)
    assert len(now) == len(data["steps"])
    for index, (expected, got) in enumerate(zip(data["steps"], now, strict=True)):
        assert got == expected, f"step {index} differs"
