"""Carcassonne (base game for 2-5 players, the River as an option).

Modules: data (loads and checks data/*.json), tiles (static tables per tile and rotation),
actions (the integer action space), state (placement, deployment, draws), scoring, render,
evaluate (the greedy bot's heuristic), game (the Game object).

Project decisions beyond the clauses of ../shared/rules/carcassonne.md:
- A tile that looks the same turned (U, F, G, H, straight river...) is offered once per look;
  the duplicate rotation is refused naming CAR-PLACE-3.
- The follower decision is skipped when nothing can be deployed (empty supply or every
  segment's feature occupied): the turn then scores and passes at once.
- River U-turns: the last turn of the river is remembered across straight tiles; the next turn
  must go the other way (the river is a staircase and never blocks itself). The seed forbids any
  U shape ("河流方块的放置不可让河流形成U字型"): right, straight, right is a U as much as right,
  right, so a straight stretch does not reset the rule.

Audited against the seed (tests/games/carcassonne/test_audit.py): every turn's scoring and the
final scoring are rechecked on random games by an independent recount.
"""

from townhall.games.carcassonne.game import GAME, Carcassonne

__all__ = ["GAME", "Carcassonne"]
