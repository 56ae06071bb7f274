"""Movers: the seats deciding now at each table (`th_tables.movers`, a JSON list, written with
every step), so that "the tables waiting for this seat's move" is one read of the tables' rows
(`TableStore.waiting_for`). Tables stored before hold null until their next step."""

from __future__ import annotations

import sqlalchemy as sa

from townhall.server.schema_changes import one_column_added

revision = "0005"
down_revision = "0004"

upgrade, downgrade = one_column_added("th_tables", "movers", sa.JSON)
