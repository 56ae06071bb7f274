"""The log as a seat reads it: the visible events of every step with the game's words, the steps
taken back included and marked `undone`, each line naming its actor. The views carry the lines of
the last rows; `page` serves the earlier ones (GET /api/tables/{id}/log)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from townhall.engine.protocol import Json
from townhall.i18n.players import seat_name
from townhall.server.live import Live, Played, Undone, undone_events
from townhall.server.words import _

ROWS_SHOWN = 30  # the rows (kept or undone steps) whose lines a view carries
PAGE_ROWS = 50  # a log page's rows, unless asked otherwise
MAX_PAGE_ROWS = 200
SEAT_LISTS = ("scorers", "winners")  # event fields listing the seats a line is about


@dataclass(frozen=True)
class Left:
    """A player who left the game at the state id `state_id` (the seat's "leave" row)."""

    seat: int
    state_id: int


Row = tuple[Played | Left, Undone | None]


def rows(live: Live) -> list[Row]:
    """Every step of the log up to the live state id, oldest first: (step, its undo or None); a
    player's leaving after the step it followed."""
    undone: list[Row] = [(u.played, u) for u in live.undone if u.played.state_id <= live.table.state_id]
    left: list[Row] = [(Left(seat, row), None) for seat, row in live.left.items() if row <= live.table.state_id]
    kept: list[Row] = [(step, None) for step in live.steps]
    if not (undone or left):
        return kept
    return sorted(kept + undone + left, key=lambda row: row[0].state_id + (0.5 if isinstance(row[0], Left) else 0))


def recent(live: Live, seat: int | None) -> tuple[list[Json], bool]:
    """The lines of the last rows, and whether earlier rows exist."""
    every = rows(live)
    seen = live.seen_ids(seat)
    return [line for row in every[-ROWS_SHOWN:] for line in _lines(live, seat, seen, *row)], len(every) > ROWS_SHOWN


def page(live: Live, seat: int | None, before: int | None, limit: int = PAGE_ROWS) -> dict[str, Json]:
    """The lines of the last `limit` rows with lines that `seat` knows by a state id below
    `before` (None: all), oldest first, and whether earlier lines exist."""
    seen = live.seen_ids(seat)
    found: list[list[Json]] = []
    earlier = False
    for row in _backwards(live, seen, before):
        lines = _lines(live, seat, seen, *row)
        if not lines:
            continue
        if len(found) == limit:
            earlier = True
            break
        found.append(lines)
    return {"events": [line for lines in reversed(found) for line in lines], "earlier": earlier}


def _backwards(live: Live, seen: list[int], before: int | None) -> Iterator[Row]:
    for row in reversed(rows(live)):
        if before is None or seen[row[0].state_id - 1] < before:
            yield row


def _lines(live: Live, seat: int | None, seen: list[int], step: Played | Left, undone: Undone | None) -> list[Json]:
    if isinstance(step, Left):
        text = _("{name} left the game: the server plays their seat from now on").format(name=_name(step.seat))
        return [_line(seen[step.state_id - 1], step.seat, "leave", text)]
    if undone is not None and step.private and seat != step.player:
        return []  # taking back a private step is private: the others never learn of it
    events = step.events if undone is None else undone_events(live, undone)
    lines: list[Json] = []
    if step.timed_out and undone is None:
        text = _("{name} ran out of time: the server played this move for them").format(name=_name(step.player))
        lines.append(_line(seen[step.state_id - 1], step.player, "timeout", text))
    for event in events:
        if event.visible(seat):
            lines.append(
                {
                    "state_id": seen[step.state_id - 1],
                    "player": step.player,
                    "actor": _actor(event.data, step.player, live.table.num_players),
                    "kind": event.kind,
                    "data": event.data,
                    "text": live.game.event_text(event),
                    "undone": undone is not None,
                }
            )
    return lines


def _name(seat: int) -> str:
    """The seat as the table's sentences call it (callers set `naming` as the views do)."""
    return seat_name(seat) or _("player {n}").format(n=seat + 1)


def _line(state_id: int, seat: int, kind: str, text: str) -> Json:
    """A line of the server's own (a timeout, a player leaving), about `seat`."""
    return {
        "state_id": state_id,
        "player": seat,
        "actor": seat,
        "kind": kind,
        "data": {},
        "text": text,
        "undone": False,
    }


def _actor(data: dict[str, Json], player: int, players: int) -> int | None:
    """The seat a line is about: the player its event names (another seat's draw or tax in a step
    of this one), the one scorer or winner it lists (None when it lists several), else the step's
    player."""
    named = _seat(data.get("player"), players)
    if named is not None:
        return named
    for field in SEAT_LISTS:
        listed = data.get(field)
        if isinstance(listed, list) and listed:
            return _seat(listed[0], players) if len(listed) == 1 else None
    return player


def _seat(value: Json, players: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players else None
