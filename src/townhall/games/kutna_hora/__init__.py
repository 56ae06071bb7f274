"""Kutná Hora: The City of Silver (CGE, 2023) for 2-4 players. Component values are stand-ins (RULINGS.md)."""

from .game import GAME

__all__ = ["GAME"]
