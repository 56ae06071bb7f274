"""The Game object: options, variants, rendering, the greedy heuristic, and a quick speed check."""

from __future__ import annotations

import random
import time

import pytest

from tests.games.kutna_hora.helpers import blank, cell, do, texts
from townhall.engine import Chance, OptionError
from townhall.games import get
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.actions import SPACE
from townhall.games.kutna_hora.evaluate import evaluate, value
from townhall.games.kutna_hora.state import KutnaHoraState
from townhall.games.kutna_hora.steps import PlaceMine


def test_registered_with_options_and_variants() -> None:
    assert get("kutna-hora") is GAME
    assert {spec.name: spec.default for spec in GAME.meta.options} == {"events": True, "first_game": False}
    assert {"events": False} in GAME.variants()


def test_two_players_without_events_is_refused_clearly() -> None:
    """KH-SETUP-13: events are required with 2 players; 3-4 players may leave them out."""
    with pytest.raises(OptionError, match="with 2 players Kutná Hora is played with events"):
        GAME.start(2, {"events": False}, Chance(3))
    state = GAME.start(3, {"events": False}, Chance(3))
    assert isinstance(state, KutnaHoraState) and not state.events_enabled
    assert isinstance(GAME.start(2, {}, Chance(3)), KutnaHoraState)


def test_render_shows_prices_town_mine_players_and_cathedral() -> None:
    s = blank(2)
    text = GAME.render(s, 0)
    for part in (
        "wood      [4]  3   2 ",
        "Town hall",
        "11 BUI2",
        "Town (",
        "Mine (level 1",
        "St. Barbara: 0/11",
        "P1: 40 gr",
        "P2: 41 gr",
    ):
        assert part in text, part
    s.slots[0] = [1]
    s.plots[0] = [cell("A1", 5)]
    s.town_plot[cell("A1", 5)] = 0
    do(s, "c3 build")
    assert "Pending for player 1: build" in GAME.render(s, None)


def test_action_texts_are_typeable_and_unique() -> None:
    s = blank(2)
    legal = texts(s)
    assert len(set(legal)) == len(legal) and "c5 joker build" in legal
    for action in range(SPACE.size):
        assert s.action_text(action)


def test_evaluate_prefers_points_and_values_pending_choices() -> None:
    s = blank(2)
    base = GAME.evaluate(s, 0)
    s.points[0] = 5
    assert GAME.evaluate(s, 0) > base
    assert GAME.evaluate(s, 1) < GAME.evaluate(s, 0)
    t = blank(2)
    t.slots[0] = [1]
    t.plots[0] = [cell("A1", 5)]
    t.town_plot[cell("A1", 5)] = 0
    idle, build = t.clone(), t.clone()
    do(idle, "c3 idle")
    do(build, "c3 build")
    assert GAME.evaluate(build, 0) > GAME.evaluate(idle, 0)


def test_evaluate_counts_a_drawn_mine_tile_before_it_is_placed() -> None:
    """The keep / place steps of a mine action (KH-MINE-2, KH-MINE-3) are valued by the tile they
    will place: a one-step lookahead must see a mine action as a gain, not as money spent."""
    s = blank(2)
    s.layers = [[19]]  # III-2: 2 points, 2 ore, 2 stars
    declined, keeping = s.clone(), s.clone()
    do(declined, "c1 mine")
    do(declined, "decline")
    do(keeping, "c1 mine")
    assert texts(keeping)[0].startswith("keep III-2")
    kept = keeping.clone()
    do(kept, texts(kept)[0])
    assert texts(kept) == ["mine A2", "mine A7", "decline"]
    assert GAME.evaluate(keeping, 0) > GAME.evaluate(declined, 0) + 2  # at least the tile's points
    assert GAME.evaluate(kept, 0) > GAME.evaluate(declined, 0) + 2
    placed = kept.clone()
    do(placed, "mine A2")
    assert placed.points[0] == 2 and GAME.evaluate(placed, 0) > GAME.evaluate(declined, 0) + 2


def test_evaluate_credits_a_licence_with_the_building_it_brings() -> None:
    """A slotted tile (KH-LIC-1) is worth more than its leftover point (KH-FIN-5): a share of what
    building it brings (KH-BUILD-1..3), a larger share when a plot already waits for it."""
    s = blank(2)
    gains = []
    for plots in ([], [cell("A1", 5)]):
        s.plots[0] = plots
        taken, declined = s.clone(), s.clone()
        do(taken, "c1 licence")
        do(taken, "take 11 BUI2")
        do(declined, "c1 licence")
        do(declined, "decline")
        gains.append(value(taken, 0) - value(declined, 0))
    assert 1 + 1 < gains[0] < gains[1]  # more than the leftover point and the groschen it cost


def test_evaluate_money_beyond_what_can_be_spent_is_nearly_worthless() -> None:
    """Money only breaks ties at the end (KH-FIN-6): in the last round a groschen beyond what a
    round can use is worth a tenth of one below it."""
    s = blank(2)
    s.round = s.rounds
    worth = []
    for money in (0, 40, 400):
        s.money[0] = money
        worth.append(value(s, 0))
    below, beyond = (worth[1] - worth[0]) / 40, (worth[2] - worth[1]) / 360
    assert below > 0 and beyond == pytest.approx(below / 10)


def test_evaluate_sees_a_st_barbara_tile_two_decisions_ahead() -> None:
    """KH-BAR-1/2: tile 2 gives +1 reputation and a free licence, two small decisions after the
    card; looking that far the action beats an idle card, one decision deep it looked like a pelican
    thrown away."""
    s = blank(2)
    s.barbara_next = 1
    s.pelicans_unused[0] = 1
    barbara, idle = s.clone(), s.clone()
    do(barbara, "c6 barbara")
    do(idle, "c6 idle")
    assert GAME.evaluate(barbara, 0) > GAME.evaluate(idle, 0) + 5
    assert evaluate(barbara, 0, depth=1) < GAME.evaluate(idle, 0)


def test_max_decisions_bound_and_speed() -> None:
    """Random games end well within the bound; a smoke measure of speed (bench/ has the real one)."""
    rng = random.Random(1)
    started = time.perf_counter()
    for seed in range(6):
        n = 2 + seed % 3
        chance = Chance(seed)
        state = GAME.start(n, {}, chance)
        decisions = 0
        while state.to_move():
            player = state.to_move()[0]
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.randrange(len(legal))], chance)
            decisions += 1
        assert decisions < GAME.max_decisions(n, GAME.meta.resolve({})) // 4
    assert time.perf_counter() - started < 5.0


def _check_invariants(s: KutnaHoraState) -> None:
    """Components are conserved: miners, nobles, building tiles, mine tiles; limits hold."""
    assert all(m >= 0 for m in s.money) and 0 <= s.tax <= 25
    for p in range(s.num_players):
        assert s.pool[p] + s.reserve[p] + s.mine_owner.count(p) == 9 and s.pool[p] <= 2
        assert all(0 <= h <= 4 for h in s.houses[p]) and len(s.slots[p]) <= 3 and len(s.plots[p]) <= 3
        assert all(s.town_plot[c] == p for c in s.plots[p])
    assert all(s.bank[c] + s.noble_pool[c] + s.council[c] == 3 for c in range(4))
    tiles = [t for t in s.stack_top if t >= 0] + [t for t in s.stack_bottom if t >= 0]
    tiles += [t for h in s.stack_hidden for t in h] + [t for t in s.town if t >= 0]
    tiles += [t for slots in s.slots for t in slots]
    assert len(tiles) == len(set(tiles))
    mine = [t for t in s.mine if 0 <= t < 27] + s.discard + s.drawn + [t for layer in s.layers for t in layer]
    mine += [task.tile for task in s.tasks if isinstance(task, PlaceMine)]  # a kept tile waiting for its place
    assert sorted(mine) == list(range(27))


def test_busy_random_games_keep_invariants() -> None:
    """Random games that avoid idling and declining reach deep paths (technology, red nobles)."""
    from townhall.games.kutna_hora.actions import A_DECLINE, A_PLAY, IDLE

    for seed in range(12):
        n = 2 + seed % 3
        chance, rng = Chance(seed), random.Random(seed)
        s = GAME.start(n, {}, chance)
        assert isinstance(s, KutnaHoraState)
        while s.to_move():
            legal = s.legal_actions(s.current)
            busy = [a for a in legal if a != A_DECLINE and not (A_PLAY <= a < A_PLAY + 42 and (a - A_PLAY) % 7 == IDLE)]
            pick = busy if busy and rng.random() < 0.9 else legal
            s.apply(s.current, pick[rng.randrange(len(pick))], chance, [])
            _check_invariants(s)
        assert len(s.final) == n


def test_greedy_agent_plays_a_full_game() -> None:
    from townhall.agents.greedy import GreedyAgent
    from townhall.engine.match import play_match

    match = play_match(GAME, 2, [GreedyAgent(1), GreedyAgent(2)], seed=4)
    state = match.state
    assert isinstance(state, KutnaHoraState) and state.is_terminal() and len(state.final) == 2
    assert any(t >= 0 for t in state.town)  # the heuristic leads the bots to build
