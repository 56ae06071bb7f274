"""The tensor observation of My City (townhall.rl): what a player sees is `about` below.

Every slice and field, with the bounds of its values, is declared in `MyCityObserver`'s layout
below; docs/rl.md tabulates them (generated: bench/rl_layouts.py).

Along a game nearly everything moves between two looks of a player (a card resolves in between),
so the parts write only what changed, item by item through the buffer's items (`flat`, engine.items),
under keys that are a few ints packed into one: the pieces placed per player, the deck size with
the card and the end flags, the figures' revision (position.py) with who decided and who is to move.
"""

from __future__ import annotations

import math
from typing import Any, Final

import numpy as np

from townhall.engine.items import FloatItems, float_items
from townhall.engine.observer import Layout, Observer, Part
from townhall.games.my_city.board import Features, Terrain
from townhall.games.my_city.board import bits as cells_of_mask
from townhall.games.my_city.data import CELLS, MAX_PIECES, SIZE
from townhall.games.my_city.position import MyCityPosition

CARDS: Final = MAX_PIECES + 1
PLANES: Final = 7


def bits(mask: int) -> Any:
    """The cells of a 121-bit mask as 0/1 (cell 0 first)."""
    raw = np.frombuffer(mask.to_bytes(16, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:CELLS]


SEAT_BITS: Final = 8  # per player in the packed keys: more than the pieces one player can place
TO_MOVE_BITS: Final = 8  # the players' key: decided seats in bits 0-7, seats to move in bits 8-15
FIGURES_SHIFT: Final = 16  # ... and the figures' revision above them
FIRST_PIECES: Final = sum(3 << (SEAT_BITS * seat) for seat in range(8))  # up to 3 pieces a player: set one by one


def _placed_key(state: MyCityPosition, player: int) -> int:
    """Each player's number of placed pieces, SEAT_BITS apiece: `placed` lists only grow."""
    key = 0
    placed = state.placed
    for seat in range(state.num_players):
        key |= len(placed[seat]) << (SEAT_BITS * seat)
    return key


def _table_key(state: MyCityPosition, player: int) -> int:
    """Deck size, card + 1 (6 bits), over, gold claimed: all that the card, remaining and game
    slices show (a card leaves the deck for `revealed` only)."""
    return ((len(state.deck) << 6 | state.card + 1) << 2) | state.over << 1 | state.gold_claimed


def _players_key(state: MyCityPosition, player: int) -> int:
    """The figures' revision, the seats that decided and the seats to move (by seat bit)."""
    key = state.figures_revision << FIGURES_SHIFT
    pending = state.pending
    active = state.active
    open_card = not state.over and state.card >= 0
    for seat in range(state.num_players):
        if pending[seat] >= 0:
            key |= 1 << seat
        elif open_card and active[seat]:
            key |= 1 << (TO_MOVE_BITS + seat)
    return key


class MyCityObserver(Observer[MyCityPosition]):
    version = 2  # 2: My City rules data of issue 16 (gold mines, 40 sticker squares)
    about = (
        "The public view plus whether the observer has committed this card (never what another player "
        "committed: `pending` of others is unread). Boards are 11 x 11 cells; players are listed from the "
        "observer's seat on (index 0 is the observer)."
    )

    def __init__(self, num_players: int, options: Any) -> None:
        self.num_players = num_players
        layout = Layout()
        board_planes = (
            "built",
            "single tree",
            "double tree",
            "single rock",
            "double rock",
            "well",
            "gold",
        )
        cells = f"{SIZE} x {SIZE} cells, [row, column]"
        layout.add(
            "boards",
            num_players,
            PLANES,
            SIZE,
            SIZE,
            doc=f"per player (observer first), plane and cell ({cells})",
            fields=board_planes,
            axis=1,
        )
        layout.add(
            "terrain",
            3,
            SIZE,
            SIZE,
            doc=f"the shared geometry, per cell ({cells})",
            fields=("light-green land", "river", "buildable"),
        )
        card = f"piece {{i}} (0..{MAX_PIECES - 1}), then the blockade ({MAX_PIECES})"
        layout.add("card", CARDS, doc="the card to play now, one-hot (none: all 0)", each=card)
        # Counts and the score have no limit in the rules data: math.inf (a score goes below 0).
        inf = math.inf
        layout.add("remaining", CARDS, doc="cards left in the deck, per card (a count)", high=inf, each=card)
        low = (-inf, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        high = (inf, 1.0, inf, inf, 1.0, 1.0, 1.0)
        figures = ("score / 50", "frozen", "marks / 3", "passes / 3", "active", "decided this card", "to move")
        layout.add(
            "players", num_players, 7, doc="per player (observer first)", low=low, high=high, fields=figures, axis=1
        )
        layout.add(
            "game", 3, doc="the game", high=(inf, 1.0, 1.0), fields=("cards revealed / 24", "gold claimed", "over")
        )
        self.layout = layout
        self.boards_at = layout.slices["boards"].offset
        self.card_at = layout.slices["card"].offset
        self.remaining_at = layout.slices["remaining"].offset
        self.players_at = layout.slices["players"].offset
        self.game_at = layout.slices["game"].offset
        self.static_end = layout.slices["terrain"].offset + layout.slices["terrain"].size
        # The cells of each piece mask met (at most the placements of one board), and per observing
        # seat the boards and terrain of the last game with no building, for the features and
        # terrain they were drawn from (read-only objects, the same along games of one board).
        self.cells: dict[int, list[int]] = {}
        self.static: dict[int, tuple[list[Features], Terrain, Any]] = {}
        self.parts = (
            Part(("boards", "terrain"), self._boards, _placed_key, incremental=True),
            Part(("card", "remaining", "game"), self._table, _table_key, incremental=True),
            Part(("players",), self._players, _players_key, incremental=True),
        )

    def make_views(self, out: Any) -> dict[str, Any]:
        """The slices of `out`, and two views of the buffer for the writers: `flat`, every item
        (engine.items: a float32 store there costs a fraction of NumPy's), and `static`, the boards then
        the terrain (copied at once from a cached image)."""
        views = super().make_views(out)
        views["flat"] = float_items(out)
        views["static"] = out[self.boards_at : self.static_end]
        return views

    def _boards(self, state: MyCityPosition, player: int, views: dict[str, Any], previous: int | None) -> None:
        """The boards and the terrain. Within a game only built cells change (terrain, features
        and stickers are read-only, position.clone), and only by pieces appended to `placed`:
        the cells of the pieces new since the last look are set one by one."""
        if previous is None:
            self._whole_boards(state, player, views)
        else:
            self._new_pieces(state, player, views["flat"], previous)

    def _new_pieces(self, state: MyCityPosition, player: int, flat: FloatItems, previous: int) -> None:
        """Set the built cells of the pieces placed since the counts packed in `previous`."""
        n = self.num_players
        placed = state.placed
        for seat in range(n):
            before = previous >> (SEAT_BITS * seat) & ((1 << SEAT_BITS) - 1)
            pieces = placed[seat]
            if before == len(pieces):
                continue
            built_at = self.boards_at + (seat - player) % n * PLANES * CELLS
            for index in range(before, len(pieces)):
                mask = pieces[index][1]
                cells = self.cells.get(mask)
                if cells is None:
                    cells = self.cells[mask] = cells_of_mask(mask)
                for cell in cells:
                    flat[built_at + cell] = 1.0

    def _whole_boards(self, state: MyCityPosition, player: int, views: dict[str, Any]) -> None:
        views["static"][:] = self._static_image(state, player)
        if _placed_key(state, player) & ~FIRST_PIECES == 0:  # a few pieces each: set one by one
            self._new_pieces(state, player, views["flat"], 0)
            return
        n = self.num_players
        raw = b"".join(state.occupied[seat].to_bytes(16, "little") for seat in (*range(player, n), *range(player)))
        cells = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little").reshape(n, 128)
        views["boards"].reshape(n, PLANES, CELLS)[:, 0] = cells[:, :CELLS]

    def _static_image(self, state: MyCityPosition, player: int) -> Any:
        """The boards (no building yet) and the terrain as one flat array, seen by `player`."""
        cached = self.static.get(player)
        if cached is not None and cached[1] is state.terrain and cached[0] == state.features:
            return cached[2]
        n = self.num_players
        image = np.zeros(self.static_end - self.boards_at, dtype=np.float32)
        boards = image[: n * PLANES * CELLS].reshape(n, PLANES, CELLS)
        for seat in range(n):
            features = state.features[seat]
            masks = (
                features.single_trees,
                features.double_trees,
                features.single_rocks,
                features.double_rocks,
                features.well_cells,
                features.gold_cells,
            )
            boards[(seat - player) % n, 1:] = [bits(mask) for mask in masks]
        geometry = state.terrain
        terrain = image[n * PLANES * CELLS :].reshape(3, CELLS)
        terrain[:] = [bits(geometry.land), bits(geometry.river_cells), bits(geometry.buildable)]
        self.static[player] = (list(state.features), geometry, image)
        return image

    def _table(self, state: MyCityPosition, player: int, views: dict[str, Any], previous: int | None) -> None:
        """The card, the cards remaining and the game row. The cards that left the deck since
        the last look are the last ones revealed (turns.draw)."""
        flat: FloatItems = views["flat"]
        card_at = self.card_at
        if previous is None:
            counts = [0] * CARDS  # counted here: NumPy's bincount of a short list costs more
            for card in state.deck:
                counts[card] += 1
            remaining_at = self.remaining_at
            for card in range(CARDS):
                if counts[card]:
                    flat[remaining_at + card] = float(counts[card])
            if state.card >= 0:
                flat[card_at + state.card] = 1.0
        else:
            before = (previous >> 2 & 63) - 1
            if before != state.card:
                if before >= 0:
                    flat[card_at + before] = 0.0
                if state.card >= 0:
                    flat[card_at + state.card] = 1.0
            revealed = state.revealed
            remaining_at = self.remaining_at
            for index in range(len(revealed) - ((previous >> 8) - len(state.deck)), len(revealed)):
                at = remaining_at + revealed[index]
                flat[at] = flat[at] - 1.0
        game_at = self.game_at
        flat[game_at] = len(state.revealed) / 24.0
        if previous is None or (previous & 3) != (state.over << 1 | state.gold_claimed):
            flat[game_at + 1] = 1.0 if state.gold_claimed else 0.0
            flat[game_at + 2] = 1.0 if state.over else 0.0

    def _players(self, state: MyCityPosition, player: int, views: dict[str, Any], previous: int | None) -> None:
        """Per player: the figures (rewritten when their revision moved), decided and to move
        (only the seats whose bit changed)."""
        flat: FloatItems = views["flat"]
        n = self.num_players
        key = _players_key(state, player)
        if previous is None or previous >> FIGURES_SHIFT != key >> FIGURES_SHIFT:
            changed = (1 << FIGURES_SHIFT) - 1  # every decided and to-move bit, with the figures
            for seat in range(n):
                at = self.players_at + (seat - player) % n * 7
                flat[at] = state.score[seat] / 50.0
                flat[at + 1] = 1.0 if state.frozen[seat] else 0.0
                flat[at + 2] = state.marks[seat] / 3.0
                flat[at + 3] = state.passes[seat] / 3.0
                flat[at + 4] = 1.0 if state.active[seat] else 0.0
        else:
            changed = (key ^ previous) & ((1 << FIGURES_SHIFT) - 1)
        for seat in range(n):
            at = self.players_at + (seat - player) % n * 7
            if changed >> seat & 1:
                flat[at + 5] = float(key >> seat & 1)
            if changed >> (TO_MOVE_BITS + seat) & 1:
                flat[at + 6] = float(key >> (TO_MOVE_BITS + seat) & 1)
