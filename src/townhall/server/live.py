"""A live table: the state a process plays on, rebuilt from the stored log through the engine's
one replay (`engine.records.replay_steps`, which checks that each step draws exactly its chance).

The log holds actions, undos and forfeits: an undo removes the kept action before it, a forfeit
ends the game (the state itself is not over), and the kept actions are replayed from `game.start`
with the set-up chance. An action the timeout policy played for a human out of time is kept like
any other, marked as such; a "leave" row hands its seat to the timeout policy from then on.

A table whose human seats are not all taken is open: nobody moves, no clock runs, no bot plays.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from townhall.engine.agent import PlayerView
from townhall.engine.chance import Chance
from townhall.engine.errors import OptionError
from townhall.engine.match import may_take_back
from townhall.engine.outcome import forfeit
from townhall.engine.protocol import Event, Game, Json, Outcome, State
from townhall.engine.records import RecordStep, replay_steps
from townhall.server import clocks
from townhall.server.model import FORFEIT, HUMAN, LEAVE, OPEN, RUNNING, TIMEOUT, UNDO, Seat, Stored, Table
from townhall.server.storage import utc_now
from townhall.server.words import _

STAND_IN = "greedy"  # plays for a human out of time, and for one who left


@dataclass(slots=True)
class Played:
    """A kept action of the log, with what replaying it gave."""

    state_id: int
    player: int
    action: dict[str, Json]
    chance: list[int]
    movers_after: tuple[int, ...]
    events: list[Event]
    private: bool = False  # a step of a secret plan: its seat alone sees it (State.private_step)
    timed_out: bool = False  # played by the timeout policy for a human out of time


@dataclass(slots=True)
class Undone:
    """A step taken back, kept for the log: its events are known when the undo was made here; a
    rebuilt table replays them on demand from the kept steps before it (`undone_events`)."""

    played: Played
    before: list[Played] | None = None  # the kept steps before it, while its events are unknown


@dataclass(slots=True, kw_only=True)
class Live:
    """A table as this process holds it: its row as last stored, the live state at the row's state
    id, and what the views need."""

    table: Table  # replaced, never changed, as the table moves on (the store may hold the same row)
    game: Game[Any]
    state: State
    steps: list[Played] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)  # token hash -> seat
    chat: list[Json] = field(default_factory=list)  # the last chat lines, as the views show them
    ended: Outcome | None = None  # a forfeit's outcome (the state itself is not over)
    views: dict[tuple[int | None, str], str] = field(default_factory=dict)  # per (seat, language), at state_id
    check: bool = False  # another process may have changed the table: check before the next view
    marks: list[int | None] = field(default_factory=list)  # per log row: the seat of a private step
    left: dict[int, int] = field(default_factory=dict)  # seat -> the state id of its "leave" row
    undone: list[Undone] = field(default_factory=list)  # the steps taken back, oldest first
    rating_change: dict[int, float] = field(default_factory=dict)  # a rated end's, per seat

    @property
    def waiting(self) -> int:
        """How many human seats are still free while the table is open (0: the game runs)."""
        return _free_seats(self.seats) if self.table.status == OPEN else 0

    def seen_ids(self, viewer: int | None) -> list[int]:
        """Per log row, the state id `viewer` knows it by: the rows `viewer` may see, counted (a
        private step of another seat adds none), so no id tells of the others' secret steps."""
        ids, count = [], 0
        for mark in self.marks:
            count += mark is None or mark == viewer
            ids.append(count)
        return ids

    def seen_id(self, viewer: int | None) -> int:
        """The state id `viewer` (None: a spectator) sees: their count of the rows they may see."""
        return sum(1 for mark in self.marks if mark is None or mark == viewer)

    def to_move(self) -> tuple[int, ...]:
        return () if self.ended is not None else self.state.to_move()

    def outcome(self) -> Outcome | None:
        return self.ended if self.ended is not None else self.state.outcome()

    def bots(self) -> dict[int, str]:
        """The seats the server plays: bots, and humans who left (played by the stand-in)."""
        if self.table.status == OPEN:
            return {}
        played = {s.seat: s.spec for s in self.seats if s.kind == "bot"}
        played.update(dict.fromkeys(self.left, STAND_IN))
        return played

    def humans(self) -> list[int]:
        """The seats people play (those who left are the server's now)."""
        return [s.seat for s in self.seats if s.kind == "human" and s.seat not in self.left]

    def play(self, seat: int, action: int) -> tuple[State, Played]:
        """`seat`'s action applied to a copy of the live state with a logged chance: the state
        after it and the step it makes (the live table moves on only once the step is stored)."""
        private = self.state.private_step(seat, action)
        after = self.state.clone()
        chance = self.next_chance()
        events: list[Event] = []
        after.apply(seat, action, chance, events)
        json_form = self.state.action_to_json(action)
        return after, Played(
            self.table.state_id + 1, seat, json_form, chance.take_log(), after.to_move(), events, private
        )

    def next_chance(self) -> Chance:
        """The chance of the next step: fresh, or the table's seeded stream past every draw kept so
        far (the set-up's and the kept steps'), so that the n-th draw of the game is the same for
        every table of that seed, and a step taken back draws the same again."""
        if self.table.chance_seed is None:
            return Chance(secrets.randbits(63), log=True)
        chance = Chance(self.table.chance_seed, log=True)
        chance.skip(len(self.table.setup_chance) + sum(len(step.chance) for step in self.steps))
        return chance

    def undoable(self, seat: int) -> bool:
        return self.undoable_index(seat) is not None

    def undoable_index(self, seat: int) -> int | None:
        """Which kept step `seat` may take back: its own last one, if no step anyone may see came
        after it (other seats' private steps may: they do not touch it, and must not show)."""
        if self.ended is not None:
            return None
        for index in range(len(self.steps) - 1, -1, -1):
            step = self.steps[index]
            if step.player == seat:
                if step.timed_out:  # the timeout policy's move is not the player's to take back
                    return None
                return index if may_take_back(seat, bool(step.chance), step.movers_after) else None
            if not step.private:
                return None
        return None

    def clock_config(self) -> dict[str, Json]:
        return dict(cast("dict[str, Json]", self.table.settings.get("clock") or {"kind": "none"}))

    def overdue(self, now: float) -> list[int]:
        """The human seats whose clock has run out while deciding."""
        clock = self.table.clock
        if clock is None or self.outcome() is not None or self.table.status == OPEN:
            return []
        config = self.clock_config()
        ends = {seat: clocks.deadline(config, clock, seat) for seat in self.humans()}
        return [seat for seat, end in ends.items() if end is not None and end <= now]

    def deadline(self, clock: dict[str, Json] | None) -> float | None:
        """The earliest moment a deciding human's clock runs out (None: no clock or no human deciding)."""
        if clock is None:
            return None
        config = self.clock_config()
        ends = [end for seat in self.humans() if (end := clocks.deadline(config, clock, seat)) is not None]
        return min(ends, default=None)


def replay_kept(game: Game[Any], table: Table, kept: Sequence[Played]) -> tuple[State, list[Played]]:
    """The state after the kept actions, and each with the events and movers replaying it gave."""
    steps = [RecordStep(step.player, step.action, step.chance) for step in kept]
    state = None
    played: list[Played] = []
    frames = replay_steps(game, table.num_players, table.options, table.setup_chance, steps, texts=False)
    for frame in frames:
        state = frame.state
        if frame.step is not None:
            step = kept[frame.index]
            moved = state.to_move()
            played.append(
                Played(
                    step.state_id,
                    step.player,
                    step.action,
                    step.chance,
                    moved,
                    frame.events,
                    step.private,
                    step.timed_out,
                )
            )
    assert state is not None  # the replay yields the initial state first
    return state, played


def undone_events(live: Live, entry: Undone) -> list[Event]:
    """The events of a step taken back, replayed once from the kept steps before it."""
    if entry.before is not None:
        _, played = replay_kept(live.game, live.table, [*entry.before, entry.played])
        entry.played.events, entry.before = played[-1].events, None
    return entry.played.events


def rebuild(stored: Stored, lookup: Callable[[str], Game[Any]]) -> Live:
    """The live table from its stored rows: seats, tokens, recent chat and the replayed log."""
    table = stored.table
    game = lookup(table.game)
    if game.meta.data_version != table.data_version:
        raise OptionError(
            _("table {table} was made with other {game} rules data").format(table=table.id, game=game.meta.title)
        )
    kept: list[Played] = []
    undone: list[Undone] = []
    ended: Outcome | None = None
    left: dict[int, int] = {}
    for step in stored.steps:
        if step.kind == UNDO:
            undid = (step.action or {}).get("undid")  # older undo rows took back the last step
            index = next((i for i, k in enumerate(kept) if k.state_id == undid), len(kept) - 1)
            undone.append(Undone(kept.pop(index), before=kept[:index]))
        elif step.kind == FORFEIT:
            ended = forfeit(table.num_players, [step.player], str((step.action or {}).get("reason", "resign")))
        elif step.kind == LEAVE:
            left[step.player] = step.state_id
        else:
            action = dict(step.action or {})
            private = step.private_to is not None
            timed_out = step.kind == TIMEOUT
            kept.append(Played(step.state_id, step.player, action, list(step.chance), (), [], private, timed_out))
    state, played = replay_kept(game, table, kept)
    return Live(
        table=table,
        game=game,
        state=state,
        steps=played,
        seats=stored.seats,
        tokens={s.token_hash: s.seat for s in stored.seats if s.token_hash is not None},
        chat=[line.to_json() for line in stored.chat],
        ended=ended,
        marks=[step.private_to for step in stored.steps],
        left=left,
        undone=undone,
        rating_change=dict(stored.rating_changes),
    )


def new_table(
    game: Game[Any],
    num_players: int,
    options: dict[str, Json],
    seats: Sequence[str],
    settings: dict[str, Json],
    clock_now: float,
    table_id: str | None = None,
    invites: Mapping[int, tuple[str, str]] | None = None,
    chance_seed: int | None = None,
) -> Live:
    """A new table, live with its row: the state started with a logged chance (the seeded
    stream's start when `chance_seed` is given), the clock set; its id a fresh uuid4 unless given
    (a rematch's id is its old table's, hashed). `invites` keeps human seats for accounts:
    seat -> (account id, name)."""
    chance = Chance(secrets.randbits(63) if chance_seed is None else chance_seed, log=True)
    resolved = dict(game.meta.resolve(options))
    state = game.start(num_players, resolved, chance)
    now = utc_now()
    table = Table(
        id=table_id or uuid.uuid4().hex,
        game=game.meta.name,
        data_version=game.meta.data_version,
        num_players=num_players,
        options=resolved,
        setup_chance=chance.take_log(),
        settings=dict(settings),
        clock=None,
        deadline=None,
        movers=list(state.to_move()),
        state_id=0,
        status=OPEN if HUMAN in seats else RUNNING,
        created_at=now,
        updated_at=now,
        chance_seed=chance_seed,
    )
    seated = [_new_seat(n, spec, (invites or {}).get(n)) for n, spec in enumerate(seats)]
    live = Live(table=table, game=game, state=state, seats=seated)
    # an open table's clock runs from the moment its last seat is taken (`started_clock`)
    movers = state.to_move() if table.status == RUNNING else ()
    clock = clocks.start(live.clock_config(), num_players, movers, clock_now)
    live.table = replace(table, clock=clock, public_clock=clock, deadline=live.deadline(clock))
    return live


def started_clock(live: Live, now: float) -> tuple[dict[str, Json] | None, float | None]:
    """The clock (and its deadline) of an open table at the moment its last seat is taken: the
    seats deciding now start to run."""
    if live.table.clock is None:
        return None, None
    clock: dict[str, Json] = {**live.table.clock, "since": {str(seat): now for seat in live.to_move()}}
    return clock, live.deadline(clock)


def _free_seats(seats: Sequence[Seat]) -> int:
    return sum(1 for s in seats if s.kind == "human" and not s.taken)


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A decision a bot seat must take now: a private copy of the state to think on."""

    seat: int
    spec: str
    state_id: int
    view: PlayerView
    legal: list[int]
    seconds: float


def bot_turn(live: Live, seat: int, spec: str) -> BotTurn:
    state = live.state.clone()
    seconds = float(cast(float, live.table.settings.get("bot_seconds", 1.0)))
    return BotTurn(
        seat, spec, live.seen_id(seat), PlayerView(live.game, state, seat), state.legal_actions(seat), seconds
    )


def _new_seat(seat: int, spec: str, invited: tuple[str, str] | None) -> Seat:
    """A free seat (kept for an invited account), or a bot's named by its spec."""
    account, name = invited or (None, None)
    return Seat(seat=seat, spec=spec, name=None if spec == HUMAN else spec, invited_id=account, invited_name=name)
