"""Wordsmith's rules as the table's `engine.Rules`.

Nothing secret lives on the host but its generator (the deck has no order to hide: each
card is drawn when it is turned up): a turn travels as a commitment until every player has
chosen. With hidden sheets a revealed turn reaches only its own player; each recipient's
view is the fold of its views of the events (`rules.view`), so the host may catch a program
up with a snapshot of that view.
"""

from __future__ import annotations

import random
from typing import Any, Final

from wordsy_tui.engine import Alarm, Request, Rules
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.alarms import alarm_for
from wordsy_tui.games.wordsmith.rules.codec import (
    decode_event,
    decode_request,
    decode_snapshot,
    encode,
)
from wordsy_tui.games.wordsmith.rules.config import GAME
from wordsy_tui.games.wordsmith.rules.decide import decide
from wordsy_tui.games.wordsmith.rules.evolve import evolve
from wordsy_tui.games.wordsmith.rules.legal import legal_commands
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.rules.view import event_for, state_for
from wordsy_tui.games.wordsmith.rules.words import Words
from wordsy_tui.words.lexicon import ShippedWords, load_lexicon


class WordsmithRules:
    """Wordsmith for the table: `words` is the agreed word list (the shipped one, loaded
    when a turn is first worked out), for the words a revealed turn makes."""

    snapshots: Final = True

    def __init__(self, words: Words | None = None) -> None:
        self._words = words
        # What `decide` judges with: the shipped list only once a revealed turn asks it (a
        # solo game seats its players and deals before its first frame, and judges nothing).
        self._judged: Words = ShippedWords() if words is None else words

    @property
    def words(self) -> Words:
        """The list itself, loaded now (the screens' and the bots' many lookups)."""
        if self._words is None:
            self._words = load_lexicon()
        return self._words

    def name(self, state: WordsmithState) -> str:
        return GAME

    def fresh(self) -> WordsmithState:
        return WordsmithState()

    def decide(
        self, state: WordsmithState, actor: str | None, command: cmd.Command, rng: random.Random
    ) -> list[ev.Event]:
        return decide(state, actor, command, rng, self._judged)

    def evolve(self, state: WordsmithState, event: ev.Event) -> WordsmithState:
        return evolve(state, event)

    def event_for(self, event: ev.Event, seat: str | None) -> ev.Event:
        return event_for(event, seat)

    def state_for(self, state: WordsmithState, seat: str | None) -> WordsmithState:
        return state_for(state, seat)

    def legal_commands(self, state: WordsmithState, seat: str) -> list[cmd.Command]:
        """Starting and leaving (a turn is put together with `legal.preview`)."""
        return legal_commands(state, seat)

    def alarm(self, state: WordsmithState) -> Alarm[cmd.Command] | None:
        return alarm_for(state)

    def host_only(self, command: cmd.Command) -> bool:
        return cmd.host_only(command)

    def seats_bot(self, command: cmd.Command) -> bool:
        return isinstance(command, cmd.JoinGame) and command.bot

    def encode(self, value: cmd.Command | ev.Event | WordsmithState) -> dict[str, Any]:
        return encode(value)

    def decode_command(self, wire: object) -> Request[cmd.Command]:
        return decode_request(wire)

    def decode_event(self, wire: object) -> ev.Event:
        return decode_event(wire)

    def decode_snapshot(self, wire: object) -> WordsmithState:
        return decode_snapshot(wire)


def wordsmith_rules(
    words: Words | None = None,
) -> Rules[WordsmithState, cmd.Command, ev.Event]:
    """Wordsmith's rules, as the seam sees them (and the type checker holds them to it)."""
    return WordsmithRules(words)
