"""The engine's own refusals and errors (a player not to move, a malformed action JSON form,
option, record and registry errors) come in the language in force: the same classes, codes and
clauses, English word for word as before, no English word left in Chinese or Japanese."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.i18n.narration import LATIN_WORD, latin_words
from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.errors import MalformedAction, NotYourTurn, OptionError, RecordError, TownhallError, UnknownName
from townhall.engine.match import Match
from townhall.engine.records import parse_records
from townhall.i18n import using

CJK = ("zh-Hans", "zh-Hant", "ja")


def _not_to_move() -> None:
    match = Match(games.get("carcassonne"), 2, {}, 1)
    match.apply(1 - match.to_move()[0], match.state.legal_actions(match.to_move()[0])[0])


def _malformed_json() -> None:
    games.get("kutna-hora").start(2, {}, Chance(1)).action_from_json({"kind": "nonsense"})


def _carcassonne_form() -> None:  # a game's own check of an action form, besides the engine's
    games.get("carcassonne").start(2, {}, Chance(1)).action_from_json({"kind": "place", "x": "a"})


def _unknown_game() -> None:
    games.get("chess")


def _bad_option() -> None:
    games.get("carcassonne").start(2, {"river": "maybe"}, Chance(1))


def _empty_record() -> None:
    parse_records(b"")


def _bad_record_step() -> None:
    parse_records(b'{"format": 1, "steps": [3]}')


# (what fails, its class, the English message as it always was, the ids it may print verbatim)
CASES: list[tuple[Callable[[], None], type[TownhallError], str, set[str]]] = [
    (_not_to_move, NotYourTurn, "player 2 is not to move now [ENGINE-TURN]", {"ENGINE", "TURN"}),
    (_malformed_json, MalformedAction, "not an action of this game: {'kind': 'nonsense'}", {"kind", "nonsense"}),
    (_carcassonne_form, MalformedAction, "place needs whole numbers x, y, rot: ", {"kind", "place", "rot"}),
    (_unknown_game, UnknownName, "unknown game 'chess'; known games: ", {"chess"}),
    (_bad_option, OptionError, "option river takes on or off, not 'maybe'", {"river", "on", "off", "maybe"}),
    (_empty_record, RecordError, "the record is empty", set()),
    (_bad_record_step, RecordError, "step 1 of the record is not a JSON object", {"JSON"}),
]


def _raised(make: Callable[[], None], kind: type[TownhallError]) -> TownhallError:
    with pytest.raises(kind) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(("make", "kind", "english", "ids"), CASES, ids=lambda case: getattr(case, "__name__", ""))
def test_engine_errors_speak_the_language_in_force(
    make: Callable[[], None], kind: type[TownhallError], english: str, ids: set[str]
) -> None:
    shown = str(_raised(make, kind))
    assert shown.startswith(english) if english.endswith(": ") else shown == english
    names = {word for name in games.names() for word in LATIN_WORD.findall(name)}
    for language in CJK:
        with using(language):
            error = _raised(make, kind)
        text = str(error)
        assert text != shown and type(error) is kind and error.code == kind.code
        assert not latin_words(text, ids | names), f"{language}: {text}"


def test_the_not_to_move_refusal_keeps_its_clause() -> None:
    with using("ja"):
        error = _raised(_not_to_move, NotYourTurn)
    assert error.clause == "ENGINE-TURN" and str(error) == "今はプレイヤー2の手番ではありません [ENGINE-TURN]"  # type: ignore[attr-defined]
