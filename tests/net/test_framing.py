from __future__ import annotations

import asyncio

import msgpack
import pytest

from net.framing import FrameError, FrameReader, encode


async def read_all(data: bytes, max_frame: int = 1024) -> list[dict]:
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    frames = FrameReader(reader, max_frame)
    out = []
    while (message := await frames.read()) is not None:
        out.append(message)
    return out


async def test_frames_split_anywhere_come_out_whole():
    messages = [{"t": "x", "i": i, "pad": "y" * (i * 50)} for i in range(15)]
    assert await read_all(b"".join(encode(m) for m in messages)) == messages


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (msgpack.packb({"t": "x", "pad": "y" * 2000}), "too_large"),
        (msgpack.packb("y" * 5000), "too_large"),
        (msgpack.packb([1, 2]), "malformed"),
        (msgpack.packb({"no": "type"}), "malformed"),
        (msgpack.packb({"t": 5}), "malformed"),
        (b"\xc1", "malformed"),
        (msgpack.packb({1: "int key", "t": "x"}), "malformed"),
        (msgpack.packb({"t": "x", "e": msgpack.ExtType(3, b"z")}), "malformed"),
    ],
)
async def test_bad_input_is_a_frame_error(data, code):
    with pytest.raises(FrameError) as info:
        await read_all(data)
    assert info.value.code == code


def test_the_sender_refuses_oversized_frames():
    with pytest.raises(FrameError):
        encode({"t": "x", "pad": "y" * 100}, max_frame=50)
