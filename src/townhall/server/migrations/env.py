"""Alembic environment: run with the connection that `storage.migrate` hands over."""

from __future__ import annotations

from alembic import context

from townhall.server.storage import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
