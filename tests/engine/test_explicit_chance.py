"""Explicit chance (engine.explicit_chance) on every game: positions waiting on a draw list its
outcomes and take a chosen one; the seeded draw picks the same outcomes as ever (a game played
through chance nodes ends where the engine's own game with that seed ends, step by step logging
the same outcomes that records hold)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction
from townhall.engine.explicit_chance import ExplicitState

GAMES = games.shipped()


def settle(explicit: ExplicitState[object], chance: Chance) -> int:
    """Take every pending draw with the seeded chance's outcome; how many were taken."""
    draws = 0
    while explicit.waits_on_chance():
        outcomes = explicit.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert [o for o, _ in outcomes] == list(range(len(outcomes)))
        explicit.apply_chance(chance.below(len(outcomes)))
        draws += 1
    return draws


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_a_game_through_chance_nodes_is_the_seeded_game(name: str, players: int) -> None:
    game = games.get(name)
    seed = 7 + players
    direct_chance = Chance(seed, log=True)
    direct = game.start(players, None, direct_chance)
    setup_log = direct_chance.take_log()

    explicit = ExplicitState.start(game, players, None)
    pick = Chance(seed)
    assert settle(explicit, pick) == len(setup_log)
    assert explicit.drawn == setup_log
    rng = random.Random(seed)
    draws = 0
    while not direct.is_terminal():
        player = direct.to_move()[0]
        action = rng.choice(direct.legal_actions(player))
        direct.apply(player, action, direct_chance)
        assert explicit.state is not None
        explicit.apply(player, action)
        draws += settle(explicit, pick)
        assert explicit.drawn == direct_chance.take_log()  # what the record logs for this step
    assert explicit.state is not None and explicit.state.to_json() == direct.to_json()
    assert draws + len(setup_log) > 0  # every shipped game draws


def test_carcassonne_waits_on_its_tile_draw_after_a_placement_and_lists_the_stack() -> None:
    game = games.get("carcassonne")
    explicit = ExplicitState.start(game, 2, None)
    assert explicit.waits_on_chance() and explicit.state is None  # the first tile of the set-up
    assert len(explicit.chance_outcomes()) == 71
    explicit.apply_chance(0)
    state = explicit.state
    assert state is not None and not explicit.waits_on_chance()
    while not explicit.waits_on_chance():  # place, then the follower step ends the turn
        assert explicit.state is not None
        player = explicit.state.to_move()[0]
        explicit.apply(player, explicit.state.legal_actions(player)[-1])
    assert explicit.move is not None and len(explicit.chance_outcomes()) == 70
    waiting = explicit.clone()
    explicit.apply_chance(69)
    assert waiting.waits_on_chance() and waiting.drawn == []  # the clone is its own
    for copied in (copy.deepcopy(waiting), pickle.loads(pickle.dumps(waiting))):
        copied.apply_chance(69)
        assert copied.state is not None and explicit.state is not None
        assert copied.state.to_json() == explicit.state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_move_raises_and_changes_nothing(name: str) -> None:
    game = games.get(name)
    explicit = ExplicitState.start(game, 2, None)
    settle(explicit, Chance(1))
    assert explicit.state is not None
    before = explicit.state.to_json()
    player = explicit.state.to_move()[0]
    legal = set(explicit.state.legal_actions(player))
    illegal = next(a for a in range(explicit.state.num_distinct_actions()) if a not in legal)
    with pytest.raises(IllegalAction):
        explicit.apply(player, illegal)
    assert not explicit.waits_on_chance() and explicit.state.to_json() == before
    with pytest.raises(ValueError):
        explicit.apply_chance(0)  # nothing to draw


def test_a_settled_state_takes_no_chance_and_a_waiting_one_no_move() -> None:
    game = games.get("my-city")
    state = game.start(2, None, Chance(3))
    explicit = ExplicitState.settled(state)
    assert not explicit.waits_on_chance() and explicit.chance_outcomes() == []
    waiting = ExplicitState.start(game, 2, None)
    assert waiting.waits_on_chance()
    with pytest.raises(ValueError):
        waiting.apply(0, 0)
    with pytest.raises(ValueError):
        waiting.apply_chance(len(waiting.chance_outcomes()))


@pytest.mark.parametrize("name", GAMES)
def test_merged_outcomes_are_the_draws_that_end_in_one_position(name: str) -> None:
    """Each merged outcome stands for the outcomes that end the move in the same position (each
    taken on a clone), with their share of the draw; an outcome after which the move draws again
    stands alone."""
    game = games.get(name)
    explicit = ExplicitState.start(game, 2, None)
    rng = random.Random(12)
    checked = merged_away = 0
    for _ in range(600):
        if explicit.waits_on_chance():
            every = explicit.chance_outcomes()
            classes: dict[str, list[int]] = {}
            for outcome, _ in every:
                taken = explicit.clone()
                taken.apply_chance(outcome)
                key = str(outcome) if taken.waits_on_chance() else repr(taken.state.to_json())  # type: ignore[union-attr]
                classes.setdefault(key, []).append(outcome)
            expected = sorted((members[0], len(members) / len(every)) for members in classes.values())
            merged = explicit.merged_chance_outcomes()
            assert sorted(merged) == expected
            assert explicit.merged_chance_outcomes() is merged and explicit.clone().merged_chance_outcomes() is merged
            checked += 1
            merged_away += len(every) - len(merged)
            explicit.apply_chance(rng.choice(every)[0])
            continue
        state = explicit.state
        assert state is not None
        if state.is_terminal() or checked >= 12:
            break
        player = state.to_move()[0]
        explicit.apply(player, rng.choice(state.legal_actions(player)))
    assert checked > 0
    if name == "carcassonne":
        assert merged_away > 0  # copies of a tile are one outcome
