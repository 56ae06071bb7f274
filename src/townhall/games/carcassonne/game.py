"""The Carcassonne declaration: metadata, options and facts; each hook hands over to its role module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from townhall.engine.chance import Chance
from townhall.engine.declared import declared_meta
from townhall.engine.options import Options, OptionValue
from townhall.engine.protocol import DataKind, EventKind, Game, Json, data_version_of
from townhall.games.carcassonne import board_view as board
from townhall.games.carcassonne import evaluate as heuristic
from townhall.games.carcassonne import events, setup, views
from townhall.games.carcassonne.data import DATA_FILES, RULES_FILE, TILES_FILE, RulesFile, TilesFile
from townhall.games.carcassonne.observation_model import CarcassonneObservation
from townhall.games.carcassonne.state import CarcassonneState, from_json, new_state
from townhall.i18n import N_


class Carcassonne(Game[CarcassonneState]):
    meta = declared_meta(
        __file__,
        data_version=data_version_of(DATA_FILES),
        end_reasons={"tiles-out": N_("the last tile was placed (or none left fits), then the final scoring")},
    )
    event_kinds: ClassVar[Mapping[str, EventKind]] = events.EVENT_KINDS
    observation_model: ClassVar[type[BaseModel] | None] = CarcassonneObservation
    views_module = views
    events_module = events
    evaluate_module = heuristic
    # The expected-score evaluate judges a leaf better than random tile draws do: at 1 s a move
    # mcts with depth 0 beat greedy 87.5% of 20 games, with random rollouts 65% of 60. A tile is
    # judged with its best follower choice (steps=2): greedy 63.5% of 200 against greedy without,
    # mcts 61.9% of 80 at equal time (docs/bots-report.md, "Whole turns").
    agent_parameters: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "mcts": {"depth": "0", "steps": "2"},
        "greedy": {"steps": "2"},
    }

    def data_files(self) -> Mapping[str, DataKind]:
        return {"tiles": DataKind(TilesFile, (TILES_FILE,)), "rules": DataKind(RulesFile, (RULES_FILE,))}

    def new_state(self, num_players: int, options: Options, chance: Chance) -> CarcassonneState:
        return new_state(
            num_players, bool(options["river"]), bool(options["small_city"]), str(options["farm_scoring"]), chance
        )

    def state_from_json(self, data: dict[str, Any]) -> CarcassonneState:
        return from_json(data)

    def board_view(self, state: CarcassonneState, viewer: int | None) -> dict[str, Json]:
        return board.board_view(state, viewer)

    def action_target(self, state: CarcassonneState, player: int, action: int) -> dict[str, Json] | None:
        return board.action_target(state, action)

    def actions_at(self, state: CarcassonneState, player: int, area: str, cell: str) -> list[int]:
        return board.actions_at(state, area, cell)

    def max_decisions(self, num_players: int, options: Options) -> int:
        return setup.max_decisions(bool(options.get("river")))

    def variants(self) -> list[dict[str, OptionValue]]:
        return [{"river": True}, {"farm_scoring": "third-edition", "small_city": False}]

    def observer(self, num_players: int, options: Options) -> Any:
        from townhall.games.carcassonne.observer import CarcassonneObserver  # for townhall.rl

        return CarcassonneObserver(num_players, options)

    def compact_actions(self, num_players: int, options: Options) -> Any:
        from townhall.games.carcassonne.compact import CarcassonneCompact  # for townhall.rl

        return CarcassonneCompact()


GAME = Carcassonne()
