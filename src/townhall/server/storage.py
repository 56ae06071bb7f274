"""The database: tables, seats (token hashes only), the action log, chat, accounts, sessions,
ratings and rated results, with SQLAlchemy 2.

The schema is created and upgraded by the Alembic migrations shipped in `migrations/`, run at
start. SQLite is the embedded default; `postgresql://` URLs use psycopg 3.
"""

from __future__ import annotations

import hashlib
import os
from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x7417_4A11  # the PostgreSQL advisory lock held while migrating
# An installed package keeps its tables in the user's data folder (the XDG base directory).
USER_SQLITE = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "townhall" / "server.db"


def checkout_root(module: Path = Path(__file__)) -> Path | None:
    """The source checkout this package runs from (`<root>/src/townhall`), or None when installed."""
    parents = module.absolute().parents
    if len(parents) > 3 and parents[2].name == "src" and (parents[3] / "pyproject.toml").is_file():
        return parents[3]
    return None


def default_sqlite() -> Path:
    """The default database file: in the checkout's own data folder (git-ignored), so each clone
    has its own tables; an installed package uses the user's data folder."""
    root = checkout_root()
    return root / "data" / "townhall.db" if root is not None else USER_SQLITE


def utc_now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def hash_token(token: str) -> str:
    """What the database keeps of a seat token: its SHA-256 (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table: the game set-up, the chance drawn at set-up, and its state id (only ever grows)."""

    __tablename__ = "th_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    data_version: Mapped[str] = mapped_column(String(64))
    num_players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, object]] = mapped_column(JSON)
    setup_chance: Mapped[list[int]] = mapped_column(JSON)
    settings: Mapped[dict[str, object]] = mapped_column(JSON)  # clock, bot budget...
    clock: Mapped[dict[str, object] | None] = mapped_column(JSON(none_as_null=True), nullable=True)  # see clocks.py
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)  # earliest human deadline
    state_id: Mapped[int] = mapped_column(Integer, default=0)
    public_state_id: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    public_clock: Mapped[dict[str, object] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    movers: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True), nullable=True)  # deciding now
    status: Mapped[str] = mapped_column(String(16), default="open")  # open | running | over
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    updated_at: Mapped[datetime] = mapped_column(default=utc_now)
    chance_seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # a daily challenge's stream


class SeatRow(Base):
    """A seat: a human (free until taken; then a name and a token hash) or a bot with its spec."""

    __tablename__ = "th_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("th_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human | bot
    spec: Mapped[str] = mapped_column(String(200))  # "human" or the agent spec
    name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # The account that holds the seat (any of its signed-in browsers plays it); "-" once deleted.
    account_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    # An invitation by name: only this account may take the free seat (migration 0009).
    invited_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    invited_name: Mapped[str | None] = mapped_column(String(40), nullable=True)


class StepRow(Base):
    """One accepted change, numbered by the state id it made: an action (its stable JSON form and
    the chance it drew), an undo of the player's last step, or a forfeit (the player resigned or
    ran out of time: the game ends there)."""

    __tablename__ = "th_steps"

    table_id: Mapped[str] = mapped_column(ForeignKey("th_tables.id", ondelete="CASCADE"), primary_key=True)
    state_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # action | undo | forfeit | timeout | leave
    player: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, object] | None] = mapped_column(JSON, nullable=True)
    chance: Mapped[list[int]] = mapped_column(JSON)
    private_to: Mapped[int | None] = mapped_column(Integer, nullable=True)  # a private step's seat
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class ChatRow(Base):
    """A chat line, plain text, stored with the table."""

    __tablename__ = "th_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("th_tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(100))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class AccountRow(Base):
    """A registered player: a unique name (compared case-folded) and an argon2 password hash."""

    __tablename__ = "th_accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), unique=True)  # the name case-folded
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    email: Mapped[str | None] = mapped_column(String(254), default=None)  # for turn mails (optional)


class TurnMailRow(Base):
    """A turn mail sent: the seat has been told it decides at the table, until it no longer does
    (the row goes then), so each turn gets one mail however many processes hear of it."""

    __tablename__ = "th_turn_mails"

    table_id: Mapped[str] = mapped_column(ForeignKey("th_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    state_id: Mapped[int] = mapped_column(Integer)  # the table's state when the mail was sent
    sent_at: Mapped[datetime] = mapped_column(default=utc_now)


class CampaignRow(Base):
    """A campaign: its game's campaign in the game's JSON form, its seats (spec, name, token hash,
    account), the episode tables played so far and the one being played; `version` grows with
    every change (a change is stored only at the version it was made from)."""

    __tablename__ = "th_campaigns"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    num_players: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, object]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, object]]] = mapped_column(JSON)
    tables: Mapped[list[str]] = mapped_column(JSON)
    settings: Mapped[dict[str, object]] = mapped_column(JSON)  # the episode tables' (clock, bot budget)
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the episode being played
    status: Mapped[str] = mapped_column(String(16), index=True)  # playing | over
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    updated_at: Mapped[datetime] = mapped_column(default=utc_now)


class SessionRow(Base):
    """A signed-in browser: the SHA-256 of its cookie (the cookie itself is never stored), its
    CSRF token and when it ends."""

    __tablename__ = "th_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("th_accounts.id", ondelete="CASCADE"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    expires_at: Mapped[datetime] = mapped_column()


class RatingRow(Base):
    """An account's rating at one game (openskill's mu and sigma, `rating` the ordinal shown), the
    rated games it played there and won."""

    __tablename__ = "th_ratings"
    __table_args__ = (Index("ix_th_ratings_game_rating", "game", "rating"),)  # the leaderboard

    account_id: Mapped[str] = mapped_column(ForeignKey("th_accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utc_now)


class ResultRow(Base):
    """One seat's result at a finished rated table: its rank and its rating before and after."""

    __tablename__ = "th_results"
    __table_args__ = (Index("ix_th_results_account_id", "account_id", "created_at"),)  # recent results

    table_id: Mapped[str] = mapped_column(ForeignKey("th_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("th_accounts.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(64))
    rank: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    rating_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class DailyRow(Base):
    """A game's daily challenge of one day (UTC): its seed (the cards' order, never shown) and its
    options, drawn by the first request of the day and pinned for everyone."""

    __tablename__ = "th_daily"

    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    day: Mapped[str] = mapped_column(String(10), primary_key=True)  # YYYY-MM-DD
    seed: Mapped[int] = mapped_column(BigInteger)
    num_players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, object]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class DailyAttemptRow(Base):
    """One attempt at a daily challenge: its table, its account (None: a guest's, never ranked; one
    attempt per account and day) and, once over, its score (None: resigned or left)."""

    __tablename__ = "th_daily_attempts"
    __table_args__ = (
        UniqueConstraint("game", "day", "account_id", name="uq_th_daily_attempts_account"),
        Index("ix_th_daily_attempts_board", "game", "day", "score"),  # the day's leaderboard
    )

    # no foreign key: the attempt is claimed (unique per account and day) before its table exists
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    day: Mapped[str] = mapped_column(String(10))
    account_id: Mapped[str | None] = mapped_column(ForeignKey("th_accounts.id", ondelete="CASCADE"), nullable=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    finished_at: Mapped[datetime | None] = mapped_column(nullable=True)


def database_url(url: str | None) -> str:
    """The SQLAlchemy URL: the SQLite default file when none is given, psycopg 3 for PostgreSQL."""
    if not url:
        path = default_sqlite()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def sqlite_path(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database).resolve()


def connect(url: str | None) -> Engine:
    """An engine for the URL with the schema migrated to the newest version."""
    full = database_url(url)
    path = sqlite_path(full)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    # No ping before each use (a round trip per request); connections are recycled hourly instead.
    if full.startswith("postgresql"):  # request threads, bot workers and group-commit writers share it
        engine = create_engine(full, pool_recycle=3600, pool_size=20, max_overflow=20)
    else:
        engine = create_engine(full, pool_recycle=3600)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    migrate(engine)
    return engine


def _sqlite_pragmas(connection: object, _record: object) -> None:
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # an acknowledged action survives kill -9 and power loss
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Run the shipped Alembic migrations up to head (programmatically, no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # processes starting together migrate one at a time
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
