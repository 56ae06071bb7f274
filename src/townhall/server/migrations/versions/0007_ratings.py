"""Ratings: an account's rating per game (openskill's mu and sigma, the ordinal shown, games and
wins) and each rated table's results per seat (rank, rating before and after), written in the
transaction that stores the table's end."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "th_ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("th_accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_th_ratings_game_rating", "th_ratings", ["game", "rating"])  # the leaderboard
    op.create_table(
        "th_results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("th_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("th_accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=False),
        sa.Column("rating_after", sa.Float, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_th_results_account_id", "th_results", ["account_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_th_results_account_id", "th_results")
    op.drop_table("th_results")
    op.drop_index("ix_th_ratings_game_rating", "th_ratings")
    op.drop_table("th_ratings")
