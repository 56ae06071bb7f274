"""Invitations by name: a free seat kept for one account (its id and name as shown)."""

from __future__ import annotations

import sqlalchemy as sa

from townhall.server.schema_changes import add_columns, add_indexes, drop_columns, drop_indexes

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    add_columns(
        "th_seats",
        sa.Column("invited_id", sa.String(32), nullable=True),
        sa.Column("invited_name", sa.String(40), nullable=True),
    )
    add_indexes("th_seats", "invited_id")


def downgrade() -> None:
    drop_indexes("th_seats", "invited_id")
    drop_columns("th_seats", "invited_id", "invited_name")
