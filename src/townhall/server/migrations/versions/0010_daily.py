"""The daily challenge: each game's challenge of the day (its seed and options, pinned), the
attempts (one per account and day; guests' too, never ranked) and the seeded chance stream of a
table (`th_tables.chance_seed`)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import account_ref, add_columns, drop_columns, required

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    add_columns("th_tables", sa.Column("chance_seed", sa.BigInteger, nullable=True))
    op.create_table(
        "th_daily",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        *required(sa.BigInteger, "seed"),
        *required(sa.Integer, "num_players"),
        *required(sa.JSON, "options"),
        *required(sa.DateTime, "created_at"),
    )
    op.create_table(
        "th_daily_attempts",
        sa.Column("table_id", sa.String(32), primary_key=True),  # claimed before its table exists
        *required(sa.String(64), "game"),
        *required(sa.String(10), "day"),
        account_ref(nullable=True),
        *required(sa.Boolean, "over"),
        *required(sa.DateTime, "created_at"),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("finished_at", sa.DateTime, nullable=True),
        sa.UniqueConstraint("game", "day", "account_id", name="uq_th_daily_attempts_account"),
    )
    op.create_index("ix_th_daily_attempts_board", "th_daily_attempts", ["game", "day", "score"])


def downgrade() -> None:
    op.drop_index("ix_th_daily_attempts_board", "th_daily_attempts")
    op.drop_table("th_daily_attempts")
    op.drop_table("th_daily")
    drop_columns("th_tables", "chance_seed")
