"""A finished tile game's review: each move beside the best by equity and by score.

Pure: the host's events in (the whole log, every rack in it), a `Review` out. Each
move's position is rebuilt by folding the log (`evolve`), the mover's rack is given to
the move generator, and what was played is compared with:

- the best play by score (the highest-scoring play; none when the rack had no play);
- the best move by equity (`leaves.equity`: the score plus the value of the tiles kept),
  among every play, every exchange the rules allowed then (each count of tiles put back,
  keeping the best leave), and the pass (which keeps the whole rack).

What a move lost is the best's score (or equity) less the move's own. A play a challenge
withdrew scored nothing and kept the whole rack, as a pass does; a turn lost to a failed
challenge was no choice and is not reviewed.

A swing (docs/RULES.md, "The post-game review") is how far one turn moved its player's
spread: their score less the best score among the others, before the turn and after it
(a withdrawn play moves it by nothing; the 5- and 10-point challenge rules' bonus counts
with the play it rewarded). The end's rack adjustments are a swing of their own, of
whoever went out (or, when nobody did, of the player they moved most).

A review shows every rack, so it is made only of a finished game (`NotFinished`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.board import assess, place
from wordsy_tui.games.tiles.rules.dawg import Dawg
from wordsy_tui.games.tiles.rules.evolve import evolve
from wordsy_tui.games.tiles.rules.gcg import NotFinished
from wordsy_tui.games.tiles.rules.leaves import equity, leave_value
from wordsy_tui.games.tiles.rules.legal import allowed
from wordsy_tui.games.tiles.rules.movegen import Move, generate
from wordsy_tui.games.tiles.rules.notation import move_text
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase, TileGameState

SWINGS: Final = 5
"""How many of the game's biggest swings a review names."""
END: Final = 0
"""The `number` of the swing the end's rack adjustments make (turns count from 1)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One move a player had: a play, an exchange or a pass, as a player reads it."""

    text: str
    """`8H HORN` (notation, the board's letters included), `exchange EET`, `pass`."""
    score: int
    equity: float


@dataclass(frozen=True, slots=True)
class MoveReview:
    number: int
    """The turn's number in the game's move list (1: the first move)."""
    event: int
    """The position of the move's event in the log (1: the first event): where a record's
    note on it goes."""
    player: str
    rack: tuple[str, ...]
    played: Option
    """What was played (a withdrawn play: its notation, but no score and the whole rack
    kept)."""
    best_equity: Option
    best_score: Option | None
    """The highest-scoring play; None when the rack had none."""
    withdrawn: bool = False

    @property
    def points_lost(self) -> int:
        best = self.best_score.score if self.best_score is not None else 0
        return max(0, best - self.played.score)

    @property
    def equity_lost(self) -> float:
        # A play the review's word list lacks (a phony nobody challenged, a word only the
        # host's own list has) can be worth more than the best it found: nothing lost, and
        # no gain to take off the player's other losses either.
        return max(0.0, self.best_equity.equity - self.played.equity)


@dataclass(frozen=True, slots=True)
class Swing:
    number: int
    """The turn (`END`: the end's rack adjustments)."""
    player: str
    what: str
    """The move (`8H HORN`, `exchange EET`...) or `the end`."""
    before: int
    """The player's spread before it (their score less the best of the others')."""
    after: int

    @property
    def size(self) -> int:
        return self.after - self.before

    @property
    def lead_changed(self) -> bool:
        return (self.before <= 0) != (self.after <= 0)


@dataclass(frozen=True, slots=True)
class Review:
    players: tuple[str, ...]
    moves: tuple[MoveReview, ...]
    swings: tuple[Swing, ...]
    """The biggest, biggest first (at most `SWINGS`; a turn that moved nothing is none)."""

    def of(self, player: str) -> tuple[MoveReview, ...]:
        return tuple(move for move in self.moves if move.player == player)

    def lost(self, player: str) -> tuple[int, float]:
        """The points and equity `player` lost over the game."""
        moves = self.of(player)
        return sum(m.points_lost for m in moves), sum(m.equity_lost for m in moves)


def review_game(events: Iterable[ev.Event], dawg: Dawg) -> Review:
    """The review of a finished game from its host's events; `dawg`: the word list's
    graph the best plays are found in (`movegen.shipped_dawg()`).

    Raises NotFinished for a game not over or a log that hides a rack.
    """
    state = TileGameState()
    moves: list[MoveReview] = []
    starts: list[dict[str, int]] = []
    """The scores before each move, for the swings."""
    swings: list[Swing] = []
    for number, event in enumerate(events, start=1):
        before = state
        state = evolve(state, event)
        moved: tuple[str, Option] | None = None
        match event:
            case ev.TilesPlayed(player, placement, _words, score, _bingo):
                moved = player, _play_option(before, player, placement, score)
            case ev.TilesExchanged(player, returned, _drawn, _count):
                if returned is None:
                    raise NotFinished("the log hides an exchange's tiles")
                kept = _less(before.rack(player), returned)
                moved = player, _exchange_option(before, returned, kept)
            case ev.Passed(player):
                moved = player, _pass_option(before, player)
            case ev.ChallengeDecided(upheld=True) if before.pending is not None and moves:
                moves[-1] = _withdrawn(moves[-1], before)
            case ev.GameEnded(out):
                swings = _turn_swings(moves, [*starts, dict(before.scores)])
                swings.append(_end_swing(out, dict(before.scores), dict(state.scores)))
        if moved is not None:
            moves.append(_reviewed(before, *moved, len(moves) + 1, number, dawg))
            starts.append(dict(before.scores))
    if state.phase is not Phase.OVER:
        raise NotFinished("the game is not over" if state.turns else "the game never started")
    some = [swing for swing in swings if swing.size]
    biggest = sorted(some, key=lambda s: (-abs(s.size), s.number or len(moves) + 1))
    return Review(state.players, tuple(moves), tuple(biggest[:SWINGS]))


def _reviewed(
    before: TileGameState, player: str, played: Option, number: int, event: int, dawg: Dawg
) -> MoveReview:
    rack = before.rack(player)
    if HIDDEN in rack or before.bag is None:
        raise NotFinished("the log hides a rack: only the host's own log can be reviewed")
    plays = generate(before.board, rack, before.rules, dawg, before.premiums)
    bag = before.bag_count
    best_score = None
    if plays:
        top = max(plays, key=lambda m: (m.score, equity(m, rack, before.rules, bag)))
        best_score = _move_option(before, rack, top)
    others = [_pass_option(before, player), *exchanges(before, player)]
    best_play = max(plays, key=lambda m: equity(m, rack, before.rules, bag), default=None)
    if best_play is not None:
        others.append(_move_option(before, rack, best_play))
    best_equity = max(others, key=lambda o: (o.equity, o.score))
    return MoveReview(number, event, player, rack, played, best_equity, best_score)


def _move_option(state: TileGameState, rack: Sequence[str], move: Move) -> Option:
    text = move_text(move.placement, move.across, place(state.board, move.placement))
    return Option(text, move.score, equity(move, rack, state.rules, state.bag_count))


def _play_option(
    before: TileGameState, player: str, placement: tuple[tuple[int, str], ...], score: int
) -> Option:
    across = assess(before.board, placement, before.rules, before.premiums).across
    move = Move(placement, score, across)
    return _move_option(before, before.rack(player), move)


def _pass_option(state: TileGameState, player: str) -> Option:
    return Option("pass", 0, leave_value(state.rack(player), state.rules, state.bag_count))


def _exchange_option(state: TileGameState, returned: Sequence[str], kept: Sequence[str]) -> Option:
    value = leave_value(kept, state.rules, state.bag_count)
    return Option(f"exchange {''.join(sorted(returned))}", 0, value)


def exchanges(state: TileGameState, player: str) -> list[Option]:
    """For each count of tiles the rules let `player` put back now, the exchange that keeps
    the best leave."""
    rack = sorted(state.rack(player))
    options: list[Option] = []
    for count in range(1, len(rack) + 1):
        if not allowed(state, player, cmd.Exchange(tuple(rack[:count]))):
            break  # the bag allows no more (or no exchange at all)
        best: Option | None = None
        for returned in set(combinations(rack, count)):
            option = _exchange_option(state, returned, _less(tuple(rack), returned))
            if best is None or option.equity > best.equity:
                best = option
        if best is not None:
            options.append(best)
    return options


def _less(tiles: tuple[str, ...], taken: Iterable[str]) -> tuple[str, ...]:
    left = list(tiles)
    for tile in taken:
        left.remove(tile)
    return tuple(left)


def _withdrawn(move: MoveReview, before: TileGameState) -> MoveReview:
    """`move`, a play a challenge took back: it scored nothing and kept the whole rack."""
    kept = leave_value(move.rack, before.rules, before.bag_count)
    played = Option(move.played.text, 0, kept)
    return MoveReview(
        move.number,
        move.event,
        move.player,
        move.rack,
        played,
        move.best_equity,
        move.best_score,
        withdrawn=True,
    )


def spread(scores: dict[str, int], player: str) -> int:
    """`player`'s score less the best of the others' (their lead; behind: negative)."""
    others = [score for name, score in scores.items() if name != player]
    return scores.get(player, 0) - max(others, default=0)


def _turn_swings(moves: Sequence[MoveReview], scores: Sequence[dict[str, int]]) -> list[Swing]:
    """Each turn's swing: from the scores before it (`scores[i]`) to the scores before the
    next (the last: to the scores before the end's adjustments)."""
    return [
        Swing(
            m.number,
            m.player,
            m.played.text,
            spread(scores[i], m.player),
            spread(scores[i + 1], m.player),
        )
        for i, m in enumerate(moves)
    ]


def _end_swing(out: str | None, before: dict[str, int], after: dict[str, int]) -> Swing:
    def moved(player: str) -> int:
        return abs(spread(after, player) - spread(before, player))

    player = out if out is not None else max(before, key=moved, default="")
    return Swing(END, player, "the end", spread(before, player), spread(after, player))


def notes(review: Review) -> dict[int, str]:
    """A record's note on each move (by the position of its event in the log): what the
    best moves were, and what the move lost."""
    return {move.event: note_text(move) for move in review.moves}


def note_text(move: MoveReview) -> str:
    best, top = move.best_equity, move.best_score
    parts = [f"review: played {move.played.score} (equity {move.played.equity:.1f})"]
    parts.append(f"best by equity {best.text} {best.score} (equity {best.equity:.1f})")
    if top is None:
        parts.append("no play at all")
    elif top.text == best.text:
        parts.append("also best by score")
    else:
        parts.append(f"best by score {top.text} {top.score}")
    if move.points_lost or move.equity_lost >= 0.05:
        parts.append(f"lost {move.points_lost} points, {move.equity_lost:.1f} equity")
    else:
        parts.append("nothing lost")
    return "; ".join(parts)
