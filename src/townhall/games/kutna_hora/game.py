"""The Kutná Hora game declared: meta data, facts, options and variants; each hook hands over to the
module of its role (rulings: RULINGS.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from townhall.engine.chance import Chance
from townhall.engine.declared import declared_meta
from townhall.engine.options import Options, OptionValue
from townhall.engine.protocol import (
    DataKind,
    EventKind,
    Game,
    data_version_of,
)
from townhall.games.kutna_hora import board_view, evaluate, events, setup, views
from townhall.games.kutna_hora.data import DATA_DIR, FILES, MODELS
from townhall.games.kutna_hora.events import EVENT_KINDS
from townhall.games.kutna_hora.observation_model import KutnaHoraObservation
from townhall.games.kutna_hora.state import KutnaHoraState
from townhall.i18n import N_


class KutnaHora(Game[KutnaHoraState]):
    meta = declared_meta(
        __file__,
        data_version=data_version_of([DATA_DIR / name for name in FILES]),
        hidden=(
            N_("the building tiles below the top of each town-hall stack"),
            N_("the order of the mine-tile deck"),
            N_("the face-down event cards"),
        ),
        end_reasons={"rounds": N_("the last round was played")},
        tie_breaks={"money": N_("most groschen")},  # KH-FIN-6
    )

    event_kinds: ClassVar[Mapping[str, EventKind]] = EVENT_KINDS
    observation_model = KutnaHoraObservation
    views_module = views
    events_module = events
    board_view_module = board_view
    evaluate_module = evaluate

    def check_setup(self, num_players: int, options: Options) -> None:
        setup.check_options(num_players, bool(options["events"]))

    def new_state(self, num_players: int, options: Options, chance: Chance) -> KutnaHoraState:
        return KutnaHoraState.new(num_players, bool(options["events"]), bool(options["first_game"]), chance)

    def state_from_json(self, data: dict[str, Any]) -> KutnaHoraState:
        return KutnaHoraState.from_json(data)

    def max_decisions(self, num_players: int, options: Options) -> int:
        return setup.max_decisions(num_players)

    def variants(self) -> list[dict[str, OptionValue]]:
        return [{"events": False}, {"first_game": True}]

    def data_files(self) -> Mapping[str, DataKind]:
        return {kind: DataKind(model, (DATA_DIR / f"{kind}.json",)) for kind, model in MODELS.items()}

    def observer(self, num_players: int, options: Options) -> Any:
        from townhall.games.kutna_hora.observer import KutnaHoraObserver  # for townhall.rl

        return KutnaHoraObserver(num_players, options)


GAME = KutnaHora()
