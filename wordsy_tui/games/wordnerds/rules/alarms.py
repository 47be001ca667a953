"""What the table waits for now, whom it waits on and how long it may: Word Nerds' clock,
as data. The host's clock counts the limit down and, when it passes, sends the wait's
`TimeUp`; `decide` ends the wait as the config says. Nothing here reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from wordsy_tui.engine import Alarm
from wordsy_tui.games.wordnerds.rules.commands import Command, TimeUp
from wordsy_tui.games.wordnerds.rules.config import GAME
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase

LABELS: Final = {
    "discard": "Discard down to 10 letters",
    "bid": "Bids",
    "reveal": "Bids opening",
    "pick": "Take a card",
    "vote": "Vote on the challenge",
    "declare": "Word Nerd?",
    "window": "Trump, challenge or play a card",
    "refresh": "Keep your hand or draw two",
    "purchase": "Purchase",
}


SEVERAL: Final = frozenset({"bid", "declare", "window", "vote", "refresh"})
"""The waits on several people at once."""


@dataclass(frozen=True, slots=True)
class Wait:
    wait: str
    """One of LABELS' keys."""
    seconds: int
    players: frozenset[str]
    """Whose move ends it before its limit (a window: who has not said "nothing more")."""


def waiting(state: NerdsState) -> Wait | None:
    """The wait running now; None when the game waits on nobody (not started, or over)."""
    config = state.config
    over = state.over_limit()
    if state.phase in (Phase.NEW, Phase.LOBBY, Phase.OVER):
        return None
    if over:
        return Wait("discard", config.discard_seconds, frozenset(over))
    match state.phase:
        case Phase.BIDDING:
            unbid = frozenset(p for p in state.players if p not in state.sealed)
            return Wait("bid", config.bid_seconds, unbid)
        case Phase.REVEALING:
            unopened = frozenset(p for p in state.sealed if p not in state.bids)
            return Wait("reveal", config.reveal_seconds, unopened)
        case Phase.PICKING:
            return Wait("pick", config.pick_seconds, frozenset(state.picking[:1]))
        case Phase.DECLARING if state.vote is not None:
            vote = state.vote
            unvoted = frozenset(p for p in vote.voters if p not in vote.votes)
            return Wait("vote", config.vote_seconds, unvoted)
        case Phase.DECLARING:
            unpassed = frozenset(state.players) - state.passed
            if state.words:
                return Wait("window", config.window_seconds, unpassed)
            return Wait("declare", config.declare_seconds, unpassed)
        case Phase.REFRESHING:
            return Wait("refresh", config.refresh_seconds, state.refreshing)
        case _:
            return Wait("purchase", config.purchase_seconds, frozenset(state.purchasing[:1]))


def alarm(state: NerdsState) -> Alarm[Command] | None:
    """The deadline `state` runs, for the host's clock and every seat's countdown."""
    wait = waiting(state)
    if wait is None:
        return None
    return Alarm(
        key=(GAME, wait.wait, state.clock),
        seconds=wait.seconds,
        command=TimeUp(wait.wait, state.clock),
        label=LABELS[wait.wait],
        # Waits on several people at once: one who has shown no sign of life for a while
        # does not hold the others (the table's idle rule).
        minds_idle=wait.wait in SEVERAL,
    )
