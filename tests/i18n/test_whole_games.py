"""A whole game of every game, told in Chinese (both scripts) and Japanese, leaves no English word:
text views, events and action texts; only the printed ids of pieces, tiles and cards stay as they
are. English stays the source: the same game in English is unchanged by the catalogs."""

from __future__ import annotations

import pytest

from tests.i18n.narration import LATIN_WORD, SHIPPED, latin_words, narrate

CJK = ("zh-Hans", "zh-Hant", "ja")


def _ids(name: str) -> set[str]:
    """The letter runs of the ids each game prints verbatim (tile codes, building and card ids)."""
    printed: list[str] = []
    if name == "carcassonne":
        from townhall.games.carcassonne.tiles import CODES

        printed += CODES
    elif name == "kutna-hora":
        from townhall.games.kutna_hora.data import DATA
        from townhall.games.kutna_hora.tables import MINE_TILES

        printed += [b.id for b in DATA.buildings] + [t.id for t in MINE_TILES] + [e.id for e in DATA.events]
    elif name == "my-city":
        from townhall.games.my_city.actions import PIECE_IDS
        from townhall.games.my_city.pieces import COLOURS
        from townhall.games.my_city.views import SHAFT_ENTRANCE, SHAPE_LETTER

        printed += PIECE_IDS + SHAFT_ENTRANCE
        printed += [c.lower() + letter for c in COLOURS for letter in SHAPE_LETTER.values()]
    elif name == "antiquity":
        from townhall.games.antiquity.views import PRINTED_IDS

        printed += PRINTED_IDS
    return {word for text in printed for word in LATIN_WORD.findall(text)}


@pytest.mark.parametrize("language", CJK)
@pytest.mark.parametrize("name", SHIPPED)
def test_a_whole_game_told_in_a_cjk_language_has_no_english_word(name: str, language: str) -> None:
    told = narrate(name, language, seed=11)
    allowed = _ids(name)
    left = {}
    for where, text in told.texts():
        for word in latin_words(text, allowed):
            left.setdefault(word, f"{where}: {text[:160]}")
    assert not left, "\n".join(f"{word!r} in {context}" for word, context in sorted(left.items()))
    for texts in [*told.actions, *told.typed]:
        assert len(set(texts)) == len(texts), f"action texts of one decision repeat: {texts}"


@pytest.mark.parametrize("name", SHIPPED)
def test_the_same_game_reads_differently_per_language_but_plays_the_same(name: str) -> None:
    english = narrate(name, "en", seed=5)
    japanese = narrate(name, "ja", seed=5)
    assert len(english.events) == len(japanese.events)
    assert [len(a) for a in english.actions] == [len(a) for a in japanese.actions]
    assert english.views[-1] != japanese.views[-1]
