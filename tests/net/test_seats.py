"""Seats outlive programs: kept tokens, removed seats, and seats handed over with consent."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import pytest

from net import Client, Host, HostConfig, Refused, SeatKeys
from net import protocol as p
from net.client import Link
from tests.net.counter_game import CounterGame
from tests.net.helpers import FAST, wait_until


@pytest.fixture
def keys(tmp_path: Path) -> SeatKeys:
    return SeatKeys(tmp_path / "data" / "seats.json")


class Doorman:
    """The host's people, as a test drives them: records each request, answers on demand."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.answers: asyncio.Queue[bool] = asyncio.Queue()
        self.cancelled = 0

    async def __call__(self, name: str) -> bool:
        self.asked.append(name)
        try:
            return await self.answers.get()
        except asyncio.CancelledError:
            self.cancelled += 1
            raise


def sees_bobs_secret(client: Client) -> bool:
    """Bob's private event reached the seat, as an event or in the catch-up's snapshot."""
    snapshot = client.snapshot or {}
    return snapshot.get("mine") == "bob's" or any(
        e.body.get("value") == "bob's" for e in client.events
    )


async def test_a_restarted_program_takes_its_seat_back_with_its_kept_token(
    make_host, make_client, keys
):
    host = await make_host()
    bob = await make_client(host.address[1], "Bob", keys=keys)
    await bob.command({"op": "secret", "value": "bob's"})
    token = bob.token
    await bob.close()  # Ctrl+Q, a closed SSH window, a crash: the program is gone
    again = await make_client(host.address[1], "Bob", keys=keys)
    assert (again.seat, again.token) == ("Bob", token)
    await wait_until(lambda: sees_bobs_secret(again))
    mode = stat.S_IMODE(os.stat(keys.path).st_mode)
    assert mode == 0o600, "seat tokens are keys: readable by their owner only"


async def test_without_kept_tokens_the_same_name_is_refused(make_host, make_client):
    host = await make_host()
    bob = await make_client(host.address[1], "Bob")
    await bob.close()
    with pytest.raises(Refused) as refused:
        await make_client(host.address[1], "Bob")
    assert refused.value.reason == p.NAME_TAKEN


async def test_a_token_of_another_game_at_the_same_address_does_not_block_joining(
    tmp_path, make_client, keys
):
    first = Host(CounterGame(), tmp_path / "first.log", HostConfig(**FAST))
    await first.start()
    port = first.address[1]
    await (await make_client(port, "Bob", keys=keys)).close()
    await first.stop()
    second = Host(CounterGame(), tmp_path / "second.log", HostConfig(**FAST, port=port))
    await second.start()
    try:
        bob = await make_client(port, "Bob", keys=keys)
        assert bob.seat == "Bob"
        assert second.presence == {"Bob": True}
        assert keys.tokens(("127.0.0.1", port), "Bob")[0] == bob.token
    finally:
        await bob.close()
        await second.stop()


async def test_a_removed_seat_is_closed_and_its_token_refused_even_after_a_restart(
    log_path, make_host, make_client
):
    host = await make_host()
    port = host.address[1]
    bob = await make_client(port, "Bob")
    token = bob.token
    assert await host.remove_seat("Bob")
    await wait_until(lambda: bob.refusal is not None)
    assert bob.refusal.reason == p.SEAT_REMOVED
    assert "Bob" not in host.presence
    assert not await host.remove_seat("Bob"), "no such seat any more"
    await host.stop()
    resumed = await make_host(port=port)
    with pytest.raises(Refused) as refused:
        await make_client(resumed.address[1], "Bob", token=token)
    assert refused.value.reason == p.SEAT_REMOVED
    # The name itself is free again.
    newcomer = await make_client(resumed.address[1], "Bob")
    assert newcomer.seat == "Bob"
    assert newcomer.token != token


async def test_a_kept_token_of_a_removed_seat_falls_back_to_a_new_seat(
    make_host, make_client, keys
):
    host = await make_host()
    old = await make_client(host.address[1], "Bob", keys=keys)
    old_token = old.token
    await old.close()
    await host.remove_seat("Bob")
    bob = await make_client(host.address[1], "Bob", keys=keys)
    assert bob.seat == "Bob"
    assert bob.token != old_token
    assert keys.tokens(("127.0.0.1", host.address[1]), "Bob") == [bob.token]


async def test_the_host_hands_a_seat_over_only_when_its_people_say_yes(
    make_host, make_client, log_path
):
    doorman = Doorman()
    host = Host(CounterGame(), log_path, HostConfig(**FAST), on_reclaim=doorman)
    await host.start()
    try:
        port = host.address[1]
        lost = await make_client(port, "Bob")
        await lost.command({"op": "secret", "value": "bob's"})
        old_token = lost.token
        # Without asking, nobody takes the seat.
        with pytest.raises(Refused) as refused:
            await make_client(port, "Bob")
        assert refused.value.reason == p.NAME_TAKEN
        assert doorman.asked == []
        # Asked and refused.
        asking = asyncio.ensure_future(make_client(port, "Bob", reclaim=True))
        await wait_until(lambda: doorman.asked == ["Bob"])
        doorman.answers.put_nowait(False)
        with pytest.raises(Refused) as refused:
            await asking
        assert refused.value.reason == p.RECLAIM_REFUSED
        assert lost.connected
        assert lost.refusal is None
        # Asked and granted: the newcomer has the seat, with its view, under a new token.
        asking = asyncio.ensure_future(make_client(port, "Bob", reclaim=True))
        await wait_until(lambda: len(doorman.asked) == 2)
        doorman.answers.put_nowait(True)
        bob = await asking
        assert bob.seat == "Bob"
        assert bob.token not in (None, old_token)
        await wait_until(lambda: sees_bobs_secret(bob))
        await wait_until(lambda: lost.refusal is not None)
        assert lost.refusal.reason == p.SEAT_REMOVED
    finally:
        await host.stop()
    # The hand-over is in the log: the old token stays refused after a restart.
    resumed = await make_host(port=port)
    with pytest.raises(Refused) as refused:
        await make_client(resumed.address[1], "Bob", token=old_token)
    assert refused.value.reason == p.SEAT_REMOVED
    again = await make_client(resumed.address[1], "Bob", token=bob.token)
    assert again.seat == "Bob"


async def test_a_reclaim_needs_the_pin_and_a_host_that_can_ask(make_host, make_client, log_path):
    doorman = Doorman()
    host = Host(CounterGame(), log_path, HostConfig(**FAST, pin="2468"), on_reclaim=doorman)
    await host.start()
    port = host.address[1]
    try:
        await make_client(port, "Bob", pin="2468")
        with pytest.raises(Refused) as refused:
            await make_client(port, "Bob", reclaim=True, pin="0000")
        assert refused.value.reason == p.WRONG_PIN
        assert doorman.asked == []
    finally:
        await host.stop()
    silent = await make_host(port=port, pin="2468")  # no one to ask
    with pytest.raises(Refused) as refused:
        await make_client(silent.address[1], "Bob", reclaim=True, pin="2468")
    assert refused.value.reason == p.RECLAIM_REFUSED


async def test_a_waiting_reclaim_stays_connected_and_a_hang_up_withdraws_it(make_client, log_path):
    doorman = Doorman()
    config = HostConfig(**{**FAST, "heartbeat": 0.05})
    host = Host(CounterGame(), log_path, config, on_reclaim=doorman)
    await host.start()
    try:
        port = host.address[1]
        await make_client(port, "Bob")
        # A client that gives up on a silent host after 0.3 s waits far longer than that.
        asker = Client("127.0.0.1", port, "Bob", reclaim=True)
        asker.config = type(asker.config)(timeout=0.3, backoff_min=0.05)
        asking = asyncio.ensure_future(asker.start())
        await wait_until(lambda: doorman.asked == ["Bob"])
        await asyncio.sleep(1.0)
        assert doorman.asked == ["Bob"], "the asker never hung up and asked again"
        doorman.answers.put_nowait(True)
        await asking
        assert asker.seat == "Bob"
        await asker.close()
        # Someone asks, then hangs up before the host answers: nothing changes hands.
        quitter = Client("127.0.0.1", port, "Bob", reclaim=True)
        asking = asyncio.ensure_future(quitter.start())
        await wait_until(lambda: len(doorman.asked) == 2)
        await quitter.close()
        await wait_until(lambda: doorman.cancelled == 1)
        with pytest.raises(asyncio.CancelledError):
            await asking
        back = await make_client(port, "Bob", token=asker.token)
        assert back.seat == "Bob"
    finally:
        await host.stop()


async def test_a_granted_reclaim_goes_on_over_the_connection_that_asked(make_client, log_path):
    # While the host asks its people, a task of its own reads the asker's connection (its
    # pongs); the handshake then reads it again: two readers of one stream, unless the
    # first has finished. The seat then sees its link come up once and stay up.
    doorman = Doorman()
    host = Host(CounterGame(), log_path, HostConfig(**FAST), on_reclaim=doorman)
    await host.start()
    try:
        port = host.address[1]
        await make_client(port, "Bob")
        links: list[Link] = []
        asker = Client(
            "127.0.0.1",
            port,
            "Bob",
            reclaim=True,
            on_update=lambda update: links.append(update) if isinstance(update, Link) else None,
        )
        asking = asyncio.ensure_future(asker.start())
        await wait_until(lambda: doorman.asked == ["Bob"])
        doorman.answers.put_nowait(True)
        await asking
        result = await asker.command({"op": "add", "n": 1})
        assert result.accepted
        assert links == [Link(True)], "the host hung up the connection it had handed the seat to"
        await asker.close()
    finally:
        await host.stop()
