"""msgpack maps over asyncio streams, with hard limits on what a peer can make us buffer."""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, NoReturn

import msgpack

MAX_FRAME = 64 * 1024


class FrameError(Exception):
    """The peer sent something that is not a valid frame; the connection cannot continue."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _refuse_ext(code: int, data: bytes) -> NoReturn:
    raise ValueError(f"msgpack extension type {code} is not allowed")


def encode(message: dict[str, Any], max_frame: int = MAX_FRAME) -> bytes:
    """Pack one message; refuse to produce a frame the other side would reject."""
    data: bytes = msgpack.packb(message, use_bin_type=True)
    if len(data) > max_frame:
        raise FrameError("too_large", f"frame of {len(data)} bytes exceeds {max_frame}")
    return data


def decode_body(data: bytes) -> dict[str, Any]:
    """Unpack a nested, already-framed map (an event or snapshot body carried as bin)."""
    try:
        body = msgpack.unpackb(data, raw=False, ext_hook=_refuse_ext, strict_map_key=True)
    except Exception as exc:
        raise FrameError("malformed", f"undecodable body: {exc}") from exc
    if not isinstance(body, dict):
        raise FrameError("malformed", "a body must be a map")
    return body


def pack_body(body: dict[str, Any]) -> bytes:
    packed: bytes = msgpack.packb(body, use_bin_type=True)
    return packed


class FrameReader:
    """Yields one message map at a time from a stream; raises FrameError on bad input."""

    def __init__(self, reader: asyncio.StreamReader, max_frame: int = MAX_FRAME) -> None:
        self._reader = reader
        self._max_frame = max_frame
        # Reading at most a frame at a time keeps the buffer within two frames, so overflowing
        # it can only mean that one incomplete frame is already over the limit.
        self._unpacker = msgpack.Unpacker(
            raw=False,
            max_buffer_size=2 * max_frame,
            # The buffer grows as frames need it; msgpack's default first allocation (16 KiB)
            # costs each of a thousand spectators memory and its handshake time for nothing.
            read_size=1024,
            strict_map_key=True,
            ext_hook=_refuse_ext,
        )
        self._ready: deque[dict[str, Any]] = deque()
        self._error: FrameError | None = None

    async def read(self) -> dict[str, Any] | None:
        """The next message, or None when the peer closed the stream cleanly."""
        while not self._ready:
            if self._error:
                raise self._error
            chunk = await self._reader.read(self._max_frame)
            if not chunk:
                return None
            self._decode(chunk)
        return self._ready.popleft()

    def _decode(self, chunk: bytes) -> None:
        # Frames decoded before a bad one are still delivered; the error comes after them.
        try:
            self._unpacker.feed(chunk)
            start = self._unpacker.tell()
            for message in self._unpacker:
                end = self._unpacker.tell()
                if end - start > self._max_frame:
                    raise FrameError("too_large", f"frame exceeds {self._max_frame} bytes")
                start = end
                self._ready.append(_check_message(message))
        except msgpack.BufferFull:
            self._error = FrameError("too_large", f"frame exceeds {self._max_frame} bytes")
        except FrameError as exc:
            self._error = exc
        except Exception as exc:
            self._error = FrameError("malformed", f"undecodable frame: {exc}")


def _check_message(message: object) -> dict[str, Any]:
    if not isinstance(message, dict):
        raise FrameError("malformed", "every frame must be a map")
    if not isinstance(message.get("t"), str):
        raise FrameError("malformed", 'every frame needs a string "t" field')
    return message
