"""Wordsmith alone (`solo --game wordsmith`): the deal judges no word, so it reads no word
list, and the computer players' first look waits a moment, so that the person's first frame
comes before the word list is read and indexed (on the players' thinking thread)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from tests.app.smith_fixtures import word_list_reads
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.rules.state import Phase
from wordsy_tui.games.wordsmith.seat import WordsmithSeat

ME = "Ann"
BOT = "Bot 1 (easy)"


async def test_the_deal_reads_no_word_list_and_the_computer_players_look_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read_on = word_list_reads(monkeypatch)
    seat = WordsmithSeat.solo(ME, WordsmithConfig(), [Level.EASY], seed=3, pace=0.2)
    await seat.start()  # the deal: the table the first frame draws
    try:
        assert seat.state.phase is Phase.CHOOSING
        assert read_on == []
        assert BOT in seat.state.waiting_on()
        async with asyncio.timeout(60):
            while BOT in seat.state.waiting_on():
                await asyncio.sleep(0.01)
        assert read_on
        assert threading.main_thread().name not in read_on
    finally:
        await seat.stop()
