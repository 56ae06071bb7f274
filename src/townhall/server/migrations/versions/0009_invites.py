"""Invitations by name: a free seat kept for one account (its id and name as shown)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import add_columns, drop_columns

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    add_columns(
        "th_seats",
        sa.Column("invited_id", sa.String(32), nullable=True),
        sa.Column("invited_name", sa.String(40), nullable=True),
    )
    op.create_index("ix_th_seats_invited_id", "th_seats", ["invited_id"])


def downgrade() -> None:
    op.drop_index("ix_th_seats_invited_id", "th_seats")
    drop_columns("th_seats", "invited_id", "invited_name")
