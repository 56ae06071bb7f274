"""The table runner: load a table, check the state id, apply, store (the store checks the state id
again inside its transaction), then answer, then tell the listeners (pub/sub, bots). It knows no
HTTP and no SQL: tables live in the injected `TableStore`, live ones in this process's cache.

An undo is a log row of its own: it takes back the player's last action and makes a new state with
a new id, so the state id (the number of log rows) only ever grows. A forfeit row (resignation,
time) ends the game; a leave row hands a seat to the table's timeout policy. Nothing moves at an
open table (a human seat still free): moves are refused, no clock runs and no bot plays.
Typed actions are read by the engine's parser, as at the terminal. Seating (server/seating.py)
and reading (server/reading.py) are its parts, on the same cache and store.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from townhall.engine.agent import parse_action_form
from townhall.engine.chance import Chance
from townhall.engine.errors import GameOver, NotYourTurn, StaleState, TownhallError
from townhall.engine.match import may_take_back
from townhall.engine.outcome import forfeit
from townhall.engine.protocol import Game, Json, Outcome, State
from townhall.server import clocks
from townhall.server.cache import CACHED_TABLES, TableCache
from townhall.server.errors import (
    BadRequest,
    NotSeated,
    UndoRefused,
    Waiting,
)
from townhall.server.live import BotTurn, Live, Undone, bot_turn, new_table, replay_kept
from townhall.server.model import (
    ACTION,
    FORFEIT,
    LEAVE,
    OPEN,
    TIMEOUT,
    UNDO,
    Ending,
    Moved,
    Step,
)
from townhall.server.reading import TableReader
from townhall.server.seating import Seating
from townhall.server.storage import utc_now
from townhall.server.store import CHAT_SHOWN, TableStore
from townhall.server.words import _, ngettext

PLAYER, SERVER, TIMED_OUT = "player", "server", "timeout"  # who makes a move (`TableRunner.act`)
Listener = Callable[[str, int, int | None], None]  # table, state id, the seat of a private step
CHAT_LIMIT = 500

log = logging.getLogger("townhall.server")


def _refuse_stale(state_id: int | None, now: int) -> None:
    """A request names the state it saw (None: whatever is current); an old one is refused."""
    if state_id is not None and state_id != now:
        raise StaleState(_("state {old} is old; the table is at state {now}").format(old=state_id, now=now))


class TableRunner:
    """Tables played through the engine protocol only (no game name or rule here)."""

    def __init__(
        self,
        store: TableStore,
        lookup: Callable[[str], Game[Any]],
        capacity: int = CACHED_TABLES,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self._now = now  # the clocks' time (tests move it on)
        self.cache = TableCache(store, lookup, capacity)
        self._lookup = lookup
        self.listeners: list[Listener] = []
        self.seating = Seating(self.cache, store, now, self.create, self._notify)
        self.reading = TableReader(self.cache, store, now)

    # --- creating -------------------------------------------------------------------------

    def create(
        self,
        game_name: str,
        num_players: int,
        options: dict[str, Json],
        seats: Sequence[str],
        settings: dict[str, Json],
        table_id: str | None = None,
        invites: Mapping[int, tuple[str, str]] | None = None,
        chance_seed: int | None = None,
    ) -> str:
        """A new table; `seats` holds "human" or an agent spec per seat (already checked), `invites`
        the human seats kept for an account (seat -> (account id, name)). TableExists when
        `table_id` is given and taken. `chance_seed`: the table draws its every chance from that
        one seeded stream (a daily challenge)."""
        game = self._lookup(game_name)
        live = new_table(game, num_players, options, seats, settings, self._now(), table_id, invites, chance_seed)
        self.store.create(live.table, live.seats)
        self.cache.keep(live)
        self._notify(live.table.id, 0, None)
        return live.table.id

    # --- changing -------------------------------------------------------------------------

    def act(self, table_id: str, seat: int | None, state_id: int | None, form: Any, by: str = PLAYER) -> int:
        """Apply `seat`'s action (an id, its JSON form or its text) to state `state_id` (None: the
        current one); returns the new state id once its log row is stored. `by`: the seat's
        player, the server (a bot, or the stand-in of a seat that left) or the timeout policy
        for a human out of time (the log says so)."""
        if seat is None:
            raise NotSeated(_("only a seated player may act; send the seat's token"))
        with self.cache.lock(table_id):
            live = self._started(self.cache.get(table_id), seat if by == PLAYER else None)
            timed_out = by == TIMED_OUT
            for attempt in range(2):
                if state_id is not None and state_id != live.seen_id(seat):
                    live = self.cache.checked(live)  # this process's copy may be behind another's
                    _refuse_stale(state_id, live.seen_id(seat))
                movers = live.to_move()
                if not movers:
                    raise GameOver("ENGINE-OVER", _("the game is over"))
                if seat not in movers:
                    raise NotYourTurn("ENGINE-TURN", _("seat {seat} is not to move now").format(seat=seat))
                after, played = live.play(seat, parse_action_form(live.state, seat, form))
                clock = clocks.after_step(live.clock_config(), live.table.clock, seat, played.movers_after, self._now())
                played.timed_out = timed_out
                step = Step(
                    state_id=played.state_id,
                    kind=TIMEOUT if timed_out else ACTION,
                    player=seat,
                    action=played.action,
                    chance=played.chance,
                    private_to=seat if played.private else None,
                )
                try:
                    self._write(live, step, after.is_terminal(), clock, after)
                    break
                except StaleState:
                    live = self.cache.get(table_id)  # another process moved first (rebuilt)
                    # still current as this seat sees it (another seat's private step): try again
                    if (state_id is not None and state_id != live.seen_id(seat)) or attempt:
                        raise
            live.steps.append(played)
            seen = live.seen_id(seat)
        self._notify(table_id, played.state_id, seat if played.private else None)
        return seen

    def final(self, table_id: str, seat: int | None, state_id: int | None, form: Any) -> bool:
        """Whether `seat`'s action could not be taken back once played (the engine's undo rule:
        it draws a chance, or the seat no longer decides after it): the page asks to confirm it
        first. Played on a copy with a throwaway chance; it tells only what acting would tell."""
        if seat is None:
            raise NotSeated(_("only a seated player may act; send the seat's token"))
        with self.cache.lock(table_id):
            live = self._started(self._current(table_id, seat, state_id), seat)
            if seat not in live.to_move():
                raise NotYourTurn("ENGINE-TURN", _("seat {seat} is not to move now").format(seat=seat))
            action = parse_action_form(live.state, seat, form)
            after = live.state.clone()
            chance = Chance(secrets.randbits(63), log=True)
            after.apply(seat, action, chance, [])
            return not may_take_back(seat, bool(chance.take_log()), after.to_move())

    def undo(self, table_id: str, seat: int | None, state_id: int | None) -> int:
        """Take back `seat`'s last action within the engine's undo rules: it drew no chance, the
        seat acted last and is still deciding. A new state with a new id."""
        if seat is None:
            raise NotSeated(_("only a seated player may undo; send the seat's token"))
        with self.cache.lock(table_id):
            live = self._started(self._current(table_id, seat, state_id), seat)
            expected = live.table.state_id
            index = live.undoable_index(seat)
            refusal = _(
                "nothing to undo: undo takes back your own last step while nothing was drawn and you are still deciding"
            )
            if index is None:
                raise UndoRefused(refusal)
            undone = live.steps[index]
            kept = live.steps[:index] + live.steps[index + 1 :]
            try:  # later private steps of other seats are replayed without it
                state, steps = replay_kept(live.game, live.table, kept)
            except TownhallError as error:
                raise UndoRefused(refusal) from error
            private_to = seat if undone.private else None  # taking back a private step is private
            marker = Step(
                state_id=expected + 1, kind=UNDO, player=seat, action={"undid": undone.state_id}, private_to=private_to
            )
            self._write(live, marker, False, live.table.clock, state)
            live.steps = steps
            live.undone.append(Undone(undone))
            seen = live.seen_id(seat)
        self._notify(table_id, expected + 1, private_to)
        return seen

    def resign(self, table_id: str, seat: int | None, state_id: int | None = None, reason: str = "resign") -> int:
        """`seat` gives up (`reason` "resign", or "time" when its clock ran out): the game ends with
        the engine's forfeit outcome. A new state with a new id."""
        if seat is None:
            raise NotSeated(_("only a seated player may resign; send the seat's token"))
        with self.cache.lock(table_id):
            live = self._current(table_id, seat, state_id)
            expected = live.table.state_id
            if live.outcome() is not None:
                raise GameOver("ENGINE-OVER", _("the game is over"))
            if reason == "resign":  # the clock's forfeit may come for a seat that left
                self._started(live, seat)
            marker = Step(state_id=expected + 1, kind=FORFEIT, player=seat, action={"reason": reason})
            ended = forfeit(live.table.num_players, [seat], reason)
            stopped = None if live.table.clock is None else {**live.table.clock, "since": {}}
            self._write(live, marker, True, stopped, live.state, ended)
            live.ended = ended
            seen = live.seen_id(seat)
        self._notify(table_id, expected + 1, None)
        return seen

    def leave(self, table_id: str, seat: int | None, state_id: int | None = None) -> int:
        """`seat` leaves the game and the table's timeout policy replaces it: with "bot" the
        stand-in plays its every decision from now on, without waiting for a clock; with
        "forfeit" leaving is resigning. A new state with a new id."""
        if seat is None:
            raise NotSeated(_("only a seated player may leave; send the seat's token"))
        if self.on_timeout(table_id) == "forfeit":
            return self.resign(table_id, seat, state_id)
        with self.cache.lock(table_id):
            live = self._started(self._current(table_id, seat, state_id), seat)
            expected = live.table.state_id
            if live.outcome() is not None:
                raise GameOver("ENGINE-OVER", _("the game is over"))
            marker = Step(state_id=expected + 1, kind=LEAVE, player=seat, action=None)
            self._write(live, marker, False, live.table.clock, live.state)
            live.left = {**live.left, seat: expected + 1}
            seen = live.seen_id(seat)
        self._notify(table_id, expected + 1, None)
        return seen

    def chat(self, table_id: str, seat: int | None, text: str) -> None:
        if seat is None:
            raise NotSeated(_("spectators read the chat; only seated players write"))
        text = text.strip()
        if not text or len(text) > CHAT_LIMIT:
            raise BadRequest(_("a chat line has 1-{limit} characters").format(limit=CHAT_LIMIT))
        with self.cache.lock(table_id):
            line, touched = self.store.add_chat(table_id, seat, text, utc_now())

            def said(live: Live) -> None:
                live.chat = [*live.chat, line.to_json()][-CHAT_SHOWN:]

            self.cache.touched(table_id, touched, said)
        self._notify(table_id, touched.state_id, None)

    def heard(self, table_id: str, _state_id: int) -> None:
        """A change notice from another process: check the table before its next view."""
        self.cache.heard(table_id)

    # --- clocks and bots ------------------------------------------------------------------

    def overdue(self) -> list[tuple[str, int, int]]:
        """(table, seat, state id) of each human seat whose clock has run out while deciding."""
        now = self._now()
        found: list[tuple[str, int, int]] = []
        for table_id in self.store.overdue(now):
            with self.cache.lock(table_id):
                live = self.cache.checked(self.cache.get(table_id))
                found.extend((table_id, seat, live.seen_id(seat)) for seat in live.overdue(now))
        return found

    def on_timeout(self, table_id: str) -> str:
        """What happens to a human whose clock ran out at this table: "bot" or "forfeit"."""
        with self.cache.lock(table_id):
            return str(self.cache.get(table_id).clock_config().get("on_timeout", "bot"))

    def turn(self, table_id: str, seat: int, spec: str) -> BotTurn | None:
        """A private copy for `seat` to think on with agent `spec`, if it is deciding now."""
        with self.cache.lock(table_id):
            live = self.cache.checked(self.cache.get(table_id))
            return bot_turn(live, seat, spec) if seat in live.to_move() else None

    def bot_turn(self, table_id: str) -> BotTurn | None:
        """The next decision of a bot seat at this table, or None when no bot is to move."""
        with self.cache.lock(table_id):
            live = self.cache.get(table_id)
            if live.check:
                live = self.cache.checked(live)
            bots = live.bots()
            for seat in live.to_move():
                if seat in bots:
                    return bot_turn(live, seat, bots[seat])
        return None

    def active_tables(self) -> list[str]:
        return self.store.active()

    # --- internals ------------------------------------------------------------------------

    def _write(
        self,
        live: Live,
        step: Step,
        over: bool,
        clock: dict[str, Json] | None,
        after: State,
        ended: Outcome | None = None,
    ) -> None:
        """Store one log row and the table's new state id (the store refuses a state another
        process changed), then move the cached table on. A step that ends the game (`ended`: a
        forfeit's outcome, else the state's) carries it, so that a rated table's ratings move in
        the transaction that stores the end, and only in it."""
        now = utc_now()
        outcome = (ended or after.outcome()) if over else None
        ending = None
        if outcome is not None:
            left = tuple(sorted(live.left))
            ending = Ending(
                game=live.game.meta.name,
                ranks=outcome.ranks,
                winners=outcome.winners,
                left=left,
                scores=outcome.scores,
                forfeited=ended is not None,
            )
        public = live.seen_id(None) + (step.private_to is None)
        public_clock = clock if step.private_to is None else live.table.public_clock
        deadline = None if over else live.deadline(clock)
        moved = Moved(
            updated_at=now,
            clock=clock,
            deadline=deadline,
            over=over,
            public_state_id=public,
            public_clock=public_clock,
            movers=() if over else after.to_move(),
            ended=ending,
        )
        try:
            self.store.append(live.table.id, step.state_id - 1, step, moved)
        except StaleState:
            self.cache.reload(live.table.id)
            raise
        if ending is not None:
            live.rating_change = self.store.rating_changes(live.table.id)
        live.state, live.table = after, live.table.moved_on(step.state_id, moved)
        live.marks.append(step.private_to)
        live.views.clear()

    def _started(self, live: Live, seat: int | None) -> Live:
        """The table, if `seat` (None: the server) may move there: its game started (every human
        seat taken) and the seat not left. Waiting or NotSeated otherwise (call with its lock held)."""
        if live.table.status == OPEN:
            live = self.cache.checked(live)  # the last seat may have been taken through another process
        if live.waiting:
            raise Waiting(
                ngettext(
                    "waiting for players: the game starts when {n} more player takes a seat",
                    "waiting for players: the game starts when {n} more players take their seats",
                    live.waiting,
                ).format(n=live.waiting)
            )
        if seat in live.left:
            raise NotSeated(_("you left this game: the server plays your seat"))
        return live

    def _current(self, table_id: str, seat: int, state_id: int | None) -> Live:
        """The table as the store has it (call with its lock held); StaleState when `state_id`
        (None: whatever is current) is not its state id as `seat` sees it."""
        live = self.cache.checked(self.cache.get(table_id))
        _refuse_stale(state_id, live.seen_id(seat))
        return live

    def _notify(self, table_id: str, state_id: int, private_to: int | None) -> None:
        """Tell the listeners of a committed change; a listener's failure is logged, never raised:
        the change is committed and is answered as such."""
        for listener in list(self.listeners):
            try:
                listener(table_id, state_id, private_to)
            except Exception:
                log.exception("a listener failed on table %s at state %d (the change is committed)", table_id, state_id)
