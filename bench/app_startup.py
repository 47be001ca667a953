"""Cold start of the real `wordsy-tui solo` command to its first frame, against a minimal
Textual app started the same way (an interpreter running a script, on a pseudo-terminal of
80x24), alternated pair by pair. A run ends when the frame's footer ("palette", which both
apps show) has reached the terminal: imports, the command line, CSS, the first layout and
its write all count. Goal: ratio <= 1.2, median of >= 10 pairs.

Both sides start with bytecode, as an installed product does: this machine sets
PYTHONDONTWRITEBYTECODE=1 and a fresh .venv has no `__pycache__`, so without it each start
would compile Textual and the game from source (0.47 s of imports instead of 0.21 s), and
the figure would depend on which checkout happens to have bytecode. Each process here runs
without that variable and with PYTHONPYCACHEPREFIX in the bench's temporary folder, and one
warm-up start of each app fills it before the pairs are measured; nothing outside that
folder is written.

Then one solo round is played under Pilot to read resident memory during a game (the
client's figure; goal <= 70 MB), median of 5 runs.

    uv run python bench/app_startup.py [pairs]
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from paired import RUNS, figure

PAIRS = 10
MARK = b"palette"
NO_BYTECODE = "PYTHONDONTWRITEBYTECODE"
ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=$]*[A-Za-z~]|\x1b[()][A-Z0-9]|\x1b[=>]")

MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Static

class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()

Minimal().run()
"""

GAME_MEMORY = """
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.referee.advice import Advisor
from wordsy_tui.games.wordsy.solo import solo_session
from wordsy_tui.games.wordsy.app.widgets.reveal import RevealPane
from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.state import Phase

def rss_mb():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmRSS:"))

async def play_a_round(pilot):
    app = pilot.app
    while app.state.phase is not Phase.WRITING:
        await pilot.pause(0.01)
    word = "".join(card.letter for card in app.state.board.cards[:4])
    await pilot.press(*word.lower(), "enter")
    # The hints and the reveal's best word load the word list and the word search.
    while app.screen.query_one(RevealPane).best is None:
        await pilot.pause(0.05)
    await pilot.press("enter")
    while app.state.round != 2:
        await pilot.pause(0.01)
    app.exit(rss_mb())

advisor = Advisor()
session = solo_session("Ann", Difficulty.NORMAL, advisor, seed=1)
app = WordsyApp(session, name="Ann", advisor=advisor, bell=False)
print(f"{app.run(headless=True, auto_pilot=play_a_round, size=(80, 24)):.1f}")
"""


def first_frame(command: list[str], home: Path) -> float:
    """Seconds from starting `command` on an 80x24 pty until MARK has been written."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {
        **{name: value for name, value in os.environ.items() if name != NO_BYTECODE},
        "TERM": "xterm-256color",
        "XDG_DATA_HOME": str(home),
        "XDG_CONFIG_HOME": str(home),
        # Bytecode for both sides, in the temporary folder only (see the docstring).
        "PYTHONPYCACHEPREFIX": str(home / "pycache"),
    }
    started = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    output = bytearray()
    try:
        deadline = started + 60
        while MARK not in ESCAPES.sub(b"", output):
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no first frame from {command}: {bytes(output[-300:])!r}")
            if select.select([master], [], [], 1)[0]:
                output += os.read(master, 65536)
        return time.perf_counter() - started
    finally:
        process.kill()
        process.wait()
        os.close(master)


def main() -> int:
    pairs = max(int(sys.argv[1]) if len(sys.argv) > 1 else PAIRS, 10)
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        script = home / "minimal.py"
        script.write_text(MINIMAL)
        minimal = [sys.executable, str(script)]
        # The real command line: the console script `uv sync` installed.
        solo = [str(Path(sys.executable).with_name("wordsy-tui")), "solo", "--name", "Ann"]
        # Warm the file cache and write both sides' bytecode: this measures start-up, not
        # the disk or the compiler.
        first_frame(minimal, home)
        first_frame(solo, home)
        base, ours = [], []
        for _ in range(pairs):
            base.append(first_frame(minimal, home))
            ours.append(first_frame(solo, home))
    print(f"cold start to the first frame, {pairs} pairs:")
    figure("minimal Textual app, first frame", "-", [b * 1e3 for b in base], " ms")
    figure("`wordsy-tui solo`, first frame", "-", [o * 1e3 for o in ours], " ms")
    ratios = [o / b for o, b in zip(ours, base, strict=True)]
    figure(
        "cold start `wordsy-tui solo` / minimal app",
        "<= 1.2x",
        ratios,
        "x",
        statistics.median(ratios) <= 1.2,
    )
    memory = [
        float(
            subprocess.run(
                [sys.executable, "-c", GAME_MEMORY],
                check=True,
                capture_output=True,
                text=True,
                timeout=120,
            ).stdout.strip()
        )
        for _ in range(RUNS)
    ]
    figure(
        "client resident memory, solo round 1 played",
        "<= 70 MB",
        memory,
        " MB",
        statistics.median(memory) <= 70,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
