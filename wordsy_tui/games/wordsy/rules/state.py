"""The game state: a fold of the event log (see evolve.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.cards import FULL_DECK
from wordsy_tui.games.wordsy.rules.config import ROUNDS, GameConfig
from wordsy_tui.games.wordsy.rules.referee import PlayedWord, Verdict
from wordsy_tui.games.wordsy.rules.scoresheet import Scoresheet
from wordsy_tui.games.wordsy.rules.solo import SoloSpot


class Phase(StrEnum):
    NEW = "new"
    LOBBY = "lobby"
    WRITING = "writing"
    REVEAL = "reveal"
    """Writing is over; players reveal the words behind their commitments."""
    CHALLENGES = "challenges"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Draft:
    """A player's word this round, as the table knows it."""

    commitment: bytes | None = None
    locked: bool = False
    word: str | None = None
    verdict: Verdict | None = None
    score: int = 0
    voided: bool = False
    challenged: bool = False
    """It has faced its one challenge (or appeal) this round."""
    offered: bool = False
    """Its player has offered the word they meant, once (relaxed play)."""

    @property
    def revealed(self) -> bool:
        return self.word is not None


NO_DRAFT: Final = Draft()
"""The draft of a player who has written nothing this round (one for all: it is frozen)."""


@dataclass(frozen=True, slots=True)
class MeantWord:
    """The word a player says they meant, offered for the one that fell."""

    word: str
    verdict: Verdict


@dataclass(frozen=True, slots=True)
class OpenChallenge:
    challenger: str | None
    """None: the player appeals against the referee's refusal, or offers a meant word."""
    target: str
    voters: frozenset[str]
    votes: Mapping[str, bool] = field(default_factory=dict)
    meant: MeantWord | None = None
    """Set when the vote is on the word the target meant (a vote's True refuses it)."""


@dataclass(frozen=True, slots=True)
class ChallengeResult:
    """A challenge (or appeal) the table has decided this round: what everyone is told."""

    challenger: str | None
    """None: the player appealed against the referee's refusal (or offered a meant word)."""
    target: str
    word: str
    stands: int
    """Votes that the word stands."""
    against: int
    """Votes that it breaks the rules."""
    voters: int
    """How many could vote: 0 when the referee decided alone (a two-player table)."""
    upheld: bool
    """True: the word breaks the rules and is worth 0 (an offer: the meant word is refused
    and the word stays fallen)."""
    meant: str | None = None
    """Set for an offer: the word its player meant. `word` is the word that fell, `stands`
    the votes to accept the meant word, `against` the votes to refuse it."""

    @property
    def penalty(self) -> bool:
        """The challenge failed: its challenger marks a penalty tally (-2)."""
        return self.challenger is not None and not self.upheld


@dataclass(frozen=True, slots=True)
class GameState:
    config: GameConfig = field(default_factory=GameConfig)
    phase: Phase = Phase.NEW
    players: tuple[str, ...] = ()
    bots: frozenset[str] = frozenset()
    round: int = 0
    board: Board = field(default_factory=Board)
    undealt: frozenset[int] = frozenset(card.id for card in FULL_DECK)
    discards: frozenset[int] = frozenset()
    drafts: Mapping[str, Draft] = field(default_factory=dict)
    flipped_by: str | None = None
    """Who flipped the timer this round (solo: the player, who paused it)."""
    timer_expired: bool = False
    no_flip: str | None = None
    main_player: str | None = None
    challenge: OpenChallenge | None = None
    challenges: tuple[ChallengeResult, ...] = ()
    """This round's decided challenges and appeals, in the order they were decided."""
    ready: frozenset[str] = frozenset()
    sheets: Mapping[str, Scoresheet] = field(default_factory=dict)
    played: tuple[PlayedWord, ...] = ()
    solo_spot: SoloSpot = SoloSpot.TOP
    gone: frozenset[str] = frozenset()
    """Players who left (or were removed) during the game: still on the scoresheets."""

    @property
    def solo(self) -> bool:
        return self.config.solo is not None

    @property
    def last_round(self) -> bool:
        """The round being played is the game's last: its end ends the game."""
        return self.round >= ROUNDS

    @property
    def fastest(self) -> str | None:
        """Whom the bonuses compare against: the flipper, or the Main Player."""
        if self.solo:
            return None
        return self.flipped_by if self.config.timed else self.main_player

    @property
    def timer_running(self) -> bool:
        if self.phase is not Phase.WRITING or self.timer_expired or not self.config.timed:
            return False
        # The solo timer runs from the deal until the player pauses it.
        return (self.flipped_by is None) if self.solo else (self.flipped_by is not None)

    @property
    def captain(self) -> str | None:
        """Who starts the game: the first person (not computer player) to sit down."""
        return next((p for p in self.players if p not in self.bots), None)

    def captain_among(self, connected: Mapping[str, bool]) -> str | None:
        """The captain while the captain's connection is gone: the next connected person."""
        people = [p for p in self.players if p not in self.bots]
        return next((p for p in people if connected.get(p) is not False), self.captain)

    @property
    def active(self) -> tuple[str, ...]:
        """The players still playing: the ones a round waits for and scores."""
        return tuple(p for p in self.players if p not in self.gone)

    def draft(self, player: str) -> Draft:
        return self.drafts.get(player, NO_DRAFT)
