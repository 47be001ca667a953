"""The state of a game of Word Nerds: a fold of the event log (see evolve.py).

The host's state knows everything; a seat's view (view.py) has HIDDEN cards in
other hands, no bids before the reveal and no deck contents, only counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from wordsy_tui.games.wordnerds.rules.components import (
    HAND_LIMIT,
    KINDS,
    Effect,
    Worth,
    action,
    letter,
    worth_of,
)
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig


class Phase(StrEnum):
    NEW = "new"
    LOBBY = "lobby"
    """The table is set up; players sit down until the game starts."""
    BIDDING = "bidding"
    """Card Auction Phase: the cards are up, the bids are being sealed."""
    REVEALING = "revealing"
    """Card Auction Phase: every bid is sealed; each player's program opens its own."""
    PICKING = "picking"
    """Card Auction Phase: the bids are revealed; from the highest, each takes a card."""
    DECLARING = "declaring"
    """Word Declaration Phase."""
    REFRESHING = "refreshing"
    """Word Declaration Phase, last step: each word player keeps their hand or draws two."""
    PURCHASING = "purchasing"
    OVER = "over"


class Standing(StrEnum):
    IN_PLAY = "in play"
    """The scoring word, or a trump not yet decided."""
    BEATEN = "beaten"
    """Trumped: its player lost the trump battle and scores half."""
    LOST = "lost"
    """A trump that did not end up worth more: its player scores half."""
    WITHDRAWN = "withdrawn"
    """Successfully challenged: it scores nothing."""


@dataclass(frozen=True, slots=True)
class Modifier:
    """A WORD VALUE card on a word."""

    card: int
    player: str

    @property
    def effect(self) -> Effect:
        return action(self.card).effect


@dataclass(frozen=True, slots=True)
class LaidWord:
    player: str
    word: str
    """Lower case, as spelt (a WILD's letter included)."""
    cards: tuple[int, ...]
    """The letter card for each letter, in order."""
    trumps: int | None = None
    """The word it was laid down to trump (its index in the phase's words)."""
    modifiers: tuple[Modifier, ...] = ()
    standing: Standing = Standing.IN_PLAY
    challengers: tuple[str, ...] = ()
    """Challenges waiting for the window to close."""
    upheld_as_word: bool = False
    """A challenge found it a word: the verdict stands, it is not challenged again."""

    @property
    def worth(self) -> Worth:
        """Its value worked out: letters, modifiers, bonus."""
        modifiers = sum(KINDS[m.effect].amount for m in self.modifiers)
        doubled = sum(m.effect is Effect.DOUBLE_BONUS for m in self.modifiers)
        return worth_of([letter(card).value for card in self.cards], modifiers, doubled)

    @property
    def value(self) -> int:
        return self.worth.value

    @property
    def extra_letters(self) -> int:
        """Letters beyond four: the spent tokens the player of the scoring word takes back."""
        return max(0, len(self.cards) - 4)


@dataclass(frozen=True, slots=True)
class OpenedBid:
    token: int
    """HIDDEN in another seat's view until every bid is revealed."""
    cards: tuple[int, ...] = ()
    """Bid action cards played face down with it (not shown to others before the reveal)."""


@dataclass(frozen=True, slots=True)
class Vote:
    """The table's vote on a challenge of `word`."""

    word: int
    voters: tuple[str, ...]
    valid: bool
    """The word list's advice."""
    votes: Mapping[str, bool] = field(default_factory=dict)
    """voter -> uphold (True: the word is not a word)."""

    def upheld(self) -> bool:
        """A majority of the votes cast; a tie (or none) follows the word list."""
        uphold = sum(self.votes.values())
        stands = len(self.votes) - uphold
        return (not self.valid) if uphold == stands else uphold > stands


@dataclass(frozen=True, slots=True)
class NerdsState:
    config: NerdsConfig = field(default_factory=NerdsConfig)
    phase: Phase = Phase.NEW
    players: tuple[str, ...] = ()
    """Seat order: to the left of each player sits the next."""
    bots: frozenset[str] = frozenset()
    first: str = ""
    """Holds the FIRST PLAYER card."""
    turn: int = 0
    scores: Mapping[str, int] = field(default_factory=dict)
    letters: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Each hand's letter cards, sorted; HIDDEN where this view may not know them."""
    actions: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Each hand's action cards, sorted; HIDDEN where this view may not know them."""
    unspent: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    spent: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    letter_deck: tuple[int, ...] | None = ()
    """The undrawn letter cards as a set (the host draws at random): None in a seat's view."""
    letter_deck_count: int = 0
    letter_discard: tuple[int, ...] | None = ()
    letter_discard_count: int = 0
    action_deck: tuple[int, ...] | None = ()
    action_deck_count: int = 0
    action_discard: tuple[int, ...] | None = ()
    action_discard_count: int = 0
    community: tuple[int, ...] = ()
    auction: tuple[int, ...] = ()
    """The letter cards up for auction."""
    sealed: Mapping[str, bytes] = field(default_factory=dict)
    """This auction's commitments to bids."""
    unsealed: frozenset[str] = frozenset()
    """Who sealed no bid in time this auction: they bid the 0, as everyone knows."""
    bids: Mapping[str, OpenedBid] = field(default_factory=dict)
    """Bids opened this auction (HIDDEN in another seat's view until all are open)."""
    revealed: tuple[tuple[str, int], ...] = ()
    """After the reveal: each bidder's bid as it counts, in picking order."""
    picking: tuple[str, ...] = ()
    """Who still takes a card, the next first."""
    words: tuple[LaidWord, ...] = ()
    """Every word laid down in this Word Declaration Phase."""
    scoring: int | None = None
    trump: int | None = None
    """A trump whose battle is not decided yet."""
    passed: frozenset[str] = frozenset()
    """Who said "nothing more" since the window last restarted."""
    vote: Vote | None = None
    refreshing: frozenset[str] = frozenset()
    purchasing: tuple[str, ...] = ()
    clock: int = 0
    """Counts the waits: a new value starts a new countdown."""
    winners: tuple[str, ...] = ()

    @property
    def captain(self) -> str | None:
        """Who starts the game beside the host: the first person who sat down."""
        return next((p for p in self.players if p not in self.bots), None)

    def hand(self, player: str) -> tuple[int, ...]:
        return self.letters.get(player, ())

    def over_limit(self) -> dict[str, int]:
        """Who must discard, and how many letter cards."""
        return {
            p: len(self.hand(p)) - HAND_LIMIT
            for p in self.players
            if len(self.hand(p)) > HAND_LIMIT
        }

    def in_play(self) -> tuple[int, ...]:
        """The words action cards and challenges may be aimed at: the scoring word and a
        trump whose battle is not decided."""
        return tuple(i for i in (self.scoring, self.trump) if i is not None)

    def left_of(self, player: str) -> str:
        order = self.players
        return order[(order.index(player) + 1) % len(order)]

    def from_first(self) -> tuple[str, ...]:
        """The players in turn order, the First Player first."""
        at = self.players.index(self.first) if self.first in self.players else 0
        return self.players[at:] + self.players[:at]

    def word_players(self) -> frozenset[str]:
        return frozenset(w.player for w in self.words)
