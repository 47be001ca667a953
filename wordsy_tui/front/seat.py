"""The child's side of a front: the seat kept for it, and the PIN the front checked.

A front (SSH, web) starts `wordsy-tui join --connect 127.0.0.1:PORT --name NAME` with
these in its environment, never on its command line (anyone on the machine can read
another process's arguments; its environment only its owner can):

- `WORDSY_TUI_FRONT`: `ssh` when the child runs on a pty of the SSH front.
- `WORDSY_TUI_PIN`: the game's PIN, once the front has checked the player's answer.
- `WORDSY_TUI_SEAT_FILE`: a file, owner-only, holding the seat token of this name; the
  child reads it to take its seat back and writes the token the host gives it.
- `WORDSY_TUI_SEATS`: a browser tab's folder of seat files, one per name (`seat_file_for`):
  the web front keeps one for each browser, which the browser names with a cookie.
- `WORDSY_TUI_SOURCE`: the loopback address the child connects from, which stands for
  the player's own address at the host (`LoopbackSources`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
import socket
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Final

from net import Client, Refused
from net.limits import address_key
from net.protocol import GAME_FULL, GAME_STARTED, UNKNOWN_TOKEN
from wordsy_tui.table.basics import LOOPBACK
from wordsy_tui.table.kept import KEPT_FOLDER, SeatKeep, TokenKept
from wordsy_tui.text import shown

FRONT_ENV: Final = "WORDSY_TUI_FRONT"
PIN_ENV: Final = "WORDSY_TUI_PIN"
# A browser tab's child: how long its address must wait to guess again, the exit status
# of a tab that ended on a wrong PIN, and what it tells the web front the moment it was
# given one (a link to open, which the front keeps: it counts the guess per address).
PIN_WAIT_ENV: Final = "WORDSY_TUI_PIN_WAIT"
WRONG_PIN_EXIT: Final = 3
WRONG_PIN_SIGNAL: Final = "wordsy-tui:wrong-pin"
SEAT_FILE_ENV: Final = "WORDSY_TUI_SEAT_FILE"
SEATS_ENV: Final = "WORDSY_TUI_SEATS"
SOURCE_ENV: Final = "WORDSY_TUI_SOURCE"
# An SSH player's child: the command that watches this table from where they are, said when
# the host turns them away because the game has started or is full.
WATCH_ENV: Final = "WORDSY_TUI_WATCH"
MAX_TOKEN_BYTES: Final = 256


class LoopbackSources:
    """The loopback address each front's child connects to the game from, one per player's
    own address: the host paces new seats and PIN guesses per source address and exempts
    its own 127.0.0.1, so children that all came from there would share one record, and
    that one exempt. Linux answers on all of 127.0.0.0/8."""

    def __init__(self, game_host: str) -> None:
        self.usable = game_host == LOOPBACK and _can_bind(_PROBE)
        """False: the game listens elsewhere (`--bind ADDR`), or this system answers on
        127.0.0.1 alone; the children then connect as any program of the host's would."""

    def source(self, client: str) -> str | None:
        """The address a child for a player at `client` connects from (None: the system's
        pick, for a player on the host's own machine, exempt like its own seats)."""
        key = address_key(client)
        if not self.usable or key == LOOPBACK or client == "::1":
            return None
        digest = hashlib.sha256(key.encode()).digest()
        # Never 127.0.0.x (the host's own) nor an address ending in 0 or 255.
        return f"127.{1 + digest[0] % 255}.{digest[1]}.{1 + digest[2] % 254}"


_PROBE: Final = "127.0.0.2"


def _can_bind(address: str) -> bool:
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((address, 0))
        return True
    return False


def through_front(client: Client) -> None:
    """Connect `client` from the address the front chose for its player (`SOURCE_ENV`)."""
    source = os.environ.get(SOURCE_ENV)
    if source:
        client.config = dataclasses.replace(client.config, source=source)


def seat_file_for(folder: Path, name: str) -> Path:
    """The file in `folder` that holds the seat token of `name`."""
    # A name may hold any printable character: its file is named by its hash.
    return folder / f"{hashlib.sha256(name.encode()).hexdigest()[:32]}.token"


def read_token(path: Path) -> str | None:
    try:
        text = path.read_bytes()[:MAX_TOKEN_BYTES].decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if text and text.isprintable() else None


def write_token(path: Path, token: str) -> None:
    # Aside and renamed: the front never reads half a token.
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    spare = path.with_suffix(".tmp")
    spare.unlink(missing_ok=True)
    fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(token)
    spare.replace(path)


class SeatFile:
    """A front's child's keeper (`table.joined.SeatKeeper`), whatever the game: its seat
    token lives in a file the front keeps for the player's name, and what the seat keeps of
    the game in progress beside it (`table.kept`, a file per seat token)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._kept: TokenKept | None = None

    async def sit(self, client: Client, start: Callable[[], Awaitable[None]]) -> None:
        """Start the seat's line (`start`) on `client` with the token kept in the file, from
        the address the front chose for its player, and keep the token the host gives."""
        through_front(client)
        self._kept = TokenKept(SeatKeep(self.path.parent / KEPT_FOLDER), client)
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

    def kept(self) -> dict[str, Any] | None:
        return None if self._kept is None else self._kept.kept()

    def keep(self, kept: Mapping[str, Any] | None) -> None:
        if self._kept is not None:
            self._kept.keep(kept)


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


def watch_instead(refusal: BaseException | None) -> str | None:
    """What a player the host turned away from a started or full game can do instead, when
    a front knows how they may watch (over SSH: `ssh -p PORT watch@HOST`); else None."""
    command = os.environ.get(WATCH_ENV)
    if not command or getattr(refusal, "reason", None) not in (GAME_STARTED, GAME_FULL):
        return None
    return f"To watch instead: {shown(command)}"


def browser_seats() -> Path | None:
    """The folder of seat files the web front keeps for this tab's browser (None: none)."""
    seats = os.environ.get(SEATS_ENV)
    return Path(seats) if seats else None
