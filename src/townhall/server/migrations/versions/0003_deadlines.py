"""Deadlines: each table's earliest human deadline (epoch seconds), indexed, so the clock watcher
reads only the tables whose time ran out instead of every table with a clock."""

from __future__ import annotations

import sqlalchemy as sa

from townhall.server.schema_changes import add_columns, add_indexes, drop_columns, drop_indexes

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    add_columns("th_tables", sa.Column("deadline", sa.Float, nullable=True))
    add_indexes("th_tables", "deadline")


def downgrade() -> None:
    drop_indexes("th_tables", "deadline")
    drop_columns("th_tables", "deadline")
