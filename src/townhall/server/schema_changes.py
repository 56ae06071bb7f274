"""The column changes the migrations (migrations/versions) make: each table's in one batch, since
SQLite alters a table by copying it."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op


def required(**types: Any) -> list[sa.Column[Any]]:
    """Columns that may not be empty, by name and type (in the order given)."""
    return [sa.Column(name, kind, nullable=False) for name, kind in types.items()]


def add_columns(table: str, *columns: sa.Column[Any]) -> None:
    with op.batch_alter_table(table) as batch:
        for column in columns:
            batch.add_column(column)


def drop_columns(table: str, *names: str) -> None:
    with op.batch_alter_table(table) as batch:
        for name in names:
            batch.drop_column(name)
