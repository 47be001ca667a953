"""Working out a turn on a sheet: the letters written, the words they make, the squares
circled, the items forged and what each gives.

`decide` applies what this finds, the screen's live preview shows it and the computer
players weigh it: the one place these rules are written.

Words. After each writing (the two chosen letters together, or a goblet's letter) every run
of 4 or more letters in a row or column through a new letter is read both ways; each part
of it that is a word and holds a new letter is a word made, except:
- a word inside a longer word made at the same time, in the same line (PLATES, not PLATE
  as well): on paper one circles the longer word;
- the same squares read the other way (STOP and POTS): one word, the first found;
- an extension (a word holding a word made earlier, read the same way: PLATE holds LATE,
  DEVIL does not hold LIVE) that is a plural or a conjugation of that word (PAPERS after
  PAPER): it is shown as refused, and circles nothing; unless it lies inside a word made
  (RUNED inside PRUNED, after RUNE), whose part it is, as any word inside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from wordsy_tui.games.wordsmith.rules import errors
from wordsy_tui.games.wordsmith.rules.components import (
    ANY_LETTER_COST,
    AXE_CROWNS,
    COIN_BOXES,
    COIN_SQUARE_COINS,
    CROWN_BOXES,
    FIVE_LETTER_COINS,
    ITEM_AT,
    ITEMS,
    LENGTH_CROWNS,
    LETTERS,
    LETTERS_PER_TURN,
    MIN_WORD,
    SIZE,
    SLOT_COSTS,
    Card,
    Kind,
)
from wordsy_tui.games.wordsmith.rules.grid import (
    LINES,
    LINES_THROUGH,
    SQUARES,
    bit,
    mask,
    members,
    name,
)
from wordsy_tui.games.wordsmith.rules.sheet import VACANT, Made, Sheet, complete
from wordsy_tui.games.wordsmith.rules.turn import GobletLetter, Pick, SwordCircle, Turn
from wordsy_tui.games.wordsmith.rules.words import Words, inflects


class Action(StrEnum):
    LETTERS = "letters"
    """The two letters chosen this round."""
    GOBLET = "goblet"
    SWORD = "sword"


@dataclass(frozen=True, slots=True)
class Found:
    """A word made by a step, and its length bonus."""

    text: str
    squares: tuple[int, ...]
    extends: str | None = None
    """The earlier word it holds, read the same way (the longest, if several)."""
    coins: int = 0
    crowns: int = 0


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a turn and all it made."""

    action: Action
    writes: tuple[tuple[int, str], ...] = ()
    """(square, letter) written: the chosen letters, or a goblet's."""
    circle: int | None = None
    """The square a sword's circle went on."""
    words: tuple[Found, ...] = ()
    refused: tuple[Found, ...] = ()
    """Plurals and conjugations of an earlier word that would extend it: not made."""
    circled: int = 0
    """A mask of the squares this step circled."""
    forged: tuple[int, ...] = ()
    """Item numbers forged by this step."""
    coins: int = 0
    """Coin bars filled: coin squares and five-letter words."""
    crowns: int = 0
    """Crowns crossed: long words and axes."""


@dataclass(frozen=True, slots=True)
class Forged:
    """A turn worked out: the sheet after it and each step."""

    sheet: Sheet
    steps: tuple[Step, ...]
    spent: int
    """Coins the letters cost."""
    goblets: int = 0
    """Goblet letters earned and not (yet) taken."""
    swords: int = 0
    """Sword circles earned and not (yet) taken."""

    @property
    def words(self) -> tuple[Found, ...]:
        return tuple(word for step in self.steps for word in step.words)


def face_letter(strip: Sequence[Card], face: int) -> str:
    card = strip[face // 2]
    return card.bottom if face % 2 else card.top


def faces(strip: Sequence[Card]) -> tuple[tuple[int, str, int], ...]:
    """(face, letter, cost) of every letter on the strip."""
    return tuple(
        (face, face_letter(strip, face), SLOT_COSTS[face // 2]) for face in range(2 * len(strip))
    )


def price(pick: Pick) -> int:
    return ANY_LETTER_COST if pick.face is None else SLOT_COSTS[pick.face // 2]


def forge(
    sheet: Sheet, turn: Turn, strip: Sequence[Card], words: Words, *, whole: bool = True
) -> Forged:
    """`turn` worked out on `sheet` with `strip` dealt; raises TurnError with what is wrong.

    `whole`: the turn as sealed, with both letters; False, a turn being put together (the
    live preview): fewer letters, and bonuses taken so far.
    """
    picks = turn.picks
    if not isinstance(picks, tuple) or not all(isinstance(pick, Pick) for pick in picks):
        raise errors.TurnError("A turn is two letters, each with its square.")
    if not isinstance(turn.bonuses, tuple):
        raise errors.TurnError("A turn's bonuses are a goblet's letters and a sword's circles.")
    if len(picks) > LETTERS_PER_TURN or (whole and len(picks) < LETTERS_PER_TURN):
        raise errors.TurnError("Choose two letters, each with its square.")
    _check_picks(sheet, picks, strip)
    spent = sum(price(pick) for pick in picks)
    if sheet.spent + spent > COIN_BOXES:
        left = COIN_BOXES - sheet.spent
        raise errors.TurnError(
            f"Those letters cost {spent} coins and your coin grid has {left} boxes left."
        )
    bench = _Bench(sheet, words)
    if picks:
        bench.write(Action.LETTERS, [(pick.square, pick.letter) for pick in picks])
    for bonus in turn.bonuses:
        if not picks:
            raise errors.TurnError("Choose your letters before taking a bonus.")
        if isinstance(bonus, GobletLetter):
            bench.goblet(bonus)
        elif isinstance(bonus, SwordCircle):
            bench.sword(bonus)
        else:
            raise errors.TurnError("A bonus is a goblet's letter or a sword's circle.")
    sheet = replace(bench.sheet, spent=sheet.spent + spent)
    return Forged(sheet, tuple(bench.steps), spent, bench.goblets, bench.swords)


def _check_picks(sheet: Sheet, picks: Sequence[Pick], strip: Sequence[Card]) -> None:
    seen_faces: set[int] = set()
    seen_squares: set[int] = set()
    for pick in picks:
        _check_square(sheet, pick.square)
        _check_letter(pick.letter)
        if pick.square in seen_squares:
            raise errors.TurnError(f"Both letters cannot go on {name(pick.square)}.")
        seen_squares.add(pick.square)
        if pick.face is None:
            continue
        if not isinstance(pick.face, int) or not 0 <= pick.face < 2 * len(strip):
            raise errors.TurnError("Choose a letter the strip shows, or pay 3 coins for any.")
        if pick.face in seen_faces:
            raise errors.TurnError(
                "Each letter of the strip can be chosen once; pay 3 coins to take it again."
            )
        seen_faces.add(pick.face)
        shown = face_letter(strip, pick.face)
        if pick.letter != shown:
            raise errors.TurnError(f"That card shows {shown}, not {pick.letter}.")


def _check_square(sheet: Sheet, square: int) -> None:
    if not isinstance(square, int) or not 0 <= square < SQUARES:
        raise errors.TurnError("Choose a square of the sheet, a1 to h8.")
    if not sheet.vacant(square):
        raise errors.TurnError(f"{name(square)} already holds {sheet.letter(square)}.")


def _check_letter(letter: str) -> None:
    if not isinstance(letter, str) or len(letter) != 1 or letter not in LETTERS:
        raise errors.TurnError("A letter is one of A to Z.")


class _Bench:
    """The sheet as a turn changes it, step by step."""

    def __init__(self, sheet: Sheet, words: Words) -> None:
        self.sheet = sheet
        self.steps: list[Step] = []
        self.goblets = 0
        self.swords = 0
        self._words = words

    def write(self, action: Action, writes: list[tuple[int, str]]) -> None:
        letters = list(self.sheet.letters)
        for square, letter in writes:
            letters[square] = letter
        found, refused = made_words(
            "".join(letters), mask(s for s, _ in writes), self.sheet.words, self._words
        )
        self._close(
            Step(action, tuple(writes), words=found, refused=refused),
            mask(square for word in found for square in word.squares),
            sum(w.coins for w in found),
            sum(w.crowns for w in found),
        )

    def goblet(self, bonus: GobletLetter) -> None:
        if self.goblets <= 0:
            raise errors.TurnError("A goblet's letter needs a goblet forged this turn.")
        _check_square(self.sheet, bonus.square)
        _check_letter(bonus.letter)
        self.goblets -= 1
        self.write(Action.GOBLET, [(bonus.square, bonus.letter)])

    def sword(self, bonus: SwordCircle) -> None:
        if self.swords <= 0:
            raise errors.TurnError("A sword's circle needs a sword forged this turn.")
        square = bonus.square
        if not isinstance(square, int) or not 0 <= square < SQUARES:
            raise errors.TurnError("Choose a square of the sheet, a1 to h8.")
        if self.sheet.is_circled(square):
            raise errors.TurnError(f"{name(square)} is circled already.")
        self.swords -= 1
        self._close(Step(Action.SWORD, circle=square), bit(square), 0, 0)

    def _close(self, step: Step, circled: int, coins: int, crowns: int) -> None:
        """Circle, forge what is complete and take its bonuses, then write the step."""
        sheet = self.sheet
        circled &= ~sheet.circled
        after = sheet.circled | circled
        forged = []
        for item in sorted({ITEM_AT[s] for s in members(circled) if s in ITEM_AT}):
            if not sheet.has_forged(item) and complete(item, after):
                forged.append(item)
                kind = ITEMS[item].kind
                coins += COIN_SQUARE_COINS if kind is Kind.COIN else 0
                crowns += AXE_CROWNS if kind is Kind.AXE else 0
                self.goblets += kind is Kind.GOBLET
                self.swords += kind is Kind.SWORD
        step = replace(
            step,
            circled=circled,
            forged=tuple(forged),
            coins=min(coins, COIN_BOXES - sheet.earned),
            crowns=min(crowns, CROWN_BOXES - sheet.crowns),
        )
        self.steps.append(step)
        self.sheet = written(sheet, (step,), 0)


def written(sheet: Sheet, steps: Iterable[Step], spent: int) -> Sheet:
    """`sheet` with a turn's steps written on it, and its letters' cost crossed off."""
    letters = list(sheet.letters)
    circled, forged = sheet.circled, sheet.forged
    made = list(sheet.words)
    earned, crowns = sheet.earned, sheet.crowns
    for step in steps:
        for square, letter in step.writes:
            letters[square] = letter
        circled |= step.circled
        forged |= mask(step.forged)
        made.extend(Made(word.text, word.squares) for word in step.words)
        earned += step.coins
        crowns += step.crowns
    return replace(
        sheet,
        letters="".join(letters),
        circled=circled,
        words=tuple(made),
        spent=sheet.spent + spent,
        earned=earned,
        crowns=crowns,
        forged=forged,
    )


def made_words(
    letters: str, new: int, earlier: Sequence[Made], words: Words
) -> tuple[tuple[Found, ...], tuple[Found, ...]]:
    """The words made through the `new` squares (a mask) of `letters`, and the extensions
    refused as plurals or conjugations of an `earlier` word (see the module's rules)."""
    made: list[Found] = []
    refused: list[Found] = []
    earlier_masks = [
        (mask(word.squares), word.text, word.squares[1] - word.squares[0]) for word in earlier
    ]
    for line in _lines_through(new):
        kept: list[tuple[int, Found]] = []
        inflections: list[tuple[int, Found]] = []
        for text, squares in _readings(letters, line, new):
            if text.lower() not in words:
                continue
            shape = mask(squares)
            inside = [
                (m, t)
                for m, t, step in earlier_masks
                if m & shape == m and step == squares[1] - squares[0]
            ]
            extends = max(inside, key=lambda mt: len(mt[1]))[1] if inside else None
            inflected = next(
                (t for _, t in inside if inflects(words, text.lower(), t.lower())), None
            )
            if inflected is not None:
                inflections.append((shape, Found(text, squares, extends=inflected)))
                continue
            kept.append((shape, _with_bonus(text, squares, extends)))
        made.extend(
            word
            for i, (shape, word) in enumerate(kept)
            if not any(
                shape & other == shape and (shape != other or j < i)
                for j, (other, _) in enumerate(kept)
                if j != i
            )
        )
        refused.extend(
            word
            for shape, word in inflections
            if not any(shape & other == shape != other for other, _ in kept)
        )
    return tuple(made), tuple(refused)


def _with_bonus(text: str, squares: tuple[int, ...], extends: str | None) -> Found:
    length = len(text)
    coins = FIVE_LETTER_COINS if length == 5 and extends is None else 0
    return Found(text, squares, extends, coins, LENGTH_CROWNS.get(length, 0))


def _lines_through(new: int) -> list[tuple[int, ...]]:
    through = {line for square in members(new) for line in LINES_THROUGH[square]}
    return [line for line in LINES if line in through]


def _readings(
    letters: str, line: tuple[int, ...], new: int
) -> Iterable[tuple[str, tuple[int, ...]]]:
    """Every stretch of 4+ letters of `line` holding a new square, forwards then backwards,
    longest first."""
    cells = [letters[square] for square in line]
    start = 0
    while start < SIZE:
        if cells[start] == VACANT:
            start += 1
            continue
        end = start
        while end < SIZE and cells[end] != VACANT:
            end += 1
        for length in range(end - start, MIN_WORD - 1, -1):
            for i in range(start, end - length + 1):
                squares = line[i : i + length]
                if not any(new >> square & 1 for square in squares):
                    continue
                text = "".join(cells[i : i + length])
                yield text, squares
                yield text[::-1], squares[::-1]
        start = end
