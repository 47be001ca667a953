"""Run every benchmark, one after another, and print bench/README.md's table of figures.

    uv run python bench/run_all.py [--write] [--only NAME ...]

Each benchmark runs in its own process and prints its figures as it goes; their `@figure`
lines (see paired.py) are gathered into one table: figure, goal, median and spread of the
paired runs, verdict, date. `--write` also puts the table into bench/README.md, between
its `figures` markers (with `--only`, only the figures it measured change there). About
8-10 minutes on 2 shared cores.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
README = HERE / "README.md"
START, END = "<!-- figures: bench/run_all.py --write -->", "<!-- /figures -->"

# Quick ones first; each is `file, arguments`.
BENCHES: list[tuple[str, list[str]]] = [
    ("referee_bench.py", []),
    ("host_fanout.py", []),
    ("host_fanout.py", ["--memory-disk"]),
    ("net_fanout.py", []),
    ("net_spectators.py", []),
    ("net_memory.py", []),
    ("net_logsize.py", []),
    ("wordsy_game_log.py", []),
    ("host_memory.py", []),
    ("app_startup.py", []),
    ("app_typing.py", []),
    ("client_memory.py", []),
    ("net_crowd.py", []),
    ("ssh_front.py", []),
    ("scrabble_moves.py", []),
    ("wordsmith_round.py", []),
    # The longest by far: 1,000 whole games of Scrabble, 15-30 minutes on a shared core.
    ("leaves_match.py", []),
]


def run(name: str, args: list[str]) -> tuple[list[dict[str, Any]], float]:
    print(f"== {name} {' '.join(args)}", flush=True)
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, str(HERE / name), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=HERE.parent,
    )
    assert process.stdout is not None
    figures = []
    for line in process.stdout:
        if line.startswith("@figure "):
            figures.append(json.loads(line.removeprefix("@figure ")))
        else:
            print(line, end="", flush=True)
    if process.wait() != 0:
        print(f"   {name} failed (exit {process.returncode})", flush=True)
    return figures, time.perf_counter() - started


def cell(value: float) -> str:
    return f"{value:.3g}"


HEADER = [
    "| figure | goal | last measured: median (min-max), runs | verdict | date |",
    "| --- | --- | --- | --- | --- |",
]


def line(row: dict[str, Any]) -> str:
    measured = f"{cell(row['median'])}{row['unit']}"
    if row["runs"] > 1:
        measured += f" ({cell(row['low'])}-{cell(row['high'])}), {row['runs']}"
    verdict = {"met": "met", "NOT met": "**not met**"}.get(row["verdict"], "-")
    return f"| {row['name']} | {row['goal']} | {measured} | {verdict} | {row['date']} |"


def table(rows: list[dict[str, Any]]) -> str:
    return "\n".join([*HEADER, *(line(row) for row in rows)])


def write_readme(rows: list[dict[str, Any]]) -> None:
    """Put `rows` into the README's table: a figure measured again replaces its line, the
    others stay as they were (so `--only` updates only what it ran)."""
    readme = README.read_text()
    before, _, rest = readme.partition(START)
    old, _, after = rest.partition(END)
    fresh = {row["name"]: line(row) for row in rows}
    lines = []
    for kept in old.strip().splitlines()[len(HEADER) :]:
        name = kept.split("|")[1].strip()
        lines.append(fresh.pop(name, kept))
    text = "\n".join([*HEADER, *lines, *fresh.values()])
    README.write_text(f"{before}{START}\n{text}\n{END}{after}")


def main() -> int:
    only = (
        [arg for arg in sys.argv[sys.argv.index("--only") + 1 :] if not arg.startswith("--")]
        if "--only" in sys.argv
        else None
    )
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for name, args in BENCHES:
        if only is None or name.removesuffix(".py") in only or name in only:
            figures, seconds = run(name, args)
            print(f"   ({seconds:.0f} s)", flush=True)
            rows += figures
    text = table(rows)
    print(f"\nall benchmarks in {time.perf_counter() - started:.0f} s\n")
    print(text)
    if "--write" in sys.argv:
        write_readme(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
