"""What every game's rules share: decisions as events, folded into state as they are made."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

State = TypeVar("State")
Event = TypeVar("Event")


class Outcome(Generic[State, Event]):
    """Events decided so far, and the state they lead to: a decision that takes several
    steps sees, at each step, the state the earlier steps made."""

    def __init__(self, state: State, evolve: Callable[[State, Event], State]) -> None:
        self.state = state
        self.events: list[Event] = []
        self._evolve = evolve

    def add(self, *events: Event) -> None:
        for event in events:
            self.state = self._evolve(self.state, event)
            self.events.append(event)
