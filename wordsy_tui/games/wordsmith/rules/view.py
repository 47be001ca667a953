"""What each seat may see.

A turn is sealed by its commitment until the reveal, so nothing in the log holds another
player's letters before every player has chosen; the deck has no order to hide (the host
draws each card as it is turned up). What is left to redact is the host's option of hidden
sheets: then a turn reaches only its own player, and every sheet is shown at the end.
"""

from __future__ import annotations

from dataclasses import replace

from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.sheet import started
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState


def event_for(event: ev.Event, seat: str | None) -> ev.Event:
    """`event` as `seat` may receive it (None: a spectator)."""
    if isinstance(event, ev.TurnPlayed) and event.private and event.player != seat:
        return ev.TurnPlayed(event.player, event.round, True, None, None, None)
    return event


def sheets_hidden(state: WordsmithState) -> bool:
    """Each player sees only their own sheet now (the host's option, until the end)."""
    return not state.config.open_sheets and state.phase not in (
        Phase.NEW,
        Phase.LOBBY,
        Phase.OVER,
    )


def state_for(state: WordsmithState, seat: str | None) -> WordsmithState:
    """The host's state as `seat` may know it: the fold of its view of the log."""
    if not sheets_hidden(state):
        return state
    blank = started(*state.start)
    sheets = {
        player: sheet if player == seat else replace(blank, goals=sheet.goals)
        for player, sheet in state.sheets.items()
    }
    return replace(state, sheets=sheets)
