"""The balance simulation: computer players against each other, and what their scores are
made of. `uv run python -m wordsy_tui.games.wordsmith.simulate --games 1000 --players 2 5 10`

Each game runs through the rules as a table would: the host starts it, every bot seals
its turn (commit-reveal) from its own view, reveals it, and the rounds close. The table
printed is the one docs/RULES.md ("Wordsmith", "Balance") shows: the score spread, how
often each item and goal is completed, the part of the score from each source, and the
coin debt.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from wordsy_tui.games.wordsmith import commands as cmd
from wordsy_tui.games.wordsmith.bots import Level, choose_turn
from wordsy_tui.games.wordsmith.components import GOALS, ITEMS, Kind
from wordsy_tui.games.wordsmith.config import WordsmithConfig
from wordsy_tui.games.wordsmith.decide import decide
from wordsy_tui.games.wordsmith.evolve import evolve
from wordsy_tui.games.wordsmith.scoring import LABELS, LINES
from wordsy_tui.games.wordsmith.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.turn import commit
from wordsy_tui.games.wordsmith.view import state_for
from wordsy_tui.games.wordsmith.vocabulary import Vocabulary
from wordsy_tui.games.wordsmith.words import Words

SALT = bytes(16)
"""The bots' salt: the simulation has no secrets to keep."""
FORGES = (Kind.GOBLET, Kind.SWORD, Kind.AXE)


@dataclass
class Tally:
    """What the games of one size came to."""

    players: int
    games: int = 0
    totals: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    lines: Counter[str] = field(default_factory=Counter)
    forged: Counter[Kind] = field(default_factory=Counter)
    rings: Counter[int] = field(default_factory=Counter)
    goal_played: Counter[int] = field(default_factory=Counter)
    goal_reached: Counter[int] = field(default_factory=Counter)
    """Players who reached each goal, over the players of games where it was in play."""
    debts: list[int] = field(default_factory=list)
    spent: list[int] = field(default_factory=list)
    crowns: list[int] = field(default_factory=list)
    words: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    """Each round's thinking, all bots together, in processor seconds (the machine's other
    work does not count)."""


def play(
    players: int,
    levels: Sequence[Level],
    vocabulary: Vocabulary,
    words: Words,
    seed: int,
    config: WordsmithConfig | None = None,
) -> tuple[WordsmithState, list[float]]:
    """One game of bots, from start to end: the final state and each round's thinking
    time (processor seconds, all bots together)."""
    rng = random.Random(seed)
    names = tuple(f"Bot {i + 1}" for i in range(players))
    state = WordsmithState()
    seconds: list[float] = []

    def do(actor: str | None, command: cmd.Command) -> None:
        nonlocal state
        for event in decide(state, actor, command, rng, words):
            state = evolve(state, event)

    do(None, cmd.StartGame(names, frozenset(names), config or WordsmithConfig()))
    while state.phase is not Phase.OVER:
        began = time.process_time()
        turns = {
            name: choose_turn(
                state_for(state, name), name, levels[i % len(levels)], vocabulary, words, rng
            )
            for i, name in enumerate(names)
        }
        seconds.append(time.process_time() - began)
        for name, turn in turns.items():
            do(name, cmd.Seal(commit(turn, SALT)))
        for name, turn in turns.items():
            do(name, cmd.Reveal(turn, SALT))
    return state, seconds


def tally(tally: Tally, state: WordsmithState, seconds: list[float]) -> None:
    tally.games += 1
    totals = sorted((lines.total for lines in state.scores.values()), reverse=True)
    tally.totals.extend(totals)
    tally.margins.append(totals[0] - totals[1])
    tally.seconds.extend(seconds)
    for goal in state.goals:
        tally.goal_played[goal] += len(state.players)
    for player, lines in state.scores.items():
        for line in LINES:
            tally.lines[line] += getattr(lines, line)
        sheet = state.sheets[player]
        kinds = sheet.forged_kinds()
        for kind in FORGES:
            tally.forged[kind] += kinds[kind]
        tally.rings[min(kinds[Kind.RING], 7)] += 1
        for goal, _ in sheet.goals:
            tally.goal_reached[goal] += 1
        tally.debts.append(sheet.unpaid)
        tally.spent.append(sheet.spent)
        tally.crowns.append(sheet.crowns)
        tally.words.append(len(sheet.words))


def report(tallies: Sequence[Tally]) -> str:
    """The balance table, in Markdown."""
    head = "| | " + " | ".join(f"{t.players} players" for t in tallies) + " |"
    rows = [head, "|---|" + "---|" * len(tallies)]

    def row(label: str, cells: Sequence[str]) -> None:
        rows.append(f"| {label} | " + " | ".join(cells) + " |")

    row("games", [str(t.games) for t in tallies])
    row(
        "score: mean (sd)",
        [f"{statistics.mean(t.totals):.1f} ({statistics.pstdev(t.totals):.1f})" for t in tallies],
    )
    row("score: min-max", [f"{min(t.totals)}-{max(t.totals)}" for t in tallies])
    row("winner's lead: mean", [f"{statistics.mean(t.margins):.1f}" for t in tallies])
    row("words made per player", [f"{statistics.mean(t.words):.1f}" for t in tallies])
    for line in LINES:
        row(
            f"part of score: {LABELS[line].lower()}",
            [_share(t, line) for t in tallies],
        )
    per = {kind: sum(1 for item in ITEMS if item.kind is kind) for kind in FORGES}
    for kind in FORGES:
        row(
            f"{kind.value}s forged (of {per[kind]}) per player",
            [f"{t.forged[kind] / len(t.totals):.2f}" for t in tallies],
        )
    for least in (5, 6, 7):
        row(
            f"players with {least}+ rings",
            [
                f"{sum(n for r, n in t.rings.items() if r >= least) / len(t.totals):.0%}"
                for t in tallies
            ],
        )
    row(
        "crowns per player: mean (max)",
        [f"{statistics.mean(t.crowns):.1f} ({max(t.crowns)})" for t in tallies],
    )
    row(
        "coins spent per player: mean (max)",
        [f"{statistics.mean(t.spent):.1f} ({max(t.spent)})" for t in tallies],
    )
    row("coin debt per player: mean", [f"{statistics.mean(t.debts):.2f}" for t in tallies])
    row(
        "players in debt",
        [f"{sum(d > 0 for d in t.debts) / len(t.debts):.0%}" for t in tallies],
    )
    for goal, spec in enumerate(GOALS):
        row(
            f"goal {spec.name}: reached by",
            [
                f"{t.goal_reached[goal] / t.goal_played[goal]:.0%}" if t.goal_played[goal] else "-"
                for t in tallies
            ],
        )
    row(
        "bots' thinking per round, CPU: mean (max) s",
        [f"{statistics.mean(t.seconds):.2f} ({max(t.seconds):.2f})" for t in tallies],
    )
    return "\n".join(rows)


def _share(tally: Tally, line: str) -> str:
    gained = sum(max(0, value) for value in tally.lines.values())
    return f"{tally.lines[line] / gained:+.0%}" if gained else "-"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5, 10])
    parser.add_argument(
        "--levels",
        nargs="+",
        choices=[level.value for level in Level],
        default=[Level.HARD.value],
        help="the bots' levels, seat by seat in turn",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from wordsy_tui.words.lexicon import load_lexicon

    lexicon = load_lexicon()
    vocabulary = Vocabulary.of(lexicon)
    levels = [Level(level) for level in args.levels]
    tallies = []
    for players in args.players:
        result = Tally(players)
        for game in range(args.games):
            state, seconds = play(players, levels, vocabulary, lexicon, args.seed * 100_003 + game)
            tally(result, state, seconds)
        tallies.append(result)
        print(f"{players} players: {result.games} games", file=sys.stderr)
    print(report(tallies))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
