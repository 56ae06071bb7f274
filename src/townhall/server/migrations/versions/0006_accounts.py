"""Accounts: registered players (a unique name, an argon2 password hash), their signed-in browsers
(sessions: the cookie's hash and its CSRF token), and the account that holds a seat."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import add_columns, drop_columns

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "th_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "th_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id", sa.String(32), sa.ForeignKey("th_accounts.id", ondelete="CASCADE"), nullable=False, index=True
        ),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
    )
    add_columns("th_seats", sa.Column("account_id", sa.String(32), nullable=True))
    op.create_index("ix_th_seats_account_id", "th_seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_th_seats_account_id", "th_seats")
    drop_columns("th_seats", "account_id")
    op.drop_table("th_sessions")
    op.drop_table("th_accounts")
