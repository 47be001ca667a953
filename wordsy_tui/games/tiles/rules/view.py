"""What each seat may see: its own rack, and only counts of everyone else's and the bag.

The host keeps the full log; every client (and the log a spectator replays)
receives `for_seat(event, seat)` of each event. Tiles named in another
player's draw or exchange become counts; nothing else is secret. The bag's
contents follow from what is public (the full set less the board and your
own rack: the unseen tiles), its order does not exist outside the host's
generator, and racks become public only in GameEnded, when the game is over.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.rulesets import BLANK
from wordsy_tui.games.tiles.rules.state import HIDDEN, TileGameState


def for_seat(event: ev.Event, seat: str | None) -> ev.Event:
    """`event` as `seat` may receive it (None: a spectator)."""
    match event:
        case ev.TilesDrawn(player, tiles, count) if player != seat and tiles is not None:
            return ev.TilesDrawn(player, None, count)
        case ev.TilesExchanged(player, returned, _drawn, count) if (
            player != seat and returned is not None
        ):
            return ev.TilesExchanged(player, None, None, count)
    return event


def state_for_seat(state: TileGameState, seat: str | None) -> TileGameState:
    """The host's state as `seat` may know it: the fold of its view of the log."""
    if state.phase.value == "over":
        return replace(state, bag=None)
    racks = {p: rack if p == seat else (HIDDEN,) * len(rack) for p, rack in state.racks.items()}
    return replace(state, racks=racks, bag=None)


def unseen(state: TileGameState, seat: str | None, *, racks: bool = False) -> Counter[str]:
    """Tiles `seat` has not seen: in the bag or on other racks (blanks as `?`); `racks`:
    every rack is shown (a finished game's replay), so only the bag is unseen."""
    left = Counter(state.rules.full_bag())
    left.subtract(BLANK if c.islower() else c for c in state.board if c != ".")
    seen = state.players if racks else (seat,) if seat is not None else ()
    for player in seen:
        left.subtract(t for t in state.rack(player) if t != HIDDEN)
    return +left
