"""My City (Reiner Knizia): the evergreen game and the legacy campaign's episodes."""

from townhall.games.my_city.game import GAME_FOR_CAMPAIGN, MyCityGame

GAME = GAME_FOR_CAMPAIGN

__all__ = ["GAME", "MyCityGame"]
