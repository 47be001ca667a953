"""A computer player never keeps the table waiting, and never loses its word to a clock
it did not watch."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import cast

from tests.games.wordsy.rules.table import Table
from wordsy_tui.games.wordsy.bots.mind import WordsyMind
from wordsy_tui.games.wordsy.bots.turns import people_done
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.clock import Deadline

BOT = "Bot 1 (medium)"


def writing_with_a_bot() -> Table:
    table = Table(players=("Ann", "Bob"))
    table.do(cmd.JoinGame(BOT, bot=True))
    table.start()
    return table


def test_a_person_who_left_is_not_waited_for_by_the_computer_players():
    table = writing_with_a_bot()
    table.write("Ann", "STAND")
    table.do(cmd.LockIn("Ann"))
    table.do(cmd.LeaveGame("Bob"))  # the hosting player left the game running, say
    assert table.state.phase is Phase.WRITING, "the bot has not written yet"
    assert people_done(table.state), "Ann is the only person still playing, and is done"


def test_a_person_still_writing_is_waited_for():
    table = writing_with_a_bot()
    table.write("Ann", "STAND")
    table.do(cmd.LockIn("Ann"))
    assert not people_done(table.state), "Bob is still at the table"


async def test_a_bot_writes_before_the_wait_limit_closes_a_round_nobody_flipped():
    state: GameState = writing_with_a_bot().state  # nobody flipped, Ann and Bob still writing
    loop = asyncio.get_running_loop()
    deadline = Deadline("writing", loop.time() + 0.5)
    session = cast(WordsySeat, SimpleNamespace(state=state, deadline=deadline))
    mind = WordsyMind(session, "medium")
    # It means to think ten minutes; the round closes in half a second: it must write first.
    await asyncio.wait_for(mind._wait_to_write(600.0, state.round), timeout=30)
