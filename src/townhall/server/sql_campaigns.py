"""Campaigns in SQLite or PostgreSQL (schema in storage.py, migration 0011). A change is stored
only at the version it was read at, so two processes advancing one campaign store one change."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from townhall.engine.protocol import Json
from townhall.server.storage import AccountRow, CampaignRow, utc_now

PLAYING, OVER = "playing", "over"


@dataclass(slots=True)
class Stored:
    """A campaign as stored: the game's campaign JSON, the seats, the episode tables."""

    id: str
    game: str
    num_players: int
    state: dict[str, Json]
    seats: list[dict[str, Json]]
    settings: dict[str, Json] = field(default_factory=dict)
    tables: list[str] = field(default_factory=list)
    table_id: str | None = None
    status: str = PLAYING
    version: int = 0
    # the names of the accounts holding seats, by id: read with the campaign (none once deleted), never stored
    accounts: dict[str, str] = field(default_factory=dict)

    def account_of(self, place: dict[str, Json]) -> str | None:
        """The name of the account holding a seat, if any."""
        held = place["account_id"]
        return self.accounts.get(held) if isinstance(held, str) else None


class SqlCampaigns:
    def __init__(self, engine: Engine, writing: Callable[[], contextlib.AbstractContextManager[object]]) -> None:
        self._engine = engine
        self._writing = writing

    def add(self, found: Stored) -> None:
        now = utc_now()
        with self._writing(), Session(self._engine) as session, session.begin():
            session.add(
                CampaignRow(
                    id=found.id, game=found.game, num_players=found.num_players, created_at=now, **_changing(found, now)
                )
            )

    def get(self, campaign_id: str) -> Stored | None:
        with Session(self._engine) as session:
            row = session.get(CampaignRow, campaign_id)
            if row is None:
                return None
            held = {seat["account_id"] for seat in row.seats if seat["account_id"] is not None}
            names = (
                session.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(held))) if held else ()
            )
            return Stored(
                id=row.id,
                game=row.game,
                num_players=row.num_players,
                state=dict(row.state),
                seats=[dict(seat) for seat in row.seats],
                tables=list(row.tables),
                settings=dict(row.settings),
                table_id=row.table_id,
                status=row.status,
                version=row.version,
                accounts={account.id: account.name for account in names},
            )

    def save(self, found: Stored) -> bool:
        """Store `found` if the campaign is still at its version (then its version moves on)."""
        with self._writing(), Session(self._engine) as session, session.begin():
            changed = session.execute(
                update(CampaignRow)
                .where(CampaignRow.id == found.id, CampaignRow.version == found.version)
                .values(**{**_changing(found, utc_now()), "version": found.version + 1})
            )
        if changed.rowcount != 1:  # type: ignore[attr-defined]
            return False
        found.version += 1
        return True

    def playing(self) -> list[str]:
        """The campaigns not over (resumed at start)."""
        with Session(self._engine) as session:
            return list(session.scalars(select(CampaignRow.id).where(CampaignRow.status == PLAYING)))


def _changing(found: Stored, now: datetime) -> dict[str, Any]:
    """The columns a change may move (all but the id, game and players)."""
    return {
        "state": found.state,
        "seats": found.seats,
        "tables": found.tables,
        "settings": found.settings,
        "table_id": found.table_id,
        "status": found.status,
        "version": found.version,
        "updated_at": now,
    }
