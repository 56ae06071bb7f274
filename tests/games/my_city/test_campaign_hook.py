"""The legacy campaign behind the engine's campaign protocol (`Game.campaign`): the same campaign
as `Campaign.play_episode`, its between-episode choices asked as decisions."""

from __future__ import annotations

import json

import pytest

from townhall import games
from townhall.cli.campaign import default_agents
from townhall.engine import OptionError
from townhall.engine.agent import derive_seed
from townhall.engine.board import BoardView, Mark, check_marks
from townhall.engine.campaign import Campaign as EpisodesCampaign
from townhall.engine.match import play_match
from townhall.games.my_city import GAME
from townhall.games.my_city.board_view import MARKS
from townhall.games.my_city.campaign import Campaign, LegacyCampaign
from townhall.games.my_city.data import cell_name

SAVED = ("next_episode", "boards", "history", "church4")


def _play(campaign: EpisodesCampaign, seed: int, seats: list[str]) -> None:
    """One episode through the protocol, with the agents `play_episode` gives each seat."""
    game_seed = campaign.episode_seed()
    agents = [default_agents(s, spec, derive_seed(game_seed, "seat", s)) for s, spec in enumerate(seats)]
    match = play_match(GAME, campaign.num_players, agents, options=campaign.game_options(), seed=game_seed)
    campaign.finish_episode(match.state)


def _defaults(campaign: EpisodesCampaign) -> int:
    """Answer every open decision with its default (as a bot does); how many there were."""
    answered = 0
    while decisions := campaign.pending():
        for decision in decisions:
            campaign.decide(decision.seat, decision.default)
            answered += 1
    return answered


@pytest.mark.parametrize(("seats", "seed"), [(["random", "random"], 3), (["random", "greedy", "random"], 11)])
def test_a_whole_campaign_through_the_hook_is_the_campaign(seats: list[str], seed: int) -> None:
    """Bots through the protocol, a JSON round trip between every step: the same stickers, marks,
    4th church and history as the terminal's campaign of the same seed."""
    straight = Campaign.new(seats, seed)
    while not straight.finished:
        straight.play_episode(default_agents)
    campaign = GAME.campaign(len(seats), seed)
    assert isinstance(campaign, LegacyCampaign)
    campaign.legacy.seats = list(seats)
    asked = 0
    while not campaign.finished():
        asked += _defaults(campaign)
        reread = GAME.campaign_from_json(json.loads(json.dumps(campaign.to_json())))
        assert reread is not None and reread.to_json() == campaign.to_json()
        _play(reread, seed, seats)
        campaign = reread
    assert asked > 24  # stickers and the 4th church were asked
    expected, got = straight.to_json(), campaign.to_json()
    assert {k: got[k] for k in SAVED} == {k: expected[k] for k in SAVED}
    assert campaign.episode() == campaign.episodes() + 1 == 25
    assert campaign.winners() == straight.winners()
    assert [s.points for s in campaign.standings()] == straight.marks
    assert campaign.title() == "the campaign is over"


def test_decisions_are_player_words_and_choices_count() -> None:
    campaign = GAME.campaign(2, 5)
    assert campaign is not None and campaign.pending() == []  # episode 1 starts with nothing to choose
    _play(campaign, 5, ["random", "random"])
    decisions = campaign.pending()
    assert [d.seat for d in decisions] == [0, 1]
    first = decisions[0]
    assert first.question == "Which square gets your tree sticker?"
    assert all(c.text == cell_name(c.id) for c in first.choices)
    chosen = next(c.id for c in first.choices if c.id != first.default)
    with pytest.raises(OptionError, match="not one of the choices"):
        campaign.decide(0, -1)
    campaign.decide(0, chosen)
    assert [cell_name(chosen), "tree"] in campaign.to_json()["boards"][0]["stickers"]
    assert "tree on " + cell_name(chosen) in campaign.standings()[0].board
    with pytest.raises(OptionError, match="every choice between episodes"):
        campaign.game_options()
    _defaults(campaign)
    with pytest.raises(OptionError, match="nothing to choose"):
        campaign.decide(1, 0)
    assert campaign.game_options()["episode"] == 2
    assert campaign.title() == "episode 2 of 24 (chapter 1)"


def test_each_standing_draws_its_board_with_its_stickers() -> None:
    """The standings carry each seat's lasting board as a board view: the printed board, the
    stickers marked on the squares their words name (a tree sticker drawn as a tree), no building."""
    campaign = GAME.campaign(3, 5)
    assert campaign is not None
    for _episode in range(2):
        _defaults(campaign)
        _play(campaign, 5, ["random", "random", "random"])
    _defaults(campaign)
    boards = campaign.to_json()["boards"]
    for standing in campaign.standings():
        assert standing.board_view is not None
        view = BoardView.model_validate(standing.board_view)
        assert check_marks(view, MARKS) == [] and view.game == "my-city" and view.viewer is None
        (area,) = view.areas
        assert (area.id, area.owner, len(area.cells)) == (f"board-{standing.seat}", standing.seat, 121)
        assert not any(cell.pieces for cell in area.cells)
        cells = {cell.id: cell for cell in area.cells}
        stickers = boards[standing.seat]["stickers"]
        assert stickers and len(stickers) == len(standing.board)
        assert {c for c, cell in cells.items() if Mark(kind="sticker") in cell.marks} == {c for c, _ in stickers}
        for (square, kind), words in zip(stickers, standing.board, strict=True):
            assert words == f"{kind} on {square}"
            feature = {"tree": "trees", "rock": "rocks", "well": "well"}[kind]
            assert feature in [mark.kind for mark in cells[square].marks]
    assert standing.to_json()["board_view"] == standing.board_view


def test_the_4th_church_is_asked_of_the_last_winner() -> None:
    campaign = GAME.campaign(2, 7)
    assert campaign is not None
    while campaign.episode() < 5:
        _defaults(campaign)
        _play(campaign, 7, ["random", "random"])
    asked = []
    while decisions := campaign.pending():  # the winner's awards first, then the church
        asked += [d for d in decisions if d.question == "Choose the shape of the 4th church"]
        for decision in decisions:
            campaign.decide(decision.seat, decision.default)
    assert len(asked) == 1 and asked[0].choices[0].text == "L-shaped church (4 squares)"
    assert asked[0].seat == campaign.to_json()["history"][-1]["ranks"].index(1)
    assert campaign.to_json()["church4"] in ("CL4", "CU5")


def test_games_without_a_campaign_have_none() -> None:
    for name in games.names():
        game = games.get(name)
        if game is not GAME:
            assert game.campaign(2, 1) is None
