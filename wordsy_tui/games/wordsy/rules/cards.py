"""The 60 letter cards: which letters, how many, and which are rare.

The rulebooks print the totals (44 common, 12 rare worth +1, 4 rare worth +2)
but not the letter counts; docs/RULES.md explains the table below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# letter -> (copies in the deck, rare bonus). One table, so the deck, the
# `score` command and the docs can never disagree.
LETTER_TABLE: Final[dict[str, tuple[int, int]]] = {
    # common (44): consonants weighted toward those long words use most
    "S": (5, 0),
    "T": (5, 0),
    "R": (5, 0),
    "N": (5, 0),
    "L": (4, 0),
    "D": (4, 0),
    "C": (4, 0),
    "P": (4, 0),
    "M": (3, 0),
    "G": (3, 0),
    "B": (2, 0),
    # rare +1 (12)
    "H": (2, 1),
    "Y": (2, 1),
    "F": (2, 1),
    "K": (2, 1),
    "W": (2, 1),
    "V": (2, 1),
    # rare +2 (4)
    "Q": (1, 2),
    "J": (1, 2),
    "X": (1, 2),
    "Z": (1, 2),
}

DECK_SIZE: Final = 60


@dataclass(frozen=True, slots=True)
class Card:
    """One physical letter card. `id` tells apart two cards of one letter."""

    id: int
    letter: str
    bonus: int = 0

    @property
    def rare(self) -> bool:
        return self.bonus > 0

    def label(self) -> str:
        """The card as players write it: `Q+2` for rare cards, `S` otherwise."""
        return f"{self.letter}+{self.bonus}" if self.bonus else self.letter


def rare_bonus(letter: str) -> int:
    """The printed bonus of a letter; 0 for letters the deck does not hold."""
    return LETTER_TABLE.get(letter.upper(), (0, 0))[1]


def full_deck() -> tuple[Card, ...]:
    """All 60 cards in table order, ids 0..59."""
    cards: list[Card] = []
    for letter, (copies, bonus) in LETTER_TABLE.items():
        first = len(cards)
        cards.extend(Card(first + i, letter, bonus) for i in range(copies))
    return tuple(cards)


FULL_DECK: Final = full_deck()
CARDS_BY_ID: Final = {card.id: card for card in FULL_DECK}
