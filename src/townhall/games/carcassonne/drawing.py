"""Drawing the next tile during play: unplaceable tiles go back to the box (CAR-PLACE-4); an empty
stack ends the game with the final scoring."""

from __future__ import annotations

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.carcassonne.legality import enumerate_placements
from townhall.games.carcassonne.position import PLACE, CarcassonnePosition
from townhall.games.carcassonne.scoring import final_scoring
from townhall.games.carcassonne.tiles import CODES, LAKE


def draw(position: CarcassonnePosition, chance: Chance, events: list[Event] | None) -> None:
    """Reveal the current player's next tile; unplaceable tiles go back to the box (CAR-PLACE-4)."""
    while True:
        if position.river_bag:
            tile = position.river_bag.pop(chance.below(len(position.river_bag)))
        elif position.lake_due:
            tile = LAKE
            position.lake_due = False
        elif position.bag:
            tile = position.bag.pop(chance.below(len(position.bag)))
        else:
            final_scoring(position, events)
            return
        options = enumerate_placements(position, tile)
        if options:
            position.hand = tile
            position.placements = options
            position.phase = PLACE
            if events is not None:
                events.append(Event("draw", data={"player": position.current, "tile": CODES[tile]}))
            return
        position.discards.append(tile)
        if events is not None:
            events.append(Event("discard", data={"player": position.current, "tile": CODES[tile]}))
