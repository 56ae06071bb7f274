"""Analysis for players: each seat's chances from a position, and what the search thinks of a decision,
computed from what one viewer may see (a seat, or None: a spectator) and nothing more.

- `estimate`: `playouts` games played on from determinizations of the viewer's view (hidden parts
  resampled, `engine.agent.determinize_seen_by`) with uniformly random moves to the end: each
  seat's win share (ties share) and final score, averaged. A rough figure (random play), cheap and
  reproducible under a seed.
- `review`: the hard bot's search (ISMCTS, `iterations` iterations) of `mover`'s decision, its trees
  grown on the viewer's determinizations: its preferred action, the value of each action it tried
  (mean reward in [0, 1], mostly the chance to win; agents/mcts.py) and the loss of the one played
  (preferred value minus played value; None when the search never tried it).

Both stop early once `deadline` (time.perf_counter) passes, after at least one playout or iteration,
and say so (`complete`); with no deadline reached the answer depends only on the position, the
viewer's information and the seed.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from townhall.agents.mcts import MctsAgent
from townhall.agents.registry import make_agent
from townhall.engine.agent import Budget, SeenView, determinize_seen_by
from townhall.engine.chance import Chance
from townhall.engine.match import random_playout
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import Game, State


@dataclass(frozen=True, slots=True)
class Estimate:
    """Per seat: the estimated chance to win (a share of a tie counts its share) and expected score."""

    win: list[float]
    score: list[float]
    playouts: int
    complete: bool


@dataclass(frozen=True, slots=True)
class Review:
    """The search's view of one decision of `mover`."""

    mover: int
    preferred: int
    played: int | None
    values: dict[int, float]
    loss: float | None
    iterations: int
    complete: bool
    choices: int  # the mover's legal actions as the viewer knows them (1: a forced move)


def estimate(state: State, viewer: int | None, playouts: int, seed: int, deadline: float | None = None) -> Estimate:
    """Each seat's chances from `state` as `viewer` knows it (see the module)."""
    seats = state.num_players
    if state.is_terminal():
        return Estimate(win_shares(state.ranks()), [float(s) for s in state.scores()], 0, True)
    rng = random.Random(seed)
    wins, scores = [0.0] * seats, [0.0] * seats
    done = 0
    for done in range(1, playouts + 1):
        game = determinize_seen_by(state, viewer, rng)
        random_playout(game, rng.random, Chance(rng.getrandbits(63)))
        for seat, (share, score) in enumerate(zip(win_shares(game.ranks()), game.scores(), strict=True)):
            wins[seat] += share
            scores[seat] += float(score)
        if deadline is not None and done < playouts and time.perf_counter() >= deadline:
            break
    return Estimate([w / done for w in wins], [s / done for s in scores], done, done == playouts)


def review(
    game: Game[Any],
    before: State,
    mover: int,
    viewer: int | None,
    played: int | None,
    iterations: int,
    seed: int,
    deadline: float | None = None,
) -> Review:
    """The hard bot's search of `mover`'s decision at `before`, as `viewer` knows it (see the module)."""
    view = SeenView(game, before, mover, viewer)
    legal = view.legal_actions()
    agent = make_agent(f"hard:iterations={iterations}", game, seed)
    assert isinstance(agent, MctsAgent)
    seconds = None if deadline is None else max(1e-3, deadline - time.perf_counter())
    preferred = agent.act(view, legal, Budget(iterations=iterations, seconds=seconds))
    stats = agent.last
    values = dict(stats.root_values) if stats is not None else {}
    done = stats.iterations if stats is not None else 0
    loss = None
    if played is not None and played in values and preferred in values:
        loss = max(0.0, values[preferred] - values[played])
    elif played == preferred:
        loss = 0.0
    return Review(mover, preferred, played, values, loss, done, len(legal) == 1 or done >= iterations, len(legal))
