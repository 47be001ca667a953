"""What the table waits for now, and how long it may: Wordsy's deadlines, as data.

The game never reads a clock; the host's clock (`session.clock.AlarmClock`)
counts the running alarm down and, when it passes, sends its command, which
`decide` turns into events like any other. Every client shows the same alarm's
countdown from its own monotonic clock.
"""

from __future__ import annotations

from typing import Final

from wordsy_tui.engine import Alarm
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.legal import may_offer_meant_word
from wordsy_tui.games.wordsy.rules.state import GameState, Phase

# After a vote, the challenge window goes on with the time it had left, but never with
# less than this: the table reads the result and may challenge another word.
AFTER_VOTE_SECONDS: Final = 10.0
# ... and when a player whose word just fell may offer the word they meant, time to type it.
OFFER_SECONDS: Final = 30.0


def alarm_for(state: GameState) -> Alarm[cmd.Command] | None:
    config = state.config
    key: tuple[object, ...]
    if state.phase is Phase.WRITING and state.timer_running and config.timer_seconds:
        key = ("timer", state.round, state.flipped_by)
        return Alarm(key, config.timer_seconds, cmd.ExpireTimer(), "timer")
    if state.phase is Phase.WRITING and not state.solo:
        # Nobody has flipped (or there is no timer): the round still ends some time.
        return Alarm(
            ("writing", state.round),
            config.wait_seconds,
            cmd.CloseWriting(),
            "writing",
            minds_idle=True,
        )
    if state.phase is Phase.REVEAL:
        return Alarm(("reveal", state.round), config.reveal_seconds, cmd.CloseReveal(), "reveal")
    if state.phase is Phase.CHALLENGES:
        if state.challenge is not None:
            key = ("vote", state.round, state.challenge.target)
            if state.challenge.meant is not None:  # a vote of its own, after the challenge's
                key = (*key, state.challenge.meant.word)
            return Alarm(key, config.vote_seconds, cmd.CloseVote(), "vote", minds_idle=True)
        if not state.solo:
            seconds = config.challenge_seconds or config.wait_seconds
            key = ("challenges", state.round)
            offers = any(may_offer_meant_word(state, p) for p in state.active)
            after = OFFER_SECONDS if offers else AFTER_VOTE_SECONDS
            return Alarm(
                key,
                seconds,
                cmd.EndRound(),
                "challenges",
                pauses=True,
                after_vote=after,
                minds_idle=True,
            )
    return None
