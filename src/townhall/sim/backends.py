"""Where games are played: in this process, a local process pool, or a Ray cluster.

Every backend yields results in task order (a bounded window of tasks is in flight), so a run
writes the same file whatever the backend and the number of workers. `run_games` plays a plan's
games; `map_tasks` runs any top-level task the same way (the learned evaluator's self-play)."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

from townhall.engine.errors import TownhallError
from townhall.i18n import N_
from townhall.sim.play import Row, RunPlan, play_batch
from townhall.sim.words import _

Shared = TypeVar("Shared")
Item = TypeVar("Item")
Result = TypeVar("Result")
IN_FLIGHT_PER_WORKER = 4  # enough queued batches to keep workers busy while the oldest is awaited
RAY_INSTALL = N_('Ray is not installed; install it with: pip install "townhall[cluster]"')


def batches(start: int, stop: int, workers: int) -> Iterator[range]:
    """Game indexes in batches: big enough that fast games do not drown in task overhead, small enough
    that results stream and every worker gets several."""
    size = max(1, min(64, (stop - start) // (workers * 8)))
    for first in range(start, stop, size):
        yield range(first, min(stop, first + size))


def map_local(
    task: Callable[[Shared, Item], Result], shared: Shared, items: Iterable[Item], jobs: int
) -> Iterator[Result]:
    """`task(shared, item)` for every item, in order: in this process (jobs 1) or a process pool."""
    if jobs <= 1:
        for item in items:
            yield task(shared, item)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque[Future[Result]] = deque()
        for item in items:
            pending.append(pool.submit(task, shared, item))
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


def map_ray(
    task: Callable[[Shared, Item], Result],
    shared: Shared,
    items: Callable[[int], Iterable[Item]],
    jobs: int | None,
    address: str | None,
) -> Iterator[Result]:
    """`task(shared, item)` for every item of `items(workers)`, in order, as Ray tasks: on the cluster at
    `address` ("auto" or host:port), else on a local Ray instance with `jobs` CPUs. `shared` is put in
    the object store once. An instance already started by the caller is used as it is."""
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
        remote = ray.remote(task)
        shared_ref = ray.put(shared)
        pending: deque[Any] = deque()
        for item in items(workers):
            pending.append(remote.remote(shared_ref, item))
            if len(pending) >= workers * IN_FLIGHT_PER_WORKER:
                yield ray.get(pending.popleft())
        while pending:
            yield ray.get(pending.popleft())
    finally:
        if started_here:
            ray.shutdown()


def map_tasks(
    task: Callable[[Shared, Item], Result],
    shared: Shared,
    items: Callable[[int], Iterable[Item]],
    backend: str,
    jobs: int,
    address: str | None,
) -> Iterator[Result]:
    """`task(shared, item)` for every item of `items(workers)`, in order, on a backend: "local" (this
    process or a pool of `jobs`) or "ray". `task` must be a module's top-level function."""
    if backend == "local":
        if address is not None:
            raise TownhallError(_("--address is for --backend ray"))
        return map_local(task, shared, items(jobs), jobs)
    if backend == "ray":
        import_ray()  # fails now, before any file is touched, when Ray is missing
        return map_ray(task, shared, items, jobs if address is None else None, address)
    raise TownhallError(_("unknown backend {backend!r}; choose local or ray").format(backend=backend))


def run_games(plan: RunPlan, start: int, backend: str, jobs: int, address: str | None) -> Iterator[list[Row]]:
    """The plan's games from `start` on, in batches in game order."""
    return map_tasks(play_batch, plan, lambda workers: batches(start, plan.n_games, workers), backend, jobs, address)
