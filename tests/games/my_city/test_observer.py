"""The kept observation (engine.watch.Watcher) equals one filled from scratch in the campaign
too, where the players' figures also move by the 50 cap, its marks and the progress marks (the
observer keys them by position.figures_revision): random play from scores next to the cap,
mostly building (the investor of episode 13 and the final scoring reach the cap), every player
looking at every decision."""

from __future__ import annotations

import random

import numpy as np
import pytest

from townhall.engine.chance import Chance
from townhall.games.my_city.actions import EXIT_ACTION, PASS_ACTION
from townhall.rl.core import Table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_views_follow_the_cap_and_the_marks(players: int) -> None:
    capped = marked = 0
    for episode in (13, 24):
        table = Table("my-city", players, {"mode": "campaign", "episode": episode}, "rank", copy=False)
        scratch = np.empty(table.observer.size, dtype=np.float32)
        for seed in range(4):
            table.reset(seed)
            state = table.state
            state.score = [49 - seat for seat in range(players)]  # before any look: no key to move
            rng = random.Random(seed)
            chance = Chance(seed)
            while movers := state.to_move():
                for player in range(players):
                    kept = table.watchers[player].observe(state, player)
                    table.observer.fill(state, player, scratch)
                    np.testing.assert_array_equal(kept, scratch, err_msg=f"episode {episode} seed {seed} p{player}")
                legal = state.legal_actions(movers[0])
                builds = [action for action in legal if action not in (PASS_ACTION, EXIT_ACTION)]
                choices = builds if builds and rng.random() < 0.9 else legal
                state.apply(movers[0], choices[int(rng.random() * len(choices))], chance)
            for player in range(players):  # the end: final scores, the cap, progress marks
                kept = table.watchers[player].observe(state, player)
                table.observer.fill(state, player, scratch)
                np.testing.assert_array_equal(kept, scratch, err_msg=f"episode {episode} seed {seed} p{player} end")
            capped += sum(state.frozen)
            marked += sum(1 for marks in state.marks if marks)
    assert capped and marked  # the rare mutation sites were reached
