"""What is in the box: the letter deck, the 54 action cards, the tokens and the numbers the
rulebook prints. One place for every designed card (docs/RULES.md, "Word Nerds", gives the
reasons); the rules, the screens and the computer players read them from here.

A card is its index in its deck: letter cards 0-99, action cards 0-53.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

TARGET: Final = 100
"""The first player to score this many points wins."""
HAND_LIMIT: Final = 10
"""Letter cards a hand may hold; action cards do not count."""
MIN_WORD: Final = 4
START_LETTERS: Final = 2
START_ACTIONS: Final = 1
NEW_HAND: Final = 2
"""Letter cards a word player draws when they give up the rest of their hand."""
CHALLENGE_POINTS: Final = 10
WILD: Final = "*"
"""The letter of a WILD card."""
HIDDEN: Final = -1
"""A card this view may not know (in another player's hand)."""

LENGTH_BONUS: Final = {4: 0, 5: 2, 6: 5, 7: 9, 8: 14}
LONGEST_BONUS: Final = 20
"""The bonus for nine letters or more."""


def length_bonus(letters: int) -> int:
    if letters < MIN_WORD:
        return 0
    return LENGTH_BONUS.get(letters, LONGEST_BONUS)


def tokens_for(players: int) -> tuple[int, ...]:
    """The tokens each player takes: 0-5 for two or three players, 0-6 for four or five,
    0-7 for six."""
    top = 5 if players <= 3 else 6 if players <= 5 else 7
    return tuple(range(top + 1))


# --- Letter cards ----------------------------------------------------------------------

VALUES: Final[dict[str, int]] = {
    "a": 1, "b": 2, "c": 2, "d": 1, "e": 1, "f": 3, "g": 2, "h": 2, "i": 1,
    "j": 6, "k": 3, "l": 1, "m": 2, "n": 1, "o": 1, "p": 2, "q": 6, "r": 1,
    "s": 1, "t": 1, "u": 2, "v": 4, "w": 3, "x": 5, "y": 3, "z": 5, WILD: 0,
}  # fmt: skip
"""Each letter's points: how much rarer it is than E in everyday words, in powers of two
(PATHS is 7 for the letters and WRECK 10, as the rulebook's example has them)."""

COPIES: Final[dict[str, int]] = {
    "a": 9, "b": 2, "c": 2, "d": 4, "e": 12, "f": 2, "g": 3, "h": 2, "i": 9,
    "j": 1, "k": 1, "l": 4, "m": 2, "n": 6, "o": 8, "p": 2, "q": 1, "r": 6,
    "s": 4, "t": 6, "u": 4, "v": 2, "w": 2, "x": 1, "y": 2, "z": 1, WILD: 2,
}  # fmt: skip
"""98 letters and two WILD cards."""

ACTION_MARKS: Final[dict[str, int]] = {
    "a": 2, "e": 3, "i": 2, "o": 2, "u": 1, "d": 1, "l": 1, "n": 1, "r": 1, "t": 1,
}  # fmt: skip
"""How many copies of each letter carry '+ ACTION CARD': only one-point letters (and U),
so the card that brings an action card is never also the best letter up for auction."""


@dataclass(frozen=True, slots=True)
class LetterCard:
    letter: str
    """Lower case; WILD for a WILD card."""
    value: int
    action: bool
    """'+ ACTION CARD': its taker in an auction also draws an action card."""

    @property
    def wild(self) -> bool:
        return self.letter == WILD

    @property
    def short(self) -> str:
        """In a few characters: "P2", "E1+" (+ ACTION CARD), "?0" (WILD)."""
        name = "?" if self.wild else self.letter.upper()
        return f"{name}{self.value}{'+' if self.action else ''}"

    @property
    def face(self) -> str:
        """As the card is printed: the letter, its value, the mark."""
        name = "WILD" if self.wild else self.letter.upper()
        mark = " + ACTION CARD" if self.action else ""
        return f"{name}{self.value}{mark}"


def _letter_deck() -> tuple[LetterCard, ...]:
    cards: list[LetterCard] = []
    for letter, copies in COPIES.items():
        marked = ACTION_MARKS.get(letter, 0)
        cards.extend(LetterCard(letter, VALUES[letter], i < marked) for i in range(copies))
    return tuple(cards)


LETTERS: Final = _letter_deck()
"""The 100 letter cards; a card's number is its index here."""


def letter(card: int) -> LetterCard:
    return LETTERS[card]


# --- Action cards ----------------------------------------------------------------------


class Effect(StrEnum):
    """What an action card does; each is one case in `decide`."""

    PLUS_TWO = "plus-two"
    MINUS_THREE = "minus-three"
    DOUBLE_BONUS = "double-bonus"
    NOT_SO_FAST = "not-so-fast"
    BID_BOOST = "bid-boost"
    FREE_BID = "free-bid"
    DRAW_LETTERS = "draw-letters"
    TAKE_LETTER = "take-letter"
    EXTRA_COMMUNITY = "extra-community"
    TAKE_COMMUNITY = "take-community"
    DISCARD_COMMUNITY = "discard-community"
    RETRIEVE = "retrieve"
    TOKEN_TAX = "token-tax"
    DRAW_ACTIONS = "draw-actions"


class Family(StrEnum):
    """The rulebook's list of what action cards touch."""

    WORD = "word value"
    BID = "bid value"
    HAND = "hand contents"
    POOL = "community cards"
    TOKENS = "tokens"
    DECK = "action cards"


class When(StrEnum):
    """When a card may be played."""

    ANY_TIME = "any time"
    ON_A_WORD = "on a word in play"
    """In the Word Declaration Phase, on the scoring word or a word trumping it."""
    WITH_BID = "with a bid"
    """Face down with the bid, revealed with the bids."""
    NOT_DECLARING = "not in the Word Declaration Phase"
    NOT_AUCTION = "not in the Card Auction Phase"


class Target(StrEnum):
    """What the player names when they play the card."""

    NONE = "none"
    WORD = "word"
    """A word in play."""
    MODIFIER = "modifier"
    """A WORD VALUE card played on a word in play."""
    PLAYER = "player"
    """Another player."""
    COMMUNITY = "community"
    """A community card."""


@dataclass(frozen=True, slots=True)
class ActionKind:
    effect: Effect
    title: str
    text: str
    """What the card says: what the screen shows, and what the rules do."""
    copies: int
    family: Family
    when: When
    target: Target = Target.NONE
    amount: int = 0
    """Points, bid points, cards or tokens, as the effect reads it."""


ACTION_KINDS: Final[tuple[ActionKind, ...]] = (
    ActionKind(
        Effect.PLUS_TWO,
        "+2 WORD VALUE",
        "Play on a word in play: it is worth 2 more.",
        7, Family.WORD, When.ON_A_WORD, Target.WORD, 2,
    ),
    ActionKind(
        Effect.MINUS_THREE,
        "-3 WORD VALUE",
        "Play on a word in play: it is worth 3 less (never below 0).",
        7, Family.WORD, When.ON_A_WORD, Target.WORD, -3,
    ),
    ActionKind(
        Effect.DOUBLE_BONUS,
        "DOUBLE BONUS",
        "Play on a word in play: its length bonus counts twice.",
        3, Family.WORD, When.ON_A_WORD, Target.WORD,
    ),
    ActionKind(
        Effect.NOT_SO_FAST,
        "NOT SO FAST",
        "Play on a WORD VALUE card played on a word in play: cancel it.",
        4, Family.WORD, When.ON_A_WORD, Target.MODIFIER,
    ),
    ActionKind(
        Effect.BID_BOOST,
        "+3 BID",
        "Play face down with your bid: it counts 3 more. Revealed with the bids.",
        4, Family.BID, When.WITH_BID, Target.NONE, 3,
    ),
    ActionKind(
        Effect.FREE_BID,
        "FREE BID",
        "Play face down with your bid: your bid token is not spent.",
        3, Family.BID, When.WITH_BID,
    ),
    ActionKind(
        Effect.DRAW_LETTERS,
        "DRAW 2 LETTERS",
        "Draw two letter cards.",
        5, Family.HAND, When.ANY_TIME, Target.NONE, 2,
    ),
    ActionKind(
        Effect.TAKE_LETTER,
        "TAKE A LETTER",
        "Take a letter card at random from another player's hand."
        " Not in the Word Declaration Phase.",
        3, Family.HAND, When.NOT_DECLARING, Target.PLAYER,
    ),
    ActionKind(
        Effect.EXTRA_COMMUNITY,
        "EXTRA COMMUNITY CARD",
        "Turn up the top letter card into the community pool."
        " Not in the Word Declaration Phase.",
        4, Family.POOL, When.NOT_DECLARING,
    ),
    ActionKind(
        Effect.TAKE_COMMUNITY,
        "TAKE A COMMUNITY CARD",
        "Take a community card into your hand. Not in the Word Declaration Phase.",
        3, Family.POOL, When.NOT_DECLARING, Target.COMMUNITY,
    ),
    ActionKind(
        Effect.DISCARD_COMMUNITY,
        "DISCARD A COMMUNITY CARD",
        "Discard a community card. Not in the Word Declaration Phase.",
        3, Family.POOL, When.NOT_DECLARING, Target.COMMUNITY,
    ),
    ActionKind(
        Effect.RETRIEVE,
        "RETRIEVE TOKENS",
        "Take back all your spent tokens.",
        4, Family.TOKENS, When.ANY_TIME,
    ),
    ActionKind(
        Effect.TOKEN_TAX,
        "TOKEN TAX",
        "Another player spends their highest unspent token (not the 0)."
        " Not in the Card Auction Phase.",
        2, Family.TOKENS, When.NOT_AUCTION, Target.PLAYER,
    ),
    ActionKind(
        Effect.DRAW_ACTIONS,
        "DRAW 2 ACTION CARDS",
        "Draw two action cards.",
        2, Family.DECK, When.ANY_TIME, Target.NONE, 2,
    ),
)  # fmt: skip

KINDS: Final[dict[Effect, ActionKind]] = {kind.effect: kind for kind in ACTION_KINDS}

ACTIONS: Final[tuple[ActionKind, ...]] = tuple(
    kind for kind in ACTION_KINDS for _ in range(kind.copies)
)
"""The 54 action cards; a card's number is its index here."""


def action(card: int) -> ActionKind:
    return ACTIONS[card]


@dataclass(frozen=True, slots=True)
class Worth:
    """A word's value worked out as the rulebook does: its letters, the action cards'
    modifiers, and its length bonus (counted twice for each DOUBLE BONUS on it)."""

    letters: tuple[int, ...]
    """Each letter card's points, in the word's order (a WILD's 0)."""
    modifiers: int = 0
    """What +2 and -3 WORD VALUE cards add up to."""
    bonus: int = 0

    @property
    def value(self) -> int:
        """Never below 0."""
        return max(0, sum(self.letters) + self.modifiers + self.bonus)


def worth_of(points: Sequence[int], modifiers: int = 0, doubled: int = 0) -> Worth:
    """The worth of a word whose letter cards score `points`, with `modifiers` from WORD
    VALUE cards and `doubled` DOUBLE BONUS cards."""
    return Worth(tuple(points), modifiers, (1 + doubled) * length_bonus(len(points)))


def word_value(cards: tuple[int, ...], doubled: int = 0, modifiers: int = 0) -> int:
    """The value of the word spelt by letter `cards`."""
    return worth_of([LETTERS[card].value for card in cards], modifiers, doubled).value


def _check() -> None:
    """The box's totals, as the rulebook prints them."""
    if len(LETTERS) != 100 or sum(card.wild for card in LETTERS) != 2:
        raise AssertionError("100 letter cards, two of them WILD")
    if len(ACTIONS) != 54:
        raise AssertionError("54 action cards")
    marks = Counter(card.letter for card in LETTERS if card.action)
    if any(marks[letter] > COPIES[letter] for letter in marks):
        raise AssertionError("more marks than copies")


_check()
