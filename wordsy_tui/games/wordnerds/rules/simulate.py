"""Bot-against-bot games of Word Nerds, and the balance table of docs/RULES.md.

    uv run python -m wordsy_tui.games.wordnerds.rules.simulate --games 1000 --players 2 4 6

Each game seats computer players whose levels are drawn at random per seat (so
stronger vocabularies meet weaker ones, and challenges happen), runs the rules
as the host would (the bots see only their own views; when no bot wants to act,
the host's clock ends the wait), and records what the table needs to judge the
design: the game's length, who won by seat, each action card's plays and swing,
trumps and challenges.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from wordsy_tui.engine.levels import Level
from wordsy_tui.engine.sealed import SALT_BYTES
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.alarms import alarm
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Bot, next_move
from wordsy_tui.games.wordnerds.rules.components import ACTION_KINDS, Effect, action, word_value
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
from wordsy_tui.games.wordnerds.rules.decide import decide
from wordsy_tui.games.wordnerds.rules.evolve import evolve
from wordsy_tui.games.wordnerds.rules.finder import WordFinder, vocabulary_finder
from wordsy_tui.games.wordnerds.rules.sealing import BidBook
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.rules.view import state_for
from wordsy_tui.games.wordnerds.rules.words import Words

MAX_TURNS: Final = 150
"""A game still going after this many turns is recorded as unfinished."""
MAX_STEPS: Final = 50_000


@dataclass
class GameRecord:
    players: int
    turns: int = 0
    finished: bool = False
    winners: tuple[int, ...] = ()
    """Seat positions counted from the first First Player (0: that player)."""
    plays: Counter[Effect] = field(default_factory=Counter)
    swings: dict[Effect, list[float]] = field(default_factory=lambda: defaultdict(list))
    """For each card played: its player's points that turn less the others' average (the
    turn margin: how the turn went for whoever played it)."""
    moved: dict[Effect, list[int]] = field(default_factory=lambda: defaultdict(list))
    """For each WORD VALUE card (and NOT SO FAST): how much it changed its word's value."""
    declarations: int = 0
    trumps: int = 0
    battles: int = 0
    flipped: int = 0
    """Battles whose winner the WORD VALUE cards changed."""
    challenges: int = 0
    upheld: int = 0
    action_draws: int = 0
    action_renewals: int = 0
    letter_renewals: int = 0
    seconds: float = 0.0
    longest_turn: int = 0
    """The most commands (bots' and the clock's) one turn took: a loop would show here."""


class _Tally:
    """Reads the events of one game into its record."""

    def __init__(self, record: GameRecord, names: Sequence[str]) -> None:
        self.record = record
        self.names = names
        self.turn_start: dict[str, int] = dict.fromkeys(names, 0)
        self.played: list[tuple[str, Effect]] = []
        self.first = ""

    def see(self, before: NerdsState, event: ev.Event, after: NerdsState) -> None:
        record = self.record
        match event:
            case ev.GameStarted(first=first):
                self.first = first
            case ev.AuctionOpened():
                self._close_turn(before)
                self.turn_start = dict(after.scores)
            case ev.ActionPlayed(player, card, word):
                record.plays[action(card).effect] += 1
                self.played.append((player, action(card).effect))
                if word is not None:
                    change = after.words[word].value - before.words[word].value
                    record.moved[action(card).effect].append(abs(change))
            case ev.BidsRevealed(bids):
                for player, _token, cards in bids:
                    for card in cards:
                        record.plays[action(card).effect] += 1
                        self.played.append((player, action(card).effect))
            case ev.WordLaid(trump=trumped):
                if trumped:
                    record.trumps += 1
                else:
                    record.declarations += 1
            case ev.BattleDecided(winner, loser) if loser is not None:
                record.battles += 1
                trump = before.trump
                scoring = before.scoring
                if trump is not None and scoring is not None:
                    raw_t = word_value(before.words[trump].cards)
                    raw_s = word_value(before.words[scoring].cards)
                    raw_winner = trump if raw_t > raw_s else scoring
                    record.flipped += int(raw_winner != winner)
            case ev.ChallengeMade():
                record.challenges += 1
            case ev.ChallengeDecided(valid=valid, challengers=challengers):
                record.upheld += 0 if valid else len(challengers)
            case ev.ActionsDrawn(cards=cards):
                record.action_draws += len(cards)
            case ev.DeckRenewed(actions=True):
                record.action_renewals += 1
            case ev.DeckRenewed(actions=False):
                record.letter_renewals += 1
            case ev.GameEnded(winners):
                self._close_turn(after)
                seats = list(self.names)
                at = seats.index(self.first)
                ordered = seats[at:] + seats[:at]
                record.winners = tuple(ordered.index(w) for w in winners)
                record.finished = True
            case _:
                pass

    def _close_turn(self, state: NerdsState) -> None:
        if not state.scores:
            return
        gained = {p: state.scores[p] - self.turn_start.get(p, 0) for p in self.names}
        for player, effect in self.played:
            others = [gained[p] for p in self.names if p != player]
            self.record.swings[effect].append(gained[player] - statistics.fmean(others))
        self.played = []


def play_game(
    players: int,
    seed: int,
    words: Words,
    finder: Callable[[int], WordFinder] = vocabulary_finder,
    levels: Sequence[Level] | None = None,
) -> GameRecord:
    """One game between computer players; `levels` per seat, else drawn at random."""
    started = time.process_time()
    host = random.Random(seed)
    order = random.Random(seed + 1)
    names = tuple(f"Bot {i + 1}" for i in range(players))
    chosen = levels or [order.choice(list(Level)) for _ in names]
    bots = {
        name: Bot(name, STYLES[level], finder(STYLES[level].vocabulary), seed)
        for name, level in zip(names, chosen, strict=True)
    }
    record = GameRecord(players)
    tally = _Tally(record, names)
    state = NerdsState()

    book = BidBook()

    def apply(seat: str | None, command: cmd.Command) -> None:
        nonlocal state
        for event in decide(state, seat, command, rng=host, words=words):
            after = evolve(state, event)
            tally.see(state, event, after)
            state = after

    for sender, command in cmd.opening(NerdsConfig(), (), names):
        apply(sender, command)
    turn, steps = state.turn, 0
    for _ in range(MAX_STEPS):
        if state.phase is Phase.OVER or state.turn > MAX_TURNS:
            break
        if state.turn != turn:
            turn, steps = state.turn, 0
        steps += 1
        record.longest_turn = max(record.longest_turn, steps)
        seats = list(names)
        order.shuffle(seats)
        for seat in seats:
            move = book.reveal(state, seat) or next_move(state_for(state, seat), bots[seat])
            if isinstance(move, Bid):
                move = book.seal(seat, move, order.randbytes(SALT_BYTES))
            if move is not None:
                apply(seat, move)
                break
        else:
            wait = alarm(state)
            assert wait is not None
            apply(None, wait.command)
    record.turns = state.turn
    record.seconds = time.process_time() - started
    return record


# --- the table -------------------------------------------------------------------------


def _per_game(records: Sequence[GameRecord], value: Callable[[GameRecord], float]) -> str:
    return f"{statistics.fmean(value(r) for r in records):.2f}"


def table(results: dict[int, list[GameRecord]]) -> str:
    """The balance table, as Markdown: one column per number of players."""
    counts = sorted(results)
    head = "| | " + " | ".join(f"{p} players" for p in counts) + " |"
    rule = "|---|" + "---|" * len(counts)
    rows: list[str] = [head, rule]

    def row(name: str, cell: Callable[[list[GameRecord]], str]) -> None:
        rows.append(f"| {name} | " + " | ".join(cell(results[p]) for p in counts) + " |")

    row("games", lambda rs: str(len(rs)))
    row("finished", lambda rs: f"{sum(r.finished for r in rs) / len(rs):.1%}")

    def turns(rs: list[GameRecord]) -> str:
        t = sorted(r.turns for r in rs if r.finished)
        if not t:
            return "-"
        tenth = t[int(0.9 * (len(t) - 1))]
        return f"{statistics.fmean(t):.1f} (median {statistics.median(t):.0f}, 90% ≤ {tenth})"

    row("turns", turns)

    def seats(rs: list[GameRecord]) -> str:
        wins: dict[int, float] = defaultdict(float)
        for r in rs:
            for w in r.winners:
                wins[w] += 1 / len(r.winners)
        done = sum(r.finished for r in rs) or 1
        return " / ".join(f"{wins[s] / done:.0%}" for s in range(rs[0].players))

    row("wins by seat (First Player first)", seats)
    row("words declared per game", lambda rs: _per_game(rs, lambda r: r.declarations))
    row("trumps per game", lambda rs: _per_game(rs, lambda r: r.trumps))
    row("battles turned by action cards", lambda rs: _per_game(rs, lambda r: r.flipped))
    row("challenges per game", lambda rs: _per_game(rs, lambda r: r.challenges))
    row("successful challengers per game", lambda rs: _per_game(rs, lambda r: r.upheld))
    row("action cards drawn per game", lambda rs: _per_game(rs, lambda r: r.action_draws))
    row("action deck reshuffles per game", lambda rs: _per_game(rs, lambda r: r.action_renewals))
    row("letter deck reshuffles per game", lambda rs: _per_game(rs, lambda r: r.letter_renewals))
    row("CPU seconds per game", lambda rs: _per_game(rs, lambda r: r.seconds))
    rows.append("")
    rows.append(
        "| action card: plays per game (swing) | " + " | ".join(f"{p}" for p in counts) + " |"
    )
    rows.append(rule)
    for kind in ACTION_KINDS:

        def cell(rs: list[GameRecord], effect: Effect = kind.effect) -> str:
            plays = statistics.fmean(r.plays[effect] for r in rs)
            swings = [s for r in rs for s in r.swings[effect]]
            swing = f"{statistics.fmean(swings):+.1f}" if swings else "-"
            moved = [m for r in rs for m in r.moved[effect]]
            if moved:
                swing += f"; {statistics.fmean(moved):.1f}"
            return f"{plays:.2f} ({swing})"

        row(f"{kind.title} (x{kind.copies})", cell)
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", choices=[level.value for level in Level])
    args = parser.parse_args(argv)
    from wordsy_tui.words.lexicon import load_lexicon

    words = load_lexicon()
    for style in STYLES.values():
        vocabulary_finder(style.vocabulary)  # built before any game is timed
    results: dict[int, list[GameRecord]] = {}
    for players in args.players:
        levels = None if args.level is None else [Level(args.level)] * players
        results[players] = [
            play_game(players, args.seed * 100_003 + i, words, levels=levels)
            for i in range(args.games)
        ]
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
