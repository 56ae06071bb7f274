"""Clocks: each table's clock state (remaining time per seat, since when each mover decides)."""

from __future__ import annotations

import sqlalchemy as sa

from townhall.server.schema_changes import one_column_added

revision = "0002"
down_revision = "0001"

upgrade, downgrade = one_column_added("th_tables", "clock", sa.JSON)
