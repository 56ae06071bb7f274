"""The My City declaration: its GameMeta (options, facts), its data files and variants, and the
`Game` hooks, each delegating to the module whose job it is (setup, events, views, board view,
evaluate, observer)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from townhall.engine import (
    Chance,
    EventKind,
    Game,
    Json,
    Options,
    data_version_of,
)
from townhall.engine.declared import declared_meta
from townhall.engine.errors import OptionError
from townhall.engine.protocol import DataKind
from townhall.games.my_city import board_view, events, setup, views
from townhall.games.my_city import evaluate as heuristic
from townhall.games.my_city.data import DATA_DIR, MAX_PIECES, BoardFile, CampaignFile, PiecesFile, builtin_files
from townhall.games.my_city.observation_model import MyCityObservation
from townhall.games.my_city.scoring import END_REASONS, TIE_BREAKS
from townhall.games.my_city.state import MyCityState
from townhall.games.my_city.words import _
from townhall.i18n import N_

# Bumped when a scoring rule changes outside the data files (records of other rules are refused):
# 2 = gold mines and mine shafts are not empty cells (issue 16, RULINGS.md MYC-EVG-7).
RULES_REVISION = "my-city rules 2"


class MyCity(Game[MyCityState]):
    meta = declared_meta(
        __file__,
        data_version=data_version_of(builtin_files(), salt=RULES_REVISION),
        hidden=(N_("the choices of the other players on the revealed card, until everyone has decided"),),
        end_reasons=END_REASONS,
        tie_breaks=TIE_BREAKS,
    )

    observation_model: ClassVar[type[BaseModel] | None] = MyCityObservation

    def new_state(self, num_players: int, options: Options, chance: Chance) -> MyCityState:
        return setup.new_state(MyCityState, num_players, options, chance)

    def check_setup(self, num_players: int, options: Options) -> None:
        if num_players < self.meta.min_players and options["mode"] != "evergreen":
            raise OptionError(_("a game played alone is the evergreen game, not a campaign episode"))

    def daily_options(self, number: int) -> dict[str, Json]:
        # The day's board is generated from the day's number: every player of the day builds on it.
        return {"mode": "evergreen", "board": f"random:{number}"}

    def state_from_json(self, data: dict[str, Json]) -> MyCityState:
        return setup.state_from_json(MyCityState, data)

    event_kinds: ClassVar[Mapping[str, EventKind]] = events.EVENT_KINDS
    views_module = views
    events_module = events
    board_view_module = board_view
    evaluate_module = heuristic

    def statistics(self, state: MyCityState) -> dict[str, float]:
        return views.statistics(state) if state.over else {}

    def max_decisions(self, num_players: int, options: Options) -> int:
        # Every card asks each active player once; the blockade asks nobody.
        # Campaign decks can hold more cards (4th church, investor): bound by the piece field.
        return (MAX_PIECES + 1) * num_players

    def variants(self) -> list[dict[str, Any]]:
        return [
            {"mode": "campaign", "episode": 1},
            {"mode": "campaign", "episode": 7},
            {"mode": "campaign", "episode": 5},
            {"mode": "campaign", "episode": 13},
            {"mode": "campaign", "episode": 16},
            {"mode": "campaign", "episode": 24},
            {"board": "random:1"},
        ]

    def data_files(self) -> Mapping[str, DataKind]:
        return {
            "board": DataKind(BoardFile, (DATA_DIR / "board-evergreen.json", DATA_DIR / "board-legacy.json")),
            "pieces": DataKind(PiecesFile, (DATA_DIR / "pieces.json",)),
            "campaign": DataKind(CampaignFile, (DATA_DIR / "campaign.json",)),
        }

    def observer(self, num_players: int, options: Any) -> Any:
        from townhall.games.my_city.observer import MyCityObserver  # for townhall.rl

        return MyCityObserver(num_players, options)

    def compact_actions(self, num_players: int, options: Any) -> Any:
        from townhall.games.my_city.compact import MyCityCompact  # for townhall.rl

        return MyCityCompact()


GAME = MyCity()
