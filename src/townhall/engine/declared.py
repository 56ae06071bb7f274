"""A game's `GameMeta` declared as data: `rules/meta.json` in the game's package holds the facts of
the box (names, player counts, options, what kind of game it is), each with where it comes from;
the game adds its data version and the words of its facts (marked `N_` for its own catalog)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import Field

from townhall.engine.datafile import DataFile, DataModel, load_model
from townhall.engine.options import OptionSpec
from townhall.engine.protocol import GameFacts, GameMeta


class OptionEntry(DataModel):
    name: str
    default: bool | int | str
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    names_file: bool = False
    data_prefixes: tuple[str, ...] = ()
    source: str = Field("", description="the rule clause or decision the option comes from")


class Players(DataModel):
    least: int = Field(ge=1)
    most: int = Field(ge=1)
    daily: int = Field(0, ge=0, description="the daily challenge's player count (0: no daily challenge)")
    source: str = Field(description="the rule clause the counts come from")


class Kind(DataModel):
    simultaneous: bool
    chance: bool
    score: Literal["points", "victory"]
    source: str = Field(description="the rule clauses that make the game so")


class MetaFile(DataFile):
    about: str = Field("", alias="_about")
    name: str
    title: str
    players: Players
    notes: str = ""
    options: tuple[OptionEntry, ...] = ()
    kind: Kind


def declared_meta(
    game_file: str,
    *,
    data_version: str,
    end_reasons: Mapping[str, str],
    hidden: tuple[str, ...] = (),
    tie_breaks: Mapping[str, str] | None = None,
) -> GameMeta:
    """The meta of the game whose module is `game_file` (its package's `rules/meta.json`)."""
    declared = load_model(MetaFile, Path(game_file).resolve().parent / "rules" / "meta.json")
    options = tuple(
        OptionSpec(o.name, o.default, o.help, o.choices, o.minimum, o.maximum, o.names_file, o.data_prefixes)
        for o in declared.options
    )
    kind = declared.kind
    return GameMeta(
        name=declared.name,
        title=declared.title,
        min_players=declared.players.least,
        max_players=declared.players.most,
        daily_players=declared.players.daily,
        options=options,
        data_version=data_version,
        notes=declared.notes,
        facts=GameFacts(hidden, kind.simultaneous, kind.chance, kind.score, end_reasons, tie_breaks or {}),
    )
