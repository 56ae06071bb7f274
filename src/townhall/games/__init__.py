"""The registered games. `get("carcassonne")` returns its Game object."""

from __future__ import annotations

from typing import Any

from townhall.engine.protocol import Game
from townhall.engine.registry import GameRegistry

REGISTRY = GameRegistry(
    {
        "carcassonne": "townhall.games.carcassonne",
        "my-city": "townhall.games.my_city",
        "kutna-hora": "townhall.games.kutna_hora",
        "antiquity": "townhall.games.antiquity",
    }
)


def get(name: str) -> Game[Any]:
    return REGISTRY.get(name)


def names() -> list[str]:
    return REGISTRY.names()


def register(game: Game[Any]) -> None:
    REGISTRY.register(game)
