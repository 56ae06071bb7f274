"""Campaigns: a game's episodes played one table after another, their carried state and seats."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import required, row_id

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.create_table(
        "th_campaigns",
        row_id(),
        *required(sa.String(64), "game"),
        *required(sa.Integer, "num_players"),
        *required(sa.JSON, "state", "seats", "tables", "settings"),
        sa.Column("table_id", sa.String(32), nullable=True),
        *required(sa.String(16), "status", index=True),  # the campaigns still being played are found by it
        *required(sa.Integer, "version"),
        *required(sa.DateTime, "created_at", "updated_at"),
    )


def downgrade() -> None:
    op.drop_table("th_campaigns")
