"""Commands: what a seat (or the host, seat None) asks of the game.

They carry no player: `decide` is told which seat sent one, so a peer can only
act for its own seat. `StartGame` and `TimeUp` are the host's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wordsy_tui.games.wordnerds.rules.config import NerdsConfig


@dataclass(frozen=True, slots=True)
class StartGame:
    """The host starts the game with the players seated (in seat order) in the lobby."""

    players: tuple[str, ...]
    bots: frozenset[str] = frozenset()
    config: NerdsConfig = field(default_factory=NerdsConfig)


@dataclass(frozen=True, slots=True)
class Bid:
    """A sealed choice: an unspent token, and bid action cards played face down with it.

    The host keeps it secret until every bid is in. It is plain data, so commit-reveal
    can wrap it: `sealed` is the text a commitment hashes (with a salt), and at the
    reveal the bid itself is sent."""

    token: int
    cards: tuple[int, ...] = ()

    @property
    def sealed(self) -> str:
        return ",".join(map(str, (self.token, *sorted(self.cards))))


@dataclass(frozen=True, slots=True)
class Pick:
    """Take one of the cards up for auction."""

    card: int


@dataclass(frozen=True, slots=True)
class Declare:
    """ "Word Nerd": lay down a word of four letters or more."""

    word: str
    cards: tuple[int, ...]
    """A letter card for each letter, in order: from the hand or the community pool."""


@dataclass(frozen=True, slots=True)
class Trump:
    """Lay down a word worth more than the scoring word."""

    word: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Challenge:
    word: int
    """The word's index among this phase's words."""


@dataclass(frozen=True, slots=True)
class Vote:
    """With the table's vote: this voter's answer on the challenged word."""

    uphold: bool
    """True: the challenge is right (not a word); False: the word stands."""


@dataclass(frozen=True, slots=True)
class PlayAction:
    card: int
    word: int | None = None
    """A word in play (WORD VALUE cards)."""
    player: str | None = None
    """Another player (TAKE A LETTER, TOKEN TAX)."""
    target: int | None = None
    """A community card (community cards' actions) or a WORD VALUE card (NOT SO FAST)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """In a window: "nothing more" (until someone acts again). In the Purchase Phase: buy
    nothing."""


@dataclass(frozen=True, slots=True)
class KeepHand:
    """A word player keeps the letter cards left in their hand."""


@dataclass(frozen=True, slots=True)
class NewHand:
    """A word player discards the rest of their hand and draws two letter cards."""


@dataclass(frozen=True, slots=True)
class Replace:
    """Purchase: replace these letter cards, paying one unspent non-0 token each."""

    cards: tuple[int, ...]
    tokens: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BuyAction:
    """Purchase: the top action card, for one unspent non-0 token."""

    token: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Down to ten letter cards."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TimeUp:
    """The host's clock: the wait it names (`alarms.waiting`) has lasted its limit."""

    wait: str
    clock: int


Command = (
    StartGame
    | Bid
    | Pick
    | Declare
    | Trump
    | Challenge
    | Vote
    | PlayAction
    | Pass
    | KeepHand
    | NewHand
    | Replace
    | BuyAction
    | Discard
    | TimeUp
)

HOST_ONLY: tuple[type[Command], ...] = (StartGame, TimeUp)
"""The host's own set-up and clock: no seat may send these."""
SEALED: tuple[type[Command], ...] = (Bid,)
"""Sealed choices: secret until every player's is in."""
