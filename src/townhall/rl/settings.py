"""The keywords every environment takes (`aec_env`, `parallel_env`, `gym_env`), declared once:
their names and types for callers in `EnvKeywords` (the constructors' `**keywords`, so mypy
checks a call), their defaults and checks in `EnvSettings`, which the constructors make from them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, SupportsIndex, TypedDict

from townhall.engine.options import Options
from townhall.engine.protocol import Game
from townhall.rl.core import Table
from townhall.rl.render import check_render_mode
from townhall.rl.spaces import check_observation


class EnvKeywords(TypedDict, total=False):
    """The keywords shared by every environment; defaults and meanings in `EnvSettings`."""

    render_mode: str | None
    reward: str
    legal_ids: bool
    observation: str
    compact: bool
    mask_dtype: str


@dataclass(frozen=True)
class EnvSettings:
    """How an environment plays its game, besides the game, players and options: the render mode
    (None, "ansi", "rgb_array", "human"), the reward ("rank" or "margin"), whether infos hold the
    legal ids, the observation ("dict" or "flat"), the game's compact action space or the engine's
    ids, and the mask's dtype ("bool" or "int8"). A value outside these is an OptionError: the
    observation and render mode when made, the reward and mask dtype when the table is made."""

    render_mode: str | None = None
    reward: str = "rank"
    legal_ids: bool = False
    observation: str = "dict"
    compact: bool = True
    mask_dtype: str = "bool"

    def __post_init__(self) -> None:
        check_observation(self.observation)
        check_render_mode(self.render_mode)

    @property
    def flat(self) -> bool:
        """Whether observations are the flat array (the mask apart) rather than the Dict."""
        return self.observation == "flat"

    def table(self, game: Game[Any] | str, players: SupportsIndex, options: Options | None, copy: bool = True) -> Table:
        """The game's table as these settings ask (it checks the players, options, reward and mask dtype)."""
        return Table(game, players, options, self.reward, copy, self.compact, self.mask_dtype)


__all__ = ["EnvKeywords", "EnvSettings"]
