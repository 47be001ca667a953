"""What a seat keeps of the game in progress that only its player's program knows.

Wordsy's written word and the salt behind its commitment, a tile game's tiles laid on
the board but not played yet, a sealed bid or choice: each game's session says what it
is (`Seat.in_progress`, `Seat.take_back`), and the program that holds the seat's token
keeps it in a file named by that token, so a restarted program takes it back with the
seat, whichever door it came through (a terminal's `join`, an SSH session, a browser
tab). The file is owner-only and never goes on the wire.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from net import Client

KEPT_FOLDER: Final = "kept"
"""The folder beside a program's seat tokens that holds its seats' in-progress state."""
KEPT_FILES: Final = 16
"""The newest files a folder keeps: older ones are of games long over (no secret left)."""


class SeatKeep:
    """One folder of kept state, a file per seat token; each file names its game, so a
    seat that went on into a rematch never takes back the last game's state."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, token: str) -> Path:
        # Named by the token's hash: a file name is no key to the seat.
        return self.folder / f"{hashlib.sha256(token.encode()).hexdigest()[:32]}.json"

    def read(self, token: str, game: str) -> dict[str, Any] | None:
        """What the seat of `token` kept in `game` (None: nothing, another game's, or a
        damaged file)."""
        try:
            data = json.loads(self.path(token).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("game") != game:
            return None
        kept = data.get("kept")
        return kept if isinstance(kept, dict) else None

    def write(self, token: str, game: str, kept: Mapping[str, Any] | None) -> None:
        """Keep the seat's state now (None: nothing left to keep), on disk before anything
        that depends on it leaves this program."""
        path = self.path(token)
        if kept is None:
            path.unlink(missing_ok=True)
            return
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        # Aside, flushed and renamed: a crash never leaves half a file; owner-only from the
        # start, for a salt or a rack is a secret until the game says otherwise.
        spare = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"game": game, "kept": dict(kept)}, out)
            out.flush()
            os.fsync(out.fileno())
        spare.replace(path)

    def tidy(self) -> None:
        """Forget all but the newest files."""
        try:
            files = sorted(self.folder.glob("*.json"), key=lambda f: f.stat().st_mtime)
        except OSError:
            return
        for old in files[:-KEPT_FILES]:
            old.unlink(missing_ok=True)


class TokenKept:
    """A seat's `table.sealed.Keeper` in a `SeatKeep` folder: the file of its token, for the
    game its client is in now (a rematch's game has its own), read and written as its
    client knows them (the token and the game come with the host's welcome)."""

    def __init__(self, keep: SeatKeep, client: Client) -> None:
        self._keep = keep
        self._client = client
        self._tidied = False

    def kept(self) -> dict[str, Any] | None:
        token, game = self._client.token, self._client.game
        if token is None or game is None:
            return None
        if not self._tidied:
            self._tidied = True
            self._keep.tidy()  # games long over: what their seats kept is no secret
        return self._keep.read(token, game)

    def keep(self, kept: Mapping[str, Any] | None) -> None:
        token, game = self._client.token, self._client.game
        if token is not None and game is not None:
            self._keep.write(token, game, kept)
