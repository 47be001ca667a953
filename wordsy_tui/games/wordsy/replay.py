"""Wordsy's replay: round by round, then the end (`table.replay` steps through it)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Final

from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.replay import Replaying, Steps, never


def _round_ended(event: ev.Event) -> bool:
    # Before the round's end is applied: every word revealed and judged, still on screen.
    return isinstance(event, ev.RoundEnded)


ROUNDS: Final[Steps[GameState, ev.Event]] = Steps(
    wordsy_rules(),
    ends_before=_round_ended,
    ends_after=never,
    started=lambda state: state.round >= 1,
    over=lambda state: state.phase is Phase.OVER,
    tail=False,  # a round cut short shows nothing judged: the rounds before are the replay
    tells=False,  # the app would greet each event as if it had just happened
)
"""Wordsy's replay: round by round, then the end."""


def replay(bodies: Iterable[object], note: str | None = None) -> WordsySeat:
    """Wordsy's app's seat over a replay of a log's event bodies, round by round;
    ValueError when one cannot be read or the log shows nothing."""
    return WordsySeat(Replaying.read(ROUNDS, bodies, note))


def read_events(path: Path) -> list[ev.Event]:
    """The Wordsy game's events from the host's log, read without changing the file."""
    from wordsy_tui.games.wordsy.rules.codec import decode_event
    from wordsy_tui.table.saved import event_bodies

    return [decode_event(body) for body in event_bodies(path)]
