"""Seat tokens a player's program keeps on disk, so a restart (or a crash) never costs a seat.

A token is the key to one seat of one game. The client learns the game's id only from the
host's welcome, so tokens are looked up by what it knows before: the host's address and the
player's name; each entry also records the game it belongs to. A token is only ever sent
back to the address that issued it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Final

import platformdirs

# Games a player may still come back to at one address under one name (newest kept).
KEPT_PER_SEAT: Final = 8
KEPT_IN_ALL: Final = 256


def default_keys_path(app_name: str) -> Path:
    return platformdirs.user_data_path(app_name) / "seats.json"


class SeatKeys:
    """A small JSON file of seat tokens, readable by its owner only (mode 0600)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def tokens(self, address: tuple[str, int], name: str) -> list[str]:
        """The tokens this program holds for `name` at `address`, most recently used first."""
        host = _host(address)
        return [
            e["token"] for e in reversed(self._read()) if (e["host"], e["name"]) == (host, name)
        ]

    def keep(self, address: tuple[str, int], name: str, game: str, token: str) -> None:
        """Remember (or refresh) the token of our seat in `game`."""
        host = _host(address)
        entries = [
            e for e in self._read() if (e["host"], e["name"], e["game"]) != (host, name, game)
        ]
        entries.append({"host": host, "name": name, "game": game, "token": token})
        same_seat = [e for e in entries if (e["host"], e["name"]) == (host, name)]
        stale = {id(e) for e in same_seat[:-KEPT_PER_SEAT]}
        self._write([e for e in entries if id(e) not in stale][-KEPT_IN_ALL:])

    def forget(self, token: str) -> None:
        entries = self._read()
        kept = [e for e in entries if e["token"] != token]
        if len(kept) != len(entries):
            self._write(kept)

    def _read(self) -> list[dict[str, str]]:
        # The file is ours, but a damaged or hand-edited one must not stop a join.
        try:
            data: Any = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        entries = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            return []
        fields = ("host", "name", "game", "token")
        return [
            {f: e[f] for f in fields}
            for e in entries
            if isinstance(e, dict) and all(isinstance(e.get(f), str) for f in fields)
        ]

    def _write(self, entries: list[dict[str, str]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        # Written aside and renamed: a crash never leaves half a file, and the tokens are
        # never readable by others, not even for a moment.
        spare = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"seats": entries}, f)
        spare.replace(self.path)


def _host(address: tuple[str, int]) -> str:
    return f"{address[0]}:{address[1]}"
