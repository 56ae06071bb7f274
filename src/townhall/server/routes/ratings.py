"""Ratings: a player's profile (ratings per game, games, wins, recent rated results) and a game's
leaderboard. Only finished rated tables show here: nothing a game hides."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from townhall import games
from townhall.engine.protocol import Json
from townhall.server.accounts import MAX_NAME, name_key
from townhall.server.context import REFUSALS, ServicesDep
from townhall.server.errors import PlayerNotFound
from townhall.server.routes.language import LanguageDep, speaking
from townhall.server.sql_ratings import LEADERS
from townhall.server.words import _

router = APIRouter(prefix="/api", tags=["ratings"], responses=REFUSALS)


@router.get("/players/{name}")
def profile(
    name: Annotated[str, Path(min_length=1, max_length=MAX_NAME, pattern=r"^[^\x00-\x1f]*$")],
    services: ServicesDep,
    lang: LanguageDep,
) -> dict[str, Json]:
    """`{"name", "ratings": {game: {"rating", "mu", "sigma", "games", "wins"}}, "recent": [{"game",
    "table", "rank", "players", "rating_change", "date"}]}`; 404 for a name no account holds."""
    found = services.ratings.profile(name_key(name))
    if found is None:
        with speaking(lang):
            raise PlayerNotFound(_("there is no player named {name!r}").format(name=name))
    return found


@router.get("/games/{game}/leaderboard")
def leaderboard(
    game: Annotated[str, Path(max_length=64)],
    services: ServicesDep,
    lang: LanguageDep,
    limit: Annotated[int, Query(ge=1, le=200)] = LEADERS,
) -> dict[str, Json]:
    """`{"game", "players": [{"rank", "name", "rating", "games", "wins"}]}`, best rating first."""
    with speaking(lang):
        known = games.get(game).meta.name  # 404 for an unknown game
    return {"game": known, "players": services.ratings.leaderboard(known, limit)}
