"""Cold start of the solo app to its first frame, against a minimal Textual app.

Each run is a fresh interpreter started the same way (`python -c`), so imports,
CSS parsing and the first layout all count. Then one solo round is played to
measure resident memory during a game. Goals: ratio <= 1.3, memory <= 80 MB.

    uv run python bench/app_startup.py [runs]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

# Both programs stop as soon as their first real frame is up.
MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Static

class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()

async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()

Minimal().run(headless=True, auto_pilot=first_frame, size=(80, 24))
"""

SOLO = """
from wordsy_tui.app import WordsyApp
from wordsy_tui.app.advice import Advisor
from wordsy_tui.app.screens.game import GameScreen
from wordsy_tui.app.solo import solo_session
from wordsy_tui.game.config import Difficulty
from wordsy_tui.game.state import Phase

async def first_frame(pilot):
    app = pilot.app
    while not (isinstance(app.screen, GameScreen) and app.state.phase is Phase.WRITING):
        await pilot.pause(0.001)
    await pilot.pause()
    app.exit()

advisor = Advisor()
session = solo_session("Ann", Difficulty.NORMAL, advisor, seed=1)
WordsyApp(session, name="Ann", advisor=advisor, bell=False).run(
    headless=True, auto_pilot=first_frame, size=(80, 24)
)
"""

GAME_MEMORY = """
from wordsy_tui.app import WordsyApp
from wordsy_tui.app.advice import Advisor
from wordsy_tui.app.solo import solo_session
from wordsy_tui.app.widgets.reveal import RevealPane
from wordsy_tui.game.config import Difficulty
from wordsy_tui.game.state import Phase

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


def timed(program: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", program], check=True)
    return time.perf_counter() - start


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    timed(MINIMAL)  # warm the file cache for both: this measures start-up, not the disk
    timed(SOLO)
    minimal, solo = [], []
    for _ in range(runs):
        minimal.append(timed(MINIMAL))
        solo.append(timed(SOLO))
    base, ours = statistics.median(minimal), statistics.median(solo)
    print(f"minimal Textual app to first frame: {base * 1000:.0f} ms (median of {runs})")
    print(f"wordsy-tui solo to first frame:     {ours * 1000:.0f} ms (median of {runs})")
    print(f"ratio: {ours / base:.2f}x (goal <= 1.3x)")
    memory = subprocess.run(
        [sys.executable, "-c", GAME_MEMORY], check=True, capture_output=True, text=True, timeout=60
    ).stdout.strip()
    print(f"resident memory after a solo round: {memory} MB (goal <= 80 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
