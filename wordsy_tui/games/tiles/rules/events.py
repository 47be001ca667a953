"""Events: the facts `decide` records and `evolve` folds into the state.

Every random outcome (the tiles drawn for first play, each rack's draws) is
written into an event, so replaying the log never draws. The bag itself has
no order anywhere: the host draws from it, with its secret generator, only
when a rack needs tiles. Events naming a rack's tiles are private to that
rack's player: `view.for_seat` turns them into counts for everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordsy_tui.games.tiles.rules.config import TileGameConfig


@dataclass(frozen=True, slots=True)
class GameCreated:
    config: TileGameConfig


@dataclass(frozen=True, slots=True)
class PlayerJoined:
    player: str
    bot: bool = False


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """A player gave their seat up in the lobby."""

    player: str


@dataclass(frozen=True, slots=True)
class FirstPlayDrawn:
    """One round of the draw for first play: each player's tile, shown to all and put back."""

    draws: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class GameStarted:
    order: tuple[str, ...]
    """The turn order, first player first; play passes to the left."""
    layout: tuple[str, ...]
    """The board's premiums (Wordfeud's random board differs from the standard)."""


@dataclass(frozen=True, slots=True)
class TilesDrawn:
    player: str
    tiles: tuple[str, ...] | None
    """None in the view of anyone but `player`."""
    count: int


@dataclass(frozen=True, slots=True)
class TilesPlayed:
    player: str
    placement: tuple[tuple[int, str], ...]
    words: tuple[tuple[str, int], ...]
    score: int
    bingo: bool


@dataclass(frozen=True, slots=True)
class ChallengeDecided:
    challenger: str
    upheld: bool
    """True: a word is not in the list; the play is withdrawn and its player loses the turn.
    False: the play stands, at the cost the game's challenge rule sets (the challenger's
    next turn, nothing, or points for the challenged player)."""
    refused: tuple[str, ...] = ()
    """The words the word list lacks (with a table vote: its advice, which may be
    overruled)."""
    votes: tuple[tuple[str, bool], ...] = ()
    """With a table vote: each vote cast, (voter, uphold); empty when the list decided."""

    @property
    def tally(self) -> tuple[int, int]:
        """(votes that the play goes, votes that it stands)."""
        goes = sum(uphold for _, uphold in self.votes)
        return goes, len(self.votes) - goes


@dataclass(frozen=True, slots=True)
class VoteOpened:
    """Scrabble with the table's vote: `challenger` challenged the play on the board, and
    `voters` decide it; `refused` is the word list's advice (the words it lacks)."""

    challenger: str
    voters: tuple[str, ...]
    refused: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VoteCast:
    voter: str
    uphold: bool


@dataclass(frozen=True, slots=True)
class ChallengeWaived:
    """Scrabble: `player` will not challenge the play on the board."""

    player: str


@dataclass(frozen=True, slots=True)
class PlayAccepted:
    """The play stands: nobody may challenge it any more."""

    timed_out: bool = False
    """The host's clock closed the challenge window."""


@dataclass(frozen=True, slots=True)
class TilesExchanged:
    player: str
    returned: tuple[str, ...] | None
    drawn: tuple[str, ...] | None
    """Both None in the view of anyone but `player`."""
    count: int


@dataclass(frozen=True, slots=True)
class Passed:
    player: str
    timed_out: bool = False
    """The host passed for `player`: their turn lasted its limit."""
    early: bool = False
    """With `timed_out`: the host passed before the turn's limit, when the table moved on
    without a player who had gone (or the host ended the wait). Neither the turn limit
    nor a loss on time (docs/RULES.md, "Game clocks")."""


@dataclass(frozen=True, slots=True)
class TurnLost:
    """The player lost this turn to a failed challenge."""

    player: str


@dataclass(frozen=True, slots=True)
class TurnStarted:
    player: str


@dataclass(frozen=True, slots=True)
class ClockRan:
    """The game clock: `player`'s clock ran `ms` milliseconds since the last stamp, as the
    host measured it (time is an input: the host stamps it whenever the wait changes)."""

    player: str
    ms: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    out: str | None
    """Who played their last tile; None when the game ended by passes or scoreless turns."""
    racks: tuple[tuple[str, tuple[str, ...]], ...]
    """Every rack left, shown to all now the game is over."""
    adjustments: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    penalties: tuple[tuple[str, int], ...] = ()
    """The game clock's overtime penalties (points taken off), for those who ran over."""
    out_of_time: str | None = None
    """Who lost on time: their overtime ran out (they are never among the winners)."""


Event = (
    GameCreated
    | PlayerJoined
    | PlayerLeft
    | FirstPlayDrawn
    | GameStarted
    | TilesDrawn
    | TilesPlayed
    | ChallengeDecided
    | VoteOpened
    | VoteCast
    | ChallengeWaived
    | PlayAccepted
    | TilesExchanged
    | Passed
    | TurnLost
    | TurnStarted
    | ClockRan
    | GameEnded
)
