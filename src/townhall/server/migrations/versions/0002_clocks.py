"""Clocks: each table's clock state (remaining time per seat, since when each mover decides).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("th_tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("th_tables") as batch:
        batch.drop_column("clock")
