"""Name → Game lookup. Games are imported lazily so that the CLI starts fast."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Any

from townhall.engine.errors import UnknownName
from townhall.engine.protocol import Game
from townhall.engine.words import _


class GameRegistry:
    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._games: dict[str, Game[Any]] = {}

    def register(self, game: Game[Any]) -> None:
        """Add a game object directly (tests use this for their toy games)."""
        self._games[game.meta.name] = game

    def unregister(self, name: str) -> None:
        self._games.pop(name, None)

    def names(self) -> list[str]:
        """Every game: the shipped ones and those registered at run time (tests' toys)."""
        return sorted(set(self.shipped()) | set(self._games))

    def shipped(self) -> list[str]:
        """The games that ship as packages (what "every game" means to tests, benches and builds)."""
        return sorted(name for name, module in self._modules.items() if _module_exists(module))

    def modules(self) -> dict[str, str]:
        """Shipped game name → its package (the compiled build and the import contracts read it)."""
        return {name: self._modules[name] for name in self.shipped()}

    def get(self, name: str) -> Game[Any]:
        if name in self._games:
            return self._games[name]
        module = self._modules.get(name)
        if module is None or not _module_exists(module):
            known = ", ".join(self.names()) or _("none")
            raise UnknownName(_("unknown game {name!r}; known games: {known}").format(name=name, known=known))
        game = getattr(importlib.import_module(module), "GAME", None)
        if not isinstance(game, Game):
            raise UnknownName(
                _("game {name!r} is not usable in this build ({module} defines no GAME)").format(
                    name=name, module=module
                )
            )
        self._games[name] = game
        return game


def _module_exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False
