"""The tile game's state: a fold of the event log (see evolve.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from wordsy_tui.games.tiles.rules.board import EMPTY_BOARD
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import Rules

HIDDEN: Final = "#"
"""A tile on another player's rack, in a view that must not know it."""


class Phase(StrEnum):
    NEW = "new"
    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class PendingPlay:
    """A play on the board that may still be challenged (Scrabble), or is being accepted."""

    player: str
    placement: tuple[tuple[int, str], ...]
    words: tuple[tuple[str, int], ...]
    score: int
    accepted_by: frozenset[str] = frozenset()
    challenged_by: str | None = None
    """Who challenged it in vain (it stands, and its turn says so)."""


@dataclass(frozen=True, slots=True)
class TableVote:
    """A challenge of the pending play that the table is voting on (Scrabble, `table_vote`)."""

    challenger: str
    voters: tuple[str, ...]
    """Everyone but the challenger and the challenged player, as in Wordsy."""
    refused: tuple[str, ...]
    """The word list's advice: the play's words it lacks (none: the play stands)."""
    votes: Mapping[str, bool] = field(default_factory=dict)
    """Each vote cast so far: voter -> uphold."""

    @property
    def advice(self) -> bool:
        """What the word list says, as a vote: True, uphold the challenge."""
        return bool(self.refused)

    @property
    def tally(self) -> tuple[int, int]:
        """(votes to uphold the challenge, votes that the play stands)."""
        uphold = sum(self.votes.values())
        return uphold, len(self.votes) - uphold

    def verdict(self) -> bool:
        """Whether the challenge is upheld: a majority of the votes cast, a tie (or no votes)
        following the word list."""
        uphold, stands = self.tally
        return self.advice if uphold == stands else uphold > stands


@dataclass(frozen=True, slots=True)
class Turn:
    """One line of the move list."""

    player: str
    kind: str
    """play, exchange, pass, withdrawn or lost."""
    score: int = 0
    placement: tuple[tuple[int, str], ...] = ()
    words: tuple[tuple[str, int], ...] = ()
    count: int = 0
    """Tiles exchanged."""
    timed_out: bool = False
    """A pass the host made for the player when their turn lasted its limit."""
    early: bool = False
    """With `timed_out`: the table moved on without the player before that limit."""
    challenger: str | None = None
    """Who challenged the play: it stood (a play) or went (withdrawn)."""


@dataclass(frozen=True, slots=True)
class TileGameState:
    config: TileGameConfig = field(default_factory=TileGameConfig)
    phase: Phase = Phase.NEW
    players: tuple[str, ...] = ()
    """Seat order while seating; the turn order once the game starts."""
    bots: frozenset[str] = frozenset()
    layout: tuple[str, ...] = ()
    board: str = EMPTY_BOARD
    racks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Sorted tiles; HIDDEN for tiles this view may not see."""
    bag: tuple[str, ...] | None = ()
    """The host's bag as a sorted multiset (it has no order); None where it is secret."""
    bag_count: int = 0
    scores: Mapping[str, int] = field(default_factory=dict)
    turn: str | None = None
    pending: PendingPlay | None = None
    vote: TableVote | None = None
    """The table's vote on a challenge of `pending`, while it runs."""
    skip: frozenset[str] = frozenset()
    """Players who lost their next turn to a failed challenge."""
    scoreless_run: int = 0
    pass_run: int = 0
    turns: tuple[Turn, ...] = ()
    first_draws: tuple[tuple[tuple[str, str], ...], ...] = ()
    out: str | None = None
    adjustments: Mapping[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] = ()
    clocks: Mapping[str, int] = field(default_factory=dict)
    """The game clock: each player's milliseconds left as of the last `ClockRan` (below
    zero: overtime); empty without a clock. The running clock's own count is the host's."""
    penalties: Mapping[str, int] = field(default_factory=dict)
    """At the end: the points each player's overtime cost."""
    out_of_time: str | None = None
    """Who lost on time: their overtime ran out, and that ended the game."""

    @property
    def rules(self) -> Rules:
        return self.config.rules

    @property
    def premiums(self) -> str:
        return "".join(self.layout) if self.layout else self.rules.premiums

    @property
    def captain(self) -> str | None:
        """Who starts the game (and, in Words with Friends and Wordfeud, plays first):
        the first person to sit down."""
        return next((p for p in self.players if p not in self.bots), None)

    def clock(self, player: str) -> int:
        """`player`'s milliseconds left as of the last stamp (0 without a clock)."""
        return self.clocks.get(player, 0)

    def rack(self, player: str) -> tuple[str, ...]:
        return self.racks.get(player, ())

    def next_after(self, player: str) -> str:
        order = self.players
        return order[(order.index(player) + 1) % len(order)]
