"""Campaigns: a game's episodes played as tables one after another, through the engine's
campaign protocol (`Game.campaign`; no game is known here).

Each episode is an ordinary table (play, views, bots, notifications as at any table) whose
settings name the campaign; its human seats are kept for the campaign's players, who took their
seat once at the campaign (its token is their token at every episode). When an episode's table
ends, its last state goes to the campaign, which may then ask the seats decisions (bots answer
at once with the campaign's default); once none is open, the next episode's table starts. The
campaign is stored after each change; a restart goes on from there (`resume`).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import secrets
import threading
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from townhall.engine.campaign import Campaign
from townhall.engine.errors import TownhallError
from townhall.engine.protocol import Game, Json
from townhall.i18n import title_of
from townhall.server.errors import BadRequest, BadToken, CampaignNotFound, NotSeated, SeatTaken, TableExists
from townhall.server.model import HUMAN, Seat
from townhall.server.rematch import CAMPAIGN
from townhall.server.runner import TableRunner
from townhall.server.sql_campaigns import OVER, SqlCampaigns, Stored
from townhall.server.storage import hash_token
from townhall.server.words import _

log = logging.getLogger("townhall.server")


def episode_table_id(campaign_id: str, episode: int) -> str:
    """An episode's table id: every process that starts it reaches the same table (32 hex digits)."""
    return hashlib.sha256(f"townhall-campaign:{campaign_id}:{episode}".encode()).hexdigest()[:32]


class Campaigns:
    def __init__(self, store: SqlCampaigns, runner: TableRunner, lookup: Callable[[str], Game[Any]]) -> None:
        self.store = store
        self.runner = runner
        self._lookup = lookup
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    def _lock(self, campaign_id: str) -> threading.RLock:
        with self._guard:
            return self._locks.setdefault(campaign_id, threading.RLock())

    def _load(self, campaign_id: str) -> tuple[Stored, Campaign]:
        found = self.store.get(campaign_id)
        if found is None:
            raise CampaignNotFound(_("there is no campaign {id}").format(id=campaign_id))
        campaign = self._lookup(found.game).campaign_from_json(found.state)
        if campaign is None:
            raise CampaignNotFound(_("there is no campaign {id}").format(id=campaign_id))
        return found, campaign

    # --- creating and seating -------------------------------------------------------------

    def create(self, game_name: str, players: int, seats: Sequence[str], settings: dict[str, Json]) -> str:
        """A new campaign of `players` seats ("human" or an agent spec, already checked); its
        first episode starts at once (open until its human seats are taken)."""
        game = self._lookup(game_name)
        game.meta.check_players(players)
        campaign = game.campaign(players, secrets.randbits(63))
        if campaign is None:
            title = title_of(type(game).__module__, game.meta.title)
            raise CampaignNotFound(_("{game} has no campaign").format(game=title))
        campaign_id = uuid.uuid4().hex
        places: list[dict[str, Json]] = [
            {"spec": spec, "name": None if spec == HUMAN else spec, "token_hash": None, "account_id": None}
            for spec in seats
        ]
        self.store.add(Stored(campaign_id, game_name, players, campaign.to_json(), places, {**settings}))
        self.advance(campaign_id)
        return campaign_id

    def take_seat(
        self, campaign_id: str, seat: int, name: str, account_id: str | None, account: str | None = None
    ) -> str:
        """A free human seat of the campaign, for all its episodes (`account` the signed-in
        account's name); the token is returned once."""
        token = secrets.token_urlsafe(16)
        digest = hash_token(token)
        with self._lock(campaign_id):
            found, _campaign = self._load(campaign_id)
            if not 0 <= seat < found.num_players:
                raise BadRequest(_("there is no seat {seat} in this campaign").format(seat=seat))
            place = found.seats[seat]
            if place["spec"] != HUMAN or place["token_hash"] is not None:
                raise SeatTaken(_("seat {seat} is taken").format(seat=seat))
            found.seats[seat] = {**place, "name": name, "token_hash": digest, "account_id": account_id}
            if not self.store.save(found):  # another process changed the campaign meanwhile
                raise SeatTaken(_("seat {seat} is taken").format(seat=seat))
            if found.table_id is not None:
                # a seat handed over during an episode is still its old player's there: the new
                # player plays from the next episode
                with contextlib.suppress(SeatTaken):
                    self.runner.seating.seat_kept(found.table_id, seat, name, digest, account_id, account)
        return token

    def hand_over(self, campaign_id: str, seat: int, spec: str, by: int | None) -> None:
        """`seat` goes to a new player from the next episode on (MYC-LEG-11): a free human seat
        anyone may take (`spec` "human"), or a bot (an agent spec). A player hands over their own
        seat, and any player of the campaign a bot's."""
        if by is None:
            raise NotSeated(_("only a player of this campaign may hand a seat over; send the seat's token"))
        with self._lock(campaign_id):
            found, campaign = self._load(campaign_id)
            if found.status == OVER:
                raise BadRequest(_("the campaign is over"))
            if not 0 <= seat < found.num_players:
                raise BadRequest(_("there is no seat {seat} in this campaign").format(seat=seat))
            if seat != by and found.seats[seat]["spec"] == HUMAN:
                raise NotSeated(_("only its own player hands a person's seat over"))
            name = None if spec == HUMAN else spec
            found.seats[seat] = {"spec": spec, "name": name, "token_hash": None, "account_id": None}
            campaign.take_over(seat, spec, name or spec)
            found.state = campaign.to_json()
            if not self.store.save(found):
                raise SeatTaken(_("the campaign changed meanwhile; look again"))

    def seat_of(self, campaign_id: str, token: str | None, account_id: str | None) -> int | None:
        """The seat of a campaign token (BadToken when none), else the signed-in account's first seat."""
        found, _campaign = self._load(campaign_id)
        if token is not None:
            digest = hash_token(token)
            for seat, place in enumerate(found.seats):
                if place["token_hash"] == digest:
                    return seat
            raise BadToken(_("this token belongs to no seat of this campaign"))
        if account_id is not None:
            for seat, place in enumerate(found.seats):
                if place["account_id"] == account_id:
                    return seat
        return None

    # --- reading --------------------------------------------------------------------------

    def view(self, campaign_id: str) -> dict[str, Json]:
        """The campaign as anyone may see it (in the language in force): where it stands, the
        standings with each board's lasting changes, the open decisions, the episode's table."""
        found, campaign = self._load(campaign_id)
        seats = [
            Seat(seat=n, **place, account=found.account_of(place)).to_json() for n, place in enumerate(found.seats)
        ]
        over = found.status == OVER
        return {
            "id": found.id,
            "game": found.game,
            "players": found.num_players,
            "episode": min(campaign.episode(), campaign.episodes()),
            "episodes": campaign.episodes(),
            "stage": campaign.title(),
            "over": over,
            "table": found.table_id,
            "tables": list(found.tables),
            "seats": seats,
            "points": campaign.points_name(),
            "standings": [standing.to_json() for standing in campaign.standings()],
            "decisions": [decision.to_json() for decision in campaign.pending()],
            "winners": campaign.winners() if over else None,
        }

    # --- changing -------------------------------------------------------------------------

    def decide(self, campaign_id: str, seat: int | None, choice: int) -> None:
        """`seat`'s answer to its open decision; the next episode starts once none is left."""
        if seat is None:
            raise NotSeated(_("only a player of this campaign may choose; send the seat's token"))
        with self._lock(campaign_id):
            found, campaign = self._load(campaign_id)
            campaign.decide(seat, choice)
            found.state = campaign.to_json()
            if not self.store.save(found):
                raise SeatTaken(_("the campaign changed meanwhile; look again"))
            self.advance(campaign_id)

    def heard(self, table_id: str, _state_id: int = 0, _private_to: int | None = None) -> None:
        """A runner's change notice: an episode's table that ended moves its campaign on."""
        try:
            campaign_id = self.runner.reading.settings(table_id).get(CAMPAIGN)
            if isinstance(campaign_id, str) and self.runner.reading.ending(table_id) is not None:
                self.advance(campaign_id)
        except Exception:
            log.exception("campaign of table %s failed to move on (it does at the next start)", table_id)

    def resume(self) -> None:
        """At start: every campaign moves on from where it was stored (an episode that ended
        while the server was down, decisions the bots had not answered, seats to take again)."""
        for campaign_id in self.store.playing():
            try:
                self.advance(campaign_id, reseat=True)
            except TownhallError as error:
                log.warning("campaign %s does not resume: %s", campaign_id, error)

    def advance(self, campaign_id: str, reseat: bool = False) -> None:
        """Move the campaign on as far as it goes: the ended episode's results, the bots'
        decisions, the next episode's table. Stored only at the version read (else read again)."""
        with self._lock(campaign_id):
            for _attempt in range(3):
                found, campaign = self._load(campaign_id)
                if found.status == OVER:
                    return
                changed = self._finish_episode(found, campaign)
                changed |= self._bots_decide(found, campaign)
                started = None
                if campaign.finished():
                    found.status, changed = OVER, True
                elif found.table_id is None and not campaign.pending():
                    started = self._start_episode(found, campaign)
                    changed = True
                if not changed:
                    if reseat and found.table_id is not None:
                        self._seat_players(found, found.table_id)
                    return
                found.state = campaign.to_json()
                if self.store.save(found):
                    if started is not None:
                        self._seat_players(found, started)
                    return

    def _finish_episode(self, found: Stored, campaign: Campaign) -> bool:
        if found.table_id is None:
            return False
        ended = self.runner.reading.ending(found.table_id)
        if ended is None:
            return False
        state, outcome = ended
        campaign.finish_episode(state, None if state.is_terminal() else list(outcome.ranks))
        found.table_id = None
        return True

    def _bots_decide(self, found: Stored, campaign: Campaign) -> bool:
        """Bot seats take the campaign's default answer; whether any did."""
        answered = False
        while bots := [d for d in campaign.pending() if found.seats[d.seat]["spec"] != HUMAN]:
            for decision in bots:
                campaign.decide(decision.seat, decision.default)
            answered = True
        return answered

    def _start_episode(self, found: Stored, campaign: Campaign) -> str:
        table_id = episode_table_id(found.id, campaign.episode())
        specs = [str(place["spec"]) for place in found.seats]
        settings = {**found.settings, CAMPAIGN: found.id}
        with contextlib.suppress(TableExists):  # another process started it first
            self.runner.create(found.game, found.num_players, dict(campaign.game_options()), specs, settings, table_id)
        found.table_id = table_id
        found.tables = [*found.tables, table_id]
        return table_id

    def _seat_players(self, found: Stored, table_id: str) -> None:
        for seat, place in enumerate(found.seats):
            digest = place["token_hash"]
            if isinstance(digest, str):
                account = place["account_id"]
                name = str(place["name"] or "player")
                self.runner.seating.seat_kept(
                    table_id,
                    seat,
                    name,
                    digest,
                    account if isinstance(account, str) else None,
                    found.account_of(place),
                )
