"""The observer's key is an int whose fields stand for parts of the position (observer.py): along
random games, whatever a field stands for changes only when the field does, whichever decisions
pass between two looks (tests/rl/test_incremental.py checks the views themselves)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from townhall.engine.chance import Chance
from townhall.games.carcassonne.observer import RADIUS, _key
from townhall.games.carcassonne.state import CarcassonneState, new_state
from townhall.games.carcassonne.tiles import CODE_INDEX, cell_of
from townhall.rl.core import Table

from .helpers import lay_tile, position


def _turn_shows(state: CarcassonneState) -> tuple[object, ...]:
    return (
        sorted(state.board.items()),
        state.frontier.copy(),
        state.last_cell,
        sorted(state.bag),
        len(state.river_bag),
        state.hand,
        state.phase,
        state.current,
    )


def _followers_show(state: CarcassonneState) -> tuple[object, ...]:
    return sorted(state.follower_at.items()), state.supply.copy(), state.score.copy()


@pytest.mark.parametrize(("players", "river"), [(2, False), (3, True), (4, False), (5, True)])
def test_what_a_part_shows_changes_only_with_its_key(players: int, river: bool) -> None:
    returns = 0
    for seed in range(6):
        chance = Chance(seed)
        rng = random.Random(seed)
        state = new_state(players, river, True, "first-edition", chance)
        standing = 0
        looks = [(_key(state, 0) >> 32, _turn_shows(state), _key(state, 0) & 0xFFFFFFFF, _followers_show(state))]
        while state.to_move():
            player = state.to_move()[0]
            legal = state.legal_actions(player)
            state.apply(player, legal[int(rng.random() * len(legal))], chance)
            now = (_key(state, 0) >> 32, _turn_shows(state), _key(state, 0) & 0xFFFFFFFF, _followers_show(state))
            for before in looks[-3:]:  # the last look one, two or three decisions ago
                if now[0] == before[0]:
                    assert now[1] == before[1]
                if now[2] == before[2]:
                    assert now[3] == before[3]
            if now[3][0] != looks[-1][3][0]:  # the counter moves with every follower, scored or not
                assert state.follower_moves != looks[-1][2] & 0xFFF
            returns += len(state.follower_at) < standing
            standing = len(state.follower_at)
            looks.append(now)
    assert returns  # followers did come home, not only leave


def test_tiles_beyond_the_window_mark_the_frontier_inside_it() -> None:
    """A road east past the window's edge, then two tiles south of its end: the second one, beyond
    the window, makes the empty cell beside it inside the window part of the frontier."""
    edge = RADIUS
    state = position([("U", x, 0, 0) for x in range(1, edge - 1)], bag=["U"] * 3 + ["B"] * 5)
    observer = Table("carcassonne", 2, None, "rank").observer
    kept = observer.watcher(np.zeros(observer.size, dtype=np.float32))
    scratch = np.zeros(observer.size, dtype=np.float32)
    kept.observe(state, 0)
    for code, x, y in [("U", edge - 1, 0), ("U", edge, 0), ("U", edge + 1, 0), ("B", edge + 1, 1), ("B", edge + 1, 2)]:
        state.bag.remove(CODE_INDEX[code])  # drawn, then placed
        lay_tile(state, code, x, y, 0)
        state.last_cell = cell_of(x, y)
        observer.fill(state, 0, scratch)
        np.testing.assert_array_equal(kept.observe(state, 0), scratch, err_msg=f"{code} at {x},{y}")
    frontier = observer.views(scratch)["board"][20]
    assert frontier[edge + 2, edge + edge] == 1.0  # x = edge, y = 2: beside the last tile only
