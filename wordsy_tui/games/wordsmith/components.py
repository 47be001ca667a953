"""Wordsmith's components as data: the one place they are defined.

The rulebook prints the rules of the cards, the strip, the sheet and the goals but
no copy of them; these are the product's design. docs/RULES.md ("Wordsmith") gives
every choice its reason and prints the same tables; a test keeps the two the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True, slots=True)
class Card:
    """A letter card: its top letter is written on the left, its bottom on the right."""

    top: str
    bottom: str


# Each pair is one card, top letter first. 34 cards pair a vowel with a consonant and 13 pair
# two consonants (P/R and A/D are the rulebook's); Q comes with its U.
_CARD_PAIRS: Final = (
    "AD TA AN SA AC MA KA "
    "RE ES TE EN LE ED VE EB HE EG XE "
    "IN TI IS LI IC FI ZI "
    "OR PO OL GO OM JO "
    "QU UR SU "
    "PR ST RN TH LY DS CR GN PL BR ND SY WT"
)
CARDS: Final = tuple(Card(pair[0], pair[1]) for pair in _CARD_PAIRS.split())
"""The 47 letter cards; a card's number is its index here."""

REFERENCE_CARD: Final[Mapping[str, int]] = dict(
    sorted(Counter(letter for card in CARDS for letter in (card.top, card.bottom)).items())
)
"""How many faces of the deck show each letter: the reference card is the deck's table."""

ROUNDS: Final = 12
CARDS_PER_ROUND: Final = 3
START_CARDS: Final = 2
SET_ASIDE: Final = 9
"""Cards put back in the box unseen at set-up: 47 - 2 - 9 = 36 = 12 rounds of 3."""
DECK: Final = len(CARDS) - START_CARDS - SET_ASIDE
LETTERS_PER_TURN: Final = 2

SLOT_COSTS: Final = (0, 1, 2)
"""Coins a letter costs from the yellow, orange and dark orange slot of the strip."""
ANY_LETTER_COST: Final = 3
"""Coins for any letter at all, whether the strip shows it or not."""

SIZE: Final = 8
"""The sheet is SIZE x SIZE squares: columns a-h from the left, rows 1-8 from the top."""


class Kind(StrEnum):
    """What a square of the sheet belongs to: an item to forge, or nothing."""

    COIN = "coin"
    RING = "ring"
    GOBLET = "goblet"
    SWORD = "sword"
    AXE = "axe"


# The printed sheet, row 1 at the top. `.` a plain square, `@` a blue-bordered start square,
# `$` a coin square, `o` a ring; each other mark is one item of several squares, named by
# the legend below: three goblets of 2 squares (cup over stem), two swords of 4 in a line,
# two axes of 5 (a head of 2 by 2 on a handle).
SHEET_MAP: Final = (
    "o $ x x . g . .",
    ". x x x o g $ s",
    "$ . . h . . . s",
    ". y y h @ @ o s",
    "o y y $ @ @ $ s",
    "o . y . . o . .",
    ". $ o . o i . $",
    ". t t t t i $ .",
)
MARKS: Final[Mapping[str, Kind]] = {
    "$": Kind.COIN,
    "o": Kind.RING,
    "g": Kind.GOBLET,
    "h": Kind.GOBLET,
    "i": Kind.GOBLET,
    "s": Kind.SWORD,
    "t": Kind.SWORD,
    "x": Kind.AXE,
    "y": Kind.AXE,
}
SINGLE_MARKS: Final = frozenset("$o")
"""Marks of which every square is an item of its own."""
START_MARK: Final = "@"


@dataclass(frozen=True, slots=True)
class Item:
    kind: Kind
    squares: tuple[int, ...]
    """Square indices (row * SIZE + column), in reading order."""


def _marks() -> tuple[str, ...]:
    cells = tuple(mark for row in SHEET_MAP for mark in row.split())
    if len(cells) != SIZE * SIZE:
        raise ValueError("the sheet map must have SIZE rows of SIZE marks")
    return cells


def _items(cells: tuple[str, ...]) -> tuple[Item, ...]:
    groups: dict[str, list[int]] = {}
    for square, mark in enumerate(cells):
        if mark in MARKS:
            key = f"{mark}{square}" if mark in SINGLE_MARKS else mark
            groups.setdefault(key, []).append(square)
    found = [Item(MARKS[key[0]], tuple(squares)) for key, squares in groups.items()]
    return tuple(sorted(found, key=lambda item: item.squares[0]))


SHEET_MARKS: Final = _marks()
"""The mark of each square, by square index."""
ITEMS: Final = _items(SHEET_MARKS)
"""Every item of the sheet; an item's number is its index here."""
START_SQUARES: Final = tuple(i for i, mark in enumerate(SHEET_MARKS) if mark == START_MARK)
"""Top left, top right, bottom left, bottom right: the first start card's letters go in the
top two (its top letter on the left), the second's in the bottom two."""
ITEM_AT: Final[Mapping[int, int]] = {
    square: number for number, item in enumerate(ITEMS) for square in item.squares
}
"""The item each square belongs to (plain and start squares belong to none)."""

ITEM_POINTS: Final[Mapping[Kind, int]] = {Kind.GOBLET: 2, Kind.SWORD: 4, Kind.AXE: 6}
COIN_SQUARE_COINS: Final = 2
AXE_CROWNS: Final = 2
RING_POINTS: Final = ((7, 20), (6, 10), (5, 5))
"""(rings, points), most first: 7 rings or more score 20."""

FIVE_LETTER_COINS: Final = 1
"""A fresh five-letter word's coin; an extension of five letters earns none."""
LENGTH_CROWNS: Final[Mapping[int, int]] = {6: 1, 7: 2, 8: 3}
"""Crowns for a word of 6, 7 and 8 letters, fresh or an extension."""
MIN_WORD: Final = 4

CROWN_PLACES: Final = (8, 4, 2)
"""Extra points for the most, second and third most crowns."""
GOAL_FIRST: Final = 8
GOAL_LATER: Final = 5

COIN_BOXES: Final = 30
"""The coin grid's boxes: crossed off when spent, their bars filled when earned."""
CROWN_BOXES: Final = 30


@dataclass(frozen=True, slots=True)
class Goal:
    """One side of a goal card: a pattern of circled squares, or items to forge."""

    name: str
    text: str
    pattern: tuple[str, ...] = ()
    """Rows of `X` (a circled square) and `.` (any square), as printed: never rotated or
    mirrored, anywhere on the sheet."""
    items: Mapping[Kind, int] = field(default_factory=dict)
    """Items of each kind to forge."""
    any_items: int = 0
    """Goblets, swords and axes to forge, of any kinds."""


GOALS: Final = (
    Goal("Full column", "Circle all 8 squares of a column.", pattern=("X",) * 8),
    Goal(
        "Smith's set",
        "Forge a goblet, a sword and an axe.",
        items={Kind.GOBLET: 1, Kind.SWORD: 1, Kind.AXE: 1},
    ),
    Goal(
        "Stairs",
        "Circle 6 squares down a diagonal, from the left.",
        pattern=tuple("." * i + "X" + "." * (5 - i) for i in range(6)),
    ),
    Goal("Two goblets", "Forge 2 goblets.", items={Kind.GOBLET: 2}),
    Goal(
        "Slope",
        "Circle 6 squares down a diagonal, from the right.",
        pattern=tuple("." * (5 - i) + "X" + "." * i for i in range(6)),
    ),
    Goal("Axe", "Forge an axe.", items={Kind.AXE: 1}),
    Goal(
        "Frame",
        "Circle the frame of 4 rows of 5 squares.",
        pattern=("XXXXX", "X...X", "X...X", "XXXXX"),
    ),
    Goal("Sword and goblet", "Forge a sword and a goblet.", items={Kind.SWORD: 1, Kind.GOBLET: 1}),
    Goal(
        "Corners",
        "Circle the 4 corners of a square of 5 by 5.",
        pattern=("X...X", ".....", ".....", ".....", "X...X"),
    ),
    Goal("Purse", "Circle 5 coin squares.", items={Kind.COIN: 5}),
    Goal(
        "Twin columns",
        "Circle 6 squares in each of two columns, one apart.",
        pattern=("X.X",) * 6,
    ),
    Goal("Five rings", "Circle 5 rings.", items={Kind.RING: 5}),
    Goal(
        "Ladder",
        "Circle a ladder: two columns of 5, joined by 2 rungs.",
        pattern=("X.X", "XXX", "X.X", "XXX", "X.X"),
    ),
    Goal("Armoury", "Forge 4 goblets, swords or axes.", any_items=4),
)
"""The 14 goals; a goal's number is its index here."""
GOAL_CARDS: Final = tuple((side, side + 1) for side in range(0, len(GOALS), 2))
"""The 7 double-sided goal cards: (pattern side, item side) goal numbers."""
GOALS_IN_PLAY: Final = 2
