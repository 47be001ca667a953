"""The seat book: what the players who live in a host's process need after a crash."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

KEPT: Final = "kept"
"""A seat's state of the game in progress in the book (`Seat.in_progress`)."""
WRITTEN: Final = "written"
"""Where a book kept by an earlier version has its player's words (Wordsy's, then the only
sealed choices): still read, so that it reveals."""


class SeatBook:
    """What the players who live in the host's process (its own player, the bots) need to
    get back after a crash or a restart: their seat tokens, which seat is the hosting
    player's own, and what each keeps of the game in progress, whatever the game (`keeper`:
    the sealed choices' texts and salts behind their commitments, ...).

    It sits beside the log, readable by its owner only, and never goes on the wire: the
    log and every client see only commitments until each player reveals its own word.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def beside(cls, log_path: Path) -> SeatBook:
        return cls(log_path.with_suffix(".seats.json"))

    def read(self) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {name: seat for name, seat in data.items() if isinstance(seat, dict)}

    def token(self, name: str) -> str | None:
        token = self.read().get(name, {}).get("token")
        return token if isinstance(token, str) else None

    def host_seat(self) -> str | None:
        """The hosting player's own seat (a book from before it was marked: its one person)."""
        seats = self.read()
        marked = [name for name, seat in seats.items() if seat.get("host") is True]
        people = [name for name, seat in seats.items() if not seat.get("bot")]
        found = marked or (people if len(people) == 1 else [])
        return found[0] if found else None

    def keep(
        self, name: str, token: str | None, bot: str | None = None, host: bool = False
    ) -> None:
        if token is None:
            return
        seats = self.read()
        if host:
            for seat in seats.values():
                seat.pop("host", None)
        seat = seats.get(name, {})
        seat.update(
            token=token, **({"bot": bot} if bot else {}), **({"host": True} if host else {})
        )
        seats[name] = seat
        self.write(seats)

    def forget(self, name: str) -> None:
        seats = self.read()
        if seats.pop(name, None) is not None:
            self.write(seats)

    def keeper(self, name: str) -> SeatKeeper:
        """Where seat `name`'s state of the game in progress outlives its program: in this
        book."""
        return SeatKeeper(self, name)

    def write(self, seats: dict[str, dict[str, Any]]) -> None:
        # Written aside, flushed and renamed, so a crash never leaves half a file; created
        # owner-only from the start, for the tokens are keys to seats and the words secret.
        spare = self.path.with_suffix(".tmp")
        spare.unlink(missing_ok=True)
        fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            json.dump(seats, out)
            out.flush()
            os.fsync(out.fileno())
        spare.replace(self.path)


class SeatKeeper:
    """One seat's state of the game in progress, kept in a seat book (a
    `table.sealed.Keeper`)."""

    def __init__(self, book: SeatBook, name: str) -> None:
        self.book = book
        self.name = name

    def kept(self) -> dict[str, Any] | None:
        seat = self.book.read().get(self.name, {})
        kept = seat.get(KEPT, seat.get(WRITTEN))
        return kept if isinstance(kept, dict) else None

    def keep(self, kept: Mapping[str, Any] | None) -> None:
        seats = self.book.read()
        seat = seats.setdefault(self.name, {})
        seat.pop(WRITTEN, None)
        if kept is None:
            seat.pop(KEPT, None)
        else:
            seat[KEPT] = dict(kept)
        self.book.write(seats)
