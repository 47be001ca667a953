"""When the host stops the game, every guest is told who ended it and how it goes on; a
hosting player who leaves it running lets the others play on."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY, playing, secret, server
from tests.session.test_table_waits import seated
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.seat import LinkChanged


@contextlib.asynccontextmanager
async def links_of(session: WordsySeat) -> AsyncIterator[list[LinkChanged]]:
    """Every link update `session` gives its app while the block runs."""
    seen: list[LinkChanged] = []

    async def listen() -> None:
        async for update in session.updates():
            if isinstance(update, LinkChanged):
                seen.append(update)

    task = asyncio.create_task(listen())
    try:
        yield seen
    finally:
        task.cancel()


async def test_a_guest_is_told_that_the_hosting_player_ended_the_game(tmp_path):
    _host, ann, bob, cat = await seated(tmp_path)
    try:
        async with links_of(bob) as links:
            await ann.stop()  # Ann quits her app mid-round
            await wait_until(lambda: any(link.final for link in links))
        final = links[-1]
        assert not final.up
        assert final.message.startswith("Ann ended the game. It is saved")
        assert "wordsy-tui host --resume" in final.message
        assert bob.door.client.closed is not None
        assert bob.door.client.closed.resumable
        # Nothing more can be done at that table, and saying so raises nothing.
        assert await bob.lock_in() == final.message
    finally:
        for session in (bob, cat):
            await session.stop()


async def test_a_headless_host_stopped_and_a_finished_game_say_so(tmp_path):
    host = server(tmp_path)
    await host.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    await bob.start()
    try:
        async with links_of(bob) as links:
            await host.stop()  # Ctrl-C on `wordsy-tui host --headless`
            await wait_until(lambda: any(link.final for link in links))
        assert links[-1].message.startswith("The host ended the game. It is saved")
    finally:
        await bob.stop()


async def test_the_game_goes_on_when_the_hosting_player_leaves_it_running(tmp_path):
    host, ann, bob, cat = await seated(tmp_path, absent_grace=0.2)
    try:
        async with links_of(bob) as links:
            kept = await ann.leave_running()
            await ann.stop()  # what the app does as it closes: the server stays
            assert kept is host
            await wait_until(lambda: host.host.presence.get("Ann") is False)
            assert "Ann" in host.state.gone
            async with playing(bob, cat):
                # Nobody waits for Ann: the round is played out by the two who are left.
                await wait_until(lambda: host.state.round == 2, timeout=30)
            assert bob.door.client.connected
            assert not any(link.final for link in links)
    finally:
        for session in (bob, cat):
            await session.stop()
        await host.stop()
    assert host.state.sheets["Bob"].rows[0].word == secret("Bob", 1)
    assert host.state.sheets["Cat"].rows[0].word == secret("Cat", 1)
