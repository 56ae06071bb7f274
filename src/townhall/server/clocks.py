"""Table clocks, as plain functions over JSON-ready data (stored with the table).

A clock is `{"kind": "none"}`, `{"kind": "move", "seconds": S}` (S seconds per decision) or
`{"kind": "fischer", "base": B, "increment": I}` (B seconds per player, I more after each of their
actions) or `{"kind": "turn", "hours": H}` (a turn-based game: H hours per decision, one of
`TURN_HOURS`; its deadlines are stored like the others', so they outlast restarts). The state holds each seat's remaining seconds and, for each seat deciding now, since when.
A human whose time runs out is played by the greedy bot for that decision (`on_timeout: "bot"`,
the default) or forfeits the game (`on_timeout: "forfeit"`: the engine's forfeit outcome).
"""

from __future__ import annotations

import os
from typing import Any

from townhall.engine.errors import OptionError
from townhall.engine.protocol import Json
from townhall.server.words import _

KINDS = ("none", "move", "fischer", "turn")
TURN_HOURS = (4, 12, 24, 72)  # the hours a turn-based table gives each decision
TURN_HOUR = "TOWNHALL_TURN_HOUR"  # seconds an hour of a turn clock lasts (3600; tests shorten it)


def hour() -> float:
    """The length of a turn clock's hour in seconds: 3600 unless the environment says otherwise."""
    try:
        seconds = float(os.environ.get(TURN_HOUR, "3600"))
    except ValueError:
        return 3600.0
    return seconds if seconds > 0 else 3600.0


TIMEOUTS = ("bot", "forfeit")  # out of time: the greedy bot takes that decision, or the seat forfeits


def check(config: dict[str, Any] | None) -> dict[str, Json]:
    """The checked clock settings of a new table (OptionError for anything else)."""
    if not config:
        return {"kind": "none"}
    kind = config.get("kind", "none")
    if kind not in KINDS:
        raise OptionError(_("clock kind is one of {kinds}, not {kind!r}").format(kinds=", ".join(KINDS), kind=kind))
    on_timeout = config.get("on_timeout", "bot")
    if on_timeout not in TIMEOUTS:
        raise OptionError(
            _("clock on_timeout is one of {choices}, not {value!r}").format(
                choices=", ".join(TIMEOUTS), value=on_timeout
            )
        )
    allowed = {
        "none": {"kind"},
        "move": {"kind", "seconds"},
        "fischer": {"kind", "base", "increment"},
        "turn": {"kind", "hours"},
    }[kind]
    unknown = set(config) - allowed - {"on_timeout"}
    if unknown:
        raise OptionError(_("a {kind} clock has no {keys}").format(kind=kind, keys=", ".join(sorted(unknown))))
    out: dict[str, Json] = {"kind": kind, "on_timeout": on_timeout}
    if kind == "turn":
        hours = config.get("hours")
        if isinstance(hours, bool) or hours not in TURN_HOURS:
            raise OptionError(
                _("a turn clock gives {choices} hours a move, not {value!r}").format(
                    choices=", ".join(str(h) for h in TURN_HOURS), value=hours
                )
            )
        # the seconds a decision has, fixed when the table is made: its deadlines follow them
        return {**out, "hours": int(hours), "seconds": float(hours) * hour()}
    for key in sorted(allowed - {"kind"}):
        value = config.get(key, 0 if key == "increment" else None)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 86400:
            raise OptionError(_("clock {key} takes seconds (0-86400), not {value!r}").format(key=key, value=value))
        if key != "increment" and value <= 0:
            raise OptionError(_("clock {key} must be positive, not {value!r}").format(key=key, value=value))
        out[key] = float(value)
    return out


def start(config: dict[str, Json], num_players: int, movers: tuple[int, ...], now: float) -> dict[str, Json] | None:
    if config.get("kind", "none") == "none":
        return None
    base = float(config.get("base", 0.0))
    return {"remaining": [base] * num_players, "since": {str(seat): now for seat in movers}}


def after_step(
    config: dict[str, Json], clock: dict[str, Json] | None, player: int, movers: tuple[int, ...], now: float
) -> dict[str, Json] | None:
    """The clock after `player` acted and `movers` must decide."""
    if clock is None:
        return None
    remaining = list(clock["remaining"])
    since: dict[str, float] = dict(clock["since"])
    started = since.pop(str(player), now)
    if config["kind"] == "fischer":
        remaining[player] = max(0.0, remaining[player] - (now - started)) + float(config["increment"])
    for seat in movers:
        since.setdefault(str(seat), now)
    return {"remaining": remaining, "since": {seat: t for seat, t in since.items() if int(seat) in movers}}


def deadline(config: dict[str, Json], clock: dict[str, Json], seat: int) -> float | None:
    started = clock["since"].get(str(seat))
    if started is None:
        return None
    if config["kind"] in ("move", "turn"):
        return float(started) + float(config["seconds"])
    return float(started) + float(clock["remaining"][seat])


def seen_by(
    clock: dict[str, Json] | None, public: dict[str, Json] | None, viewer: int | None
) -> dict[str, Json] | None:
    """The clock as `viewer` may know it: their own seat's entry as it is, the others' as of the
    last step everyone saw (a private step's clock changes show to its seat alone)."""
    if clock is None or public is None:
        return clock
    remaining = [
        mine if seat == viewer else theirs
        for seat, (mine, theirs) in enumerate(zip(clock["remaining"], public["remaining"], strict=True))
    ]
    since = {seat: t for seat, t in public["since"].items() if int(seat) != viewer}
    since.update({seat: t for seat, t in clock["since"].items() if int(seat) == viewer})
    return {"remaining": remaining, "since": since}


def view(config: dict[str, Json], clock: dict[str, Json] | None, now: float) -> dict[str, Json] | None:
    if clock is None:
        return None
    left: list[Json] = []
    due: list[Json] = []  # when each running seat's time runs out (epoch seconds)
    for seat, remaining in enumerate(clock["remaining"]):
        end = deadline(config, clock, seat)
        due.append(end)
        if end is None:
            left.append(None if config["kind"] in ("move", "turn") else remaining)
        else:
            left.append(max(0.0, end - now))
    return {**config, "left": left, "due": due, "running": sorted(int(seat) for seat in clock["since"])}
