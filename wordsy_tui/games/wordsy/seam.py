"""Wordsy's rules as the table's `engine.Rules` (net-free: the app's clock reads them too).

Every Wordsy event is public: a word travels only as a commitment until its own
player reveals it, so the host never holds a secret to redact, and a recipient
catches up by the events (a whole game is a few hundred small ones), never by a
snapshot.
"""

from __future__ import annotations

import random
from typing import Any, Final

from wordsy_tui.engine import Alarm, Request, Rules
from wordsy_tui.engine.codec import CodecError, encode
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.alarms import alarm_for
from wordsy_tui.games.wordsy.rules.codec import decode_command, decode_event
from wordsy_tui.games.wordsy.rules.config import GAME
from wordsy_tui.games.wordsy.rules.decide import decide
from wordsy_tui.games.wordsy.rules.evolve import evolve
from wordsy_tui.games.wordsy.rules.legal import legal_commands
from wordsy_tui.games.wordsy.rules.referee import Referee
from wordsy_tui.games.wordsy.rules.state import GameState

# Fields that name who is acting: a seat may only act for itself.
ACTOR_FIELDS: Final = ("player", "challenger", "voter")
# The host's own clock and set-up; no seat may send these.
HOST_ONLY: Final = (
    cmd.CreateGame,
    cmd.RemovePlayer,
    cmd.ExpireTimer,
    cmd.CloseWriting,
    cmd.CloseReveal,
    cmd.CloseVote,
    cmd.EndRound,
)


class WordsyRules:
    """Wordsy for the table: `referee` judges revealed words (exact repeats by default)."""

    snapshots: Final = False

    def __init__(self, referee: Referee | None = None) -> None:
        self.referee = referee

    def name(self, state: GameState) -> str:
        return GAME

    def fresh(self) -> GameState:
        return GameState()

    def decide(
        self, state: GameState, actor: str | None, command: cmd.Command, rng: random.Random
    ) -> list[ev.Event]:
        # Wordsy's commands name their actor themselves (checked at the door).
        return decide(state, command, rng=rng, referee=self.referee)

    def evolve(self, state: GameState, event: ev.Event) -> GameState:
        return evolve(state, event)

    def event_for(self, event: ev.Event, seat: str | None) -> ev.Event:
        return event

    def state_for(self, state: GameState, seat: str | None) -> GameState:
        return state

    def legal_commands(self, state: GameState, seat: str) -> list[cmd.Command]:
        return legal_commands(state, seat)

    def alarm(self, state: GameState) -> Alarm[cmd.Command] | None:
        return alarm_for(state)

    def host_only(self, command: cmd.Command) -> bool:
        return isinstance(command, HOST_ONLY)

    def seats_bot(self, command: cmd.Command) -> bool:
        return isinstance(command, cmd.JoinGame) and command.bot

    def encode(self, value: cmd.Command | ev.Event | GameState) -> dict[str, Any]:
        return encode(value)

    def decode_command(self, wire: object) -> Request[cmd.Command]:
        command = decode_command(wire)
        actors = [getattr(command, f) for f in ACTOR_FIELDS if hasattr(command, f)]
        return Request(command, actors[0] if actors else None)

    def decode_event(self, wire: object) -> ev.Event:
        return decode_event(wire)

    def decode_snapshot(self, wire: object) -> GameState:
        raise CodecError("a Wordsy host sends no snapshots: it catches up by the events")


def wordsy_rules(referee: Referee | None = None) -> Rules[GameState, cmd.Command, ev.Event]:
    """Wordsy's rules, as the seam sees them (and the type checker holds them to it)."""
    return WordsyRules(referee)
