"""Standard Restrictions: what a word must look like before it is judged at all.

Both rulebooks refuse proper nouns, hyphenated words and contractions; the
second edition adds abbreviations. Players type in capitals, so case cannot
tell a name from a word: SCOWL's separate name and abbreviation lists can.
"""

from __future__ import annotations

import re
from typing import Final

from wordsy_tui.games.wordsy.rules.referee import Reason, Verdict
from wordsy_tui.words.lexicon import Lexicon

APOSTROPHES: Final = frozenset("'\u2019\u2018`")
HYPHENS: Final = frozenset("-\u2010\u2011\u2012\u2013\u2014")
LETTERS_ONLY: Final = re.compile(r"^[a-z]+$")


def normalise(word: str) -> str:
    return word.strip().lower()


def refuse(reason: Reason, message: str) -> Verdict:
    return Verdict(False, reason, message)


def form_refusal(word: str) -> Verdict | None:
    """Why `word` (already normalised) cannot be a Wordsy word by its spelling alone."""
    shown = word.upper()
    if not word:
        return refuse(Reason.NOT_LETTERS, "write a word first")
    if any(ch in APOSTROPHES for ch in word):
        return refuse(Reason.CONTRACTION, f"{shown} is a contraction: no apostrophes allowed")
    if any(ch in HYPHENS for ch in word):
        return refuse(Reason.HYPHENATED, f"{shown} is hyphenated: write one word")
    if any(ch.isspace() for ch in word):
        return refuse(Reason.NOT_LETTERS, f"{shown} is more than one word: write one word")
    if not LETTERS_ONLY.match(word):
        return refuse(Reason.NOT_LETTERS, f"{shown} has characters other than the letters A-Z")
    return None


def dictionary_refusal(word: str, lexicon: Lexicon) -> Verdict | None:
    """Why the word list refuses `word` (a letters-only, normalised word), or None."""
    if word in lexicon:
        return None
    shown = word.upper()
    match lexicon.refusal_reason(word):
        case Reason.PROPER_NOUN:
            return refuse(Reason.PROPER_NOUN, f"{shown} is a proper noun")
        case Reason.ABBREVIATION:
            return refuse(Reason.ABBREVIATION, f"{shown} is an abbreviation")
    return refuse(
        Reason.NOT_A_WORD,
        f"{shown} is not in the word list; the table may still allow it by vote",
    )
