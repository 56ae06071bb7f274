"""A masked PPO that learns two-player Carcassonne against the random bot (PyTorch, CPU).

    pip install -e ".[rl,train]"
    python examples/train_carcassonne.py --minutes 40 --out runs/carcassonne

It plays through the project's Gymnasium environment (`townhall.rl.gym_env`), half of its tables
in seat 0 and half in seat 1, and writes into `--out`: `curve.csv` (one row per update),
`curve.png` (the learning curve), `model.pt` and `result.json` (the win rates of the trained
policy, greedy in its own logits, against the random and the greedy bot). docs/rl-report.md
reports a run.

The policy:
- It plays `carcassonne_v1` (`compact=False`): the engine's 114,257 ids (every cell of a 169 x 169
  table x 4 rotations, 12 follower segments, skip), as when docs/rl-report.md was made. The policy
  scores a compact space instead: the 31 x 31 x 4 placements of the observation's board window,
  the 12 segments, skip and one "far" bucket for the rare placements outside the window (a pick of
  that bucket plays one of them uniformly). The compact mask comes from the environment's mask
  through a lookup table built from `action_to_json`. (The default `carcassonne_v2` speaks the
  same window, segments and skip as its first 3,857 ids, then a slot per placement outside.)
- A small convolutional net reads the board planes; the scalars (tile in hand, phase, scores...)
  bias its first layer. Placement logits come per cell and rotation from the last conv layer;
  the segment, skip and far logits and the value come from pooled features and the features at
  the last tile placed (where a follower goes).
- The reward: the environment's final reward by rank (+1 win, -1 loss, 0 tie) plus, at every
  step, the change of the score margin / 100 read from the observation's `scores` slice (the
  public scores, observer first): it telescopes to the final margin, so it only makes credit
  denser.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import time
from collections import deque
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from townhall import rl

GAME = "carcassonne"
RADIUS = 15  # the observation's board window is (2 * RADIUS + 1) cells wide (see its layout table)
WIDTH = 2 * RADIUS + 1


class Codec:
    """Environment action ids <-> the policy's compact action indices, and the observation split."""

    def __init__(self, env: Any) -> None:
        table = env.unwrapped.table
        state = table.state
        self.num_ids = table.num_actions
        self.places = WIDTH * WIDTH * 4
        lut = np.empty(self.num_ids, dtype=np.int64)
        segments = 0
        kinds = [state.action_to_json(action) for action in range(self.num_ids)]
        for data in kinds:
            if data["kind"] == "deploy":
                segments = max(segments, int(data["segment"]) + 1)
        self.skip = self.places + segments
        self.far = self.skip + 1
        self.size = self.far + 1
        for action, data in enumerate(kinds):
            if data["kind"] == "place":
                x, y, rot = int(data["x"]), int(data["y"]), int(data["rot"])
                if abs(x) <= RADIUS and abs(y) <= RADIUS:
                    lut[action] = ((y + RADIUS) * WIDTH + (x + RADIUS)) * 4 + rot
                else:
                    lut[action] = self.far
            elif data["kind"] == "deploy":
                lut[action] = self.places + int(data["segment"])
            else:
                lut[action] = self.skip
        self.lut = lut
        slices = table.observer.slices
        board = slices["board"]
        self.board_shape = board.shape
        self.board_end = board.offset + board.size
        self.scores = slices["scores"].offset  # observer first
        self.last_plane = 19  # the plane of the last tile placed (the observer's layout table)

    def compact_mask(self, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The compact mask and the legal environment ids."""
        legal = np.flatnonzero(mask.view(np.bool_))
        compact = np.zeros(self.size, dtype=np.bool_)
        compact[self.lut[legal]] = True
        return compact, legal

    def to_action(self, index: int, legal: np.ndarray, rng: random.Random) -> int:
        if index == self.far:
            far = legal[self.lut[legal] == self.far]
            return int(far[int(rng.random() * len(far))])
        return int(legal[self.lut[legal] == index][0])

    def margin(self, observation: np.ndarray) -> float:
        return float(observation[self.scores] - observation[self.scores + 1])


class Policy(nn.Module):
    def __init__(self, codec: Codec, observation_size: int, channels: int = 32) -> None:
        super().__init__()
        planes = codec.board_shape[0]
        self.board_shape = codec.board_shape
        self.board_end = codec.board_end
        self.last_plane = codec.last_plane
        scalars = observation_size - codec.board_end
        self.scalars = nn.Linear(scalars, channels)
        self.conv1 = nn.Conv2d(planes, channels, 3, padding=1)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1)
        self.conv3 = nn.Conv2d(channels, channels, 3, padding=1)
        self.place = nn.Conv2d(channels, 4, 1)
        hidden = 128
        self.trunk = nn.Sequential(nn.Linear(3 * channels + scalars, hidden), nn.ReLU())
        self.others = nn.Linear(hidden, codec.size - codec.places)  # segments, skip, far
        self.value = nn.Linear(hidden, 1)

    def forward(self, observation: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        batch = observation.shape[0]
        board = observation[:, : self.board_end].view(batch, *self.board_shape)
        scalars = observation[:, self.board_end :]
        h = F.relu(self.conv1(board) + self.scalars(scalars)[:, :, None, None])
        h = F.relu(self.conv2(h))
        h = h + F.relu(self.conv3(h))
        place = self.place(h).permute(0, 2, 3, 1).reshape(batch, -1)  # (y, x, rot) order
        at_last = (h * board[:, self.last_plane : self.last_plane + 1]).sum((2, 3))
        pooled = torch.cat([h.mean((2, 3)), h.amax((2, 3)), at_last, scalars], dim=1)
        features = self.trunk(pooled)
        logits = torch.cat([place, self.others(features)], dim=1)
        return logits, self.value(features).squeeze(1)


def masked(logits: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
    return torch.distributions.Categorical(logits=logits.masked_fill(~mask, -1e9))


class Tables:
    """`n` Gymnasium environments stepped in lockstep, half in seat 0 and half in seat 1."""

    def __init__(self, n: int, opponent: str, seed: int) -> None:
        self.envs = [rl.gym_env(GAME, opponents=(opponent,), seat=i % 2, players=2, compact=False) for i in range(n)]
        self.codec = Codec(self.envs[0])
        self.seed = seed
        self.games = 0
        self.rng = random.Random(seed)
        self.observations = [self._reset(env) for env in self.envs]

    def _reset(self, env: Any) -> np.ndarray:
        observation, _info = env.reset(seed=self.seed * 1_000_003 + self.games)
        self.games += 1
        return observation

    def step(self, i: int, index: int, legal: np.ndarray) -> tuple[float, bool, float | None]:
        """Play compact action `index` at table i: the shaped reward, whether the game ended and
        its final rank reward if it did."""
        env = self.envs[i]
        before = self.codec.margin(self.observations[i]["observation"])
        observation, reward, terminated, truncated, _info = env.step(self.codec.to_action(index, legal, self.rng))
        shaped = self.codec.margin(observation["observation"]) - before + float(reward)
        if terminated or truncated:
            self.observations[i] = self._reset(env)
            return shaped, True, float(reward)
        self.observations[i] = observation
        return shaped, False, None


def collect(policy: Policy, tables: Tables, steps: int) -> dict[str, Any]:
    """One rollout of `steps` decisions per table."""
    codec = tables.codec
    n = len(tables.envs)
    size = tables.envs[0].observation_space["observation"].shape[0]
    observations = np.zeros((steps, n, size), dtype=np.float32)
    masks = np.zeros((steps, n, codec.size), dtype=np.bool_)
    actions = np.zeros((steps, n), dtype=np.int64)
    logps = np.zeros((steps, n), dtype=np.float32)
    values = np.zeros((steps + 1, n), dtype=np.float32)
    rewards = np.zeros((steps, n), dtype=np.float32)
    dones = np.zeros((steps, n), dtype=np.float32)
    finals: list[float] = []
    for t in range(steps):
        legals = []
        for i in range(n):
            observations[t, i] = tables.observations[i]["observation"]
            masks[t, i], legal = codec.compact_mask(tables.observations[i]["action_mask"])
            legals.append(legal)
        with torch.inference_mode():
            logits, value = policy(torch.from_numpy(observations[t]))
            dist = masked(logits, torch.from_numpy(masks[t]))
            chosen = dist.sample()
            logps[t] = dist.log_prob(chosen).numpy()
        values[t] = value.numpy()
        actions[t] = chosen.numpy()
        for i in range(n):
            rewards[t, i], done, final = tables.step(i, int(actions[t, i]), legals[i])
            dones[t, i] = float(done)
            if final is not None:
                finals.append(final)
    with torch.inference_mode():
        values[steps] = policy(torch.from_numpy(np.stack([o["observation"] for o in tables.observations])))[1].numpy()
    return {
        "observations": observations,
        "masks": masks,
        "actions": actions,
        "logps": logps,
        "values": values,
        "rewards": rewards,
        "dones": dones,
        "finals": finals,
    }


def advantages(batch: dict[str, Any], gamma: float, lam: float) -> tuple[np.ndarray, np.ndarray]:
    rewards, values, dones = batch["rewards"], batch["values"], batch["dones"]
    steps = rewards.shape[0]
    gae = np.zeros_like(rewards)
    running = np.zeros(rewards.shape[1], dtype=np.float32)
    for t in reversed(range(steps)):
        alive = 1.0 - dones[t]
        delta = rewards[t] + gamma * values[t + 1] * alive - values[t]
        running = delta + gamma * lam * alive * running
        gae[t] = running
    return gae, gae + values[:steps]


def update(
    policy: Policy, optimizer: torch.optim.Optimizer, batch: dict[str, Any], args: argparse.Namespace
) -> dict[str, float]:
    gae, returns = advantages(batch, args.gamma, args.lam)
    flat = lambda a: torch.from_numpy(a.reshape(-1, *a.shape[2:]))  # noqa: E731
    observations, masks, actions = flat(batch["observations"]), flat(batch["masks"]), flat(batch["actions"])
    old_logps, adv, ret = flat(batch["logps"]), flat(gae), flat(returns.astype(np.float32))
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    total = observations.shape[0]
    stats = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0}
    count = 0
    for _epoch in range(args.epochs):
        order = torch.randperm(total)
        for start in range(0, total, args.minibatch):
            idx = order[start : start + args.minibatch]
            logits, value = policy(observations[idx])
            dist = masked(logits, masks[idx])
            logp = dist.log_prob(actions[idx])
            ratio = torch.exp(logp - old_logps[idx])
            policy_loss = -torch.min(ratio * adv[idx], ratio.clamp(1 - args.clip, 1 + args.clip) * adv[idx]).mean()
            value_loss = F.mse_loss(value, ret[idx])
            entropy = dist.entropy().mean()
            loss = policy_loss + 0.5 * value_loss - args.entropy * entropy
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
            stats["policy_loss"] += policy_loss.item()
            stats["value_loss"] += value_loss.item()
            stats["entropy"] += entropy.item()
            count += 1
    return {key: value / max(1, count) for key, value in stats.items()}


def evaluate(policy: Policy, codec: Codec, opponent: str, games: int, seed: int) -> dict[str, Any]:
    """The policy, playing the argmax of its masked logits, against `opponent`, seats alternating."""
    rewards = []
    envs = [rl.gym_env(GAME, opponents=(opponent,), seat=seat, players=2, compact=False) for seat in (0, 1)]
    rng = random.Random(seed)
    for g in range(games):
        env = envs[g % 2]
        observation, _info = env.reset(seed=seed * 1_000_003 + g)
        while True:
            compact, legal = codec.compact_mask(observation["action_mask"])
            with torch.inference_mode():
                logits, _value = policy(torch.from_numpy(observation["observation"][None]))
                index = int(logits[0].masked_fill(~torch.from_numpy(compact), -1e9).argmax())
            observation, reward, terminated, truncated, _info = env.step(codec.to_action(index, legal, rng))
            if terminated or truncated:
                rewards.append(float(reward))
                break
    wins = sum(1 for r in rewards if r > 0)
    ties = sum(1 for r in rewards if r == 0)
    return {"opponent": opponent, "games": games, "wins": wins, "ties": ties, "win_rate": wins / max(1, games)}


def plot(rows: list[dict[str, float]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    steps = [row["steps"] for row in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, [row["win_rate"] for row in rows], label="win rate vs random (last 100 games, sampling)")
    ax.plot(steps, [row["mean_final"] for row in rows], label="mean final reward by rank", alpha=0.6)
    ax.axhline(0.0, color="grey", linewidth=0.5)
    ax.set_xlabel("learner decisions")
    ax.set_ylim(-1.05, 1.05)
    ax.set_title("Masked PPO, two-player Carcassonne against the random bot")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="wall-time budget of the training")
    parser.add_argument("--max-steps", type=int, default=0, help="stop after this many decisions (0: no limit)")
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--rollout", type=int, default=128, help="decisions per table per update")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--channels", type=int, default=32)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (the machine is shared)")
    parser.add_argument("--eval-games", type=int, default=100, help="games against each of random and greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("runs/carcassonne"))
    args = parser.parse_args(argv)

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    tables = Tables(args.envs, "random", args.seed)
    size = tables.envs[0].observation_space["observation"].shape[0]
    policy = Policy(tables.codec, size, args.channels)
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr)
    recent: deque[float] = deque(maxlen=100)
    rows: list[dict[str, float]] = []
    started = time.perf_counter()
    steps = 0
    with (args.out / "curve.csv").open("w", newline="") as handle:
        writer = None
        while time.perf_counter() - started < args.minutes * 60 and not (args.max_steps and steps >= args.max_steps):
            batch = collect(policy, tables, args.rollout)
            steps += args.rollout * args.envs
            recent.extend(batch["finals"])
            stats = update(policy, optimizer, batch, args)
            row = {
                "seconds": round(time.perf_counter() - started, 1),
                "steps": steps,
                "games": tables.games - args.envs,
                "win_rate": round(sum(1 for r in recent if r > 0) / max(1, len(recent)), 3),
                "mean_final": round(float(np.mean(recent)) if recent else 0.0, 3),
                **{key: round(value, 4) for key, value in stats.items()},
            }
            rows.append(row)
            if writer is None:
                writer = csv.DictWriter(handle, fieldnames=list(row))
                writer.writeheader()
            writer.writerow(row)
            handle.flush()
            print(json.dumps(row), flush=True)
    train_seconds = time.perf_counter() - started
    torch.save(policy.state_dict(), args.out / "model.pt")
    plot(rows, args.out / "curve.png")
    results = [
        evaluate(policy, tables.codec, opponent, args.eval_games, args.seed + 7) for opponent in ("random", "greedy")
    ]
    result = {
        "train_seconds": round(train_seconds, 1),
        "learner_decisions": steps,
        "training_games": tables.games - args.envs,
        "torch_threads": args.threads,
        "args": {key: str(value) for key, value in vars(args).items()},
        "evaluation": results,
    }
    (args.out / "result.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result), flush=True)
    return result


if __name__ == "__main__":
    main()
