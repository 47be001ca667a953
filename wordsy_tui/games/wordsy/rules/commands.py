"""Commands: what a player, or the host's clock, asks the game to do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Final

from wordsy_tui.engine import Longest
from wordsy_tui.engine.names import Name
from wordsy_tui.engine.sealed import COMMITMENT_BYTES
from wordsy_tui.games.wordsy.rules.config import GameConfig

MAX_WORD_LENGTH: Final = 45
"""The longest word the game takes (a reveal, an offer, the word box): the longest word of
the big English dictionaries, PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS."""
MAX_SALT_BYTES: Final = 64
"""A commitment's salt: 16 random bytes are plenty (`commitment.SALT_BYTES`); more adds nothing."""

# What a field of a command can hold that the game can use: the wire refuses more.
Word = Annotated[str, Longest(MAX_WORD_LENGTH, "a word")]
Salt = Annotated[bytes, Longest(MAX_SALT_BYTES, "a salt")]
Commitment = Annotated[bytes, Longest(COMMITMENT_BYTES, "a commitment")]


@dataclass(frozen=True, slots=True)
class CreateGame:
    config: GameConfig


@dataclass(frozen=True, slots=True)
class JoinGame:
    player: Name
    bot: bool = False
    """A computer player: it never starts the game, and everyone sees it is one."""


@dataclass(frozen=True, slots=True)
class LeaveGame:
    """In the lobby: give up the seat. During the game: score nothing from now on."""

    player: Name


@dataclass(frozen=True, slots=True)
class RemovePlayer:
    """The host takes a seat away (a squatter, an absent player): like leaving, but not by
    the player's choice."""

    player: Name


@dataclass(frozen=True, slots=True)
class StartGame:
    pass


@dataclass(frozen=True, slots=True)
class WriteWord:
    """Write (or rewrite) a word; only its commitment travels."""

    player: Name
    commitment: Commitment


@dataclass(frozen=True, slots=True)
class LockIn:
    """Done writing: the word, or no word at all, is final for this round."""

    player: Name


@dataclass(frozen=True, slots=True)
class FlipTimer:
    """Become the fastest player; in solo play, pause the running timer."""

    player: Name


@dataclass(frozen=True, slots=True)
class ExpireTimer:
    """The host's clock: the sand has run out."""


@dataclass(frozen=True, slots=True)
class CloseWriting:
    """The host: writing ends now, every word as it stands (nobody flipped in time,
    or everyone still writing has left the table)."""


@dataclass(frozen=True, slots=True)
class RevealWord:
    player: Name
    word: Word
    salt: Salt


@dataclass(frozen=True, slots=True)
class CloseReveal:
    """The host's clock: players who have not revealed by now have no word."""


@dataclass(frozen=True, slots=True)
class Challenge:
    challenger: Name
    target: Name


@dataclass(frozen=True, slots=True)
class Appeal:
    """Ask the table to overrule the referee, which refused the player's word."""

    player: Name


@dataclass(frozen=True, slots=True)
class OfferMeantWord:
    """Relaxed play (the host's option): the word that fell is offered as the word its
    player meant; the others vote on it, `Vote.uphold` true refusing it."""

    player: Name
    word: Word


@dataclass(frozen=True, slots=True)
class Vote:
    voter: Name
    uphold: bool
    """True: the challenged word breaks the rules (or the meant word is refused)."""


@dataclass(frozen=True, slots=True)
class CloseVote:
    """The host's clock: the vote's time is up."""


@dataclass(frozen=True, slots=True)
class Ready:
    """The player has no (more) challenges this round."""

    player: Name


@dataclass(frozen=True, slots=True)
class EndRound:
    """The host's clock: the challenge window has closed."""


Command = (
    CreateGame
    | JoinGame
    | LeaveGame
    | RemovePlayer
    | StartGame
    | WriteWord
    | LockIn
    | FlipTimer
    | ExpireTimer
    | CloseWriting
    | RevealWord
    | CloseReveal
    | Challenge
    | Appeal
    | OfferMeantWord
    | Vote
    | CloseVote
    | Ready
    | EndRound
)
