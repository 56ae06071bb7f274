"""Helpers that build concrete Kutná Hora positions and play actions by their text."""

from __future__ import annotations

from townhall.engine import Chance, Event
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.position import PLAY
from townhall.games.kutna_hora.state import KutnaHoraState

BUILDERS, SCRIBES, GROCERS, INNKEEPERS, MINERS, METALLURGISTS = range(6)
GUILD_SETS = [
    [BUILDERS, MINERS, METALLURGISTS],
    [SCRIBES, GROCERS, INNKEEPERS],
    [BUILDERS, GROCERS, INNKEEPERS],
    [SCRIBES, MINERS, METALLURGISTS],
]


def guild_tile(guild: int, k: int) -> int:
    """Index of the k-th (0 = marked) building of a guild."""
    return 4 * guild + k


def public_tile(colour: int, k: int) -> int:
    return 24 + 3 * colour + k


def fresh(n: int = 2, seed: int = 3, **options: bool) -> KutnaHoraState:
    """A game after setup (first-game card, every chooser takes the first set offered)."""
    opts: dict[str, bool] = {"first_game": True}
    opts.update(options)
    # Built directly: test positions may leave events out even with 2 players.
    state = GAME.new_state(n, GAME.meta.resolve(opts), Chance(seed))
    assert isinstance(state, KutnaHoraState)
    while state.phase != PLAY:
        player = state.to_move()[0]
        state.apply(player, state.legal_actions(player)[0], Chance(0))
    return state


def blank(n: int = 2, seed: int = 3) -> KutnaHoraState:
    """Round 1, start player 0 to move, with a known neutral position: no event, tax 0, no rocks,
    the town hall in guild order with known tops, fixed guilds per player."""
    s = fresh(n, seed, events=False)
    s.event_current = -1
    s.events_enabled = False  # a test position: no further events either
    s.tax = 0
    s.hall = [[0, 1, 6], [2, 3, 7], [4, 5, 8]]
    for g in range(6):
        s.stack_top[g] = guild_tile(g, 1)
        s.stack_hidden[g] = [guild_tile(g, 2), guild_tile(g, 3)]
        s.stack_bottom[g] = guild_tile(g, 0)
    for c in range(3):
        s.stack_top[6 + c] = public_tile(c, 0)
        s.stack_hidden[6 + c] = [public_tile(c, 1), public_tile(c, 2)]
    s.mine = [-1] * len(s.mine)
    s.rock_stars = [0] * len(s.mine)
    for p in range(n):
        s.guilds[p] = list(GUILD_SETS[p])
        s.money[p] = 40 + p
    return s


def texts(s: KutnaHoraState) -> list[str]:
    return [s.action_text(a) for a in s.legal_actions(s.current)]


def do(s: KutnaHoraState, text: str, chance: Chance | None = None) -> list[Event]:
    """Apply the legal action of the player to move whose text is `text`."""
    events: list[Event] = []
    for action in s.legal_actions(s.current):
        if s.action_text(action) == text:
            s.apply(s.current, action, chance or Chance(0), events)
            return events
    raise AssertionError(f"{text!r} is not legal; legal: {texts(s)}")


def action_id(s: KutnaHoraState, text: str) -> int:
    for action in s.legal_actions(s.current):
        if s.action_text(action) == text:
            return action
    raise AssertionError(f"{text!r} is not legal; legal: {texts(s)}")


def cell(name: str, cols: int) -> int:
    return (ord(name[0]) - 65) * cols + int(name[1:]) - 1
