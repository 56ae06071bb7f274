"""Turn mails: an account's optional email address, and the turn mails sent (one per table, seat
and turn)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import add_columns, drop_columns, required, table_ref

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    add_columns("th_accounts", sa.Column("email", sa.String(254), nullable=True))
    op.create_table(
        "th_turn_mails",
        table_ref(primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        *required(sa.Integer, "state_id"),
        *required(sa.DateTime, "sent_at"),
    )


def downgrade() -> None:
    op.drop_table("th_turn_mails")
    drop_columns("th_accounts", "email")
