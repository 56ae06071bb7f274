"""Antiquity (Splotter): cities, countryside, famine and pollution, saints."""

from townhall.games.antiquity.game import GAME, Antiquity

__all__ = ["GAME", "Antiquity"]
