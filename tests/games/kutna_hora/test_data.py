"""The component data: official numbers, provenance, and a loader that rejects bad files clearly."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from townhall.games.kutna_hora import GAME, data
from townhall.games.kutna_hora.data import DATA, DATA_DIR, FILES, PROVENANCES, DataError, load, raw_files


def _broken(name: str, change: Any) -> dict[str, Any]:
    files = copy.deepcopy(raw_files())
    change(files[name])
    return files


def _provenances(value: Any) -> list[Any]:
    found: list[Any] = []
    if isinstance(value, dict):
        if "prov" in value:
            prov = value["prov"]
            found.extend(prov.values() if isinstance(prov, dict) else [prov])
        for key, inner in value.items():
            if key != "prov":
                found.extend(_provenances(inner))
    elif isinstance(value, list):
        for inner in value:
            found.extend(_provenances(inner))
    return found


def test_every_record_carries_a_provenance() -> None:
    for name in FILES:
        raw = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        found = _provenances(raw)
        assert found, name
        assert set(found) <= PROVENANCES, name
        for key, entry in raw.items():
            if not key.startswith("_") and isinstance(entry, dict) and "value" in entry:
                assert "prov" in entry, f"{name}:{key}"


def test_counts_of_components_match_the_rulebook() -> None:
    """KH-SETUP-4 (24 guild buildings, 6x4, one marked each; 12 public), KH-SETUP-10 (27 mine tiles
    in I/II/III, 4 technology tiles), KH-SETUP-6 (4 rocks, 15 mine setup cards), KH-SETUP-12 (9 guild
    setup cards), KH-SETUP-13 (10 events in A and B), KH-SETUP-8 (11 St. Barbara tiles)."""
    guild = [b for b in DATA.buildings if not b.public]
    public = [b for b in DATA.buildings if b.public]
    assert len(guild) == 24 and len(public) == 12
    assert [sum(b.guild == g for b in guild) for g in range(6)] == [4] * 6
    assert [sum(b.marked and b.guild == g for b in guild) for g in range(6)] == [1] * 6
    assert [sum(b.noble == c for b in public) for c in range(4)] == [3, 3, 3, 3]
    assert len(DATA.mine_tiles) == 27 and [sum(t.group == g for t in DATA.mine_tiles) for g in range(3)] == [9, 9, 9]
    assert len(DATA.tech) == 4 and DATA.tech_levels == (1, 2, 3, 4, 5)
    assert len(DATA.rocks) == 4 and len(DATA.mine_setups) == 15
    assert len(DATA.guild_sets) == 9
    assert [len(DATA.guild_sets[0][n]) for n in (2, 3, 4)] == [2, 3, 4]
    assert len(DATA.events) == 10 and {e.deck for e in DATA.events} == {0, 1}
    assert len(DATA.barbara_tax) == 11
    assert len(DATA.cards) == 6 and sum(6 in c for c in DATA.cards) == 1


def test_official_numbers() -> None:
    """KH-SETUP-11 money 40-43; KH-SETUP-7 decks 0-39 / 0-29 with the flip at 19 / 14; KH-PRICE-8 tax
    cap 25; KH-LIC-2 column costs; KH-PLOT-1 plot 5; KH-END-2 land tax 3 / 8; KH-INC-2 council 10;
    KH-MINE-1 pool of 2; KH-MINE-3 entrance cost 2 and two entrances."""
    assert DATA.start_money == (40, 41, 42, 43)
    assert DATA.deck_len == (40, 30) and DATA.deck_flip == (19, 14)
    assert DATA.tax_cap == 25
    assert DATA.column_costs == ((-1, 1), (1, 1), (1, 2), (1, 3))
    assert DATA.plot_default == 5 and DATA.plot_cheap == 1 and DATA.rep_cheap_plot == 3
    assert DATA.land_tax == {2: 3, 3: 8}
    assert DATA.council_cost == 10 and DATA.nobles_per_colour == 3
    assert DATA.pool_capacity == 2 and DATA.entrance_cost == 2 and len(DATA.entrances) == 2
    assert DATA.rep_free_joker == 6 and DATA.rep_beyond == 2
    assert (DATA.tracks[4].rounds, DATA.tracks[4].red_after) == (5, 2)
    assert (DATA.tracks[2].rounds, DATA.tracks[3].red_after) == (6, 3)


def test_price_tables_are_monotone() -> None:
    """KH-PRICE-4: dearer as population grows; ore cheaper and silver/permits dearer as ore grows;
    never dearer as the slider moves right."""
    for g, table in enumerate(DATA.prices):
        for pos in range(1, len(table)):
            for col in range(DATA.columns):
                if g == 4:
                    assert table[pos][col] <= table[pos - 1][col]
                else:
                    assert table[pos][col] >= table[pos - 1][col]
        for row in table:
            assert list(row) == sorted(row, reverse=True)


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("setup.json", lambda d: d["start_money"].update(value=[40, 40, 42, 43]), "the rulebook states"),
        ("prices.json", lambda d: d["goods"][0]["table"].__setitem__(3, [1] * 6), "dearer as its deck advances"),
        ("prices.json", lambda d: d["goods"][2]["table"][0].__setitem__(5, 9), "never rise as the slider"),
        ("buildings.json", lambda d: d["guild_buildings"].pop(), "must have 24 entries"),
        ("buildings.json", lambda d: d["guild_buildings"][1].update(marked=True), "exactly one marked"),
        ("buildings.json", lambda d: d["guild_buildings"][16].update(slider=True), "except the miners'"),
        ("buildings.json", lambda d: d["public_buildings"][0].update(prov="guessed"), "provenance must be one of"),
        ("mine.json", lambda d: d["setup_cards"][0].update(rocks=["A2", "B1", "B2", "B3"]), "none on an entrance"),
        ("mine.json", lambda d: d["tiles"][0].update(group="IV"), "group must be I, II or III"),
        ("decks.json", lambda d: d["population"][19].pop("flip"), "the flip icon sits on card 19"),
        ("decks.json", lambda d: d["ore"][4].update(builds="wood"), "is not a good of the ore deck"),
        ("cards.json", lambda d: d["cards"][0].update(actions=["joker", "mine"]), "the joker is on exactly one card"),
        ("rounds.json", lambda d: d["tracks"][0].update(rounds=6, penalties=[1] * 6), "4 players play 5 rounds"),
        ("town.json", lambda d: d["sides"]["small"].update(layout=["......"] * 5, edges={}), "fewer plots"),
        ("reputation.json", lambda d: d["end_values"]["value"].pop("7"), "one value per track space"),
        ("setup.json", lambda d: d["house_effects"]["value"][0].__setitem__(0, {"money": 3}), "kinds are"),
    ],
)
def test_loader_rejects_bad_files_with_a_clear_message(name: str, change: Any, message: str) -> None:
    with pytest.raises(DataError) as error:
        load(_broken(name, change))
    assert f"bad data file {name}" in str(error.value)
    assert message in str(error.value)


def test_loader_rejects_missing_field() -> None:
    with pytest.raises(DataError, match=r"bad data file barbara\.json: tiles: missing field"):
        load(_broken("barbara.json", lambda d: d.pop("tiles")))


def test_loader_rejects_unreadable_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    (tmp_path / "events.json").write_text('{"cards": [', encoding="utf-8")
    monkeypatch.setattr(data, "DATA_DIR", tmp_path)
    with pytest.raises(DataError, match=r"bad data file events\.json: cannot read it"):
        load()


def test_meta_says_values_are_stand_ins() -> None:
    assert "stand-in" in GAME.meta.notes.lower()
    assert GAME.meta.name == "kutna-hora" and (GAME.meta.min_players, GAME.meta.max_players) == (2, 4)
    assert len(GAME.meta.data_version) == 16
