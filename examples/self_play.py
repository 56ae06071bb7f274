"""Self-play on the Gymnasium environment: a masked PPO (sb3-contrib's MaskablePPO) learns
Kutná Hora against a frozen copy of itself, refreshed each round. The opponent is a plain
callable (`gym_env(..., opponents=[policy])`): it gets its seat's observation in the learner's
format and its bool mask, and returns an action id. Runs in well under a minute with the
defaults on a CPU (`pip install townhall[train]`):

    python examples/self_play.py --steps 512 --rounds 3
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO

from townhall import rl

GAME = "kutna-hora"


def frozen(model: MaskablePPO) -> Any:
    """A copy of the model as an opponent policy (a deterministic masked pick)."""
    policy = type(model.policy)(**model.policy._get_constructor_parameters())
    policy.load_state_dict(model.policy.state_dict())
    policy.set_training_mode(False)

    def act(observation: Any, mask: Any) -> int:
        action, _state = policy.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    return act


class Latest:
    """The opponent the environment holds: a policy that the loop swaps each round."""

    def __init__(self) -> None:
        self.policy: Any = None

    def __call__(self, observation: Any, mask: Any) -> int:
        if self.policy is None:  # round 0: the first legal action
            return int(np.flatnonzero(mask)[0])
        return int(self.policy(observation, mask))


def evaluate(model: MaskablePPO, opponent: Any, games: int, seed: int) -> dict[str, int]:
    """The model's results as seat 0 against `opponent` over `games` games."""
    env = rl.gym_env(GAME, opponents=[opponent], observation="flat")
    result = {"wins": 0, "draws": 0, "losses": 0}
    for game in range(games):
        observation, _info = env.reset(seed=seed + game)
        terminated, reward = False, 0.0
        while not terminated:
            action, _state = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
            observation, reward, terminated, _truncated, _info = env.step(int(action))
        result["wins" if reward > 0 else "losses" if reward < 0 else "draws"] += 1
    return result


def main(argv: list[str] | None = None) -> dict[str, int]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=512, help="learner steps per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each against the latest frozen copy")
    parser.add_argument("--games", type=int, default=4, help="evaluation games at the end")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    opponent = Latest()
    env = rl.gym_env(GAME, opponents=[opponent], observation="flat")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=args.seed)
    for round_ in range(args.rounds):
        model.learn(args.steps, reset_num_timesteps=round_ == 0)
        opponent.policy = frozen(model)
    result = evaluate(model, opponent, args.games, args.seed + 1000)
    print(f"after {args.rounds} rounds of {args.steps} steps, against its latest copy: {result}")
    return result


if __name__ == "__main__":
    main()
