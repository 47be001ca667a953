"""What every benchmark shares: a verdict from the median of paired runs, its spread, and
one machine-readable line per figure for bench/run_all.py.

A figure is printed as `median (min-max)` over its paired runs; `@figure {...}` lines carry
the same numbers to run_all.py, which collects them into bench/README.md's table.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

RUNS = 5  # paired runs behind every verdict, at the least


def spread(values: Sequence[float], digits: int = 3) -> str:
    """`median (min-max)` of `values`, each to `digits` significant digits."""
    low, high = min(values), max(values)
    return f"{statistics.median(values):.{digits}g} ({low:.{digits}g}-{high:.{digits}g})"


def figure(
    name: str,
    goal: str,
    values: Sequence[float],
    unit: str = "",
    met: bool | None = None,
    note: str = "",
) -> None:
    """Print one figure with its verdict, and its line for run_all.py.

    `values` are the per-run figures (ratios, milliseconds...): the verdict is the caller's
    test on their median, or None when the figure has no goal of its own.
    """
    median = statistics.median(values)
    verdict = "" if met is None else ("met" if met else "NOT met")
    text = f"{spread(values)}{unit}"
    print(f"  {name}: {text}, median of {len(values)} runs, goal {goal}: {verdict or '-'}")
    line = {
        "name": name,
        "goal": goal,
        "median": median,
        "low": min(values),
        "high": max(values),
        "runs": len(values),
        "unit": unit,
        "verdict": verdict,
        "note": note,
        "date": time.strftime("%Y-%m-%d"),
    }
    print("@figure " + json.dumps(line), flush=True)


def cpu_seconds(pid: int) -> float:
    """CPU time of every thread of process `pid` so far, from the scheduler's nanoseconds
    (a clock tick's resolution would be too coarse for one command or one key)."""
    tasks = Path(f"/proc/{pid}/task")
    total = 0
    for task in tasks.iterdir():
        with contextlib.suppress(FileNotFoundError):  # a thread that has just ended
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


def run_program(program: str, *args: str, timeout: float = 300) -> Any:
    """Run `program` in a fresh interpreter; its last line of output, as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", program, *args],
        check=True,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])
