"""Tournaments: seat rotation, results independent of the number of jobs, Elo, statistics."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.engine.toys import Pig
from townhall.cli.commands import app
from townhall.sim.seating import seat_cycle, seating
from townhall.sim.tournament import GameResult, fit_elo, render_table, run_tournament, summarize


@pytest.mark.parametrize(("agents", "players"), [(2, 2), (3, 2), (2, 3), (3, 3), (4, 3), (1, 2)])
def test_every_agent_plays_every_seat_equally(agents: int, players: int) -> None:
    cycle = seat_cycle(agents, players)
    counts: Counter[tuple[int, int]] = Counter()
    pairs: Counter[frozenset[int]] = Counter()
    for index in range(2 * cycle):
        seats = seating(index, agents, players)
        assert len(seats) == players
        if agents >= players:
            assert len(set(seats)) == players, "an agent sat twice although there are enough agents"
        counts.update((agent, seat) for seat, agent in enumerate(seats))
        pairs.update(frozenset(p) for p in itertools.combinations(seats, 2) if p[0] != p[1])
    assert set(counts) == {(a, s) for a in range(agents) for s in range(players)}
    assert len(set(counts.values())) == 1, counts
    if agents > 1:
        assert len(set(pairs.values())) == 1, pairs


def test_results_do_not_depend_on_jobs_and_are_reproducible() -> None:
    specs = ["mcts:iterations=40", "greedy", "random"]
    seen: list[tuple[int, int]] = []
    one = run_tournament(Pig(), specs, 12, 2, seed=4, jobs=1, progress=lambda done, total: seen.append((done, total)))
    two = run_tournament(Pig(), specs, 12, 2, seed=4, jobs=2)
    again = run_tournament(Pig(), specs, 12, 2, seed=4, jobs=1)
    assert seen == [(i, 12) for i in range(1, 13)]

    def comparable(summary_json: dict[str, object]) -> str:
        summary_json.pop("seconds")
        return json.dumps(summary_json, sort_keys=True)

    assert comparable(one.to_json()) == comparable(two.to_json()) == comparable(again.to_json())
    assert one.balanced and one.n_games == 12
    assert [a.games for a in one.agents] == [8, 8, 8]
    assert Counter((r.seats[0], r.seats[1]) for r in one.games) == {p: 2 for p in itertools.permutations(range(3), 2)}
    by_label = {a.label: a for a in one.agents}
    assert by_label["random"].elo == pytest.approx(1000.0)
    assert by_label["mcts:iterations=40"].elo > by_label["random"].elo
    assert by_label["mcts:iterations=40"].win_share > 0.5
    for agent in one.agents:
        assert agent.win_low <= agent.win_share <= agent.win_high
    other_seed = run_tournament(Pig(), specs, 12, 2, seed=5, jobs=1)
    assert [r.scores for r in other_seed.games] != [r.scores for r in one.games]
    text = Console(width=140, record=True)
    text.print(render_table(one))
    assert "mcts:iterations=40" in text.export_text()


def test_summary_statistics_ties_and_margins() -> None:
    results = [
        GameResult(0, 1, (0, 1), (10.0, 4.0), (1, 2), 5),
        GameResult(1, 2, (1, 0), (7.0, 7.0), (1, 1), 5),
        GameResult(2, 3, (0, 1), (3.0, 9.0), (2, 1), 5),
    ]
    summary = summarize("toy", ["alpha", "beta"], 2, 0, {}, results)
    alpha, beta = summary.agents
    assert alpha.games == beta.games == 3
    assert alpha.wins == pytest.approx(1.5) and beta.wins == pytest.approx(1.5)
    assert alpha.mean_margin == pytest.approx((6 + 0 - 6) / 3)
    assert alpha.mean_score == pytest.approx(20 / 3)
    assert beta.mean_score == pytest.approx(20 / 3)
    assert alpha.elo == pytest.approx(1000.0) and beta.elo == pytest.approx(1000.0)
    assert not summary.balanced  # alpha sat first twice, beta once
    assert json.loads(json.dumps(summary.to_json()))["agents"][0]["label"] == "alpha"


def test_elo_orders_agents_and_stays_finite() -> None:
    # a beats b 8 of 10, b beats c 8 of 10, a beats c 10 of 10; c is "random".
    wins = [[0.0, 8.0, 10.0], [2.0, 0.0, 8.0], [0.0, 2.0, 0.0]]
    games = [[0.0, 10.0, 10.0], [10.0, 0.0, 10.0], [10.0, 10.0, 0.0]]
    a, b, c = fit_elo(wins, games, anchor=2)
    assert c == pytest.approx(1000.0)
    assert a > b > c
    assert 150 < b - c < 350  # 80% is about 240 Elo points
    x, y = fit_elo([[0.0, 20.0], [0.0, 0.0]], [[0.0, 20.0], [20.0, 0.0]])
    assert x > y and (x + y) / 2 == pytest.approx(1000.0)
    assert x - y < 1500
    assert fit_elo([[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]) == [1000.0, 1000.0]


def test_more_agents_than_seats_and_duplicates() -> None:
    summary = run_tournament(Pig(), ["random", "random", "greedy"], 6, 2, seed=1)
    assert [a.label for a in summary.agents] == ["random", "random#2", "greedy"]
    assert summary.agents[0].elo == pytest.approx(1000.0)
    assert all(a.games == 4 for a in summary.agents)
    three = run_tournament(Pig(), ["greedy", "random"], 4, 3, seed=1)
    assert sum(a.games for a in three.agents) == 12 and three.balanced


def test_the_api_and_the_command_play_the_same_games(tmp_path: Path) -> None:
    """run_tournament and `townhall tournament` share the run pipeline: the same seed gives the same
    games (seats, seeds, scores, ranks) and the same per-agent results."""
    specs = ["greedy", "random", "mcts:iterations=20"]
    summary = run_tournament(Pig(), specs, 9, 2, seed=7, options={"target": 15}, jobs=2)
    out = tmp_path / "games.jsonl"
    args = ["tournament", "toy-pig", "--agents", ",".join(specs), "-n", "9", "-s", "7", "-o", "target=15"]
    shown = CliRunner().invoke(app, [*args, "--out", str(out), "--json"])
    assert shown.exit_code == 0, shown.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [GameResult.from_row(row) for row in rows] == list(summary.games)
    assert [row["seats"] for row in rows] == [[specs[a] for a in result.seats] for result in summary.games]
    from_command = json.loads(shown.output)
    expected = summary.to_json(with_games=False)
    from_command.pop("seconds"), expected.pop("seconds")
    assert from_command == expected
