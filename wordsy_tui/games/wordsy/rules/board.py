"""The board: four columns worth 5, 4, 3 and 2 points, two cards each."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.wordsy.rules.cards import Card

COLUMN_VALUES: Final = (5, 4, 3, 2)
CARDS_PER_COLUMN: Final = 2
SLOTS: Final = len(COLUMN_VALUES) * CARDS_PER_COLUMN
MAX_RARE: Final = 2
MAX_SAME_LETTER: Final = 2

# The first deal fills the columns from right to left (rulebook, Setup).
FIRST_DEAL_ORDER: Final = (6, 7, 4, 5, 2, 3, 0, 1)
# Later deals refill the 5 and 4 columns after the slide.
REFILL_ORDER: Final = (0, 1, 2, 3)


def column_of(slot: int) -> int:
    return slot // CARDS_PER_COLUMN


def slot_value(slot: int) -> int:
    return COLUMN_VALUES[column_of(slot)]


def breaks_rules_of_two(face_up: Iterable[Card], card: Card) -> str | None:
    """Why placing `card` beside `face_up` breaks a Rule of Two, or None."""
    cards = list(face_up)
    if card.rare and sum(c.rare for c in cards) >= MAX_RARE:
        return f"a third rare card ({card.label()}) may not be face up"
    if sum(c.letter == card.letter for c in cards) >= MAX_SAME_LETTER:
        return f"a third {card.letter} may not be face up"
    return None


@dataclass(frozen=True, slots=True)
class Board:
    """Eight slots, left to right: slots 0-1 are the 5 column, 6-7 the 2 column."""

    slots: tuple[Card | None, ...] = (None,) * SLOTS

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for card in self.slots if card is not None)

    def place(self, slot: int, card: Card) -> Board:
        slots = list(self.slots)
        slots[slot] = card
        return Board(tuple(slots))

    def slide(self) -> tuple[Board, tuple[Card, ...]]:
        """End of round: discard the two lowest columns, slide the rest right.

        Returns the new board (5 and 4 columns empty) and the discarded cards.
        """
        keep = self.slots[:4]
        discarded = tuple(c for c in self.slots[4:] if c is not None)
        return Board((None,) * 4 + keep), discarded

    def is_legal(self) -> bool:
        cards = self.cards
        counts = Counter(c.letter for c in cards)
        return sum(c.rare for c in cards) <= MAX_RARE and all(
            n <= MAX_SAME_LETTER for n in counts.values()
        )

    def labels(self) -> str:
        return " ".join(c.label() if c else "." for c in self.slots)
