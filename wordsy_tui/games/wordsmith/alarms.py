"""What the table waits for now, and how long it may: Wordsmith's deadlines, as data.

The rules never read a clock; the host's clock counts the running alarm down and, when it
passes, sends its `TimeUp`, which `decide` turns into events like any other command. The
table sends the same `TimeUp` early when everyone the phase waits on has left the table.
"""

from __future__ import annotations

from wordsy_tui.engine import Alarm
from wordsy_tui.games.wordsmith import commands as cmd
from wordsy_tui.games.wordsmith.state import Phase, WordsmithState


def alarm_for(state: WordsmithState) -> Alarm[cmd.Command] | None:
    if state.phase not in (Phase.CHOOSING, Phase.REVEAL):
        return None
    reveal = state.phase is Phase.REVEAL
    config = state.config
    return Alarm(
        (state.phase.value, state.round),
        float(config.reveal_seconds if reveal else config.round_seconds),
        cmd.TimeUp(state.round, reveal=reveal),
        state.phase.value,
    )
