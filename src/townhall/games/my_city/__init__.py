"""My City (Reiner Knizia): the evergreen game and the legacy campaign's episodes (rulings: RULINGS.md)."""

from .game import GAME

__all__ = ["GAME"]
