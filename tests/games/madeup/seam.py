"""Twenty-One's rules as the table's `engine.Rules`: the one object the host, the seats'
stream, the clocks and the replay ask."""

from __future__ import annotations

import random
from typing import Any, Final

from tests.games.madeup import rules as r
from wordsy_tui.engine import Alarm, Request, Rules
from wordsy_tui.engine.codec import CodecError, encode


class MadeUpRules:
    """Nothing is secret (every event and state goes whole to everyone), so a recipient
    catches up by the events, never a snapshot."""

    snapshots: Final = False

    def name(self, state: r.State) -> str:
        return r.GAME

    def fresh(self) -> r.State:
        return r.State()

    def decide(
        self, state: r.State, actor: str | None, command: r.Command, rng: random.Random
    ) -> list[r.Event]:
        return r.decide(state, actor, command, rng)

    def evolve(self, state: r.State, event: r.Event) -> r.State:
        return r.evolve(state, event)

    def event_for(self, event: r.Event, seat: str | None) -> r.Event:
        return r.event_for(event, seat)

    def state_for(self, state: r.State, seat: str | None) -> r.State:
        return r.state_for(state, seat)

    def legal_commands(self, state: r.State, seat: str) -> list[r.Command]:
        return r.legal_commands(state, seat)

    def alarm(self, state: r.State) -> Alarm[r.Command] | None:
        return r.alarm(state)

    def host_only(self, command: r.Command) -> bool:
        return isinstance(command, r.HOST_ONLY)

    def seats_bot(self, command: r.Command) -> bool:
        return isinstance(command, r.JoinGame) and command.bot

    def encode(self, value: r.Command | r.Event | r.State) -> dict[str, Any]:
        return encode(value)

    def decode_command(self, wire: object) -> Request[r.Command]:
        return r.decode_request(wire)

    def decode_event(self, wire: object) -> r.Event:
        return r.decode_event(wire)

    def decode_snapshot(self, wire: object) -> r.State:
        raise CodecError(f"a {r.TITLE} host sends no snapshots")


def madeup_rules() -> Rules[r.State, r.Command, r.Event]:
    """The rules, as the seam sees them (and the type checker holds them to it)."""
    return MadeUpRules()
