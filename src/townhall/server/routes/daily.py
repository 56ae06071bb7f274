"""The daily challenge (see server/daily.py): today's challenge of a game, a solo table with the
day's seed (one attempt per account and day; guests play unranked), the day's leaderboard."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from townhall import games
from townhall.engine.protocol import Game, Json
from townhall.server import daily
from townhall.server.context import REFUSALS, ServicesDep, SignedInDep
from townhall.server.daily import Challenge
from townhall.server.errors import DailyPlayed
from townhall.server.inputs import Line
from townhall.server.routes.language import LanguageDep, speaking
from townhall.server.sql_daily import LEADERS
from townhall.server.words import _

router = APIRouter(prefix="/api/daily", tags=["daily"], responses=REFUSALS)
GameName = Annotated[str, Path(max_length=64)]
DAY = r"^\d{4}-\d{2}-\d{2}$"


class StartDaily(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Line | None = Field(default=None, min_length=1, max_length=100, description="A guest's name at the table.")


def _game(name: str) -> Game[Any]:
    game = games.get(name)  # 404 for an unknown game
    daily.check_daily(game)  # 404 for a game without a daily challenge
    return game


def _today(services: ServicesDep, game: Game[Any]) -> Challenge:
    day = daily.today()
    found = services.daily.challenge(game.meta.name, day, lambda: daily.draw(game, day))
    assert found is not None  # stored or drawn just now
    return found


@router.get("/{game}")
def today(game: GameName, services: ServicesDep, signed: SignedInDep, lang: LanguageDep) -> dict[str, Json]:
    """`{"game", "date", "players", "options", "played", "finished", "mine"}`: today's challenge (UTC),
    its options (public: the cards' order stays in the server), how many attempts were started and
    finished, and the signed-in asker's attempt (`{"table", "over", "score"}`, else null)."""
    with speaking(lang):
        found = _game(game)
        challenge = _today(services, found)
    account = signed.account_id if signed is not None else None
    counts = services.daily.summary(challenge.game, challenge.day, account)
    return {
        "game": challenge.game,
        "date": challenge.day,
        "players": challenge.num_players,
        "options": dict(challenge.options),
        **counts,
    }


@router.post("/{game}", status_code=201)
def start(
    game: GameName, services: ServicesDep, signed: SignedInDep, lang: LanguageDep, body: StartDaily | None = None
) -> dict[str, Json]:
    """`{"id", "seat", "token", "date"}`: a table of today's challenge with the caller at seat 0.
    Signed in, it is the account's one attempt of the day (409 for a second); a guest's attempt
    is never on the leaderboard."""
    with speaking(lang):
        found = _game(game)
        challenge = _today(services, found)
        account = signed.account_id if signed is not None else None
        table_id = uuid.uuid4().hex
        if not services.daily.claim(challenge, table_id, account):
            raise DailyPlayed(_("you have played today's challenge already; a new one comes tomorrow"))
        settings: dict[str, Json] = {
            "clock": {"kind": "none"},
            "training": False,
            "rated": False,
            "daily": challenge.day,
        }
        try:
            services.runner.create(
                challenge.game,
                challenge.num_players,
                dict(challenge.options),
                daily.seats_of(challenge),
                settings,
                table_id=table_id,
                chance_seed=challenge.seed,
            )
        except Exception:
            services.daily.release(table_id)
            raise
        name = signed.name if signed is not None else ((body.name if body else None) or "").strip() or _("player")
        token = services.runner.seating.take_seat(table_id, 0, name, account, signed.name if signed else None)
    return {"id": table_id, "seat": 0, "token": token, "date": challenge.day}


@router.get("/{game}/leaderboard")
def leaderboard(
    game: GameName,
    services: ServicesDep,
    lang: LanguageDep,
    date: Annotated[str | None, Query(pattern=DAY)] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = LEADERS,
) -> dict[str, Json]:
    """`{"game", "date", "players": [{"rank", "name", "score"}]}`: the day's finished attempts of
    accounts (today when no date is given), best score first; ties share a rank."""
    with speaking(lang):
        found = _game(game)
        day = daily.parse_day(date) if date else daily.today()
    name = found.meta.name
    return {"game": name, "date": day, "players": services.daily.leaderboard(name, day, limit)}
