"""Gymnasium ids for every registered game: `gymnasium.make("townhall/Carcassonne-v2")` builds
`gym_env("carcassonne")`, keyword arguments passing through. The version is the one in the env's
versioned name (`env_name`), so an id moves with the observer's layout, the game's rules data and
its compact action space. A game with a compact action space also keeps the id of its engine's
ids (`townhall/Carcassonne-v1`: `gym_env("carcassonne", compact=False)`).

Run by `import townhall.rl` (Gymnasium's documented way: `gymnasium.register` when the package
that holds the environments is imported), never by `import townhall`."""

from __future__ import annotations

import gymnasium

from townhall import games
from townhall.rl.core import PublicObserver, compact_space, env_name

NAMESPACE = "townhall"


def env_id(name: str, compact: bool = True) -> str:
    """`townhall/KutnaHora-v2` for the game `kutna-hora` whose env name is `kutna_hora_v2`
    (`compact=False`: the id of the environment over the engine's ids)."""
    game = games.get(name)
    players = game.meta.min_players
    options = game.meta.resolve({})
    observer = game.observer(players, options) or PublicObserver(players)
    version = env_name(game, observer, compact_space(game, players, options, compact)).rsplit("_v", 1)[1]
    title = "".join(word.capitalize() for word in name.split("-"))
    return f"{NAMESPACE}/{title}-v{version}"


def register_envs() -> list[str]:
    """Register an id for every game of the registry, and one for the engine's ids of a game with
    a compact action space (again: a no-op); the ids."""
    ids = []
    for name in games.names():
        for compact in (True, False):
            ident = env_id(name, compact)
            if ident in ids:
                continue  # no compact space: the same environment
            if ident not in gymnasium.registry:
                kwargs = {"game": name} if compact else {"game": name, "compact": False}
                gymnasium.register(id=ident, entry_point="townhall.rl.gym:TownhallGym", kwargs=kwargs)
            ids.append(ident)
    return ids


__all__ = ["NAMESPACE", "env_id", "register_envs"]
