"""What the migrations (migrations/versions) build with: column changes, each table's in one batch
since SQLite alters a table by copying it, and the column declarations they share. A helper here
must keep making exactly what it made: applied migrations do not run again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from alembic import op


def add_columns(table: str, *columns: sa.Column[Any]) -> None:
    with op.batch_alter_table(table) as batch:
        for column in columns:
            batch.add_column(column)


def drop_columns(table: str, *names: str) -> None:
    with op.batch_alter_table(table) as batch:
        for name in names:
            batch.drop_column(name)


def index_name(table: str, column: str) -> str:
    """The name SQLAlchemy gives a column's own index (`index=True`), given too to one added to a table later."""
    return f"ix_{table}_{column}"


def add_indexes(table: str, *columns: str) -> None:
    """One index per column, named as `index=True` names it."""
    for column in columns:
        op.create_index(index_name(table, column), table, [column])


def drop_indexes(table: str, *columns: str) -> None:
    for column in columns:
        op.drop_index(index_name(table, column), table_name=table)


def one_column_added(table: str, name: str, kind: Any) -> tuple[Callable[[], None], Callable[[], None]]:
    """The upgrade and downgrade of a migration that adds one nullable column to one table."""

    def upgrade() -> None:
        add_columns(table, sa.Column(name, kind, nullable=True))

    def downgrade() -> None:
        drop_columns(table, name)

    return upgrade, downgrade


def required(kind: Any, *names: str, **more: Any) -> list[sa.Column[Any]]:
    """Columns of one type that must be filled (NOT NULL), in the order named."""
    return [sa.Column(name, kind, nullable=False, **more) for name in names]


def row_id() -> sa.Column[Any]:
    """`id`: a row's own key, 32 hex characters (a uuid4's), what `table_ref` and `account_ref` hold."""
    return sa.Column("id", sa.String(32), primary_key=True)


def table_ref(**more: Any) -> sa.Column[Any]:
    """`table_id`: the table a row belongs to, gone with it."""
    return sa.Column("table_id", sa.String(32), sa.ForeignKey("th_tables.id", ondelete="CASCADE"), **more)


def account_ref(**more: Any) -> sa.Column[Any]:
    """`account_id`: the account a row belongs to, gone with it."""
    return sa.Column("account_id", sa.String(32), sa.ForeignKey("th_accounts.id", ondelete="CASCADE"), **more)
