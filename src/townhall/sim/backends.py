"""Where games are played: in this process, a local process pool, or a Ray cluster.

Every backend yields batches of rows in game-index order (a bounded window of batches is in flight),
so a run writes the same file whatever the backend and the number of workers."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from townhall.engine.errors import TownhallError
from townhall.i18n import N_
from townhall.sim.play import Row, RunPlan, play_batch
from townhall.sim.words import _

IN_FLIGHT_PER_WORKER = 4  # enough queued batches to keep workers busy while the oldest is awaited
RAY_INSTALL = N_('Ray is not installed; install it with: pip install "townhall[cluster]"')


def batches(start: int, stop: int, workers: int) -> Iterator[range]:
    """Game indexes in batches: big enough that fast games do not drown in task overhead, small enough
    that results stream and every worker gets several."""
    size = max(1, min(64, (stop - start) // (workers * 8)))
    for first in range(start, stop, size):
        yield range(first, min(stop, first + size))


def run_local(plan: RunPlan, start: int, jobs: int) -> Iterator[list[Row]]:
    """The games from `start` on, in this process (jobs 1) or a process pool."""
    if jobs <= 1:
        for indexes in batches(start, plan.n_games, 1):
            yield play_batch(plan, indexes)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque[Future[list[Row]]] = deque()
        for indexes in batches(start, plan.n_games, jobs):
            pending.append(pool.submit(play_batch, plan, indexes))
            if len(pending) >= jobs * IN_FLIGHT_PER_WORKER:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise TownhallError(_(RAY_INSTALL)) from None
    return ray


def run_ray(plan: RunPlan, start: int, jobs: int | None, address: str | None) -> Iterator[list[Row]]:
    """The games from `start` on, as Ray tasks: on the cluster at `address` ("auto" or host:port), else on
    a local Ray instance with `jobs` CPUs. An instance already started by the caller is used as it is."""
    ray = import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address:
                ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
            else:
                ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
        except ConnectionError as error:
            raise TownhallError(
                _("cannot reach the Ray cluster at {address}: {why}").format(address=address, why=error)
            ) from None
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote = ray.remote(play_batch)
        plan_ref = ray.put(plan)
        pending: deque[Any] = deque()
        for indexes in batches(start, plan.n_games, workers):
            pending.append(remote.remote(plan_ref, list(indexes)))
            if len(pending) >= workers * IN_FLIGHT_PER_WORKER:
                yield ray.get(pending.popleft())
        while pending:
            yield ray.get(pending.popleft())
    finally:
        if started_here:
            ray.shutdown()


def run_games(plan: RunPlan, start: int, backend: str, jobs: int, address: str | None) -> Iterator[list[Row]]:
    if backend == "local":
        if address is not None:
            raise TownhallError(_("--address is for --backend ray"))
        return run_local(plan, start, jobs)
    if backend == "ray":
        import_ray()  # fails now, before any file is touched, when Ray is missing
        return run_ray(plan, start, jobs if address is None else None, address)
    raise TownhallError(_("unknown backend {backend!r}; choose local or ray").format(backend=backend))
