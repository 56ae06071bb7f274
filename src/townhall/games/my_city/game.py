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
    GameMeta,
    Json,
    Options,
    OptionSpec,
    data_version_of,
)
from townhall.engine.protocol import DataKind, GameFacts
from townhall.games.my_city import board_view, events, setup, views
from townhall.games.my_city import evaluate as heuristic
from townhall.games.my_city.data import DATA_DIR, MAX_PIECES, BoardFile, CampaignFile, PiecesFile, builtin_files
from townhall.games.my_city.observation_model import MyCityObservation
from townhall.games.my_city.scoring import END_REASONS, TIE_BREAKS
from townhall.games.my_city.state import MyCityState
from townhall.i18n import N_

# Bumped when a scoring rule changes outside the data files (records of other rules are refused):
# 2 = gold mines and mine shafts are not empty cells (issue 16, RULINGS.md MYC-EVG-7).
RULES_REVISION = "my-city rules 2"


class MyCity(Game[MyCityState]):
    meta = GameMeta(
        name="my-city",
        title="My City",
        min_players=2,
        max_players=4,
        options=(
            OptionSpec(
                "mode", "evergreen", "evergreen game or one campaign episode", choices=("evergreen", "campaign")
            ),
            OptionSpec("episode", 1, "campaign episode (mode=campaign)", minimum=1, maximum=24),
            OptionSpec(
                "campaign",
                "",
                "campaign state: a campaign file or its JSON ('' = start of the campaign)",
                names_file=True,
                data_prefixes=("{",),
            ),
            OptionSpec(
                "board",
                "",
                "board file ('' = built-in stand-in board; random:SEED = generated)",
                names_file=True,
                data_prefixes=("{", "random:"),
            ),
            OptionSpec(
                "chapters",
                "",
                "campaign chapter modules file ('' = built-in data/campaign.json)",
                names_file=True,
                data_prefixes=("{",),
            ),
        ),
        data_version=data_version_of(builtin_files(), salt=RULES_REVISION),
        notes="Board and piece shapes are stand-ins (see data/*.json); load the printed ones with board=FILE.",
        facts=GameFacts(
            hidden=(N_("the choices of the other players on the revealed card, until everyone has decided"),),
            simultaneous=True,
            chance=True,
            score="points",
            end_reasons=END_REASONS,
            tie_breaks=TIE_BREAKS,
        ),
    )

    observation_model: ClassVar[type[BaseModel] | None] = MyCityObservation

    def new_state(self, num_players: int, options: Options, chance: Chance) -> MyCityState:
        return setup.new_state(MyCityState, num_players, options, chance)

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
