"""The game server: tables where people and bots play together over HTTP and WebSocket.

`runner.py` is the runner (no HTTP, no SQL inside), written against the `store.py` protocol
(`sql_store.py` on the database of `storage.py`: SQLAlchemy 2, Alembic migrations run at start;
`memory_store.py` for tests), with `cache.py` the live tables and `projection.py` what each seat
sees; `pubsub.py` the change notices, `bots.py` the bot seats, `app.py` the FastAPI factory with its
routers in `routes/`. docs/server.md describes the HTTP contract.
"""
