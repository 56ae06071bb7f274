"""Independent rules audit of My City: scenario tests written from the seed rulebook
(../shared/seeds/my-city.zh-Hant.txt) for rules the first test suite left untested or misread.
Every test names its clause; the seed's own words are quoted where they settle a point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.my_city.helpers import cells, do, episode, evergreen, finish, piece, reveal, solo, start
from townhall.cli.campaign import default_agents
from townhall.engine import Chance, Event, IllegalAction, ScriptedChance
from townhall.engine.datafile import read_json
from townhall.games.my_city import GAME, scoring
from townhall.games.my_city.actions import BLOCKADE, EXIT_ACTION, PASS_ACTION
from townhall.games.my_city.boardgen import random_board
from townhall.games.my_city.campaign import mark_rows
from townhall.games.my_city.data import DATA_DIR
from townhall.games.my_city.options import LEGACY_BOARD

GOLD_BOARD = str(Path(__file__).parent / "boards" / "gold-near-river.json")


# ---------------------------------------------------------------- the legacy board (MYC-LEG-3)


def test_legacy_board_has_only_double_cells_and_enough_for_the_seed_example_MYC_LEG_3() -> None:
    """MYC-LEG-3. Seed: "開始時，版圖上只有兩株樹木（值兩分）和兩塊岩石（扣兩分）的格子" says the
    start board has only *kinds* of cells showing two trees or two rocks (no single ones), not
    that it has two of each: the seed's own example of the first episode counts eight uncovered
    trees ("她的版圖上有八株未被覆蓋的樹木"), impossible with two double-tree cells."""
    features = episode(1).features[0]
    assert features.single_trees == 0 and features.single_rocks == 0
    assert features.double_trees.bit_count() >= 4  # 8 uncovered trees must be possible in episode 1
    assert features.double_rocks.bit_count() >= 1
    for seed in range(5):  # the random legacy board keeps the same facts
        spec = random_board(seed, legacy=True)
        assert spec.cells.count("t") == spec.cells.count("r") == 0
        assert spec.cells.count("T") >= 4 and spec.cells.count("R") >= 1


def test_seed_scoring_example_on_the_board_itself_MYC_LEG_3_MYC_PASS_1() -> None:
    """MYC-LEG-3, the seed's worked example, with no sticker: "計分前，這玩家有8分。她在本節中選擇了
    略過兩次" (10 - 2 passes = 8), eight uncovered trees +8, two uncovered rocks -2, eight empty
    light-green cells -8: "如此，這玩家以六分完成第一節的遊戲"."""
    state = episode(1, 2)
    for card in ("YD2", "RD2"):
        reveal(state, card)
        do(state, 0, "pass")
        do(state, 1, "pass")
    assert state.score == [8, 8]
    # Legacy stand-in: double trees E1 H3 D7 G9 E11, double rocks F2 D6 D9 H7 I10.
    assert state.features[0].double_trees == cells("E1", "H3", "D7", "G9", "E11")
    assert state.features[0].double_rocks == cells("F2", "D6", "D9", "H7", "I10")
    open_trees = cells("E1", "H3", "G9", "E11")  # 8 trees uncovered (D7 built over)
    open_rock = cells("F2")  # 2 rocks uncovered
    empty = cells("B1", "C1", "D1", "F1", "G1", "H1", "I1", "J1")  # 8 empty cells (C1 H1: squares)
    covered = state.terrain.buildable & ~open_trees & ~open_rock & ~empty
    state.occupied[0] = covered
    state.placed[0] = [(piece("YI4"), covered)]
    finish(state)
    assert state.final is not None
    assert state.final[0] == {"trees": 8, "rocks": -2, "empty": -8}
    assert state.score[0] == 6


# ---------------------------------------------------------------- the score track (MYC-LEG-4/5)


def test_frozen_marker_ignores_a_pass_MYC_LEG_4_MYC_PASS_1() -> None:
    """MYC-LEG-4. Seed: "此後即使他/她再獲得或扣減分數，亦不會再移動分數指示物": a player at 50 may
    still pass (the marker is not at 0) and the marker does not move; the event says so."""
    state = episode(1, 2)
    reveal(state, "YD2")
    state.score[0] = 50
    state.frozen[0] = True
    assert PASS_ACTION in state.legal_actions(0)
    events: list[Event] = []
    state.apply(0, PASS_ACTION, Chance(0), events)
    state.apply(1, PASS_ACTION, Chance(0), events)
    assert state.score == [50, 9] and state.passes == [1, 1]
    passes = [e for e in events if e.kind == "pass"]
    assert [e.data["points"] for e in passes] == [0, -1]


def test_reaching_fifty_in_final_scoring_MYC_LEG_4_MYC_LEG_6() -> None:
    """MYC-LEG-4: the marker reaching 50 at the final count also fills one progress mark and stops
    there (49 + 10 trees = 50, not 59); MYC-LEG-6: the winner's 2 marks come on top."""
    state = episode(1, 2)
    reveal(state, "YD2")
    state.score[0] = 49
    state.occupied[0] = state.terrain.buildable & ~state.features[0].double_trees  # only the trees stay open
    state.placed[0] = [(piece("YI4"), state.occupied[0])]
    finish(state)
    assert state.final is not None
    assert state.final[0] == {"trees": 10, "rocks": 0, "empty": 0}  # five double trees open
    assert state.score[0] == 50 and state.frozen[0]
    assert state.marks[0] == 1 + 2


def test_below_zero_no_pass_and_debt_paid_first_MYC_LEG_5_MYC_PASS_2() -> None:
    """MYC-LEG-5: below 0 the debt is kept and gains pay it off first (-2 + 3 = 1).
    MYC-PASS-2: a marker at 0 (or a recorded debt) forbids passing: "若某玩家的分數在「0」的位置，
    他/她便不能選擇略過"."""
    state = start(2, {"mode": "campaign", "episode": 10, "board": GOLD_BOARD}, Chance(0))
    reveal(state, "YD2")
    state.score = [-2, 1]
    assert PASS_ACTION not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as error:
        do(state, 0, "pass")
    assert error.value.clause == "MYC-PASS-2"
    do(state, 0, "place YD2 at D2 r0")  # covers both gold mines: +3
    do(state, 1, "pass")  # 1 -> 0: allowed
    assert state.score == [1, 0]
    reveal(state, "RD2")
    assert PASS_ACTION not in state.legal_actions(1) and PASS_ACTION in state.legal_actions(0)


# ---------------------------------------------------------------- cards and the end


def test_blockade_as_the_last_cards_MYC_EVG_4_MYC_END_1() -> None:
    """MYC-EVG-4 and MYC-END-1: a blockade with one card after it blocks that card and the game
    ends ("遊戲一直進行至全部建築牌都已經被翻開"); a blockade as the very last card just ends it.
    A blocked card costs nobody a point (it is no pass)."""
    for deck, blocked in (([BLOCKADE, piece("RD2")], [piece("RD2")]), ([BLOCKADE], [])):
        state = evergreen(2)
        reveal(state, "YD2")
        state.deck = list(deck)
        chance = ScriptedChance([0] * len(deck))
        state.apply(0, EXIT_ACTION, chance)
        state.apply(1, PASS_ACTION, chance)
        assert chance.exhausted
        assert state.over and state.blocked == blocked and state.deck == []
        assert state.final is not None and state.passes == [0, 1]
        assert state.score == [10 + sum(state.final[0].values()), 9 + sum(state.final[1].values())]


def test_church_card_at_zero_points_MYC_EVG_3_MYC_PASS_2() -> None:
    """MYC-EVG-3: on a church card a player builds or exits, whatever the score; at 0 points a
    player who can build it still may (the 0 rule only forbids passing)."""
    state = evergreen(2)
    solo(state, [("YD2", "place YD2 at E1 r90")])
    reveal(state, "CI3")
    state.score[0] = 0
    legal = state.legal_actions(0)
    assert PASS_ACTION not in legal and EXIT_ACTION in legal and len(legal) > 1
    do(state, 0, "place CI3 at F1 r0")  # F1 G1 H1 faces E1 across the river
    assert state.score[0] == 0 and state.occupied[0] == cells("E1", "E2", "F1", "G1", "H1")


def test_exited_player_keeps_and_scores_buildings_MYC_EXIT_1() -> None:
    """MYC-EXIT-1: exiting stops building but the buildings stay and score at the end; exiting
    costs nothing ("注意退出並不會讓玩家扣分")."""
    state = evergreen(2)
    solo(state, [("YD2", "place YD2 at F2 r0")])  # F2 double rock, G2
    reveal(state, "RD2")
    do(state, 0, "exit")  # player 1 exited in the first round already
    assert state.over and state.final is not None
    assert state.final[0]["rocks"] == -14 and state.final[0]["yellow"] == 1
    assert state.score[0] == 10 + sum(state.final[0].values())


def test_first_piece_in_the_flood_touches_the_river_MYC_BUILD_4() -> None:
    """MYC-BUILD-4 in chapter 3 (east bank only): the first piece still has to touch the river."""
    state = episode(7)
    reveal(state, "YD2")
    with pytest.raises(IllegalAction) as error:
        do(state, 0, "place YD2 at H5 r0")  # H5 I5: east bank, far from the river
    assert error.value.clause == "MYC-BUILD-4"
    do(state, 0, "place YD2 at F1 r0")


# ---------------------------------------------------------------- evergreen final scoring


def items(placed: list[tuple[str, tuple[str, ...]]]) -> dict[str, int]:
    """Final items of player 0's evergreen board with these buildings (piece id, cells)."""
    state = evergreen(2)
    built = [(piece(piece_id), cells(*where)) for piece_id, where in placed]
    occ = 0
    for _, mask in built:
        assert not occ & mask
        occ |= mask
    return scoring.breakdown(state.rules, state.terrain, state.features[0], built, occ)


def test_colour_groups_connect_across_the_river_MYC_EVG_7() -> None:
    """MYC-EVG-7: the largest group of one colour counts buildings; two yellow buildings facing
    each other across the river are connected ("即使兩個接鄰的建築物之間有河流，它們仍然算是連接的")."""
    across = items([("YD2", ("E1", "E2")), ("YL3", ("F1", "F2", "G2")), ("YI4", ("C7", "C8", "C9", "C10"))])
    assert across["yellow"] == 2


def test_church_needs_all_three_colours_each_church_scores_MYC_EVG_7() -> None:
    """MYC-EVG-7: "每一塊能接鄰到黃紅藍三種顏色建築物的教堂都會讓你額外獲得3分": two churches that
    each touch yellow, red and blue score 3 + 3; without the blue building neither scores."""
    city = [
        ("YD2", ("C4", "D4")),
        ("CI3", ("C5", "C6", "C7")),  # church 1: yellow C4, red B6 B7, blue C8
        ("RI4", ("B6", "B7", "B8", "B9")),
        ("BD2", ("C8", "D8")),
        ("CO4", ("D6", "E6", "D7", "E7")),  # church 2: blue D8, yellow E8, red F6 F7
        ("YL3", ("E8", "E9", "D9")),
        ("RD2", ("F6", "F7")),
    ]
    assert items(city)["churches"] == 6
    assert items([b for b in city if b[0] != "BD2"])["churches"] == 0


def test_well_counts_buildings_not_colours_MYC_EVG_5() -> None:
    """MYC-EVG-5: "水井的四邊皆接鄰不同的建築物": four different buildings, three of them red,
    around the well D5 score 4 (the well G8 has nothing around it)."""
    found = items(
        [
            ("YD2", ("C4", "D4")),
            ("RD2", ("C5", "C6")),
            ("RI4", ("D6", "D7", "D8", "D9")),
            ("RL3", ("E5", "E6", "F6")),
        ]
    )
    assert found["wells"] == 4


# ---------------------------------------------------------------- ranks and marks


def test_full_tie_for_first_shares_the_rank_MYC_LEG_6_MYC_LEG_7() -> None:
    """MYC-LEG-6/7 (project decision, README): a tie that no row breaks shares first place; both
    fill two marks and nobody is second."""
    state = episode(1, 3)
    reveal(state, "YD2")
    do(state, 0, "place YD2 at C3 r0")
    do(state, 1, "place YD2 at C3 r0")
    do(state, 2, "pass")
    finish(state, 0, "exit")
    assert state.ranks() == [1, 1, 3]
    assert state.marks == [2, 2, 0]
    assert [state.award_rank(p) for p in range(3)] == ["first", "first", "other"]


def test_progress_mark_rows_never_hide_marks_MYC_LEG_8() -> None:
    """MYC-LEG-8: top row first, left to right, then the next row; a long campaign can fill more
    than two rows of the stand-in size (24 x 2 + reaching 50), and none is hidden."""
    assert mark_rows(3, 4) == ["●●●○", "○○○○"]
    assert mark_rows(9, 4) == ["●●●●", "●●●●", "●○○○"]


# ---------------------------------------------------------------- what people see (MYC-IO-3)


def test_views_hide_undecided_choices_and_number_players_like_the_seats_MYC_IO_3() -> None:
    """MYC-IO-3: no view shows another player's pending choice; the text view numbers players
    1..n as the terminal's seats ("Player 1 (human)") do."""
    state = evergreen(2)
    reveal(state, "YD2")
    do(state, 0, "place YD2 at E1 r90")
    for viewer in (1, None):
        text = GAME.render(state, viewer)
        assert "E1 r90" not in text and " yD" not in text
        assert "player 1: score 10, decided" in text
    mine = GAME.render(state, 0)
    assert "player 1 (you): score 10, decided" in mine and "your choice: place YD2 at E1 r90" in mine
    assert "player 2: score 10, deciding" in mine and "player 0" not in mine
    events: list[Event] = []
    state.apply(1, EXIT_ACTION, Chance(0), events)
    assert [GAME.event_text(e) for e in events][:3] == [
        "Player 2 has decided",
        "Player 1 builds yellow short building (2 squares) at E1, turned 90°",
        "Player 2 exits",
    ]


def test_legacy_board_provenance_and_flood_view_MYC_LEG_1_MYC_LEG_3() -> None:
    """MYC-LEG-3 data policy: only "double cells at the start" is the seed's (official); how many
    is a stand-in. MYC-LEG-1: the flood chapter's view says where one may build."""
    detail = read_json(DATA_DIR / "board-legacy.json")["provenance_detail"]
    assert detail["only double-tree and double-rock cells at the start, no single ones (seed)"] == "official"
    assert detail["number of double-tree and double-rock cells (five each)"] == "stand-in"
    assert LEGACY_BOARD.provenance == "stand-in"
    assert "the flood: build only east of the river" in GAME.render(
        start(2, {"mode": "campaign", "episode": 7}, Chance(1)), 0
    )
    assert "the flood" not in GAME.render(start(2, {"mode": "campaign", "episode": 10}, Chance(1)), 0)


def test_sticker_prompt_takes_a_number_and_ends_cleanly_MYC_LEG_10() -> None:
    """MYC-LEG-10 at the terminal: a person may type the square's number or its name; input that
    ends raises a clean error (the campaign file keeps the last finished episode)."""
    from townhall.cli.campaign import _sticker_prompt
    from townhall.engine import TownhallError
    from townhall.games.my_city.campaign import Campaign
    from townhall.games.my_city.data import parse_cell

    campaign = Campaign.new(["human", "random"], seed=6)
    free = [parse_cell("C1"), parse_cell("H1")]
    answers = iter(["2"])
    assert _sticker_prompt(campaign, ask=lambda prompt: next(answers))(0, "tree", free) == parse_cell("H1")

    def ended(prompt: str) -> str:
        raise EOFError

    with pytest.raises(TownhallError, match="input ended"):
        _sticker_prompt(campaign, ask=ended)(0, "tree", free)


def test_user_supplied_chapter_modules_MYC_LEG_1(tmp_path: Path) -> None:
    """MYC-LEG-1: "chapter contents that are not in the seed are data a user supplies": a chapter
    file given with the `chapters` option (and `Campaign(chapters=...)`) replaces the stand-ins;
    a bad file is rejected with the reason."""
    from townhall.engine import OptionError
    from townhall.games.my_city.campaign import Campaign

    data = read_json(DATA_DIR / "campaign.json")
    data["chapters"][0]["awards"]["first"]["value"] = ["rock"]
    data["chapters"][0]["awards"]["other"]["value"] = ["rock"]
    data["chapters"][3]["rules"]["gold_points"]["value"] = 5
    path = tmp_path / "chapters.json"
    path.write_text(json.dumps(data))
    state = start(2, {"mode": "campaign", "episode": 10, "chapters": str(path)}, Chance(0))
    assert state.rules.gold_points == 5
    assert start(2, {"mode": "campaign", "episode": 10}, Chance(0)).rules.gold_points == 3
    campaign = Campaign.new(["random", "random"], seed=3, chapters=str(path))
    campaign.play_episode(default_agents)
    assert [[kind for _, kind in seat] for seat in campaign.stickers] == [["rock"], ["rock"]]
    again = Campaign.from_json(json.loads(json.dumps(campaign.to_json())))
    assert again.chapters == str(path) and again.data.awards(1)["first"] == ["rock"]
    data["chapters"][1]["rules"]["dragons"] = {"value": True, "provenance": "stand-in"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(OptionError, match="unknown rule 'dragons'"):
        start(2, {"mode": "campaign", "episode": 4, "chapters": str(bad)}, Chance(0))


def test_damaged_campaign_state_is_rejected_with_a_reason_MYC_LEG_11() -> None:
    """MYC-LEG-11: a campaign state whose boards are not objects is refused with an OptionError
    (not a crash), like every other bad input."""
    from townhall.engine import OptionError

    for boards in ([1, 2], [{"stickers": 5}, {}]):
        with pytest.raises(OptionError, match="campaign state rejected"):
            start(2, {"mode": "campaign", "campaign": json.dumps({"boards": boards})}, Chance(0))
