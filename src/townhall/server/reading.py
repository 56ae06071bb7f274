"""Reading tables: the lobby, a seat's view, the log, the record and replay of a finished game,
the analysis and hints, and the engine's refusals. Part of the table runner (server/runner.py),
sharing its cache and store; nothing here changes a table."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from townhall.engine.errors import GameOver
from townhall.engine.protocol import Json, Outcome, State
from townhall.engine.why import refusals_at
from townhall.i18n import naming, using
from townhall.server import history, projection
from townhall.server.analysis import Analyst, check_access, hint_turn, rewound, snapshot
from townhall.server.cache import TableCache
from townhall.server.errors import BadRequest, NotOver, NotSeated
from townhall.server.live import Live
from townhall.server.store import TableStore
from townhall.server.words import _


def finished(cache: TableCache, table_id: str, refusal: str) -> Live:
    """The table once its game is over (NotOver with `refusal` before)."""
    with cache.lock(table_id):
        live = cache.checked(cache.get(table_id))
    if live.outcome() is None:
        raise NotOver(refusal)
    return live


class TableReader:
    """What a seat (None: a spectator) may read of the runner's tables."""

    def __init__(self, cache: TableCache, store: TableStore, now: Callable[[], float]) -> None:
        self.cache = cache
        self.store = store
        self._now = now

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
            if at_least is None or live.check or live.table.state_id < at_least:
                live = self.cache.checked(live)
            return projection.view_json(live, seat, language, self._now())

    def log_page(self, table_id: str, seat: int | None, before: int | None, limit: int) -> dict[str, Json]:
        """A page of the seat's log: the lines before state id `before` (None: up to now)."""
        with self.cache.lock(table_id):
            live = self.cache.checked(self.cache.get(table_id))
            with naming(projection.seat_names(live.seats)):  # the lines name the seats as the views do
                return history.page(live, seat, before, limit)

    def settings(self, table_id: str) -> dict[str, Json]:
        with self.cache.lock(table_id):
            return self.cache.get(table_id).table.settings

    def ending(self, table_id: str) -> tuple[State, Outcome] | None:
        """A finished table's last state and outcome (a forfeit's, or the state's); None before."""
        with self.cache.lock(table_id):
            live = self.cache.checked(self.cache.get(table_id))
            outcome = live.outcome()
            return None if outcome is None else (live.state, outcome)

    def record(self, table_id: str) -> dict[str, Json]:
        """The finished game as a record that `townhall replay` reads."""
        live = finished(self.cache, table_id, _("the record is published once the game is over"))
        return projection.record_of(live).to_json()

    def view_at(self, table_id: str, step: int) -> dict[str, Json]:
        """A spectator's view of a finished table after its first `step` kept actions (the
        browser's replay viewer); `steps` tells how many there are."""
        live = finished(self.cache, table_id, _("the replay is published once the game is over"))
        _check_step(step, len(live.steps))
        return projection.view_at(live, step)

    def analysis(
        self, table_id: str, seat: int | None, analyst: Analyst, language: str, at: int | None = None
    ) -> dict[str, Json]:
        """The analysis `seat` (None: a spectator) may see (server/analysis.py), of the position now
        or after the first `at` kept steps: copied under the table's lock, computed outside it."""
        with self.cache.lock(table_id):
            live = self.cache.checked(self.cache.get(table_id))
            check_access(live, seat)
            table = snapshot(live, seat)
        if at is not None:
            _check_step(at, len(table.steps))
            table = rewound(table, at)
        return analyst.analysis(table, language)

    def review(self, table_id: str, analyst: Analyst, language: str) -> dict[str, Json]:
        """A finished game's review of every decision, as a spectator saw them (server/analysis.py)."""
        live = finished(self.cache, table_id, _("the review of a game is published once it is over"))
        with self.cache.lock(table_id):
            table = snapshot(live, None)
        return analyst.review(table, language)

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


def _check_step(step: int, steps: int) -> None:
    """A replay's step is one of the game's positions, 0 (the start) to `steps` (the end)."""
    if not 0 <= step <= steps:
        raise BadRequest(_("step {step} is outside 0-{last}").format(step=step, last=steps))
