"""The real program in a real terminal: tmux runs it, send-keys types, capture-pane reads.

Keys sent with `send-keys -l` arrive in one burst, as from a paste or an SSH link.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


class Terminal:
    def __init__(self, tmp_path: Path, size: tuple[int, int] = (80, 24)) -> None:
        if shutil.which("tmux") is None:
            pytest.skip("tmux is not installed (.ci/run installs it)")
        self.socket = tmp_path / "tmux.sock"
        self.data = tmp_path / "data"
        self.size = size
        self.started = False

    def tmux(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-S", str(self.socket), *args],
            capture_output=True,
            text=True,
            check=True,
        )
        return result.stdout

    def start(self, *wordsy_args: str) -> None:
        """Run `wordsy-tui ARGS`; when it ends, the pane shows `[exited STATUS]`."""
        self.run(sys.executable, "-m", "wordsy_tui", *wordsy_args)

    def run(self, *argv: str) -> None:
        """Run any program (e.g. the `ssh` client); the pane shows `[exited STATUS]` after."""
        program = shlex.join(argv)
        script = (
            f"cd {shlex.quote(str(ROOT))} && XDG_DATA_HOME={shlex.quote(str(self.data))} "
            f'{program}; echo "[exited $?]"; sleep 600'
        )
        width, height = self.size
        self.tmux("new-session", "-d", "-x", str(width), "-y", str(height), "bash", "-c", script)
        self.started = True

    def resize(self, width: int, height: int) -> None:
        """As a person drags the window's corner: the program gets SIGWINCH."""
        self.size = (width, height)
        self.tmux("resize-window", "-x", str(width), "-y", str(height))

    def burst(self, text: str) -> None:
        self.tmux("send-keys", "-l", text)

    def keys(self, *names: str) -> None:
        self.tmux("send-keys", *names)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p")

    def wait_for(self, found: Callable[[str], bool] | str, timeout: float = 30.0) -> str:
        check = (lambda screen: found in screen) if isinstance(found, str) else found
        until = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if check(screen):
                return screen
            if time.monotonic() > until:
                raise AssertionError(f"timed out; the screen shows:\n{screen}")
            time.sleep(0.1)

    def close(self) -> None:
        if self.started:
            subprocess.run(["tmux", "-S", str(self.socket), "kill-server"], check=False)
