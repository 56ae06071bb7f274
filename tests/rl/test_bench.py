"""`townhall bench GAME --env`: the AEC environment against the raw engine in one run."""

from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("pettingzoo")

from typer.testing import CliRunner

from townhall.cli import app


def test_bench_env_prints_both_sides_and_their_ratio() -> None:
    result = CliRunner().invoke(app, ["bench", "kutna-hora", "--env", "--json", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["env"] == "kutna_hora_v2"
    assert figures["raw_us_per_decision"] > 0 and figures["env_us_per_decision"] > 0
    # The observer, watcher and mask helper are compiled with the engine (setup.py): no mixed build.
    assert figures["build"] == os.environ.get("TOWNHALL_EXPECT_BUILD", figures["build"])
    assert figures["build"] in ("compiled", "pure")
    for prefix in ("env", "buffers", "masked_agent"):
        assert figures[f"{prefix}_us_per_decision"] > 0
    assert figures["overhead_ratio"] == pytest.approx(
        figures["env_us_per_decision"] / figures["raw_us_per_decision"], rel=0.05
    )
    assert figures["masked_agent_overhead_ratio_without_pick"] < figures["masked_agent_overhead_ratio"]


def test_the_agent_gets_the_mask_ones_as_legal_ids() -> None:
    """The bench's agent samples from info["legal_actions"]: the mask's ones, in the order the
    state's legal_actions gives them (so that both sides of the bench play the same games): in
    Carcassonne's compact ids, each the id of the engine's action at the same place of the list
    (but for placements outside the observation's window, whose ids come after, rare)."""
    from townhall.rl import aec_env

    env = aec_env("carcassonne", legal_ids=True)
    env.reset(seed=3)
    for _agent in env.agent_iter(60):
        observation, _reward, terminated, _truncated, info = env.last()
        if terminated:
            env.step(None)
            continue
        legal = info["legal_actions"]
        state = env.table.state
        space = env.table.actions
        assert space is not None
        engine = state.legal_actions(state.to_move()[0])
        assert list(legal) == space.encode_all(state, engine) == [space.encode(state, a) for a in engine]
        assert sorted(legal) == [int(i) for i in observation["action_mask"].nonzero()[0]]
        env.step(legal[-1])
