"""Typing in the real board screen, against a minimal Textual app, under Pilot (headless,
80x24), each run a fresh process, the two alternating, 5 pairs:

1. Keystroke to redrawn live score: a 12-letter word typed letter by letter into the solo
   table's word box, each key pressed and the app let settle (`pilot.pause()`: its messages
   handled and the screen refreshed); the figure is the process's CPU time per keystroke
   (Pilot's press waits out fixed delays, about 100 ms of wall time, that would drown the
   app's own work). Baseline: a minimal app echoing an Input into a
   Static, typed the same way. Measured once the word list has loaded. Goal: per-keystroke
   median <= 1.5x the baseline's. To explain the figure (not part of the verdict), both apps
   are then sent a key bound to nothing (F12) the same way: Pilot's own wait after a key
   visits every widget on the screen, so it costs more on a screen of 25 widgets than on
   one of 8, whatever the key does.
2. Longest frame gap while the word list loads in the background after the first frame:
   the event loop's longest stall from the first frame until the loading thread is done
   (a tick every millisecond; a frame cannot be drawn while the loop is stalled).
   Baseline: the same ticker in the minimal app over as long. Goal: <= 50 ms.

    uv run python bench/app_typing.py [runs]
"""

from __future__ import annotations

import statistics
import sys

from paired import RUNS, figure, run_program

WORD = "intermediate"  # twelve letters

COMMON = """
import asyncio, json, statistics, sys, threading, time

WORD = sys.argv[1]
IDLE_KEY = "f12"  # bound to nothing in either app, and no input takes it

async def stall_while(busy, at_least):
    loop = asyncio.get_running_loop()
    longest, last, start = 0.0, loop.time(), loop.time()
    while busy() or loop.time() - start < at_least:
        await asyncio.sleep(0.001)
        now = loop.time()
        longest, last = max(longest, now - last), now
    return longest, loop.time() - start

def preloading():
    return any(t.name == "wordsy-referee-preload" for t in threading.enumerate())

async def keystrokes(pilot, keys=WORD):
    times = []
    for letter in keys:
        # CPU time: Pilot's press waits out fixed delays that would hide the app's work.
        start = time.process_time()
        await pilot.press(letter)
        await pilot.pause()
        times.append(time.process_time() - start)
    return times
"""

SOLO = (
    COMMON
    + """
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.referee.advice import Advisor
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.solo import solo_session
from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.state import Phase

async def drive(pilot):
    app = pilot.app
    while not (isinstance(app.screen, GameScreen) and app.state.phase is Phase.WRITING):
        await pilot.pause(0.001)
    await pilot.pause()
    # The first frame is up; the word list starts loading a moment later.
    stall, seconds = await stall_while(preloading, 1.0)
    from wordsy_tui.words.lexicon import load_lexicon
    await asyncio.to_thread(load_lexicon)
    await pilot.pause(0.2)
    times = await keystrokes(pilot)
    score = str(app.screen.query_one("#live-score").render())
    idle = await keystrokes(pilot, [IDLE_KEY] * len(WORD))
    app.exit({"stall": stall, "seconds": seconds, "keys": times, "score": score, "idle": idle})

advisor = Advisor()
session = solo_session("Ann", Difficulty.NORMAL, advisor, seed=1)
app = WordsyApp(session, name="Ann", advisor=advisor, bell=False)
print(json.dumps(app.run(headless=True, auto_pilot=drive, size=(80, 24))))
"""
)

MINIMAL = (
    COMMON
    + """
from textual.app import App
from textual.widgets import Footer, Input, Static

class Echo(App):
    def compose(self):
        yield Input()
        yield Static(id="echo")
        yield Footer()

    def on_input_changed(self, event):
        self.query_one("#echo", Static).update(event.value.upper())

async def drive(pilot):
    await pilot.pause()
    stall, seconds = await stall_while(lambda: False, float(sys.argv[2]))
    await pilot.pause(0.2)
    times = await keystrokes(pilot)
    idle = await keystrokes(pilot, [IDLE_KEY] * len(WORD))
    pilot.app.exit({"stall": stall, "seconds": seconds, "keys": times, "idle": idle})

print(json.dumps(Echo().run(headless=True, auto_pilot=drive, size=(80, 24))))
"""
)


def one(program: str, *args: str) -> dict[str, object]:
    return run_program(program, WORD, *args, timeout=120)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    solo, minimal = [], []
    for _ in range(runs):
        solo.append(one(SOLO))
        minimal.append(one(MINIMAL, f"{solo[-1]['seconds']:.3f}"))
    keys = [statistics.median(run["keys"]) * 1e3 for run in solo]  # type: ignore[arg-type]
    base = [statistics.median(run["keys"]) * 1e3 for run in minimal]  # type: ignore[arg-type]
    print(f"typing {WORD.upper()} letter by letter, {runs} pairs; the live score at the end:")
    print(f"  {solo[-1]['score']}")
    figure("keystroke in the minimal echo app", "-", base, " ms")
    figure("keystroke to live score, solo board screen", "-", keys, " ms")
    ratios = [k / b for k, b in zip(keys, base, strict=True)]
    figure(
        "keystroke to live score / minimal echo",
        "<= 1.5x",
        ratios,
        "x",
        statistics.median(ratios) <= 1.5,
    )
    # To explain the figure, not to make it: a key that changes nothing, the same way.
    # Pilot waits for every widget of the screen to answer after each key, so this part
    # grows with the number of widgets on the screen, whatever the key does.
    idle_base = [statistics.median(run["idle"]) * 1e3 for run in minimal]  # type: ignore[arg-type]
    idle_keys = [statistics.median(run["idle"]) * 1e3 for run in solo]  # type: ignore[arg-type]
    figure("a key that changes nothing, minimal echo app", "-", idle_base, " ms")
    figure("a key that changes nothing, solo board screen", "-", idle_keys, " ms")
    stalls = [float(run["stall"]) * 1e3 for run in solo]  # type: ignore[arg-type]
    figure(
        "longest loop stall, minimal app, as long",
        "-",
        [float(r["stall"]) * 1e3 for r in minimal],
        " ms",
    )  # type: ignore[arg-type]
    met = statistics.median(stalls) <= 50
    figure("longest frame gap while the word list loads", "<= 50 ms", stalls, " ms", met)


if __name__ == "__main__":
    main()
