"""Antiquity (Splotter): cities, countryside, famine and pollution, saints."""

from .game import GAME, Antiquity

__all__ = ["GAME", "Antiquity"]
