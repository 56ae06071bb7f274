"""Why nothing may be played at a place: the engine's refusals there, without changing the state."""

from __future__ import annotations

import json

import pytest

from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.why import refusals_at
from townhall.i18n import using


def carcassonne() -> tuple[object, object]:
    game = games.get("carcassonne")
    return game, game.new_state(2, game.meta.resolve({}), Chance(5))


def test_a_taken_cell_is_refused_in_the_players_language() -> None:
    game, state = carcassonne()
    before = json.dumps(state.to_json(), sort_keys=True)
    reasons = refusals_at(game, state, 0, {"area": "table", "cell": "0,0"})
    assert reasons and "already" in reasons[0] and "[" not in reasons[0]  # no clause code
    with using("ja"):
        assert refusals_at(game, state, 0, {"area": "table", "cell": "0,0"}) != reasons
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_a_part_of_a_cell_that_takes_whole_placements_asks_about_the_cell() -> None:
    game, state = carcassonne()
    assert refusals_at(game, state, 0, {"area": "table", "cell": "0,0", "part": "s0"}) == refusals_at(
        game, state, 0, {"area": "table", "cell": "0,0"}
    )


@pytest.mark.parametrize(
    "place", [{"area": "table", "cell": "zz"}, {"area": "nowhere", "cell": "1"}, {"area": "table", "cell": "999,0"}]
)
def test_places_no_action_goes_to_have_no_reasons(place: dict[str, str]) -> None:
    game, state = carcassonne()
    assert refusals_at(game, state, 0, place) == []


def test_another_players_turn_is_the_reason() -> None:
    game, state = carcassonne()
    reasons = refusals_at(game, state, 1, {"area": "table", "cell": "0,1"})
    assert reasons and "turn" in reasons[0]


@pytest.mark.parametrize("name", games.shipped())
def test_every_game_answers_for_every_drawn_place(name: str) -> None:
    """Each drawn cell of the board at the start gets a list of words (maybe empty), never an error."""
    game = games.get(name)
    state = game.new_state(2, game.meta.resolve({}), Chance(3))
    player = state.to_move()[0]
    view = game.board_view(state, player)
    legal_places = {
        (t["area"], t["cell"]) for a in state.legal_actions(player) if (t := game.action_target(state, player, a))
    }
    asked = 0
    for area in view["areas"]:
        for cell in area.get("cells", [])[:12]:
            if (area["id"], cell["id"]) in legal_places:
                continue
            reasons = refusals_at(game, state, player, {"area": area["id"], "cell": cell["id"]})
            assert all(isinstance(r, str) and r for r in reasons)
            asked += 1
    assert asked
