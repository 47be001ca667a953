"""Start-up to the first frame, in a real pseudo-terminal, for every entry point of the
`wordsy-tui` command, each against a minimal Textual app started the same way just before
it (pair by pair, alternating), in the same run:

- the start menu (`wordsy-tui`, no command);
- `solo` for each game: Wordsy, a tile game (`solo --game scrabble`), Word Nerds,
  Wordsmith;
- `join --connect` to a lobby (a headless host runs on loopback meanwhile);
- `host`, to its lobby (on loopback, not advertised);
- `host` as a player starts it (every address, advertised on the LAN) to its lobby, inside a
  private network namespace whose only interface is loopback (root's `unshare`; the row is
  left out where it cannot be made), the minimal app started the same way beside it: mDNS
  never leaves this machine.

Each program runs as a player's terminal runs it: its console script on an 80x24 pty
(bench/pty_app.py), no Pilot. Its first frame is the moment the terminal has received
both a text of the screen's top (the title or the first row) and the last text of its
footer: Textual draws a frame top to bottom, so the footer's end is the frame's end, and
the two together cannot be a screen half drawn or a screen before the real one. The
minimal app (a Static and a Footer) ends its frame with the same footer. Imports, the
command line, CSS, the first layout and its write all count.

Both sides start with bytecode, as an installed product does: this machine sets
PYTHONDONTWRITEBYTECODE=1 and a fresh .venv has no `__pycache__`; here each process reads
and writes its bytecode under the bench's temporary folder (PYTHONPYCACHEPREFIX) only,
warmed by one start of each program before the pairs are measured
(bench/client_memory.py measures a clone without bytecode).
Goal: each entry point <= 1.2x the minimal app, median of >= 10 pairs.

    uv run python bench/app_startup.py [pairs] [--only TEXT]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from paired import figure
from pty_app import HeadlessHost, PtyApp, bytecode_env

PAIRS = 10
CONSOLE = str(Path(sys.executable).with_name("wordsy-tui"))

MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Static

class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()

Minimal().run()
"""

PRIVATE_NETWORK = [
    "unshare",
    "--net",
    "--",
    "sh",
    "-c",
    "ip link set lo up && ip link set lo multicast on"
    ' && { ip route add 224.0.0.0/4 dev lo 2>/dev/null || true; } && exec "$@"',
    "private-network",
]
"""A command in a network namespace of its own, loopback its only interface (multicast on)."""

# name, arguments after `wordsy-tui`, the text at the top of its first screen, its
# footer's last text, whether both sides run in a private network. `{port}` is the
# headless host's, `{n}` the pair's number.
ENTRY_POINTS: list[tuple[str, list[str], str, str, bool]] = [
    ("start menu (`wordsy-tui`)", [], "W O R D S Y", "palette", False),
    ("`solo` (Wordsy)", ["solo", "--name", "Ann"], "Round 1 of 7", "palette", False),
    (
        "`solo --game scrabble`",
        ["solo", "--game", "scrabble", "--name", "Ann"],
        "Scrabble",
        "F1 Help",
        False,
    ),
    (
        "`solo --game wordnerds`",
        ["solo", "--game", "wordnerds", "--name", "Ann"],
        "Word Nerds",
        "Enter seals",
        False,
    ),
    (
        "`solo --game wordsmith`",
        ["solo", "--game", "wordsmith", "--name", "Ann"],
        "Wordsmith",
        "F1 Help",
        False,
    ),
    (
        "`join --connect` to a lobby",
        ["join", "--connect", "127.0.0.1:{port}", "--name", "J{n}"],
        "Lobby",
        "palette",
        False,
    ),
    (
        "`host` to its lobby",
        ["host", "--no-advertise", "--bind", "127.0.0.1", "--port", "0", "--name", "Hal"],
        "Lobby",
        "palette",
        False,
    ),
    (
        "`host` to its lobby, advertised (a private network)",
        ["host", "--name", "Hal"],
        "Lobby",
        "palette",
        True,
    ),
]


def private_network_works() -> bool:
    """Whether this machine lets the bench make a private network (root, `unshare`, `ip`)."""
    try:
        done = subprocess.run([*PRIVATE_NETWORK, "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def first_frame(command: list[str], env: dict[str, str], home: Path, top: str, end: str) -> float:
    """Seconds from starting `command` until its first frame has reached the terminal."""
    with PtyApp(command, env, home) as app:
        return app.wait_for(top, end) - app.started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairs", nargs="?", type=int, default=PAIRS, help="at least 10")
    parser.add_argument("--only", metavar="TEXT", help="the entry points whose name has TEXT")
    options = parser.parse_args()
    pairs = max(options.pairs, 10)
    chosen = [e for e in ENTRY_POINTS if options.only is None or options.only in e[0]]
    if not chosen:
        parser.error(f"no entry point's name has {options.only!r}")
    entries = [e for e in chosen if not e[4] or private_network_works()]
    if len(entries) < len(chosen):
        print("no private network here (root's unshare): `host` advertised is left out")
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        env = bytecode_env(home)
        script = home / "minimal.py"
        script.write_text(MINIMAL)
        minimal = [sys.executable, str(script)]
        # Every pair's join takes a new seat under a new name: a seat is freed a second
        # after its player goes.
        host = HeadlessHost([CONSOLE], home / "host", env, "--lobby-grace", "1")
        try:

            def entry(index: int, n: int) -> tuple[list[str], list[str], str, str]:
                """The minimal app's command and the entry point's, its marks."""
                _, args, top, end, private = entries[index]
                filled = [a.format(port=host.port, n=n) for a in args]
                wrap = PRIVATE_NETWORK if private else []
                return [*wrap, *minimal], [*wrap, CONSOLE, *filled], top, end

            # Warm the file cache and write every side's bytecode: this measures start-up,
            # not the disk or the compiler.
            first_frame(minimal, env, home, "hello", "palette")
            for index in range(len(entries)):
                _, command, top, end = entry(index, 0)
                first_frame(command, env, home / f"warm{index}", top, end)
            base: list[list[float]] = [[] for _ in entries]
            ours: list[list[float]] = [[] for _ in entries]
            for n in range(1, pairs + 1):
                for index in range(len(entries)):
                    baseline, command, top, end = entry(index, n)
                    base[index].append(first_frame(baseline, env, home, "hello", "palette"))
                    # A home of its own each time: no saved game, seat or setting carries over.
                    ours[index].append(
                        first_frame(command, env, home / f"run{n}-{index}", top, end)
                    )
        finally:
            host.close()
    print(f"start-up to the first frame on an 80x24 pty, {pairs} pairs each:")
    figure(
        "minimal Textual app, first frame", "-", [b * 1e3 for runs in base for b in runs], " ms"
    )
    for index, (name, *_) in enumerate(entries):
        figure(f"{name}, first frame", "-", [o * 1e3 for o in ours[index]], " ms")
        ratios = [o / b for o, b in zip(ours[index], base[index], strict=True)]
        met = statistics.median(ratios) <= 1.2
        figure(f"{name} / minimal app, first frame", "<= 1.2x", ratios, "x", met)
    return 0


if __name__ == "__main__":
    sys.exit(main())
