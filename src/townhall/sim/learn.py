"""Train a game's learned evaluator (agents/learned.py) on self-play, and write its weights.

    python -m townhall.sim.learn carcassonne --games 300 --seed 1 --jobs 2

Self-play: `--games` games between `--agents` (default `greedy:epsilon=0.1`, the medium bot with
some random moves so that positions vary), game g seeded `derive_seed(seed, "game", g)` and its
seats as in tournaments, in this process or a local process pool (`--jobs`; Ray is not worth its
start-up for runs this small). Every `--stride`-th position gives one row per seat (the
evaluator's features) whose target is that seat's final win share (tied winners share).

Fit: a logistic model over standardized features by Newton's method with an L2 penalty (NumPy
only; no torch needed for a model this small). The last `--held-out` fraction of the games (whole
games, never positions of a game seen) is kept out of the fit and measured: log loss, Brier
score, and how often the seat given the best chance is the winner, beside the same for the
game's hand-written evaluation (the seat it rates best). Needs NumPy (the `rl` or `train` extra).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from townhall import games
from townhall.agents import make_agent, split_specs
from townhall.agents.learned import (
    FEATURES_VERSION,
    Featurizer,
    LearnedModel,
    weights_name,
)
from townhall.engine.agent import derive_seed
from townhall.engine.errors import TownhallError
from townhall.engine.match import Match, play_match
from townhall.engine.outcome import win_shares
from townhall.sim.seating import seating

DEFAULT_AGENTS = "greedy:epsilon=0.1"
TRAIN_OPTIONS = ("seed", "agents", "stride", "held_out", "l2", "jobs")  # the options passed to train() as named
HEURISTIC = -2  # the features' column holding the hand-written evaluation's margin (agents/learned.py)


def play_positions(
    game_name: str, num_players: int, specs: Sequence[str], seed: int, index: int, stride: int
) -> tuple[Any, Any]:
    """One self-play game's rows (positions x seats, features) and targets (final win shares)."""
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
    shares = np.array(win_shares(match.state.ranks()), dtype=float)
    if not rows:
        return np.empty((0, num_players, featurizer.size)), np.empty((0, num_players))
    return np.stack(rows), np.tile(shares, (len(rows), 1))


def _play_many(args: tuple[str, int, Sequence[str], int, Sequence[int], int]) -> list[tuple[Any, Any]]:
    game_name, num_players, specs, seed, indexes, stride = args
    return [play_positions(game_name, num_players, specs, seed, i, stride) for i in indexes]


def self_play(
    game_name: str, num_players: int, specs: Sequence[str], seed: int, n_games: int, stride: int, jobs: int
) -> list[tuple[Any, Any]]:
    """Every game's (rows, targets), in game order whatever `jobs`."""
    chunk = max(1, n_games // (jobs * 4))
    tasks = [
        (game_name, num_players, specs, seed, range(start, min(n_games, start + chunk)), stride)
        for start in range(0, n_games, chunk)
    ]
    if jobs <= 1:
        return [one for task in tasks for one in _play_many(task)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [one for done in pool.map(_play_many, tasks) for one in done]


def cpu_seconds() -> float:
    """CPU time of this process and its finished workers (the budget a run spent)."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + workers.ru_utime + workers.ru_stime


def fit_logistic(x: Any, y: Any, l2: float, steps: int = 25) -> tuple[Any, float]:
    """Weights and bias of a logistic model of soft targets y in [0, 1] (Newton's method, L2 on weights)."""
    import numpy as np

    n, k = x.shape
    design = np.hstack([x, np.ones((n, 1))])
    theta = np.zeros(k + 1)
    penalty = np.full(k + 1, l2)
    penalty[-1] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(design @ theta)))
        gradient = design.T @ (p - y) + penalty * theta
        hessian = (design * (p * (1 - p))[:, None]).T @ design + np.diag(penalty) + 1e-9 * np.eye(k + 1)
        step = np.linalg.solve(hessian, gradient)
        theta -= step
        if float(np.abs(step).max()) < 1e-7:
            break
    return theta[:-1], float(theta[-1])


def measure(chances: Any, heuristic: Any, targets: Any) -> dict[str, float]:
    """Held-out figures over positions x seats: log loss, Brier, and how often the seat rated best
    (by the model, by the hand-written evaluation) is the winner, over positions with one winner."""
    import numpy as np

    p = np.clip(chances, 1e-6, 1 - 1e-6)
    sole = targets.max(axis=1) == 1.0
    winner = targets.argmax(axis=1)
    return {
        "positions": len(targets),
        "log_loss": float(-(targets * np.log(p) + (1 - targets) * np.log(1 - p)).mean()),
        "brier": float(((p - targets) ** 2).mean()),
        "brier_uniform": float(((1.0 / targets.shape[1] - targets) ** 2).mean()),
        "winner_accuracy": float((chances.argmax(axis=1) == winner)[sole].mean()),
        "heuristic_winner_accuracy": float((heuristic.argmax(axis=1) == winner)[sole].mean()),
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
    command: str = "",
) -> LearnedModel:
    """Self-play, fit and held-out figures: the model with its provenance."""
    import numpy as np

    game = games.get(game_name)
    game.meta.check_players(num_players)
    specs = split_specs(agents)
    for spec in specs:
        make_agent(spec, game, 0)
    featurizer = Featurizer(game, num_players)
    started = cpu_seconds()
    played = self_play(game.meta.name, num_players, specs, seed, n_games, stride, jobs)
    n_test = max(1, round(n_games * held_out)) if n_games > 1 else 0
    split = n_games - n_test
    if split < 1:
        raise TownhallError(f"{n_games} games leave none to train on after holding {n_test} out")

    def stack(part: Sequence[tuple[Any, Any]]) -> tuple[Any, Any]:
        rows = [r for r, _t in part if len(r)]
        return np.concatenate(rows), np.concatenate([t for r, t in part if len(r)])

    x_train, y_train = stack(played[:split])
    mean = x_train.reshape(-1, featurizer.size).mean(axis=0)
    scale = x_train.reshape(-1, featurizer.size).std(axis=0)
    scale[scale < 1e-9] = 1.0
    weights, bias = fit_logistic(((x_train - mean) / scale).reshape(-1, featurizer.size), y_train.ravel(), l2)
    figures: dict[str, Any] = {}
    if n_test:
        x_test, y_test = stack(played[split:])
        logits = ((x_test - mean) / scale) @ weights + bias
        raw = 1.0 / (1.0 + np.exp(-logits))
        chances = raw / raw.sum(axis=1, keepdims=True)
        figures = measure(chances, x_test[:, :, HEURISTIC], y_test)
    provenance = {
        "command": command,
        "seed": seed,
        "games": n_games,
        "held_out_games": n_test,
        "agents": specs,
        "stride": stride,
        "l2": l2,
        "train_positions": len(y_train),
        "self_play_cpu_seconds": round(cpu_seconds() - started, 1),
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
