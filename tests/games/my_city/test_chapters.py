"""The chapter mechanics built from the public descriptions (MYC-LEG-1): chapter 2's 4th church,
chapter 4's extra land, chapter 6's mine shafts, chapter 8's removed blue buildings and parks.
Every number used here is a stand-in of data/campaign.json (invented: not published)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.my_city.helpers import act, cells, do, episode, evergreen, finish, reveal, solo, start
from townhall.cli.campaign import default_agents
from townhall.engine import Chance, OptionError
from townhall.engine.datafile import read_json
from townhall.engine.errors import DataError
from townhall.games.my_city import GAME, scoring, views
from townhall.games.my_city.actions import BLOCKADE, PASS_ACTION
from townhall.games.my_city.board import shape_mask
from townhall.games.my_city.campaign import Campaign
from townhall.games.my_city.chapters import CAMPAIGN, campaign_from_json
from townhall.games.my_city.data import DATA_DIR, parse_cell
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.state import MyCityState

NEW_KEYS = (
    "church4_shapes",
    "church4_from",
    "extra_land",
    "mine_shafts",
    "mine_rewards",
    "factory_marks",
    "park_points",
    "park_min_cells",
)
LAND = ("B5", "B11", "J5", "J6", "J7", "J8", "J9")


def piece_id(name: str) -> int:
    return CATALOGUE.by_id[name]


def placement(name: str, cell: str, rotation: int) -> tuple[int, int]:
    mask = shape_mask(piece_id(name), parse_cell(cell), rotation)
    assert mask is not None
    return piece_id(name), mask


def deck_ids(state: MyCityState) -> list[str]:
    return sorted("blockade" if c == BLOCKADE else CATALOGUE.pieces[c].id for c in state.deck + state.revealed)


# ---------------------------------------------------------------------- data


def test_every_invented_value_is_a_tagged_stand_in_MYC_LEG_1() -> None:
    """MYC-LEG-1: each value of the new chapter mechanics sits in data/campaign.json, tagged
    stand-in with the note 'invented: not published' (configurable, nothing hidden in code)."""
    data = read_json(DATA_DIR / "campaign.json")
    seen = set()
    for chapter in data["chapters"]:
        for key, item in chapter["rules"].items():
            if key in NEW_KEYS:
                seen.add(key)
                assert item["provenance"] == "stand-in" and item["note"] == "invented: not published", key
    assert seen == set(NEW_KEYS)
    # The removal itself is the public description; which pieces carry the mark is invented.
    assert data["chapters"][7]["rules"]["remove_unmarked_blue"]["provenance"] == "transcribed"


def test_bad_chapter_values_are_refused_with_a_reason_MYC_LEG_1() -> None:
    """MYC-LEG-1: a chapter file whose new mechanics name wrong pieces or cells is refused."""
    for key, value, reason in (
        ("church4_shapes", ["YI4"], "not a church piece"),
        ("factory_marks", ["RI4"], "not a blue piece"),
        ("extra_land", ["Z9"], "not a cell"),
        ("mine_shafts", [{"colour": "green", "cells": ["B7"]}], "a shaft is"),
        ("mine_shafts", [{"colour": "red", "cells": []}], "lists its cells"),
    ):
        data = read_json(DATA_DIR / "campaign.json")
        data["chapters"][5]["rules"][key] = {"value": value, "provenance": "stand-in"}
        with pytest.raises(DataError, match=reason):
            campaign_from_json(data, "test")


def test_older_chapter_files_without_the_new_keys_still_load_MYC_LEG_1() -> None:
    """MYC-LEG-1: the new keys are optional: without them the mechanics are off."""
    data = read_json(DATA_DIR / "campaign.json")
    for chapter in data["chapters"]:
        for key in (*NEW_KEYS, "remove_unmarked_blue"):
            chapter["rules"].pop(key, None)
    rules = campaign_from_json(data, "old").rules(24, 2)
    assert (rules.church4, rules.land, rules.mine_shafts, rules.removed, rules.park_points) == (-1, 0, (), (), 0)
    assert len(rules.pieces) == 24 + 3


def test_evergreen_has_none_of_the_chapter_mechanics_MYC_LEG_1() -> None:
    """MYC-LEG-1: chapter modules are optional: the evergreen game is untouched."""
    state = evergreen()
    assert (state.rules.church4, state.rules.land, state.rules.mine_shafts, state.rules.park_points) == (-1, 0, (), 0)
    assert len(state.deck) == 28 and state.terrain.land == 0
    assert state.observation(0)["chapter"] is None


# ---------------------------------------------------------------------- chapter 2


def test_fourth_church_enters_from_episode_five_MYC_LEG_1() -> None:
    """MYC-LEG-1 chapter 2 (invented rule): episode 4 has the 3 churches; from episode 5 on the
    4th church (the campaign's chosen shape, else the first of church4_shapes: CL4) joins the
    deck and stays in later chapters; it is a church: no pass, and it earns the church bonus."""
    assert len(episode(4).deck) == 24 + 3 + 1  # blockade
    five = episode(5)
    assert deck_ids(five).count("CL4") == 1 and "CU5" not in deck_ids(five)
    assert len(five.deck) == 24 + 3 + 1 + 1
    chosen = CAMPAIGN.rules(5, 2, church4="CU5")
    assert (
        chosen.church4 == piece_id("CU5") and piece_id("CU5") in chosen.pieces and piece_id("CL4") not in chosen.pieces
    )
    assert CAMPAIGN.rules(9, 2, church4="CU5").church4 == piece_id("CU5")  # kept in chapter 3
    assert CAMPAIGN.rules(5, 2, church4="XX9").church4 == piece_id("CL4")  # unknown choice: the first shape
    # No pass on the 4th church's card.
    reveal(five, "CL4")
    assert PASS_ACTION not in five.legal_actions(0)
    with pytest.raises(Exception, match="church card may not be passed"):
        do(five, 0, "pass")
    # The church bonus: CU5 at G8 (G8 H8 I8, G9 I9) touching yellow, red and blue: +3.
    rules = five.rules
    placed = [
        placement("CU5", "G8", 0),
        placement("YD2", "G10", 1),  # G10 G11 under G9
        placement("RD2", "I10", 1),  # I10 I11 under I9
        placement("BD2", "F8", 1),  # F8 F9 next to G8
    ]
    occupied = 0
    for _, mask in placed:
        occupied |= mask
    items = scoring.breakdown(rules, five.terrain, five.features[0], placed, occupied)
    assert items["churches"] == 3


def test_fourth_church_from_the_campaign_state_option_MYC_LEG_1() -> None:
    """MYC-LEG-1: the game takes the chosen 4th church from the campaign state (`church4`),
    shows it in the text view and in the observation, and keeps it through JSON."""
    state = start(
        2,
        {
            "mode": "campaign",
            "episode": 6,
            "campaign": json.dumps({"boards": [{"stickers": []}] * 2, "church4": "CU5"}),
        },
        Chance(3),
    )
    assert state.rules.church4 == piece_id("CU5") and "CU5" in deck_ids(state)
    assert "4th church (chosen by results): U-shaped church (5 squares) [CU5]" in GAME.render(state, 0)
    assert state.observation(0)["chapter"]["fourth_church"] == "CU5"
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert isinstance(again, MyCityState) and again.rules == state.rules


def test_campaign_winner_of_episode_four_chooses_the_fourth_church_MYC_LEG_1(tmp_path: Path) -> None:
    """MYC-LEG-1 chapter 2 (invented rule): before episode 5 the winner of episode 4 (lowest seat
    on a tie) chooses the 4th church (seeded draw); the choice is saved and never made again."""
    campaign = Campaign.new(["random", "random", "random"], seed=11)
    for _ in range(4):
        campaign.play_episode(default_agents)
    assert campaign.church4 == ""
    winner = campaign.history[3]["ranks"].index(1)
    entry = campaign.play_episode(default_agents)
    assert entry["church4"]["seat"] == winner and entry["church4"]["piece"] in ("CL4", "CU5")
    assert campaign.church4 == entry["church4"]["piece"]
    path = tmp_path / "c.json"
    campaign.save(path)
    resumed = Campaign.load(path)
    assert resumed.church4 == campaign.church4
    assert "church4" not in resumed.play_episode(default_agents)  # episode 6: already chosen
    assert json.loads(resumed.state_option())["church4"] == campaign.church4


# ---------------------------------------------------------------------- chapter 4


def test_more_land_from_chapter_four_MYC_LEG_1() -> None:
    """MYC-LEG-1 chapter 4 (invented cells): B5 B11 J5 J6 J7 J8 J9 (mountain/forest) are light
    green from episode 10 on: buildable, shown as ' :', and empty ones cost -1 at the end."""
    land = cells(*LAND)
    nine, ten = episode(9), episode(10)
    assert nine.rules.land == 0 and nine.terrain.buildable & land == 0
    assert ten.rules.land == land and ten.terrain.land == land and ten.terrain.buildable & land == land
    assert episode(24).rules.land == land
    # Before chapter 4 a piece on J5 is refused (MYC-BUILD-1); in episode 11 it is built there.
    eleven = episode(11)
    solo(eleven, [("YI4", "place YI4 at F5 r0")])  # F5..I5, F5 at the river
    reveal(eleven, "RD2")
    assert act("place RD2 at J5 r90", eleven) in eleven.legal_actions(0)  # J5 J6 next to I5
    do(eleven, 0, "place RD2 at J5 r90")
    assert eleven.occupied[0] & cells("J5", "J6") == cells("J5", "J6")
    reveal(nine, "RD2")
    with pytest.raises(Exception, match="light-green"):
        do(nine, 0, "place RD2 at J5 r90")
    finish(eleven)
    assert eleven.final is not None
    # 95 light green + 7 new land - 10 tree/rock cells - 2 gold mines - 6 built = 84 empty cells.
    assert eleven.final[0]["empty"] == -84
    board = "\n".join(GAME.render(episode(10), 0).splitlines())
    assert "more land (the water has receded): B5 J5 J6 J7 J8 J9 B11" in board
    row5 = next(line for line in board.splitlines() if line.startswith("  5 "))
    assert row5.endswith(" : %%")  # J5 new land, K5 still forest


# ---------------------------------------------------------------------- chapter 6


def test_mine_shaft_depth_rewards_MYC_LEG_1() -> None:
    """MYC-LEG-1 chapter 6 (invented rule): shafts yellow B7-B10, red J1-J4, blue F8-F11 (entrance
    first); the group of the entrance's colour covering the entrance reaches depth d (cells
    covered in an unbroken run) and scores mine_rewards[d] = 0, 1, 2, 4, 7."""
    rules = episode(16).rules
    assert rules.mine_rewards == (0, 1, 2, 4, 7)

    def depths(*placed: tuple[int, int]) -> list[int]:
        return scoring.mine_depths(rules, list(placed))

    assert depths() == [0, 0, 0]
    assert depths(placement("YD2", "B7", 1)) == [2, 0, 0]  # B7 B8
    assert depths(placement("RD2", "B7", 1)) == [0, 0, 0]  # a red group at the yellow entrance
    assert depths(placement("YD2", "B8", 1)) == [0, 0, 0]  # below the entrance only
    # Two yellow pieces in one group: YD2 B7 B8 + YO4 B9 C9 B10 C10: depth 4.
    assert depths(placement("YD2", "B7", 1), placement("YO4", "B9", 0)) == [4, 0, 0]
    # A gap (B9 uncovered) stops the depth at 2 even though B10 is yellow.
    assert depths(placement("YD2", "B7", 1), placement("YI4", "B10", 0)) == [2, 0, 0]
    # Red I4 down column J from the entrance J1: depth 4; blue L3 on F8 F9 (and G9): depth 2.
    assert depths(placement("RI4", "J1", 1), placement("BL3", "F8", 0)) == [0, 4, 2]


def test_mine_shafts_in_a_played_episode_MYC_LEG_1() -> None:
    """MYC-LEG-1 chapter 6: BI4 down F8-F11 (F8 at the river) fills the blue shaft: +7 at the
    end; the text view shows the stickers; shafts end with chapter 6."""
    state = episode(17)
    board = GAME.render(state, 0)
    assert "mine shaft of blue: F8 F9 F10 F11" in board
    row8 = next(line for line in board.splitlines() if line.startswith("  8 "))
    assert "|eb" in row8  # the blue entrance right of the river
    assert "|#2" in next(line for line in board.splitlines() if line.startswith("  9 "))
    solo(state, [("BI4", "place BI4 at F8 r90")])
    finish(state)
    assert state.final is not None
    assert state.final[0] == {
        "trees": 10,
        "rocks": -10,
        "yellow": 0,
        "red": 0,
        "blue": 1,
        "churches": 0,
        "mine": 7,  # depth 4
        "empty": -78,  # 95 + 7 new land - 10 tree/rock - 2 gold mines - 12 shaft cells (4 built)
    }
    assert "mine shaft" in " ".join(item for _, item, _ in views.summary(state.rules))
    assert episode(19).rules.mine_shafts == ()
    observed = state.observation(None)["chapter"]
    assert observed["mine_shafts"][2] == {"colour": "blue", "cells": ["F8", "F9", "F10", "F11"]}
    assert [shaft["colour"] for shaft in observed["mine_shafts"]] == ["yellow", "red", "blue"]
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert isinstance(again, MyCityState) and again.rules == state.rules and again.final == state.final


def test_mine_rewards_are_configurable_MYC_LEG_1(tmp_path: Path) -> None:
    """MYC-LEG-1: a user's chapter file changes the shafts and rewards."""
    data = read_json(DATA_DIR / "campaign.json")
    data["chapters"][5]["rules"]["mine_rewards"] = {"value": [0, 10], "provenance": "stand-in"}
    data["chapters"][5]["rules"]["mine_shafts"] = {
        "value": [{"colour": "blue", "cells": ["F8", "F9"]}],
        "provenance": "stand-in",
    }
    path = tmp_path / "chapters.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    state = start(2, {"mode": "campaign", "episode": 16, "chapters": str(path)}, Chance(0))
    assert state.rules.mine_shafts == ((2, parse_cell("F8"), parse_cell("F9")),)
    # Depth 2 is beyond the table: the last value counts.
    placed = [placement("BD2", "F8", 1)]
    items = scoring.breakdown(state.rules, state.terrain, state.features[0], placed, placed[0][1])
    assert items["mine"] == 10


# ---------------------------------------------------------------------- chapter 8


def test_blue_without_factory_mark_is_removed_MYC_LEG_1() -> None:
    """MYC-LEG-1 chapter 8 (invented marks): BI4 BO4 BU5 BL4 carry a factory mark; BT4 BS4
    BD2 BL3 and their cards are gone from episode 22 on (not before)."""
    state = episode(22)
    ids = deck_ids(state)
    assert [i for i in ids if i.startswith("B")] == ["BI4", "BL4", "BO4", "BU5"]
    assert len(ids) == 24 - 4 + 3 + 1 + 1  # churches, 4th church, blockade
    assert [CATALOGUE.pieces[p].id for p in state.rules.removed] == ["BT4", "BS4", "BD2", "BL3"]
    assert (
        "removed (no factory mark): blue T-shaped building (4 squares) [BT4], blue S-shaped building (4 squares) [BS4], "
        "blue short building (2 squares) [BD2], blue L-shaped building (3 squares) [BL3]"
    ) in GAME.render(state, 0)
    with pytest.raises(ValueError):
        reveal(state, "BD2")
    assert "BD2" in deck_ids(episode(21))


def test_park_scoring_MYC_LEG_1() -> None:
    """MYC-LEG-1 chapter 8 (invented rule): at the end each connected area of uncovered light-green
    cells without rocks, of 3+ cells and with a tree, is a park: +2 each."""
    state = episode(23)
    rules, terrain, features = state.rules, state.terrain, state.features[0]
    uncovered = cells("H3", "H4", "I4", "D7", "E7", "B2", "C2", "D2", "G9", "H9", "I9", "H8")
    occupied = terrain.buildable & ~uncovered
    # H3(tree) H4 I4: a park; D7(tree) E7: too small; B2 C2 D2: no tree; G9(tree) H9 I9 H8: a park.
    assert sorted(a.bit_count() for a in scoring.parks(rules, terrain, features, occupied)) == [3, 4]
    items = scoring.breakdown(rules, terrain, features, [], occupied)
    assert items == {
        "trees": 6,  # H3, D7, G9: double trees
        "rocks": 0,
        "yellow": 0,
        "red": 0,
        "blue": 0,
        "churches": 0,
        "railroad": 0,
        "parks": 4,
        "empty": -9,
    }
    # A rock cell is not park ground: it splits an area (H4 I4 + rock + ...).
    assert scoring.parks(rules, terrain, features, terrain.buildable & ~cells("H7", "I7", "I6")) == []
    assert "park" in " ".join(item for _, item, _ in views.summary(rules))
    assert episode(21).rules.park_points == 0


def test_a_full_campaign_with_every_chapter_mechanic_MYC_LEG_1() -> None:
    """MYC-LEG-1: 24 episodes with bots run end to end; the mechanics score where they apply."""
    campaign = Campaign.new(["greedy", "random", "greedy"], seed=5)
    while not campaign.finished:
        campaign.play_episode(default_agents)
    assert len(campaign.history) == 24 and campaign.church4 in ("CL4", "CU5")
    assert [e["episode"] for e in campaign.history if "church4" in e] == [5]
    for entry in campaign.history:
        keys = set(entry["final"][0])
        assert ("mine" in keys) == (16 <= entry["episode"] <= 18)
        assert ("parks" in keys) == (entry["episode"] >= 22)


def test_no_stickers_needed_for_the_chapter_rules_MYC_LEG_1() -> None:
    """MYC-LEG-1: the shafts are the same for every board and need no sticker square; an
    uncovered shaft cell shows the shaft and is not empty ground (RULINGS.md, MYC-EVG-7), like a
    gold mine: 95 + 7 new land - 10 tree/rock - 2 gold mines - 12 shaft cells = 78 empty."""
    state = episode(16)
    finish(state)
    assert state.final is not None and state.final[0]["mine"] == 0 and state.final[0]["empty"] == -78


def test_a_human_winner_chooses_the_fourth_church_MYC_LEG_1() -> None:
    """MYC-LEG-1 chapter 2: a human seat that won types the shape; a bot seat leaves it to the draw;
    a choice outside the data's shapes is refused."""
    from townhall.cli.campaign import _church_prompt

    campaign = Campaign.new(["human", "random"], seed=2)
    answers = iter(["XX", "cu5"])
    choose = _church_prompt(campaign, ask=lambda prompt: next(answers))
    assert choose(0, ["CL4", "CU5"]) == "CU5"
    assert choose(1, ["CL4", "CU5"]) is None
    bots = Campaign.new(["random", "random"], seed=2)
    for _ in range(4):
        bots.play_episode(default_agents)
    entry = bots.play_episode(default_agents, choose_church=lambda seat, shapes: shapes[-1])
    assert entry["church4"]["piece"] == "CU5" and bots.church4 == "CU5"
    again = Campaign.new(["random", "random"], seed=2)
    for _ in range(4):
        again.play_episode(default_agents)
    with pytest.raises(OptionError, match="4th church is one of CL4, CU5"):
        again.play_episode(default_agents, choose_church=lambda seat, shapes: "CO4")
