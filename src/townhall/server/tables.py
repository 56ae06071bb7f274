"""The table runner: load a table, check the state id inside the database transaction, apply,
commit, then answer, then tell the listeners (pub/sub, bots). It knows no HTTP.

A table is rebuilt from its stored log like `engine.records.replay`: `game.start` with the stored
set-up chance, then every kept action with the chance it drew. An undo is a log row of its own: it
takes back the player's last action and makes a new state with a new id, so the state id (the
number of log rows) only ever grows. A forfeit row (resignation, time) ends the game. The
conditional `UPDATE ... WHERE state_id = :expected` in the step's transaction lets one process only
apply an action to a state.

Each process keeps the live tables it serves in memory (an LRU of `capacity` tables; an evicted
table is rebuilt from the log when next needed), with the seats, token hashes, recent chat and
each seat's view of the current state. The database stays the truth: a write whose expected state
id is gone is refused and the cache catches up; a GET checks the table's (state id, updated_at)
first; a notice from another process (`heard`) makes the next view check.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Engine, Table, select, update
from sqlalchemy.orm import Session

from townhall.engine.agent import PlayerView
from townhall.engine.chance import Chance, ScriptedChance
from townhall.engine.errors import GameOver, MalformedAction, NotYourTurn, OptionError, StaleState
from townhall.engine.match import may_take_back
from townhall.engine.outcome import forfeit
from townhall.engine.protocol import Event, Game, Json, Outcome, State
from townhall.engine.records import MatchRecord, RecordStep
from townhall.i18n import using
from townhall.server import clocks
from townhall.server.errors import BadRequest, BadToken, NotOver, NotSeated, SeatTaken, TableNotFound, UndoRefused
from townhall.server.storage import ChatRow, SeatRow, StepRow, TableRow, hash_token, utc_now
from townhall.server.words import _
from townhall.server.writer import StepWriter

Listener = Callable[[str, int], None]
EVENTS_SHOWN = 30
CHAT_SHOWN = 50
CHAT_LIMIT = 500
CACHED_TABLES = 2048  # live tables one process keeps in memory (least recently used go first)
LOCK_STRIPES = 1024  # per-table locks, striped so that their number stays bounded
WRITERS = 4  # group-commit threads on PostgreSQL (SQLite has one writer)

TABLES = cast(Table, TableRow.__table__)


@dataclass(slots=True)
class Step:
    """A kept action of the log, with what replaying it gave."""

    state_id: int
    player: int
    action: dict[str, Json]
    chance: list[int]
    movers_after: tuple[int, ...]
    events: list[Event]


@dataclass(slots=True)
class Loaded:
    """A table as this process holds it: the live state at `state_id`, and what the views need."""

    table_id: str
    game: Game[Any]
    num_players: int
    options: dict[str, Json]
    setup_chance: list[int]
    settings: dict[str, Json]
    state_id: int
    state: State
    steps: list[Step] = field(default_factory=list)
    status: str = "open"
    clock: dict[str, Json] | None = None
    updated_at: datetime | None = None
    seats: list[dict[str, Json]] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)  # token hash -> seat
    chat: list[Json] = field(default_factory=list)
    ended: Outcome | None = None  # a forfeit's outcome (the state itself is not over)
    views: dict[tuple[int | None, str], str] = field(default_factory=dict)  # per (seat, language), at state_id
    check: bool = False  # another process may have changed the table: check before the next view

    def to_move(self) -> tuple[int, ...]:
        return () if self.ended is not None else self.state.to_move()

    def outcome(self) -> Outcome | None:
        return self.ended if self.ended is not None else self.state.outcome()

    def bots(self) -> dict[int, str]:
        return {int(cast(int, s["seat"])): str(s["spec"]) for s in self.seats if s["kind"] == "bot"}

    def humans(self) -> list[int]:
        return [int(cast(int, s["seat"])) for s in self.seats if s["kind"] == "human"]


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A decision a bot seat must take now: a private copy of the state to think on."""

    seat: int
    spec: str
    state_id: int
    view: PlayerView
    legal: list[int]
    seconds: float


def _refuse_stale(state_id: int | None, now: int) -> None:
    """A request names the state it saw (None: whatever is current); an old one is refused."""
    if state_id is not None and state_id != now:
        raise StaleState(_("state {old} is old; the table is at state {now}").format(old=state_id, now=now))


class TableRunner:
    """Tables in a database, played through the engine protocol only (no game name or rule here)."""

    def __init__(self, engine: Engine, lookup: Callable[[str], Game[Any]], capacity: int = CACHED_TABLES) -> None:
        self._engine = engine
        self._lookup = lookup
        self._capacity = capacity
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._guard = threading.Lock()
        # SQLite has one writer: queue this process's writers here instead of in SQLite's busy wait.
        self._writer = threading.Lock() if engine.dialect.name == "sqlite" else None
        self._steps = StepWriter(engine, self._writing(), threads=1 if self._writer is not None else WRITERS)
        self.listeners: list[Listener] = []

    # --- creating and seating -------------------------------------------------------------

    def create(
        self,
        game_name: str,
        num_players: int,
        options: dict[str, Json],
        seats: Sequence[str],
        settings: dict[str, Json],
    ) -> str:
        """A new table; `seats` holds "human" or an agent spec per seat (already checked)."""
        game = self._lookup(game_name)
        chance = Chance(secrets.randbits(63), log=True)
        resolved = game.meta.resolve(options)
        state = game.start(num_players, resolved, chance)
        table_id = uuid.uuid4().hex
        now = utc_now()
        loaded = Loaded(
            table_id,
            game,
            num_players,
            dict(resolved),
            chance.take_log(),
            dict(settings),
            0,
            state,
            status="open" if "human" in seats else "running",
            updated_at=now,
            seats=[_seat_json(seat, spec, None, None) for seat, spec in enumerate(seats)],
        )
        loaded.clock = clocks.start(_clock_config(loaded), num_players, state.to_move(), time.time())
        with self._writing(), Session(self._engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table_id,
                    game=game.meta.name,
                    data_version=game.meta.data_version,
                    num_players=num_players,
                    options=loaded.options,
                    setup_chance=loaded.setup_chance,
                    settings=loaded.settings,
                    clock=loaded.clock,
                    deadline=_deadline(loaded, loaded.clock),
                    state_id=0,
                    status=loaded.status,
                    created_at=now,
                    updated_at=now,
                )
            )
            session.flush()
            for seat, spec in enumerate(seats):
                kind = "human" if spec == "human" else "bot"
                session.add(
                    SeatRow(table_id=table_id, seat=seat, kind=kind, spec=spec, name=None if kind == "human" else spec)
                )
        self._keep(loaded)
        self._notify(table_id, 0)
        return table_id

    def take_seat(self, table_id: str, seat: int, name: str) -> str:
        """Seat a person; the token (128 random bits) is returned once and stored only as a hash."""
        token = secrets.token_urlsafe(16)
        with self._lock(table_id):
            with self._writing(), Session(self._engine) as session, session.begin():
                row = self._row(session, table_id)
                seat_row = session.get(SeatRow, (table_id, seat))
                if seat_row is None:
                    raise TableNotFound(
                        _("table {table} has no seat {seat} (seats 0-{last})").format(
                            table=table_id, seat=seat, last=row.num_players - 1
                        )
                    )
                taken = session.execute(
                    update(SeatRow)
                    .where(
                        SeatRow.table_id == table_id,
                        SeatRow.seat == seat,
                        SeatRow.kind == "human",
                        SeatRow.token_hash.is_(None),
                    )
                    .values(name=name, token_hash=hash_token(token))
                )
                if taken.rowcount != 1:  # type: ignore[attr-defined]
                    raise SeatTaken(
                        (_("seat {seat} is a bot") if seat_row.kind == "bot" else _("seat {seat} is taken")).format(
                            seat=seat
                        )
                    )
                free = session.scalars(
                    select(SeatRow.seat).where(
                        SeatRow.table_id == table_id, SeatRow.kind == "human", SeatRow.token_hash.is_(None)
                    )
                ).all()
                if not free and row.status == "open":
                    row.status = "running"
                before, row.updated_at = row.updated_at, utc_now()
                state_id, status, now = row.state_id, row.status, row.updated_at
            with self._guard:
                loaded = self._cache.get(table_id)
            if loaded is not None and (loaded.state_id, loaded.updated_at) == (state_id, before):
                loaded.seats = [dict(s) for s in loaded.seats]  # a view being built keeps the old list
                loaded.seats[seat].update(name=name, taken=True)
                loaded.tokens[hash_token(token)] = seat
                loaded.status, loaded.updated_at = status, now
            else:
                self._forget(table_id)
        self._notify(table_id, state_id)
        return token

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat a token belongs to; None for a spectator (no token); BadToken otherwise."""
        with self._lock(table_id):
            loaded = self._get(table_id)
            if token is None:
                return None
            digest = hash_token(token)
            seat = loaded.tokens.get(digest)
            if seat is None:  # seated through another process since this one loaded the table
                with Session(self._engine) as session:
                    seat = session.scalar(
                        select(SeatRow.seat).where(SeatRow.table_id == table_id, SeatRow.token_hash == digest)
                    )
                if seat is not None:
                    loaded.tokens[digest] = seat
        if seat is None:
            raise BadToken(_("this token belongs to no seat of this table"))
        return seat

    # --- reading --------------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Json]]:
        """Open and running tables, newest first."""
        with Session(self._engine) as session:
            rows = session.scalars(
                select(TableRow).where(TableRow.status != "over").order_by(TableRow.created_at.desc()).limit(200)
            ).all()
            seats: dict[str, list[dict[str, Json]]] = {}
            if rows:
                for s in session.scalars(
                    select(SeatRow).where(SeatRow.table_id.in_([r.id for r in rows])).order_by(SeatRow.seat)
                ):
                    seats.setdefault(s.table_id, []).append(_seat_json(s.seat, s.spec, s.name, s.token_hash))
            return [
                _summary(
                    r.id, r.game, r.num_players, dict(r.options), r.status, r.state_id, seats.get(r.id, []), r.settings
                )
                for r in rows
            ]

    def summary(self, table_id: str) -> dict[str, Json]:
        with self._lock(table_id):
            return _summary_of(self._get(table_id))

    def view(
        self, table_id: str, seat: int | None, at_least: int | None = None, language: str = "en"
    ) -> dict[str, Json]:
        """What `seat` (None: a spectator) may see now: observation, board, its legal actions, events."""
        found: dict[str, Json] = json.loads(self.view_json(table_id, seat, at_least, language))
        return found

    def view_json(self, table_id: str, seat: int | None, at_least: int | None = None, language: str = "en") -> str:
        """The view as JSON text, which the answers and pushes send as it is.

        Without `at_least` the table's row is checked first (another process may have moved it);
        with it (a change notice's state id) the cache serves when it is that recent. The state's
        part is encoded once per (state, seat) and kept as text: a view kept as dicts and lists
        would be hundreds of objects per table for the garbage collector to walk (its full passes
        took up to a second with 1,000 tables). Its words are in `language`; its data never changes."""
        with self._lock(table_id):
            loaded = self._get(table_id)
            if at_least is None or loaded.check or loaded.state_id < at_least:
                loaded = self._checked(loaded)
            part = loaded.views.get((seat, language))
            if part is None:
                with using(language):
                    part = loaded.views[seat, language] = _encode(self._state_view(loaded, seat))[1:-1]
            clock = clocks.view(_clock_config(loaded), loaded.clock, time.time())
            head = _encode({**_summary_of(loaded), "clocks": clock, "chat": loaded.chat})
        return f"{head[:-1]},{part}}}"

    def _state_view(self, loaded: Loaded, seat: int | None) -> dict[str, Json]:
        game, state = loaded.game, loaded.state
        to_move = list(loaded.to_move())
        legal: list[Json] = []
        if seat is not None and seat in to_move:
            legal = [
                {
                    "id": action,
                    "text": state.action_text(action),
                    "json": state.action_to_json(action),
                    "target": game.action_target(state, seat, action),
                }
                for action in state.legal_actions(seat)
            ]
        events: list[Json] = []
        for step in loaded.steps[-EVENTS_SHOWN:]:
            for event in step.events:
                if event.visible(seat):
                    events.append(
                        {
                            "state_id": step.state_id,
                            "player": step.player,
                            "kind": event.kind,
                            "data": event.data,
                            "text": game.event_text(event),
                        }
                    )
        outcome = loaded.outcome()
        return {
            "state_id": loaded.state_id,
            "seat": seat,
            "to_move": to_move,
            "observation": state.observation(seat),
            "board": game.board_view(state, seat),
            "legal": legal,
            "can_undo": seat is not None and self._undoable(loaded, seat),
            "events": events,
            "scores": None if outcome is None else list(outcome.scores),
            "result": None if outcome is None else outcome.to_json(),
        }

    def record(self, table_id: str) -> dict[str, Json]:
        """The finished game as a record that `townhall replay` reads."""
        with self._lock(table_id):
            loaded = self._checked(self._get(table_id))
        outcome = loaded.outcome()
        if outcome is None:
            raise NotOver(_("the record is published once the game is over"))
        return MatchRecord(
            game=loaded.game.meta.name,
            data_version=loaded.game.meta.data_version,
            num_players=loaded.num_players,
            options=loaded.options,
            seed=None,
            seats=[s["spec"] if s["kind"] == "bot" else f"human:{s['name'] or ''}" for s in loaded.seats],
            setup_chance=loaded.setup_chance,
            steps=[RecordStep(step.player, step.action, step.chance) for step in loaded.steps],
            scores=None if loaded.ended is not None else [float(s) for s in loaded.state.scores()],
            ranks=list(outcome.ranks),
        ).to_json()

    def view_at(self, table_id: str, step: int) -> dict[str, Json]:
        """A spectator's view of a finished table after its first `step` kept actions (the
        browser's replay viewer); `steps` tells how many there are."""
        with self._lock(table_id):
            loaded = self._checked(self._get(table_id))
        if loaded.outcome() is None:
            raise NotOver(_("the replay is published once the game is over"))
        if not 0 <= step <= len(loaded.steps):
            raise BadRequest(_("step {step} is outside 0-{last}").format(step=step, last=len(loaded.steps)))
        kept = loaded.steps[:step]
        state, steps = self._replay(loaded.game, loaded.num_players, loaded.options, loaded.setup_chance, kept)
        at = Loaded(
            table_id,
            loaded.game,
            loaded.num_players,
            loaded.options,
            loaded.setup_chance,
            loaded.settings,
            kept[-1].state_id if kept else 0,
            state,
            steps,
            seats=loaded.seats,
            ended=loaded.ended if step == len(loaded.steps) else None,
        )
        return {**_summary_of(loaded), **self._state_view(at, None), "step": step, "steps": len(loaded.steps)}

    # --- changing -------------------------------------------------------------------------

    def act(self, table_id: str, seat: int | None, state_id: int | None, form: Any) -> int:
        """Apply `seat`'s action (an id, its JSON form or its text) to state `state_id` (None: the
        current one); returns the new state id once its log row is committed."""
        if seat is None:
            raise NotSeated(_("only a seated player may act; send the seat's token"))
        with self._lock(table_id):
            loaded = self._get(table_id)
            for attempt in range(2):
                if state_id is not None and state_id != loaded.state_id:
                    loaded = self._checked(loaded)  # this process's copy may be behind another's
                    _refuse_stale(state_id, loaded.state_id)
                state = loaded.state
                movers = loaded.to_move()
                if not movers:
                    raise GameOver("ENGINE-OVER", _("the game is over"))
                if seat not in movers:
                    raise NotYourTurn("ENGINE-TURN", _("seat {seat} is not to move now").format(seat=seat))
                action = _parse_action(loaded.game, state, seat, form)
                after = state.clone()
                chance = Chance(secrets.randbits(63), log=True)
                events: list[Event] = []
                after.apply(seat, action, chance, events)
                step = Step(
                    loaded.state_id + 1,
                    seat,
                    state.action_to_json(action),
                    chance.take_log(),
                    after.to_move(),
                    events,
                )
                clock = clocks.after_step(_clock_config(loaded), loaded.clock, seat, step.movers_after, time.time())
                try:
                    self._write(loaded, "action", step, after.is_terminal(), clock, after)
                    break
                except StaleState:
                    loaded = self._reload(table_id)  # another process moved first
                    if state_id is not None or attempt:
                        raise
            loaded.steps.append(step)
        self._notify(table_id, step.state_id)
        return step.state_id

    def undo(self, table_id: str, seat: int | None, state_id: int | None) -> int:
        """Take back `seat`'s last action within the engine's undo rules: it drew no chance, the
        seat acted last and is still deciding. A new state with a new id."""
        if seat is None:
            raise NotSeated(_("only a seated player may undo; send the seat's token"))
        with self._lock(table_id):
            loaded = self._checked(self._get(table_id))
            expected = loaded.state_id
            _refuse_stale(state_id, expected)
            if not self._undoable(loaded, seat):
                raise UndoRefused(
                    _(
                        "nothing to undo: undo takes back your own last step while nothing was drawn and you are "
                        "still deciding"
                    )
                )
            state, steps = self._replay(
                loaded.game, loaded.num_players, loaded.options, loaded.setup_chance, loaded.steps[:-1]
            )
            marker = Step(expected + 1, seat, {}, [], state.to_move(), [])
            try:
                self._write(loaded, "undo", marker, False, loaded.clock, state)
            except StaleState:
                self._reload(table_id)
                raise
            loaded.steps = steps
        self._notify(table_id, expected + 1)
        return expected + 1

    def resign(self, table_id: str, seat: int | None, state_id: int | None = None, reason: str = "resign") -> int:
        """`seat` gives up (`reason` "resign", or "time" when its clock ran out): the game ends with
        the engine's forfeit outcome. A new state with a new id."""
        if seat is None:
            raise NotSeated(_("only a seated player may resign; send the seat's token"))
        with self._lock(table_id):
            loaded = self._checked(self._get(table_id))
            expected = loaded.state_id
            _refuse_stale(state_id, expected)
            if loaded.outcome() is not None:
                raise GameOver("ENGINE-OVER", _("the game is over"))
            marker = Step(expected + 1, seat, {"reason": reason}, [], (), [])
            ended = forfeit(loaded.num_players, [seat], reason)
            try:
                stopped = None if loaded.clock is None else {**loaded.clock, "since": {}}
                self._write(loaded, "forfeit", marker, True, stopped, loaded.state)
            except StaleState:
                self._reload(table_id)
                raise
            loaded.ended = ended
        self._notify(table_id, expected + 1)
        return expected + 1

    def chat(self, table_id: str, seat: int | None, text: str) -> None:
        if seat is None:
            raise NotSeated(_("spectators read the chat; only seated players write"))
        text = text.strip()
        if not text or len(text) > CHAT_LIMIT:
            raise BadRequest(_("a chat line has 1-{limit} characters").format(limit=CHAT_LIMIT))
        now = utc_now()
        with self._lock(table_id):
            with self._writing(), Session(self._engine) as session, session.begin():
                row = self._row(session, table_id)
                seat_row = session.get(SeatRow, (table_id, seat))
                name = (seat_row.name if seat_row else None) or ""
                session.add(ChatRow(table_id=table_id, seat=seat, name=name, text=text, created_at=now))
                before, row.updated_at = row.updated_at, now
                state_id = row.state_id
            with self._guard:
                loaded = self._cache.get(table_id)
            if loaded is not None and (loaded.state_id, loaded.updated_at) == (state_id, before):
                line: Json = {"seat": seat, "name": name, "text": text, "at": now.isoformat()}
                loaded.chat = [*loaded.chat, line][-CHAT_SHOWN:]
                loaded.updated_at = now
            else:
                self._forget(table_id)
        self._notify(table_id, state_id)

    def heard(self, table_id: str, _state_id: int) -> None:
        """A change notice from another process: check the table before its next view."""
        with self._guard:
            loaded = self._cache.get(table_id)
        if loaded is not None:
            loaded.check = True

    def overdue(self) -> list[tuple[str, int, int]]:
        """(table, seat, state id) of each human seat whose clock has run out while deciding."""
        now = time.time()
        with Session(self._engine) as session:
            due = session.execute(
                select(TableRow.id).where(TableRow.deadline <= now, TableRow.status != "over")
            ).scalars()
            tables = list(due)
        found: list[tuple[str, int, int]] = []
        for table_id in tables:
            with self._lock(table_id):
                loaded = self._checked(self._get(table_id))
                config = _clock_config(loaded)
                if loaded.clock is None or loaded.outcome() is not None:
                    continue
                for seat in loaded.humans():
                    end = clocks.deadline(config, loaded.clock, seat)
                    if end is not None and end <= now:
                        found.append((table_id, seat, loaded.state_id))
        return found

    def on_timeout(self, table_id: str) -> str:
        """What happens to a human whose clock ran out at this table: "bot" or "forfeit"."""
        with self._lock(table_id):
            return str(_clock_config(self._get(table_id)).get("on_timeout", "bot"))

    def turn(self, table_id: str, seat: int, spec: str) -> BotTurn | None:
        """A private copy for `seat` to think on with agent `spec`, if it is deciding now."""
        with self._lock(table_id):
            loaded = self._checked(self._get(table_id))
            if seat not in loaded.to_move():
                return None
            return _bot_turn(loaded, seat, spec)

    def bot_turn(self, table_id: str) -> BotTurn | None:
        """The next decision of a bot seat at this table, or None when no bot is to move."""
        with self._lock(table_id):
            loaded = self._get(table_id)
            if loaded.check:
                loaded = self._checked(loaded)
            bots = loaded.bots()
            for seat in loaded.to_move():
                if seat in bots:
                    return _bot_turn(loaded, seat, bots[seat])
        return None

    def active_tables(self) -> list[str]:
        with Session(self._engine) as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.status != "over")).all())

    # --- internals ------------------------------------------------------------------------

    def _write(
        self, loaded: Loaded, kind: str, step: Step, over: bool, clock: dict[str, Json] | None, after: State
    ) -> None:
        """Commit one log row and the table's new state id in one transaction (the conditional
        update refuses a state another process changed), then move the cached table on."""
        expected = step.state_id - 1
        now = utc_now()
        values: dict[str, Any] = {
            "state_id": step.state_id,
            "updated_at": now,
            "clock": clock,
            "deadline": None if over else _deadline(loaded, clock),
        }
        if over:
            values["status"] = "over"
        self._steps.write(
            loaded.table_id,
            expected,
            values,
            {
                "table_id": loaded.table_id,
                "state_id": step.state_id,
                "kind": kind,
                "player": step.player,
                "action": None if kind == "undo" else step.action,
                "chance": step.chance,
                "created_at": now,
            },
        )
        loaded.state, loaded.state_id, loaded.clock, loaded.updated_at = after, step.state_id, clock, now
        if over:
            loaded.status = "over"
        loaded.views.clear()

    def _notify(self, table_id: str, state_id: int) -> None:
        for listener in list(self.listeners):
            listener(table_id, state_id)

    def _lock(self, table_id: str) -> threading.Lock:
        return self._locks[hash(table_id) % LOCK_STRIPES]

    def _writing(self) -> contextlib.AbstractContextManager[object]:
        return self._writer if self._writer is not None else contextlib.nullcontext()

    def _row(self, session: Session, table_id: str) -> TableRow:
        row = session.get(TableRow, table_id)
        if row is None:
            raise TableNotFound(_("there is no table {table!r}").format(table=table_id))
        return row

    def _get(self, table_id: str) -> Loaded:
        """The cached table (call with its lock held), else rebuilt from the stored log."""
        with self._guard:
            loaded = self._cache.get(table_id)
            if loaded is not None:
                self._cache.move_to_end(table_id)
                return loaded
        return self._reload(table_id)

    def _checked(self, loaded: Loaded) -> Loaded:
        """The table as the database has it now: one read of its state id and last change."""
        with self._engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            found = connection.execute(
                select(TABLES.c.state_id, TABLES.c.updated_at).where(TABLES.c.id == loaded.table_id)
            ).first()
        if found is None:
            raise TableNotFound(_("there is no table {table!r}").format(table=loaded.table_id))
        if (found.state_id, found.updated_at) == (loaded.state_id, loaded.updated_at):
            loaded.check = False
            return loaded
        return self._reload(loaded.table_id)

    def _reload(self, table_id: str) -> Loaded:
        """Rebuild the table from the database: its row, seats, recent chat and the replayed log."""
        with Session(self._engine) as session:
            row = self._row(session, table_id)
            game = self._lookup(row.game)
            if game.meta.data_version != row.data_version:
                raise OptionError(
                    _("table {table} was made with other {game} rules data").format(table=row.id, game=game.meta.title)
                )
            kept: list[StepRow] = []
            ended: Outcome | None = None
            for step_row in session.scalars(
                select(StepRow).where(StepRow.table_id == row.id).order_by(StepRow.state_id)
            ):
                if step_row.kind == "undo":
                    kept.pop()
                elif step_row.kind == "forfeit":
                    reason = str((step_row.action or {}).get("reason", "resign"))
                    ended = forfeit(row.num_players, [step_row.player], reason)
                else:
                    kept.append(step_row)
            seat_rows = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
            seats, tokens = [], {}
            for s in seat_rows:
                seats.append(_seat_json(s.seat, s.spec, s.name, s.token_hash))
                if s.token_hash is not None:
                    tokens[s.token_hash] = s.seat
            chat = session.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc()).limit(CHAT_SHOWN)
            ).all()
            planned = [Step(r.state_id, r.player, dict(r.action or {}), list(r.chance), (), []) for r in kept]
            state, steps = self._replay(game, row.num_players, dict(row.options), list(row.setup_chance), planned)
            loaded = Loaded(
                row.id,
                game,
                row.num_players,
                dict(row.options),
                list(row.setup_chance),
                dict(row.settings),
                row.state_id,
                state,
                steps,
                status=row.status,
                clock=cast("dict[str, Json] | None", row.clock),
                updated_at=row.updated_at,
                seats=seats,
                tokens=tokens,
                chat=[
                    {"seat": c.seat, "name": c.name, "text": c.text, "at": c.created_at.isoformat()}
                    for c in reversed(chat)
                ],
                ended=ended,
            )
        self._keep(loaded)
        return loaded

    def _keep(self, loaded: Loaded) -> None:
        with self._guard:
            self._cache[loaded.table_id] = loaded
            self._cache.move_to_end(loaded.table_id)
            while len(self._cache) > self._capacity:
                self._cache.popitem(last=False)

    def _forget(self, table_id: str) -> None:
        with self._guard:
            self._cache.pop(table_id, None)

    @staticmethod
    def _replay(
        game: Game[Any], num_players: int, options: dict[str, Json], setup: list[int], planned: Sequence[Step]
    ) -> tuple[State, list[Step]]:
        state = game.start(num_players, options, ScriptedChance(setup))
        steps: list[Step] = []
        for step in planned:
            events: list[Event] = []
            state.apply(step.player, state.action_from_json(step.action), ScriptedChance(step.chance), events)
            steps.append(Step(step.state_id, step.player, step.action, step.chance, state.to_move(), events))
        return state, steps

    @staticmethod
    def _undoable(loaded: Loaded, seat: int) -> bool:
        if not loaded.steps or loaded.ended is not None:
            return False
        last = loaded.steps[-1]
        return last.player == seat and may_take_back(seat, bool(last.chance), last.movers_after)


def _seat_json(seat: int, spec: str, name: str | None, token_hash: str | None) -> dict[str, Json]:
    kind = "human" if spec == "human" else "bot"
    return {
        "seat": seat,
        "kind": kind,
        "spec": spec,
        "name": name if kind == "human" else spec,
        "taken": kind == "bot" or token_hash is not None,
    }


def _summary(
    table_id: str,
    game: str,
    players: int,
    options: dict[str, Json],
    status: str,
    state_id: int,
    seats: list[dict[str, Json]],
    settings: Any,
) -> dict[str, Json]:
    return {
        "id": table_id,
        "game": game,
        "players": players,
        "options": options,
        "status": status,
        "state_id": state_id,
        "seats": list(seats),
        "settings": settings,
    }


def _summary_of(loaded: Loaded) -> dict[str, Json]:
    return _summary(
        loaded.table_id,
        loaded.game.meta.name,
        loaded.num_players,
        loaded.options,
        loaded.status,
        loaded.state_id,
        loaded.seats,
        loaded.settings,
    )


def _bot_turn(loaded: Loaded, seat: int, spec: str) -> BotTurn:
    state = loaded.state.clone()
    seconds = float(cast(float, loaded.settings.get("bot_seconds", 1.0)))
    return BotTurn(
        seat, spec, loaded.state_id, PlayerView(loaded.game, state, seat), state.legal_actions(seat), seconds
    )


def _deadline(loaded: Loaded, clock: dict[str, Json] | None) -> float | None:
    """The earliest moment a deciding human's clock runs out (None: no clock or no human deciding)."""
    if clock is None:
        return None
    config = _clock_config(loaded)
    ends = [end for seat in loaded.humans() if (end := clocks.deadline(config, clock, seat)) is not None]
    return min(ends, default=None)


def _parse_action(game: Game[Any], state: State, seat: int, form: Any) -> int:
    """An action id from its id, its JSON form or its text (MalformedAction for none of them)."""
    if isinstance(form, bool):
        raise MalformedAction(_("an action is an id, a JSON form or a text, not true/false"))
    if isinstance(form, int):
        if not 0 <= form < state.num_distinct_actions():
            raise MalformedAction(_("{action} is not an action of this game").format(action=form))
        return form
    if isinstance(form, str):
        return PlayerView(game, state, seat).parse_action(form)
    try:
        return state.action_from_json(form)
    except MalformedAction:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise MalformedAction(_("not an action of this game: {problem}").format(problem=error)) from None


def _encode(value: Json) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _clock_config(loaded: Loaded) -> dict[str, Json]:
    config: dict[str, Json] = dict(cast("dict[str, Json]", loaded.settings.get("clock") or {"kind": "none"}))
    return config
