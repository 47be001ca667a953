"""Append-only, checksummed record file: the host's durable copy of the whole game.

Each record is `u32 length (big-endian) | u32 CRC-32 of payload | payload`, the payload a
msgpack map. Reading keeps the intact prefix up to the first record that does not check out,
and then tells two things apart. A torn tail (an unfinished last append: a crash is normal)
is set aside and cut silently. A log damaged before its end (a record that fails its check
with valid records after it, or a whole last record that fails) is never cut back silently:
opening it raises LogDamaged, and only `salvage` continues from the intact prefix, keeping
the damaged file aside.
"""

from __future__ import annotations

import os
import secrets
import struct
import time
import zlib
from collections.abc import Iterable
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
    torn: bool = True
    """A crash's torn tail (repaired silently); False: damage salvaged on request."""
    lost_records: int = 0
    """Valid records that followed the damage and were left out (never for a torn tail)."""
    lost_events: int = 0

    def describe(self) -> str:
        if self.torn:
            return (
                f"{self.path}: damaged record at byte {self.offset} ({self.reason}); "
                f"resuming from the {self.kept_records} intact records before it. "
                f"The {self.discarded} discarded bytes were saved to {self.saved_to}."
            )
        return (
            f"{self.path}: salvaged: resuming from the {self.kept_records} intact records "
            f"before record {self.kept_records + 1} ({self.reason}); the {self.lost_records} "
            f"records ({self.lost_events} events) after it are left out. "
            f"The damaged file is kept as {self.saved_to}."
        )


class LogDamaged(Exception):
    """A log damaged before its end: cutting it back would silently drop what follows.

    Raised instead of changing anything; `GameLog.open(..., salvage=True)` (or `salvage`)
    continues from the intact prefix when a person asks for it.
    """

    def __init__(self, path: Path, survey: Survey) -> None:
        self.path = path
        self.survey = survey
        super().__init__(
            f"{path.name} is damaged: record {survey.damaged_record} (at byte {survey.intact}) "
            f"{_REASONS.get(survey.reason, survey.reason)}, and {len(survey.following)} "
            f"records ({survey.following_events} events) follow it. Nothing was changed."
        )


# How a reason reads after "record N (at byte B)" in a sentence for people.
_REASONS = {
    "checksum mismatch": "fails its checksum",
    "undecodable record": "does not decode",
    "record is not a map": "is not a record",
}


def encode_record(record: dict[str, Any]) -> bytes:
    payload: bytes = msgpack.packb(record, use_bin_type=True)
    return _HEADER.pack(len(payload), zlib.crc32(payload)) + payload


def _read_record(data: bytes, offset: int) -> tuple[dict[str, Any], int] | str:
    """The record at `offset` and the offset after it, or why there is none there."""
    if len(data) - offset < _HEADER.size:
        return "torn record header"
    length, crc = _HEADER.unpack_from(data, offset)
    start = offset + _HEADER.size
    if length > _MAX_RECORD or start + length > len(data):
        return "torn record (length runs past the end of the file)"
    payload = data[start : start + length]
    if zlib.crc32(payload) != crc:
        return "checksum mismatch"
    try:
        record = msgpack.unpackb(payload, raw=False)
    except Exception:
        return "undecodable record"
    if not isinstance(record, dict):
        return "record is not a map"
    return record, start + length


def _scan(data: bytes) -> tuple[list[dict[str, Any]], int, str]:
    """Records of the intact prefix, its length in bytes, and why the scan stopped early."""
    records: list[dict[str, Any]] = []
    offset = 0
    while offset < len(data):
        found = _read_record(data, offset)
        if isinstance(found, str):
            return records, offset, found
        records.append(found[0])
        offset = found[1]
    return records, offset, ""


def _records_after(data: bytes, offset: int) -> list[dict[str, Any]]:
    """Every valid record that starts after `offset`, where a damaged record begins.

    A damaged length field hides where the next record starts, so every byte is tried as a
    start: a CRC-32 that matches over a payload that decodes to a map does not happen by
    chance (and bodies inside records are bare MessagePack, never framed records).
    """
    found: list[dict[str, Any]] = []
    position = offset + 1
    while position < len(data):
        got = _read_record(data, position)
        if isinstance(got, str):
            position += 1
        else:
            found.append(got[0])
            position = got[1]
    return found


@dataclass(frozen=True)
class Survey:
    """What a whole read of a log found: its intact prefix, and what lies past it."""

    records: list[dict[str, Any]]
    intact: int
    """Bytes of the intact prefix."""
    size: int
    reason: str
    """Why the intact prefix ends before the file does ("" when it does not)."""
    following: list[dict[str, Any]]
    """Valid records after the first bad one: what cutting the log back would lose."""
    zeros: bool
    """The bad bytes are all zero: a file grown by a crash before its data reached the disk."""

    @property
    def clean(self) -> bool:
        return self.intact == self.size

    @property
    def torn(self) -> bool:
        """A crash's torn tail: an unfinished last append, safe to cut without asking.

        Only an incomplete record (or zeros a crash left) with nothing valid after it is
        torn; a whole record that fails its check, or anything followed by valid records,
        is damage that no crash of the host explains.
        """
        if self.clean or self.following:
            return False
        return self.reason.startswith("torn") or self.zeros

    @property
    def damaged(self) -> bool:
        return not self.clean and not self.torn

    @property
    def damaged_record(self) -> int:
        """The 1-based number of the first record that does not check out."""
        return len(self.records) + 1

    @property
    def following_events(self) -> int:
        return sum(1 for record in self.following if record.get("k") == "event")


def survey(data: bytes) -> Survey:
    """Read a whole log's bytes: the intact prefix, and whether what follows is damage."""
    records, intact, reason = _scan(data)
    following = _records_after(data, intact) if intact < len(data) else []
    zeros = not data[intact:].strip(b"\0")
    return Survey(records, intact, len(data), reason, following, zeros)


def read_log(path: Path) -> tuple[list[dict[str, Any]], str]:
    """The intact records of a log, and why reading stopped early ("" when it did not).

    Only reads: for tools such as a replay viewer (`survey` also tells damage from a torn
    tail). A host uses GameLog.open, which also cuts a torn tail so that appends follow
    valid data.
    """
    records, _intact, reason = _scan(path.read_bytes())
    return records, reason


def _write_new(path: Path, data: bytes) -> None:
    """Create `path` holding `data`, readable by its owner only, and on disk on return."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)


def _aside(path: Path) -> Path:
    """A free name next to `path` for keeping its damaged copy."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
    return candidate


def salvage_log(path: Path) -> Damage | None:
    """Cut a log damaged before its end back to its intact prefix, when a person asks.

    The whole damaged file is kept aside first (`GAME.log.damaged-<time>`), then the intact
    prefix replaces the log in one rename, so a crash part-way leaves either file whole.
    None when there is no such damage (a torn tail is left to GameLog.open).
    """
    data = path.read_bytes()
    found = survey(data)
    if not found.damaged:
        return None
    saved_to = _aside(path)
    _write_new(saved_to, data)
    spare = path.with_name(f"{path.name}.salvage")
    spare.unlink(missing_ok=True)
    _write_new(spare, data[: found.intact])
    spare.replace(path)
    return Damage(
        path,
        found.intact,
        len(data) - found.intact,
        found.reason,
        len(found.records),
        saved_to,
        torn=False,
        lost_records=len(found.following),
        lost_events=found.following_events,
    )


def write_events(path: Path, bodies: Iterable[Any]) -> None:
    """A whole game's events as a new log at `path`, each record as a host writes it: a
    game saved after the fact (a solo game at its end, one imported from a record).
    Raises OSError when it cannot be written."""
    log, _records, _damage = GameLog.open(path)
    try:
        log.append(
            [{"k": "event", "seq": n, "body": body} for n, body in enumerate(bodies, start=1)]
        )
    finally:
        log.close()


class GameLog:
    """An open log: read once with open(), then only appended to."""

    def __init__(self, path: Path, fd: int, durable: bool) -> None:
        self.path = path
        self._fd = fd
        self._durable = durable

    @classmethod
    def open(
        cls, path: Path, *, durable: bool = True, salvage: bool = False
    ) -> tuple[GameLog, list[dict[str, Any]], Damage | None]:
        """Open (or create) a log; return it, its intact records, and any damage found.

        A torn tail (a crash mid-append) is cut silently, as a crash is normal. A log
        damaged before its end raises LogDamaged and is left untouched, unless `salvage`
        asks to continue from the intact prefix (the damaged file is kept aside).
        """
        path.parent.mkdir(parents=True, exist_ok=True)
        damage = salvage_log(path) if salvage and path.exists() else None
        data = path.read_bytes() if path.exists() else b""
        found = survey(data)
        if found.damaged:
            raise LogDamaged(path, found)
        if found.torn:
            # Keep the bad tail for a post-mortem, then cut it so appends follow valid data.
            # Owner-only as the log itself: a torn record may hold a game's secret.
            saved_to = path.with_name(f"{path.name}.damaged-{found.intact}")
            saved_to.unlink(missing_ok=True)
            _write_new(saved_to, data[found.intact :])
            with path.open("r+b") as f:
                f.truncate(found.intact)
                os.fsync(f.fileno())
            damage = Damage(
                path,
                found.intact,
                found.size - found.intact,
                found.reason,
                len(found.records),
                saved_to,
            )
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        return cls(path, fd, durable), found.records, damage

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
