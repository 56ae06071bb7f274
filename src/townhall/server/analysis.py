"""Analysis for players (`GET /api/tables/{id}/analysis`) and hints at training tables
(`GET .../hint`), computed off the event loop in a small pool of their own, within a bounded time,
and kept per (table, state id as the viewer knows it, viewer class).

Who may ask: a spectator at any time; a seated player once the game is over, or at any time at a
training table (settings `training`); otherwise 403 `analysis-refused`. Everything is computed from
what the asker may see (agents/analysis.py): a spectator's determinizations resample every seat's
secrets from the public information (`engine.agent.determinize_seen_by`), a seat's keep only its own.
Recent decisions are the viewer's visible steps (another seat's private step is skipped); while the
game runs, the action another seat chose at a simultaneous decision is not shown (`played` null).

Budget: `iterations` random playouts for the chances (within half of `seconds`) and `iterations`
search iterations per decision (sharing the rest), stopped early (`complete` false) when time runs
out; the seed is derived from the table, state id and viewer class, so an answer is reproducible
when it completes.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from townhall.agents.analysis import Estimate, Review, estimate, review
from townhall.agents.mcts import MctsAgent
from townhall.agents.registry import make_agent
from townhall.engine.agent import Budget, PlayerView, derive_seed
from townhall.engine.errors import GameOver, NotYourTurn
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import Game, Json, Outcome, State
from townhall.engine.records import RecordStep, replay_steps
from townhall.i18n import using
from townhall.server.errors import AnalysisRefused, NotSeated
from townhall.server.live import Live, Played
from townhall.server.words import _

DECISIONS = 3  # recent decisions reviewed
CACHED = 256  # analyses kept (least recently asked go first)
WORKERS = 2  # analyses computed at once (each is CPU-bound for up to `seconds`)


@dataclass(frozen=True, slots=True)
class Settings:
    """The server's analysis budget (`townhall serve --analysis-seconds/--analysis-iterations`)."""

    seconds: float = 1.0
    iterations: int = 100
    seed: int = 0


@dataclass(slots=True)
class _Snapshot:
    """What an analysis needs of a table, copied under its lock (the live table moves on)."""

    table_id: str
    game: Game[Any]
    num_players: int
    options: dict[str, Json]
    setup_chance: list[int]
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

    state_id: int
    over: bool
    chances: Estimate
    decisions: list[tuple[int, Played, State, Review, bool]]  # seen id, step, state before it, review, shown
    seconds: float
    words: dict[str, dict[str, Json]] = field(default_factory=dict)


def training(live: Live) -> bool:
    return bool(live.settings.get("training", False))


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
        live.table_id,
        live.game,
        live.num_players,
        dict(live.options),
        list(live.setup_chance),
        live.state.clone(),
        list(live.steps),
        live.ended,
        over,
        seat,
        live.seen_id(seat),
        live.seen_ids(seat),
    )


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
    seed = derive_seed(settings.seed, live.table_id, state_id, seat, "hint")
    return _HintTurn(state_id, state, PlayerView(live.game, state, seat), state.legal_actions(seat), seed)


class Analyst:
    """Analyses and hints of one server process: a pool, a deadline, a cache, one computation per key."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self._pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="townhall-analysis")
        self._lock = threading.Lock()
        self._done: OrderedDict[tuple[str, int, str], _Computed] = OrderedDict()
        self._running: dict[tuple[str, int, str], Future[_Computed]] = {}

    def stop(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    def analysis(self, table: _Snapshot, language: str) -> dict[str, Json]:
        """The analysis for the snapshot's viewer, in `language` (computed once per key)."""
        running: Future[_Computed] | None = None
        key = (table.table_id, table.state_id, "spectator" if table.viewer is None else f"seat:{table.viewer}")
        with self._lock:
            computed = self._done.get(key)
            if computed is not None:
                self._done.move_to_end(key)
                cached = True
            else:
                cached = False
                running = self._running.get(key)
                if running is None:
                    running = self._running[key] = self._pool.submit(self._compute, table, key)
        if computed is None:
            assert running is not None
            computed = running.result()
        return _answer(computed, table.viewer, language, cached)

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
            "action": _action(turn.state, action),
            "iterations": done,
        }

    def _compute(self, table: _Snapshot, key: tuple[str, int, str]) -> _Computed:
        try:
            computed = _compute(table, self.settings)
            with self._lock:
                self._done[key] = computed
                while len(self._done) > CACHED:
                    self._done.popitem(last=False)
            return computed
        finally:
            with self._lock:
                self._running.pop(key, None)


def _compute(table: _Snapshot, settings: Settings) -> _Computed:
    started = time.perf_counter()
    deadline = started + settings.seconds
    viewer = table.viewer
    seed = derive_seed(settings.seed, table.table_id, table.state_id, "spectator" if viewer is None else viewer)
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
    return _Computed(table.state_id, table.over, chances, decisions, time.perf_counter() - started)


def _recent(table: _Snapshot) -> list[tuple[Played, State]]:
    """The last DECISIONS steps the viewer may see, each with the state before it."""
    viewer = table.viewer
    visible = [i for i, step in enumerate(table.steps) if not step.private or step.player == viewer]
    wanted = set(visible[-DECISIONS:])
    if not wanted:
        return []
    steps = [RecordStep(step.player, step.action, step.chance) for step in table.steps[: max(wanted) + 1]]
    found: list[tuple[Played, State]] = []
    frames = replay_steps(table.game, table.num_players, table.options, table.setup_chance, steps, texts=False)
    for frame in frames:
        if frame.index + 1 in wanted:  # the state before step index + 1
            found.append((table.steps[frame.index + 1], frame.state.clone()))
    return found


def _action(state: State, action: int) -> dict[str, Json]:
    return {"id": action, "text": state.action_words(action)}


def _answer(computed: _Computed, viewer: int | None, language: str, cached: bool) -> dict[str, Json]:
    """The answer in `language` (its words read once per language)."""
    chances = computed.chances
    words = computed.words.get(language)
    if words is None:
        with using(language):
            words = {"decisions": [_decision(*decision) for decision in computed.decisions]}
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


def _decision(seen: int, played: Played, before: State, found: Review, shown: bool) -> dict[str, Json]:
    return {
        "state_id": seen,
        "seat": played.player,
        "preferred": _action(before, found.preferred),
        "preferred_value": round(found.values.get(found.preferred, 0.0), 4),
        "played": _action(before, found.played) if shown and found.played is not None else None,
        "loss": None if found.loss is None else round(found.loss, 4),
        "iterations": found.iterations,
    }
