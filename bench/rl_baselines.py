"""PPO baselines for docs/rl-baselines.md (issue 35): one game per run, trained for a wall-clock budget.

    python bench/rl_baselines.py carcassonne --minutes 60 --eval-games 200 --seed 0 --threads 1 --out runs/carcassonne
    python bench/rl_baselines.py --report runs/* --plot docs/rl-baselines.png > table.md

sb3-contrib's `MaskablePPO` with `MlpPolicy` learns two-player GAME on
`townhall.rl.gym_env(GAME, players=2, opponents=("random",), seat=..., observation="flat")`: the
game's compact action space (the default), the mask from `action_masks()`, the final reward by
rank (+1 win, 0 tie, -1 loss; `--reward margin`: the final score margin). `--envs` tables in a
DummyVecEnv, table i in seat i % 2 (`--train-against random,greedy`: table i against the
(i // 2)-th bot of the list, cycling). Training stops after `--minutes` of wall time (checked at
every decision; the rollout under way is dropped, an update under way finishes), then the policy,
playing its masked argmax, meets the random and the greedy bot, `--eval-games` games each, seats
alternating (each deal played once from each seat).

Seeds: training game k of table i is dealt with derive_seed(seed, "train", i, k), evaluation deal
d with derive_seed(seed, "eval", d): distinct labels, so no evaluation deal is one trained on.

Written into `--out`: `curve.csv` (a row per PPO update: learner decisions, seconds, training games
finished, win rate and mean reward of the last 100 of them, the policy sampling), `curve.png`,
`model.zip` (`MaskablePPO.load`) and `result.json` (budget, decisions reached and per second,
evaluation with 95% Wilson intervals on the win rate, ties apart, versions, machine load, the command).
`--report DIR...` reads result.json files and prints the Markdown table of docs/rl-baselines.md.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from townhall import games, rl
from townhall.engine.agent import derive_seed
from townhall.engine.build import build_of
from townhall.sim.stats import wilson_interval

PLAYERS = 2
OPPONENTS = ("random", "greedy")
WINDOW = 100  # training games behind the curve's win rate and mean reward
LIBRARIES = ("torch", "stable-baselines3", "sb3-contrib", "gymnasium", "numpy")


class Seeded(gymnasium.Wrapper[Any, Any, Any, Any]):
    """Deals training game k of table `table` with derive_seed(seed, "train", table, k), whatever
    seed the vector env passes (it passes one only at the first reset)."""

    def __init__(self, env: gymnasium.Env[Any, Any], seed: int, table: int) -> None:
        super().__init__(env)
        self.base = seed
        self.table = table
        self.games = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        dealt = derive_seed(self.base, "train", self.table, self.games)
        self.games += 1
        return self.env.reset(seed=dealt, options=options)


@dataclass
class Curve:
    """The training games as they finish (their return summed per table) and a row per update."""

    tables: int
    started: float = field(default_factory=time.perf_counter)
    games: int = 0
    illegal: int = 0  # games the environment ended on an action outside the mask (expected: none)
    rows: list[dict[str, float]] = field(default_factory=list)
    recent: deque[float] = field(default_factory=lambda: deque(maxlen=WINDOW))
    running: np.ndarray[Any, np.dtype[np.float64]] = field(init=False)
    updates: int = 0  # completed rollouts: PPO trains on each before a step can stop it
    update_seconds: float = 0.0  # in PPO's gradient steps, between a rollout's end and the next one's start
    rollout_ended: float | None = None

    def __post_init__(self) -> None:
        self.running = np.zeros(self.tables)

    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def step(self, rewards: np.ndarray[Any, Any], dones: np.ndarray[Any, Any], infos: Sequence[dict[str, Any]]) -> None:
        self.running += rewards
        self.illegal += sum("illegal" in info for info in infos)
        for table in np.flatnonzero(dones):
            self.recent.append(float(self.running[table]))
            self.running[table] = 0.0
            self.games += 1

    def row(self, timesteps: int) -> dict[str, float]:
        recent = list(self.recent)
        row = {
            "timesteps": timesteps,
            "seconds": round(self.seconds(), 1),
            "games": self.games,
            "win_rate_100": round(sum(r > 0 for r in recent) / len(recent), 3) if recent else float("nan"),
            "mean_reward_100": round(float(np.mean(recent)), 3) if recent else float("nan"),
        }
        self.rows.append(row)
        return row


class Budget(BaseCallback):
    """Stops the training after `seconds` of wall time; feeds the curve and writes a row per update."""

    def __init__(self, curve: Curve, seconds: float, path: Path) -> None:
        super().__init__()
        self.curve = curve
        self.budget = seconds
        self.path = path

    def _on_rollout_start(self) -> None:
        if self.curve.rollout_ended is not None:
            self.curve.update_seconds += time.perf_counter() - self.curve.rollout_ended

    def _on_step(self) -> bool:
        self.curve.step(self.locals["rewards"], self.locals["dones"], self.locals["infos"])
        return self.curve.seconds() < self.budget

    def _on_rollout_end(self) -> None:
        self.curve.rollout_ended = time.perf_counter()
        self.curve.updates += 1
        self.write(self.num_timesteps)

    def write(self, timesteps: int) -> None:
        row = self.curve.row(timesteps)
        new = not self.path.exists()
        with self.path.open("a", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(row))
            if new:
                writer.writeheader()
            writer.writerow(row)
        print(json.dumps(row), flush=True)


def training_table(args: argparse.Namespace, index: int) -> gymnasium.Env[Any, Any]:
    """Table `index` of the training: seat index % 2, against the (index // 2)-th of --train-against."""
    opponent = args.train_against[index // PLAYERS % len(args.train_against)]
    env = rl.gym_env(
        args.game, players=PLAYERS, opponents=(opponent,), seat=index % PLAYERS, observation="flat", reward=args.reward
    )
    return Seeded(env, args.seed, index)


def train(args: argparse.Namespace) -> tuple[MaskablePPO, dict[str, Any]]:
    """The model after the budget, and what the training reached."""
    vector = DummyVecEnv([partial(training_table, args, i) for i in range(args.envs)])
    model = MaskablePPO(
        "MlpPolicy",
        vector,
        learning_rate=args.lr,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        gamma=args.gamma,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": args.net_arch},
        seed=args.seed,
        device="cpu",
    )
    curve = Curve(args.envs)
    budget = Budget(curve, args.minutes * 60, args.out / "curve.csv")
    model.learn(total_timesteps=10**12, callback=budget)
    seconds = curve.seconds()
    if not curve.rows or curve.rows[-1]["timesteps"] < model.num_timesteps:
        budget.write(model.num_timesteps)  # the dropped rollout's decisions and games
    first = vector.envs[0].unwrapped
    table = first.table  # type: ignore[attr-defined]
    trained = {
        "train_seconds": round(seconds, 1),
        "timesteps": model.num_timesteps,
        "games_trained": curve.games,
        "illegal_endings": curve.illegal,
        "decisions_per_second": round(model.num_timesteps / seconds, 1),
        "update_seconds": round(curve.update_seconds, 1),
        "updates": curve.updates,
        "env": str(first.metadata["name"]),
        "action_ids": int(table.num_actions),
        "observation_size": int(vector.observation_space.shape[0]),  # type: ignore[index]
        "build": build_of(table.state),
        "final_curve": {key: None if np.isnan(value) else value for key, value in curve.rows[-1].items()},
    }
    return model, trained


def evaluate(model: MaskablePPO, game: str, opponent: str, count: int, seed: int) -> dict[str, Any]:
    """The model's masked argmax against `opponent`: game g deals derive_seed(seed, "eval", g // 2)
    and seats the model at g % 2, so each deal is played from both seats."""
    envs = [
        rl.gym_env(game, players=PLAYERS, opponents=(opponent,), seat=seat, observation="flat")
        for seat in range(PLAYERS)
    ]
    outcomes = {"wins": [0, 0], "ties": [0, 0], "losses": [0, 0]}
    decisions = illegal = 0
    started = time.perf_counter()
    for g in range(count):
        seat = g % PLAYERS
        env = envs[seat]
        observation, _info = env.reset(seed=derive_seed(seed, "eval", g // PLAYERS))
        while True:
            action, _state = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
            observation, reward, terminated, truncated, info = env.step(int(action))
            decisions += 1
            illegal += "illegal" in info
            if terminated or truncated:
                break
        outcomes["wins" if reward > 0 else "losses" if reward < 0 else "ties"][seat] += 1
    seconds = time.perf_counter() - started
    wins = sum(outcomes["wins"])
    low, high = wilson_interval(wins, count)
    return {
        "opponent": opponent,
        "games": count,
        **{key: sum(by_seat) for key, by_seat in outcomes.items()},
        "win_rate": round(wins / count, 4) if count else None,
        "win_rate_95": [round(low, 4), round(high, 4)],
        "by_seat": {key: by_seat for key, by_seat in outcomes.items()},
        "illegal_endings": illegal,
        "seconds": round(seconds, 1),
        "seconds_per_game": round(seconds / count, 3) if count else None,
        "decisions_per_game": round(decisions / count, 1) if count else None,
    }


def plot(
    curves: Sequence[tuple[str, Sequence[dict[str, float]]]], path: Path, title: str, minutes: bool = False
) -> None:
    """Win rate of the last 100 training games against learner decisions (or minutes of training,
    which put games of unlike speeds on one axis), a line per curve."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for label, rows in curves:
        xs = [row["seconds"] / 60 if minutes else row["timesteps"] for row in rows]
        ax.plot(xs, [row["win_rate_100"] for row in rows], label=label)
    ax.axhline(0.5, color="grey", linewidth=0.5)
    ax.set_xlabel("minutes of training" if minutes else "learner decisions")
    ax.set_ylabel(f"win rate, last {WINDOW} training games")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def read_curve(path: Path) -> list[dict[str, float]]:
    with path.open() as handle:
        return [{key: float(value) for key, value in row.items()} for row in csv.DictReader(handle)]


def provenance(argv: Sequence[str]) -> dict[str, Any]:
    """What a reader needs to reproduce the run and judge its speed."""
    root = Path(__file__).resolve().parents[1]
    try:
        commit = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = None
    return {
        "command": shlex.join(["python", "bench/rl_baselines.py", *argv]),
        "commit": commit,
        "python": platform.python_version(),
        "versions": {name: version(name) for name in LIBRARIES},
        "cpu_count": os.cpu_count(),
        "machine": platform.machine(),
    }


def run(args: argparse.Namespace, argv: Sequence[str]) -> dict[str, Any]:
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "curve.csv").unlink(missing_ok=True)
    load_before = os.getloadavg()
    source = provenance(argv)  # the commit the run starts from, not the one at its end
    model, trained = train(args)
    model.save(args.out / "model.zip")
    plot(
        [(args.game, read_curve(args.out / "curve.csv"))],
        args.out / "curve.png",
        f"MaskablePPO, two-player {args.game} against {' and '.join(args.train_against)}",
    )
    evaluation = [evaluate(model, args.game, opponent, args.eval_games, args.seed) for opponent in OPPONENTS]
    result = {
        "game": args.game,
        "budget_minutes": args.minutes,
        **trained,
        "evaluation": evaluation,
        "hyperparameters": {
            key: getattr(args, key)
            for key in (
                "envs",
                "n_steps",
                "batch_size",
                "epochs",
                "lr",
                "gamma",
                "ent_coef",
                "net_arch",
                "reward",
                "train_against",
                "seed",
                "threads",
            )
        },
        "load_average": {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]},
        **source,
    }
    (args.out / "result.json").write_text(readable_json(result))
    print(summary(result))
    return result


def readable_json(data: dict[str, Any]) -> str:
    """Indented JSON with each list of plain values on one line (the line breaks and indents
    json.dumps puts between them go; a JSON string holds no raw line break)."""
    text = json.dumps(data, indent=2)
    flat = re.sub(
        r"\[\n\s+([^\[\]{}]*?)\n\s*\]", lambda match: "[" + re.sub(r",\n\s*", ", ", match.group(1)) + "]", text
    )
    return flat + "\n"


def score(evaluation: dict[str, Any]) -> str:
    """'W-T-L, rate (95% low-high)'."""
    low, high = evaluation["win_rate_95"]
    rate = evaluation["win_rate"]
    shown = "-" if rate is None else f"{rate:.2f} ({low:.2f}-{high:.2f})"
    return f"{evaluation['wins']}-{evaluation['ties']}-{evaluation['losses']}, {shown}"


def summary(result: dict[str, Any]) -> str:
    lines = [
        f"{result['game']} ({result['env']}, {result['build']} build): {result['timesteps']:,} decisions, "
        f"{result['games_trained']:,} training games in {result['train_seconds']:.0f} s "
        f"({result['decisions_per_second']:.0f} decisions/s)"
    ]
    for evaluation in result["evaluation"]:
        lines.append(
            f"  vs {evaluation['opponent']}: W-T-L {score(evaluation)} in {evaluation['seconds']:.0f} s "
            f"({evaluation['seconds_per_game'] or 0:.3f} s a game)"
        )
    illegal = result["illegal_endings"] + sum(evaluation["illegal_endings"] for evaluation in result["evaluation"])
    if illegal:  # a state with no legal action for the learner: the policy had to play outside the mask
        lines.append(f"  WARNING: {illegal} games ended on an action outside the mask (result.json: illegal_endings)")
    return "\n".join(lines)


def report(directories: Sequence[Path], plot_path: Path | None) -> str:
    """The Markdown table of docs/rl-baselines.md, then each run's command."""
    results = [json.loads((directory / "result.json").read_text()) for directory in directories]
    header = (
        "| game | budget | learner decisions | training games | decisions/s | last 100 training games won "
        "| vs random: W-T-L, win rate (95%) | vs greedy: W-T-L, win rate (95%) |\n|---|---|---|---|---|---|---|---|"
    )
    rows = []
    for result in results:
        by = {evaluation["opponent"]: evaluation for evaluation in result["evaluation"]}
        recent = result["final_curve"]["win_rate_100"]
        rows.append(
            f"| {result['game']} | {result['budget_minutes']:g} min | {result['timesteps']:,} | {result['games_trained']:,} "
            f"| {result['decisions_per_second']:.0f} | {'-' if recent is None else f'{recent:.2f}'} "
            f"| {score(by['random'])} | {score(by['greedy'])} |"
        )
    commands = [f"    {result['command']}" for result in results]
    if plot_path is not None:
        curves = [
            (result["game"], read_curve(directory / "curve.csv"))
            for directory, result in zip(directories, results, strict=True)
        ]
        plot(curves, plot_path, "MaskablePPO, two players", minutes=True)
    return "\n".join([header, *rows, "", *commands])


def positive(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float:
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text} is not > 0")
        return value

    return parse


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game", nargs="?", help=f"one of {', '.join(games.names())}")
    parser.add_argument("--minutes", type=positive(float), default=30.0, help="wall-clock budget of the training")
    parser.add_argument("--eval-games", type=int, default=100, help="evaluation games against each bot")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=positive(int), default=1, help="torch threads")
    parser.add_argument("--out", type=Path, help="the run's directory")
    parser.add_argument("--envs", type=positive(int), default=4, help="tables stepped together, table i in seat i %% 2")
    parser.add_argument("--n-steps", type=positive(int), default=512, help="decisions per table per PPO update")
    parser.add_argument("--batch-size", type=positive(int), default=256)
    parser.add_argument("--epochs", type=positive(int), default=4)
    parser.add_argument("--lr", type=positive(float), default=3e-4)
    parser.add_argument("--gamma", type=positive(float), default=0.995)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument(
        "--net-arch",
        type=lambda text: [int(x) for x in text.split(",")],
        default=[64, 64],
        help="hidden layers, e.g. 256,256",
    )
    parser.add_argument(
        "--reward",
        choices=("rank", "margin"),
        default="rank",
        help="the training reward (margin: the final score margin, unscaled); evaluation counts ranks",
    )
    parser.add_argument(
        "--train-against",
        type=lambda text: text.split(","),
        default=["random"],
        help="training opponents, e.g. random,greedy",
    )
    parser.add_argument(
        "--report", type=Path, nargs="+", metavar="DIR", help="print the Markdown table of these runs' result.json"
    )
    parser.add_argument("--plot", type=Path, help="with --report: their learning curves in one figure")
    args = parser.parse_args(argv)
    if args.report:
        print(report(args.report, args.plot))
        return 0
    if args.game is None:
        parser.error("give a GAME to train, or --report DIR...")
    if args.game not in games.names():
        print(f"rl_baselines.py: unknown game {args.game!r}; one of {', '.join(games.names())}", file=sys.stderr)
        return 2
    if args.out is None or args.eval_games < 0:
        parser.error("a run needs --out DIR and --eval-games >= 0")
    run(args, argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
