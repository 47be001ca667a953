"""Whole games over loopback: players, spectators, simultaneous play, rejections, refusals."""

from __future__ import annotations

import asyncio

import pytest

from net import PROTOCOL_VERSION, Client, Refused
from net import protocol as p
from net.framing import FrameReader, encode
from tests.net.helpers import state, wait_until


async def play_to_the_end(host, clients: list[Client]) -> None:
    for c in clients:
        assert (await c.command({"op": "secret", "value": f"s-{c.name}"})).accepted
    while not host._sequencer.game.over:
        results = await asyncio.gather(
            *(c.command({"op": "add", "n": 3}) for c in clients), return_exceptions=False
        )
        assert all(r.accepted or r.code == "game_over" for r in results)
    assert (await host.submit({"op": "reveal"})).accepted


@pytest.mark.parametrize("players", [2, 6])
async def test_players_play_a_game_to_the_end(make_host, make_client, players):
    host = await make_host()
    port = host.address[1]
    clients = [await make_client(port, f"p{i}") for i in range(players)]
    await play_to_the_end(host, clients)
    await wait_until(lambda: all(c.seq == host.seq for c in clients))
    for c in clients:
        s = state(c)
        assert s["over"]
        assert s["total"] >= 30
        assert s["mine"] == f"s-{c.name}"
        assert s["revealed"] == {x.name: f"s-{x.name}" for x in clients}
        seqs = [e.seq for e in c.events]
        assert seqs == sorted(set(seqs)), "no duplicates, in order"
        expected = [
            i
            for i, ev in enumerate(host.events, start=1)
            if host._sequencer.game.view(ev, c.seat) is not None
        ]
        assert seqs == expected, "exactly the events of this view, none missing"


async def test_simultaneous_commands_from_six_players_are_all_accepted(make_host, make_client):
    host = await make_host()
    clients = [await make_client(host.address[1], f"p{i}") for i in range(6)]
    results = await asyncio.gather(*(c.command({"op": "add", "n": 1}) for c in clients))
    assert all(r.accepted for r in results)
    assert sorted(r.seq for r in results) == [1, 2, 3, 4, 5, 6], "gap-free sequence numbers"
    assert host._sequencer.game.total == 6


async def test_a_rejected_command_reaches_only_its_sender(make_host, make_client):
    host = await make_host()
    a = await make_client(host.address[1], "a")
    b = await make_client(host.address[1], "b")
    result = await a.command({"op": "add", "n": 99})
    assert not result.accepted
    assert (result.code, result.message) == ("bad_add", "add between 1 and 10")
    assert (await b.command({"op": "add", "n": 1})).accepted
    await wait_until(lambda: a.seq == b.seq == 1)
    assert host.seq == 1


async def test_the_same_command_id_applies_once(make_host, make_client):
    host = await make_host()
    a = await make_client(host.address[1], "a")
    first = await a.command({"op": "add", "n": 2})
    a._send({"t": p.COMMAND, "id": first.id, "body": {"op": "add", "n": 2}})
    second = await a.command({"op": "add", "n": 1})
    assert second.seq == first.seq + 1
    assert host._sequencer.game.total == 3


async def test_the_games_bookkeeping_follows_once_a_commands_frames_are_written(
    make_host, make_client
):
    """`after_sent` runs once every peer's frames of a command (the sender's answer too) are
    in its connection, not held back for a batch: nobody's frame waits for it."""
    calls: list[tuple[int, bool, list[bytes]]] = []

    def after_sent() -> None:
        held = [frame for peer in host._seating.peers() for frame in peer._out]
        calls.append((host.seq, host._cork.held, held))

    host = await make_host(after_sent=after_sent)
    a = await make_client(host.address[1], "a")
    await make_client(host.address[1], "b")
    assert (await a.command({"op": "add", "n": 2})).accepted
    assert not (await a.command({"op": "add", "n": 99})).accepted
    assert calls == [(1, False, []), (1, False, [])]


async def test_spectators_are_read_only_and_see_only_public_events(make_host, make_client):
    host = await make_host()
    a = await make_client(host.address[1], "a")
    watcher = await make_client(host.address[1], "w", role="spectator")
    await a.command({"op": "secret", "value": "hidden-value"})
    await a.command({"op": "add", "n": 1})
    refused = await watcher.command({"op": "add", "n": 1})
    assert (refused.accepted, refused.code) == (False, p.READ_ONLY)
    await wait_until(lambda: watcher.seq == host.seq == 2)
    assert [e.body["e"] for e in watcher.events] == ["added"]
    assert state(watcher)["mine"] is None
    assert host.presence == {"a": True}
    await wait_until(lambda: a.presence.spectators == 1)


async def test_the_host_shows_who_is_connected(make_host, make_client):
    seen: list[dict[str, bool]] = []
    host = await make_host()
    host._presence.on_presence = seen.append
    a = await make_client(host.address[1], "a")
    b = await make_client(host.address[1], "b")
    await wait_until(lambda: a.presence.seats == {"a": True, "b": True})
    await b.close()
    await wait_until(lambda: a.presence.seats == {"a": True, "b": False})
    assert seen[-1] == {"a": True, "b": False}


async def refusal(port: int, make_client, name: str, **kwargs) -> Refused:
    with pytest.raises(Refused) as info:
        await make_client(port, name, **kwargs)
    return info.value


async def test_refusals_have_reasons_people_understand(make_host, make_client):
    host = await make_host(
        pin="2468",
        requirements={"dictionary": "abc"},
        requirement_names={"dictionary": "word list"},
    )
    port = host.address[1]
    ok = {"pin": "2468", "requirements": {"dictionary": "abc"}}
    r = await refusal(port, make_client, "x", pin="1111", requirements={"dictionary": "abc"})
    assert r.reason == p.WRONG_PIN
    assert "PIN" in r.message
    r = await refusal(port, make_client, "x", pin="2468", requirements={"dictionary": "zzz"})
    assert r.reason == p.REQUIREMENTS_MISMATCH
    assert "different word list" in r.message
    assert r.requirements == {"dictionary": "abc"}  # the host's own: what to ask for instead
    r = await refusal(port, make_client, "x", token="forged", **ok)
    assert r.reason == p.UNKNOWN_TOKEN
    players = [await make_client(port, f"p{i}", **ok) for i in range(6)]
    r = await refusal(port, make_client, "p7", **ok)
    assert r.reason == p.GAME_FULL
    assert "full" in r.message
    await players[0].close()
    r = await refusal(port, make_client, "p0", **ok)
    assert r.reason == p.NAME_TAKEN, "a disconnected player's seat cannot be taken by name"
    await players[1].command({"op": "add", "n": 1})
    await players[2].close()
    host._sequencer.game.seats = 10
    r = await refusal(port, make_client, "late", **ok)
    assert r.reason == p.GAME_STARTED
    assert "started" in r.message
    watcher = await make_client(port, "late", role="spectator", **ok)
    assert watcher.connected


async def test_wrong_version_is_refused(make_host):
    host = await make_host()
    reader, writer = await asyncio.open_connection(*host.address)
    writer.write(encode({"t": "hello", "version": PROTOCOL_VERSION + 1, "name": "x"}))
    reply = await FrameReader(reader).read()
    assert reply is not None
    assert reply["t"] == p.REFUSED
    assert reply["reason"] == p.VERSION_MISMATCH
    assert await FrameReader(reader).read() is None, "the host hangs up after a refusal"
    writer.close()


async def test_a_flooding_peer_is_cut_off_and_the_others_play_on(make_host, make_client):
    host = await make_host(rate=20, burst=20)
    good = await make_client(host.address[1], "good")
    reader, writer = await asyncio.open_connection(*host.address)
    hello = {"t": "hello", "version": PROTOCOL_VERSION, "name": "f", "role": "spectator"}
    writer.write(encode(hello) + b"".join(encode({"t": "ping", "n": i}) for i in range(500)))
    frames = FrameReader(reader)
    replies = []
    while (message := await frames.read()) is not None:
        replies.append(message)
    writer.close()
    assert replies[-1]["code"] == p.RATE_LIMITED
    assert sum(m["t"] == p.PONG for m in replies) < 500
    assert (await good.command({"op": "add", "n": 1})).accepted
