"""A tiny game that proves `net` is generic: players add to a shared counter, and each holds
a secret that only the host's reveal makes public."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from net import CommandRejected, Refusal
from net.protocol import GAME_FULL, GAME_STARTED, Role


class CounterGame:
    def __init__(self, seats: int = 6, target: int = 30, snapshots: bool = True) -> None:
        self.seats = seats
        self.snapshots = snapshots
        self.target = target
        self.total = 0
        self.secrets: dict[str, str] = {}
        self.revealed = False

    @property
    def over(self) -> bool:
        return self.total >= self.target

    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        op = command.get("op")
        if op == "secret" and seat is not None:
            value = command.get("value")
            if not isinstance(value, str) or self.revealed:
                raise CommandRejected("bad_secret", "a secret is a string, set before the reveal")
            return [{"e": "secret", "seat": seat, "value": value}]
        if op == "add" and seat is not None:
            n = command.get("n")
            if not isinstance(n, int) or not 1 <= n <= 10:
                raise CommandRejected("bad_add", "add between 1 and 10")
            if self.over:
                raise CommandRejected("game_over", "the counter already reached its target")
            events = [{"e": "added", "seat": seat, "n": n, "total": self.total + n}]
            if self.total + n >= self.target:
                events.append({"e": "over"})
            return events
        if op == "shout" and seat is not None:
            text = command.get("text")
            if not isinstance(text, str):
                raise CommandRejected("bad_shout", "a shout is a string")
            return [{"e": "shout", "seat": seat, "text": text}]  # public, as large as allowed
        if op == "reveal":
            if seat is not None:
                raise CommandRejected("not_host", "only the host's clock reveals")
            return [{"e": "revealed", "secrets": dict(self.secrets)}]
        raise CommandRejected("unknown", f"unknown command {op!r}")

    def evolve(self, event: dict[str, Any]) -> None:
        if event["e"] == "secret":
            self.secrets[event["seat"]] = event["value"]
        elif event["e"] == "added":
            self.total = event["total"]
        elif event["e"] == "revealed":
            self.revealed = True

    def view(self, event: dict[str, Any], recipient: str | None) -> dict[str, Any] | None:
        if event["e"] == "secret" and event["seat"] != recipient:
            return None
        return event

    def snapshot(self, recipient: str | None) -> dict[str, Any] | None:
        if not self.snapshots:
            return None
        return {
            "total": self.total,
            "over": self.over,
            "mine": self.secrets.get(recipient) if recipient else None,
            "revealed": dict(self.secrets) if self.revealed else None,
        }

    def admit(self, name: str, role: Role, seats: Sequence[str]) -> Refusal | None:
        if role == "spectator":
            return None
        if self.total > 0:
            return Refusal.of(GAME_STARTED)
        if len(seats) >= self.seats:
            return Refusal.of(GAME_FULL)
        return None


def fold(snapshot: dict[str, Any] | None, events: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A client's state from its view: what a game's client-side glue would compute."""
    state = dict(snapshot or {"total": 0, "over": False, "mine": None, "revealed": None})
    for event in events:
        if event["e"] == "secret":
            state["mine"] = event["value"]
        elif event["e"] == "added":
            state["total"] = event["total"]
        elif event["e"] == "over":
            state["over"] = True
        elif event["e"] == "revealed":
            state["revealed"] = event["secrets"]
    return state
