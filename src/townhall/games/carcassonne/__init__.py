"""Carcassonne (base game for 2-5 players, the River as an option); decisions in RULINGS.md."""

from townhall.games.carcassonne.game import GAME, Carcassonne

__all__ = ["GAME", "Carcassonne"]
