"""Test-wide set-up: the engine's toy games are registered like real games."""

from tests.engine.toys import TOYS
from townhall import games

for _toy in TOYS:
    games.register(_toy)
