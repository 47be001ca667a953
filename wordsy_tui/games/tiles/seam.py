"""The tile games' rules as the table's `engine.Rules`.

Unlike Wordsy, the tile games hold secrets on the host: the bag and every rack.
The host's generator draws each tile; each seat receives only what
`scrabble.view` says it may know (its own rack; counts of the others and of the
bag), in events and snapshots alike, so the redaction is one function for the
rules, the host and the tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from wordsy_tui.engine import Alarm, Request, Rules
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import (
    decode_event,
    decode_request,
    decode_snapshot,
    encode,
)
from wordsy_tui.games.tiles.rules.decide import decide
from wordsy_tui.games.tiles.rules.evolve import evolve
from wordsy_tui.games.tiles.rules.legal import legal_commands
from wordsy_tui.games.tiles.rules.state import TileGameState
from wordsy_tui.games.tiles.rules.view import for_seat, state_for_seat
from wordsy_tui.games.tiles.rules.waits import waiting
from wordsy_tui.games.tiles.rules.words import Words
from wordsy_tui.words.lexicon import ShippedWords

# The host's own set-up and clock; no seat may send these.
HOST_ONLY: Final = (cmd.CreateGame, cmd.TimeUp)


class TileRules:
    """Scrabble, Words with Friends and Wordfeud for the table: the ruleset is the state's
    (its config's), `words` the agreed word list (the shipped one, loaded when a word is
    first judged)."""

    snapshots: Final = True

    def __init__(self, words: Words | None = None) -> None:
        self.words: Words = ShippedWords() if words is None else words
        self.stopwatch: Callable[[], float | None] | None = None
        """The host's: how long the wait running now has lasted, in seconds (the game
        clock's input; `tiles.host` sets it from the host's alarm clock)."""

    def name(self, state: TileGameState) -> str:
        return state.config.game.value

    def fresh(self) -> TileGameState:
        return TileGameState()

    def decide(
        self, state: TileGameState, actor: str | None, command: cmd.Command, rng: random.Random
    ) -> list[ev.Event]:
        elapsed = None if self.stopwatch is None else self.stopwatch()
        return decide(state, actor, command, rng=rng, words=self.words, elapsed=elapsed)

    def evolve(self, state: TileGameState, event: ev.Event) -> TileGameState:
        return evolve(state, event)

    def event_for(self, event: ev.Event, seat: str | None) -> ev.Event:
        return for_seat(event, seat)

    def state_for(self, state: TileGameState, seat: str | None) -> TileGameState:
        return state_for_seat(state, seat)

    def legal_commands(self, state: TileGameState, seat: str) -> list[cmd.Command]:
        """Every command but plays (the move generator finds those)."""
        return legal_commands(state, seat)

    def alarm(self, state: TileGameState) -> Alarm[cmd.Command] | None:
        """The rules' wait, as the host counts it down (and every client shows it)."""
        wait = waiting(state)
        if wait is None:
            return None
        label = "vote" if wait.vote else "challenges" if wait.challenges else "turn"
        key = (label, wait.player, wait.turns)
        return Alarm(key, wait.seconds, wait.command, label, minds_idle=wait.minds_idle)

    def host_only(self, command: cmd.Command) -> bool:
        return isinstance(command, HOST_ONLY)

    def seats_bot(self, command: cmd.Command) -> bool:
        return isinstance(command, cmd.JoinGame) and command.bot

    def encode(self, value: cmd.Command | ev.Event | TileGameState) -> dict[str, Any]:
        return encode(value)

    def decode_command(self, wire: object) -> Request[cmd.Command]:
        return decode_request(wire)

    def decode_event(self, wire: object) -> ev.Event:
        return decode_event(wire)

    def decode_snapshot(self, wire: object) -> TileGameState:
        return decode_snapshot(wire)


def tile_rules(words: Words | None = None) -> Rules[TileGameState, cmd.Command, ev.Event]:
    """The tile games' rules, as the seam sees them (and the type checker holds them to it)."""
    return TileRules(words)
