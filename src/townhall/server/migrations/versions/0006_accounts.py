"""Accounts: registered players (a unique name, an argon2 password hash), their signed-in browsers
(sessions: the cookie's hash and its CSRF token), and the account that holds a seat."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import (
    account_ref,
    add_columns,
    add_indexes,
    drop_columns,
    drop_indexes,
    required,
    row_id,
)

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "th_accounts",
        row_id(),
        *required(sa.String(40), "name"),
        *required(sa.String(160), "name_key", unique=True),
        *required(sa.String(200), "password_hash"),
        *required(sa.DateTime, "created_at"),
    )
    op.create_table(
        "th_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        account_ref(nullable=False, index=True),
        *required(sa.String(64), "csrf"),
        *required(sa.DateTime, "created_at", "expires_at"),
    )
    add_columns("th_seats", sa.Column("account_id", sa.String(32), nullable=True))
    add_indexes("th_seats", "account_id")


def downgrade() -> None:
    drop_indexes("th_seats", "account_id")
    drop_columns("th_seats", "account_id")
    op.drop_table("th_sessions")
    op.drop_table("th_accounts")
