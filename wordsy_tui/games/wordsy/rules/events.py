"""Events: the facts `decide` records and `evolve` folds into the state.

Every random outcome (each card drawn, each card burned, the Main Player
drawn by lot) is written into an event, so replaying the log never draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.referee import Verdict


@dataclass(frozen=True, slots=True)
class GameCreated:
    config: GameConfig


@dataclass(frozen=True, slots=True)
class PlayerJoined:
    player: str
    bot: bool = False


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """In the lobby the seat is freed; during the game the player stays on the scoresheets
    with the rows played so far, scores nothing from now on and is waited for no more."""

    player: str


@dataclass(frozen=True, slots=True)
class PlayerRemoved:
    """The host removed the player: the same as leaving, recorded as the host's doing."""

    player: str


@dataclass(frozen=True, slots=True)
class GameStarted:
    main_player: str | None
    """The no-time-limit variant's first Main Player, drawn by lot."""


@dataclass(frozen=True, slots=True)
class CardPlaced:
    slot: int
    card: int
    """A card id (see cards.FULL_DECK)."""


@dataclass(frozen=True, slots=True)
class CardBurned:
    """A drawn card discarded because it broke a Rule of Two."""

    card: int


@dataclass(frozen=True, slots=True)
class DeckReshuffled:
    """The deck ran out: the discard pile becomes the new deck."""


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int


@dataclass(frozen=True, slots=True)
class WordWritten:
    player: str
    commitment: bytes


@dataclass(frozen=True, slots=True)
class WordLocked:
    player: str


@dataclass(frozen=True, slots=True)
class TimerFlipped:
    player: str


@dataclass(frozen=True, slots=True)
class TimerExpired:
    pass


@dataclass(frozen=True, slots=True)
class WritingClosed:
    """The host ended the writing before the sand ran out (see `CloseWriting`)."""


@dataclass(frozen=True, slots=True)
class WordRevealed:
    player: str
    word: str
    verdict: Verdict


@dataclass(frozen=True, slots=True)
class RevealClosed:
    pass


@dataclass(frozen=True, slots=True)
class ChallengeRaised:
    challenger: str | None
    """None for an appeal against the referee's refusal."""
    target: str


@dataclass(frozen=True, slots=True)
class VoteCast:
    voter: str
    uphold: bool


@dataclass(frozen=True, slots=True)
class ChallengeResolved:
    upheld: bool
    """True: the word breaks the rules and is worth 0."""


@dataclass(frozen=True, slots=True)
class MeantWordOffered:
    """A player whose word fell offers the word they meant: a vote opens on it."""

    player: str
    word: str
    verdict: Verdict
    """The referee's verdict on the meant word (an offer it refuses is never made)."""


@dataclass(frozen=True, slots=True)
class MeantWordDecided:
    accepted: bool
    """True: the meant word replaces the word that fell, and scores."""


@dataclass(frozen=True, slots=True)
class PlayerReady:
    player: str


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    pass


Event = (
    GameCreated
    | PlayerJoined
    | PlayerLeft
    | PlayerRemoved
    | GameStarted
    | CardPlaced
    | CardBurned
    | DeckReshuffled
    | RoundStarted
    | WordWritten
    | WordLocked
    | TimerFlipped
    | TimerExpired
    | WritingClosed
    | WordRevealed
    | RevealClosed
    | ChallengeRaised
    | VoteCast
    | ChallengeResolved
    | MeantWordOffered
    | MeantWordDecided
    | PlayerReady
    | RoundEnded
    | GameEnded
)
