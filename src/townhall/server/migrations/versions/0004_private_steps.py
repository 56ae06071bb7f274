"""Private steps: a step of a secret plan is seen by its seat alone (`th_steps.private_to`), and the
lobby shows each table's public state id (the steps everyone may see); the others see the clock as
of the last public step (`public_clock`).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("th_steps") as batch:
        batch.add_column(sa.Column("private_to", sa.Integer, nullable=True))
    with op.batch_alter_table("th_tables") as batch:
        batch.add_column(sa.Column("public_state_id", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("public_clock", sa.JSON, nullable=True))
    op.execute("UPDATE th_tables SET public_state_id = state_id, public_clock = clock")  # none was private


def downgrade() -> None:
    with op.batch_alter_table("th_tables") as batch:
        batch.drop_column("public_clock")
        batch.drop_column("public_state_id")
    with op.batch_alter_table("th_steps") as batch:
        batch.drop_column("private_to")
