"""The game-agnostic engine: protocol, chance, match runner, records, errors."""

from townhall.engine.chance import Chance, ScriptedChance
from townhall.engine.codec import ActionSpace
from townhall.engine.errors import IllegalAction, OptionError, RecordError, TownhallError, UnknownName
from townhall.engine.options import Options, OptionSpec, OptionValue
from townhall.engine.protocol import (
    Event,
    Game,
    GameMeta,
    Json,
    State,
    data_version_of,
    ranks_from_keys,
    score_margin,
)

__all__ = [
    "ActionSpace",
    "Chance",
    "Event",
    "Game",
    "GameMeta",
    "IllegalAction",
    "Json",
    "OptionError",
    "OptionSpec",
    "OptionValue",
    "Options",
    "RecordError",
    "ScriptedChance",
    "State",
    "TownhallError",
    "UnknownName",
    "data_version_of",
    "ranks_from_keys",
    "score_margin",
]
