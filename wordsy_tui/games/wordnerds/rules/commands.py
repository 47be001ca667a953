"""Commands: what a seat (or the host, seat None) asks of the game.

They carry no player: `decide` is told which seat sent one, so a peer can only act for its
own seat (the host seats people by naming the seat a `JoinGame` acts for). `CreateGame`,
`RemovePlayer` and `TimeUp` are the host's own; `SealBid` is the sealed choice, `RevealBid`
opens it once every player has bid.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig


@dataclass(frozen=True, slots=True)
class CreateGame:
    """The host sets the table up with its options: the lobby opens."""

    config: NerdsConfig = field(default_factory=NerdsConfig)


@dataclass(frozen=True, slots=True)
class JoinGame:
    """Sit down in the lobby (the host's own computer players with `bot`)."""

    bot: bool = False


@dataclass(frozen=True, slots=True)
class StartGame:
    """Start the game with the players the lobby seated, in seat order: the host, or the
    first person who sat down (the captain)."""


@dataclass(frozen=True, slots=True)
class LeaveGame:
    """Give the lobby seat up (once the game has started, a seat is kept for its player:
    the clock plays for one who is gone)."""


@dataclass(frozen=True, slots=True)
class RemovePlayer:
    """The host frees `player`'s lobby seat."""

    player: str


@dataclass(frozen=True, slots=True)
class SealBid:
    """This auction's bid, sealed: `engine.sealed.commit(bid.text, salt)` of a `Bid`. It is
    final; nobody, the host included, learns it before every bid is sealed."""

    commitment: bytes


@dataclass(frozen=True, slots=True)
class RevealBid:
    """The bid sealed this auction, and its salt, once every player has bid."""

    token: int
    cards: tuple[int, ...]
    salt: bytes

    @property
    def bid(self) -> Bid:
        return Bid(self.token, self.cards)


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
    CreateGame
    | JoinGame
    | StartGame
    | LeaveGame
    | RemovePlayer
    | SealBid
    | RevealBid
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


def host_only(command: Command) -> bool:
    """The host's own set-up, removals and clock: no seat may send it."""
    return isinstance(command, CreateGame | RemovePlayer | TimeUp)


def opening(
    config: NerdsConfig, people: tuple[str, ...], bots: tuple[str, ...] = ()
) -> list[tuple[str | None, Command]]:
    """The commands that set a table up and start its game, each with who sends it (None:
    the host): the table created, `people` then `bots` seated, the game started."""
    return [
        (None, CreateGame(config)),
        *((person, JoinGame()) for person in people),
        *((bot, JoinGame(bot=True)) for bot in bots),
        (None, StartGame()),
    ]


def seal_bid(bid: Bid, salt: bytes) -> SealBid:
    """`bid` sealed with `salt` (the salt kept to open it)."""
    return SealBid(commit(bid.text, salt))


def reveal_bid(bid: Bid, salt: bytes) -> RevealBid:
    """`bid`, sealed with `salt`, opened."""
    return RevealBid(bid.token, bid.cards, salt)
