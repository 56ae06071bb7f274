"""The board view of My City (docs/board-my-city.md): it validates at the start, mid-game and at
the end, and every legal action of whole random games has a target on it, except pass and exit,
which are deliberately off-board."""

from __future__ import annotations

import random

import pytest

from tests.games.my_city.helpers import do, evergreen, reveal, start
from townhall.engine import Chance
from townhall.engine.board import BoardView, Target
from townhall.games.my_city import GAME
from townhall.games.my_city.board_view import OFF_BOARD
from townhall.games.my_city.state import MyCityState

OPTIONS = [
    {},
    {"mode": "campaign", "episode": 7},
    {"mode": "campaign", "episode": 16},
    {"mode": "campaign", "episode": 24},
]


def _check_view(state: MyCityState) -> BoardView:
    for viewer in [None, *range(state.num_players)]:
        view = BoardView.model_validate(GAME.board_view(state, viewer))
        assert view.game == "my-city" and view.viewer == viewer
        boards = [f"board-{p}" for p in range(state.num_players)]
        assert [area.id for area in view.areas] == boards + ([] if state.over else ["card"])
        assert all(len(area.cells) == 121 for area in view.areas[: state.num_players])
    return BoardView.model_validate(GAME.board_view(state, None))


@pytest.mark.parametrize("options", OPTIONS, ids=[str(o) for o in OPTIONS])
def test_every_legal_action_has_a_target_or_is_off_board(options: dict[str, object]) -> None:
    rng = random.Random(3)
    chance = Chance(5)
    state = start(3, options, chance)
    _check_view(state)
    steps = 0
    while movers := state.to_move():
        view = GAME.board_view(state, None)
        cells = {area["id"]: {cell["id"] for cell in area["cells"]} for area in view["areas"]}
        for player in movers:
            for action in state.legal_actions(player):
                target = GAME.action_target(state, player, action)
                kind = state.action_to_json(action)["kind"]
                if kind in OFF_BOARD:
                    assert target is None
                    continue
                assert target is not None, state.action_text(action)
                parsed = Target.model_validate(target)
                assert parsed.area == f"board-{player}" and parsed.cell in cells[parsed.area]
                assert parsed.rotation == state.action_to_json(action)["rot"]
        player = rng.choice(movers)
        legal = state.legal_actions(player)
        state.apply(player, rng.choice(legal), chance)
        steps += 1
        if steps == 20:
            _check_view(state)
    _check_view(state)


def test_view_shows_buildings_features_and_the_card() -> None:
    state = evergreen(2)
    reveal(state, "YD2")
    view = GAME.board_view(state, 0)
    assert {"id": "card", "kind": "card", "label": "yellow short building (2 squares)"} in view["items"]
    # the card's building, unturned, for the client's preview of a placement
    card = view["areas"][-1]
    assert card["id"] == "card" and card["label"] == "card yellow short building (2 squares)"
    assert sorted((c["row"], c["col"]) for c in card["cells"]) == [(0, 0), (0, 1)]
    assert all(c["pieces"] == [{"kind": "yellow", "label": "YD2"}] for c in card["cells"])
    board = view["areas"][0]
    marks = {mark["kind"] for cell in board["cells"] for mark in cell.get("marks", [])}
    assert {"gold-mine", "river-east", "river-west", "well"} <= marks
    target = GAME.action_target(state, 0, state.legal_actions(0)[0])
    assert target is not None
    do(state, 0, state.action_text(state.legal_actions(0)[0]))
    # the own choice is shown to its player only, the other sees "decided"
    mine = GAME.board_view(state, 0)["areas"][0]["items"]
    theirs = GAME.board_view(state, 1)["areas"][0]["items"]
    assert [i["kind"] for i in mine] == ["status", "choice"] and [i["kind"] for i in theirs] == ["status"]
    do(state, 1, "exit")
    covered = [c for c in GAME.board_view(state, None)["areas"][0]["cells"] if c.get("pieces")]
    assert len(covered) == 2 and covered[0]["id"] == target["cell"]
    assert covered[0]["pieces"] == [{"kind": "yellow", "owner": 0, "label": "YD2"}]
