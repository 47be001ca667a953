"""Events: the facts `decide` records and `evolve` folds into the state.

Every random outcome (each card drawn, the First Player, a card taken at
random) is written into an event, so replaying the log never draws. Cards that
go into a hand are private: `view.event_for` gives others HIDDEN in their place.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordsy_tui.games.wordnerds.rules.config import NerdsConfig


@dataclass(frozen=True, slots=True)
class GameCreated:
    """The table is set up with its options: the lobby is open."""

    config: NerdsConfig


@dataclass(frozen=True, slots=True)
class PlayerJoined:
    player: str
    bot: bool = False


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """A lobby seat given up or freed."""

    player: str


@dataclass(frozen=True, slots=True)
class GameStarted:
    """The game starts with the players seated, in seat order."""

    first: str
    """Drawn by lot."""
    decks: bool = True
    """False in a seat's view: it keeps only the decks' counts."""


@dataclass(frozen=True, slots=True)
class LettersDrawn:
    player: str
    cards: tuple[int, ...]
    """HIDDEN for each in another seat's view."""


@dataclass(frozen=True, slots=True)
class ActionsDrawn:
    player: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeckRenewed:
    """A deck ran out: its discard pile becomes the deck."""

    actions: bool
    """True: the action deck; False: the letter deck."""


@dataclass(frozen=True, slots=True)
class AuctionOpened:
    first: str
    """The First Player this turn."""
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BidSealed:
    """A bid sealed: its commitment, which says nothing of it."""

    player: str
    commitment: bytes


@dataclass(frozen=True, slots=True)
class BidsClosed:
    """Every bid is sealed, or the bid limit passed: each is to be opened."""

    missed: tuple[str, ...] = ()
    """Players who sealed none in time: they bid the 0, with no card."""


@dataclass(frozen=True, slots=True)
class BidRevealed:
    """A sealed bid opened, and found to be the bid sealed."""

    player: str
    token: int
    """HIDDEN in another seat's view until every bid is open (`BidsRevealed`)."""
    cards: tuple[int, ...] = ()
    """Empty in another seat's view."""


@dataclass(frozen=True, slots=True)
class BidsRevealed:
    bids: tuple[tuple[str, int, tuple[int, ...]], ...]
    """Each bid: player, token, bid cards."""
    order: tuple[tuple[str, int], ...]
    """Who picks when, with the bid as it counts."""
    void: tuple[str, ...] = ()
    """Players whose sealed bid was not opened in time: it counts as the 0, with no card."""


@dataclass(frozen=True, slots=True)
class CardPicked:
    player: str
    card: int
    kept: int
    """The card as the hand records it: HIDDEN in another seat's view."""


@dataclass(frozen=True, slots=True)
class CommunityCardAdded:
    card: int
    drawn: bool = False
    """True: from the letter deck (EXTRA COMMUNITY CARD); False: the auction's last card."""


@dataclass(frozen=True, slots=True)
class DeclarationOpened:
    pass


@dataclass(frozen=True, slots=True)
class WordLaid:
    player: str
    word: str
    cards: tuple[int, ...]
    trump: bool


@dataclass(frozen=True, slots=True)
class ActionPlayed:
    player: str
    card: int
    word: int | None = None
    target_player: str | None = None
    target: int | None = None


@dataclass(frozen=True, slots=True)
class LetterTaken:
    """TAKE A LETTER: a card at random from `source`'s hand into `player`'s."""

    player: str
    source: str
    taken: int
    """As `source`'s hand records it (HIDDEN for all but the two)."""
    kept: int
    """As `player`'s hand records it (HIDDEN for all but `player`)."""


@dataclass(frozen=True, slots=True)
class CommunityCardTaken:
    player: str
    card: int
    kept: int


@dataclass(frozen=True, slots=True)
class CommunityCardDiscarded:
    card: int


@dataclass(frozen=True, slots=True)
class TokensRetrieved:
    player: str
    tokens: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TokensSpent:
    player: str
    tokens: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Passed:
    player: str


@dataclass(frozen=True, slots=True)
class ChallengeMade:
    player: str
    word: int


@dataclass(frozen=True, slots=True)
class VoteOpened:
    word: int
    voters: tuple[str, ...]
    valid: bool
    """The word list's advice."""


@dataclass(frozen=True, slots=True)
class VoteCast:
    voter: str
    uphold: bool


@dataclass(frozen=True, slots=True)
class ChallengeDecided:
    word: int
    valid: bool
    """True: the word stands, each challenger loses 10; False: withdrawn, each gains 10."""
    challengers: tuple[str, ...]
    votes: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True, slots=True)
class BattleDecided:
    winner: int
    loser: int | None
    """None: the word it trumped was withdrawn, so nothing stood against it."""


@dataclass(frozen=True, slots=True)
class DeclarationEnded:
    points: tuple[tuple[str, int], ...]
    """What each word player scores: the scoring word whole, the losers of battles half."""
    retrieved: tuple[tuple[str, tuple[int, ...]], ...]
    letters: tuple[int, ...]
    """Letter cards played (community cards among them), now discarded."""
    actions: tuple[int, ...]
    """WORD VALUE cards left on words, now discarded."""


@dataclass(frozen=True, slots=True)
class HandChosen:
    """A word player's choice: keep their hand, or (`new`) discard it and draw two."""

    player: str
    new: bool


@dataclass(frozen=True, slots=True)
class LettersDiscarded:
    """From a hand: a new hand, a replacement, the hand limit."""

    player: str
    cards: tuple[int, ...]
    """HIDDEN for each in another seat's view."""


@dataclass(frozen=True, slots=True)
class PurchaseOpened:
    pass


@dataclass(frozen=True, slots=True)
class Purchased:
    """`player`'s purchase is over."""

    player: str
    what: str
    """"letters", "action" or "nothing"."""


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[str, ...]


Event = (
    GameCreated
    | PlayerJoined
    | PlayerLeft
    | GameStarted
    | LettersDrawn
    | ActionsDrawn
    | DeckRenewed
    | AuctionOpened
    | BidSealed
    | BidsClosed
    | BidRevealed
    | BidsRevealed
    | CardPicked
    | CommunityCardAdded
    | DeclarationOpened
    | WordLaid
    | ActionPlayed
    | LetterTaken
    | CommunityCardTaken
    | CommunityCardDiscarded
    | TokensRetrieved
    | TokensSpent
    | Passed
    | ChallengeMade
    | VoteOpened
    | VoteCast
    | ChallengeDecided
    | BattleDecided
    | DeclarationEnded
    | HandChosen
    | LettersDiscarded
    | PurchaseOpened
    | Purchased
    | GameEnded
)
