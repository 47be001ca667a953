"""Tile games' move generator: every legal play of a mid-game position for a 7-tile rack.

    uv run python bench/scrabble_moves.py [runs]

Goals (issue 14): median <= 50 ms without a blank, <= 300 ms with one blank. The baseline,
paired in the same run, is the brute-force generator the property test trusts: for every
stretch of every row and column, a scan of the whole word list with a pattern, each
candidate judged and scored by the rules' own `assess`. Both use the real word list; each
run checks that they find the same plays with the same scores. Also printed: the DAWG's
build time and size (built once per process, on first use).
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc

from paired import RUNS, figure

from tests.games.tiles.rules.brute import brute_moves
from wordsy_tui.games.tiles.rules.board import EMPTY_BOARD, place
from wordsy_tui.games.tiles.rules.dawg import build_dawg
from wordsy_tui.games.tiles.rules.movegen import generate
from wordsy_tui.games.tiles.rules.notation import position_text
from wordsy_tui.games.tiles.rules.rulesets import SCRABBLE
from wordsy_tui.words.lexicon import load_lexicon

RACKS = {"no blank": "AEINRST", "one blank": "AEINRS?"}
GOALS_MS = {"no blank": 50, "one blank": 300}


def mid_game(dawg) -> str:
    """Eight plays, each the best for a rack drawn from a shuffled bag (fixed seed)."""
    rng = random.Random(3)
    bag = [t for t in SCRABBLE.full_bag() if t != "?"]
    rng.shuffle(bag)
    board = EMPTY_BOARD
    for _ in range(8):
        rack, bag = bag[:7], bag[7:]
        moves = generate(board, rack, SCRABBLE, dawg)
        if moves:
            board = place(board, max(moves, key=lambda m: (m.score, m.placement)).placement)
    return board


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    lexicon = load_lexicon()
    started = time.perf_counter()
    dawg = build_dawg(lexicon.words)
    built = time.perf_counter() - started
    # Again under tracemalloc, which slows the build several times: for its peak only.
    tracemalloc.start()
    build_dawg(lexicon.words)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"DAWG: {dawg.words} words, {len(dawg.masks)} nodes, {len(dawg.children)} edges")
    figure("scrabble DAWG size", "-", [dawg.nbytes / 1e6], " MB")
    figure("scrabble DAWG build peak (traced)", "-", [peak / 1e6], " MB")
    figure("scrabble DAWG build time", "-", [built * 1e3], " ms")
    words = [w for w in lexicon.words if 2 <= len(w) <= 15]
    board = mid_game(dawg)
    print(position_text(board))
    for name, rack in RACKS.items():
        fast, slow, ratios = [], [], []
        for _ in range(runs):
            started = time.perf_counter()
            moves = generate(board, rack, SCRABBLE, dawg)
            fast.append((time.perf_counter() - started) * 1e3)
            started = time.perf_counter()
            truth = brute_moves(board, rack, SCRABBLE, words)
            slow.append((time.perf_counter() - started) * 1e3)
            ratios.append(slow[-1] / fast[-1])
            if {(m.placement, m.score) for m in moves} != truth:
                raise SystemExit(f"{rack}: the generators disagree")
        print(f"{rack}: {len(moves)} plays")
        goal = GOALS_MS[name]
        figure(
            f"scrabble: every play, 7 tiles, {name}",
            f"<= {goal} ms",
            fast,
            " ms",
            met=sorted(fast)[len(fast) // 2] <= goal,
        )
        figure(f"the same by brute force, {name}", "-", slow, " ms")
        figure(f"brute force / generator, {name}", "-", ratios, "x")


if __name__ == "__main__":
    main()
