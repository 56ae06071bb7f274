"""Private steps: a step of a secret plan is seen by its seat alone (`th_steps.private_to`), and the
lobby shows each table's public state id (the steps everyone may see); the others see the clock as
of the last public step (`public_clock`)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import add_columns, drop_columns, required

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    add_columns("th_steps", sa.Column("private_to", sa.Integer, nullable=True))
    add_columns(
        "th_tables",
        *required(sa.Integer, "public_state_id", server_default="0"),
        sa.Column("public_clock", sa.JSON, nullable=True),
    )
    op.execute("UPDATE th_tables SET public_state_id = state_id, public_clock = clock")  # none was private


def downgrade() -> None:
    drop_columns("th_tables", "public_clock", "public_state_id")
    drop_columns("th_steps", "private_to")
