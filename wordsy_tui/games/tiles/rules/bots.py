"""Computer players for the tile games: pure decisions from what one seat sees.

A bot is given its own view of the game (`view.state_for_seat`: its rack, and
only counts of everyone else's), asks `legal` what it may do and the move
generator what it could play, and picks. Levels differ in vocabulary (the
SCOWL levels of the words it knows, so an easy bot plays only everyday
words) and in how close to its best play it settles: the best one by equity
(score plus the value of the tiles it keeps, `leaves.py`), as a club player
weighs it, a good one (near a score drawn per turn), or a plausible one (any in
a band). Every bot that exchanges keeps the leave worth most.

The move generator and the leave values are imported when a bot first weighs a play: a
solo table seats its computer players and asks them about a challenge before its first
frame, and needs neither for that.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Final

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.board import Assessment, assess
from wordsy_tui.games.tiles.rules.dawg import ALL_WORDS, Dawg, vocabulary_dawg
from wordsy_tui.games.tiles.rules.legal import allowed, may_exchange, may_play
from wordsy_tui.games.tiles.rules.rulesets import Rules
from wordsy_tui.games.tiles.rules.state import HIDDEN, TileGameState
from wordsy_tui.games.tiles.rules.words import Words, is_word

if TYPE_CHECKING:
    from wordsy_tui.games.tiles.rules.movegen import Move


class Pick(StrEnum):
    BEST = "best"
    """The highest equity (score plus the leave's value), or an exchange when the leave
    it keeps is worth more than every play (as club players and their programs weigh it)."""
    SCORE = "score"
    """The highest score, whatever it keeps: the expert before leave values, kept as the
    baseline of their bench and the first round of learning them."""
    GOOD = "good"
    """The play nearest a share of the best score, drawn each turn."""
    PLAUSIBLE = "plausible"
    """Any play in a band of shares of the best score."""


@dataclass(frozen=True, slots=True)
class TileStyle:
    vocabulary: int
    """Highest SCOWL level of the words the bot plays."""
    pick: Pick
    aim: tuple[float, float]
    """The share of the best score it aims for (GOOD) or picks within (PLAUSIBLE)."""


TILE_STYLES: Final[dict[Level, TileStyle]] = {
    Level.EASY: TileStyle(35, Pick.PLAUSIBLE, (0.3, 0.7)),
    Level.MEDIUM: TileStyle(50, Pick.GOOD, (0.6, 0.85)),
    Level.HARD: TileStyle(60, Pick.GOOD, (0.85, 1.0)),
    Level.EXPERT: TileStyle(ALL_WORDS, Pick.BEST, (1.0, 1.0)),
}
SCORE_EXPERT: Final = TileStyle(ALL_WORDS, Pick.SCORE, (1.0, 1.0))
"""The expert before leave values: the bench's baseline and self-play's first round."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A play as a player reads it: where, what it forms, what it scores, what it keeps
    and its equity (the score plus the value of what it keeps)."""

    move: Move
    assessment: Assessment
    leave: tuple[str, ...]
    equity: float


def best_moves(
    state: TileGameState, rack: Iterable[str], dawg: Dawg, limit: int = 1
) -> list[Hint]:
    """The `limit` plays of `rack` on `state`'s board with the highest equity, best first."""
    from wordsy_tui.games.tiles.rules.leaves import equity, leave_of, rank_by_equity
    from wordsy_tui.games.tiles.rules.movegen import generate

    tiles = [t for t in rack if t != HIDDEN]
    moves = generate(state.board, tiles, state.rules, dawg, state.premiums)
    ranked = rank_by_equity(moves, tiles, state.rules, state.bag_count)
    return [
        Hint(
            m,
            assess(state.board, m.placement, state.rules, state.premiums),
            leave_of(m, tiles),
            equity(m, tiles, state.rules, state.bag_count),
        )
        for m in ranked[:limit]
    ]


@dataclass(frozen=True, slots=True)
class Holding:
    """What a bot weighs its plays against: its rack, the rules, the tiles left to draw."""

    rack: Sequence[str]
    rules: Rules
    bag: int


def choose_move(
    moves: Sequence[Move], style: TileStyle, rng: random.Random, holding: Holding
) -> Move | None:
    """The play a bot of `style` picks among `moves` (None when there are none)."""
    from wordsy_tui.games.tiles.rules.leaves import equity

    if not moves:
        return None
    best = max(m.score for m in moves)
    match style.pick:
        case Pick.BEST:
            worth = {m: equity(m, holding.rack, holding.rules, holding.bag) for m in moves}
            top = max(worth.values())
            return rng.choice([m for m in moves if worth[m] == top])
        case Pick.SCORE:
            return rng.choice([m for m in moves if m.score == best])
        case Pick.GOOD:
            target = best * rng.uniform(*style.aim)
            nearest = min(abs(m.score - target) for m in moves)
            return rng.choice([m for m in moves if abs(m.score - target) == nearest])
        case Pick.PLAUSIBLE:
            low, high = (best * share for share in style.aim)
            band = [m for m in moves if low <= m.score <= high]
            return rng.choice(band or list(moves))


def _exchange(view: TileGameState, seat: str) -> tuple[cmd.Exchange, float] | None:
    """The exchange that keeps the most valuable leave the bag allows, and its equity (the
    value of that leave: an exchange scores nothing); None when no exchange may be made."""
    from wordsy_tui.games.tiles.rules.leaves import best_keep

    if not may_exchange(view, seat):
        return None
    rack = view.rack(seat)
    keep, value = best_keep(rack, view.rules, view.bag_count)
    tiles = list(rack)
    for tile in keep:
        tiles.remove(tile)
    exchange = cmd.Exchange(tuple(tiles))
    return (exchange, value) if allowed(view, seat, exchange) else None


def respond(view: TileGameState, seat: str, words: Words) -> cmd.Command | None:
    """Scrabble: challenge the play on the board, or let it stand, or vote on a challenge
    of it; None when not asked.

    A bot looks every word up in the agreed word list, so it challenges exactly
    the plays a challenge withdraws (and never loses a turn to one); in the table's
    vote it votes as the word list advises.
    """
    if view.vote is not None:
        advice = cmd.Vote(view.vote.advice)
        return advice if allowed(view, seat, advice) else None
    if view.pending is None or not allowed(view, seat, cmd.Challenge()):
        return None
    if all(is_word(words, word) for word, _score in view.pending.words):
        return cmd.Accept()
    return cmd.Challenge()


def decide_turn(
    view: TileGameState,
    seat: str,
    style: TileStyle,
    rng: random.Random,
    dawg: Callable[[int], Dawg] = vocabulary_dawg,
) -> cmd.Command | None:
    """The bot's play, exchange or pass on its turn; None when it is not its turn."""
    from wordsy_tui.games.tiles.rules.leaves import equity
    from wordsy_tui.games.tiles.rules.movegen import generate

    if not may_play(view, seat):
        return None
    holding = Holding(view.rack(seat), view.rules, view.bag_count)
    moves = generate(view.board, holding.rack, view.rules, dawg(style.vocabulary), view.premiums)
    move = choose_move(moves, style, rng, holding)
    if move is None:
        # A whole round without a score: the board is blocked for everyone. Exchanging
        # again could go on for ever where only passes end a game (Wordfeud): pass.
        if view.scoreless_run >= len(view.players):
            return cmd.Pass()
        exchange = _exchange(view, seat)
        return cmd.Pass() if exchange is None else exchange[0]
    if style.pick is Pick.BEST:
        exchange = _exchange(view, seat)
        if exchange is not None and exchange[1] > equity(
            move, holding.rack, view.rules, holding.bag
        ):
            return exchange[0]
    return cmd.Play(move.placement)
