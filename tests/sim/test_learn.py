"""Training a learned evaluator end to end on a few self-play games: weights written with their
provenance, held-out figures measured, and a search that plays with them."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from townhall import games
from townhall.agents.learned import LearnedModel, LearnedValue
from townhall.agents.mcts import MctsAgent
from townhall.agents.random_agent import RandomAgent
from townhall.engine import Chance
from townhall.engine.match import play_match
from townhall.sim.learn import main, train

pytest.importorskip("numpy", reason="training reads the observer's NumPy buffer")


def test_a_tiny_training_run_gives_a_model_that_plays(tmp_path: Path) -> None:
    out = tmp_path / "my-city.json"
    assert main(["my-city", "--games", "4", "--seed", "3", "--held-out", "0.25", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    model = LearnedModel.from_json(data)
    game = games.get("my-city")
    assert model.data_version == game.meta.data_version and model.num_players == 2
    held = model.provenance["held_out"]
    assert model.provenance["seed"] == 3 and model.provenance["held_out_games"] == 1
    assert held["positions"] > 0 and 0.0 <= held["brier"] <= 1.0 and 0.0 <= held["winner_accuracy"] <= 1.0
    assert "--seed 3" in model.provenance["command"] and "--out" not in model.provenance["command"]
    value = LearnedValue(game, model)
    agents = [MctsAgent(1, iterations=8, depth=0, value=value), RandomAgent(2)]
    assert play_match(game, 2, agents, seed=5).is_over()


def test_the_same_seed_trains_the_same_weights() -> None:
    first = train("my-city", n_games=2, seed=9, held_out=0.5)
    second = train("my-city", n_games=2, seed=9, held_out=0.5, jobs=2)
    assert first.weights == second.weights and first.bias == second.bias


def test_bad_arguments_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["my-city", "--games", "0"]) == 2
    assert main(["no-such-game", "--games", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("error: ") for line in err)


def test_a_margin_model_predicts_points_and_plays() -> None:
    model = train("my-city", n_games=4, seed=3, held_out=0.25, target="margin")
    assert model.target == "margin" and model.provenance["target"] == "margin" and model.spread >= 1.0
    held = model.provenance["held_out"]
    assert held["positions"] > 0 and held["mean_absolute_error"] >= 0.0 and -1.0 <= held["correlation"] <= 1.0
    game = games.get("my-city")
    value = LearnedValue(game, model)
    state = game.start(2, None, Chance(4))
    rewards = value(state)
    assert all(0.0 < r < 1.0 for r in rewards)
    # The reward is the squashed margin the evaluation gives, seat by seat.
    for seat, reward in enumerate(rewards):
        assert reward == pytest.approx(0.5 + 0.5 * math.tanh(value.evaluate(state, seat) / model.spread))
    agents = [MctsAgent(1, iterations=8, depth=0, value=value), RandomAgent(2)]
    assert play_match(game, 2, agents, seed=5).is_over()


def test_an_unknown_target_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["my-city", "--games", "2", "--target", "rank"])
    assert "--target" in capsys.readouterr().err
