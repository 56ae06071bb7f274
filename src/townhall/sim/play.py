"""A run's plan and the playing of one batch of its games into summary rows (what workers run)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from townhall import games
from townhall.agents import play_seeded
from townhall.engine.agent import derive_seed
from townhall.engine.options import OptionValue
from townhall.engine.protocol import Json
from townhall.sim.tournament import seating

Row = dict[str, Json]
Kind = Literal["simulate", "tournament"]
STAT_PREFIX = "stat."


@dataclass(frozen=True, slots=True)
class RunPlan:
    """Everything that decides a run's games: game i depends only on the plan and i."""

    kind: Kind
    game: str
    num_players: int
    agents: tuple[str, ...]  # simulate: the spec at each seat; tournament: the competing specs
    options: tuple[tuple[str, OptionValue], ...]
    seed: int
    n_games: int
    keep_records: bool = False

    def seating(self, index: int) -> tuple[int, ...]:
        """The agent index at each seat of game `index`."""
        if self.kind == "tournament":
            return seating(index, len(self.agents), self.num_players)
        return tuple(range(self.num_players))

    def identity(self) -> Row:
        """The fields every row repeats, so that a results file describes itself (and resume can check it)."""
        return {
            "kind": self.kind,
            "game": self.game,
            "options": dict(self.options),
            "run_seed": self.seed,
        }


def play_game(plan: RunPlan, index: int) -> Row:
    game = games.get(plan.game)
    seats = plan.seating(index)
    specs = [plan.agents[a] for a in seats]
    game_seed = derive_seed(plan.seed, "game", index)
    match = play_seeded(game, plan.num_players, specs, game_seed, dict(plan.options))
    row: Row = plan.identity()
    row.update(
        {
            "index": index,
            "seed": game_seed,
            "seats": list(specs),
            "agents": list(seats),
            "scores": [float(s) for s in match.state.scores()],
            "ranks": list(match.state.ranks()),
            "decisions": len(match.record.steps),
        }
    )
    for name, value in sorted(game.statistics(match.state).items()):
        row[STAT_PREFIX + name] = float(value)
    if plan.keep_records:
        row["record"] = match.record.to_json()
    return row


def play_batch(plan: RunPlan, indexes: Sequence[int]) -> list[Row]:
    """Top-level so that worker processes and Ray tasks can run it."""
    return [play_game(plan, index) for index in indexes]
