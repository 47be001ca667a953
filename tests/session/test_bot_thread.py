"""The host's computer players plan their rounds on one thread between them."""

from __future__ import annotations

import asyncio
import threading
import time
from types import SimpleNamespace
from typing import cast

import pytest

from tests.session.test_bot_waits import BOT, writing_with_a_bot
from wordsy_tui.games.wordsy.lan import Bot
from wordsy_tui.games.wordsy.seat import WordsySeat


async def test_the_computer_players_plan_on_one_thread_between_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A thread per bot gave each a malloc heap of its own, holding the search's freed
    # arrays (3 MB a host), and planned no sooner: planning holds the GIL.
    planners: list[int] = []

    def plan(*_args: object, **_kwargs: object) -> None:
        planners.append(threading.get_ident())
        time.sleep(0.02)  # long enough for all four to ask at once
        raise RuntimeError("a bot that cannot think passes")

    monkeypatch.setattr("wordsy_tui.games.wordsy.bots.plan.plan_round", plan)
    state = writing_with_a_bot().state
    passed: list[str] = []

    async def lock_in() -> None:
        passed.append(BOT)

    session = cast(WordsySeat, SimpleNamespace(state=state, me=BOT, lock_in=lock_in))
    bots = [Bot(session, "medium") for _ in range(4)]
    await asyncio.gather(*(bot._make(bot.mind.next_move(state, 1.0), state) for bot in bots))
    assert len(passed) == 4, "every bot passed once its plan failed"
    assert len(planners) == 4
    assert len(set(planners)) == 1, "the plans ran on more than one thread"
