"""My City (Reiner Knizia): the evergreen game and the legacy campaign's episodes (rulings: RULINGS.md)."""

from . import campaign
from .game import GAME, MyCity

# The campaign module plays this game's matches (it imports the game), so the package ties the two.
MyCity.campaign_module = campaign.CAMPAIGNS

__all__ = ["GAME"]
