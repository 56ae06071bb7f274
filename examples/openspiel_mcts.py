"""OpenSpiel's MCTSBot against its uniform random bot on a Townhall game, through
`townhall.rl.openspiel` (`pip install townhall[openspiel]`): the game is a pyspiel game whose
draws are chance nodes: the search and its rollouts draw each outcome at its probability.

    python examples/openspiel_mcts.py --game carcassonne --games 2 --simulations 8
"""

from __future__ import annotations

import argparse

import numpy as np
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.bots.uniform_random import UniformRandomBot

from townhall.rl import openspiel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=8, help="MCTS simulations per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = openspiel.load_game(args.game, players=2)
    state = game.new_initial_state()
    print(game, "| chance node at the start:", state.is_chance_node(), f"({len(state.chance_outcomes())} outcomes)")
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    totals = np.zeros(2)
    for number in range(args.games):
        # The search seat alternates; returns are +1 for the winner, -1 for the loser, 0 each on a tie.
        search = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations, evaluator=evaluator, random_state=rng)
        bots = [search, UniformRandomBot(1, rng)] if number % 2 == 0 else [UniformRandomBot(0, rng), search]
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        seat = number % 2
        totals += [returns[seat], returns[1 - seat]]
        print(f"game {number + 1}: MCTS (seat {seat}) {returns[seat]:+.0f}, random {returns[1 - seat]:+.0f}")
    print(f"over {args.games} games: MCTS {totals[0]:+.0f}, random {totals[1]:+.0f}")


if __name__ == "__main__":
    main()
