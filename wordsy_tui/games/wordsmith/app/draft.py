"""The turn being put together on the sheet: a cursor, the two letters and where they go,
then the bonuses of the items they forge.

Kept apart from the widgets so the keys' effects are plain functions to test. Nothing here
judges the turn: every change is worked out by the rules' own preview (`legal.preview`),
which refuses what they refuse and says what the turn makes, the one source of truth.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from wordsy_tui.games.wordsmith.rules.components import ANY_LETTER_COST, LETTERS_PER_TURN, SIZE
from wordsy_tui.games.wordsmith.rules.errors import TurnError
from wordsy_tui.games.wordsmith.rules.forge import Forged
from wordsy_tui.games.wordsmith.rules.grid import name
from wordsy_tui.games.wordsmith.rules.legal import preview, strip_faces
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import Bonus, GobletLetter, Pick, SwordCircle, Turn
from wordsy_tui.games.wordsmith.rules.words import Words

START_CURSOR = SIZE * 3 + 3
"""d4: beside the start squares, where the first words grow."""


@dataclass
class Draft:
    cursor: int = START_CURSOR
    across: bool = True
    """Where the cursor goes after a letter: right, or (False) down."""
    picks: list[Pick] = field(default_factory=list)
    """The letters chosen, in the order written."""
    bonuses: list[Bonus] = field(default_factory=list)
    """The bonuses taken, in order."""
    stuck: bool = False
    """The cursor stayed on the letter just written, no square being free beyond it: the
    next letter would silently replace that one (a word typed at the sheet's edge lost its
    first letter), so it waits for the cursor to move."""

    @property
    def turn(self) -> Turn:
        return Turn(tuple(self.picks), tuple(self.bonuses))

    @property
    def empty(self) -> bool:
        return not self.picks

    def clear(self) -> None:
        self.picks.clear()
        self.bonuses.clear()
        self.stuck = False

    def move(self, rows: int, cols: int) -> None:
        self.stuck = False
        row, col = divmod(self.cursor, SIZE)
        row = min(max(row + rows, 0), SIZE - 1)
        col = min(max(col + cols, 0), SIZE - 1)
        self.cursor = row * SIZE + col

    def turn_direction(self) -> None:
        self.across = not self.across

    def advance(self, state: WordsmithState, me: str) -> None:
        """On from a letter just written, past the letters on the sheet, to the next square
        free for one (or stay at the sheet's edge): a word is typed letter by letter."""
        sheet = state.sheet(me)
        taken = {pick.square for pick in self.picks}
        square = self.cursor
        self.stuck = False
        while True:
            row, col = divmod(square, SIZE)
            if (col if self.across else row) == SIZE - 1:
                self.stuck = True
                return
            square += 1 if self.across else SIZE
            if sheet.vacant(square) and square not in taken:
                self.cursor = square
                return

    def used_faces(self) -> set[int]:
        return {pick.face for pick in self.picks if pick.face is not None}

    def work_out(self, state: WordsmithState, me: str, words: Words) -> Forged:
        """What the turn makes on `me`'s sheet, as the rules work it out."""
        return preview(state, me, self.turn, words)

    # -- the keys ------------------------------------------------------------------------

    def write(self, letter: str, state: WordsmithState, me: str, words: Words) -> str | None:
        """A letter typed at the cursor: one of the turn's two letters (from the cheapest
        face of the strip that shows it and is not taken yet, else bought for 3 coins), or,
        once both are written, a forged goblet's letter. Why not, or None."""
        if self._stuck_on_letter():
            return self._stuck_text()
        if len(self.picks) < LETTERS_PER_TURN or self._pick_at(self.cursor) is not None:
            faces = [
                (cost, face)
                for face, shown, cost in strip_faces(state)
                if shown == letter and face not in self.used_faces() - self._faces_at_cursor()
            ]
            face = min(faces)[1] if faces else None
            return self._written(state, me, words, lambda: self._place(letter, face))
        forged = self.work_out(state, me, words)
        if forged.goblets:
            bonus = GobletLetter(self.cursor, letter)
            return self._written(state, me, words, lambda: self.bonuses.append(bonus))
        return "Your two letters are written: Enter seals the turn, Backspace takes one back."

    def take_face(self, face: int, state: WordsmithState, me: str, words: Words) -> str | None:
        """The strip's `face` (0-5) at the cursor, whatever it costs."""
        faces = strip_faces(state)
        if not 0 <= face < len(faces):
            return "The strip shows six letters: 1 to 6."
        if self._stuck_on_letter():
            return self._stuck_text()
        if len(self.picks) >= LETTERS_PER_TURN and self._pick_at(self.cursor) is None:
            return "Your two letters are written: Backspace takes one back."
        return self._written(state, me, words, lambda: self._place(faces[face][1], face))

    def circle(self, state: WordsmithState, me: str, words: Words) -> str | None:
        """A forged sword's circle at the cursor."""
        if not self.work_out(state, me, words).swords:
            return "A circle of your own needs a sword forged this turn."
        bonus = SwordCircle(self.cursor)
        return self._try(state, me, words, lambda: self.bonuses.append(bonus))

    def undo(self, state: WordsmithState, me: str, words: Words) -> str | None:
        """Take back the last bonus, else the letter at the cursor, else the last letter;
        the bonuses it no longer earns go with it. The cursor goes back to its square, where
        the next letter then goes, as in any editor. What was taken back, or None."""
        self.stuck = False
        if self.bonuses:
            self.cursor = self.bonuses.pop().square
            return "Bonus taken back."
        if not self.picks:
            return None
        pick = self._pick_at(self.cursor) or self.picks[-1]
        self.cursor = pick.square
        self.picks.remove(pick)
        self._drop_unearned(state, me, words)
        return f"{pick.letter} taken back from {name(pick.square)}."

    # -- the working-out ---------------------------------------------------------------

    def _stuck_on_letter(self) -> bool:
        return self.stuck and self._pick_at(self.cursor) is not None

    def _stuck_text(self) -> str:
        way = "right" if self.across else "down"
        return f"No free square {way} of {name(self.cursor)}: move the cursor for the next letter."

    def _pick_at(self, square: int) -> Pick | None:
        return next((pick for pick in self.picks if pick.square == square), None)

    def _faces_at_cursor(self) -> set[int]:
        pick = self._pick_at(self.cursor)
        return set() if pick is None or pick.face is None else {pick.face}

    def _place(self, letter: str, face: int | None) -> None:
        """The letter at the cursor (a letter there already is replaced)."""
        here = self._pick_at(self.cursor)
        if here is not None:
            self.picks.remove(here)
        self.picks.append(Pick(self.cursor, letter, face))

    def _written(
        self, state: WordsmithState, me: str, words: Words, change: Callable[[], None]
    ) -> str | None:
        """A letter written by `change`, and the cursor on to the next free square."""
        problem = self._try(state, me, words, change)
        if problem is None:
            self.advance(state, me)
        return problem

    def _try(
        self, state: WordsmithState, me: str, words: Words, change: Callable[[], None]
    ) -> str | None:
        """Make `change`; undone, with the rules' reason, when they refuse the turn it
        makes. A change of letters drops the bonuses they no longer earn."""
        before = (list(self.picks), list(self.bonuses))
        change()
        if self.picks != before[0]:
            self._drop_unearned(state, me, words)
        try:
            self.work_out(state, me, words)
        except TurnError as error:
            self.picks, self.bonuses = before
            return str(error)
        return None

    def _drop_unearned(self, state: WordsmithState, me: str, words: Words) -> None:
        """The bonuses the letters no longer earn (a letter changed or taken back) go."""
        while self.bonuses:
            try:
                self.work_out(state, me, words)
            except TurnError:
                self.bonuses.pop()
            else:
                return


def cost_text(pick: Pick, state: WordsmithState) -> str:
    """What a chosen letter costs: "free", "1 coin", "3 coins (any letter)"."""
    if pick.face is None:
        return f"{ANY_LETTER_COST} coins (any letter)"
    cost = strip_faces(state)[pick.face][2]
    return "free" if cost == 0 else f"{cost} coin{'s' if cost > 1 else ''}"
