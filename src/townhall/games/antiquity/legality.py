"""Legality: the legal actions of the player to move, phase by phase, and why an action is refused
(the clause it breaks and the message)."""

from __future__ import annotations

from townhall.games.antiquity import actions as A
from townhall.games.antiquity import country, flow, founding, plan, trade, upkeep
from townhall.games.antiquity.city import (
    CHOICE_TYPES,
)
from townhall.games.antiquity.components import ALCHEMY_K, FARM, FISHERMAN, INN, MINE, NEWCITY, SUPPLY, WOODCUTTER
from townhall.games.antiquity.position import (
    COUNTRY,
    EXPLORE,
    HARVEST,
    PHASE_CLAUSES,
    PHASE_NAMES,
    PLAN,
    SETUP,
    STORE,
    TRADE,
    AntiquityPosition,
)
from townhall.games.antiquity.steps import ChooseProduct, CountrySite, FisherPartner, Step
from townhall.games.antiquity.words import _, term
from townhall.games.antiquity.words import player as player_name


def legal(position: AntiquityPosition, p: int) -> list[int]:
    """The legal actions of player p to move, in the phase in progress (duplicates possible)."""
    if position.phase == SETUP:
        return [A.FOUND + h for h in founding.first_city_sites(position)]
    if position.phase == PLAN:
        return plan.legal_plan(position, p)
    if position.phase == COUNTRY:
        return country.legal_country(position, p)
    if position.phase == TRADE:
        return trade.legal_trade(position, p)
    if position.phase == STORE:
        goods = position.players[p].goods
        if flow.keep_mode(position, p):
            return [A.KEEP + g for g in range(10) if goods[g] > position.kept[g]]
        return [A.GOOD + g for g in range(10) if goods[g] > 0]
    if position.phase == EXPLORE:
        return [A.HEX + h for h in upkeep.explore_sites(position, p)] + [A.DONE]
    if position.phase == HARVEST:
        return [A.HEX + h for h in upkeep.harvest_options(position)]
    if position.pollution_due[p] > 0:
        return [A.HEX + h for h in upkeep.pollution_sites(position, p)]
    return upkeep.grave_cells(position, p)


def clause_of(position: AntiquityPosition, player: int, action: int) -> str:
    """The clause an illegal action breaks: by the kind of action, else by the phase."""
    try:
        kind, values = A.SPACE.decode(action)
    except ValueError:
        return "ANT-IO-1"
    step = position.players[player].pending
    if position.phase == COUNTRY and kind in ("country", "hex", "good", "seed"):
        k = values[0] if kind == "country" else country_kind(step)
        return COUNTRY_CLAUSES.get(k, "ANT-PH4-1")
    if kind == "build" and position.phase == PLAN:
        t = CHOICE_TYPES[values[0]]
        if t not in SUPPLY and position.players[player].count(t) > 0:
            return "ANT-PH2-4"
    found = KIND_CLAUSES.get(kind)
    if found is not None and (position.phase == PLAN or kind in ("found", "trade", "give", "ask", "propose")):
        return found
    return PHASE_CLAUSES.get(position.phase, "ANT-IO-1")


def refusal_text(position: AntiquityPosition, player: int, action: int) -> str:
    """The refusal in words: the hex a player clicked is not named again (its label is a coordinate)."""
    try:
        kind, _fields = A.SPACE.decode(action)
        text = A.action_words(action, position.board.topo.labels)
    except ValueError:
        return _("{action} is not an action of Antiquity").format(action=action)
    who, phase = player_name(player), term("phase." + PHASE_NAMES[position.phase])
    if kind == "found":
        return _("{player} may not found a city here now ({phase})").format(player=who, phase=phase)
    if kind == "hex":
        return _("{player} may not choose this hex now ({phase})").format(player=who, phase=phase)
    return _("'{action}' is not allowed for {player} now ({phase})").format(action=text, player=who, phase=phase)


KIND_CLAUSES = {
    "found": "ANT-SETUP-4",
    "build": "ANT-PH2-5",
    "house": "ANT-PH2-5",
    "man": "ANT-PH2-2",
    "heal": "ANT-PH2-12",
    "move": "ANT-PH2-16",
    "gravemove": "ANT-PH2-16",
    "saint": "ANT-PH2-8",
    "bank": "ANT-PH2-13",
    "demolish": "ANT-PH2-11",
    "free": "ANT-PH2-9",
    "trade": "ANT-PH2-13",
    "give": "ANT-PH2-13",
    "ask": "ANT-PH2-13",
    "propose": "ANT-PH2-13",
}


COUNTRY_CLAUSES = {
    WOODCUTTER: "ANT-PH4-3",
    FARM: "ANT-PH4-4",
    MINE: "ANT-PH4-6",
    FISHERMAN: "ANT-PH4-7",
    INN: "ANT-PH4-8",
    NEWCITY: "ANT-PH4-9",
    ALCHEMY_K: "ANT-PH4-12",
}


def country_kind(step: Step | None) -> int:
    """The number the phase-4 clause is looked up by: the building kind of the step (a fisherman's
    second-hex step holds its first hex there, as the tagged steps always did)."""
    if isinstance(step, (CountrySite, ChooseProduct)):
        return step.kind
    if isinstance(step, FisherPartner):
        return step.hex
    return -1
