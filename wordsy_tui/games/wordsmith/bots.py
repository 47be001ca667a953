"""The computer players' decisions: a turn chosen from what a seat sees, pure.

A bot searches its own sheet for what its letters could make: every stretch of 4 to 8
squares of a row or column, read both ways, with one or two vacant squares is matched
against the words it knows (the `Vocabulary`), the vacant squares filled from the strip (a
bot that pays may buy one letter for 3 coins). The most promising turns (one word of two
new letters, two words of one, or a word and a letter that opens words for later) are
worked out by the rules' own `preview`, which says what they really make; the bonuses of
the items forged are taken on the way (the goblet's letter where it makes the most, the
sword's circle where it forges the most). The bot keeps the turn that most raises its
sheet's worth: the points it has, and the items, rings and goals it comes nearer to,
counted for less as the rounds run out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import product
from typing import Final

from wordsy_tui.games.wordsmith import goals
from wordsy_tui.games.wordsmith.components import (
    ANY_LETTER_COST,
    CARDS,
    COIN_BOXES,
    GOAL_FIRST,
    GOAL_LATER,
    ITEM_AT,
    ITEM_POINTS,
    ITEMS,
    LETTERS,
    LETTERS_PER_TURN,
    MIN_WORD,
    ROUNDS,
    SIZE,
    Kind,
)
from wordsy_tui.games.wordsmith.errors import TurnError
from wordsy_tui.games.wordsmith.forge import Forged
from wordsy_tui.games.wordsmith.grid import LINES, LINES_THROUGH, SQUARES
from wordsy_tui.games.wordsmith.legal import preview, strip_faces
from wordsy_tui.games.wordsmith.sheet import ITEM_MASKS, VACANT, Sheet
from wordsy_tui.games.wordsmith.state import WordsmithState
from wordsy_tui.games.wordsmith.turn import Bonus, GobletLetter, Pick, SwordCircle, Turn
from wordsy_tui.games.wordsmith.vocabulary import Vocabulary
from wordsy_tui.games.wordsmith.words import Words


class Level(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


@dataclass(frozen=True, slots=True)
class Style:
    vocabulary: int
    """The rarest SCOWL level of the words it knows."""
    pays: bool
    """Buys a letter for 3 coins when a word is worth it."""
    setups: bool
    """Writes a lone letter where it opens words for later rounds."""
    spread: int
    """Picks at random among its best `spread` turns (1: always the best)."""
    foresight: bool
    """Counts the deck's face-up top card: next round's free letters."""
    tried: int
    """How many of the most promising turns it works out in full."""


STYLES: Final = {
    Level.EASY: Style(35, pays=False, setups=False, spread=4, foresight=False, tried=8),
    Level.MEDIUM: Style(50, pays=False, setups=True, spread=2, foresight=False, tried=14),
    Level.HARD: Style(60, pays=True, setups=True, spread=1, foresight=False, tried=22),
    Level.EXPERT: Style(80, pays=True, setups=True, spread=1, foresight=True, tried=30),
}

Write = tuple[int, str]
ITEM_WORTH: Final = {Kind.GOBLET: 4.0, Kind.SWORD: 6.5, Kind.AXE: 9.0}
"""An item's points and what its bonus is usually worth (a letter, a circle, 2 crowns)."""
CROWN_WORTH: Final = 1.5
"""A crown's point and its share of the crown places."""
RING_WORTH: Final = (0.0, 1.2, 2.4, 3.6, 4.8, 6.0, 11.0, 20.0)
"""What n rings are worth: 5, 10 and 20 points at 5, 6 and 7, and the way there."""
COIN_WORTH: Final = 0.5
"""A coin in hand: letters to buy later (nothing at the end)."""
PROGRESS: Final = 0.6
GOAL_PROGRESS: Final = 0.5
LENGTH_WORTH: Final = {5: 1.0, 6: 1.5, 7: 3.0, 8: 4.5}
SETUP_SQUARES: Final = 8
_FORGES: Final = tuple(
    (number, ITEM_MASKS[number], len(item.squares), ITEM_WORTH[item.kind])
    for number, item in enumerate(ITEMS)
    if item.kind in ITEM_WORTH
)
"""(item number, its squares' mask, their count, its worth) of the goblets, swords, axes."""


def choose_turn(
    view: WordsmithState,
    seat: str,
    level: Level,
    vocabulary: Vocabulary,
    words: Words,
    rng: random.Random,
) -> Turn:
    """The turn `seat`'s computer player seals this round, from its view of the table."""
    return _Planner(view, seat, STYLES[level], vocabulary, words).choose(rng)


class _Planner:
    def __init__(
        self,
        view: WordsmithState,
        seat: str,
        style: Style,
        vocabulary: Vocabulary,
        words: Words,
    ) -> None:
        self.view, self.seat, self.style = view, seat, style
        self.vocabulary, self.words = vocabulary, words
        self.sheet = view.sheet(seat)
        self.faces = strip_faces(view)
        self.budget = COIN_BOXES - self.sheet.spent
        self.hope = max(0.0, (ROUNDS - view.round) / (ROUNDS - 1))
        self.values = _square_values(self.sheet, self.hope)
        self.base = self.worth(self.sheet)

    def choose(self, rng: random.Random) -> Turn:
        strip = "".join(letter for _, letter, _ in self.faces)
        doubles, singles = self._openings(self.sheet, strip, self.style.pays)
        options: list[tuple[float, tuple[Write, ...]]] = [
            (self._quick(writes, length), writes) for writes, length in doubles.items()
        ]
        best_singles = sorted(
            ((self._quick(writes, length), writes[0]) for writes, length in singles.items()),
            reverse=True,
        )[: self.style.tried]
        for (va, a), (vb, b) in _pairs(best_singles):
            if a[0] != b[0]:
                options.append((va + vb, (a, b)))
        options.sort(reverse=True)
        setups = self._setups() if self.style.setups else []
        for value, write in best_singles[:4]:
            for setup_value, setup in setups[:3]:
                if setup[0] != write[0]:
                    options.append((value + setup_value, (write, setup)))
        if len(setups) >= LETTERS_PER_TURN:
            options.append((setups[0][0] + setups[1][0], (setups[0][1], setups[1][1])))
        options.sort(key=lambda option: option[0], reverse=True)
        tried: list[tuple[float, Turn]] = []
        seen: set[tuple[Write, ...]] = set()
        for _, writes in options:
            key = tuple(sorted(writes))
            if key in seen:
                continue
            seen.add(key)
            picks = self._picks(writes)
            if picks is None:
                continue
            done = self._worked(Turn(picks))
            if done is not None:
                tried.append(
                    (self.worth(done[1].sheet) - self.base + rng.random() * 0.01, done[0])
                )
            if len(tried) >= self.style.tried:
                break
        if not tried:
            return self._fallback(rng)
        tried.sort(key=lambda option: option[0], reverse=True)
        return rng.choice(tried[: self.style.spread])[1]

    # --- what letters could make

    def _openings(
        self, sheet: Sheet, strip: str, pays: bool, most: int = LETTERS_PER_TURN
    ) -> tuple[dict[tuple[Write, ...], int], dict[tuple[Write, ...], int]]:
        """Writes of up to `most` letters that make a word the bot knows: (two letters, one
        letter) -> word length."""
        doubles: dict[tuple[Write, ...], int] = {}
        singles: dict[tuple[Write, ...], int] = {}
        level = self.style.vocabulary
        for line in LINES:
            for squares in (line, line[::-1]):
                cells = "".join(sheet.letters[s] for s in squares)
                for length in range(MIN_WORD, SIZE + 1):
                    for start in range(SIZE - length + 1):
                        pattern = cells[start : start + length]
                        blanks = pattern.count(VACANT)
                        if blanks == 0 or blanks > most:
                            continue
                        allowed = None if pays and blanks == 1 else strip
                        found = doubles if blanks == 2 else singles
                        for word in self.vocabulary.matching(pattern, allowed, level):
                            writes = tuple(
                                (squares[start + k], word[k])
                                for k in range(length)
                                if pattern[k] == VACANT
                            )
                            found[writes] = max(found.get(writes, 0), length)
        return doubles, singles

    def _quick(self, writes: tuple[Write, ...], length: int) -> float:
        """A first guess at a word's worth, before the rules work it out."""
        squares = {square for square, _ in writes}
        gain = sum(self.values[s] for s in squares) + LENGTH_WORTH.get(length, 0.0)
        return gain + 0.3 * length - sum(self._cost(letter) for _, letter in writes)

    def _cost(self, letter: str) -> float:
        costs = [cost for _, shown, cost in self.faces if shown == letter]
        return float(min(costs)) if costs else float(ANY_LETTER_COST)

    def _picks(self, writes: Sequence[Write]) -> tuple[Pick, ...] | None:
        """The cheapest faces (or bought letters) for `writes`, each face used once."""
        options = []
        for _, letter in writes:
            here: list[int | None] = [face for face, shown, _ in self.faces if shown == letter]
            if self.style.pays:
                here.append(None)
            options.append(here)
        best: tuple[int, tuple[int | None, ...]] | None = None
        for combo in product(*options):
            chosen = [face for face in combo if face is not None]
            if len(set(chosen)) != len(chosen):
                continue
            cost = sum(ANY_LETTER_COST if f is None else self.faces[f][2] for f in combo)
            if cost <= self.budget and (best is None or cost < best[0]):
                best = (cost, combo)
        if best is None:
            return None
        return tuple(
            Pick(square, letter, face)
            for (square, letter), face in zip(writes, best[1], strict=True)
        )

    # --- where a lone letter opens words

    def _setups(self) -> list[tuple[float, Write]]:
        """Lone letters worth writing for later rounds, best first: free letters only."""
        free = sorted({letter for _, letter, cost in self.faces if cost == 0})
        if self.style.foresight and self.view.next_card is not None:
            card = CARDS[self.view.next_card]
            soon = card.top + card.bottom
        else:
            soon = ""
        near = sorted(
            (s for s in range(SQUARES) if self.sheet.vacant(s) and self._near_letters(s)),
            key=lambda s: self.values[s],
            reverse=True,
        )[:SETUP_SQUARES]
        found = []
        for square in near:
            for letter in free:
                promise = self._promise(square, letter, soon)
                if promise > 0:
                    found.append((promise, (square, letter)))
        found.sort(reverse=True)
        return found

    def _near_letters(self, square: int) -> bool:
        return any(
            not self.sheet.vacant(other)
            for line in LINES_THROUGH[square]
            for other in line
            if other != square and abs(line.index(other) - line.index(square)) <= 2
        )

    def _promise(self, square: int, letter: str, soon: str) -> float:
        """How many stretches through `square` would want one more letter for a word."""
        letters = list(self.sheet.letters)
        letters[square] = letter
        level, total = self.style.vocabulary, 0.0
        for line in LINES_THROUGH[square]:
            at = line.index(square)
            cells = "".join(letters[s] for s in line)
            for length in range(MIN_WORD, 7):
                for start in range(max(0, at - length + 1), min(at, SIZE - length) + 1):
                    pattern = cells[start : start + length]
                    if pattern.count(VACANT) != 1:
                        continue
                    for text in (pattern, pattern[::-1]):
                        if self.vocabulary.fits(text, None, level):
                            squares = line[start : start + length]
                            gain = sum(self.values[s] for s in squares) + 0.5
                            if soon and self.vocabulary.fits(text, soon, level):
                                gain *= 1.5
                            total += 0.25 * gain * self.hope
                            break
        return total

    # --- a turn worked out, with its bonuses

    def _worked(self, turn: Turn) -> tuple[Turn, Forged] | None:
        try:
            forged = preview(self.view, self.seat, turn, self.words)
        except TurnError:
            return None
        while forged.goblets or forged.swords:
            bonus = self._goblet(forged) if forged.goblets else self._sword(forged)
            if bonus is None:
                break
            turn = Turn(turn.picks, (*turn.bonuses, bonus))
            try:
                forged = preview(self.view, self.seat, turn, self.words)
            except TurnError:
                return None
        return turn, forged

    def _goblet(self, forged: Forged) -> Bonus | None:
        """The goblet's letter where it makes the best word; else where it opens most."""
        _, singles = self._openings(forged.sheet, LETTERS, pays=False, most=1)
        values = _square_values(forged.sheet, self.hope)
        best = max(
            singles.items(),
            key=lambda item: sum(values[s] for s, _ in item[0]) + LENGTH_WORTH.get(item[1], 0),
            default=None,
        )
        if best is not None:
            square, letter = best[0][0]
            return GobletLetter(square, letter)
        vacant = [s for s in range(SQUARES) if forged.sheet.vacant(s)]
        if not vacant:
            return None
        return GobletLetter(max(vacant, key=values.__getitem__), "E")

    def _sword(self, forged: Forged) -> Bonus | None:
        """The sword's circle where it forges the most, or comes nearest to it."""
        sheet = forged.sheet
        values = _square_values(sheet, self.hope)
        open_squares = [s for s in range(SQUARES) if not sheet.is_circled(s)]
        if not open_squares:
            return None

        def gain(square: int) -> float:
            item = ITEM_AT.get(square)
            if item is None or sheet.has_forged(item):
                return values[square]
            missing = sum(not sheet.is_circled(s) for s in ITEMS[item].squares)
            return values[square] + (10.0 if missing == 1 else 0.0)

        return SwordCircle(max(open_squares, key=gain))

    def _fallback(self, rng: random.Random) -> Turn:
        """No word and nothing promising: the yellow card's two free letters, near letters."""
        vacant = [s for s in range(SQUARES) if self.sheet.vacant(s)]
        near = [s for s in vacant if self._near_letters(s)] or vacant
        squares = rng.sample(near, 2) if len(near) >= 2 else rng.sample(vacant, 2)
        return Turn(
            tuple(
                Pick(square, self.faces[face][1], face)
                for square, face in zip(squares, (0, 1), strict=True)
            )
        )

    # --- what a sheet is worth

    def worth(self, sheet: Sheet) -> float:
        kinds = sheet.forged_kinds()
        value = float(sum(points * kinds[kind] for kind, points in ITEM_POINTS.items()))
        value += CROWN_WORTH * sheet.crowns
        value += RING_WORTH[min(kinds[Kind.RING], len(RING_WORTH) - 1)]
        balance = sheet.earned - sheet.spent
        value += balance if balance < 0 else COIN_WORTH * balance * self.hope
        for number, shape, size, worth in _FORGES:
            if not sheet.has_forged(number):
                done = (sheet.circled & shape).bit_count() / size
                value += self.hope * PROGRESS * worth * done * done
        for goal in self.view.goals:
            if sheet.reached(goal) or goals.reached(goal, sheet):
                value += GOAL_LATER if goal in self.view.taken else GOAL_FIRST
            else:
                near = goals.nearness(goal, sheet) / goals.needed(goal)
                value += self.hope * GOAL_PROGRESS * GOAL_FIRST * near * near
        return value


def _pairs(
    singles: list[tuple[float, Write]],
) -> list[tuple[tuple[float, Write], tuple[float, Write]]]:
    return [(a, b) for i, a in enumerate(singles) for b in singles[i + 1 :]]


def _square_values(sheet: Sheet, hope: float) -> list[float]:
    """What circling each square now is worth, roughly: the quick guess's table."""
    values = [0.1] * SQUARES
    rings = sheet.forged_kinds()[Kind.RING]
    ring = RING_WORTH[min(rings + 1, 7)] - RING_WORTH[min(rings, 7)]
    for number, item in enumerate(ITEMS):
        if sheet.has_forged(number):
            continue
        missing = [s for s in item.squares if not sheet.is_circled(s)]
        for square in missing:
            if item.kind is Kind.COIN:
                values[square] = 2.0
            elif item.kind is Kind.RING:
                values[square] = ring
            else:
                share = ITEM_WORTH[item.kind] / len(missing)
                values[square] = share * (1.0 if len(missing) <= 2 else 0.5 + 0.5 * hope)
    for square in range(SQUARES):
        if sheet.is_circled(square):
            values[square] = 0.0
    return values
