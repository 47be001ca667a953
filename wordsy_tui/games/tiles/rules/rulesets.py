"""The three rulesets as data: boards, tiles, bonuses and how each game ends.

The tables here are the ones docs/RULES.md prints (section "Scrabble, Words with
Friends, Wordfeud"), with their sources; a test keeps the two the same.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

SIZE: Final = 15
CENTRE: Final = 7 * SIZE + 7
"""The centre star's square index (row 8, column H)."""
BLANK: Final = "?"
"""A blank tile on a rack or in the bag; on the board a blank is its letter in lower case."""
LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Premium marks, as RULES.md prints them (readable without colour).
TRIPLE_WORD: Final = "T"
DOUBLE_WORD: Final = "D"
TRIPLE_LETTER: Final = "t"
DOUBLE_LETTER: Final = "d"
PLAIN: Final = "."
LETTER_FACTOR: Final = {TRIPLE_LETTER: 3, DOUBLE_LETTER: 2}
WORD_FACTOR: Final = {TRIPLE_WORD: 3, DOUBLE_WORD: 2}


class GameName(StrEnum):
    SCRABBLE = "scrabble"
    WWF = "wwf"
    WORDFEUD = "wordfeud"


class EndCount(StrEnum):
    """Which turns count towards ending a game that nobody can finish."""

    SCORELESS = "scoreless"
    """Passes, exchanges, withdrawn plays, lost turns and plays worth 0."""
    PASSES = "passes"
    """Passes only (a lost turn is a pass too)."""


class ChallengeRule(StrEnum):
    """What a challenge that fails costs (Scrabble's host option; docs/RULES.md, "Challenge
    rules"). A challenge that succeeds always withdraws the play."""

    DOUBLE = "double"
    """The rulebook's: the challenger loses their next turn."""
    SINGLE = "single"
    """Nothing: a challenge is free."""
    VOID = "void"
    """No challenges: a word not in the word list is refused when it is played."""
    FIVE = "5"
    """The challenged player scores 5 points."""
    TEN = "10"
    """The challenged player scores 10 points."""

    @property
    def label(self) -> str:
        """The rule's name, as players call it."""
        if self.bonus:
            return f"{self.value}-point challenge"
        return "void: no challenges" if self is ChallengeRule.VOID else f"{self.value} challenge"

    @property
    def loses_turn(self) -> bool:
        return self is ChallengeRule.DOUBLE

    @property
    def bonus(self) -> int:
        """The points a failed challenge gives the player whose play stood."""
        return {ChallengeRule.FIVE: 5, ChallengeRule.TEN: 10}.get(self, 0)

    def cost(self, challenger: str, player: str) -> str:
        """What a failed challenge of `player`'s play by `challenger` costs, in words (the
        names as the caller shows them)."""
        if self.loses_turn:
            return f"{challenger} loses the next turn"
        if self.bonus:
            return f"{player} scores {self.bonus} more points"
        return f"at no cost to {challenger}"


@dataclass(frozen=True, slots=True)
class Rules:
    name: GameName
    title: str
    layout: tuple[str, ...]
    """15 rows of 15 premium marks."""
    tiles: Mapping[str, tuple[int, int]]
    """Letter (or BLANK) -> (how many, points)."""
    bingo: int
    rack_size: int = 7
    exchange_min_bag: int = 1
    """The fewest tiles the bag must hold for an exchange."""
    end_turns: int = 3
    end_count: EndCount = EndCount.SCORELESS
    end_turns_each: bool = False
    """True: `end_turns` in a row by every player; False: by the table as a whole."""
    end_unless_all_zero: bool = False
    challenges: bool = False
    """True: words stand until challenged (Scrabble); False: refused at play time."""
    challenge: ChallengeRule = ChallengeRule.DOUBLE
    """What a failed challenge costs, where `challenges`."""
    out_doubled: bool = False
    """Tournament scoring: a player who goes out gains twice the racks left, and nobody
    loses their own; False, the rulebook's: each rack's points go to whoever went out."""
    draw_for_first: bool = True
    """True: draw tiles for first play; False: the host (who invited) starts."""
    tie_before_adjustments: bool = False
    """Scrabble: a tie goes to the higher score before the end-of-game rack adjustments."""

    def value(self, tile: str) -> int:
        """Points of a tile on a rack (BLANK) or a board square (lower case: a blank)."""
        if tile == BLANK or tile.islower():
            return 0
        return self.tiles[tile][1]

    def full_bag(self) -> tuple[str, ...]:
        return tuple(sorted(t for t, (count, _) in self.tiles.items() for _ in range(count)))

    @property
    def premiums(self) -> str:
        return "".join(self.layout)


SCRABBLE_LAYOUT: Final = (
    "T..d...T...d..T",
    ".D...t...t...D.",
    "..D...d.d...D..",
    "d..D...d...D..d",
    "....D.....D....",
    ".t...t...t...t.",
    "..d...d.d...d..",
    "T..d...D...d..T",
    "..d...d.d...d..",
    ".t...t...t...t.",
    "....D.....D....",
    "d..D...d...D..d",
    "..D...d.d...D..",
    ".D...t...t...D.",
    "T..d...T...d..T",
)

WWF_LAYOUT: Final = (
    "...T..t.t..T...",
    "..d..D...D..d..",
    ".d..d.....d..d.",
    "T..t...D...t..T",
    "..d...d.d...d..",
    ".D...t...t...D.",
    "t...d.....d...t",
    "...D.......D...",
    "t...d.....d...t",
    ".D...t...t...D.",
    "..d...d.d...d..",
    "T..t...D...t..T",
    ".d..d.....d..d.",
    "..d..D...D..d..",
    "...T..t.t..T...",
)

WORDFEUD_LAYOUT: Final = (
    "t...T..d..T...t",
    ".d...t...t...d.",
    "..D...d.d...D..",
    "...t...D...t...",
    "T...D.d.d.D...T",
    ".t...t...t...t.",
    "..d.d.....d.d..",
    "d..D.......D..d",
    "..d.d.....d.d..",
    ".t...t...t...t.",
    "T...D.d.d.D...T",
    "...t...D...t...",
    "..D...d.d...D..",
    ".d...t...t...d.",
    "t...T..d..T...t",
)


def _tiles(spec: str) -> dict[str, tuple[int, int]]:
    """`A9/1 B2/3 ...`: letter, count, points."""
    table: dict[str, tuple[int, int]] = {}
    for item in spec.split():
        count, points = item[1:].split("/")
        table[item[0]] = (int(count), int(points))
    return table


SCRABBLE_TILES: Final = _tiles(
    "A9/1 B2/3 C2/3 D4/2 E12/1 F2/4 G3/2 H2/4 I9/1 J1/8 K1/5 L4/1 M2/3 "
    "N6/1 O8/1 P2/3 Q1/10 R6/1 S4/1 T6/1 U4/1 V2/4 W2/4 X1/8 Y2/4 Z1/10 ?2/0"
)
WWF_TILES: Final = _tiles(
    "A9/1 B2/4 C2/4 D5/2 E13/1 F2/4 G3/3 H4/3 I8/1 J1/10 K1/5 L4/2 M2/4 "
    "N5/2 O8/1 P2/4 Q1/10 R6/1 S5/1 T7/1 U4/2 V2/5 W2/4 X1/8 Y2/3 Z1/10 ?2/0"
)
WORDFEUD_TILES: Final = _tiles(
    "A10/1 B2/4 C2/4 D5/2 E12/1 F2/4 G3/3 H3/4 I9/1 J1/10 K1/5 L4/1 M2/3 "
    "N6/1 O7/1 P2/4 Q1/10 R6/1 S5/1 T7/1 U4/2 V2/4 W2/4 X1/8 Y2/4 Z1/10 ?2/0"
)

SCRABBLE: Final = Rules(
    GameName.SCRABBLE,
    "Scrabble",
    SCRABBLE_LAYOUT,
    SCRABBLE_TILES,
    bingo=50,
    end_turns=3,
    end_turns_each=True,
    challenges=True,
    tie_before_adjustments=True,
)
WWF: Final = Rules(
    GameName.WWF,
    "Words with Friends",
    WWF_LAYOUT,
    WWF_TILES,
    bingo=35,
    end_turns=3,
    end_unless_all_zero=True,
    draw_for_first=False,
)
WORDFEUD: Final = Rules(
    GameName.WORDFEUD,
    "Wordfeud",
    WORDFEUD_LAYOUT,
    WORDFEUD_TILES,
    bingo=40,
    exchange_min_bag=7,
    end_turns=3,
    end_count=EndCount.PASSES,
    draw_for_first=False,
)
RULES: Final[Mapping[GameName, Rules]] = {r.name: r for r in (SCRABBLE, WWF, WORDFEUD)}


def random_layout(rules: Rules, rng: random.Random) -> tuple[str, ...]:
    """Wordfeud's random board: the standard board's premiums on shuffled squares.

    The centre stays plain so the first word's star is where it always is; the
    counts of each premium are the standard board's.
    """
    marks = [m for i, m in enumerate(rules.premiums) if i != CENTRE]
    rng.shuffle(marks)
    marks.insert(CENTRE, rules.premiums[CENTRE])
    flat = "".join(marks)
    return tuple(flat[r * SIZE : (r + 1) * SIZE] for r in range(SIZE))
