"""Turn mails: an account's optional email address, and the turn mails sent (one per table, seat
and turn)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import add_columns, drop_columns

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    add_columns("th_accounts", sa.Column("email", sa.String(254), nullable=True))
    op.create_table(
        "th_turn_mails",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("th_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("state_id", sa.Integer, nullable=False),
        sa.Column("sent_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("th_turn_mails")
    drop_columns("th_accounts", "email")
