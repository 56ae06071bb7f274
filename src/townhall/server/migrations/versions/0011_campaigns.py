"""Campaigns: a game's episodes played one table after another, their carried state and seats."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import required

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.create_table(
        "th_campaigns",
        sa.Column("id", sa.String(32), primary_key=True),
        *required(game=sa.String(64), num_players=sa.Integer, state=sa.JSON, seats=sa.JSON, tables=sa.JSON),
        *required(settings=sa.JSON),
        sa.Column("table_id", sa.String(32), nullable=True),
        *required(status=sa.String(16), version=sa.Integer, created_at=sa.DateTime, updated_at=sa.DateTime),
    )
    op.create_index("ix_th_campaigns_status", "th_campaigns", ["status"])


def downgrade() -> None:
    op.drop_index("ix_th_campaigns_status", "th_campaigns")
    op.drop_table("th_campaigns")
