"""Word Nerds' calculator (`wordsy-tui score --game wordnerds WORD [--cards ...]
[--modifier ...] [--json]`): a word laid down with real cards, valued as the rulebook
does: its letters, the WORD VALUE cards on it, its length bonus."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from typing import Final

from wordsy_tui.games.wordnerds.rules.components import (
    ACTION_KINDS,
    MIN_WORD,
    VALUES,
    Family,
    Worth,
    worth_of,
)
from wordsy_tui.text import shown

EXAMPLE: Final = 'wordsy-tui score --game wordnerds PATHS --cards "P2 A1 T1 H2 S1" --modifier +2'
DOUBLE: Final = "double"
"""How --modifier names DOUBLE BONUS."""
MODIFIERS: Final = {
    f"{kind.amount:+d}": kind.amount
    for kind in ACTION_KINDS
    if kind.family is Family.WORD and kind.amount
}
"""The WORD VALUE cards' modifiers as --modifier takes them: "+2", "-3"."""
_CARD: Final = re.compile(r"(?P<letter>[A-Z?])(?P<stands>[A-Z]?)(?P<value>\d*)")


class Unusable(ValueError):
    """A word the calculator cannot value; the message says why."""


def add_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--cards",
        metavar="CARDS",
        help="the letter cards that spell WORD, in order: a letter and its points ('P2'), a "
        "WILD as ? and the letter it stands for ('?E'); by default the word's own letters",
    )
    group.add_argument(
        "--modifier",
        action="append",
        default=[],
        metavar="CARD",
        help=f"a WORD VALUE card on the word: {', '.join(MODIFIERS)} or {DOUBLE} (DOUBLE "
        "BONUS: the length bonus counts twice); once per card",
    )


def card_points(word: str, cards: str | None) -> list[int]:
    """Each letter card's points, checked against WORD's letters and the deck's values."""
    if cards is None:
        return [VALUES[letter] for letter in word]
    tokens = cards.upper().replace(",", " ").split()
    if len(tokens) != len(word):
        raise Unusable(f"{len(tokens)} cards for {len(word)} letters: one card per letter")
    points = []
    for token, wanted in zip(tokens, word.upper(), strict=True):
        found = _CARD.fullmatch(token)
        if found is None:
            raise Unusable(f"{token} is not a card: a letter and its points, or ? and a letter")
        letter, stands, value = found["letter"], found["stands"], found["value"]
        wild = letter == "?"
        if (stands if wild else letter) != wanted or (stands and not wild):
            raise Unusable(f"{token} is not a card for the letter {wanted}")
        worth = 0 if wild else VALUES[letter.lower()]
        if value and int(value) != worth:
            raise Unusable(
                f"{'a WILD' if wild else letter} is worth {worth} in the deck, not {value}"
            )
        points.append(worth)
    return points


def modifiers_of(names: Sequence[str]) -> tuple[int, int]:
    """What the WORD VALUE cards add, and how many DOUBLE BONUS cards there are."""
    added, doubled = 0, 0
    for name in names:
        if name.lower() == DOUBLE:
            doubled += 1
        elif name in MODIFIERS:
            added += MODIFIERS[name]
        else:
            raise Unusable(f"{name} is not a WORD VALUE card: {', '.join(MODIFIERS)} or {DOUBLE}")
    return added, doubled


def worth(word: str, cards: str | None, modifiers: Sequence[str]) -> Worth:
    """WORD's value worked out; raises Unusable with the reason it cannot be laid down."""
    if not (word.isascii() and word.isalpha()):
        raise Unusable("a word is letters A to Z only")
    if len(word) < MIN_WORD:
        raise Unusable(f"a word needs at least {MIN_WORD} letters")
    added, doubled = modifiers_of(modifiers)
    found = worth_of(card_points(word.lower(), cards), added, doubled)
    from wordsy_tui.words.lexicon import load_lexicon

    if word.lower() not in load_lexicon():
        raise Unusable("not in the word list: a challenge would withdraw it")
    return found


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if len(args.words) != 1:
        parser.error(f"--game wordnerds values one WORD, e.g. {EXAMPLE}")
    word = args.words[0].strip().upper()
    try:
        found = worth(word, args.cards, args.modifier)
    except Unusable as error:
        print(shown(f"wordsy-tui score: {word}: {error}"), file=sys.stderr)
        return 2
    if args.json:
        fields = {
            "word": word,
            "letters": sum(found.letters),
            "modifiers": found.modifiers,
            "bonus": found.bonus,
            "value": found.value,
        }
        print(json.dumps(fields))
        return 0
    letters = " ".join(f"{c}{p}" for c, p in zip(word, found.letters, strict=True))
    print(f"{word}: {found.value} points")
    print(f"  letters    {letters} = {sum(found.letters)}")
    if args.modifier:
        print(f"  modifiers  {' '.join(args.modifier)} = {found.modifiers:+d}")
    doubled = " (doubled)" if any(m.lower() == DOUBLE for m in args.modifier) else ""
    print(f"  bonus      {len(word)} letters = +{found.bonus}{doubled}")
    return 0
