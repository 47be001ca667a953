"""Leave values at work: the expert that picks by equity against the expert that takes the
top score, in whole two-player Scrabble games.

    uv run python bench/leaves_match.py [games] [--game scrabble|wwf|wordfeud] [--seed S]

Both know every word and play through the rules alone (`selfplay.play_game`: each decides
from its own view, `decide` referees). The equity side (`Pick.BEST`) ranks plays by score
plus the learned value of the tiles kept and exchanges when the leave it would keep is
worth more than every play; the score side (`Pick.SCORE`) takes the top score and
exchanges only with no play at all (keeping the same best leave). Game i is seeded i; the
equity side sits first in even games and second in odd ones (Scrabble then draws tiles
for who starts, so the starts are counted and printed). A tie counts half a win. Goal: the
equity side wins more than half, with the 95% interval (Wilson's) above 50%; the mean
spread (its score minus the other's, after the end-of-game adjustments) is printed with
its 95% interval. One process; about 1.5 s a game on a shared core (1,000: 25 min).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordsy_tui.engine.levels import Level  # noqa: E402
from wordsy_tui.games.tiles.rules import bots  # noqa: E402
from wordsy_tui.games.tiles.rules.config import TileGameConfig  # noqa: E402
from wordsy_tui.games.tiles.rules.rulesets import GameName  # noqa: E402
from wordsy_tui.games.tiles.rules.selfplay import play_game  # noqa: E402
from wordsy_tui.games.tiles.rules.words import shipped_words  # noqa: E402

EQUITY, SCORE = "equity", "score"
STYLES = {EQUITY: bots.TILE_STYLES[Level.EXPERT], SCORE: bots.SCORE_EXPERT}
Z95 = 1.96


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    rate = wins / games
    centre = (rate + Z95**2 / (2 * games)) / (1 + Z95**2 / games)
    half = (Z95 / (1 + Z95**2 / games)) * math.sqrt(
        rate * (1 - rate) / games + Z95**2 / (4 * games**2)
    )
    return centre - half, centre + half


def figure(
    name: str,
    goal: str,
    value: float,
    low: float,
    high: float,
    games: int,
    unit: str,
    met: bool | None = None,
) -> None:
    """One figure for run_all.py: the bracket is the 95% interval, not a min-max."""
    verdict = "" if met is None else ("met" if met else "NOT met")
    print(
        f"  {name}: {value:.3g}{unit} (95% interval {low:.3g}-{high:.3g}), {games} games,"
        f" goal {goal}: {verdict or '-'}"
    )
    line = {
        "name": name,
        "goal": goal,
        "median": value,
        "low": low,
        "high": high,
        "runs": games,
        "unit": unit,
        "verdict": verdict,
        "note": "95% interval",
        "date": time.strftime("%Y-%m-%d"),
    }
    print("@figure " + json.dumps(line), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=1000)
    parser.add_argument(
        "--game", default=GameName.SCRABBLE.value, choices=[g.value for g in GameName]
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = GameName(args.game)
    words = shipped_words()
    bots.vocabulary_dawg(bots.ALL_WORDS)
    wins = 0.0
    spreads: list[int] = []
    starts = {EQUITY: 0, SCORE: 0}
    started_wins = {EQUITY: 0.0, SCORE: 0.0}
    started = time.perf_counter()
    for number in range(args.games):
        seats = [EQUITY, SCORE] if number % 2 == 0 else [SCORE, EQUITY]
        final = play_game(
            TileGameConfig(game),
            [(name, STYLES[name]) for name in seats],
            random.Random(args.seed * 1_000_003 + number),
            words,
            bots.vocabulary_dawg,
        )
        spread = final.scores[EQUITY] - final.scores[SCORE]
        won = (
            1.0
            if EQUITY in final.winners and SCORE not in final.winners
            else (0.5 if EQUITY in final.winners else 0.0)
        )
        first = final.turns[0].player
        starts[first] += 1
        started_wins[first] += won
        wins += won
        spreads.append(spread)
        if (number + 1) % 50 == 0 or number + 1 == args.games:
            took = time.perf_counter() - started
            print(
                f"{number + 1} games in {took:.0f} s: equity side {wins / (number + 1):.1%},"
                f" mean spread {statistics.fmean(spreads):+.1f}",
                flush=True,
            )
    games = len(spreads)
    low, high = wilson(wins, games)
    mean = statistics.fmean(spreads)
    half = Z95 * statistics.stdev(spreads) / math.sqrt(games)
    print(
        f"{game}: equity side started {starts[EQUITY]} games (won "
        f"{started_wins[EQUITY]:.1f}), the score side {starts[SCORE]} (equity side won "
        f"{started_wins[SCORE]:.1f} of those)"
    )
    figure(
        f"{game}: expert by equity vs by score, wins",
        "> 50% wins",
        100 * wins / games,
        100 * low,
        100 * high,
        games,
        "%",
        met=low > 0.5,
    )
    figure(
        f"{game}: expert by equity vs by score, mean spread",
        "> 0",
        mean,
        mean - half,
        mean + half,
        games,
        " points",
        met=mean - half > 0,
    )


if __name__ == "__main__":
    main()
