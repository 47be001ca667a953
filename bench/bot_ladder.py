"""The computer players' levels against each other, for their fixed ratings at a table.

    nice -n 10 uv run python bench/bot_ladder.py [games per pair]

Words with Friends (no challenges: each bot's own play is all there is), the real word
list, each level against the one above, each starting half the games, seeded. Prints how
often the higher level won (a tie counts half). docs/RULES.md, "Ratings at a table", says
what the table's ratings make of it.
"""

from __future__ import annotations

import random
import sys
import time

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.bots import TILE_STYLES, decide_turn
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.decide import decide
from wordsy_tui.games.tiles.rules.evolve import evolve
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.rules.words import shipped_words

WORDS = shipped_words()
PAIRS = ((Level.EASY, Level.MEDIUM), (Level.MEDIUM, Level.HARD), (Level.HARD, Level.EXPERT))


def game(first: Level, second: Level, seed: int) -> tuple[int, int]:
    """One game, `first` starting: the two final scores, the starter's first."""
    deal, think = random.Random(seed), random.Random(seed + 1)
    state = TileGameState()

    def do(seat: str | None, command: cmd.Command) -> None:
        nonlocal state
        for event in decide(state, seat, command, rng=deal, words=WORDS):
            state = evolve(state, event)

    do(None, cmd.CreateGame(TileGameConfig(GameName.WWF)))
    for seat in ("A", "B"):
        do(seat, cmd.JoinGame())
    do(None, cmd.StartGame())
    levels = {"A": first, "B": second}
    while state.phase is not Phase.OVER:
        seat = state.turn
        assert seat is not None
        move = decide_turn(state_for_seat(state, seat), seat, TILE_STYLES[levels[seat]], think)
        assert move is not None
        do(seat, move)
    return state.scores["A"], state.scores["B"]


def main(games: int) -> None:
    for lower, higher in PAIRS:
        started, won = time.process_time(), 0.0
        for n in range(games):
            low, high = game(lower, higher, n) if n % 2 else game(higher, lower, n)[::-1]
            won += 1.0 if high > low else 0.5 if high == low else 0.0
        spent = time.process_time() - started
        print(f"{higher} beat {lower}: {won:g} of {games} ({spent:.0f} s of CPU)", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
