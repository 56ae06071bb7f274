"""The game server: tables where people and bots play together over HTTP and WebSocket.

`tables.py` is the runner (no HTTP inside), `storage.py` the database (SQLAlchemy 2, Alembic
migrations run at start), `pubsub.py` the change notices, `bots.py` the bot seats, `app.py` the
FastAPI factory with its routers in `routes/`. docs/server.md describes the HTTP contract.
"""
