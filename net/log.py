"""Append-only, checksummed record file: the host's durable copy of the whole game.

Each record is `u32 length (big-endian) | u32 CRC-32 of payload | payload`, the payload a
msgpack map. A crash can leave a torn last record and a bad disk a corrupt one; reading stops
at the first record that does not check out, keeps the intact prefix and sets the rest aside.
"""

from __future__ import annotations

import os
import secrets
import struct
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack
import platformdirs

_HEADER = struct.Struct(">II")
# A length beyond this is corruption, not a record: no host writes records this large.
_MAX_RECORD = 16 * 1024 * 1024


def default_log_dir(app_name: str) -> Path:
    return platformdirs.user_data_path(app_name) / "games"


def saved_games(directory: Path) -> list[Path]:
    """The logs in `directory`, most recently played first (for `--resume` without a name)."""
    logs = directory.glob("*.log") if directory.is_dir() else []
    return sorted(logs, key=lambda path: path.stat().st_mtime, reverse=True)


def new_game_id() -> str:
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)


@dataclass(frozen=True)
class Damage:
    """Where and why a log stopped checking out, and where the discarded bytes were saved."""

    path: Path
    offset: int
    discarded: int
    reason: str
    kept_records: int
    saved_to: Path

    def describe(self) -> str:
        return (
            f"{self.path}: damaged record at byte {self.offset} ({self.reason}); "
            f"resuming from the {self.kept_records} intact records before it. "
            f"The {self.discarded} discarded bytes were saved to {self.saved_to}."
        )


def encode_record(record: dict[str, Any]) -> bytes:
    payload = msgpack.packb(record, use_bin_type=True)
    return _HEADER.pack(len(payload), zlib.crc32(payload)) + payload


def _scan(data: bytes) -> tuple[list[dict[str, Any]], int, str]:
    """Records of the intact prefix, its length in bytes, and why the scan stopped early."""
    records: list[dict[str, Any]] = []
    offset = 0
    while offset < len(data):
        if len(data) - offset < _HEADER.size:
            return records, offset, "torn record header"
        length, crc = _HEADER.unpack_from(data, offset)
        start = offset + _HEADER.size
        if length > _MAX_RECORD or start + length > len(data):
            return records, offset, "torn record (length runs past the end of the file)"
        payload = data[start : start + length]
        if zlib.crc32(payload) != crc:
            return records, offset, "checksum mismatch"
        try:
            record = msgpack.unpackb(payload, raw=False)
        except Exception:
            return records, offset, "undecodable record"
        if not isinstance(record, dict):
            return records, offset, "record is not a map"
        records.append(record)
        offset = start + length
    return records, offset, ""


def read_log(path: Path) -> tuple[list[dict[str, Any]], str]:
    """The intact records of a log, and why reading stopped early ("" when it did not).

    Only reads: for tools such as a replay viewer. A host uses GameLog.open, which also
    cuts a damaged tail so that appends follow valid data.
    """
    records, _intact, reason = _scan(path.read_bytes())
    return records, reason


class GameLog:
    """An open log: read once with open(), then only appended to."""

    def __init__(self, path: Path, fd: int, durable: bool) -> None:
        self.path = path
        self._fd = fd
        self._durable = durable

    @classmethod
    def open(
        cls, path: Path, *, durable: bool = True
    ) -> tuple[GameLog, list[dict[str, Any]], Damage | None]:
        """Open (or create) a log; return it, its intact records, and any damage found."""
        path.parent.mkdir(parents=True, exist_ok=True)
        data = path.read_bytes() if path.exists() else b""
        records, intact, reason = _scan(data)
        damage = None
        if intact < len(data):
            # Keep the bad tail for a post-mortem, then cut it so appends follow valid data.
            saved_to = path.with_name(f"{path.name}.damaged-{intact}")
            saved_to.write_bytes(data[intact:])
            with path.open("r+b") as f:
                f.truncate(intact)
                os.fsync(f.fileno())
            damage = Damage(path, intact, len(data) - intact, reason, len(records), saved_to)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        return cls(path, fd, durable), records, damage

    def append(self, records: list[dict[str, Any]]) -> None:
        """Write records and (when durable) fsync before returning: the caller may then publish."""
        view = memoryview(b"".join(encode_record(r) for r in records))
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        if self._durable:
            os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
