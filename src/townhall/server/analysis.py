"""Analysis for players (`GET /api/tables/{id}/analysis`) and hints at training tables
(`GET .../hint`), computed off the event loop in a small pool of their own, within a bounded time,
and kept per (table, state id as the viewer knows it, viewer class).

Who may ask: a spectator at any time; a seated player once the game is over, or at any time at a
training table (settings `training`); otherwise 403 `analysis-refused`. Everything is computed from
what the asker may see (agents/analysis.py): a spectator's determinizations resample every seat's
secrets from the public information (`engine.agent.determinize_seen_by`), a seat's keep only its own.
Recent decisions are the viewer's visible steps (another seat's private step is skipped); while the
game runs, the action another seat chose at a simultaneous decision is not shown (`played` null).

`?at=N` analyses the position after the first N kept steps (the replay's step N) under the same
rules, as the asker knew it then. The review of a finished game (`GET .../review`) is the search's
view of every decision a spectator saw, computed once per table from a spectator's information (every
asker may see that much), within `REVIEW_SCALE` times the analysis's seconds, and kept.

Budget: `iterations` random playouts for the chances (within half of `seconds`) and `iterations`
search iterations per decision (sharing the rest), stopped early (`complete` false) when time runs
out; the seed is derived from the table, state id and viewer class, so an answer is reproducible
when it completes.
"""

from __future__ import annotations

import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from townhall.agents.analysis import Estimate, Review, estimate, review
from townhall.agents.mcts import MctsAgent
from townhall.agents.registry import make_agent
from townhall.engine.agent import Budget, PlayerView, derive_seed, determinize_seen_by
from townhall.engine.errors import GameOver, NotYourTurn
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import Game, Json, Outcome, State
from townhall.engine.records import RecordStep, replay_steps
from townhall.i18n import using
from townhall.server.errors import AnalysisRefused, NotSeated
from townhall.server.live import Live, Played, replay_kept
from townhall.server.model import Table
from townhall.server.words import _

DECISIONS = 3  # recent decisions reviewed
CACHED = 256  # analyses kept (least recently asked go first)
WORKERS = 2  # analyses computed at once (each is CPU-bound for up to `seconds`)
REVIEW_SCALE = 10  # a whole game's review may take this many times an analysis's seconds
WORST = 3  # the costliest decisions a review names per seat

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Settings:
    """The server's analysis budget (`townhall serve --analysis-seconds/--analysis-iterations`)."""

    seconds: float = 1.0
    iterations: int = 100
    seed: int = 0


@dataclass(slots=True)
class _Snapshot:
    """What an analysis needs of a table, copied under its lock (the live table moves on)."""

    row: Table  # the table's set-up (frozen: the live table replaces its row as it moves on)
    game: Game[Any]
    state: State
    steps: list[Played]
    ended: Outcome | None
    over: bool
    viewer: int | None
    state_id: int
    seen: list[int]  # per log row, its state id as the viewer knows it


@dataclass(slots=True)
class _Computed:
    """An analysis's numbers and the states its words are read from (in each asker's language)."""

    game: Game[Any]
    viewer: int | None
    state_id: int
    over: bool
    chances: Estimate
    decisions: list[tuple[int, Played, State, Review, bool]]  # seen id, step, state before it, review, shown
    seconds: float
    words: dict[str, dict[str, Json]] = field(default_factory=dict)


def training(live: Live) -> bool:
    return bool(live.table.settings.get("training", False))


@dataclass(slots=True)
class _Reviewed:
    """A finished game's review: each decision a spectator saw, with the state before it."""

    decisions: list[tuple[int, Played, State, Review]]  # kept step index, step, state before it, review
    complete: bool
    seconds: float
    words: dict[str, list[Json]] = field(default_factory=dict)


def check_access(live: Live, seat: int | None) -> None:
    """A spectator may always ask; a seat once the game is over or at a training table."""
    if seat is None or training(live) or live.outcome() is not None:
        return
    raise AnalysisRefused(
        _("the analysis is open to the players once the game is over (at a training table, at any time)")
    )


def snapshot(live: Live, seat: int | None) -> _Snapshot:
    """The table as `seat` (None: a spectator) knows it, copied (call with the table's lock held)."""
    over = live.outcome() is not None
    return _Snapshot(
        live.table,
        live.game,
        live.state.clone(),
        list(live.steps),
        live.ended,
        over,
        seat,
        live.seen_id(seat),
        live.seen_ids(seat),
    )


def rewound(table: _Snapshot, at: int) -> _Snapshot:
    """The snapshot after its first `at` kept steps (the replay's step `at`), as its viewer knew it
    then; the game's end (over: every move public) stays what it is now. Call without the lock."""
    if at == len(table.steps):
        return table
    kept = table.steps[:at]
    state, _ = replay_kept(table.game, table.row, kept)
    seen = table.seen[: kept[-1].state_id] if kept else []
    return replace(table, state=state, steps=kept, ended=None, state_id=seen[-1] if seen else 0, seen=seen)


@dataclass(frozen=True, slots=True)
class _HintTurn:
    """A training table's seat deciding now: a copy of the state to search from."""

    state_id: int
    state: State
    view: PlayerView
    legal: list[int]
    seed: int


def hint_turn(live: Live, seat: int | None, settings: Settings) -> _HintTurn:
    """The seat's decision to search for a hint, copied (call with the table's lock held)."""
    if seat is None:
        raise NotSeated(_("only a seated player may ask for a hint; send the seat's token"))
    if not training(live):
        raise AnalysisRefused(_("hints are given at training tables only"))
    if live.outcome() is not None:
        raise GameOver("ENGINE-OVER", _("the game is over"))
    if seat not in live.to_move():
        raise NotYourTurn("ENGINE-TURN", _("seat {seat} is not to move now").format(seat=seat))
    state = live.state.clone()
    state_id = live.seen_id(seat)
    seed = derive_seed(settings.seed, live.table.id, state_id, seat, "hint")
    return _HintTurn(state_id, state, PlayerView(live.game, state, seat), state.legal_actions(seat), seed)


class Analyst:
    """Analyses and hints of one server process: a pool, a deadline, a cache, one computation per key."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self._pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="townhall-analysis")
        self._lock = threading.Lock()
        self._done: OrderedDict[tuple[str, int, str], Any] = OrderedDict()
        self._running: dict[tuple[str, int, str], Future[Any]] = {}

    def stop(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    def analysis(self, table: _Snapshot, language: str) -> dict[str, Json]:
        """The analysis for the snapshot's viewer, in `language` (computed once per key)."""
        viewer = "spectator" if table.viewer is None else f"seat:{table.viewer}"
        key = (table.row.id, table.state_id, f"{viewer}:{'over' if table.over else 'running'}")
        computed, cached = self._once(key, lambda: _compute(table, self.settings))
        return _answer(computed, table.viewer, language, cached)

    def review(self, table: _Snapshot, language: str) -> dict[str, Json]:
        """A finished game's review (`table`: a spectator's snapshot), in `language`."""
        reviewed, cached = self._once((table.row.id, -1, "review"), lambda: _review(table, self.settings))
        return _review_answer(reviewed, table.game, language, cached)

    def _once(self, key: tuple[str, int, str], compute: Callable[[], T]) -> tuple[T, bool]:
        """`compute()` in the pool, once per key while it runs and kept after: (result, from the cache)."""
        with self._lock:
            found = self._done.get(key)
            if found is not None:
                self._done.move_to_end(key)
                return found, True
            running = self._running.get(key)
            if running is None:
                running = self._running[key] = self._pool.submit(self._keep, key, compute)
        return running.result(), False

    def _keep(self, key: tuple[str, int, str], compute: Callable[[], Any]) -> Any:
        try:
            found = compute()
            with self._lock:
                self._done[key] = found
                while len(self._done) > CACHED:
                    self._done.popitem(last=False)
            return found
        finally:
            with self._lock:
                self._running.pop(key, None)

    def hint(self, turn: _HintTurn) -> dict[str, Json]:
        """The hard bot's suggestion for a training table's seat deciding now (searched in the pool)."""
        iterations, seconds = self.settings.iterations, self.settings.seconds

        def think() -> tuple[int, int]:
            agent = make_agent(f"hard:iterations={iterations}", turn.view.game, turn.seed)
            assert isinstance(agent, MctsAgent)
            action = agent.act(turn.view, turn.legal, Budget(iterations=iterations, seconds=seconds))
            return action, agent.last.iterations if agent.last is not None else 0

        action, done = self._pool.submit(think).result()
        return {
            "state_id": turn.state_id,
            "seat": turn.view.player,
            "action": _action(turn.view.game, turn.state, turn.view.player, action),
            "iterations": done,
        }


def _compute(table: _Snapshot, settings: Settings) -> _Computed:
    started = time.perf_counter()
    deadline = started + settings.seconds
    viewer = table.viewer
    seed = derive_seed(settings.seed, table.row.id, table.state_id, "spectator" if viewer is None else viewer)
    if table.ended is not None:  # a forfeit: the outcome is known, the state is not over
        chances = Estimate(win_shares(list(table.ended.ranks)), list(table.ended.scores), 0, True)
    else:  # the playouts may take half the time; the decisions share what is left
        chances = estimate(table.state, viewer, settings.iterations, seed, started + settings.seconds / 2)
    decisions = []
    recent = _recent(table)
    for index, (played, before) in enumerate(recent):
        now = time.perf_counter()
        share = now + max(0.0, deadline - now) / (len(recent) - index)
        shown = table.over or viewer == played.player or len(before.movers_seen_by(viewer)) == 1
        action = before.action_from_json(played.action) if shown else None
        seen = table.seen[played.state_id - 1]  # the viewer's id: another seat's secret steps count none
        found = review(table.game, before, played.player, viewer, action, settings.iterations, seed ^ seen, share)
        decisions.append((seen, played, before, found, shown))
    return _Computed(table.game, viewer, table.state_id, table.over, chances, decisions, time.perf_counter() - started)


def _review(table: _Snapshot, settings: Settings) -> _Reviewed:
    """Every decision a spectator saw in the finished game, searched within REVIEW_SCALE times the
    analysis's seconds (shared evenly among those left; a forced move costs nothing)."""
    started = time.perf_counter()
    deadline = started + settings.seconds * REVIEW_SCALE
    steps = [RecordStep(step.player, step.action, step.chance) for step in table.steps]
    frames = replay_steps(
        table.game, table.row.num_players, table.row.options, table.row.setup_chance, steps, texts=False
    )
    befores = [frame.state.clone() for frame in frames][: len(steps)]  # the state before each step
    wanted = [i for i, step in enumerate(table.steps) if not step.private]
    decisions: list[tuple[int, Played, State, Review]] = []
    complete = True
    for count, index in enumerate(wanted):
        played, before = table.steps[index], befores[index]
        now = time.perf_counter()
        share = now + max(0.0, deadline - now) / (len(wanted) - count)
        seed = derive_seed(settings.seed, table.row.id, "review", index)
        action = before.action_from_json(played.action)
        found = review(table.game, before, played.player, None, action, settings.iterations, seed, share)
        complete = complete and found.complete
        if found.choices > 1:
            decisions.append((index, played, before, found))
    return _Reviewed(decisions, complete, time.perf_counter() - started)


def _recent(table: _Snapshot) -> list[tuple[Played, State]]:
    """The last DECISIONS steps the viewer may see, each with the state before it."""
    viewer = table.viewer
    visible = [i for i, step in enumerate(table.steps) if not step.private or step.player == viewer]
    wanted = set(visible[-DECISIONS:])
    if not wanted:
        return []
    steps = [RecordStep(step.player, step.action, step.chance) for step in table.steps[: max(wanted) + 1]]
    found: list[tuple[Played, State]] = []
    frames = replay_steps(
        table.game, table.row.num_players, table.row.options, table.row.setup_chance, steps, texts=False
    )
    for frame in frames:
        if frame.index + 1 in wanted:  # the state before step index + 1
            found.append((table.steps[frame.index + 1], frame.state.clone()))
    return found


def _action(game: Game[Any], state: State, player: int, action: int, seen: State | None = None) -> dict[str, Json]:
    """An action in words and its place on the board, found on `seen` (default: `state`)."""
    on = state if seen is None else seen
    return {"id": action, "text": state.action_words(action), "target": game.action_target(on, player, action)}


def _preferred(game: Game[Any], before: State, player: int, viewer: int | None, action: int) -> dict[str, Json]:
    """The search's choice, placed on the position as `viewer` knows it: the search's legal actions
    are those of that determinization (engine.agent.SeenView), and no hidden part shows through."""
    return _action(game, before, player, action, determinize_seen_by(before, viewer, random.Random(0)))


def _answer(computed: _Computed, viewer: int | None, language: str, cached: bool) -> dict[str, Json]:
    """The answer in `language` (its words read once per language)."""
    chances = computed.chances
    words = computed.words.get(language)
    if words is None:
        with using(language):
            words = {"decisions": [_decision(computed, *decision) for decision in computed.decisions]}
        computed.words[language] = words
    return {
        "state_id": computed.state_id,
        "viewer": viewer,
        "over": computed.over,
        "seats": [
            {"seat": seat, "win": round(win, 4), "score": round(score, 2)}
            for seat, (win, score) in enumerate(zip(chances.win, chances.score, strict=True))
        ],
        "playouts": chances.playouts,
        "decisions": words["decisions"],
        "complete": chances.complete and all(decision[3].complete for decision in computed.decisions),
        "seconds": round(computed.seconds, 3),
        "cached": cached,
    }


def _decision(
    computed: _Computed, seen: int, played: Played, before: State, found: Review, shown: bool
) -> dict[str, Json]:
    game, seat, viewer = computed.game, played.player, computed.viewer
    return {
        "state_id": seen,
        "seat": seat,
        "preferred": _preferred(game, before, seat, viewer, found.preferred),
        "preferred_value": round(found.values.get(found.preferred, 0.0), 4),
        "played": _action(game, before, seat, found.played) if shown and found.played is not None else None,
        "loss": None if found.loss is None else round(found.loss, 4),
        "iterations": found.iterations,
    }


def _review_answer(reviewed: _Reviewed, game: Game[Any], language: str, cached: bool) -> dict[str, Json]:
    """The review in `language`: every decision reviewed, and each seat's WORST costliest."""
    words = reviewed.words.get(language)
    if words is None:
        with using(language):
            words = [_reviewed(game, *decision) for decision in reviewed.decisions]
        reviewed.words[language] = words
    costly: dict[int, list[tuple[float, int]]] = {}
    for index, played, _before, found in reviewed.decisions:
        if found.loss is not None and found.loss > 0:
            costly.setdefault(played.player, []).append((-found.loss, index))
    return {
        "decisions": words,
        "costliest": {str(seat): [index for _loss, index in sorted(found)[:WORST]] for seat, found in costly.items()},
        "complete": reviewed.complete,
        "seconds": round(reviewed.seconds, 3),
        "cached": cached,
    }


def _reviewed(game: Game[Any], index: int, played: Played, before: State, found: Review) -> Json:
    seat = played.player
    return {
        "step": index,
        "seat": seat,
        "played": _action(game, before, seat, found.preferred if found.played is None else found.played),
        "preferred": _preferred(game, before, seat, None, found.preferred),
        "loss": None if found.loss is None else round(found.loss, 4),
        "iterations": found.iterations,
    }
