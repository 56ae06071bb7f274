"""Deadlines: each table's earliest human deadline (epoch seconds), indexed, so the clock watcher
reads only the tables whose time ran out instead of every table with a clock."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import add_columns, drop_columns

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    add_columns("th_tables", sa.Column("deadline", sa.Float, nullable=True))
    op.create_index("ix_th_tables_deadline", "th_tables", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_th_tables_deadline", table_name="th_tables")
    drop_columns("th_tables", "deadline")
