"""The legacy campaign: chapter modules, the score track, progress marks, stickers, the runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.my_city.helpers import cells, do, episode, finish, reveal, solo, start
from townhall.cli.campaign import default_agents
from townhall.engine import Chance, OptionError
from townhall.engine.datafile import read_json
from townhall.engine.errors import DataError
from townhall.games.my_city import GAME, views
from townhall.games.my_city.actions import BLOCKADE
from townhall.games.my_city.campaign import Campaign, mark_rows, run
from townhall.games.my_city.chapters import CAMPAIGN, campaign_from_json
from townhall.games.my_city.data import DATA_DIR, parse_cell

GOLD_BOARD = str(Path(__file__).parent / "boards" / "gold-near-river.json")


def test_chapter_modules_MYC_LEG_1() -> None:
    """MYC-LEG-1: 24 episodes in 8 chapters of 3; each chapter module adds rules from data."""
    assert [CAMPAIGN.chapter_of(e) for e in (1, 3, 4, 24)] == [1, 1, 2, 8]
    first = start(2, {"mode": "campaign", "episode": 1}, Chance(0))
    assert len(first.deck) + len(first.revealed) == 24 and BLOCKADE not in first.deck + first.revealed
    fourth = start(2, {"mode": "campaign", "episode": 4}, Chance(0))
    assert len(fourth.deck) + len(fourth.revealed) == 28  # churches and the blockade
    # Episode 6 forbids passing.
    sixth = episode(6)
    reveal(sixth, "YD2")
    assert 32 * 484 not in sixth.legal_actions(0)
    with pytest.raises(Exception, match="passing is not allowed") as error:
        do(sixth, 0, "pass")
    assert getattr(error.value, "clause", "") == "MYC-LEG-1"
    # Chapter 3 (the flood): build only east of the river; the west bank does not count.
    flood = episode(7)
    reveal(flood, "YD2")
    assert all(flood.terrain.mask_of[a] & flood.terrain.west == 0 for a in flood.legal_actions(0)[:-2])
    with pytest.raises(Exception, match="only east") as error:
        do(flood, 0, "place YD2 at D3 r90")
    finish(flood)
    assert flood.final is not None
    # East bank features of the legacy stand-in: rocks F2 H7 I10, trees H3 G9 E11 (the seed: a
    # start board has only double cells, and its first-episode example counts 8 trees: MYC-LEG-3).
    east_plain = (flood.terrain.buildable & flood.terrain.east).bit_count() - 6
    assert flood.final[0] == {
        "trees": 6,
        "rocks": -6,
        "yellow": 0,
        "red": 0,
        "blue": 0,
        "churches": 0,
        "wells": 0,
        "empty": -east_plain,
    }
    # A bad campaign data file is rejected with a reason.
    data = read_json(DATA_DIR / "campaign.json")
    data["chapters"][1]["rules"]["dragons"] = {"value": True, "provenance": "stand-in"}
    with pytest.raises(DataError, match="unknown rule 'dragons'"):
        campaign_from_json(data, "test")
    data = read_json(DATA_DIR / "campaign.json")
    data["chapters"][0]["awards"]["first"]["provenance"] = "rumour"
    with pytest.raises(DataError, match="provenance"):
        campaign_from_json(data, "test")


def test_episode_start_MYC_LEG_2() -> None:
    """MYC-LEG-2: each episode starts at 10 with an empty board; stickers stay."""
    state = start(
        2,
        {
            "mode": "campaign",
            "episode": 2,
            "campaign": json.dumps({"boards": [{"stickers": [["C1", "tree"]]}, {"stickers": []}]}),
        },
        Chance(0),
    )
    assert state.score == [10, 10] and state.occupied == [0, 0]
    assert state.features[0].single_trees == cells("C1") and state.features[1].single_trees == 0
    with pytest.raises(OptionError, match="not light green"):
        start(
            2, {"mode": "campaign", "campaign": json.dumps({"boards": [{"stickers": [["A1", "tree"]]}, {}]})}, Chance(0)
        )


def test_chapter_one_scoring_example_MYC_LEG_3() -> None:
    """MYC-LEG-3: the seed's example: 8 points after two passes, 8 uncovered trees, 2 uncovered
    rock points and 8 empty cells end at 6."""
    stickers = [[(parse_cell(c), "tree") for c in ("C1", "H1", "C3", "I3")], []]
    state = episode(1, 2, stickers)
    for card in ("YD2", "RD2"):
        reveal(state, card)
        do(state, 0, "pass")
        do(state, 1, "pass")
    assert state.score == [8, 8]
    keep = cells("B1", "D1", "F1", "G1", "I1", "J1", "B2", "C2")  # 8 empty cells left open
    trees = cells("E1", "G9") | cells("C1", "H1", "C3", "I3")
    covered = state.terrain.buildable & ~keep & ~trees & ~cells("D9")  # F2's double rock covered
    state.occupied[0] = covered
    state.placed[0] = [(0, covered)]
    finish(state)
    assert state.final is not None
    assert state.final[0] == {"trees": 8, "rocks": -2, "empty": -8}
    assert state.score[0] == 6


def test_fifty_and_below_zero_MYC_LEG_4_MYC_LEG_5() -> None:
    """MYC-LEG-4: reaching 50 fills a progress mark at once and the marker stops.
    MYC-LEG-5: below 0 the track keeps the debt; later gains pay it off first."""
    state = start(2, {"mode": "campaign", "episode": 10, "board": GOLD_BOARD}, Chance(0))
    reveal(state, "YD2")
    state.score = [49, -2]
    do(state, 0, "place YD2 at D2 r0")  # covers both gold mines: +3
    do(state, 1, "place YD2 at D2 r0")  # the same round: +3 too
    assert state.score == [50, 1] and state.frozen == [True, False] and state.marks == [1, 0]
    reveal(state, "RD2")
    do(state, 0, "pass")
    do(state, 1, "pass")
    assert state.score == [50, 0]
    finish(state, 0, "exit")
    assert state.final is not None
    assert state.score[0] == 50
    assert state.score[1] == sum(state.final[1].values()) < 0  # the debt is kept


def test_progress_marks_by_rank_MYC_LEG_6() -> None:
    """MYC-LEG-6: with 3-4 players the best fills 2 marks and the second 1 (MYC-LEG-7 breaks the
    tie for second place here)."""
    three = episode(1, 3)
    reveal(three, "YD2")
    # The legacy stand-in: 5 double trees, 5 double rocks, 85 empty cells (MYC-LEG-3).
    do(three, 0, "place YD2 at E1 r90")  # E1 double tree + E2: -76
    do(three, 1, "place YD2 at C3 r0")  # C3 D3 plain: -73
    do(three, 2, "pass")  # 9 on the track: -76
    finish(three, 0, "exit")
    assert three.score == [10 + 8 - 10 - 84, 10 + 10 - 10 - 83, 9 + 10 - 10 - 85]
    assert three.ranks() == [2, 1, 3]  # row 2: player 0 covered E2
    assert three.marks == [1, 2, 0]
    assert [three.award_rank(p) for p in range(3)] == ["second", "first", "other"]


def test_marks_two_players_and_order_MYC_LEG_6_MYC_LEG_8_MYC_LEG_9() -> None:
    """MYC-LEG-6 (2 players: only the best), MYC-LEG-8 (top row first), MYC-LEG-9 (most marks)."""
    two = episode(1, 2)
    reveal(two, "YD2")
    do(two, 0, "place YD2 at C3 r0")  # C3 D3: two plain cells, fewer empty cells
    do(two, 1, "pass")
    finish(two)
    assert two.score == [10 + 10 - 10 - (two.terrain.buildable.bit_count() - 10 - 2), 9 + 10 - 10 - (95 - 10)]
    assert two.ranks() == [1, 2] and two.marks == [2, 0]
    assert mark_rows(27, 25) == ["●" * 25, "●●" + "○" * 23]
    campaign = Campaign.new(["random", "random", "random"], seed=1)
    campaign.marks = [5, 7, 7]
    assert campaign.winners() == [1, 2]


def test_tie_break_in_campaign_MYC_LEG_7() -> None:
    """MYC-LEG-7: equal scores: fewer empty cells in the top row first, then the next row."""
    state = episode(1, 2)
    reveal(state, "YI4")
    do(state, 0, "place YI4 at F2 r0")  # row 2: F2 (rock) G2 H2 I2
    do(state, 1, "place YI4 at F1 r0")  # row 1: F1 G1 H1 (square) I1
    finish(state)
    state.score = [3, 3]
    assert state.ranks() == [2, 1]


def test_awards_and_stickers_MYC_LEG_10() -> None:
    """MYC-LEG-10: every player gets the stickers of their awards row (2 players: the loser takes
    'other'); stickers go on empty square cells after the board is cleared."""
    campaign = Campaign.new(["random", "random"], seed=5)
    entry = campaign.play_episode(default_agents)
    rows = ["first" if r == 1 else "other" for r in entry["ranks"]]
    for seat in range(2):
        kinds = [kind for _, kind in campaign.stickers[seat]]
        assert kinds == CAMPAIGN.awards(1)[rows[seat]]
        for cell, _ in campaign.stickers[seat]:
            assert start(2, {"mode": "campaign"}, Chance(0)).board_spec.cells[parse_cell(cell)] == "o"
    state = start(2, {"mode": "campaign", "episode": 2, "campaign": campaign.state_option()}, Chance(0))
    assert state.occupied == [0, 0]
    for seat in range(2):
        assert state.features[seat].single_trees == cells(*[c for c, _ in campaign.stickers[seat]])


def test_save_resume_and_take_over_MYC_LEG_11(tmp_path: Path) -> None:
    """MYC-LEG-11: a campaign saved mid-way and resumed ends exactly like one played straight
    through; a new player may take over a seat and its state."""
    straight = Campaign.new(["random", "random", "random"], seed=9)
    for _ in range(24):
        straight.play_episode(default_agents)
    assert straight.finished
    path = tmp_path / "campaign.json"
    Campaign.new(["random", "random", "random"], seed=9).save(path)
    run(path, 7, default_agents)
    halfway = Campaign.load(path)
    assert halfway.next_episode == 8 and len(halfway.history) == 7
    run(path, 100, default_agents)
    resumed = Campaign.load(path)
    assert resumed.to_json() == json.loads(json.dumps(straight.to_json()))
    assert sum(resumed.marks) >= 24 * 3  # 2 + 1 marks per episode at least
    # Taking over: the board, stickers and marks stay with the seat.
    Campaign.new(["random", "random"], seed=2).save(path)
    run(path, 2, default_agents)
    before = Campaign.load(path)
    before.take_over(1, "random", "Zoe")
    assert before.players == ["player 1", "Zoe"] and before.marks == Campaign.load(path).marks
    assert before.stickers == Campaign.load(path).stickers
    with pytest.raises(OptionError):
        before.take_over(5, "random")
    with pytest.raises(DataError, match="not a My City campaign file"):
        Campaign.from_json({"format": "other"})


def test_later_chapter_modules_MYC_LEG_1() -> None:
    """MYC-LEG-1 chapter 8 module: the palace at E6 (red) stands on every board, the first own
    piece still touches the river, buildings on the bottom row score the railroad; chapter 5
    starts the track at 0 (so no pass until points are made)."""
    state = episode(22)
    assert state.occupied == [cells("E6"), cells("E6")]
    reveal(state, "YD2")
    with pytest.raises(Exception, match="touch the river"):
        do(state, 0, "place YD2 at D7 r0")  # touches the palace only
    do(state, 0, "place YD2 at D10 r90")  # D10 at the river, D11 on the bottom row
    do(state, 1, "exit")
    finish(state)
    assert state.final is not None
    assert state.final[0] == {
        "trees": 10,  # five double trees (MYC-LEG-3)
        "rocks": -10,  # five double rocks
        "yellow": 1,
        "red": 1,
        "blue": 0,
        "churches": 0,
        "railroad": 1,
        "parks": 2,  # chapter 8 parks: all uncovered rock-free ground is one area with trees (+2)
        "empty": -87,  # 95 buildable + 7 new land - 10 tree/rock cells - 2 gold mines - E6 palace - D10 D11
    }
    factories = episode(13)
    reveal(factories, "YD2")
    assert factories.score == [0, 0] and 32 * 484 not in factories.legal_actions(0)


def test_campaign_file_as_option_MYC_LEG_11(tmp_path: Path) -> None:
    """MYC-LEG-11: an episode can be started from a saved campaign file (its stickers load)."""
    campaign = Campaign.new(["random", "random"], seed=8)
    campaign.play_episode(default_agents)
    path = tmp_path / "saved.json"
    campaign.save(path)
    state = start(2, {"mode": "campaign", "episode": 2, "campaign": str(path)}, Chance(0))
    for seat in range(2):
        assert state.features[seat].single_trees == cells(*[c for c, _ in campaign.stickers[seat]])
    with pytest.raises(OptionError, match="campaign state rejected"):
        start(2, {"mode": "campaign", "campaign": str(tmp_path / "missing.json")}, Chance(0))


def test_chapter_one_is_the_seed_in_every_episode_MYC_LEG_3() -> None:
    """MYC-LEG-3: episodes 1-3 score only the seed's summary items; chapter 2 adds the rest."""
    for number in (1, 2, 3):
        state = episode(number)
        finish(state)
        assert state.final is not None and list(state.final[0]) == ["trees", "rocks", "empty"]
        assert state.final[0] == {"trees": 10, "rocks": -10, "empty": -85}  # 5 double trees, 5 double rocks
    campaign = Campaign.new(["random", "random"], seed=4)
    for _ in range(4):
        campaign.play_episode(default_agents)
    for seat in range(2):
        assert [kind for _, kind in campaign.stickers[seat]].count("well") == 1  # given at episode 4's start


def test_summary_card_per_episode_MYC_LEG_1_MYC_LEG_3() -> None:
    """MYC-LEG-1: each chapter module has its summary card; chapter 1's is the seed's example."""
    assert views.summary(CAMPAIGN.rules(1, 2)) == [
        ("immediately", "pass", "-1"),
        ("immediately", "marker reaches 50", "1 progress mark, marker stops"),
        ("at the end", "tree", "+1"),
        ("at the end", "rock", "-1"),
        ("at the end", "empty light-green cell", "-1"),
    ]
    seventh = [item for _, item, _ in views.summary(CAMPAIGN.rules(9, 2))]
    assert "pass" not in seventh and "empty light-green cell east of the river" in seventh
    assert "summary: immediately: pass -1" in GAME.render(episode(1), 0)


def test_investor_chapter_five_MYC_LEG_1() -> None:
    """MYC-LEG-1 chapter 5 module: the investor card is in the deck; every building placed later
    next to the investor scores +1 at once (value set in data, transcribed)."""
    state = episode(13)
    # churches, blockade, investor, chapter 2's 4th church (kept from episode 5 on)
    assert len(state.deck) + len(state.revealed) == 24 + 3 + 1 + 1 + 1
    solo(
        state,
        [
            ("YD2", "place YD2 at C3 r0"),  # C3 D3 at the river; 0 points: no pass possible
            ("INV", "place INV at C4 r0"),  # investor C4 D4
            ("RD2", "place RD2 at C5 r0"),  # C5 D5 next to the investor: +1
            ("BD2", "place BD2 at B2 r0"),  # B2 C2: next to YD2, not to the investor
        ],
    )
    assert state.score[0] == 1
    assert "building placed next to your investor" in [item for _, item, _ in views.summary(state.rules)]
