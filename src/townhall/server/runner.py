"""The table runner: load a table, check the state id, apply, store (the store checks the state id
again inside its transaction), then answer, then tell the listeners (pub/sub, bots). It knows no
HTTP and no SQL: tables live in the injected `TableStore`, live ones in this process's cache.

An undo is a log row of its own: it takes back the player's last action and makes a new state with
a new id, so the state id (the number of log rows) only ever grows. A forfeit row (resignation,
time) ends the game; a leave row hands a seat to the table's timeout policy. Nothing moves at an
open table (a human seat still free): moves are refused, no clock runs and no bot plays.
Typed actions are read by the engine's parser, as at the terminal.
"""

from __future__ import annotations

import contextlib
import json
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
from townhall.engine.why import refusals_at
from townhall.i18n import naming, using
from townhall.server import clocks, history, projection, rematch
from townhall.server.analysis import Analyst, check_access, hint_turn, snapshot
from townhall.server.cache import CACHED_TABLES, TableCache
from townhall.server.errors import (
    BadRequest,
    BadToken,
    NotOver,
    NotSeated,
    SeatTaken,
    TableExists,
    UndoRefused,
    Waiting,
)
from townhall.server.live import BotTurn, Live, Undone, bot_turn, new_table, replay_kept, started_clock
from townhall.server.model import (
    ACTION,
    FORFEIT,
    GONE,
    LEAVE,
    OPEN,
    OVER,
    RUNNING,
    TIMEOUT,
    UNDO,
    Ending,
    Holder,
    Moved,
    Seat,
    Step,
)
from townhall.server.storage import hash_token, utc_now
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

    # --- creating and seating -------------------------------------------------------------

    def create(
        self,
        game_name: str,
        num_players: int,
        options: dict[str, Json],
        seats: Sequence[str],
        settings: dict[str, Json],
        table_id: str | None = None,
    ) -> str:
        """A new table; `seats` holds "human" or an agent spec per seat (already checked).
        TableExists when `table_id` is given and taken."""
        game = self._lookup(game_name)
        live, table = new_table(game, num_players, options, seats, settings, self._now(), table_id)
        self.store.create(table, live.seats)
        self.cache.keep(live)
        self._notify(live.table_id, 0, None)
        return live.table_id

    def take_seat(self, table_id: str, seat: int, name: str, account_id: str | None = None) -> str:
        """Seat a person (for an account when signed in: its every browser plays the seat); the
        token (128 random bits) is returned once and stored only as a hash."""
        token = secrets.token_urlsafe(16)
        self._seat(table_id, seat, name, hash_token(token), claim=False, account_id=account_id)
        return token

    def rematch(self, table_id: str, seat: int | None) -> tuple[str, int]:
        """`seat`'s place at the finished table's rematch (made by the first player who asks):
        (the new table, its seat). The seat's token stays its token there; asking again changes
        nothing."""
        if seat is None:
            raise NotSeated(_("only a player of this game may ask for a rematch; send the seat's token"))
        live = self._finished(table_id, _("a rematch is offered once the game is over"))
        new_id = rematch.rematch_id(table_id)
        settings = rematch.settings_of(table_id, live.settings)
        with contextlib.suppress(TableExists):  # another player asked first: the same table
            self.create(
                live.game.meta.name, live.num_players, live.options, rematch.rotated(live.seats), settings, new_id
            )
        place = live.seats[seat]
        new_seat = rematch.seat_after(seat, live.num_players)
        if place.token_hash is not None:
            account = place.account_id if place.account_id != GONE else None
            self._seat(new_id, new_seat, place.name or "player", place.token_hash, claim=True, account_id=account)
        return new_id, new_seat

    def _seat(self, table_id: str, seat: int, name: str, digest: str, claim: bool, account_id: str | None) -> None:
        """Seat the holder of a token's hash (and of an account, when signed in): a free seat, or
        (`claim`) a rematch's seat kept for them, where claiming twice changes nothing."""
        with self.cache.lock(table_id):
            live = self.cache.get(table_id)
            if rematch.kept(live.settings) and not claim:
                raise SeatTaken(_("seat {seat} is kept for a player of the last game").format(seat=seat))
            if claim and self.store.seat_of(table_id, digest) == seat:
                return  # claimed already
            started = started_clock(live, self._now())  # if this seat is the last one
            try:
                holder = Holder(name=name, token_hash=digest, account_id=account_id)
                touched = self.store.take_seat(table_id, seat, holder, utc_now(), started)
            except SeatTaken:
                if claim and self.store.seat_of(table_id, digest) == seat:
                    return  # the same player's other request (maybe through another process) was first
                raise

            def seated(live: Live) -> None:
                live.seats = [*live.seats]  # a view being built keeps the old list
                live.seats[seat] = Seat(
                    seat=seat, spec=live.seats[seat].spec, name=name, token_hash=digest, account_id=account_id
                )
                live.tokens[digest] = seat
                if live.status == OPEN and touched.status == RUNNING:  # the game starts: so does its clock
                    live.clock = live.public_clock = started[0]
                live.views.clear()  # the views' sentences name the seats

            self.cache.touched(table_id, touched, seated)
        self._notify(table_id, touched.state_id, None)

    def seat_of(self, table_id: str, token: str | None, account_id: str | None = None) -> int | None:
        """The seat a token belongs to (BadToken when none); without a token, the first seat the
        signed-in account holds; None for a spectator."""
        with self.cache.lock(table_id):
            live = self.cache.get(table_id)
            if token is None:
                return None if account_id is None else self._account_seat(live, account_id)
            digest = hash_token(token)
            seat = live.tokens.get(digest)
            if seat is None:  # seated through another process since this one loaded the table
                seat = self.store.seat_of(table_id, digest)
                if seat is not None:
                    live.tokens[digest] = seat
        if seat is None:
            raise BadToken(_("this token belongs to no seat of this table"))
        return seat

    def _account_seat(self, live: Live, account_id: str) -> int | None:
        held = [seat.seat for seat in live.seats if seat.account_id == account_id]
        if held:
            return held[0]
        return self.store.seat_of_account(live.table_id, account_id)  # bound through another process

    def forget(self, table_ids: Sequence[str]) -> None:
        """Tables whose seats changed outside the runner (an account bound or deleted): rebuilt when next needed."""
        for table_id in table_ids:
            with self.cache.lock(table_id):
                self.cache.forget(table_id)

    # --- reading --------------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Json]]:
        """Open and running tables, newest first."""
        return [projection.lobby_entry(table, seats) for table, seats in self.store.lobby()]

    def summary(self, table_id: str) -> dict[str, Json]:
        with self.cache.lock(table_id):
            return projection.summary_of(self.cache.get(table_id))

    def view(
        self, table_id: str, seat: int | None, at_least: int | None = None, language: str = "en"
    ) -> dict[str, Json]:
        """What `seat` (None: a spectator) may see now: observation, board, its legal actions, events."""
        found: dict[str, Json] = json.loads(self.view_json(table_id, seat, at_least, language))
        return found

    def view_json(self, table_id: str, seat: int | None, at_least: int | None = None, language: str = "en") -> str:
        """The view as JSON text, which the answers and pushes send as it is. Without `at_least`
        the table is checked first (another process may have moved it); with it (a change
        notice's state id) the cache serves when it is that recent."""
        with self.cache.lock(table_id):
            live = self.cache.get(table_id)
            if at_least is None or live.check or live.state_id < at_least:
                live = self.cache.checked(live)
            return projection.view_json(live, seat, language, self._now())

    def log_page(self, table_id: str, seat: int | None, before: int | None, limit: int) -> dict[str, Json]:
        """A page of the seat's log: the lines before state id `before` (None: up to now)."""
        with self.cache.lock(table_id):
            live = self.cache.checked(self.cache.get(table_id))
            with naming(projection.seat_names(live.seats)):  # the lines name the seats as the views do
                return history.page(live, seat, before, limit)

    def record(self, table_id: str) -> dict[str, Json]:
        """The finished game as a record that `townhall replay` reads."""
        live = self._finished(table_id, _("the record is published once the game is over"))
        return projection.record_of(live).to_json()

    def view_at(self, table_id: str, step: int) -> dict[str, Json]:
        """A spectator's view of a finished table after its first `step` kept actions (the
        browser's replay viewer); `steps` tells how many there are."""
        live = self._finished(table_id, _("the replay is published once the game is over"))
        if not 0 <= step <= len(live.steps):
            raise BadRequest(_("step {step} is outside 0-{last}").format(step=step, last=len(live.steps)))
        return projection.view_at(live, step)

    def analysis(self, table_id: str, seat: int | None, analyst: Analyst, language: str) -> dict[str, Json]:
        """The analysis `seat` (None: a spectator) may see (server/analysis.py): copied under the
        table's lock, computed outside it."""
        with self.cache.lock(table_id):
            live = self.cache.checked(self.cache.get(table_id))
            check_access(live, seat)
            table = snapshot(live, seat)
        return analyst.analysis(table, language)

    def hint(self, table_id: str, seat: int | None, analyst: Analyst, language: str) -> dict[str, Json]:
        """The hard bot's suggestion for `seat`, deciding now at a training table."""
        with self.cache.lock(table_id):
            live = self.cache.checked(self.cache.get(table_id))
            turn = hint_turn(live, seat, analyst.settings)
        with using(language):
            return analyst.hint(turn)

    def why_not(self, table_id: str, seat: int | None, place: Mapping[str, Json]) -> list[str]:
        """The engine's refusals of `seat`'s actions aimed at `place`, in the language in force."""
        if seat is None:
            raise NotSeated(_("only a seated player may act; send the seat's token"))
        with self.cache.lock(table_id):
            live = self.cache.get(table_id)
            if not live.to_move():
                raise GameOver("ENGINE-OVER", _("the game is over"))
            return refusals_at(live.game, live.state, seat, place)

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
                clock = clocks.after_step(live.clock_config(), live.clock, seat, played.movers_after, self._now())
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
            expected = live.state_id
            index = live.undoable_index(seat)
            refusal = _(
                "nothing to undo: undo takes back your own last step while nothing was drawn and you are still deciding"
            )
            if index is None:
                raise UndoRefused(refusal)
            undone = live.steps[index]
            kept = live.steps[:index] + live.steps[index + 1 :]
            try:  # later private steps of other seats are replayed without it
                state, steps = replay_kept(live.game, live.num_players, live.options, live.setup_chance, kept)
            except TownhallError as error:
                raise UndoRefused(refusal) from error
            private_to = seat if undone.private else None  # taking back a private step is private
            marker = Step(
                state_id=expected + 1, kind=UNDO, player=seat, action={"undid": undone.state_id}, private_to=private_to
            )
            self._write(live, marker, False, live.clock, state)
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
            expected = live.state_id
            if live.outcome() is not None:
                raise GameOver("ENGINE-OVER", _("the game is over"))
            if reason == "resign":  # the clock's forfeit may come for a seat that left
                self._started(live, seat)
            marker = Step(state_id=expected + 1, kind=FORFEIT, player=seat, action={"reason": reason})
            ended = forfeit(live.num_players, [seat], reason)
            stopped = None if live.clock is None else {**live.clock, "since": {}}
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
            expected = live.state_id
            if live.outcome() is not None:
                raise GameOver("ENGINE-OVER", _("the game is over"))
            marker = Step(state_id=expected + 1, kind=LEAVE, player=seat, action=None)
            self._write(live, marker, False, live.clock, live.state)
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
            ending = Ending(game=live.game.meta.name, ranks=outcome.ranks, winners=outcome.winners, left=left)
        public = live.seen_id(None) + (step.private_to is None)
        public_clock = clock if step.private_to is None else live.public_clock
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
            self.store.append(live.table_id, step.state_id - 1, step, moved)
        except StaleState:
            self.cache.reload(live.table_id)
            raise
        if ending is not None:
            live.rating_change = self.store.rating_changes(live.table_id)
        live.state, live.state_id, live.clock, live.updated_at = after, step.state_id, clock, now
        live.marks.append(step.private_to)
        live.public_clock = public_clock
        if over:
            live.status = OVER
        live.views.clear()

    def _started(self, live: Live, seat: int | None) -> Live:
        """The table, if `seat` (None: the server) may move there: its game started (every human
        seat taken) and the seat not left. Waiting or NotSeated otherwise (call with its lock held)."""
        if live.status == OPEN:
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

    def _finished(self, table_id: str, refusal: str) -> Live:
        """The table once its game is over (NotOver with `refusal` before)."""
        with self.cache.lock(table_id):
            live = self.cache.checked(self.cache.get(table_id))
        if live.outcome() is None:
            raise NotOver(refusal)
        return live

    def _notify(self, table_id: str, state_id: int, private_to: int | None) -> None:
        """Tell the listeners of a committed change; a listener's failure is logged, never raised:
        the change is committed and is answered as such."""
        for listener in list(self.listeners):
            try:
                listener(table_id, state_id, private_to)
            except Exception:
                log.exception("a listener failed on table %s at state %d (the change is committed)", table_id, state_id)
