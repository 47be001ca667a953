"""A tile game's computer player at the table (its mind, run by the one runner): it leaves a
play the people may challenge to them for a while, and passes when it cannot think."""

from __future__ import annotations

import asyncio

from tests.games.tiles.rules.table import WORDS, Table
from tests.games.wordsy.bots.test_runner import FakeSeat
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.mind import JUDGE_SECONDS, TileMind
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.dawg import Dawg
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.table.bots import ComputerPlayer, Move


def cannot_think(_vocabulary: int) -> Dawg:
    raise MemoryError("the word list would not load")


async def test_a_tile_bot_that_cannot_think_passes_its_turn() -> None:
    table = Table()
    me = table.state.turn
    seat = FakeSeat(me, state_for_seat(table.state, me))
    mind = TileMind(seat, Level.HARD, lambda: WORDS, pause=0.0, dawg=cannot_think)
    bot = ComputerPlayer(seat, mind, pace=0)
    await bot.start()
    try:
        seat._updates.put_nowait(seat.state)
        async with asyncio.timeout(30):
            while not seat.sent:
                await asyncio.sleep(0.01)
        assert seat.sent == [cmd.Pass()], "it passed rather than hold the table up"
    finally:
        await bot.stop()


async def test_a_bot_leaves_a_play_to_the_people_to_challenge_before_its_turn() -> None:
    table = Table(players=("ann", "bot", "cy"))
    first = table.state.turn
    order = list(table.state.players)
    bot = order[(order.index(first) + 1) % len(order)]
    person = next(p for p in order if p not in (first, bot))
    table.give(first, "TRAINSZ")
    table.play(first, "8H TRAINS")
    seat = FakeSeat(bot, state_for_seat(table.state, bot))
    mind = TileMind(seat, Level.HARD, lambda: WORDS, pause=0.0)
    judged = mind.next_move(state_for_seat(table.state, bot), 1.0)
    assert isinstance(judged, Move)
    assert await judged.make(None) is None
    assert seat.sent == [cmd.Accept()], "a good word: the bot lets it stand"

    table.do(bot, cmd.Accept())
    wait = mind.next_move(state_for_seat(table.state, bot), 1.0)
    assert isinstance(wait, float), f"{person} may still challenge: the bot waits"
    assert 0 < wait <= JUDGE_SECONDS

    table.do(person, cmd.Accept())
    turn = mind.next_move(state_for_seat(table.state, bot), 1.0)
    assert isinstance(turn, Move), "judged by all: the bot plays"
    assert turn.think is not None
