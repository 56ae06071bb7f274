"""The daily challenge (issue 34): one shared set-up a day per game that declares one
(`GameMeta.daily_players`, `Game.daily_options`), played alone, ranked by score on the day's
leaderboard; never rated. No SQL here (sql_daily.py), no HTTP (routes/daily.py).

The day is the UTC date. Its seed is drawn at random by the first request of the day and stored
with the day's options (`th_daily`): every process and every player of the day reads the same row,
nobody can compute a day's cards ahead (a derivation from the date alone could be run by anyone
with the source), and a deploy during the day changes nothing of it. The seed never leaves the
server: a daily table draws its every chance from that one stream (`Live.next_chance`).
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from townhall.engine.errors import OptionError
from townhall.engine.protocol import Game, Json
from townhall.server.errors import BadRequest, NoDaily
from townhall.server.words import _

DAILY = "daily"  # the settings' key of a daily table: its day
TODAY = "TOWNHALL_DAILY_DATE"  # YYYY-MM-DD: the server's today (tests move the day on)
OTHER_SEATS = "medium"  # the bot level of a daily's other seats, for a game whose daily is not solo


@dataclass(frozen=True, slots=True, kw_only=True)
class Challenge:
    """A day's challenge of one game, as stored: the seed stays in the server."""

    game: str
    day: str
    seed: int
    num_players: int
    options: dict[str, Json]


def today() -> str:
    """The UTC date of now (or the `TOWNHALL_DAILY_DATE` the tests set)."""
    forced = os.environ.get(TODAY)
    return parse_day(forced) if forced else datetime.now(UTC).date().isoformat()


def parse_day(text: str) -> str:
    """A day as YYYY-MM-DD; a 400 in words for anything else."""
    try:
        return date.fromisoformat(text).isoformat() if len(text) == 10 else _bad_day(text)
    except ValueError:
        return _bad_day(text)


def _bad_day(text: str) -> str:
    raise BadRequest(_("a day is written YYYY-MM-DD, not {text!r}").format(text=text))


def check_daily(game: Game[Any]) -> None:
    """404 in words for a game without a daily challenge."""
    if game.meta.daily_players <= 0:
        raise NoDaily(_("{game} has no daily challenge").format(game=game.meta.title))


def draw(game: Game[Any], day: str) -> Challenge:
    """A new day's challenge: a fresh secret seed, the game's options for a fresh public number."""
    options = dict(game.meta.resolve(game.daily_options(secrets.randbelow(2**31))))
    try:
        game.check_setup(game.meta.daily_players, options)
    except OptionError as error:  # the game's own declaration disagrees with its rules: its bug
        raise RuntimeError(f"{game.meta.name}'s daily options are refused: {error}") from error
    return Challenge(
        game=game.meta.name, day=day, seed=secrets.randbits(63), num_players=game.meta.daily_players, options=options
    )


def seats_of(challenge: Challenge) -> list[str]:
    """The player at seat 0; any other seat (a daily for more than one) played by a bot."""
    return ["human"] + [OTHER_SEATS] * (challenge.num_players - 1)


def result_of(scores: tuple[float, ...], forfeited: bool, left: tuple[int, ...]) -> float | None:
    """The attempt's score: seat 0's at the game's end; None when the player resigned, ran out of
    time or left (the stand-in's play is not theirs)."""
    if forfeited or 0 in left or not scores:
        return None
    return float(scores[0])
