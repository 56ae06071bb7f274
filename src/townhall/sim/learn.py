"""Train a game's learned evaluator (agents/learned.py) on self-play, and write its weights.

    python -m townhall.sim.learn carcassonne --games 300 --seed 1 --jobs 2

Self-play: `--games` games between `--agents` (default `greedy:epsilon=0.1`, the medium bot with
some random moves so that positions vary), game g seeded `derive_seed(seed, "game", g)` and its
seats as in tournaments, on the simulation backends: this process or a local process pool
(`--jobs`), or Ray (`--backend ray`, on a cluster with `--address`; the same games and weights
whatever the backend). Every `--stride`-th position gives one row per seat (the
evaluator's features) whose target is that seat's final win share (tied winners share), or with
`--target margin` its final score margin over the best other seat.

Fit over standardized features, NumPy only (no torch needed for models this small): for "win" a
logistic model by Newton's method with an L2 penalty, for "margin" ridge regression (least squares
with the same L2 penalty). The last `--held-out` fraction of the games (whole games, never
positions of a game seen) is kept out of the fit and measured: log loss and Brier score (win), or
the mean absolute error and R^2 (margin) beside the hand-written evaluation's correlation, and for
both how often the seat rated best is the winner, beside the same for the game's hand-written
evaluation (the seat it rates best). Needs NumPy (the `rl` or `train` extra).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from townhall import games
from townhall.agents import make_agent, split_specs
from townhall.agents.learned import (
    FEATURES_VERSION,
    TARGETS,
    Featurizer,
    LearnedModel,
    weights_name,
)
from townhall.engine.agent import derive_seed
from townhall.engine.errors import TownhallError
from townhall.engine.match import Match, play_match
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import score_margin
from townhall.sim.backends import batches, map_tasks
from townhall.sim.seating import seating

DEFAULT_AGENTS = "greedy:epsilon=0.1"
# The options passed to train() as named.
TRAIN_OPTIONS = ("seed", "agents", "stride", "held_out", "l2", "jobs", "target", "backend", "address")
SHARE, MARGIN = 0, 1  # the targets' columns: final win share, final score margin
HEURISTIC = -2  # the features' column holding the hand-written evaluation's margin (agents/learned.py)


def play_positions(
    game_name: str, num_players: int, specs: Sequence[str], seed: int, index: int, stride: int
) -> tuple[Any, Any]:
    """One self-play game's rows (positions x seats, features) and targets (positions x seats x
    2: final win share, final score margin)."""
    import numpy as np

    game = games.get(game_name)
    featurizer = Featurizer(game, num_players)
    game_seed = derive_seed(seed, "game", index)
    order = seating(index, len(specs), num_players)
    agents = [make_agent(specs[order[s]], game, derive_seed(game_seed, "seat", s)) for s in range(num_players)]
    rows: list[Any] = []

    def record(match: Match, player: int, action: int, events: object) -> None:
        if not match.is_over() and len(match.record.steps) % stride == 0:
            rows.append(featurizer.rows(match.state))

    match = play_match(game, num_players, agents, seed=game_seed, on_step=record)
    scores = match.state.scores()
    final = np.array(
        [(share, score_margin(scores, seat)) for seat, share in enumerate(win_shares(match.state.ranks()))],
        dtype=float,
    )
    if not rows:
        return np.empty((0, num_players, featurizer.size)), np.empty((0, num_players, 2))
    return np.stack(rows), np.tile(final, (len(rows), 1, 1))


@dataclass(frozen=True, slots=True)
class SelfPlay:
    """What every self-play task shares: which games are played, and how positions are kept."""

    game: str
    num_players: int
    specs: tuple[str, ...]
    seed: int
    stride: int


def play_games(plan: SelfPlay, indexes: Sequence[int]) -> list[tuple[Any, Any]]:
    """Top-level so that worker processes and Ray tasks can run it."""
    return [play_positions(plan.game, plan.num_players, plan.specs, plan.seed, i, plan.stride) for i in indexes]


def self_play(
    plan: SelfPlay, n_games: int, jobs: int, backend: str = "local", address: str | None = None
) -> list[tuple[Any, Any]]:
    """Every game's (rows, targets), in game order whatever the backend and `jobs`."""
    chunks = map_tasks(play_games, plan, lambda workers: batches(0, n_games, workers), backend, jobs, address)
    return [one for done in chunks for one in done]


def cpu_seconds() -> float:
    """CPU time of this process and its finished workers (the budget a run spent)."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + workers.ru_utime + workers.ru_stime


def _design(x: Any, l2: float) -> tuple[Any, Any]:
    """The features with a column of ones (the bias), and the L2 penalty of each weight (none on the bias)."""
    import numpy as np

    n, k = x.shape
    penalty = np.full(k + 1, l2)
    penalty[-1] = 0.0
    return np.hstack([x, np.ones((n, 1))]), penalty


def fit_logistic(x: Any, y: Any, l2: float, steps: int = 25) -> tuple[Any, float]:
    """Weights and bias of a logistic model of soft targets y in [0, 1] (Newton's method, L2 on weights)."""
    import numpy as np

    design, penalty = _design(x, l2)
    k = x.shape[1]
    theta = np.zeros(k + 1)
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(design @ theta)))
        gradient = design.T @ (p - y) + penalty * theta
        hessian = (design * (p * (1 - p))[:, None]).T @ design + np.diag(penalty) + 1e-9 * np.eye(k + 1)
        step = np.linalg.solve(hessian, gradient)
        theta -= step
        if float(np.abs(step).max()) < 1e-7:
            break
    return theta[:-1], float(theta[-1])


def fit_linear(x: Any, y: Any, l2: float) -> tuple[Any, float]:
    """Weights and bias of a ridge regression of y on x (L2 on the weights, not the bias)."""
    import numpy as np

    design, penalty = _design(x, l2)
    k = x.shape[1]
    theta = np.linalg.solve(design.T @ design + np.diag(penalty) + 1e-9 * np.eye(k + 1), design.T @ y)
    return theta[:-1], float(theta[-1])


def measure_margins(predicted: Any, heuristic: Any, margins: Any, shares: Any) -> dict[str, float]:
    """Held-out figures of a margin model over positions x seats: mean absolute error, R^2, the
    hand-written evaluation's correlation with the final margin beside the model's, and how often
    the seat rated best (by each) is the winner, over positions with one winner."""
    import numpy as np

    residual = ((predicted - margins) ** 2).sum()
    return {
        "positions": len(margins),
        "mean_absolute_error": float(np.abs(predicted - margins).mean()),
        "r2": float(1.0 - residual / ((margins - margins.mean()) ** 2).sum()),
        "correlation": float(np.corrcoef(predicted.ravel(), margins.ravel())[0, 1]),
        "heuristic_correlation": float(np.corrcoef(heuristic.ravel(), margins.ravel())[0, 1]),
        **winner_figures(predicted, heuristic, shares),
    }


def winner_figures(rated: Any, heuristic: Any, shares: Any) -> dict[str, float]:
    """How often the seat rated best (by the model, by the hand-written evaluation) is the winner,
    over positions with one winner."""
    sole = shares.max(axis=1) == 1.0
    winner = shares.argmax(axis=1)
    return {
        "winner_accuracy": float((rated.argmax(axis=1) == winner)[sole].mean()),
        "heuristic_winner_accuracy": float((heuristic.argmax(axis=1) == winner)[sole].mean()),
    }


def measure(chances: Any, heuristic: Any, targets: Any) -> dict[str, float]:
    """Held-out figures over positions x seats: log loss, Brier, and how often the seat rated best
    (by the model, by the hand-written evaluation) is the winner, over positions with one winner."""
    import numpy as np

    p = np.clip(chances, 1e-6, 1 - 1e-6)
    return {
        "positions": len(targets),
        "log_loss": float(-(targets * np.log(p) + (1 - targets) * np.log(1 - p)).mean()),
        "brier": float(((p - targets) ** 2).mean()),
        "brier_uniform": float(((1.0 / targets.shape[1] - targets) ** 2).mean()),
        **winner_figures(chances, heuristic, targets),
    }


def train(
    game_name: str,
    *,
    n_games: int,
    seed: int,
    num_players: int = 2,
    agents: str = DEFAULT_AGENTS,
    stride: int = 1,
    held_out: float = 0.2,
    l2: float = 1.0,
    jobs: int = 1,
    target: str = "win",
    backend: str = "local",
    address: str | None = None,
    command: str = "",
) -> LearnedModel:
    """Self-play, fit and held-out figures: the model with its provenance."""
    import numpy as np

    if target not in TARGETS:
        raise TownhallError(f"--target is one of {', '.join(TARGETS)}, not {target!r}")
    game = games.get(game_name)
    game.meta.check_players(num_players)
    specs = split_specs(agents)
    for spec in specs:
        make_agent(spec, game, 0)
    featurizer = Featurizer(game, num_players)
    started = cpu_seconds()
    wall_started = time.perf_counter()
    plan = SelfPlay(game.meta.name, num_players, tuple(specs), seed, stride)
    played = self_play(plan, n_games, jobs, backend, address)
    n_test = max(1, round(n_games * held_out)) if n_games > 1 else 0
    split = n_games - n_test
    if split < 1:
        raise TownhallError(f"{n_games} games leave none to train on after holding {n_test} out")

    def stack(part: Sequence[tuple[Any, Any]]) -> tuple[Any, Any]:
        rows = [r for r, _t in part if len(r)]
        return np.concatenate(rows), np.concatenate([t for r, t in part if len(r)])

    x_train, y_train = stack(played[:split])
    column = MARGIN if target == "margin" else SHARE
    mean = x_train.reshape(-1, featurizer.size).mean(axis=0)
    scale = x_train.reshape(-1, featurizer.size).std(axis=0)
    scale[scale < 1e-9] = 1.0
    fit = fit_linear if target == "margin" else fit_logistic
    weights, bias = fit(((x_train - mean) / scale).reshape(-1, featurizer.size), y_train[:, :, column].ravel(), l2)
    spread = max(1.0, float(np.abs(y_train[:, :, MARGIN]).mean()))
    figures: dict[str, Any] = {}
    if n_test:
        x_test, y_test = stack(played[split:])
        outputs = ((x_test - mean) / scale) @ weights + bias
        if target == "margin":
            figures = measure_margins(outputs, x_test[:, :, HEURISTIC], y_test[:, :, MARGIN], y_test[:, :, SHARE])
        else:
            raw = 1.0 / (1.0 + np.exp(-outputs))
            chances = raw / raw.sum(axis=1, keepdims=True)
            figures = measure(chances, x_test[:, :, HEURISTIC], y_test[:, :, SHARE])
    provenance = {
        "command": command,
        "seed": seed,
        "games": n_games,
        "held_out_games": n_test,
        "agents": specs,
        "stride": stride,
        "target": target,
        "l2": l2,
        "train_positions": len(y_train),
        "backend": backend,
        # Ray's workers are no children of this process: their CPU time is not in this figure.
        "self_play_cpu_seconds": round(cpu_seconds() - started, 1),
        "self_play_wall_seconds": round(time.perf_counter() - wall_started, 1),
        "held_out": figures,
        "numpy": np.__version__,
    }
    return LearnedModel(
        game=game.meta.name,
        num_players=num_players,
        data_version=game.meta.data_version,
        observer_version=featurizer.observer.version,
        features_version=FEATURES_VERSION,
        mean=[round(float(v), 6) for v in mean],
        scale=[round(float(v), 6) for v in scale],
        weights=[round(float(v), 6) for v in weights],
        bias=round(bias, 6),
        provenance=provenance,
        target=target,
        spread=round(spread, 6),
    )


def default_path(game_name: str, num_players: int) -> Path:
    """Where the package's weights live (agents/data), in this source tree."""
    import townhall.agents

    return Path(townhall.agents.__file__).parent / "data" / weights_name(game_name, num_players)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m townhall.sim.learn", description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agents", default=DEFAULT_AGENTS)
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--held-out", type=float, default=0.2)
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--target", choices=TARGETS, default="win", help="what the model predicts")
    parser.add_argument("--backend", default="local", help="where self-play runs: local (a process pool) or ray")
    parser.add_argument("--address", default=None, help="a Ray cluster (host:port or auto); else a local Ray")
    parser.add_argument("--out", type=Path, default=None, help="default: the package's agents/data/")
    args = parser.parse_args(argv)
    given = list(sys.argv[1:] if argv is None else argv)
    if "--out" in given:  # where the weights went is no part of how they were made
        at = given.index("--out")
        del given[at : at + 2]
    command = "python -m townhall.sim.learn " + " ".join(given)
    try:
        if args.games < 1 or args.stride < 1 or not 0 <= args.held_out < 1:
            raise TownhallError("--games and --stride must be at least 1, --held-out a fraction below 1")
        given_options: dict[str, Any] = {key: getattr(args, key) for key in TRAIN_OPTIONS}
        model = train(args.game, n_games=args.games, num_players=args.players, command=command, **given_options)
    except (TownhallError, ImportError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    out = args.out or default_path(model.game, model.num_players)
    out.write_text(json.dumps(model.to_json(), indent=1) + "\n", encoding="utf-8")
    print(json.dumps({"out": str(out), **model.provenance["held_out"]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
