"""The Kutná Hora observation reads as its table says (observer module docstring): the players
slice, field by field, from the observer's seat on, along random games; both builds' players
parts keep the same views."""

from __future__ import annotations

import random

import numpy as np
import pytest

from townhall.engine import Chance
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.observer import KutnaHoraObserver, players_part
from townhall.games.kutna_hora.position import OVER
from townhall.games.kutna_hora.state import KutnaHoraState


@pytest.mark.parametrize("players", [2, 4])
def test_the_players_slice_holds_each_figure_as_documented(players: int) -> None:
    options = GAME.meta.resolve({})
    observer = GAME.observer(players, options)
    assert observer is not None
    part = observer.layout.slices["players"]
    out = np.zeros(observer.size, dtype=np.float32)
    used_seen = set()
    for seed in range(3):
        state = GAME.new_state(players, options, Chance(seed))
        assert isinstance(state, KutnaHoraState)
        rng = random.Random(seed)
        chance = Chance(seed)
        while movers := state.to_move():
            me = movers[0]
            observer.fill(state, me, out)
            rows = out[part.offset : part.offset + part.size].reshape(part.shape)
            for row in range(players):
                seat = (me + row) % players
                used = state.used_cards[seat].bit_count()
                used_seen.add(used)
                expected = {
                    0: state.money[seat] / 50,
                    1: state.points[seat] / 100,
                    2: state.reputation[seat] / 10,
                    11: used / 4,  # cards used: a count, whichever cards they are
                    12: state.turns_done[seat] / 4,
                    13: float(state.phase != OVER and state.current == seat),
                }
                for field, value in expected.items():
                    assert rows[row, field] == pytest.approx(value), (seed, row, field)
            legal = state.legal_actions(me)
            state.apply(me, legal[int(rng.random() * len(legal))], chance)
    assert max(used_seen) >= 2  # the games got as far as players with several cards used


@pytest.mark.parametrize("players", [2, 3])
def test_both_players_parts_write_the_same_views(players: int) -> None:
    """The players part as each build has it (observer.players_part: whole tables in one call each,
    or only the figures that moved) keeps the same views along random games, in either build."""
    options = GAME.meta.resolve({})
    observers = []
    for tables in (True, False):
        observer = GAME.observer(players, options)
        assert isinstance(observer, KutnaHoraObserver)
        observer.parts = (observer.parts[0], players_part(tables))
        observers.append(observer)
    outs = [np.zeros(observers[0].size, dtype=np.float32) for _ in range(2 * players)]
    watchers = [observers[k % 2].watcher(out) for k, out in enumerate(outs)]
    for seed in range(2):
        state = GAME.new_state(players, options, Chance(seed))
        rng, chance = random.Random(seed), Chance(seed)
        while movers := state.to_move():
            for seat in range(players):  # every seat looks at every step: each part's changes come in
                tables, changed = watchers[2 * seat].observe(state, seat), watchers[2 * seat + 1].observe(state, seat)
                assert np.array_equal(tables, changed), (seed, seat)
            legal = state.legal_actions(movers[0])
            state.apply(movers[0], legal[int(rng.random() * len(legal))], chance)
