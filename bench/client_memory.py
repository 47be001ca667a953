"""The client's peak resident memory in a real terminal, after a reveal, as a player who
has just cloned the project has it, with and without bytecode.

Two fresh clones of this checkout's last commit (`git clone`, then `uv sync`, with this
checkout's uv.lock when it has one, so the same versions): one never compiled, run with
PYTHONDONTWRITEBYTECODE=1 as this machine sets it (every start compiles every module from
source and writes nothing); one whose own modules and virtual environment were compiled
(`python -m compileall`), as an installed product is. The interpreter's standard library
has its bytecode in both.

Each run starts the clone's `wordsy-tui` on an 80x24 pty (bench/pty_app.py), plays to the
round's reveal and waits until its best words are shown (the word list and the word
search loaded), then reads the process's peak resident memory (VmHWM):

- Wordsy solo: `wordsy-tui solo`, a word typed and locked in;
- a LAN seat: `wordsy-tui join --connect` to a headless host on loopback with a computer
  player (this checkout's, fast: `tests/cli/fast_bots.py`; a fresh host each run), the
  game started from the lobby, a word typed and locked in.

Baseline, in the same run and the same clone, just before each: the minimal Textual app
of bench/app_startup.py on the same pty, its peak once its first frame is drawn. Without
and with bytecode alternate, run by run. Goal: <= 70 MB, median of 5 runs, each row (the
table says which).

    uv run python bench/client_memory.py [runs]
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from app_startup import MINIMAL
from paired import RUNS, figure
from pty_app import NO_BYTECODE, HeadlessHost, PtyApp

ROOT = Path(__file__).resolve().parent.parent
REVEALED = r"Best [a-z ]+: [A-Z]{2,}"  # the best words found (not "looking…")


def clone(into: Path, compiled: bool) -> Path:
    """A fresh clone with its own virtual environment; its `wordsy-tui`."""
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(into)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "UV_COMPILE_BYTECODE")}
    lock = ROOT / "uv.lock"
    frozen = ["--frozen"] if lock.exists() else []
    if lock.exists():
        shutil.copy(lock, into / "uv.lock")
    subprocess.run(["uv", "sync", "--quiet", *frozen], cwd=into, env=env, check=True)
    python = into / ".venv" / "bin" / "python"
    if compiled:
        site = subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for folder in (into / "wordsy_tui", into / "net", Path(site)):
            subprocess.run([str(python), "-m", "compileall", "-q", str(folder)], check=True)
    else:
        cached = [p for p in (into / ".venv").rglob("__pycache__") if any(p.iterdir())]
        if cached or any((into / "wordsy_tui").rglob("*.pyc")):
            raise RuntimeError(f"the clone without bytecode has some: {cached[:3]}")
    return into / ".venv" / "bin" / "wordsy-tui"


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
    return env | {NO_BYTECODE: "1"}


def solo_peak(console: Path, home: Path) -> float:
    with PtyApp([str(console), "solo", "--name", "Ann"], environment(), home) as app:
        app.wait_for("Round 1 of 7", "palette")
        return lock_in_and_reveal(app)


def minimal_peak(console: Path, home: Path) -> float:
    """The minimal app's peak, run by the clone's interpreter."""
    script = home / "minimal.py"
    home.mkdir(parents=True)
    script.write_text(MINIMAL)
    with PtyApp([str(console.with_name("python")), str(script)], environment(), home) as app:
        app.wait_for("hello", "palette")
        app.settle(0.2)
        return app.peak_mb()


def lock_in_and_reveal(app: PtyApp) -> float:
    since = len(app.text)
    app.press("a", " A: ")
    app.press("enter", "reveal")
    app.wait_for_match(REVEALED, since=since)
    app.settle(0.2)
    return app.peak_mb()


def seat_peak(console: Path, home: Path) -> float:
    fast = [sys.executable, "-m", "tests.cli.fast_bots"]
    host = HeadlessHost(fast, home / "host", dict(os.environ), "--bots", "1", cwd=ROOT)
    try:
        command = [str(console), "join", "--connect", f"127.0.0.1:{host.port}", "--name", "Jo"]
        with PtyApp(command, environment(), home / "seat") as app:
            app.wait_for("Lobby", "Start", "palette")
            # At a headless host the first person seated starts the game.
            app.press("enter", "Round 1 of 7", "palette")
            return lock_in_and_reveal(app)
    finally:
        host.close()


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    flows = (("Wordsy solo", solo_peak), ("a LAN seat", seat_peak))
    kinds = ("without bytecode", "with bytecode")
    peaks: dict[tuple[str, str], list[float]] = {(f, k): [] for f, _ in flows for k in kinds}
    base: dict[tuple[str, str], list[float]] = {(f, k): [] for f, _ in flows for k in kinds}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        consoles = {
            kind: clone(folder / kind.replace(" ", "-"), kind == kinds[1]) for kind in kinds
        }
        for run in range(runs):
            for flow, peak in flows:
                for kind in kinds:
                    home = folder / f"home-{run}-{flow[-4:]}-{kinds.index(kind)}"
                    base[flow, kind].append(minimal_peak(consoles[kind], home / "minimal"))
                    peaks[flow, kind].append(peak(consoles[kind], home))
            print(
                f"  run {run + 1}: "
                + ", ".join(
                    f"{f} {k} {v[-1]:.1f} MB (minimal app {base[f, k][-1]:.1f})"
                    for (f, k), v in peaks.items()
                ),
                flush=True,
            )
    print(f"client peak resident memory after a reveal, on an 80x24 pty, {runs} runs:")
    for kind in kinds:
        pooled = [b for flow, _ in flows for b in base[flow, kind]]
        figure(f"minimal Textual app, peak memory, {kind}", "-", pooled, " MB")
    for (flow, kind), values in peaks.items():
        met = statistics.median(values) <= 70
        name = f"client peak memory after a reveal, {flow}, {kind}"
        figure(name, "<= 70 MB", values, " MB", met)
        ratios = [v / b for v, b in zip(values, base[flow, kind], strict=True)]
        figure(f"the same / minimal app, {flow}, {kind}", "-", ratios, "x")


if __name__ == "__main__":
    main()
