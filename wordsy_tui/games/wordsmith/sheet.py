"""A player's sheet: its letters and circles, the words made on it, its coin and crown
grids, the items forged and the goals reached."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.wordsmith.components import CARDS, ITEMS, START_SQUARES, Kind
from wordsy_tui.games.wordsmith.grid import SQUARES, mask, members

VACANT: Final = "."
ITEM_MASKS: Final = tuple(mask(item.squares) for item in ITEMS)


def complete(item: int, circled: int) -> bool:
    """Whether every square of `item` is circled: it is forged."""
    return circled & ITEM_MASKS[item] == ITEM_MASKS[item]


def forged_items(circled: int) -> int:
    """A mask of the items that `circled` forges."""
    return mask(item for item in range(len(ITEMS)) if complete(item, circled))


@dataclass(frozen=True, slots=True)
class Made:
    """A word made on the sheet: upper case as it reads, its squares in reading order."""

    text: str
    squares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    letters: str = VACANT * SQUARES
    """One upper-case letter per square, VACANT where none is written."""
    circled: int = 0
    """A mask of the circled squares (a square may be circled with no letter: a sword's)."""
    words: tuple[Made, ...] = ()
    spent: int = 0
    """Coins crossed off the coin grid."""
    earned: int = 0
    """Coin bars filled."""
    crowns: int = 0
    forged: int = 0
    """A mask of the item numbers forged (every square circled)."""
    goals: tuple[tuple[int, bool], ...] = ()
    """(goal number, whether this sheet was among the first to reach it), in order reached."""

    def letter(self, square: int) -> str:
        return self.letters[square]

    def vacant(self, square: int) -> bool:
        return self.letters[square] == VACANT

    def is_circled(self, square: int) -> bool:
        return bool(self.circled >> square & 1)

    def has_forged(self, item: int) -> bool:
        return bool(self.forged >> item & 1)

    def forged_kinds(self) -> Counter[Kind]:
        return Counter(ITEMS[item].kind for item in members(self.forged))

    @property
    def unpaid(self) -> int:
        """Coins crossed off whose bar is not filled: a point lost each at the end."""
        return max(0, self.spent - self.earned)

    def reached(self, goal: int) -> bool:
        return any(number == goal for number, _ in self.goals)


def started(first: int, second: int) -> Sheet:
    """A fresh sheet with the two start cards written in the blue-bordered squares."""
    letters = [VACANT] * SQUARES
    for (left, right), card in zip(
        (START_SQUARES[:2], START_SQUARES[2:]), (CARDS[first], CARDS[second]), strict=True
    ):
        letters[left], letters[right] = card.top, card.bottom
    return Sheet(letters="".join(letters))
