"""Ratings: an account's rating per game (openskill's mu and sigma, the ordinal shown, games and
wins) and each rated table's results per seat (rank, rating before and after), written in the
transaction that stores the table's end."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from townhall.server.schema_changes import account_ref, required, table_ref

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "th_ratings",
        account_ref(primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        *required(sa.Float, "mu", "sigma", "rating"),
        *required(sa.Integer, "games", "wins"),
        *required(sa.DateTime, "updated_at"),
    )
    op.create_index("ix_th_ratings_game_rating", "th_ratings", ["game", "rating"])  # the leaderboard
    op.create_table(
        "th_results",
        table_ref(primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        account_ref(nullable=False),
        *required(sa.String(64), "game"),
        *required(sa.Integer, "rank", "players"),
        *required(sa.Float, "rating_before", "rating_after"),
        *required(sa.DateTime, "created_at"),
    )
    op.create_index("ix_th_results_account_id", "th_results", ["account_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_th_results_account_id", "th_results")
    op.drop_table("th_results")
    op.drop_index("ix_th_ratings_game_rating", "th_ratings")
    op.drop_table("th_ratings")
