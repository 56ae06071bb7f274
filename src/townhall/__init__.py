"""Townhall: medieval city-building board games, played faithfully and fast."""

__version__ = "0.1.0"
