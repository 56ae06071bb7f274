"""Deadlines: each table's earliest human deadline (epoch seconds), indexed, so the clock watcher
reads only the tables whose time ran out instead of every table with a clock.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("th_tables") as batch:
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
        batch.create_index("ix_th_tables_deadline", ["deadline"])


def downgrade() -> None:
    with op.batch_alter_table("th_tables") as batch:
        batch.drop_index("ix_th_tables_deadline")
        batch.drop_column("deadline")
