"""The learned evaluator: shipped weights load, other rules data are refused in words, values are
win chances, and the search plays with it to the end."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.engine.toys import Pig
from townhall import games
from townhall.agents import check_spec, make_agent
from townhall.agents.learned import LearnedModel, LearnedValue, LearnedValueError, has_weights, load_model
from townhall.agents.random_agent import RandomAgent
from townhall.engine import Chance
from townhall.engine.errors import OptionError
from townhall.engine.match import play_match

pytest.importorskip("numpy", reason="the learned evaluator reads the observer's NumPy buffer")

TRAINED = [name for name in games.shipped() if has_weights(games.get(name))]


def test_carcassonne_ships_weights_for_its_rules_data() -> None:
    game = games.get("carcassonne")
    model = load_model(game, 2)
    assert model.data_version == game.meta.data_version
    assert model.provenance["command"].startswith("python -m townhall.sim.learn carcassonne")
    assert model.provenance["held_out"]["positions"] > 0
    LearnedValue(game).check(2)


@pytest.mark.parametrize("name", TRAINED)
def test_other_rules_data_are_refused_naming_the_game_and_both_versions(name: str) -> None:
    game = games.get(name)
    stale = dataclasses.replace(load_model(game, 2), data_version="0123456789abcdef")
    with pytest.raises(LearnedValueError) as refused:
        LearnedValue(game, stale).check(2)
    message = str(refused.value)
    assert game.meta.title in message and "0123456789abcdef" in message and game.meta.data_version in message


def test_other_layouts_and_player_counts_are_refused() -> None:
    game = games.get("carcassonne")
    model = load_model(game, 2)
    with pytest.raises(LearnedValueError, match="layout"):
        LearnedValue(game, dataclasses.replace(model, observer_version=model.observer_version + 1)).check(2)
    with pytest.raises(LearnedValueError, match="train it again"):
        LearnedValue(game, dataclasses.replace(model, weights=model.weights[:-1])).check(2)
    with pytest.raises(LearnedValueError, match="5 players"):
        LearnedValue(game).check(5)


@pytest.mark.parametrize("name", TRAINED)
def test_values_are_win_chances_on_random_positions(name: str) -> None:
    game = games.get(name)
    value = LearnedValue(game)
    rng = random.Random(7)
    chance = Chance(7)
    state = game.start(2, None, chance)
    seen = 0
    while state.to_move() and seen < 40:
        chances = value(state)
        assert len(chances) == 2 and all(0.0 <= c <= 1.0 for c in chances)
        assert sum(chances) == pytest.approx(1.0)
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)), chance)
        seen += 1
    assert seen > 5


def test_the_evaluator_parameter_is_checked() -> None:
    game = games.get("carcassonne")
    assert check_spec("mcts:evaluator=learned", game)
    with pytest.raises(OptionError, match="heuristic, learned"):
        make_agent("mcts:evaluator=neural", game, 0)


def test_mcts_with_the_learned_evaluator_plays_legal_moves_to_the_end() -> None:
    game = games.get("carcassonne")
    agents = [make_agent("mcts:iterations=4,evaluator=learned", game, 1), RandomAgent(2)]
    match = play_match(game, 2, agents, seed=3)  # an illegal move would raise
    assert match.is_over() and match.record.ranks


def test_a_game_without_weights_refuses_the_learned_evaluator() -> None:
    with pytest.raises(LearnedValueError, match="no learned evaluator"):
        make_agent("mcts:evaluator=learned", Pig(), 0)


def test_greedy_looks_ahead_with_the_learned_evaluation() -> None:
    game = games.get("carcassonne")
    agents = [make_agent("greedy:evaluator=learned", game, 1), RandomAgent(2)]
    assert play_match(game, 2, agents, seed=3).is_over()
    with pytest.raises(OptionError, match="greedy parameter evaluator"):
        make_agent("greedy:evaluator=neural", game, 0)


def test_weights_saved_before_margin_models_load_as_win_chances() -> None:
    game = games.get("carcassonne")
    data = load_model(game, 2).to_json()
    del data["target"], data["spread"]
    assert LearnedModel.from_json(data).target == "win"
    with pytest.raises(LearnedValueError, match="train it again"):
        LearnedValue(game, dataclasses.replace(LearnedModel.from_json(data), target="rank")).check(2)
