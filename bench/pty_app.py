"""A program in a real pseudo-terminal, as a person's terminal runs it: what the pty
benchmarks share (app_startup.py, app_typing.py, client_memory.py).

The program gets an 80x24 pty as its stdin, stdout and stderr, and a session of its own;
everything it writes is read as it comes, its escapes taken out, so that a benchmark can
wait for text to reach the terminal and know when it did. Nothing here uses Textual's
Pilot: the app runs as it does for a player.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import termios
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

NO_BYTECODE = "PYTHONDONTWRITEBYTECODE"
ESCAPES = re.compile(
    rb"\x1b\[[0-9;?<>=$]*[ -/]*[A-Za-z~@`]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
    rb"|\x1bP[^\x1b]*\x1b\\|\x1b[()][A-Z0-9]|\x1b[=>78]"
)

KEYS = {"enter": b"\r", "backspace": b"\x7f", "space": b" ", "escape": b"\x1b"}


def bytecode_env(home: Path) -> dict[str, str]:
    """Both sides of a start-up with bytecode, as an installed product has: written to and
    read from `home/pycache` only (this machine sets PYTHONDONTWRITEBYTECODE=1)."""
    env = {name: value for name, value in os.environ.items() if name != NO_BYTECODE}
    return env | {"PYTHONPYCACHEPREFIX": str(home / "pycache")}


class PtyApp:
    """`command` started on a fresh 80x24 pty; `started` is when, on perf_counter."""

    def __init__(
        self, command: Sequence[str], env: dict[str, str], home: Path, cwd: Path | None = None
    ) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = env | {
            "TERM": "xterm-256color",
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_CACHE_HOME": str(home / "cache"),
        }
        self.text = ""  # everything shown so far, escapes taken out
        self._raw = b""
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            list(command),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=cwd,
            start_new_session=True,
        )
        os.close(slave)

    def _read(self, timeout: float) -> float | None:
        """Read what has come within `timeout` seconds; when it came, or None."""
        if not select.select([self.master], [], [], timeout)[0]:
            return None
        try:
            chunk = os.read(self.master, 65536)
        except OSError as exc:  # the program ended: its side of the pty is closed
            raise EOFError(f"the program ended; it showed: {self.text[-500:]!r}") from exc
        when = time.perf_counter()
        raw = self._raw + chunk
        # An escape cut in two by the read is kept for the next one.
        cut = raw.rfind(b"\x1b")
        if cut >= 0 and not ESCAPES.match(raw, cut) and len(raw) - cut < 32:
            raw, self._raw = raw[:cut], raw[cut:]
        else:
            self._raw = b""
        self.text += ESCAPES.sub(b"", raw).decode(errors="replace")
        return when

    def wait_for(self, *marks: str, since: int = 0, timeout: float = 60) -> float:
        """When every one of `marks` had been shown after `self.text[since:]`'s start."""
        return self._until(lambda: all(m in self.text[since:] for m in marks), marks, timeout)

    def wait_for_match(self, pattern: str, since: int = 0, timeout: float = 60) -> float:
        """When text matching the regular expression `pattern` had been shown."""
        found = re.compile(pattern)
        return self._until(lambda: found.search(self.text, since) is not None, pattern, timeout)

    def _until(self, shown: Callable[[], bool], what: object, timeout: float) -> float:
        deadline = time.perf_counter() + timeout
        when = time.perf_counter()
        while not shown():
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no {what!r} on the screen; it showed {self.text[-600:]!r}")
            got = self._read(1)
            if got is not None:
                when = got
        return when

    def settle(self, quiet: float = 0.05) -> None:
        """Read until the program has written nothing for `quiet` seconds."""
        while self._read(quiet) is not None:
            pass

    def press(self, key: str, *marks: str, timeout: float = 30) -> float:
        """Seconds from writing `key` (a character or a name in KEYS) to the terminal until
        every one of `marks` has reached it."""
        since = len(self.text)
        sent = time.perf_counter()
        os.write(self.master, KEYS.get(key, key.encode()))
        return self.wait_for(*marks, since=since, timeout=timeout) - sent

    def peak_mb(self) -> float:
        """The program's peak resident memory so far (VmHWM), in MB."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024

    def close(self) -> None:
        # Its own session: whatever it started goes with it.
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        os.close(self.master)

    def __enter__(self) -> PtyApp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class HeadlessHost:
    """`PROGRAM host --headless OPTIONS` on loopback, not advertised, with its data in
    `home`: the host a benchmark's client joins. `program` starts the console (its script,
    or an interpreter and `-m` module)."""

    def __init__(
        self,
        program: Sequence[str],
        home: Path,
        env: dict[str, str],
        *options: str,
        cwd: Path | None = None,
    ) -> None:
        loopback = ["--no-advertise", "--bind", "127.0.0.1", "--port", "0"]
        self.process = subprocess.Popen(
            [*program, "host", "--headless", *loopback, *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env | {"XDG_DATA_HOME": str(home), "XDG_CONFIG_HOME": str(home)},
            cwd=cwd,
        )
        assert self.process.stdout is not None
        lines = self.process.stdout
        found = next((line for line in lines if "--connect 127.0.0.1:" in line), None)
        if found is None:
            raise RuntimeError("the headless host ended before it said its port")
        self.port = int(found.rsplit(":", 1)[1])
        # Its log lines, read so that a full pipe never stops it.
        threading.Thread(target=lines.read, daemon=True).start()

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
