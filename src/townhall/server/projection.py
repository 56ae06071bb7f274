"""What each seat (None: a spectator) sees of a table: the summary, the state's view (its
observation, the board, its legal actions with their targets, the events it may see with the
game's words, the result), the clocks and the chat, encoded as the JSON text the server sends.

The state's part is encoded once per (state, seat, language) and kept as text on the live table:
a view kept as dicts and lists would be hundreds of objects per table for the garbage collector to
walk (its full passes took up to a second with 1,000 tables).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import replace

from townhall.agents import bot_name
from townhall.engine.protocol import Json
from townhall.engine.records import MatchRecord, RecordStep
from townhall.i18n import naming, using
from townhall.server import clocks, history
from townhall.server.live import Live, replay_kept
from townhall.server.model import OPEN, Seat, Table


def summary(table: Table, state_id: int, seats: Sequence[Seat], left: Collection[int] = ()) -> dict[str, Json]:
    """A table's head at the public `state_id`; `waiting` counts the human seats still free while
    it is open (its game starts when they are taken), a seat's `left` tells that the server plays it now."""
    free = sum(1 for seat in seats if not seat.taken) if table.status == OPEN else 0
    return {
        "id": table.id,
        "game": table.game,
        "players": table.num_players,
        "options": table.options,
        "status": table.status,
        "waiting": free,
        "state_id": state_id,
        "seats": [{**seat.to_json(), "left": seat.seat in left} for seat in seats],
        "settings": table.settings,
    }


def summary_of(live: Live) -> dict[str, Json]:
    # the public state id: private steps do not move it
    return summary(live.table, live.seen_id(None), live.seats, live.left)


def lobby_entry(table: Table, seats: Sequence[Seat]) -> dict[str, Json]:
    return summary(table, table.public_state_id, seats)


def view_json(live: Live, seat: int | None, language: str, now: float) -> str:
    """The seat's whole view as JSON text (call with the table's lock held)."""
    part = live.views.get((seat, language))
    if part is None:
        with using(language):
            part = live.views[seat, language] = encode(state_view(live, seat))[1:-1]
    clock = clocks.view(live.clock_config(), clocks.seen_by(live.table.clock, live.table.public_clock, seat), now)
    with using(language):  # a bot seat's name in the seat's language
        head_fields = {**summary_of(live), "clocks": clock, "chat": live.chat}
    del head_fields["state_id"]  # the state's part has the seat's own state id
    head = encode(head_fields)
    return f"{head[:-1]},{part}}}"


def seat_names(seats: Sequence[Seat]) -> list[str | None]:
    """What the game's sentences call each seat: a person's name, a bot's level in words ("Bot
    (hard)"); None ("Player N") for a free seat or a name two seats share."""
    names = [seat.shown_name if seat.kind == "human" else bot_name(seat.spec) for seat in seats]
    return [name if name and names.count(name) == 1 else None for name in names]


def state_view(live: Live, seat: int | None) -> dict[str, Json]:
    """The part of the view that depends on the state only (and on the seat), its sentences naming
    the seats as the table shows them."""
    with naming(seat_names(live.seats)):
        return _state_view(live, seat)


def _state_view(live: Live, seat: int | None) -> dict[str, Json]:
    game, state = live.game, live.state
    to_move = list(live.to_move())
    seen_ids = live.seen_ids(seat)  # the state ids as this seat knows them
    legal: list[Json] = []
    if seat is not None and seat in to_move and not live.waiting and seat not in live.left:
        legal = [
            {
                "id": action,
                "text": state.action_words(action),  # in words; `typed` is the terse form experts type
                "typed": state.action_text(action),
                "json": state.action_to_json(action),
                "target": game.action_target(state, seat, action),
            }
            for action in state.legal_actions(seat)
        ]
    events, earlier = history.recent(live, seat)
    outcome = live.outcome()
    return {
        "state_id": seen_ids[-1] if seen_ids else 0,
        "seat": seat,
        "to_move": list(state.movers_seen_by(seat)) if to_move else [],
        "observation": state.observation(seat),
        "board": game.board_view(state, seat),
        "legal": legal,
        "can_undo": seat is not None and live.undoable(seat),
        "events": events,
        "earlier_events": earlier,
        "scores": None if outcome is None else list(outcome.scores),
        "result": None if outcome is None else outcome.to_json(),
        # a rated table's rating change per seat once over (null: unrated or not over)
        "rating_change": None
        if outcome is None or not live.rating_change
        else [live.rating_change.get(s.seat) for s in live.seats],
    }


def view_at(live: Live, step: int) -> dict[str, Json]:
    """A spectator's view of the table after its first `step` kept actions (the replay viewer)."""
    kept = live.steps[:step]
    state, steps = replay_kept(live.game, live.table, kept)
    at = replace(
        live,
        table=replace(live.table, state_id=kept[-1].state_id if kept else 0),
        state=state,
        steps=steps,
        ended=live.ended if step == len(live.steps) else None,
        views={},
        marks=live.marks[: kept[-1].state_id] if kept else [],
    )
    return {**summary_of(live), **state_view(at, None), "step": step, "steps": len(live.steps)}


def record_of(live: Live) -> MatchRecord:
    """The table's game as a record that `townhall replay` reads (call once it is over)."""
    outcome = live.outcome()
    return MatchRecord(
        game=live.game.meta.name,
        data_version=live.game.meta.data_version,
        num_players=live.table.num_players,
        options=live.table.options,
        seed=None,
        seats=[s.spec if s.kind == "bot" else f"human:{s.name or ''}" for s in live.seats],
        setup_chance=live.table.setup_chance,
        steps=[RecordStep(step.player, step.action, step.chance) for step in live.steps],
        scores=None if live.ended is not None else [float(s) for s in live.state.scores()],
        ranks=None if outcome is None else list(outcome.ranks),
    )


def encode(value: Json) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
