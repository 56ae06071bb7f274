"""The registered games: the one list of games. `get("carcassonne")` returns its Game object;
code and tests that mean "every game" read `shipped()` (or `names()`, with run-time additions)."""

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


def shipped() -> list[str]:
    return REGISTRY.shipped()


def register(game: Game[Any]) -> None:
    REGISTRY.register(game)
