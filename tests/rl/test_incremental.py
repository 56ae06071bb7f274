"""Observers keep each player's view up to date incrementally (engine.observer.Watcher): along
random games, for every game and player count, the kept view equals a view filled from scratch."""

from __future__ import annotations

import random

import numpy as np
import pytest

from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.options import OptionValue
from townhall.rl.core import Table
from townhall.rl.mask import full, refresh

GAMES = games.shipped()
MAX_DECISIONS = 400  # enough for boards to fill and followers, cards and goods to come and go


def _seatings() -> list[tuple[str, int, dict[str, OptionValue]]]:
    out: list[tuple[str, int, dict[str, OptionValue]]] = []
    for name in GAMES:
        meta = games.get(name).meta
        out += [(name, players, {}) for players in range(meta.min_players, min(meta.max_players, 4) + 1)]
    return [*out, ("carcassonne", 2, {"river": True})]  # river tiles: another bag, a longer board


@pytest.mark.parametrize(("name", "players", "options"), _seatings())
def test_kept_views_equal_views_from_scratch(name: str, players: int, options: dict[str, OptionValue]) -> None:
    game = games.get(name)
    table = Table(game, players, options, "rank", copy=False)  # its watchers are the buffers
    scratch = np.empty(table.observer.size, dtype=np.float32)
    for seed in (1, 2):
        table.reset(seed)
        rng = random.Random(seed)
        chance = Chance(seed)
        for decision in range(MAX_DECISIONS):
            movers = table.state.to_move()
            # Players look at irregular moments, so that several steps may pass between two looks.
            for player in range(players):
                if not movers or rng.random() < 0.4 or decision < 2:
                    kept = table.watchers[player].observe(table.state, player)
                    table.observer.fill(table.state, player, scratch)
                    np.testing.assert_array_equal(
                        kept, scratch, err_msg=f"{name} seed {seed} step {decision} p{player}"
                    )
            if not movers:
                break
            legal = table.state.legal_actions(movers[0])
            table.state.apply(movers[0], legal[int(rng.random() * len(legal))], chance)


def test_a_copying_table_keeps_no_buffers_of_its_own() -> None:
    """copy=True hands out buffers it makes as needed: the table makes none for copy=False (a
    Carcassonne view and mask are 200 KB a player, times many environments in a vector)."""
    copying, buffers = Table("carcassonne", 2, None, "rank"), Table("carcassonne", 2, None, "rank", copy=False)
    assert copying.watchers == [] and len(copying.mask_bytes) == 0
    assert len(buffers.watchers) == 2 and len(buffers.mask_bytes) == buffers.num_actions
    copying.reset(1)
    assert copying.observe(0)["action_mask"].sum() == len(copying.state.legal_actions(0))
    assert copying.watchers == [] and len(copying.mask_bytes) == 0


def test_another_state_object_is_observed_from_scratch() -> None:
    table = Table("carcassonne", 2, None, "rank")
    table.reset(3)
    first = table.observe(0)["observation"]
    rng = random.Random(3)
    for _ in range(20):
        player = table.state.to_move()[0]
        legal = table.state.legal_actions(player)
        table.state.apply(player, rng.choice(legal), table.chance)
    table.observe(0)
    table.reset(3)  # a new game: a new state object, back at the start
    np.testing.assert_array_equal(table.observe(0)["observation"], first)


@pytest.mark.parametrize(("name", "players", "options"), _seatings())
def test_kept_masks_equal_masks_from_scratch(name: str, players: int, options: dict[str, OptionValue]) -> None:
    """The mask is kept in place (the previous ones cleared, the new ones set): at every look, by
    any player (the one to move or another, whose mask is empty), it equals a mask built from
    scratch from the legal actions, in the copy and in the buffer itself."""
    game = games.get(name)
    for copy, compact in ((True, True), (False, True), (True, False)):
        table = Table(game, players, options, "rank", copy=copy, compact=compact)
        for seed in (1, 2):
            table.reset(seed)
            rng = random.Random(seed)
            chance = Chance(seed)
            for decision in range(MAX_DECISIONS):
                movers = table.state.to_move()
                for player in range(players):
                    if not movers or rng.random() < 0.5 or (movers and player == movers[0]):
                        legal = _ids(table, table.state.legal_actions(player))
                        expected = np.zeros(table.num_actions, dtype=np.int8)
                        expected[legal] = 1
                        got = table.observe(player)["action_mask"]
                        np.testing.assert_array_equal(got, expected, err_msg=f"{name} seed {seed} step {decision}")
                        assert bytes(full(table.num_actions, legal)) == expected.tobytes()
                if not movers:
                    break
                legal = table.state.legal_actions(movers[0])
                table.state.apply(movers[0], legal[int(rng.random() * len(legal))], chance)
            table.reset(seed + 10)  # a new game: the last game's ones are cleared too
            first = table.state.to_move()[0]
            expected = np.zeros(table.num_actions, dtype=np.int8)
            expected[_ids(table, table.state.legal_actions(first))] = 1
            np.testing.assert_array_equal(table.observe(first)["action_mask"], expected)


def _ids(table: Table, legal: list[int]) -> list[int]:
    """Legal engine actions as the table's action ids (compact where the game has a compact space)."""
    return legal if table.actions is None else table.actions.encode_all(table.state, legal)


def test_refresh_clears_the_previous_ones_and_sets_the_new() -> None:
    mask = bytearray(8)
    previous = refresh(mask, (), [1, 5])
    assert bytes(mask) == bytes([0, 1, 0, 0, 0, 1, 0, 0]) and previous == (1, 5)
    legal = [2, 5]
    previous = refresh(mask, previous, legal)
    legal.append(7)  # the state's list may change later: the kept ones do not
    assert bytes(mask) == bytes([0, 0, 1, 0, 0, 1, 0, 0]) and previous == (2, 5)
    assert refresh(mask, previous, []) == () and bytes(mask) == bytes(8)


def test_a_view_that_stores_float32_items_needs_a_float32_buffer() -> None:
    """Kutná Hora stores float32 items (engine.items): another buffer is refused in words, not
    filled with garbage."""
    game = games.get("kutna-hora")
    observer = game.observer(2, game.meta.resolve({}))
    assert observer is not None
    state = game.new_state(2, game.meta.resolve({}), Chance(1))
    with pytest.raises(TypeError, match="float32"):
        observer.fill(state, 0, np.zeros(observer.size))  # float64
    out = np.zeros(observer.size, dtype=np.float32)
    observer.fill(state, 0, out)
    assert out.any()
