"""The whole table in this process (`table.local.Local`), shown with a made-up game.

The game deals each seat a secret card, then each in turn adds a number to the pot; at
twenty it is over. Nothing of Wordsy's or the tile games' is in it: what it shows is the
solo table itself, the door every game's solo seat goes through.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from wordsy_tui.engine import Alarm
from wordsy_tui.engine.errors import RuleError
from wordsy_tui.table.local import Local
from wordsy_tui.table.seat import PresenceChanged, Rejected, Seat, StateChanged


@dataclass(frozen=True)
class Pot:
    phase: str = "new"
    seats: tuple[str, ...] = ()
    cards: tuple[tuple[str, int | None], ...] = ()
    total: int = 0

    @property
    def turn(self) -> str | None:
        return self.seats[self.total % len(self.seats)] if self.phase == "playing" else None


@dataclass(frozen=True)
class Dealt:
    seat: str
    card: int | None


@dataclass(frozen=True)
class Added:
    seat: str
    amount: int


class PotRules:
    """The made-up game's rules, as much of `engine.Rules` as a solo table asks."""

    def __init__(self, timed: bool = False) -> None:
        self.timed = timed

    def fresh(self) -> Pot:
        return Pot()

    def decide(
        self, state: Pot, actor: str | None, command: object, rng: random.Random
    ) -> Sequence[object]:
        match command:
            case "open":
                return [Pot(phase="open")]
            case ("sit", str(seat)):
                return [Dealt(seat, rng.randrange(100))]
            case "play":
                return [Pot(phase="playing")]
            case int(amount) if actor == state.turn and amount > 0:
                return [Added(actor, amount)]
        raise RuleError(f"{actor} cannot {command!r} now.")

    def evolve(self, state: Pot, event: object) -> Pot:
        match event:
            case Pot(phase=phase):
                return dataclasses.replace(state, phase=phase)
            case Dealt(seat, card):
                return dataclasses.replace(
                    state, seats=(*state.seats, seat), cards=(*state.cards, (seat, card))
                )
            case Added(_, amount):
                total = state.total + amount
                return dataclasses.replace(
                    state, total=total, phase="over" if total >= 20 else state.phase
                )
        raise AssertionError(event)

    def event_for(self, event: object, seat: str | None) -> object:
        if isinstance(event, Dealt) and event.seat != seat:
            return Dealt(event.seat, None)
        return event

    def state_for(self, state: Pot, seat: str | None) -> Pot:
        cards = tuple((s, c if s == seat else None) for s, c in state.cards)
        return dataclasses.replace(state, cards=cards)

    def alarm(self, state: Pot) -> Alarm[object] | None:
        if not self.timed or state.phase != "playing":
            return None
        return Alarm(("turn", state.total), 30.0, "pass", "turn")


class Partner:
    """A computer player of this process: adds 1 whenever it is its turn."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.moves = 0

    async def act(self, table: Local[Pot, object, object]) -> None:
        while table.host.turn == self.name:
            self.moves += 1
            await table.apply(self.name, 1)


OPENING = [(None, "open"), ("Ann", ("sit", "Ann")), ("Bot", ("sit", "Bot")), (None, "play")]


def solo(timed: bool = False) -> tuple[Seat[Pot, object, object], Partner]:
    partner = Partner("Bot")
    door = Local(PotRules(timed), "Ann", OPENING, rng=random.Random(1), company=partner)
    return Seat(door), partner


def told(seat: Seat[Pot, object, object]) -> list[object]:
    updates = []
    while not seat._updates.empty():
        updates.append(seat._updates.get_nowait())
    return updates


async def test_the_seat_sees_only_its_own_view_of_the_whole_table() -> None:
    seat, _partner = solo()
    await seat.start()
    door = seat.door
    assert isinstance(door, Local)
    assert all(card is not None for _, card in door.host.cards)  # the host holds every secret
    assert dict(seat.state.cards) == {"Ann": dict(door.host.cards)["Ann"], "Bot": None}
    updates = told(seat)
    dealt = [e for u in updates if isinstance(u, StateChanged) for e in u.events]
    assert Dealt("Bot", None) in dealt  # each event as the seat may see it
    assert PresenceChanged({"Ann": True}) in updates


async def test_the_computer_players_answer_each_command_before_it_returns() -> None:
    seat, partner = solo()
    await seat.start()
    assert seat.state.turn == "Ann"
    assert await seat.send(5) is None
    assert partner.moves == 1
    assert (seat.state.total, seat.state.turn) == (6, "Ann")


async def test_a_refused_command_is_told_and_nobody_moves() -> None:
    seat, partner = solo()
    await seat.start()
    told(seat)
    before = seat.state
    problem = await seat.send(-3)
    assert problem == "Ann cannot -3 now."
    assert told(seat) == [Rejected(problem)]
    assert seat.state == before
    assert partner.moves == 0


async def test_a_rematch_waits_for_the_end_then_sets_the_table_up_again() -> None:
    seat, _partner = solo()
    await seat.start()
    assert await seat.rematch() == "The game is not over yet."
    await seat.send(19)
    assert seat.state.phase == "over"
    assert await seat.rematch() is None
    assert (seat.state.phase, seat.state.total, seat.state.seats) == ("playing", 0, ("Ann", "Bot"))


@pytest.mark.parametrize("timed", [True, False])
async def test_a_timed_table_tells_the_wait_its_clock_runs(timed: bool) -> None:
    seat, _partner = solo(timed)
    await seat.start()
    changed = [u for u in told(seat) if isinstance(u, StateChanged)]
    assert (changed[-1].deadline is not None) is timed
    assert (seat.deadline is not None) is timed
    await seat.stop()
