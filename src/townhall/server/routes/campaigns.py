"""Campaigns: creating one, its view, taking a seat for all its episodes, answering a decision
between episodes (server/campaigns.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import Field

from townhall import games
from townhall.agents import HUMAN, TableSpec
from townhall.engine.errors import OptionError
from townhall.engine.protocol import Game, Json
from townhall.server import limits
from townhall.server.context import REFUSALS, CallerDep, ServicesDep
from townhall.server.errors import CampaignNotFound
from townhall.server.inputs import MAX_KEY, Key, Line, checked_json
from townhall.server.routes.language import LanguageDep, speaking
from townhall.server.routes.tables import (
    INVITE,
    TABLE_ID,
    SeatNumber,
    TakeSeat,
    _Body,
    seat_spec,
    table_settings,
)
from townhall.server.words import _

router = APIRouter(prefix="/api/campaigns", tags=["campaigns"], responses=REFUSALS)
CampaignId = Annotated[str, Path(max_length=64, pattern=TABLE_ID)]


class NewCampaign(_Body):
    game: Key | None = Field(default=None, description="A game with a campaign (none: the first such game).")
    players: int | None = Field(default=None, ge=1, le=16)
    seats: list[Annotated[Line, Field(max_length=200)]] = Field(
        default_factory=list,
        max_length=16,
        description='"human" or "bot:" and an agent spec or a level, as at a table; missing seats are human',
    )
    clock: Annotated[dict[str, Any], checked_json(MAX_KEY)] | None = None
    bot_seconds: float = Field(default=1.0, gt=0, le=limits.MAX_SECONDS)


class Answer(_Body):
    choice: int = Field(ge=-(2**31), le=2**31, description="The id of one of the seat's open decision's choices.")


def _campaign_game(name: str | None) -> Game[Any]:
    if name is not None:
        return games.get(name)
    for found in games.names():
        if games.get(found).campaign_module is not None:
            return games.get(found)
    raise CampaignNotFound(_("no game here has a campaign"))


@router.post("", status_code=201)
def create_campaign(body: NewCampaign, services: ServicesDep, lang: LanguageDep) -> dict[str, Json]:
    """A campaign: its episodes are tables played one after another with the same seats."""
    with speaking(lang):
        game = _campaign_game(body.game)
        seats = [seat_spec(seat, body.bot_seconds) for seat in body.seats]
        table = TableSpec.resolve(game, body.players, seats, default_seat=HUMAN)
        settings = table_settings(body.bot_seconds, body.clock, False)
        campaign_id = services.campaigns.create(table.game, table.players, list(table.seats), settings)
        return services.campaigns.view(campaign_id)


@router.get("/{campaign_id}")
def campaign_view(campaign_id: CampaignId, services: ServicesDep, who: CallerDep, lang: LanguageDep) -> dict[str, Json]:
    """Where the campaign stands: episode, standings and boards, open decisions, the episode's
    table; `seat` is the caller's seat (a campaign token, or the account's seat), else null."""
    with speaking(lang):
        seat = services.campaigns.seat_of(campaign_id, who.token, who.account_id)
        return {**services.campaigns.view(campaign_id), "seat": seat}


@router.post("/{campaign_id}/seats/{seat}", status_code=201)
def take_campaign_seat(
    campaign_id: CampaignId, seat: SeatNumber, body: TakeSeat, services: ServicesDep, who: CallerDep, lang: LanguageDep
) -> dict[str, Json]:
    """A free human seat for the whole campaign: its token is the seat's at every episode's table."""
    with speaking(lang):
        token = services.campaigns.take_seat(
            campaign_id, seat, body.name.strip() or "player", who.account_id, who.account
        )
        table = services.campaigns.view(campaign_id)["table"]
    return {"token": token, "seat": seat, "campaign": campaign_id, "table": table}


class HandOver(_Body):
    to: Annotated[Line, Field(max_length=200)] = Field(
        description='"human" (a free seat a new player takes) or "bot:" and an agent spec or a level'
    )
    bot_seconds: float = Field(default=1.0, gt=0, le=limits.MAX_SECONDS)


@router.post("/{campaign_id}/seats/{seat}/hand-over")
def hand_over(
    campaign_id: CampaignId, seat: SeatNumber, body: HandOver, services: ServicesDep, who: CallerDep, lang: LanguageDep
) -> dict[str, Json]:
    """A new player takes the seat and everything on it from the next episode on (the episode
    being played keeps its players): a free seat anyone may take, or a bot. A player hands over
    their own seat; any player of the campaign a bot's. The new view."""
    with speaking(lang):
        if body.to.startswith(INVITE):
            raise OptionError(_("a campaign's seat goes to 'human' (anyone may take it) or to a bot"))
        spec = seat_spec(body.to, body.bot_seconds)
        by = services.campaigns.seat_of(campaign_id, who.token, who.account_id)
        services.campaigns.hand_over(campaign_id, seat, spec, by)
        return {**services.campaigns.view(campaign_id), "seat": by}


@router.post("/{campaign_id}/choices")
def choose(
    campaign_id: CampaignId, body: Answer, services: ServicesDep, who: CallerDep, lang: LanguageDep
) -> dict[str, Json]:
    """The seat answers its open decision between episodes; the new view."""
    with speaking(lang):
        seat = services.campaigns.seat_of(campaign_id, who.token, who.account_id)
        services.campaigns.decide(campaign_id, seat, body.choice)
        return {**services.campaigns.view(campaign_id), "seat": seat}
