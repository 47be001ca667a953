"""Whether a meant word is plainly what its player wrote: the advice on an offer's vote.

The first edition's relaxed-play tip lets a player change a fallen word "if it's clear
what word [they] actually meant", and, for "a hyphenated word or ... a two-word phrase",
choose which word to use. The table decides by vote; this is the advice every screen
shows beside that vote and the computer players follow, so they never disagree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.wordsy.rules.state import GameState

# A slip of the pen changes a letter or two: one in a short word, two in a longer one.
SHORT_WORD: Final = 5
PARTS: Final = re.compile(r"[^A-Z]+")
# A two-word phrase written as one (ICECREAM): each part at least this long.
MIN_PART: Final = 2


@dataclass(frozen=True, slots=True)
class Clarity:
    clear: bool
    """Plainly the word meant: the advice is to accept it."""
    message: str


def clarity(written: str, meant: str) -> Clarity:
    """How plainly `meant` is the word behind `written` (both as the table saw them)."""
    written, meant = written.strip().upper(), meant.strip().upper()
    parts = [part for part in PARTS.split(written) if part]
    if len(parts) > 1 and meant in parts:
        return Clarity(True, f"{meant} is one of the words in {written}: its writer chooses one")
    run_together = written != meant and (
        (written.startswith(meant) and len(written) - len(meant) >= MIN_PART)
        or (written.endswith(meant) and len(written) - len(meant) >= MIN_PART)
    )
    if run_together and len(meant) >= MIN_PART + 1:
        return Clarity(True, f"{meant} is part of {written}, two words run together")
    changes = slips(written, meant)
    allowed = 1 if min(len(written), len(meant)) <= SHORT_WORD else 2
    letters = "1 letter" if changes == 1 else f"{changes} letters"
    if changes <= allowed:
        return Clarity(True, f"{meant} is {letters} away from {written}: a slip of the pen")
    return Clarity(False, f"{meant} is {letters} away from {written}: not plainly the word meant")


def slips(written: str, meant: str) -> int:
    """Letters to add, drop, change or swap with a neighbour to turn one word into the other
    (the optimal string alignment distance)."""
    rows = [list(range(len(meant) + 1))]
    for i, a in enumerate(written, start=1):
        row = [i]
        for j, b in enumerate(meant, start=1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a != b))
            if i > 1 and j > 1 and a == meant[j - 2] and written[i - 2] == b:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]


def advice_falls(state: GameState) -> bool:
    """The referee's advice on the open vote: True, the word falls (a vote's `uphold`).

    A challenged or appealed word falls when the referee refused it; a meant word is
    refused when it is not plainly the word written.
    """
    challenge = state.challenge
    if challenge is None:
        return False
    draft = state.draft(challenge.target)
    if challenge.meant is not None:
        return not clarity(draft.word or "", challenge.meant.word).clear
    return draft.verdict is not None and not draft.verdict.ok
