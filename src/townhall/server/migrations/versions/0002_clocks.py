"""Clocks: each table's clock state (remaining time per seat, since when each mover decides)."""

from __future__ import annotations

import sqlalchemy as sa

from townhall.server.schema_changes import add_columns, drop_columns

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    add_columns("th_tables", sa.Column("clock", sa.JSON, nullable=True))


def downgrade() -> None:
    drop_columns("th_tables", "clock")
