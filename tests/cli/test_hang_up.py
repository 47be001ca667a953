"""A program whose terminal hangs up ends, even when the kernel does not tell it: started on
a terminal it does not control, nobody sends it SIGHUP."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

from tests.terminal import ROOT

GUARD_SECONDS = 60.0  # a guard, not a timing assertion: the watch looks every 2 s


def test_a_program_whose_terminal_hung_up_ends_as_sighup_would_end_it(tmp_path: Path) -> None:
    master, slave = os.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "XDG_DATA_HOME": str(tmp_path)}
    # A new session with no controlling terminal: no SIGHUP will come when the pty closes.
    program = subprocess.Popen(
        [sys.executable, "-m", "wordsy_tui"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    try:
        drawn = b""
        deadline = time.monotonic() + GUARD_SECONDS
        while b"palette" not in drawn and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                drawn += os.read(master, 65536)
        assert b"palette" in drawn, "the start menu came up"
        os.close(master)  # the window closes
        master = -1
        assert program.wait(timeout=GUARD_SECONDS) == 128 + 1  # SIGHUP's status
    finally:
        if master >= 0:
            os.close(master)
        if program.poll() is None:
            program.kill()
            program.wait()
