"""The first schema: tables, seats, the action log and chat."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import required, row_id, table_ref

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "th_tables",
        row_id(),
        *required(sa.String(64), "game", "data_version"),
        *required(sa.Integer, "num_players"),
        *required(sa.JSON, "options", "setup_chance", "settings"),
        *required(sa.Integer, "state_id"),
        *required(sa.String(16), "status"),
        *required(sa.DateTime, "created_at", "updated_at"),
    )
    op.create_table(
        "th_seats",
        table_ref(primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        *required(sa.String(8), "kind"),
        *required(sa.String(200), "spec"),
        sa.Column("name", sa.String(100), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, index=True),
    )
    op.create_table(
        "th_steps",
        table_ref(primary_key=True),
        sa.Column("state_id", sa.Integer, primary_key=True),
        *required(sa.String(8), "kind"),
        *required(sa.Integer, "player"),
        sa.Column("action", sa.JSON, nullable=True),
        *required(sa.JSON, "chance"),
        *required(sa.DateTime, "created_at"),
    )
    op.create_table(
        "th_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        table_ref(index=True),
        *required(sa.Integer, "seat"),
        *required(sa.String(100), "name"),
        *required(sa.Text, "text"),
        *required(sa.DateTime, "created_at"),
    )


def downgrade() -> None:
    for name in ("th_chat", "th_steps", "th_seats", "th_tables"):
        op.drop_table(name)
