"""The host's say over seats, on screen: remove a player, hand a seat over, captaincy."""

from __future__ import annotations

import asyncio
import contextvars

from tests.app.fixtures import (
    NOW,
    FakeHostSession,
    FixedAdvisor,
    ScriptedSession,
    lobby_host_session,
    new_table,
    settle,
    writing_state,
)
from tests.app.test_solo import until
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.screens.remove import RemoveScreen, SeatRequestScreen
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.table.clock import Deadline


def app_for(session: ScriptedSession) -> WordsyApp:
    return WordsyApp(session, advisor=FixedAdvisor(), now=lambda: NOW, bell=False)


async def test_the_host_removes_a_person_from_the_lobby_once_confirmed() -> None:
    session = lobby_host_session()  # Ann (host), Bot 1 (medium), Beth (offline)
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("down", "down", "x"))
        assert isinstance(pilot.app.screen, ConfirmScreen)
        assert "Remove Beth from the table" in pilot.app.screen.question
        await settle(pilot, ("y",))
        await until(pilot, lambda: session.server.removed == ["Beth"])


async def test_the_host_removes_an_absent_player_from_the_board() -> None:
    session = FakeHostSession("Ann", writing_state())
    session.presence["Carl"] = False
    session.clock.deadline = Deadline("timer", NOW + 20)
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("f4",))
        assert isinstance(pilot.app.screen, RemoveScreen)
        assert pilot.app.screen.players[0] == ("Carl", False), "the absent player comes first"
        await settle(pilot, ("enter",))
        assert isinstance(pilot.app.screen, ConfirmScreen)
        assert "From now on Carl scores nothing" in pilot.app.screen.question
        await settle(pilot, ("y",))
        await until(pilot, lambda: session.server.removed == ["Carl"])


async def test_a_guest_has_no_remove_key() -> None:
    session = ScriptedSession("Ann", writing_state(), Deadline("timer", NOW + 20))
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("f4",))
        assert not isinstance(pilot.app.screen, RemoveScreen)


async def test_a_request_for_a_seat_waits_for_the_hosts_yes() -> None:
    session = lobby_host_session()
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ask = session.server.on_reclaim
        assert ask is not None, "the app answers requests for seats"
        answer = asyncio.ensure_future(ask("Beth"))
        await until(pilot, lambda: isinstance(pilot.app.screen, SeatRequestScreen))
        assert "asks for Beth's seat" in pilot.app.screen.question
        assert not answer.done()
        await settle(pilot, ("y",))
        assert await answer is True
        answer = asyncio.ensure_future(ask("Beth"))
        await until(pilot, lambda: isinstance(pilot.app.screen, SeatRequestScreen))
        await settle(pilot, ("n",))
        assert await answer is False


async def test_a_request_from_the_hosts_connection_task_is_asked_on_the_hosts_screen() -> None:
    # The reclaim hook runs in net's connection task: a context without the app's (a
    # screen pushed from there could not be composed, and the host's program ended).
    session = lobby_host_session()
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ask = session.server.on_reclaim
        assert ask is not None
        loop = asyncio.get_running_loop()
        answer = loop.create_task(ask("Beth"), context=contextvars.Context())
        await until(pilot, lambda: isinstance(pilot.app.screen, SeatRequestScreen))
        await settle(pilot, ("y",))
        assert await answer is True
        gave_up = loop.create_task(ask("Beth"), context=contextvars.Context())
        await until(pilot, lambda: isinstance(pilot.app.screen, SeatRequestScreen))
        gave_up.cancel()
        await until(pilot, lambda: not isinstance(pilot.app.screen, SeatRequestScreen))
        assert gave_up.cancelled()


async def test_when_the_captain_is_gone_the_next_connected_person_may_start() -> None:
    session = ScriptedSession("Ann", new_table(("Beth", "Ann", "Carl")).state)
    session.presence.update(Beth=False, Ann=True, Carl=True)
    async with app_for(session).run_test(size=(80, 24)) as pilot:
        await settle(pilot, ("enter",))
        assert session.sent == [cmd.StartGame()]
        assert "Enter starts the game" in str(pilot.app.screen.query_one("#lobby-where").render())
