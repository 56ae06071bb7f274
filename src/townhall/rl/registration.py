"""Gymnasium ids for every registered game: `gymnasium.make("townhall/Carcassonne-v1")` builds
`gym_env("carcassonne")`, keyword arguments passing through. The version is the one in the env's
versioned name (`env_name`), so an id moves with the observer's layout and the game's rules data.

Run by `import townhall.rl` (Gymnasium's documented way: `gymnasium.register` when the package
that holds the environments is imported), never by `import townhall`."""

from __future__ import annotations

import gymnasium

from townhall import games
from townhall.rl.core import PublicObserver, env_name

NAMESPACE = "townhall"


def env_id(name: str) -> str:
    """`townhall/KutnaHora-v2` for the game `kutna-hora` whose env name is `kutna_hora_v2`."""
    game = games.get(name)
    players = game.meta.min_players
    observer = game.observer(players, game.meta.resolve({})) or PublicObserver(players)
    version = env_name(game, observer).rsplit("_v", 1)[1]
    title = "".join(word.capitalize() for word in name.split("-"))
    return f"{NAMESPACE}/{title}-v{version}"


def register_envs() -> list[str]:
    """Register an id for every game of the registry (again: a no-op); the ids."""
    ids = []
    for name in games.names():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(id=ident, entry_point="townhall.rl.gym:TownhallGym", kwargs={"game": name})
        ids.append(ident)
    return ids


__all__ = ["NAMESPACE", "env_id", "register_envs"]
