"""Helpers to build concrete My City positions for scenario tests."""

from __future__ import annotations

from townhall.engine import Chance
from townhall.games.my_city.actions import EXIT_ACTION, PASS_ACTION, place_action
from townhall.games.my_city.chapters import CAMPAIGN, evergreen_rules
from townhall.games.my_city.data import parse_cell
from townhall.games.my_city.options import EVERGREEN_BOARD, LEGACY_BOARD
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.setup import build_state
from townhall.games.my_city.state import MyCityState

ROT = {"r0": 0, "r90": 1, "r180": 2, "r270": 3}


def evergreen(players: int = 2) -> MyCityState:
    """An evergreen start with no card revealed yet (tests reveal cards with `reveal`)."""
    return build_state(MyCityState, players, evergreen_rules(), EVERGREEN_BOARD, [[] for _ in range(players)])


def episode(number: int, players: int = 2, stickers: list[list[tuple[int, str]]] | None = None) -> MyCityState:
    return build_state(
        MyCityState, players, CAMPAIGN.rules(number, players), LEGACY_BOARD, stickers or [[] for _ in range(players)]
    )


def piece(piece_id: str) -> int:
    return CATALOGUE.by_id[piece_id]


def reveal(state: MyCityState, piece_id: str) -> None:
    """Make `piece_id` the revealed card (the current one goes back into the remaining cards)."""
    wanted = piece(piece_id) if piece_id != "blockade" else 32
    if state.card == wanted:
        return
    if state.card >= 0:
        state.deck.append(state.card)
    state.deck.remove(wanted)
    state.deck.sort()
    state.card = wanted


def act(text: str, state: MyCityState) -> int:
    """The action id of an action text (legal or not), e.g. 'place YD2 at C4 r0', 'pass', 'exit'."""
    if text == "pass":
        return PASS_ACTION
    if text == "exit":
        return EXIT_ACTION
    _, piece_id, _, cell, rot = text.split()
    return place_action(piece(piece_id), parse_cell(cell), ROT[rot])


def do(state: MyCityState, player: int, text: str, seed: int = 0) -> None:
    state.apply(player, act(text, state), Chance(seed))


def solo(state: MyCityState, moves: list[tuple[str, str]], player: int = 0) -> None:
    """Player `player` plays (card, action text) pairs; every other player has exited first."""
    for card, text in moves:
        reveal(state, card)
        for other in state.to_move():
            if other != player:
                do(state, other, "exit")
        do(state, player, text)


def finish(state: MyCityState, player: int = 0, text: str = "exit") -> None:
    """End the game: the remaining cards run out after this decision."""
    state.deck = []
    for other in state.to_move():
        if other != player:
            do(state, other, "exit")
    do(state, player, text)
    assert state.over


def cells(*names: str) -> int:
    mask = 0
    for name in names:
        mask |= 1 << parse_cell(name)
    return mask


def start(players: int, options: dict[str, object], chance: Chance) -> MyCityState:
    """GAME.start typed as the My City state."""
    from townhall.games.my_city import GAME

    state = GAME.start(players, options, chance)  # type: ignore[arg-type]
    assert isinstance(state, MyCityState)
    return state
