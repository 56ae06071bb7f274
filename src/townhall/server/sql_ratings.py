"""Ratings in SQLite or PostgreSQL (schema in storage.py, migration 0007).

`record` runs inside the transaction that stores a rated table's end (writer.py), right after the
conditional update of the table's row succeeded: only the transaction that really ends the table
moves the ratings, once, and a refused end (stale state) rolls nothing in. The accounts' rating
rows are locked in a fixed order (PostgreSQL; SQLite has one writer), so two tables ending at once
with a player in common each see the other's result.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Engine, Table, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from townhall.engine.protocol import Json
from townhall.server.model import Ending, Seat
from townhall.server.ratings import START, Skill, rate, rated_end
from townhall.server.storage import AccountRow, RatingRow, ResultRow, SeatRow

RATINGS = cast(Table, RatingRow.__table__)
RESULTS = cast(Table, ResultRow.__table__)
SEATS = cast(Table, SeatRow.__table__)
RECENT = 20  # the results a profile lists (the newest)
LEADERS = 50  # the accounts a leaderboard lists by default


def record(connection: Connection, table_id: str, ending: Ending, now: datetime) -> None:
    """If the table is rated (its seats read here, in the caller's transaction, after the table's
    end was stored), move its accounts' ratings and store each seat's result."""
    seats = [
        Seat(seat=row.seat, spec=row.spec, name=row.name, account_id=row.account_id)
        for row in connection.execute(select(SEATS).where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat))
    ]
    rated = rated_end(table_id, ending, seats)
    if rated is None:
        return
    accounts = sorted({p.account_id for p in rated.placings})
    fresh = [
        {
            "account_id": a,
            "game": rated.game,
            "mu": START.mu,
            "sigma": START.sigma,
            "rating": START.shown,
            "games": 0,
            "wins": 0,
            "updated_at": now,
        }
        for a in accounts
    ]
    dialect_insert: Any = pg_insert if connection.dialect.name == "postgresql" else sqlite_insert
    connection.execute(dialect_insert(RATINGS).values(fresh).on_conflict_do_nothing())
    query = (
        select(RATINGS.c.account_id, RATINGS.c.mu, RATINGS.c.sigma)
        .where(RATINGS.c.game == rated.game, RATINGS.c.account_id.in_(accounts))
        .order_by(RATINGS.c.account_id)
    )
    if connection.dialect.name == "postgresql":
        query = query.with_for_update()
    before = {row.account_id: Skill(row.mu, row.sigma) for row in connection.execute(query)}
    after = rate(rated.placings, before)
    for placing in rated.placings:
        skill = after[placing.account_id]
        connection.execute(
            update(RATINGS)
            .where(RATINGS.c.account_id == placing.account_id, RATINGS.c.game == rated.game)
            .values(
                mu=skill.mu,
                sigma=skill.sigma,
                rating=skill.shown,
                games=RATINGS.c.games + 1,
                wins=RATINGS.c.wins + int(placing.won),
                updated_at=now,
            )
        )
    connection.execute(
        insert(RESULTS),
        [
            {
                "table_id": rated.table_id,
                "seat": p.seat,
                "account_id": p.account_id,
                "game": rated.game,
                "rank": p.rank,
                "players": len(rated.placings),
                "rating_before": before[p.account_id].shown,
                "rating_after": after[p.account_id].shown,
                "created_at": now,
            }
            for p in rated.placings
        ],
    )


class SqlRatings:
    """What players read of the ratings: an account's, a player's profile, a game's leaderboard,
    a table's rating changes."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def ratings_of(self, account_id: str) -> dict[str, Json]:
        """`{game: {"rating", "mu", "sigma", "games", "wins"}}` of an account's rated games."""
        with self._engine.connect() as connection:
            rows = connection.execute(select(RATINGS).where(RATINGS.c.account_id == account_id)).all()
        return {
            row.game: {
                "rating": row.rating,
                "mu": round(row.mu, 3),
                "sigma": round(row.sigma, 3),
                "games": row.games,
                "wins": row.wins,
            }
            for row in sorted(rows, key=lambda r: str(r.game))
        }

    def profile(self, name_key: str) -> dict[str, Json] | None:
        """A player's page: name, ratings per game and the newest rated results (None: no such account)."""
        with self._engine.connect() as connection:
            account = connection.execute(
                select(AccountRow.id, AccountRow.name).where(AccountRow.name_key == name_key)
            ).first()
            if account is None:
                return None
            recent = connection.execute(
                select(RESULTS)
                .where(RESULTS.c.account_id == account.id)
                .order_by(RESULTS.c.created_at.desc(), RESULTS.c.table_id)
                .limit(RECENT)
            ).all()
        results: list[Json] = [
            {
                "game": r.game,
                "table": r.table_id,
                "rank": r.rank,
                "players": r.players,
                "rating_change": round(r.rating_after - r.rating_before, 2),
                "date": r.created_at.isoformat(),
            }
            for r in recent
        ]
        return {"name": account.name, "ratings": self.ratings_of(account.id), "recent": results}

    def leaderboard(self, game: str, limit: int = LEADERS) -> list[Json]:
        """The game's best rated accounts, best first."""
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(AccountRow.name, RATINGS.c.rating, RATINGS.c.games, RATINGS.c.wins)
                .join(AccountRow, AccountRow.id == RATINGS.c.account_id)
                .where(RATINGS.c.game == game)
                .order_by(RATINGS.c.rating.desc(), RATINGS.c.games.desc(), AccountRow.name_key)
                .limit(limit)
            ).all()
        return [
            {"rank": n + 1, "name": r.name, "rating": r.rating, "games": r.games, "wins": r.wins}
            for n, r in enumerate(rows)
        ]


def changes_of(connection: Connection, table_id: str) -> dict[int, float]:
    """A rated table's rating change per seat ({} for an unrated or unfinished table)."""
    rows = connection.execute(
        select(RESULTS.c.seat, RESULTS.c.rating_before, RESULTS.c.rating_after).where(RESULTS.c.table_id == table_id)
    ).all()
    return {row.seat: round(row.rating_after - row.rating_before, 2) for row in rows}
