"""Learn the tile games' leave values by self-play and write them to the rules' data file.

    uv run python scripts/learn_leaves.py [--games N] [--rounds R] [--seed S] [GAME ...]

For each game (scrabble, wwf, wordfeud; all by default), round 0 plays N games between
two experts that take the top score (`Pick.SCORE`, no leave values); every later round
plays N games between experts that pick by equity with the values the round before it
learned. Every play or exchange made while the bag still refills the rack and keeps a
rack's worth after (so the next turn is an ordinary one) gives a sample: the leave (the
tiles kept) and what the player's next turn brought, its score plus the value of the
leave it kept in turn (by the table the game was played with: zero in round 0). A least
squares fit, with an intercept (what a fresh rack of 7 brings), gives per-tile values,
each further copy's penalty and three synergy terms (`leaves.SYNERGIES`); a small ridge
term keeps the rare features near zero. A fifth of the samples are held out to report
how much of the next turn's score the leave explains. The figures go in the data file
beside the values; docs/RULES.md ("Equity and leaves") quotes them.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordsy_tui.engine.levels import Level  # noqa: E402
from wordsy_tui.games.tiles.rules import commands as cmd  # noqa: E402
from wordsy_tui.games.tiles.rules import leaves  # noqa: E402
from wordsy_tui.games.tiles.rules.bots import (  # noqa: E402
    ALL_WORDS,
    SCORE_EXPERT,
    TILE_STYLES,
    Pick,
    TileStyle,
    vocabulary_dawg,
)
from wordsy_tui.games.tiles.rules.config import TileGameConfig  # noqa: E402
from wordsy_tui.games.tiles.rules.rulesets import BLANK, RULES, GameName  # noqa: E402
from wordsy_tui.games.tiles.rules.selfplay import play_game  # noqa: E402
from wordsy_tui.games.tiles.rules.state import TileGameState  # noqa: E402
from wordsy_tui.games.tiles.rules.words import shipped_words  # noqa: E402

DATA = ROOT / "wordsy_tui" / "games" / "tiles" / "rules" / leaves.DATA_FILE
RIDGE = 20.0
"""The ridge penalty, in samples' worth: a feature seen in a few hundred samples barely
feels it, one seen in a handful stays near zero."""
HELD_OUT = 0.2
NOTE = (
    "Leave values learned by self-play: written by scripts/learn_leaves.py, read by "
    "leaves.py; the method and the figures are in docs/RULES.md, 'Equity and leaves'."
)


@dataclass(frozen=True, slots=True)
class Decision:
    player: str
    rack: tuple[str, ...]
    command: cmd.Command
    bag: int


@dataclass(frozen=True, slots=True)
class Sample:
    leave: tuple[str, ...]
    target: float


def leave_after(rack: Sequence[str], command: cmd.Command) -> tuple[str, ...] | None:
    """The tiles the player keeps (None for a pass, which keeps all and draws nothing)."""
    left = list(rack)
    match command:
        case cmd.Play(placement):
            for _square, char in placement:
                left.remove(BLANK if char.islower() else char)
        case cmd.Exchange(tiles):
            for tile in tiles:
                left.remove(tile)
        case _:
            return None
    return tuple(sorted(left))


def samples_of(
    game: GameName, decisions: list[Decision], final: TileGameState, equity: bool
) -> list[Sample]:
    """The samples of one game; `equity`: its players weighed leaves, so the next turn's
    worth includes the value of the leave it kept."""
    rules = RULES[game]
    out: list[Sample] = []
    for player in final.players:
        mine = [d for d in decisions if d.player == player]
        turns = [t for t in final.turns if t.player == player]
        # One turn per decision: expert bots never lose a turn to a failed challenge.
        assert [t.kind for t in turns[: len(mine)]] == [
            {"Play": "play", "Exchange": "exchange", "Pass": "pass"}[type(d.command).__name__]
            for d in mine
        ]
        for now, then, then_turn in zip(mine, mine[1:], turns[1:], strict=False):
            kept = leave_after(now.rack, now.command)
            after = leave_after(then.rack, then.command)
            if kept is None or after is None:
                continue
            drawn = rules.rack_size - len(kept)
            if now.bag - drawn < rules.rack_size:
                continue
            worth = leaves.leave_value(after, rules, then.bag) if equity else 0.0
            out.append(Sample(kept, then_turn.score + worth))
    return out


def record(
    decisions: list[Decision], state: TileGameState, seat: str, command: cmd.Command
) -> None:
    decisions.append(Decision(seat, state.rack(seat), command, state.bag_count))


def self_play(game: GameName, games: int, style: TileStyle, seed: int) -> list[Sample]:
    words = shipped_words()
    samples: list[Sample] = []
    started = time.perf_counter()
    for number in range(games):
        decisions: list[Decision] = []
        final = play_game(
            TileGameConfig(game),
            [("one", style), ("two", style)],
            random.Random(seed * 1_000_003 + number),
            words,
            vocabulary_dawg,
            functools.partial(record, decisions),
        )
        samples += samples_of(game, decisions, final, style.pick is Pick.BEST)
        if (number + 1) % 100 == 0:
            took = time.perf_counter() - started
            print(
                f"  {game}: {number + 1} games, {len(samples)} samples, {took:.0f} s", flush=True
            )
    return samples


def fit(
    game: GameName, samples: list[Sample], seed: int
) -> tuple[dict[str, dict[str, float]], dict[str, float]]:
    """The table (JSON form) and the fit's figures."""
    rows = [leaves.features(s.leave) for s in samples]
    # Every tile of the set has a value, even one no sample kept (the ridge holds it at 0).
    every_tile = {f"tile:{tile}" for tile in RULES[game].tiles}
    names = sorted(every_tile | {name for row in rows for name in row})
    column = {name: i for i, name in enumerate(names)}
    x = np.zeros((len(samples), len(names) + 1))
    x[:, -1] = 1.0
    for i, row in enumerate(rows):
        for name, amount in row.items():
            x[i, column[name]] = amount
    y = np.array([s.target for s in samples])
    order = np.random.default_rng(seed).permutation(len(samples))
    cut = int(len(samples) * HELD_OUT)
    test, train = order[:cut], order[cut:]

    def solve(rows_: np.ndarray) -> np.ndarray:
        a, b = x[rows_], y[rows_]
        penalty = RIDGE * np.eye(len(names) + 1)
        penalty[-1, -1] = 0.0
        return np.linalg.solve(a.T @ a + penalty, a.T @ b)

    held = solve(train)
    baseline = np.mean(y[train])
    mse_leave = float(np.mean((x[test] @ held - y[test]) ** 2))
    mse_mean = float(np.mean((baseline - y[test]) ** 2))
    weights = solve(np.arange(len(samples)))
    table: dict[str, dict[str, float]] = {"tiles": {}, "duplicates": {}, "synergy": {}}
    for name, weight in zip(names, weights[:-1], strict=True):
        kind, _, key = name.partition(":")
        part = {"tile": "tiles", "dup": "duplicates"}.get(kind, "synergy")
        table[part][key or name] = round(float(weight), 2)
    figures = {
        "samples": len(samples),
        "fresh_rack": round(float(weights[-1]), 2),
        "mean_next_turn": round(float(np.mean(y)), 2),
        "held_out_rmse_mean": round(mse_mean**0.5, 2),
        "held_out_rmse_leave": round(mse_leave**0.5, 2),
        "held_out_r2": round(1 - mse_leave / mse_mean, 4),
    }
    return table, figures


def write(game: GameName, table: Mapping[str, object]) -> None:
    data = json.loads(DATA.read_text("utf-8"))
    data["note"] = NOTE
    data.setdefault("games", {})[game.value] = table
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
    leaves.reload()


def learn(game: GameName, games: int, rounds: int, seed: int) -> None:
    history: list[Mapping[str, object]] = []
    for round_ in range(rounds):
        style = SCORE_EXPERT if round_ == 0 else TILE_STYLES[Level.EXPERT]
        print(f"{game} round {round_}: {games} games, {style.pick} vs {style.pick}", flush=True)
        started = time.perf_counter()
        samples = self_play(game, games, style, seed + round_)
        table, figures = fit(game, samples, seed)
        took = round(time.perf_counter() - started)
        history.append(
            {"round": round_, "games": games, "players": style.pick.value, **figures}
            | {"seconds": took}
        )
        print(f"  {history[-1]}", flush=True)
        write(game, {**table, "rounds": history})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", choices=[g.value for g in GameName])
    parser.add_argument("--games", type=int, default=1000, dest="count")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    vocabulary_dawg(ALL_WORDS)
    for name in args.games or [g.value for g in GameName]:
        learn(GameName(name), args.count, args.rounds, args.seed)


if __name__ == "__main__":
    main()
