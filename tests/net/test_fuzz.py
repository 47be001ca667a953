"""Hypothesis throws random bytes and malformed frames at a host; it keeps serving."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from net import PROTOCOL_VERSION, Client, Host, HostConfig
from net import protocol as p
from tests.net.counter_game import CounterGame


class ThreadedHost:
    """A host and one well-behaved client on an event loop of their own, so that the
    synchronous Hypothesis test can hammer the host between checks."""

    def __init__(self, log_path: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()
        self.host = Host(
            CounterGame(target=10**9), log_path, HostConfig(durable=False, rate=1e6, burst=1e6)
        )
        self._call(self.host.start())
        self.port = self.host.address[1]
        self.good = Client("127.0.0.1", self.port, "good")
        self._call(self.good.start())
        fuzz = Client("127.0.0.1", self.port, "fuzz")
        self._call(fuzz.start())
        self.fuzz_token = fuzz.token
        self._call(fuzz.close())

    def _call(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=30)

    def still_serves(self) -> bool:
        before = self.host.seq
        result = self._call(self.good.command({"op": "add", "n": 1}))
        return result.accepted and self.host.seq == before + 1

    def close(self) -> None:
        self._call(self.good.close())
        self._call(self.host.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        self.loop.close()


@pytest.fixture(scope="module")
def threaded_host(tmp_path_factory) -> Iterator[ThreadedHost]:
    host = ThreadedHost(tmp_path_factory.mktemp("fuzz") / "fuzz.log")
    yield host
    host.close()


def send_and_drain(port: int, data: bytes) -> bytes:
    """Send `data`, half-close, and read whatever the host answers until it hangs up."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the host may hang up on us mid-send: that is a fine answer
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except OSError:
            pass
        return received


ints = st.integers(min_value=-(2**63), max_value=2**64 - 1)
scalars = st.none() | st.booleans() | ints | st.floats() | st.text() | st.binary()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
kinds = st.sampled_from([*vars(p).values()]).filter(lambda v: isinstance(v, str)) | st.text()
frames = st.builds(
    lambda t, extra: msgpack.packb({"t": t, **extra}),
    kinds,
    st.dictionaries(st.sampled_from(["id", "body", "seq", "n", "hash", "x"]), values, max_size=4),
)
commands = st.builds(
    lambda i, body: msgpack.packb({"t": "cmd", "id": i, "body": body}),
    values,
    st.dictionaries(st.sampled_from(["op", "n", "value"]), values, max_size=3),
)
junk = st.binary(max_size=3000) | frames | commands | st.just(b"\xc6" + b"\x7f" * 4)
hellos = st.builds(
    lambda fields: msgpack.packb({"t": "hello", **fields}),
    st.dictionaries(
        st.sampled_from(["version", "name", "role", "token", "pin", "last_seq", "game"]),
        values,
        max_size=7,
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(greet=st.booleans(), rest=st.lists(junk, max_size=6), bad_hello=hellos)
def test_the_host_survives_garbage_and_keeps_serving(threaded_host, greet, rest, bad_hello):
    hello = {
        "t": "hello",
        "version": PROTOCOL_VERSION,
        "name": "fuzz",
        "role": "player",
        "token": threaded_host.fuzz_token,
        "last_seq": threaded_host.host.seq,
    }
    first = msgpack.packb(hello) if greet else bad_hello
    send_and_drain(threaded_host.port, first + b"".join(rest))
    assert threaded_host.still_serves()


def test_an_oversized_frame_gets_an_error_and_a_hang_up(threaded_host):
    big = msgpack.packb({"t": "hello", "pad": "x" * (200 * 1024)})
    reply = msgpack.Unpacker(raw=False)
    reply.feed(send_and_drain(threaded_host.port, big))
    assert [m.get("code") for m in reply] == [p.TOO_LARGE]
    assert threaded_host.still_serves()
