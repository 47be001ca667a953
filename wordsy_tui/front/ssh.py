"""`host --ssh`: friends play with the `ssh` client every laptop has.

Each SSH session gets a pseudo-terminal and one child process, an ordinary
`wordsy-tui join --connect` client of the host (same protocol, reconnects and
commit-reveal as every player), whose process group ends with the session. The
front only carries bytes between the SSH channel and that terminal, checks the
PIN and keeps each name's seat token, bound to the player's SSH key when one is
offered. See docs/SSH.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hmac
import json
import os
import re
import signal
import struct
import sys
import termios
import time
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import asyncssh

from net.limits import PinGuard, PinPolicy, address_key
from wordsy_tui.engine.names import name_problem
from wordsy_tui.front.seat import (
    FRONT_ENV,
    PIN_ENV,
    SEAT_FILE_ENV,
    SOURCE_ENV,
    WATCH_ENV,
    LoopbackSources,
    seat_file_for,
)
from wordsy_tui.table.basics import LOOPBACK
from wordsy_tui.text import shown

DEFAULT_SSH_PORT: Final = 2222
SPECTATOR_USER: Final = "watch"
HOST_KEY_NAME: Final = "ssh_host_ed25519_key"
# Each session is a process of its own (~60 MB): watchers over SSH are capped well below
# the game's spectator cap, which counts cheap network clients.
MAX_SSH_WATCHERS: Final = 20
PER_ADDRESS_CONNECTIONS: Final = 8
IDLE_SECONDS: Final = 3600.0
LOGIN_SECONDS: Final = 20.0
# Terminal sizes beyond these are clamped: a window of a million cells costs the child.
MIN_COLUMNS, MAX_COLUMNS = 20, 400
MIN_ROWS, MAX_ROWS = 8, 200
INPUT_BUFFER: Final = 64 * 1024
MAX_PIN_BYTES: Final = 64
STOP_GRACE_SECONDS: Final = 3.0
_TERM: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
# What the child needs from the host's environment; nothing else of it is passed on.
_KEPT_ENV: Final = (
    "PATH",
    "HOME",
    "USER",
    "LOGNAME",
    "TMPDIR",
    "VIRTUAL_ENV",
    "XDG_DATA_HOME",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
)


@dataclass(frozen=True)
class SshLimits:
    max_sessions: int
    per_address: int = PER_ADDRESS_CONNECTIONS
    exempt: tuple[str, ...] = ("127.0.0.1", "::1")
    """The host's own machine: not held to the per-address limit (like its own seats)."""
    idle_seconds: float = IDLE_SECONDS
    login_seconds: float = LOGIN_SECONDS


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """A terminal size the child can draw: 0 (unknown) is 80x24, the absurd is clamped."""
    columns = columns or 80
    rows = rows or 24
    return min(max(columns, MIN_COLUMNS), MAX_COLUMNS), min(max(rows, MIN_ROWS), MAX_ROWS)


def term_type(term: str | None) -> str:
    """The client's TERM when it is a plausible terminal name; a common one otherwise."""
    return term if term and _TERM.fullmatch(term) else "xterm-256color"


def host_key_path(data_dir: Path | None = None) -> Path:
    if data_dir is None:
        from platformdirs import user_data_dir

        from wordsy_tui.table.basics import APP_NAME

        data_dir = Path(user_data_dir(APP_NAME))
    return data_dir / HOST_KEY_NAME


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The host's persistent ed25519 key, made on first use, so friends' known_hosts
    stays valid from one game to the next."""
    if path.exists():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="wordsy-tui host")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    return key


class SeatKeeper:
    """Each name's seat token file and the SSH key it was first seen with.

    It lives beside the game's log, owner-only, so a resumed game still knows them.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0o700)
        self.keys_path = folder / "keys.json"

    def seat_file(self, name: str) -> Path:
        return seat_file_for(self.folder, name)

    def keys(self) -> dict[str, str]:
        try:
            data = json.loads(self.keys_path.read_text())
        except (OSError, ValueError):
            return {}
        return (
            {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}
        )

    def owner_problem(self, name: str, key: str | None) -> str | None:
        """Why this connection cannot take `name`'s seat, or None (first sight binds a key)."""
        bound = self.keys().get(name)
        if bound is None:
            if key is not None:
                keys = self.keys()
                keys[name] = key
                spare = self.keys_path.with_suffix(".tmp")
                spare.write_text(json.dumps(keys))
                spare.replace(self.keys_path)
            return None
        if key is None or not hmac.compare_digest(bound, key):
            return (
                f"The seat of {name} was taken with another SSH key: "
                "come back with that key, or pick another name."
            )
        return None

    def owned_by(self, name: str, key: str | None) -> bool:
        """`name` is bound to this very key (it proved the PIN when it first sat down)."""
        bound = self.keys().get(name)
        return key is not None and bound is not None and hmac.compare_digest(bound, key)


class SshFront:
    """The SSH server beside a game: one child `join` client per session."""

    def __init__(
        self,
        *,
        game_address: tuple[str, int],
        seats_folder: Path,
        pin: str | None,
        limits: SshLimits,
        bind: str = "0.0.0.0",
        port: int = DEFAULT_SSH_PORT,
        host_key: Path | None = None,
        child: list[str] | None = None,
        watchers: int = MAX_SSH_WATCHERS,
    ) -> None:
        self.game_address = game_address
        self.sources = LoopbackSources(game_address[0])
        self.seats = SeatKeeper(seats_folder)
        self.pin = pin
        self.limits = limits
        self.watchers = watchers
        self.bind = bind
        self.wanted_port = port
        self.host_key_path = host_key or host_key_path()
        self.child = child or [sys.executable, "-m", "wordsy_tui"]
        self.sessions: set[_Session] = set()
        self.connections: Counter[str] = Counter()
        self.pins = PinGuard(PinPolicy(), time.monotonic())
        self.fingerprint = ""
        self._server: asyncssh.SSHAcceptor | None = None

    @property
    def port(self) -> int:
        assert self._server is not None
        return int(self._server.get_port())

    async def start(self) -> None:
        key = load_host_key(self.host_key_path)
        self.fingerprint = key.get_fingerprint("sha256")
        self._server = await asyncssh.create_server(
            lambda: _Server(self),
            self.bind or None,
            self.wanted_port,
            server_host_keys=[key],
            encoding=None,
            line_editor=False,
            login_timeout=self.limits.login_seconds,
            keepalive_interval=15,
            keepalive_count_max=4,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            reuse_address=True,
        )

    async def stop(self) -> None:
        for session in list(self.sessions):
            session.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        for session in list(self.sessions):
            await session.ended()

    def check_pin(self, source: str, answer: str) -> str | None:
        """Why this PIN does not let the player in, or None; paced per address like the
        host's own check, so that the host's loopback is never the one held back."""
        assert self.pin is not None
        now = time.monotonic()
        wait = self.pins.wait(source, now)
        if wait > 0:
            return f"Too many wrong PINs from your address lately: try again in {wait:.0f} s."
        if hmac.compare_digest(answer.encode(), self.pin.encode()):
            self.pins.succeeded(source)
            return None
        self.pins.failed(source, now)
        return "Wrong PIN."


class _Server(asyncssh.SSHServer):
    """One SSH connection: authentication, and its sessions."""

    def __init__(self, front: SshFront) -> None:
        self.front = front
        self.source = "?"
        self.key: str | None = None
        self.opened = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.source = address_key(str(peer[0]))
        front = self.front
        front.connections[self.source] += 1
        local = self.source in front.limits.exempt
        too_many = (not local and front.connections[self.source] > front.limits.per_address) or (
            front.connections.total() > front.limits.max_sessions + front.limits.per_address
        )
        if too_many:  # before the key exchange: a flood costs next to nothing
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.front.connections[self.source] -= 1
        if self.front.connections[self.source] <= 0:
            del self.front.connections[self.source]

    def begin_auth(self, username: str) -> bool:
        return True  # so that a client offers its key, which then guards the name's seat

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self.key = key.get_fingerprint("sha256")
        return True

    def kbdint_auth_supported(self) -> bool:
        return True  # no key: in without a question (the PIN is asked on screen)

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key = None
        return True

    def session_requested(self) -> _Session | bool:
        # One session per connection: channels are cheap to ask for, children are not.
        if self.opened:
            return False
        self.opened = True
        return _Session(self.front, self)


class _Session(asyncssh.SSHServerSession[bytes]):
    """One SSH session: a pty, one child process, and the bytes between them and SSH."""

    def __init__(self, front: SshFront, server: _Server) -> None:
        self.front = front
        self.server = server
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.has_pty = False
        self.command: str | None = None
        self.name = ""
        self.spectate = False
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self.pending = bytearray()
        self.pin_answer: bytearray | None = None
        self.last_input = time.monotonic()
        self.paused_output = False
        self._tasks: set[asyncio.Task[object]] = set()
        self._done = asyncio.get_running_loop().create_future()

    # -- asyncssh's callbacks ---------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term: str, size: tuple[int, int, int, int], modes: object) -> bool:
        self.has_pty = True
        self.term = term_type(term)
        self.size = clamp_size(size[0], size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command.strip()
        return True

    def session_started(self) -> None:
        problem = self._admit()
        if problem is not None:
            self.refuse(problem)
            return
        self.front.sessions.add(self)
        self._spawn_task(self._watch_idle())
        if self.front.pin is not None and not self.front.seats.owned_by(
            self.name, self.server.key
        ):
            self.pin_answer = bytearray()
            self.say("This game has a PIN. PIN: ")
            self._spawn_task(self._pin_deadline())
            return
        self._spawn_task(self._run_child())

    def data_received(self, data: bytes, datatype: object) -> None:
        self.last_input = time.monotonic()
        if self.pin_answer is not None:
            self._pin_typed(data)
            return
        if self.master is None:
            return  # the child is not there yet, or gone
        self.pending += data
        self._flush_input()

    def eof_received(self) -> bool:
        self.close()
        return False

    def terminal_size_changed(
        self, width: int, height: int, pixwidth: int, pixheight: int
    ) -> None:
        self.size = clamp_size(width, height)
        if self.master is not None:
            _set_size(self.master, self.size)
            if self.process is not None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.process.pid, signal.SIGWINCH)

    def pause_writing(self) -> None:
        # The client does not read: stop reading the child, whose pty then fills and waits.
        self.paused_output = True
        if self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)

    def resume_writing(self) -> None:
        self.paused_output = False
        if self.master is not None:
            asyncio.get_running_loop().add_reader(self.master, self._child_output)

    def connection_lost(self, exc: Exception | None) -> None:
        self.close()

    # -- admission ----------------------------------------------------------------------------

    def _admit(self) -> str | None:
        """Why this session cannot play, or None; sets its name and role."""
        if not self.has_pty:
            return (
                "Wordsy needs a terminal: connect with `ssh -t`, and without a command "
                "(e.g. ssh -t -p PORT NAME@HOST)."
            )
        username = self.chan.get_extra_info("username") if self.chan else ""
        self.spectate = username.casefold() == SPECTATOR_USER or self.command == SPECTATOR_USER
        if self.command not in (None, "", SPECTATOR_USER):
            return f"Nothing to run here: use `ssh -p PORT NAME@HOST`, or add `{SPECTATOR_USER}`."
        front = self.front
        playing = [s for s in front.sessions if not s.spectate]
        watching = len(front.sessions) - len(playing)
        if len(front.sessions) >= front.limits.max_sessions:
            return "The table is full: no more sessions over SSH just now."
        if self.spectate:
            self.name = SPECTATOR_USER
            if watching >= front.watchers:
                return "Too many watching over SSH just now."
            return None
        problem = name_problem(username, ())  # at an empty table: no bot-shaped names either
        if problem is not None:
            return f"{shown(username)!r} cannot be your name at the table: {problem}"
        self.name = username
        if any(s.name == username for s in playing):
            return f"{username} is playing from another session already."
        return front.seats.owner_problem(username, self.server.key)

    def _pin_typed(self, data: bytes) -> None:
        assert self.pin_answer is not None
        for byte in data:
            if byte in (3, 4):  # Ctrl+C, Ctrl+D
                self.refuse("Bye.")
                return
            if byte in (13, 10):
                answer, self.pin_answer = self.pin_answer.decode(errors="replace"), None
                self.say("\r\n")
                problem = self.front.check_pin(self.server.source, answer)
                if problem is not None:
                    self.refuse(problem)
                    return
                self._spawn_task(self._run_child())
                return
            if byte in (8, 127):
                del self.pin_answer[-1:]
            elif byte >= 32 and len(self.pin_answer) < MAX_PIN_BYTES:
                self.pin_answer.append(byte)

    # -- the child ----------------------------------------------------------------------------

    def _child_command(self) -> list[str]:
        host, port = self.front.game_address
        command = [*self.front.child, "join", "--connect", f"{host}:{port}", "--name", self.name]
        return [*command, "--spectate"] if self.spectate else command

    def _child_env(self) -> dict[str, str]:
        env = {k: os.environ[k] for k in _KEPT_ENV if k in os.environ}
        env.update(TERM=self.term or "xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env[FRONT_ENV] = "ssh"
        if self.front.pin is not None:
            env[PIN_ENV] = self.front.pin  # checked above; never on the command line
        if not self.spectate:
            env[SEAT_FILE_ENV] = str(self.front.seats.seat_file(self.name))
            env[WATCH_ENV] = self._watch_command()
        source = self.front.sources.source(self.server.source)
        if source is not None:
            env[SOURCE_ENV] = source  # the host paces new seats per player's address
        return env

    def _watch_command(self) -> str:
        """How this player watches the table instead, at the address and port they came in by."""
        sockname = self.chan.get_extra_info("sockname") if self.chan else None
        host, port = (sockname[0], sockname[1]) if sockname else (LOOPBACK, 22)
        return f"ssh -p {port} {SPECTATOR_USER}@{f'[{host}]' if ':' in host else host}"

    async def _run_child(self) -> None:
        master, slave = os.openpty()
        _set_size(slave, self.size)
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self._child_command(),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=self._child_env(),
                start_new_session=True,  # its own process group, ended with the session
            )
        except OSError as error:
            os.close(master)
            self.refuse(f"The game could not start: {error}")
            return
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        if not self.paused_output:
            asyncio.get_running_loop().add_reader(master, self._child_output)
        status = await self.process.wait()
        # The last of its output (a refusal's reason) may still be in the pty.
        with contextlib.suppress(OSError):
            await asyncio.sleep(0.05)
            self._child_output()
        if self.chan is not None:
            with contextlib.suppress(OSError):
                self.chan.exit(status if status >= 0 else 1)
        self.close()

    def _child_output(self) -> None:
        if self.master is None or self.chan is None:
            return
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the child closed its terminal
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self.chan.write(data)

    def _flush_input(self) -> None:
        loop = asyncio.get_running_loop()
        if self.master is None:
            return
        try:
            written = os.write(self.master, self.pending) if self.pending else 0
        except BlockingIOError:
            written = 0
        except OSError:
            self.pending.clear()
            return
        del self.pending[:written]
        if self.pending:
            loop.add_writer(self.master, self._drain_input)
            if len(self.pending) > INPUT_BUFFER and self.chan is not None:
                self.chan.pause_reading()  # a flood of keys waits in the SSH window
        else:
            loop.remove_writer(self.master)
            if self.chan is not None:
                self.chan.resume_reading()

    def _drain_input(self) -> None:
        self._flush_input()

    async def _pin_deadline(self) -> None:
        # A prompt left open holds a place at the table: not for long.
        await asyncio.sleep(self.front.limits.login_seconds * 3)
        if self.pin_answer is not None:
            self.refuse("No PIN given: session ended.")

    async def _watch_idle(self) -> None:
        idle = self.front.limits.idle_seconds
        while True:
            left = self.last_input + idle - time.monotonic()
            if left <= 0:
                self.refuse(f"No key pressed for {idle / 60:.0f} minutes: session ended.")
                return
            await asyncio.sleep(min(left, 60.0))

    # -- ending -------------------------------------------------------------------------------

    def say(self, text: str) -> None:
        if self.chan is not None:
            with contextlib.suppress(OSError):
                self.chan.write(text.replace("\n", "\r\n").encode())

    def refuse(self, message: str) -> None:
        self.say(f"\n{message}\n")
        if self.chan is not None:
            with contextlib.suppress(OSError):
                self.chan.exit(1)
        self.close()

    def close(self) -> None:
        if self._done.done():
            return
        self._done.set_result(None)
        if self.chan is not None:
            self.chan.close()
        self.front.sessions.discard(self)
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()
        if self.master is not None:
            loop = asyncio.get_running_loop()
            loop.remove_reader(self.master)
            loop.remove_writer(self.master)
        asyncio.get_running_loop().create_task(self._end_child())

    async def _end_child(self) -> None:
        process = self.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), STOP_GRACE_SECONDS)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, signal.SIGKILL)
                await process.wait()
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None

    async def ended(self) -> None:
        await self._done
        if self.process is not None and self.process.returncode is None:
            await self.process.wait()

    def _spawn_task(self, coro: Coroutine[object, object, object]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _set_size(fd: int, size: tuple[int, int]) -> None:
    columns, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
