"""Which language a person gets: --lang spellings, TOWNHALL_LANG, the terminal's locale, Accept-Language."""

from __future__ import annotations

import pytest

from townhall.i18n import UnknownLanguage, current, from_accept_language, from_environment, normalize, using


@pytest.mark.parametrize(
    ("tag", "language"),
    [
        ("en", "en"),
        ("en_US.UTF-8", "en"),
        ("ja", "ja"),
        ("ja_JP.UTF-8", "ja"),
        ("zh-Hans", "zh-Hans"),
        ("zh_CN.UTF-8", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("zh-Hant", "zh-Hant"),
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh_Hant_TW", "zh-Hant"),
    ],
)
def test_a_tag_names_its_language(tag: str, language: str) -> None:
    assert normalize(tag) == language


@pytest.mark.parametrize("tag", ["fr", "klingon", "", "C"])
def test_an_unsupported_tag_is_refused_with_the_choices(tag: str) -> None:
    with pytest.raises(UnknownLanguage, match="zh-Hans"):
        normalize(tag)


def test_townhall_lang_wins_over_the_locale_and_the_locale_over_english() -> None:
    assert from_environment({"TOWNHALL_LANG": "ja", "LANG": "zh_TW.UTF-8"}) == "ja"
    assert from_environment({"LANG": "zh_TW.UTF-8"}) == "zh-Hant"
    assert from_environment({"LC_ALL": "zh_CN.UTF-8", "LANG": "ja_JP.UTF-8"}) == "zh-Hans"
    assert from_environment({"LANG": "C.UTF-8"}) == "en"
    assert from_environment({"LANG": "de_DE.UTF-8"}) == "en"
    assert from_environment({}) == "en"


def test_accept_language_honours_weights_and_skips_unsupported_ones() -> None:
    assert from_accept_language("fr-FR,fr;q=0.9,ja;q=0.8,zh-TW;q=0.7") == "ja"
    assert from_accept_language("zh-TW;q=0.5,zh-CN;q=0.9") == "zh-Hans"
    assert from_accept_language("de, *;q=0.1") == "en"
    assert from_accept_language(None) == "en"
    assert from_accept_language("ja;q=0") == "en"


def test_using_sets_the_language_only_inside_its_block() -> None:
    assert current() == "en"
    with using("ja_JP"):
        assert current() == "ja"
        with using("zh-TW"):
            assert current() == "zh-Hant"
        assert current() == "ja"
    assert current() == "en"
