"""The child's side of a front: the seat kept for it, and the PIN the front checked.

A front (SSH, web) starts `wordsy-tui join --connect 127.0.0.1:PORT --name NAME` with
these in its environment, never on its command line (anyone on the machine can read
another process's arguments; its environment only its owner can):

- `WORDSY_TUI_FRONT`: `ssh` when the child runs on a pty of the SSH front.
- `WORDSY_TUI_PIN`: the game's PIN, once the front has checked the player's answer.
- `WORDSY_TUI_SEAT_FILE`: a file, owner-only, holding the seat token of this name; the
  child reads it to take its seat back and writes the token the host gives it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Final

from net import Client, Refused
from net.protocol import UNKNOWN_TOKEN
from wordsy_tui.table.sealed import Sealings

FRONT_ENV: Final = "WORDSY_TUI_FRONT"
PIN_ENV: Final = "WORDSY_TUI_PIN"
# A browser tab's child: how long its address must wait to guess again, and the exit
# status of a tab that ended on a wrong PIN (the web front counts those per address).
PIN_WAIT_ENV: Final = "WORDSY_TUI_PIN_WAIT"
WRONG_PIN_EXIT: Final = 3
SEAT_FILE_ENV: Final = "WORDSY_TUI_SEAT_FILE"
MAX_TOKEN_BYTES: Final = 256


def read_token(path: Path) -> str | None:
    try:
        text = path.read_bytes()[:MAX_TOKEN_BYTES].decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if text and text.isprintable() else None


def write_token(path: Path, token: str) -> None:
    # Aside and renamed: the front never reads half a token.
    spare = path.with_suffix(".tmp")
    spare.unlink(missing_ok=True)
    fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(token)
    spare.replace(path)


class SeatFile:
    """A front's child's keeper (`table.joined.SeatKeeper`), whatever the game: its seat
    token lives in a file the front keeps for the player's name; its sealed choices are
    not kept (a child that ends mid-round loses its word)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    async def sit(self, client: Client, start: Callable[[], Awaitable[None]]) -> None:
        """Start the seat's line (`start`) on `client` with the token kept in the file, and
        keep the token the host gives back."""
        if client.token is None:
            client.token = read_token(self.path)
        try:
            await start()
        except Refused as refusal:
            if refusal.reason != UNKNOWN_TOKEN or client.token is None:
                raise
            # The seat is gone (left in the lobby, another game): sit down anew.
            client.token = None
            client.refusal = None
            await start()
        if client.token is not None and client.role == "player":
            write_token(self.path, client.token)

    def sealed(self) -> tuple[int, dict[bytes, tuple[str, bytes]]]:
        return 0, {}

    def keep_sealed(self, period: int, choices: Sealings) -> None:
        return None


def take_the_terminal() -> None:
    """Make the front's pty this process's controlling terminal, so that the kernel sends
    it SIGHUP when the front's end closes, however the host ended (even by SIGKILL)."""
    if os.environ.get(FRONT_ENV) != "ssh" or not os.isatty(0):
        return
    with contextlib.suppress(OSError, ImportError):
        import fcntl
        import termios

        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def from_environment() -> tuple[str | None, Path | None]:
    """The PIN and seat file a front gave this process (None, None when run by hand)."""
    seat = os.environ.get(SEAT_FILE_ENV)
    return os.environ.get(PIN_ENV) or None, Path(seat) if seat else None
