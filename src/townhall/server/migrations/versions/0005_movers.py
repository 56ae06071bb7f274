"""Movers: the seats deciding now at each table (`th_tables.movers`, a JSON list, written with
every step), so that "the tables waiting for this seat's move" is one read of the tables' rows
(`TableStore.waiting_for`). Tables stored before hold null until their next step."""

from __future__ import annotations

import sqlalchemy as sa

from townhall.server.schema_changes import add_columns, drop_columns

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    add_columns("th_tables", sa.Column("movers", sa.JSON, nullable=True))


def downgrade() -> None:
    drop_columns("th_tables", "movers")
