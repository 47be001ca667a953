"""A client written from docs/PROTOCOL.md alone, with nothing from net but the test game's
host: raw socket, msgpack and hashlib. If this passes, the document says enough."""

from __future__ import annotations

import asyncio
import hashlib

import msgpack

from tests.net.counter_game import CounterGame


class RawClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.unpacker = msgpack.Unpacker(raw=False)
        self.chain = bytes(32)
        self.last_seq = 0
        self.view: list[dict] = []

    def send(self, **message) -> None:
        self.writer.write(msgpack.packb(message))

    async def receive(self) -> dict:
        while True:
            for message in self.unpacker:
                return message
            self.unpacker.feed(await self.reader.read(65536))

    async def until(self, kind: str) -> list[dict]:
        """Process frames as the document says, up to and including one of type `kind`."""
        seen = []
        while True:
            message = await self.receive()
            seen.append(message)
            if message["t"] == "reset":
                self.chain, self.last_seq, self.view = bytes(32), 0, []
            elif message["t"] == "ev":
                body = message["body"]
                self.chain = hashlib.sha256(
                    self.chain + message["seq"].to_bytes(8, "big") + body
                ).digest()
                self.last_seq = message["seq"]
                self.view.append(msgpack.unpackb(body, raw=False))
            elif message["t"] == "hash":
                self.last_seq = max(self.last_seq, message["seq"])
                assert message["hash"] == self.chain, "my view hash must equal the host's"
            elif message["t"] == "ping":
                self.send(t="pong", n=message.get("n"))
            if message["t"] == kind:
                return seen


async def connect(host, **hello) -> RawClient:
    client = RawClient(*await asyncio.open_connection(*host.address))
    client.send(t="hello", version=1, role="player", last_seq=0, **hello)
    return client


async def test_a_client_built_from_the_document_plays_and_resumes(make_host):
    host = await make_host(CounterGame(snapshots=False))
    ada = await connect(host, name="Ada")
    welcome = (await ada.until("hash"))[0]
    assert welcome["t"] == "welcome"
    assert welcome["seat"] == "Ada"
    bea = await connect(host, name="Bea")
    token = (await bea.until("hash"))[0]["token"]

    ada.send(t="cmd", id="a-1", body={"op": "secret", "value": "ada's secret"})
    ada.send(t="cmd", id="a-2", body={"op": "add", "n": 3})
    await ada.until("ack")
    frames = await ada.until("ack")
    assert frames[-1] == {"t": "ack", "id": "a-2", "seq": 2, "n": 1}
    bea.send(t="cmd", id="b-1", body={"op": "add", "n": 99})
    error = (await bea.until("error"))[-1]
    assert (error["id"], error["code"]) == ("b-1", "bad_add")
    bea.send(t="check")
    await bea.until("hash")
    assert [e["e"] for e in bea.view] == ["added"], "Ada's secret is not in Bea's view"

    # Bea drops, Ada plays on, Bea comes back with her token and last seq.
    bea.writer.close()
    ada.send(t="cmd", id="a-3", body={"op": "add", "n": 1})
    await ada.until("ack")
    again = RawClient(*await asyncio.open_connection(*host.address))
    again.chain, again.last_seq, again.view = bea.chain, bea.last_seq, bea.view
    again.send(t="hello", version=1, name="Bea", role="player", token=token,
               game=welcome["game"], last_seq=bea.last_seq)  # fmt: skip
    frames = await again.until("hash")
    assert [f["t"] for f in frames[:2]] == ["welcome", "resume"]
    assert [f["seq"] for f in frames if f["t"] == "ev"] == [3], "only the missed event"
    assert again.view[-1]["total"] == 4


async def test_refusals_arrive_as_documented(make_host):
    host = await make_host()
    stranger = await connect(host, name="X", token="not-a-token")
    refused = await stranger.receive()
    assert refused["t"] == "refused"
    assert refused["reason"] == "unknown_token"
    assert refused["message"]
