"""Word Nerds' computer player at the table: its decision is worked out off the event
loop, made after a person's pause, and left unmade when the table moved on meanwhile."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tests.games.wordnerds.tables import Cards, Table, spelt
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.mind import NerdsMind
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.games.wordnerds.rules.view import state_for


@dataclass
class FakeSeat:
    state: NerdsState
    me: str = "Beth"
    sent: list[object] = field(default_factory=list)

    async def seal_bid(self, bid: Bid) -> str | None:
        self.sent.append(bid)
        return None

    async def act(self, command: cmd.Command) -> str | None:
        self.sent.append(command)
        return None


def _window() -> NerdsState:
    """Andy's PATHS is down; Beth holds nothing that trumps it."""
    deck = Cards()
    table = Table(["Andy", "Beth"], letters={"Andy": deck.letters("paths")})
    table.do("Andy", cmd.Declare("paths", spelt(table.state.hand("Andy"), "paths")))
    return state_for(table.state, "Beth")


async def test_the_move_is_made_when_the_table_is_as_the_bot_saw_it():
    seat = FakeSeat(_window())
    move = NerdsMind(seat, Level.EASY).next_move(seat.state, pace=0)
    assert move is not None
    assert move.think is not None
    choice = move.think()
    assert choice == cmd.Pass()
    assert await move.make(choice) is None
    assert seat.sent == [cmd.Pass()]


async def test_a_move_is_left_unmade_when_the_table_moved_on_while_the_bot_paused():
    seat = FakeSeat(_window())
    move = NerdsMind(seat, Level.EASY).next_move(seat.state, pace=0)
    assert move is not None
    assert move.think is not None
    choice = move.think()
    seat.state = replace(seat.state, clock=seat.state.clock + 1)  # someone trumped meanwhile
    assert await move.make(choice) is None
    assert seat.sent == []


async def test_nothing_to_do_is_no_move():
    seat = FakeSeat(NerdsState())
    assert NerdsMind(seat, Level.EASY).next_move(seat.state, pace=0) is None
