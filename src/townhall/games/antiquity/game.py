"""The Antiquity Game object: options, setup, JSON, rendering, bounds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from townhall.engine import Chance, Game, GameMeta, Json, Options, OptionSpec, State, data_version_of
from townhall.engine.protocol import DataKind

from . import evaluate as evaluation
from . import render as rendering
from .board import Board
from .data import DATA_DIR, DATA_FILE, AntiquityFile
from .hexmap import TOPOLOGIES, lay_tiles
from .player import Player
from .rules import MAX_ITEMS, MAX_OFFERS, MAX_PLAN_STEPS
from .state import AntiquityState

# Decisions one player can make in one round, phase by phase (a true bound, see max_decisions).
PER_ROUND = (MAX_PLAN_STEPS + 20) + MAX_OFFERS * (MAX_ITEMS + 3) + 1 + 200 + 160 + 60 + 2 + 160 + 12 + 160


class Antiquity(Game):
    meta = GameMeta(
        name="antiquity",
        title="Antiquity",
        min_players=2,
        max_players=4,
        options=(
            OptionSpec("beginner", False, "beginner variant: no famine, no pollution (ANT-VAR-1)"),
            OptionSpec("max_rounds", 30, "the game ends after this round if nobody won", minimum=1, maximum=500),
        ),
        data_version=data_version_of(DATA_DIR.glob("*.json")),
        notes="At the round limit nobody wins; players rank by survival, workers, clean zone hexes.",
    )
    # The evaluate judges a leaf better than random decisions after it do: at 300 iterations
    # depth 0 beat depth auto 64/100 and random 99/100 (docs/bots-report.md).
    agent_parameters: ClassVar[Mapping[str, Mapping[str, str]]] = {"mcts": {"depth": "0"}}

    def new_state(self, num_players: int, options: Options, chance: Chance) -> AntiquityState:
        terrain, marks, drawn = lay_tiles(TOPOLOGIES[num_players], chance)
        board = Board(num_players, terrain)
        state = AntiquityState(num_players, bool(options["beginner"]), int(options["max_rounds"]), board, terrain)
        state.token = marks
        state.tiles = drawn
        state.setup(chance)
        return state

    def state_from_json(self, data: dict[str, Json]) -> AntiquityState:
        n = int(data["num_players"])
        terrain = list(data["terrain"])
        state = AntiquityState(n, bool(data["beginner"]), int(data["max_rounds"]), Board(n, terrain), terrain)
        state.tiles = [list(t) for t in data["tiles"]]
        state.polluted = [bool(x) for x in data["polluted"]]
        state.token = [bool(x) for x in data["token"]]
        for name in ("good", "gprod", "occ", "pool", "revealed", "range_product", "order", "todo_poll", "todo_grave",
                     "winners", "qualified", "kept", "done", "offer", "offers", "give", "ask", "harvest"):  # fmt: skip
            setattr(state, name, list(data[name]))
        for name in ("unseen_removed", "fishermen", "famine", "round", "phase", "turn", "cathedrals_built"):
            setattr(state, name, int(data[name]))
        state.producers = [
            None if pr is None else (pr[0], pr[1], pr[2], tuple(pr[3]), tuple(pr[4])) for pr in data["producers"]
        ]
        state.players = [Player.from_json(p) for p in data["players"]]
        state.snaps = [None if s is None else Player.from_json(s) for s in data["snaps"]]
        return state

    def render(self, state: State, viewer: int | None) -> str:
        assert isinstance(state, AntiquityState)
        return rendering.render(state, viewer)

    def max_decisions(self, num_players: int, options: Options) -> int:
        return num_players + int(options["max_rounds"]) * num_players * PER_ROUND

    def data_files(self) -> Mapping[str, DataKind]:
        return {"antiquity": DataKind(AntiquityFile, (DATA_FILE,))}

    def variants(self) -> list[dict[str, Any]]:
        return [{"beginner": True}]

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, AntiquityState)
        return evaluation.evaluate(state, player)


GAME = Antiquity()
