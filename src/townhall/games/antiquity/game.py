"""The Antiquity declaration: meta, facts, options, bounds; the hooks delegate to the role modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from townhall.engine import Chance, Game, Json, Options, data_version_of
from townhall.engine.declared import declared_meta
from townhall.engine.protocol import DataKind, EventKind
from townhall.games.antiquity import board_view as board_views
from townhall.games.antiquity import evaluate as evaluation
from townhall.games.antiquity import events, setup, victory, views
from townhall.games.antiquity.components import MAX_ITEMS, MAX_OFFERS, MAX_PLAN_STEPS
from townhall.games.antiquity.data import DATA_DIR, DATA_FILE, AntiquityFile
from townhall.games.antiquity.observation_model import AntiquityObservation
from townhall.games.antiquity.state import AntiquityState
from townhall.i18n import N_

# The version of the rules code, salted into data_version: records of older rules are refused.
RULES_VERSION = "rules-2"

# Decisions one player can make in one round, phase by phase (a true bound, see max_decisions).
PER_ROUND = (MAX_PLAN_STEPS + 20) + MAX_OFFERS * (MAX_ITEMS + 3) + 1 + 200 + 160 + 60 + 2 + 160 + 12 + 160


class Antiquity(Game[AntiquityState]):
    meta = declared_meta(
        __file__,
        # rules-2: alchemy cleans only around a hex of the zone of control (ANT-PH4-12, RULINGS.md)
        data_version=data_version_of(DATA_DIR.glob("*.json"), salt=RULES_VERSION),
        hidden=(
            N_("the city plans of the other players until every plan is done (phase 2)"),
            N_("the goods under the exploration tokens"),
        ),
        end_reasons=victory.END_REASONS,
        tie_breaks=victory.TIE_BREAKS,
    )
    # The evaluate judges a leaf better than random decisions after it do: at 300 iterations
    # depth 0 beat depth auto 64/100 and random 99/100 (docs/bots-report.md).
    agent_parameters: ClassVar[Mapping[str, Mapping[str, str]]] = {"mcts": {"depth": "0"}}
    event_kinds: ClassVar[Mapping[str, EventKind]] = events.EVENT_KINDS
    observation_model: ClassVar[type[BaseModel] | None] = AntiquityObservation
    views_module = views
    events_module = events
    board_view_module = board_views
    evaluate_module = evaluation

    def new_state(self, num_players: int, options: Options, chance: Chance) -> AntiquityState:
        return setup.new_state(AntiquityState, num_players, options, chance)

    def state_from_json(self, data: dict[str, Json]) -> AntiquityState:
        return AntiquityState.from_json(data)

    def max_decisions(self, num_players: int, options: Options) -> int:
        return num_players + int(options["max_rounds"]) * num_players * PER_ROUND

    def data_files(self) -> Mapping[str, DataKind]:
        return {"antiquity": DataKind(AntiquityFile, (DATA_FILE,))}

    def variants(self) -> list[dict[str, Any]]:
        return [{"beginner": True}]

    def observer(self, num_players: int, options: Any) -> Any:
        from townhall.games.antiquity.observer import AntiquityObserver  # for townhall.rl

        return AntiquityObserver(num_players, options)


GAME = Antiquity()
