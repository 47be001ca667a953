"""A crowd of spectators does not stall the table: presence costs a constant number of frames
per join, the crowd has a cap, and a reader that stops reading costs the host a bounded queue
(and all of them together a bounded total), while a catch-up larger than that still goes out."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable

import pytest

from net import Presence, Refused
from net import protocol as p
from net.framing import FrameReader, encode
from net.host import HostConfig
from net.peer import Peer
from tests.net.counter_game import CounterGame
from tests.net.helpers import stalled_spectator, wait_until

SHOUT = "x" * 60_000  # one public event close to the frame limit

# No heartbeat during these tests unless asked: it would add frames of its own.
QUIET = {"heartbeat": 60.0, "timeout": 120.0, "presence_tick": 0.05}


async def test_presence_costs_a_constant_number_of_frames_per_join(make_host, make_client):
    host = await make_host(**QUIET)
    port = host.address[1]
    frames = [0]

    def count(update: object) -> None:
        frames[0] += isinstance(update, Presence)

    players = [await make_client(port, f"p{i}", on_update=count) for i in range(2)]
    crowd = 120
    for i in range(crowd):
        await make_client(port, f"s{i}", role="spectator", on_update=count)
    await wait_until(lambda: all(c.presence.spectators == crowd for c in players))
    # Today's host sends every peer a frame on every join: n(n+1)/2, over 7,000 here.
    assert frames[0] <= 3 * crowd, frames[0]


async def test_spectators_hear_of_seats_at_once_and_of_their_count_with_the_heartbeat(
    make_host, make_client
):
    host = await make_host(**{**QUIET, "heartbeat": 0.2, "timeout": 5.0})
    port = host.address[1]
    ada = await make_client(port, "Ada")
    bea = await make_client(port, "Bea")
    fans = [await make_client(port, f"s{i}", role="spectator") for i in range(3)]
    await wait_until(lambda: all(f.presence.spectators == 3 for f in fans))
    await bea.close()
    await wait_until(lambda: all(f.presence.seats == {"Ada": True, "Bea": False} for f in fans))
    assert ada.presence.seats == {"Ada": True, "Bea": False}


async def test_the_spectator_cap_refuses_clearly_and_leaves_seats_alone(make_host, make_client):
    host = await make_host(max_spectators=3)
    port = host.address[1]
    fans = [await make_client(port, f"s{i}", role="spectator") for i in range(3)]
    with pytest.raises(Refused) as refused:
        await make_client(port, "s3", role="spectator")
    assert refused.value.reason == p.TOO_MANY_SPECTATORS
    assert "at most 3" in refused.value.message
    assert (await make_client(port, "Ada")).seat == "Ada", "players still sit down"
    await fans[0].close()
    await wait_until(lambda: host.spectators == 2)
    assert (await make_client(port, "s4", role="spectator")).connected


def test_the_default_cap_admits_a_thousand_spectators():
    assert HostConfig().max_spectators >= 1000


def _queued(host, source: str) -> int:
    peers = [peer for peer in host._seating.peers() if peer.source == source]
    return peers[0].writer.transport.get_write_buffer_size() if peers else 0


async def test_a_stalled_reader_is_dropped_at_a_small_queue_while_others_play(
    make_host, make_client
):
    host = await make_host(durable=False)  # the default caps
    port = host.address[1]
    ada = await make_client(port, "Ada")
    fan = await make_client(port, "fan", role="spectator")
    stalled = await stalled_spectator(port, "127.0.0.7")
    try:
        await wait_until(lambda: host.spectators == 2)
        most = 0
        for _ in range(2000):
            assert (await ada.command({"op": "shout", "text": SHOUT})).accepted
            most = max(most, _queued(host, "127.0.0.7"))
            if host.spectators == 1:
                break
        assert host.spectators == 1
        assert host.peers_dropped == 1
        # Today's host lets 4 MiB pile up for such a peer.
        assert most <= HostConfig().send_buffer + 64 * 1024
        await wait_until(lambda: fan.seq == ada.seq == host.seq)
    finally:
        stalled.close()


async def test_all_stalled_readers_together_stay_under_the_global_cap(make_host, make_client):
    total = 1024 * 1024
    host = await make_host(durable=False, send_buffer=768 * 1024, send_buffer_total=total)
    port = host.address[1]
    ada = await make_client(port, "Ada")
    fan = await make_client(port, "fan", role="spectator")
    sources = [f"127.0.0.{20 + i}" for i in range(3)]
    stalled = [await stalled_spectator(port, s) for s in sources]
    try:
        await wait_until(lambda: host.spectators == 4)
        for _ in range(2000):
            assert (await ada.command({"op": "shout", "text": SHOUT})).accepted
            together = sum(_queued(host, s) for s in sources)
            # Enforced when a sixteenth of the cap has been written since the last count.
            assert together <= total + total // 16 + 64 * 1024
            if host.peers_dropped >= 2:
                break
        assert host.peers_dropped >= 2, "each alone is under its own cap: the total is not"
        assert fan.connected
        await wait_until(lambda: fan.seq == ada.seq == host.seq)
    finally:
        for sock in stalled:
            sock.close()


async def test_a_catch_up_larger_than_the_cap_still_goes_out(make_host, make_client):
    cap = 64 * 1024
    host = await make_host(CounterGame(snapshots=False), durable=False, send_buffer=cap)
    ada = await make_client(host.address[1], "Ada")
    for _ in range(120):  # about 7 MB of log: more than the kernel's buffers hold
        assert (await ada.command({"op": "shout", "text": SHOUT})).accepted
    late = await stalled_spectator(host.address[1], "127.0.0.8")
    try:
        await wait_until(lambda: host.spectators == 1)
        assert _queued(host, "127.0.0.8") > cap, "the catch-up waits in the host's queue"
        # A live event arrives while the catch-up is still unread: not a reason to drop.
        assert (await ada.command({"op": "add", "n": 1})).accepted
        assert host.spectators == 1
        assert host.peers_dropped == 0
        reader, writer = await asyncio.open_connection(sock=late)
        seqs: list[int] = []
        frames = FrameReader(reader)
        while not seqs or seqs[-1] < host.seq:
            message = await frames.read()
            assert message is not None
            if message["t"] == p.EVENT:
                seqs.append(message["seq"])
        assert seqs == list(range(1, host.seq + 1))
        writer.close()
    finally:
        with contextlib.suppress(OSError):
            late.close()


async def test_a_stalled_reader_cannot_pile_up_catch_ups_by_asking_for_resyncs(
    make_host, make_client
):
    cap = 64 * 1024
    host = await make_host(CounterGame(snapshots=False), durable=False, send_buffer=cap)
    ada = await make_client(host.address[1], "Ada")
    for _ in range(120):
        assert (await ada.command({"op": "shout", "text": SHOUT})).accepted
    late = await stalled_spectator(host.address[1], "127.0.0.9")
    try:
        await wait_until(lambda: host.spectators == 1)
        late.send(encode({"t": p.RESYNC}))  # a second full catch-up on top of the first
        await wait_until(lambda: host.spectators == 0)
        assert host.peers_dropped == 1
        assert (await ada.command({"op": "add", "n": 1})).accepted
    finally:
        late.close()


# -- the crowd waits, the table does not --------------------------------------------------


async def _greet(port: int, name: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A raw spectator that has sent its hello (answered later, when the host gets to it)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    hello = {"t": p.HELLO, "version": p.PROTOCOL_VERSION, "name": name, "role": "spectator"}
    writer.write(encode({**hello, "last_seq": 0}))
    return reader, writer


class Watcher:
    """A raw spectator that checks every frame it is sent: events once each, in order, and
    every hash equal to the chain of the events that came before it."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self.frames = FrameReader(reader)
        self.seqs: list[int] = []
        self.chain = p.HASH_SEED
        self.hashes = 0
        self.welcome_seq = -1

    async def read_until(self, seq: int) -> None:
        while not self.seqs or self.seqs[-1] < seq:
            message = await self.frames.read()
            assert message is not None
            kind = message["t"]
            if kind == p.WELCOME:
                self.welcome_seq = message["seq"]
            elif kind == p.RESET:
                self.seqs, self.chain = [], p.HASH_SEED
            elif kind == p.EVENT:
                assert not self.seqs or message["seq"] > self.seqs[-1], "an event twice or late"
                self.seqs.append(message["seq"])
                self.chain = p.chain(self.chain, message["seq"], bytes(message["body"]))
            elif kind == p.HASH:
                assert bytes(message["hash"]) == self.chain, "a hash ahead of its events"
                self.hashes += 1


async def test_a_command_answers_the_table_before_the_crowd_is_written(make_host, make_client):
    host = await make_host(**QUIET)
    port = host.address[1]
    ada = await make_client(port, "Ada")
    fans = [await make_client(port, f"s{i}", role="spectator") for i in range(5)]
    await wait_until(lambda: host.spectators == 5 and all(f.connected for f in fans))
    await wait_until(lambda: not host._broadcast.frames)
    seat = next(iter(host._seating.seats["Ada"].peers))
    crowd = list(host._seating.spectators.peers)
    written = {peer: peer.written for peer in [seat, *crowd]}
    result = await host.submit({"op": "reveal"})  # the host's own command, same path
    # Nothing has awaited since the command finished: the table has its frame, the crowd
    # not yet (today's host writes every spectator inside the command).
    assert seat.written > written[seat]
    assert all(peer.written == written[peer] for peer in crowd)
    await wait_until(lambda: ada.seq == result.seq and all(f.seq == result.seq for f in fans))
    assert [f.resyncs for f in fans] == [0] * 5


async def test_spectators_get_every_event_once_in_order_while_the_table_races(
    make_host, make_client
):
    # Tiny slices and a fast heartbeat: the crowd's writes, the table's commands, hashes,
    # newcomers and a resync all interleave.
    host = await make_host(
        CounterGame(target=10**6, snapshots=False),  # catch-ups are events: all checked
        **{**QUIET, "heartbeat": 0.02, "timeout": 60.0, "spectator_slice": 2},
    )
    port = host.address[1]
    players = [await make_client(port, name) for name in ("Ada", "Bea")]
    fans = [await make_client(port, f"f{i}", role="spectator") for i in range(6)]
    watchers: list[Watcher] = []
    writers: list[asyncio.StreamWriter] = []

    async def play(player: object, n: int) -> None:
        for i in range(n):
            # A secret is hidden from spectators: their view has gaps in seq, not in events.
            body = {"op": "secret", "value": str(i)} if i % 5 == 0 else {"op": "add", "n": 1}
            assert (await player.command(body)).accepted  # type: ignore[attr-defined]

    async def arrive(n: int) -> None:
        for i in range(n):
            reader, writer = await _greet(port, f"w{i}")
            watchers.append(Watcher(reader))
            writers.append(writer)
            if i % 3 == 0:
                writer.write(encode({"t": p.CHECK}))  # a hash of its own, behind the crowd's
            if i == 4:
                writer.write(encode({"t": p.RESYNC}))  # a whole catch-up, behind them too
            await asyncio.sleep(0)

    try:
        await asyncio.gather(*(play(c, 60) for c in players), arrive(12))
        public = [seq for seq, e in enumerate(host.events, 1) if e["e"] != "secret"]
        for watcher in watchers:
            await asyncio.wait_for(watcher.read_until(public[-1]), 15)
            assert watcher.seqs == public, "every public event, once, in order"
        assert sum(w.hashes for w in watchers) > 0
        await wait_until(lambda: all(f.seq >= public[-1] for f in fans))
        assert [f.resyncs for f in fans] == [0] * len(fans), "no hash ever disagreed"
        assert {f.hash for f in fans} == {host._seating.spectators.chain}
    finally:
        for writer in writers:
            writer.close()


async def test_a_command_goes_before_a_crowd_waiting_at_the_door(make_host, make_client):
    host = await make_host(**QUIET)
    port = host.address[1]
    ada = await make_client(port, "Ada")
    crowd = []
    async with host._lock:  # the table is busy, as during a slow fsync
        crowd = [await _greet(port, f"s{i}") for i in range(20)]
        await wait_until(lambda: host._lock.waiting == 20)
        command = asyncio.create_task(ada.command({"op": "add", "n": 1}))
        await wait_until(lambda: host._lock.waiting == 21)
    result = await command
    try:
        for reader, _ in crowd:
            welcome = await FrameReader(reader).read()
            assert welcome is not None
            assert welcome["t"] == p.WELCOME
            # Welcomed after the command, though all twenty were waiting before it.
            assert welcome["seq"] >= result.seq
    finally:
        for _, writer in crowd:
            writer.close()


class MostPerTurn:
    """The largest change of `count()` within one turn of the event loop, while it runs."""

    def __init__(self, count: Callable[[], int]) -> None:
        self.count = count
        self.most = 0
        self._task = asyncio.create_task(self._watch())

    async def _watch(self) -> None:
        seen = self.count()
        while True:
            await asyncio.sleep(0)
            self.most = max(self.most, abs(self.count() - seen))
            seen = self.count()

    def stop(self) -> int:
        self._task.cancel()
        return self.most


async def test_the_door_lets_one_newcomer_in_per_turn_of_the_loop(make_host):
    host = await make_host(**QUIET)
    port = host.address[1]
    sockets = [await asyncio.open_connection("127.0.0.1", port) for _ in range(30)]
    await wait_until(lambda: len(host._connections) == 30)
    welcomed = MostPerTurn(lambda: host.spectators)
    hello = {"t": p.HELLO, "version": p.PROTOCOL_VERSION, "role": "spectator", "last_seq": 0}
    for i, (_, writer) in enumerate(sockets):
        writer.write(encode({**hello, "name": f"s{i}"}))  # all in the same turn
    try:
        await wait_until(lambda: host.spectators == 30)
        # Today's host welcomes a whole batch in one turn, holding everything else up.
        assert welcomed.stop() == 1
    finally:
        for _, writer in sockets:
            writer.close()


async def test_a_crowd_arriving_at_once_is_accepted_a_few_per_turn(make_host):
    host = await make_host(**{**QUIET, "accepts_per_turn": 4})
    port = host.address[1]
    accepted = MostPerTurn(lambda: len(host._connections))
    # Connected before the loop turns again: all forty arrive before any is set up.
    arrivals = [socket.create_connection(("127.0.0.1", port)) for _ in range(40)]
    try:
        await wait_until(lambda: len(host._connections) == 40)
        # asyncio's own server takes up to a hundred in one turn.
        assert accepted.stop() <= 4
    finally:
        for arrival in arrivals:
            arrival.close()


async def test_a_crowd_leaving_at_once_is_let_go_one_per_turn(make_host, make_client):
    host = await make_host(**QUIET)
    port = host.address[1]
    ada = await make_client(port, "Ada")
    crowd = [await _greet(port, f"s{i}") for i in range(30)]
    for reader, _ in crowd:
        assert (await FrameReader(reader).read() or {}).get("t") == p.WELCOME
    await wait_until(lambda: host.spectators == 30)
    let_go = MostPerTurn(lambda: len(host._connections))
    for _, writer in crowd:
        writer.transport.abort()  # all in the same turn
    await wait_until(lambda: len(host._connections) == 1)
    # Today's host tears the whole bunch down in the same turns.
    assert let_go.stop() == 1
    assert (await ada.command({"op": "add", "n": 1})).accepted


async def test_the_crowd_is_pinged_a_slice_at_a_time_across_the_heartbeat(make_host, make_client):
    host = await make_host(**{**QUIET, "heartbeat": 0.3, "timeout": 60.0, "spectator_slice": 3})
    port = host.address[1]
    fans = [await make_client(port, f"s{i}", role="spectator") for i in range(10)]
    await wait_until(lambda: host.spectators == 10)
    groups: list[set[object]] = []
    ping_group = host._presence._ping_group

    def record(group: list[object], ping: bytes) -> None:
        groups.append(set(group))
        ping_group(group, ping)

    host._presence._ping_group = record
    crowd = set(host._seating.spectators.peers)
    await wait_until(lambda: set().union(*groups) >= crowd)
    # A thousand pongs at once would stall the table: never more than a slice at a time.
    assert max(len(group) for group in groups) <= 3
    assert len(groups) >= 4
    assert all(fan.connected for fan in fans)


async def test_a_busy_table_reaches_each_spectator_in_a_write_per_tick(make_host, make_client):
    # Three spectators are the full crowd here: their tick is the whole half second.
    host = await make_host(**{**QUIET, "spectator_tick": 0.5, "spectator_crowd": 3})
    port = host.address[1]
    ada = await make_client(port, "Ada")
    fans = [await make_client(port, f"s{i}", role="spectator") for i in range(3)]
    await wait_until(lambda: host.spectators == 3 and not host._broadcast.frames)
    writes = [0]
    for peer in host._seating.spectators.peers:
        write = peer._write

        def counted(data: bytes, write=write) -> None:  # type: ignore[no-untyped-def]
            writes[0] += 1
            write(data)

        peer._write = counted  # type: ignore[method-assign]
    for _ in range(20):
        assert (await ada.command({"op": "add", "n": 1})).accepted
    await wait_until(lambda: all(f.seq == ada.seq == host.seq for f in fans))
    # The first event goes out at once, the rest with the next tick (a write per event
    # today: 60 here).
    assert writes[0] <= 3 * 3
    assert [f.resyncs for f in fans] == [0] * 3


async def test_a_smaller_crowd_waits_a_shorter_tick(make_host, make_client):
    host = await make_host(**{**QUIET, "spectator_tick": 0.4, "spectator_crowd": 4})
    port = host.address[1]
    await make_client(port, "Ada")
    fans = [await make_client(port, f"s{i}", role="spectator") for i in range(2)]
    await wait_until(lambda: host.spectators == 2)
    # Half the crowd, half the tick: each round of writes costs half as much.
    assert host._broadcast.tick == pytest.approx(0.2)
    await fans[0].close()
    await wait_until(lambda: host.spectators == 1)
    assert host._broadcast.tick == pytest.approx(0.1)


async def test_big_frames_do_not_wait_for_the_tick(make_host, make_client):
    host = await make_host(**{**QUIET, "spectator_tick": 3600.0})
    port = host.address[1]
    ada = await make_client(port, "Ada")
    fan = await make_client(port, "fan", role="spectator")
    await wait_until(lambda: host.spectators == 1)
    for _ in range(3):
        assert (await ada.command({"op": "shout", "text": SHOUT})).accepted
    await wait_until(lambda: fan.seq == host.seq)  # not an hour later


async def test_a_late_spectator_catches_up_in_one_piece_joined_once_for_the_crowd(
    make_host, make_client, monkeypatch
):
    # No snapshots: the catch-up is the events themselves.
    host = await make_host(CounterGame(target=1000, snapshots=False), **QUIET)
    port = host.address[1]
    ada = await make_client(port, "Ada")
    for _ in range(200):
        assert (await ada.command({"op": "add", "n": 1})).accepted
    pieces: list[bytes] = []
    send = Peer.send

    def recorded(peer: Peer, frame: bytes, *count: int) -> None:
        if count and count[0] > 1:
            pieces.append(frame)
        send(peer, frame, *count)

    monkeypatch.setattr(Peer, "send", recorded)
    sent = host.frames_sent
    late = [await make_client(port, f"s{i}", role="spectator") for i in range(2)]
    await wait_until(lambda: all(s.seq == host.seq == 200 for s in late))
    # Each newcomer's 200 events went into its queue as one piece: the very same bytes for
    # both (joined once for the crowd, not a frame at a time per newcomer), still counted
    # as 200 frames sent to each.
    assert len(pieces) == 2
    assert pieces[0] is pieces[1]
    assert host.frames_sent - sent >= 2 * 200
    assert [s.resyncs for s in late] == [0, 0]


async def test_only_a_big_round_of_writes_is_spread_over_half_a_tick(make_host, make_client):
    host = await make_host(**{**QUIET, "spectator_slice": 32, "spectator_tick": 0.1})
    port = host.address[1]
    await make_client(port, "Ada")
    fans = [await make_client(port, f"s{i}", role="spectator") for i in range(2)]
    await wait_until(lambda: host.spectators == len(fans))
    crowd = host._broadcast
    crowd.crowd = 1  # the tick of a full crowd, whatever the size asked about
    # A hundred spectators are 4 slices: one after the other, a turn of the loop apart.
    assert crowd.gap(100) == 0.0
    # A thousand are 32: spread over half the tick.
    assert crowd.gap(1000) == pytest.approx(0.1 / 2 / 32)
