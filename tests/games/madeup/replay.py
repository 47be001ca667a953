"""Twenty-One's replay, one turn a frame: its `Steps`, and its seat over them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tests.games.madeup import rules as r
from tests.games.madeup.seam import madeup_rules
from tests.games.madeup.seat import MadeUpSeat
from wordsy_tui.table.replay import Replaying, Steps, never

TURNS: Final[Steps[r.State, r.Event]] = Steps(
    madeup_rules(),
    ends_before=never,
    ends_after=lambda event: isinstance(event, r.GameStarted | r.Added),
    started=lambda state: state.phase not in (r.Phase.NEW, r.Phase.LOBBY),
    over=lambda state: state.phase is r.Phase.OVER,
    tail=True,
    tells=True,
)


def madeup_replay(bodies: Iterable[object], note: str | None = None) -> MadeUpSeat:
    """A seat over a replay of a log's event bodies; ValueError when it shows nothing."""
    return MadeUpSeat(Replaying.read(TURNS, bodies, note))
