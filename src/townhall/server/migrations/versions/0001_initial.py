"""The first schema: tables, seats, the action log and chat."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "th_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("data_version", sa.String(64), nullable=False),
        sa.Column("num_players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("setup_chance", sa.JSON, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("state_id", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "th_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("th_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("spec", sa.String(200), nullable=False),
        sa.Column("name", sa.String(100), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, index=True),
    )
    op.create_table(
        "th_steps",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("th_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("state_id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("player", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=True),
        sa.Column("chance", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "th_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("th_tables.id", ondelete="CASCADE"), index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    for name in ("th_chat", "th_steps", "th_seats", "th_tables"):
        op.drop_table(name)
