"""Word Nerds' rules as the table's `engine.Rules`.

The host holds the decks and every hand; a bid travels as a commitment until every player
has bid, so not even the host knows it before. Each recipient's view is the fold of its
views of the events (`rules.view`), so the host may catch a program up with a snapshot of
that view.
"""

from __future__ import annotations

import random
from typing import Any, Final

from wordsy_tui.engine import Alarm, Request, Rules
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.alarms import alarm
from wordsy_tui.games.wordnerds.rules.bounds import check_fits
from wordsy_tui.games.wordnerds.rules.codec import (
    decode_event,
    decode_request,
    decode_snapshot,
    encode,
)
from wordsy_tui.games.wordnerds.rules.config import GAME
from wordsy_tui.games.wordnerds.rules.decide import decide
from wordsy_tui.games.wordnerds.rules.evolve import evolve
from wordsy_tui.games.wordnerds.rules.legal import legal_commands
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.games.wordnerds.rules.view import event_for, state_for
from wordsy_tui.games.wordnerds.rules.words import Words
from wordsy_tui.words.lexicon import ShippedWords


class NerdsRules:
    """Word Nerds for the table: `words` is the agreed word list (the shipped one, loaded
    when a challenge is first decided), the official dictionary of the rulebook."""

    snapshots: Final = True

    def __init__(self, words: Words | None = None) -> None:
        self.words: Words = ShippedWords() if words is None else words

    def name(self, state: NerdsState) -> str:
        return GAME

    def fresh(self) -> NerdsState:
        return NerdsState()

    def decide(
        self, state: NerdsState, actor: str | None, command: cmd.Command, rng: random.Random
    ) -> list[ev.Event]:
        return decide(state, actor, command, rng=rng, words=self.words)

    def evolve(self, state: NerdsState, event: ev.Event) -> NerdsState:
        """Refuses (`CodecError`) an event that cannot follow `state`: what a hostile host
        sends about a player or a word this view does not have."""
        check_fits(state, event)
        return evolve(state, event)

    def event_for(self, event: ev.Event, seat: str | None) -> ev.Event:
        return event_for(event, seat)

    def state_for(self, state: NerdsState, seat: str | None) -> NerdsState:
        return state_for(state, seat)

    def legal_commands(self, state: NerdsState, seat: str) -> list[cmd.Command]:
        """What needs no choice of its own (bids are sealed: `legal.legal_bids`; words are
        spelt from the hand and the pool)."""
        return legal_commands(state, seat)

    def alarm(self, state: NerdsState) -> Alarm[cmd.Command] | None:
        return alarm(state)

    def host_only(self, command: cmd.Command) -> bool:
        return cmd.host_only(command)

    def seats_bot(self, command: cmd.Command) -> bool:
        return isinstance(command, cmd.JoinGame) and command.bot

    def encode(self, value: cmd.Command | ev.Event | NerdsState) -> dict[str, Any]:
        return encode(value)

    def decode_command(self, wire: object) -> Request[cmd.Command]:
        return decode_request(wire)

    def decode_event(self, wire: object) -> ev.Event:
        return decode_event(wire)

    def decode_snapshot(self, wire: object) -> NerdsState:
        return decode_snapshot(wire)


def nerds_rules(words: Words | None = None) -> Rules[NerdsState, cmd.Command, ev.Event]:
    """Word Nerds' rules, as the seam sees them (and the type checker holds them to it)."""
    return NerdsRules(words)
