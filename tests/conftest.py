"""Test-wide set-up: the engine's toy games are registered like real games, and Hypothesis runs
without its per-example wall-clock deadline (CI shares two cores; a deadline there fails on load,
not on the code)."""

from hypothesis import settings

from tests.engine.toys import TOYS
from townhall import games

settings.register_profile("townhall", deadline=None)
settings.load_profile("townhall")

for _toy in TOYS:
    games.register(_toy)
