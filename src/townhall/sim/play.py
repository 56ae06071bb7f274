"""A run's plan and the playing of one batch of its games into summary rows (what workers run)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from townhall import games
from townhall.agents import TableSpec, make_agent
from townhall.engine.agent import derive_seed
from townhall.engine.match import Match, play_match
from townhall.engine.options import Options, OptionValue
from townhall.engine.protocol import Game, Json
from townhall.sim.seating import seating

Row = dict[str, Json]
Kind = Literal["simulate", "tournament"]
STAT_PREFIX = "stat."


def play_seeded(
    game: Game[Any],
    num_players: int,
    seat_specs: Sequence[str],
    game_seed: int,
    options: Options | None = None,
) -> Match:
    """One game between agents given by spec, the seat-s agent seeded from (game_seed, "seat", s):
    the single place where simulations and tournaments turn a seed into a game."""
    agents = [make_agent(spec, game, derive_seed(game_seed, "seat", seat)) for seat, spec in enumerate(seat_specs)]
    return play_match(game, num_players, agents, options=options, seed=game_seed)


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

    @classmethod
    def of(cls, table: TableSpec, seed: int, n_games: int, keep_records: bool = False) -> RunPlan:
        """The plan of `n_games` games at a checked table: a tournament when its agents take the seats in
        turn, else a simulation with the same agent at each seat every game."""
        kind: Kind = "tournament" if table.rotating else "simulate"
        options = tuple(sorted(table.options.items()))
        return cls(kind, table.game, table.players, table.seats, options, seed, n_games, keep_records)

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
