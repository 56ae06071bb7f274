"""The `townhall` command on the toy games: every command runs, bad input gets a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.engine.toys import Goofspiel, Pig
from townhall import games
from townhall.agents import TableSpec
from townhall.cli.commands import app
from townhall.cli.play import Quit, play_game
from townhall.engine.agent import choose_action
from townhall.engine.errors import MalformedAction, OptionError
from townhall.sim.bench import run_bench
from townhall.sim.tournament import run_tournament

runner = CliRunner(env={"COLUMNS": "220"})


def test_games_lists_every_registered_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import townhall.cli.commands

    monkeypatch.setattr(townhall.cli.commands, "console", Console(width=250))
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "toy-pig" in result.output and "toy-goofspiel" in result.output
    assert "target=1.. (default 20)" in result.output


def test_simulate_summary_as_json() -> None:
    result = runner.invoke(app, ["simulate", "toy-goofspiel", "-n", "40", "--players", "3", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 40 and summary["players"] == 3
    assert len(summary["seats"]) == 3
    # Ties share a win, so the shares add up to one per game.
    assert abs(sum(seat["win_rate"] for seat in summary["seats"]) - 1.0) < 1e-3
    for seat in summary["seats"]:
        low, high = seat["win_rate_95"]
        assert low <= seat["win_rate"] <= high
        assert 0 <= seat["score"]["min"] <= seat["score"]["mean"] <= seat["score"]["max"] <= 15
    assert summary["length"]["min"] == summary["length"]["max"] == 15  # 5 rounds x 3 bids


def test_simulate_is_the_same_with_one_or_two_jobs() -> None:
    args = ["simulate", "toy-pig", "-n", "30", "--seed", "5", "--json"]
    one = json.loads(runner.invoke(app, [*args, "--jobs", "1"]).output)
    two = json.loads(runner.invoke(app, [*args, "--jobs", "2"]).output)
    assert one["seats"] == two["seats"] and one["length"] == two["length"]


def test_simulate_writes_records_that_replay(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    # --out writes one summary row per game; --records puts the full record in each row, for replay.
    args = ["simulate", "toy-pig", "-n", "5", "--out", str(out), "--records", "--option", "target=15"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Win rate" in result.output
    lines = out.read_text().splitlines()
    assert len(lines) == 5 and all(json.loads(line)["options"]["target"] == 15 for line in lines)
    replayed = runner.invoke(app, ["replay", str(out), "--index", "3", "--no-step"])
    assert replayed.exit_code == 0, replayed.output
    assert "Final scores" in replayed.output


def test_bad_input_gets_a_message_not_a_traceback(tmp_path: Path) -> None:
    cases = [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "toy-pig", "--option", "target=lots"], "whole number"),
        (["simulate", "toy-pig", "--players", "7"], "2-4 players, not 7"),
        (["simulate", "toy-pig", "--seats", "random,genius"], "unknown agent 'genius'"),
        (["simulate", "toy-pig", "--seats", "human,random"], "bots only"),
        (["replay", str(tmp_path / "none.json")], "cannot read"),
        (["bench", "toy-pig", "--agent", "oracle"], "unknown agent 'oracle'"),
        (["simulate", "toy-pig", "--board", str(tmp_path / "b.json")], "has no board option"),
        (["play", "toy-pig", "--seats", "human,,random"], "empty agent"),
        (["tournament", "toy-pig", "--agents", "greedy,mcts:depth=deep"], "depth"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output


@pytest.mark.parametrize("spec", ["mcts:iterations=0", "greedy:samples=x", "mcts:depth=deep", "random:x=1"])
def test_a_bad_agent_parameter_reads_the_same_at_every_door(spec: str) -> None:
    """One set-up check (TableSpec) for play, simulate, tournament and the tournament API: the same
    OptionError, shown by the command as one line with exit status 2."""
    with pytest.raises(OptionError) as expected:
        TableSpec.resolve(Pig(), None, ["random", spec])
    with pytest.raises(OptionError) as from_the_api:
        run_tournament(Pig(), ["random", spec], n_games=2)
    assert str(from_the_api.value) == str(expected.value)
    for args in (
        ["play", "toy-pig", "--seats", f"human,{spec}"],
        ["simulate", "toy-pig", "--seats", f"random,{spec}"],
        ["tournament", "toy-pig", "--agents", f"random,{spec}"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.splitlines() == [f"error: {expected.value}"], (args, result.output)


def test_bench_reports_every_figure() -> None:
    figures = run_bench(Pig(), 2, {}, seconds=0.2).to_json()
    assert figures["games"] >= 3
    for key in ("games_per_second", "decisions_per_second", "legal_actions_us", "apply_us", "clone_us"):
        assert figures[key] > 0
    assert figures["peak_memory_mb"] > 0 and figures["machine_reference_mops"] > 0
    result = runner.invoke(app, ["bench", "toy-goofspiel", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["game"] == "toy-goofspiel"


def test_choose_action_by_number_text_or_prefix() -> None:
    texts = ["bid 1", "bid 2", "confirm"]
    assert choose_action(texts, "2") == 1
    assert choose_action(texts, "CONFIRM") == 2
    assert choose_action(texts, "conf") == 2
    with pytest.raises(MalformedAction, match="could be 2 actions"):
        choose_action(texts, "bid")
    with pytest.raises(MalformedAction, match="no action 9"):
        choose_action(texts, "9")
    with pytest.raises(MalformedAction, match="no legal action"):
        choose_action(texts, "fly")


def test_human_play_with_bad_input_undo_and_a_bot() -> None:
    answers = iter(["nonsense", "7", "bid 5", "undo", "bid 4", "confirm"] + ["1", "confirm"] * 4)
    console = Console(record=True, width=100)
    match = play_game(Goofspiel(), 2, ["human", "random"], {"confirm": True}, 8, console, ask=lambda _: next(answers))
    output = console.export_text()
    assert "no legal action reads 'nonsense'" in output
    assert "there is no action 7" in output
    assert "Taken back." in output
    assert "Player 2 (random) has decided." in output
    assert "Player 2 (random): bid" not in output  # a simultaneous choice stays secret
    assert match.is_over() and "Result" in output
    first_bid = match.record.steps[0]
    assert first_bid.action == {"kind": "bid", "card": 4}  # the undone bid of 5 left no trace


def test_human_leaving_ends_the_game_cleanly() -> None:
    answers = iter(["quit"])
    try:
        play_game(Pig(), 2, ["human", "random"], {}, 1, Console(record=True), ask=lambda _: next(answers))
    except Quit as error:
        assert "left" in str(error)
    else:
        raise AssertionError("quit did not end the game")
    result = runner.invoke(app, ["play", "toy-pig", "--seats", "human,random"], input="")
    assert result.exit_code == 2 and "input ended" in result.output


def test_a_games_own_exit_action_is_not_the_tables_quit() -> None:
    from townhall import games

    answers = iter(["exit"])
    match = play_game(
        games.get("my-city"), 2, ["human", "random"], {}, 4, Console(record=True), ask=lambda _: next(answers)
    )
    assert match.is_over()
    human_steps = [step.action for step in match.record.steps if step.player == 0]
    assert human_steps == [{"kind": "exit"}]


def test_tournament_with_parametrised_agents_as_json() -> None:
    args = ["tournament", "toy-pig", "--agents", "mcts:iterations=30,c=1,random", "-n", "4", "--seed", "2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = result.output[result.output.index("{") :]
    data = json.loads(summary)
    agents = {row["label"]: row for row in data["agents"]}
    assert set(agents) == {"mcts:iterations=30,c=1", "random"}
    assert all(row["games"] == 4 for row in agents.values())  # every game seats both agents


def test_terminal_play_and_replay_narrate_events_in_words(tmp_path: Path) -> None:
    """Events carry data only; the terminal shows the game's words for them."""
    console = Console(record=True, width=200)
    match = play_game(games.get("carcassonne"), 2, ["random", "random"], {}, 3, console)
    shown = console.export_text()
    assert "Player 1 draws" in shown and "places" in shown
    record = tmp_path / "game.json"
    match.record.save(record)
    result = runner.invoke(app, ["replay", str(record), "--no-step"])
    assert result.exit_code == 0 and "draws" in result.output
