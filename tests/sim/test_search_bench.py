"""The search benchmark behind `townhall bench GAME --agent mcts`."""

from __future__ import annotations

import json

import pytest

from tests.engine.toys import Goofspiel, Pig
from townhall.engine.errors import OptionError
from townhall.sim.search_bench import measure, sample_positions


def test_measure_reports_iterations_per_second_and_its_setup() -> None:
    figures = measure(Pig(), 2, None, seconds=0.4, positions=2)
    assert json.loads(json.dumps(figures)) == figures
    assert figures["game"] == "toy-pig" and figures["players"] == 2 and figures["agent"] == "mcts"
    assert figures["iterations"] > 50
    assert figures["iterations_per_second"] == pytest.approx(figures["iterations"] / figures["seconds"], rel=0.01)
    assert len(figures["positions"]) == 2
    assert all(row["legal_actions"] > 1 for row in figures["positions"])
    fixed = measure(Goofspiel(), 3, {"confirm": True}, seconds=5.0, agent="mcts:iterations=25", positions=3)
    assert fixed["iterations"] == 75  # the spec's own budget wins over the time slice


def test_positions_are_spread_and_reproducible() -> None:
    first = sample_positions(Pig(), 2, None, seed=3, count=4)
    again = sample_positions(Pig(), 2, None, seed=3, count=4)
    assert [d for d, _, _ in first] == [d for d, _, _ in again]
    assert len(first) == 4 and [d for d, _, _ in first] == sorted({d for d, _, _ in first})


def test_measure_refuses_other_agents_and_bad_settings() -> None:
    with pytest.raises(OptionError, match="mcts"):
        measure(Pig(), 2, None, seconds=0.1, agent="greedy")
    with pytest.raises(OptionError, match="seconds"):
        measure(Pig(), 2, None, seconds=0)
