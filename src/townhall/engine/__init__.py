"""The game-agnostic engine: protocol, chance, match runner, records, errors."""

from townhall.engine.chance import Chance, ScriptedChance
from townhall.engine.codec import ActionSpace
from townhall.engine.errors import (
    DataError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    OptionError,
    RecordError,
    StaleState,
    TownhallError,
    UnknownName,
)
from townhall.engine.options import Options, OptionSpec, OptionValue
from townhall.engine.protocol import (
    Event,
    EventKind,
    Game,
    GameFacts,
    GameMeta,
    Json,
    Outcome,
    State,
    data_version_of,
    ranks_from_keys,
    score_margin,
)

__all__ = [
    "ActionSpace",
    "Chance",
    "DataError",
    "Event",
    "EventKind",
    "Game",
    "GameFacts",
    "GameMeta",
    "GameOver",
    "IllegalAction",
    "Json",
    "MalformedAction",
    "NotYourTurn",
    "OptionError",
    "OptionSpec",
    "OptionValue",
    "Options",
    "Outcome",
    "RecordError",
    "ScriptedChance",
    "StaleState",
    "State",
    "TownhallError",
    "UnknownName",
    "data_version_of",
    "ranks_from_keys",
    "score_margin",
]
