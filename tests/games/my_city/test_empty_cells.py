"""Issue 16: what counts as an empty light-green cell (MYC-EVG-7, MYC-LEG-7) and enough sticker
squares on the stand-in legacy board for a whole campaign (MYC-LEG-10). Decisions: RULINGS.md."""

from __future__ import annotations

import time

from tests.games.my_city.helpers import episode, evergreen, finish, solo
from townhall.cli.campaign import default_agents
from townhall.games.my_city import scoring
from townhall.games.my_city.campaign import Campaign
from townhall.games.my_city.chapters import CAMPAIGN
from townhall.games.my_city.options import LEGACY_BOARD


def test_uncovered_gold_mine_is_not_an_empty_cell_MYC_EVG_7_MYC_LEG_7() -> None:
    """MYC-EVG-7: one board covers the gold mine K1 and leaves A8 uncovered: A8 counts in no item
    (not in `empty`); MYC-LEG-7 counts empty cells row by row the same way."""
    state = evergreen(2)
    # YI4 F1-I1 at the river (H1 double rock covered), YD2 J1 K1 (the gold mine K1 covered).
    solo(state, [("YI4", "place YI4 at F1 r0"), ("YD2", "place YD2 at J1 r0")])
    finish(state)
    assert state.final is not None
    assert state.final[0] == {
        "trees": 10,  # five double trees, none covered
        "rocks": -14,  # eight double rocks, H1 covered
        "yellow": 2,  # YI4 and YD2 touch: one group of two
        "red": 0,
        "blue": 0,
        "churches": 0,
        "wells": 0,  # nothing around D5 and G8
        "empty": -74,  # 80 plain cells - 2 gold mines (A8 uncovered, K1 covered) - F1 G1 I1 J1
    }
    assert state.score[0] == 10 + 10 - 14 + 2 - 74
    # Player 2 built nothing: both gold mines uncovered, neither costs.
    assert state.final[1]["empty"] == -78
    key = scoring.tie_key(state.rules, state.terrain, state.features[0], state.occupied[0])
    assert key[0] == -3  # row 1: B1 C1 D1 (K1 covered, and a gold mine anyway)
    assert key[7] == -7  # row 8: B C D E F H I plain (G8 well); the gold mine A8 is not empty
    assert scoring.tie_key(state.rules, state.terrain, state.features[1], 0)[7] == -7


def test_gold_mine_is_plain_ground_only_where_the_episode_has_none_MYC_EVG_7() -> None:
    """MYC-EVG-7 in the campaign: gold mines count as empty cells only in episodes without the
    gold-mine rule (chapters 1-3); from chapter 4 (gold mines) they count in no item."""
    counts = {}
    for number in (1, 10):
        state = episode(number)
        finish(state)
        assert state.final is not None
        counts[number] = state.final[0]["empty"]
    assert not episode(1).rules.gold_mines and episode(10).rules.gold_mines
    # episode 10 adds 7 new land cells (chapter 4) and drops the 2 gold mines from the count
    assert counts[10] == counts[1] + 2 - 7


def test_the_stand_in_board_has_a_square_for_every_sticker_MYC_LEG_10() -> None:
    """MYC-LEG-10: the most stickers one seat can be given over the campaign (from the chapter
    data) fit the stand-in legacy board's small squares."""
    squares = LEGACY_BOARD.cells.count("o")
    assert CAMPAIGN.most_stickers() == 40 and squares >= CAMPAIGN.most_stickers()
    shafts = scoring.shaft_mask(CAMPAIGN.rules(16, 2).mine_shafts)
    assert not any(shafts >> cell & 1 for cell, code in enumerate(LEGACY_BOARD.cells) if code == "o")


def test_whole_campaigns_lose_no_sticker_award_MYC_LEG_10() -> None:
    """MYC-LEG-10: two whole 24-episode campaigns of random bots lose no award (every award and
    start sticker lands on a square)."""
    began = time.monotonic()
    for seed in (1, 2):
        campaign = Campaign.new(["random", "random"], seed=seed)
        while not campaign.finished:
            campaign.play_episode(default_agents)
        given = [0, 0]
        for entry in campaign.history:
            for seat, awards in enumerate(entry["awards"]):
                assert all(not award.endswith("@None") for award in awards), (seed, entry["episode"], awards)
                given[seat] += len(awards)
        starts = sum(len(CAMPAIGN.start_stickers(e)) for e in range(1, 25))
        assert [len(stickers) for stickers in campaign.stickers] == [n + starts for n in given]
    assert time.monotonic() - began < 60
