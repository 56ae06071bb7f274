"""Rematch: a finished table's next game, with the same game, options, clock and seats (humans
and bots), each seat moved on by one. Plain functions; the runner does the storing.

The new table's id is the old one's, hashed: every player (in any process) who asks for the
rematch reaches the same table, and the store's unique id makes the first request the one that
creates it. Its human seats are kept for the old table's players: a seat is claimed only with the
token of the seat it rotates from, and that token stays the seat's token at the new table.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

from townhall.engine.protocol import Json
from townhall.server.daily import DAILY
from townhall.server.model import Seat

REMATCH_OF = "rematch_of"  # the settings key naming the table a rematch comes from
CAMPAIGN = "campaign"  # the settings key naming the campaign of an episode's table (server/campaigns.py)


def rematch_id(table_id: str) -> str:
    """The id of `table_id`'s rematch (32 hex digits, like a uuid4's)."""
    return hashlib.sha256(f"townhall-rematch:{table_id}".encode()).hexdigest()[:32]


def seat_after(seat: int, num_players: int) -> int:
    """Where the player of `seat` sits in the rematch: one seat on (the last comes first)."""
    return (seat + 1) % num_players


def rotated(seats: Sequence[Seat]) -> list[str]:
    """The rematch's seat specs: each old seat's spec (human or a bot's) one seat on."""
    specs = [""] * len(seats)
    for place in seats:
        specs[seat_after(place.seat, len(seats))] = place.spec
    return specs


def settings_of(table_id: str, settings: Mapping[str, Json]) -> dict[str, Json]:
    """The rematch's settings: the old table's (clock, bot budget), naming where it comes from. A
    daily challenge's or a campaign episode's rematch is an ordinary table (fresh cards, off the
    day's leaderboard; no episode)."""
    kept = {key: value for key, value in settings.items() if key not in (DAILY, CAMPAIGN)}
    return {**kept, REMATCH_OF: table_id}


def kept(settings: Mapping[str, Json]) -> bool:
    """Whether a table's human seats are kept for the players of the game before it (a rematch's)
    or of its campaign (an episode's)."""
    return REMATCH_OF in settings or CAMPAIGN in settings
