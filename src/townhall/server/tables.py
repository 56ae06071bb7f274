"""The table runner: load a table, check the state id inside the database transaction, apply,
commit, then answer, then tell the listeners (pub/sub, bots). It knows no HTTP.

A table is rebuilt from its stored log like `engine.records.replay`: `game.start` with the stored
set-up chance, then every kept action with the chance it drew. An undo is a log row of its own: it
takes back the player's last action and makes a new state with a new id, so the state id (the
number of log rows) only ever grows. The conditional `UPDATE ... WHERE state_id = :expected`
(after `SELECT ... FOR UPDATE` on PostgreSQL) lets one process only apply an action to a state.
"""

from __future__ import annotations

import secrets
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from townhall.engine.agent import PlayerView
from townhall.engine.chance import Chance, ScriptedChance
from townhall.engine.errors import GameOver, MalformedAction, NotYourTurn, OptionError, StaleState
from townhall.engine.match import may_take_back
from townhall.engine.protocol import Event, Game, Json, State
from townhall.engine.records import MatchRecord, RecordStep
from townhall.server import clocks
from townhall.server.errors import BadRequest, BadToken, NotOver, NotSeated, SeatTaken, TableNotFound, UndoRefused
from townhall.server.storage import ChatRow, SeatRow, StepRow, TableRow, hash_token, utc_now

Listener = Callable[[str, int], None]
EVENTS_SHOWN = 30
CHAT_SHOWN = 50
CHAT_LIMIT = 500


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
    """A table as this process holds it: the live state at `state_id`."""

    table_id: str
    game: Game
    num_players: int
    options: dict[str, Json]
    setup_chance: list[int]
    settings: dict[str, Json]
    state_id: int
    state: State
    steps: list[Step] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A decision a bot seat must take now: a private copy of the state to think on."""

    seat: int
    spec: str
    state_id: int
    view: PlayerView
    legal: list[int]
    seconds: float


class TableRunner:
    """Tables in a database, played through the engine protocol only (no game name or rule here)."""

    def __init__(self, engine: Engine, lookup: Callable[[str], Game]) -> None:
        self._engine = engine
        self._lookup = lookup
        self._cache: dict[str, Loaded] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
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
        movers = game.start(num_players, resolved, chance).to_move()
        clock_config = settings.get("clock") or {"kind": "none"}
        table_id = uuid.uuid4().hex
        with Session(self._engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table_id,
                    game=game.meta.name,
                    data_version=game.meta.data_version,
                    num_players=num_players,
                    options=dict(resolved),
                    setup_chance=chance.take_log(),
                    settings=settings,
                    clock=clocks.start(clock_config, num_players, movers, time.time()),
                    state_id=0,
                    status="open" if "human" in seats else "running",
                )
            )
            session.flush()
            for seat, spec in enumerate(seats):
                kind = "human" if spec == "human" else "bot"
                session.add(
                    SeatRow(table_id=table_id, seat=seat, kind=kind, spec=spec, name=None if kind == "human" else spec)
                )
        self._notify(table_id, 0)
        return table_id

    def take_seat(self, table_id: str, seat: int, name: str) -> str:
        """Seat a person; the token (128 random bits) is returned once and stored only as a hash."""
        token = secrets.token_urlsafe(16)
        with Session(self._engine) as session, session.begin():
            row = self._row(session, table_id)
            seat_row = session.get(SeatRow, (table_id, seat))
            if seat_row is None:
                raise TableNotFound(f"table {table_id} has no seat {seat} (seats 0-{row.num_players - 1})")
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
                raise SeatTaken(f"seat {seat} is {'a bot' if seat_row.kind == 'bot' else 'taken'}")
            free = session.scalars(
                select(SeatRow.seat).where(
                    SeatRow.table_id == table_id, SeatRow.kind == "human", SeatRow.token_hash.is_(None)
                )
            ).all()
            if not free and row.status == "open":
                row.status = "running"
            state_id = row.state_id
        self._notify(table_id, state_id)
        return token

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat a token belongs to; None for a spectator (no token); BadToken otherwise."""
        with Session(self._engine) as session:
            self._row(session, table_id)
            if token is None:
                return None
            seat = session.scalar(
                select(SeatRow.seat).where(SeatRow.table_id == table_id, SeatRow.token_hash == hash_token(token))
            )
        if seat is None:
            raise BadToken("this token belongs to no seat of this table")
        return seat

    # --- reading --------------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Json]]:
        """Open and running tables, newest first."""
        with Session(self._engine) as session:
            rows = session.scalars(
                select(TableRow).where(TableRow.status != "over").order_by(TableRow.created_at.desc()).limit(200)
            ).all()
            return [self._summary(session, row) for row in rows]

    def summary(self, table_id: str) -> dict[str, Json]:
        with Session(self._engine) as session:
            return self._summary(session, self._row(session, table_id))

    def _summary(self, session: Session, row: TableRow) -> dict[str, Json]:
        seats = session.scalars(select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)).all()
        return {
            "id": row.id,
            "game": row.game,
            "players": row.num_players,
            "options": row.options,
            "status": row.status,
            "state_id": row.state_id,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "spec": s.spec,
                    "name": s.name,
                    "taken": s.kind == "bot" or s.token_hash is not None,
                }
                for s in seats
            ],
            "settings": row.settings,
        }

    def view(self, table_id: str, seat: int | None) -> dict[str, Json]:
        """What `seat` (None: a spectator) may see now: observation, board, its legal actions, events."""
        with self._lock(table_id):
            with Session(self._engine) as session:
                row = self._row(session, table_id)
                loaded = self._fresh(session, row)
                summary = self._summary(session, row)
                chat = session.scalars(
                    select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc()).limit(CHAT_SHOWN)
                ).all()
                chat_lines: list[Json] = [
                    {"seat": c.seat, "name": c.name, "text": c.text, "at": c.created_at.isoformat()}
                    for c in reversed(chat)
                ]
                clock = clocks.view(_clock_config(loaded), row.clock, time.time())
            return {**summary, **self._state_view(loaded, seat), "clocks": clock, "chat": chat_lines}

    def _state_view(self, loaded: Loaded, seat: int | None) -> dict[str, Json]:
        game, state = loaded.game, loaded.state
        to_move = list(state.to_move())
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
        outcome = state.outcome()
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
        with self._lock(table_id), Session(self._engine) as session:
            row = self._row(session, table_id)
            loaded = self._fresh(session, row)
            seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)).all()
        if not loaded.state.is_terminal():
            raise NotOver("the record is published once the game is over")
        state = loaded.state
        return MatchRecord(
            game=loaded.game.meta.name,
            data_version=loaded.game.meta.data_version,
            num_players=loaded.num_players,
            options=loaded.options,
            seed=None,
            seats=[s.spec if s.kind == "bot" else f"human:{s.name or ''}" for s in seats],
            setup_chance=loaded.setup_chance,
            steps=[RecordStep(step.player, step.action, step.chance) for step in loaded.steps],
            scores=[float(s) for s in state.scores()],
            ranks=state.ranks(),
        ).to_json()

    def view_at(self, table_id: str, step: int) -> dict[str, Json]:
        """A spectator's view of a finished table after its first `step` kept actions (the
        browser's replay viewer); `steps` tells how many there are."""
        with self._lock(table_id), Session(self._engine) as session:
            row = self._row(session, table_id)
            loaded = self._fresh(session, row)
            summary = self._summary(session, row)
        if not loaded.state.is_terminal():
            raise NotOver("the replay is published once the game is over")
        if not 0 <= step <= len(loaded.steps):
            raise BadRequest(f"step {step} is outside 0-{len(loaded.steps)}")
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
        )
        return {**summary, **self._state_view(at, None), "step": step, "steps": len(loaded.steps)}

    # --- changing -------------------------------------------------------------------------

    def act(self, table_id: str, seat: int | None, state_id: int | None, form: Any) -> int:
        """Apply `seat`'s action (an id, its JSON form or its text) to state `state_id` (None: the
        current one); returns the new state id once its log row is committed."""
        if seat is None:
            raise NotSeated("only a seated player may act; send the seat's token")
        with self._lock(table_id):
            with Session(self._engine) as session, session.begin():
                row = self._row(session, table_id, for_update=True)
                loaded = self._fresh(session, row)
                expected = row.state_id
                if state_id is not None and state_id != expected:
                    raise StaleState(f"state {state_id} is old; the table is at state {expected}")
                state = loaded.state
                movers = state.to_move()
                if not movers:
                    raise GameOver("ENGINE-OVER", "the game is over")
                if seat not in movers:
                    raise NotYourTurn("ENGINE-TURN", f"seat {seat} is not to move now")
                action = _parse_action(loaded.game, state, seat, form)
                after = state.clone()
                chance = Chance(secrets.randbits(63), log=True)
                events: list[Event] = []
                after.apply(seat, action, chance, events)
                step = Step(
                    expected + 1, seat, state.action_to_json(action), chance.take_log(), after.to_move(), events
                )
                clock = clocks.after_step(_clock_config(loaded), row.clock, seat, step.movers_after, time.time())
                self._commit_step(session, table_id, expected, "action", step, after.is_terminal(), clock)
            loaded.state, loaded.state_id = after, step.state_id
            loaded.steps.append(step)
        self._notify(table_id, step.state_id)
        return step.state_id

    def undo(self, table_id: str, seat: int | None, state_id: int | None) -> int:
        """Take back `seat`'s last action within the engine's undo rules: it drew no chance, the
        seat acted last and is still deciding. A new state with a new id."""
        if seat is None:
            raise NotSeated("only a seated player may undo; send the seat's token")
        with self._lock(table_id):
            with Session(self._engine) as session, session.begin():
                row = self._row(session, table_id, for_update=True)
                loaded = self._fresh(session, row)
                expected = row.state_id
                if state_id is not None and state_id != expected:
                    raise StaleState(f"state {state_id} is old; the table is at state {expected}")
                if not self._undoable(loaded, seat):
                    raise UndoRefused(
                        "nothing to undo: undo takes back your own last step while nothing was drawn and you are still deciding"
                    )
                last = loaded.steps[-1]
                marker = Step(expected + 1, seat, {}, [], last.movers_after, [])
                self._commit_step(session, table_id, expected, "undo", marker, False, row.clock)
                rebuilt = self._replay(
                    loaded.game, loaded.num_players, loaded.options, loaded.setup_chance, loaded.steps[:-1]
                )
            loaded.state, loaded.steps, loaded.state_id = rebuilt[0], rebuilt[1], expected + 1
        self._notify(table_id, expected + 1)
        return expected + 1

    def chat(self, table_id: str, seat: int | None, text: str) -> None:
        if seat is None:
            raise NotSeated("spectators read the chat; only seated players write")
        text = text.strip()
        if not text or len(text) > CHAT_LIMIT:
            raise BadRequest(f"a chat line has 1-{CHAT_LIMIT} characters")
        with Session(self._engine) as session, session.begin():
            row = self._row(session, table_id)
            seat_row = session.get(SeatRow, (table_id, seat))
            session.add(
                ChatRow(table_id=table_id, seat=seat, name=(seat_row.name if seat_row else None) or "", text=text)
            )
            state_id = row.state_id
        self._notify(table_id, state_id)

    def overdue(self) -> list[tuple[str, int, int]]:
        """(table, seat, state id) of each human seat whose clock has run out while deciding."""
        now = time.time()
        found: list[tuple[str, int, int]] = []
        with Session(self._engine) as session:
            rows = session.scalars(select(TableRow).where(TableRow.status != "over", TableRow.clock.is_not(None)))
            for row in rows:
                config = dict(row.settings.get("clock") or {})  # type: ignore[call-overload]
                if not row.clock or config.get("kind", "none") == "none":
                    continue  # JSON null is stored as 'null', not SQL NULL
                humans = set(
                    session.scalars(select(SeatRow.seat).where(SeatRow.table_id == row.id, SeatRow.kind == "human"))
                )
                for seat in humans:
                    end = clocks.deadline(config, row.clock or {}, seat)
                    if end is not None and end <= now:
                        found.append((row.id, seat, row.state_id))
        return found

    def turn(self, table_id: str, seat: int, spec: str) -> BotTurn | None:
        """A private copy for `seat` to think on with agent `spec`, if it is deciding now."""
        with self._lock(table_id), Session(self._engine) as session:
            loaded = self._fresh(session, self._row(session, table_id))
            if seat not in loaded.state.to_move():
                return None
            state = loaded.state.clone()
            seconds = float(loaded.settings.get("bot_seconds", 1.0))
            return BotTurn(
                seat, spec, loaded.state_id, PlayerView(loaded.game, state, seat), state.legal_actions(seat), seconds
            )

    def bot_turn(self, table_id: str) -> BotTurn | None:
        """The next decision of a bot seat at this table, or None when no bot is to move."""
        with self._lock(table_id), Session(self._engine) as session:
            row = self._row(session, table_id)
            loaded = self._fresh(session, row)
            bots = {
                s.seat: s.spec
                for s in session.scalars(select(SeatRow).where(SeatRow.table_id == table_id, SeatRow.kind == "bot"))
            }
            for seat in loaded.state.to_move():
                if seat in bots:
                    state = loaded.state.clone()
                    seconds = float(loaded.settings.get("bot_seconds", 1.0))
                    return BotTurn(
                        seat,
                        bots[seat],
                        loaded.state_id,
                        PlayerView(loaded.game, state, seat),
                        state.legal_actions(seat),
                        seconds,
                    )
        return None

    def active_tables(self) -> list[str]:
        with Session(self._engine) as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.status != "over")).all())

    # --- internals ------------------------------------------------------------------------

    def _commit_step(
        self, session: Session, table_id: str, expected: int, kind: str, step: Step, over: bool, clock: Json
    ) -> None:
        values: dict[str, Any] = {"state_id": expected + 1, "updated_at": utc_now(), "clock": clock}
        if over:
            values["status"] = "over"
        moved = session.execute(
            update(TableRow).where(TableRow.id == table_id, TableRow.state_id == expected).values(**values)
        )
        if moved.rowcount != 1:  # type: ignore[attr-defined]
            raise StaleState(f"state {expected} was changed by another request")
        session.add(
            StepRow(
                table_id=table_id,
                state_id=step.state_id,
                kind=kind,
                player=step.player,
                action=step.action if kind == "action" else None,
                chance=step.chance,
            )
        )
        try:
            session.flush()
        except (IntegrityError, OperationalError) as error:
            raise StaleState(f"state {expected} was changed by another request") from error

    def _notify(self, table_id: str, state_id: int) -> None:
        for listener in list(self.listeners):
            listener(table_id, state_id)

    def _lock(self, table_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(table_id, threading.Lock())

    def _row(self, session: Session, table_id: str, *, for_update: bool = False) -> TableRow:
        row = session.get(TableRow, table_id, with_for_update=for_update)
        if row is None:
            raise TableNotFound(f"there is no table {table_id!r}")
        return row

    def _fresh(self, session: Session, row: TableRow) -> Loaded:
        """The cached table if it is at the row's state id, else rebuilt from the stored log."""
        cached = self._cache.get(row.id)
        if cached is not None and cached.state_id == row.state_id:
            return cached
        game = self._lookup(row.game)
        if game.meta.data_version != row.data_version:
            raise OptionError(f"table {row.id} was made with other {game.meta.title} rules data")
        kept: list[StepRow] = []
        for step_row in session.scalars(select(StepRow).where(StepRow.table_id == row.id).order_by(StepRow.state_id)):
            if step_row.kind == "undo":
                kept.pop()
            else:
                kept.append(step_row)
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
        )
        self._cache[row.id] = loaded
        return loaded

    @staticmethod
    def _replay(
        game: Game, num_players: int, options: dict[str, Json], setup: list[int], planned: Sequence[Step]
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
        if not loaded.steps:
            return False
        last = loaded.steps[-1]
        return last.player == seat and may_take_back(seat, bool(last.chance), last.movers_after)


def _parse_action(game: Game, state: State, seat: int, form: Any) -> int:
    """An action id from its id, its JSON form or its text (MalformedAction for none of them)."""
    if isinstance(form, bool):
        raise MalformedAction("an action is an id, a JSON form or a text, not true/false")
    if isinstance(form, int):
        if not 0 <= form < state.num_distinct_actions():
            raise MalformedAction(f"{form} is not an action of this game")
        return form
    if isinstance(form, str):
        return PlayerView(game, state, seat).parse_action(form)
    try:
        return state.action_from_json(form)
    except MalformedAction:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise MalformedAction(f"not an action of this game: {error}") from None


def _clock_config(loaded: Loaded) -> dict[str, Json]:
    config: dict[str, Json] = dict(loaded.settings.get("clock") or {"kind": "none"})
    return config
