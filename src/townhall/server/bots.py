"""Bot seats: agents play their decisions on the server, in worker threads (off the event loop),
with the time budget the table sets. Levels map to agents (agents/levels.py):

| level  | seat spec               | budget per move                         |
|--------|-------------------------|-----------------------------------------|
| easy   | greedy:epsilon=0.5      | -                                       |
| medium | greedy                  | -                                       |
| hard   | mcts:seconds=S          | S = the table's `bot_seconds`           |
| expert | expert:seconds=4S       | 4S (at most 30 s; limits.seat_seconds)  |

A level's parameters pass through (`bot:hard:seconds=0.25` -> `mcts:seconds=0.25`).

Every agent gets the table's `bot_seconds` as its Budget and stops thinking when it is spent (mcts
between iterations, greedy between samples). A move still thinking after twice that is cut (a
Python thread cannot be stopped): the greedy bot moves for the seat at once, and the late answer is
discarded when it comes, never applied. Specs are bounded by server/limits.py (when a table is made,
and again before each move for tables stored before the limits).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as Overran

from townhall.agents import LEVELS, make_agent, parse_spec
from townhall.agents.levels import BUDGET_KEYS, resolve_level
from townhall.engine.agent import Budget
from townhall.engine.errors import StaleState, TownhallError
from townhall.server import limits
from townhall.server.errors import OverLimit
from townhall.server.live import STAND_IN, BotTurn
from townhall.server.runner import SERVER, TIMED_OUT, TableRunner

BOT_WORKERS = 16  # bot moves wait mostly for their commit: enough threads that one slow flush stalls no other table
log = logging.getLogger("townhall.server")


def bot_spec(seat: str, seconds: float) -> str:
    """The agent spec of a `bot:` seat (a level or an agent spec)."""
    spec = seat.removeprefix("bot:").strip()
    name, params = parse_spec(spec)
    budget = any(key in params for key in BUDGET_KEYS)
    if name == "expert":  # kept as a level: its budget is its own (limits.seat_seconds)
        if not budget:
            params = {**params, "seconds": f"{limits.seat_seconds(name, seconds):g}"}
        return _written(name, params)
    if name not in LEVELS and spec != "mcts":
        return spec
    agent, params = resolve_level(name, params)
    if agent == "mcts" and not budget:
        params = {key: value for key, value in params.items() if key not in BUDGET_KEYS}
        params["seconds"] = f"{seconds:g}"
    return _written(agent, params)


def _written(name: str, params: dict[str, str]) -> str:
    """A spec as written: `name` or `name:key=value,...`."""
    return name + (":" + ",".join(f"{key}={value}" for key, value in params.items()) if params else "")


class BotDriver:
    """Plays the bot seats of a table after each change, one worker per table at a time."""

    def __init__(self, runner: TableRunner, workers: int = BOT_WORKERS) -> None:
        self._runner = runner
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="townhall-bot")
        # The agents think here, so that a worker can stop waiting for a move that overran.
        self._thinkers = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="townhall-think")
        self._busy: set[str] = set()
        self._again: set[str] = set()
        self._lock = threading.Lock()
        self._stopped = False
        self._standing_in: set[str] = set()

    def kick(self, table_id: str, _state_id: int = 0, _private_to: int | None = None) -> None:
        with self._lock:
            if self._stopped:
                return
            if table_id in self._busy:
                self._again.add(table_id)
                return
            self._busy.add(table_id)
        self._pool.submit(self._play, table_id)

    def stand_in(self, table_id: str, seat: int, state_id: int) -> None:
        """The greedy bot takes the decision of a human whose clock ran out."""
        with self._lock:
            key = f"{table_id}/{seat}/{state_id}"
            if self._stopped or key in self._standing_in:
                return
            self._standing_in.add(key)
        self._pool.submit(self._stand_in, table_id, seat, state_id, key)

    def _stand_in(self, table_id: str, seat: int, state_id: int, key: str) -> None:
        try:
            turn = self._runner.turn(table_id, seat, STAND_IN)
            if turn is not None and turn.state_id == state_id:
                agent = make_agent(turn.spec, turn.view.game, secrets.randbits(63))
                action = agent.act(turn.view, turn.legal, Budget(seconds=limits.budget_seconds(turn.seconds)))
                self._runner.act(table_id, seat, state_id, action, by=TIMED_OUT)
        except TownhallError as error:  # stale: the human (or another process) was faster
            log.info("no stand-in at table %s seat %s: %s", table_id, seat, error)
        except Exception:
            log.exception("stand-in at table %s failed", table_id)
        finally:
            with self._lock:
                self._standing_in.discard(key)

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._thinkers.shutdown(wait=False, cancel_futures=True)

    def _play(self, table_id: str) -> None:
        try:
            while not self._stopped:
                turn = self._runner.bot_turn(table_id)
                if turn is None:
                    with self._lock:
                        if table_id not in self._again:
                            self._busy.discard(table_id)
                            return
                        self._again.discard(table_id)
                    continue
                action = self._decide(table_id, turn)
                if action is None:
                    continue  # the table moved on while the bot was cut
                try:
                    self._runner.act(table_id, turn.seat, turn.state_id, action, by=SERVER)
                except StaleState:
                    continue  # someone else moved first: think again on the new state
        except TownhallError as error:
            log.warning("bot at table %s stopped: %s", table_id, error)
        except Exception:
            log.exception("bot at table %s failed", table_id)
        with self._lock:
            self._busy.discard(table_id)
            self._again.discard(table_id)

    def _decide(self, table_id: str, turn: BotTurn) -> int | None:
        """The bot's action, or the greedy bot's when the bot overran twice its budget (None when
        the seat no longer decides at that state by then)."""
        seconds = limits.seat_seconds(turn.spec, turn.seconds)
        spec = _bounded(table_id, turn, turn.seconds)
        started = time.monotonic()
        thinking = self._thinkers.submit(_think, spec, turn, seconds)
        try:
            return thinking.result(timeout=limits.CUT_FACTOR * seconds)
        except CancelledError:
            return None  # the driver is stopping (the server shuts down): nothing to play
        except Overran:
            pass
        log.warning(
            "bot %s at table %s seat %s still thinking after %.3g s (budget %.3g s): cut, the greedy bot moves",
            spec,
            table_id,
            turn.seat,
            time.monotonic() - started,
            seconds,
        )
        if thinking.cancel():  # still queued (every thinker busy): it never starts
            log.warning("the cut move at table %s seat %s had not started: dropped", table_id, turn.seat)
        else:
            thinking.add_done_callback(lambda late: _discard(late, table_id, turn.seat, started))
        # The greedy bot thinks on a copy of its own: the cut thinker may still read its view.
        fresh = self._runner.turn(table_id, turn.seat, STAND_IN)
        if fresh is None or fresh.state_id != turn.state_id:
            return None
        return _think(STAND_IN, fresh, seconds)


def _think(spec: str, turn: BotTurn, seconds: float) -> int:
    agent = make_agent(spec, turn.view.game, secrets.randbits(63))
    return agent.act(turn.view, turn.legal, Budget(seconds=seconds))


def _bounded(table_id: str, turn: BotTurn, seconds: float) -> str:
    """The seat's spec, or the greedy bot's when it is over the server's limits (a table stored before them)."""
    try:
        return limits.check_spec(turn.spec, seconds)
    except OverLimit as error:
        log.warning("bot at table %s seat %s: %s; the greedy bot plays instead", table_id, turn.seat, error)
        return STAND_IN


def _discard(late: Future[int], table_id: str, seat: int, started: float) -> None:
    """A cut move's answer, when it comes: never applied (the greedy bot moved instead), only logged."""
    failed = late.exception()
    log.warning(
        "cut bot at table %s seat %s answered after %.3g s%s; discarded",
        table_id,
        seat,
        time.monotonic() - started,
        f" ({failed!r})" if failed is not None else "",
    )
