"""The one rule for names at the table, used by the game, the host, the CLI and the app.

A name is 1 to `MAX_NAME_LENGTH` printable characters in Unicode NFKC form with
no spaces around it (`normal_name` makes one from what a person typed). At a
table, two names are the same name (`same_name`) when they share a skeleton:
NFKC, mapped through the Unicode confusables table of UTS #39 and case folded,
so a Cyrillic A (U+0410) is a Latin "A", a Greek Omicron (U+039F) or a digit
"0" is an "O", "rn" is "m" and "AI" is "Al"; or the same with the case folded
first, so "ALICE" is "Alice" (the table maps a capital I to "l", a small i to
nothing). A name shaped like the host's computer players' ("Bot 2 (easy)") is
kept for them. See docs/RULES.md, "Players and seats".

The confusables table ships with the `confusable-homoglyphs` package; it is
read on the first comparison at a table of a name beyond ASCII, and a character's
prototype is found when a name first holds it. ASCII's few look-alikes are written out
here (`ASCII_PROTOTYPES`, held to the package's table by a test): a solo game's computer
players and a hosting player named in ASCII sit down without reading the table's 900 kB
(20-40 ms before their first frame).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from typing import Annotated, Final

from rich.cells import cell_len

from wordsy_tui.engine import errors
from wordsy_tui.engine.rules import Longest
from wordsy_tui.text import shown, unsafe_characters

MAX_NAME_LENGTH: Final = 20
NAME_BOUND: Final = Longest(MAX_NAME_LENGTH, "a name")
Name = Annotated[str, NAME_BOUND]
"""A command's field that names a seat (every game's): the wire refuses a longer one."""
MAX_NAME_WIDTH: Final = 20
"""Terminal cells (as the app measures text: Rich's `cell_len`): ten CJK characters."""
# Arabic ligatures of whole phrases (U+FDFD is the Bismillah): a terminal gives each one
# cell, the font draws the phrase over its neighbours. NFKC keeps them; no name needs one.
PHRASES: Final = re.compile("[\ufd40-\ufd4f\ufdcf\ufdfd-\ufdff]")
BOT_EXAMPLE: Final = "Bot 1 (easy)"
# The package marks right-to-left characters with left-to-right marks for display.
_DISPLAY_MARK: Final = "\u200e"
# Never a character: marks one that is confusable with several.
_SEVERAL: Final = ""
# Never in the table: between a character's confusables, and between two listings of it.
_APART: Final = "\x00"
_LISTING: Final = "\x01"
ASCII_PROTOTYPES: Final = {
    '"': "''",
    "%": "\u00ba/\u2080",
    "0": "O",
    "1": "l",
    "I": "l",
    "`": "'",
    "m": "rn",
    "|": "l",
}
"""The prototype of every ASCII character that is not its own, as `_Confusables` finds it."""


def normal_name(text: str) -> str:
    """What a typed name becomes at the table: NFKC form, no spaces around it."""
    return unicodedata.normalize("NFKC", text).strip()


def name_problem(
    name: str, taken: Iterable[str] | None = None, *, bot: bool = False
) -> errors.RuleError | None:
    """Why `name` cannot sit down (a typed error to raise or show), or None.

    `taken`: the names already at the table (seated players, computer players);
    None checks only that `name` is a name, as the CLI and the app do before
    there is a table. `bot`: the host is seating one of its computer players.
    """
    unsafe = unsafe_characters(name)
    if unsafe:
        return errors.ControlCharacters(
            f"A name cannot hold control or format characters ({shown(unsafe)})."
        )
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        return errors.BadName(f"A name is 1 to {MAX_NAME_LENGTH} characters.")
    if cell_len(name) > MAX_NAME_WIDTH:
        return errors.BadName(
            f"A name is at most {MAX_NAME_WIDTH} columns wide on screen (a wide character "
            "counts two)."
        )
    if PHRASES.search(name):
        return errors.BadName("A name cannot hold a whole phrase written as one character.")
    if name != normal_name(name):
        return errors.BadName(
            f"Send the name in Unicode NFKC form without spaces around it: {normal_name(name)}"
        )
    if taken is None:
        return None
    if not bot and _looks_like_bot(name):
        return errors.BadName(
            f"Names like {BOT_EXAMPLE!r} are kept for computer players; pick another name."
        )
    keys = name_keys(name)
    for other in taken:
        if _alike(keys, name_keys(other)):
            alike = "" if other == name else f": it looks the same as {other}"
            return errors.NameTaken(f"The name {name} is taken{alike}. Pick another name.")
    return None


def same_name(one: str, other: str) -> bool:
    """Whether people could take `one` and `other` for one another's name."""
    return _alike(name_keys(one), name_keys(other))


def _alike(keys: tuple[str, str], others: tuple[str, str]) -> bool:
    return any(key == other for key, other in zip(keys, others, strict=True))


def name_keys(name: str) -> tuple[str, str]:
    """The two skeletons of a name: mapped as written, then case folded ("AI" is "Al");
    and case folded first ("ALICE" is "alice": mapped first, its I would be an "l").

    Either way, folding can make new lookalikes (U+0410 -> U+0430) and mapping new
    capitals (a digit 0 is an "O"), so each is folded and mapped once more (after which
    every character's skeleton is stable); spacing is not told apart.
    """
    text = unicodedata.normalize("NFKC", name)
    as_written = _skeleton(_skeleton(text).casefold())
    folded_first = _skeleton(_skeleton(text.casefold()).casefold())
    return " ".join(as_written.split()), " ".join(folded_first.split())


def _looks_like_bot(name: str) -> bool:
    return any(
        pattern.fullmatch(key) is not None
        for pattern, key in zip(_bot_patterns(), name_keys(name), strict=True)
    )


@cache
def _bot_patterns() -> tuple[re.Pattern[str], ...]:
    """ "Bot N (level)" in each skeleton of `name_keys`."""

    def pattern(key: int) -> re.Pattern[str]:
        digit = "|".join(re.escape(name_keys(d)[key]) for d in "0123456789")
        head, tail = name_keys("Bot x (")[key].split("x")
        close = name_keys(")")[key]
        return re.compile(f"{re.escape(head)}(?:{digit})+{re.escape(tail)}.*{re.escape(close)}")

    return pattern(0), pattern(1)


class _Confusables:
    """Each character's prototype under the package's confusables table, found when a
    name first holds the character: seating a player compares a few characters, and
    making the whole table (tens of milliseconds) is not on the way to a first frame.

    The package keeps confusables.txt as a symmetric relation (each source lists its
    prototype, each prototype its sources), so the direction is recovered: a source has
    exactly one prototype; a prototype with a single source pairs with a character that
    has no other relation, and either may stand for the pair (the one NFKC leaves alone is
    taken). A prototype is then mapped again until it is stable, so every character of a
    skeleton is its own prototype.
    """

    def __init__(self) -> None:
        from importlib import resources  # (not imported until a table compares names)

        file = resources.files("confusable_homoglyphs").joinpath("confusables.json")
        # Only the characters are kept, each listing's as one string: an entry is {"c":
        # character, "n": its Unicode name} (the names, with the package's module, are about
        # 8 MB; a list of strings per character would still hold MBs).
        listed: dict[str, list[str]] = json.loads(
            file.read_text("utf-8"),
            object_hook=lambda entry: entry.get("c", entry) if len(entry) == 2 else entry,
        )
        self._related: dict[str, str] = {}
        for char, others in listed.items():
            # The package marks right-to-left characters for display, and lists some
            # characters twice, once so marked.
            key = char.replace(_DISPLAY_MARK, "")
            listing = _APART.join(others).replace(_DISPLAY_MARK, "")
            known = self._related.get(key)
            self._related[key] = listing if known is None else known + _LISTING + listing
        self._prototype: dict[str, str] = {}

    def _single(self, char: str) -> str | None:
        """`char`'s one confusable; SEVERAL when it has more; None when it has none."""
        listings = self._related.get(char)
        if listings is None:
            return None
        single = _SEVERAL
        for position, others in enumerate(listings.split(_LISTING)):
            distinct = set(others.split(_APART))
            if position:
                distinct.add(single)
            single = distinct.pop() if len(distinct) == 1 else _SEVERAL
        return single

    def _step(self, char: str) -> str:
        """`char` mapped once: its prototype in the package's table, or itself."""
        other = self._single(char)
        if other is None or other == _SEVERAL:
            return char  # unrelated, or a prototype with several sources
        if len(other) > 1 or self._single(other) == _SEVERAL:
            return other
        return min(char, other, key=lambda c: (unicodedata.normalize("NFKC", c) != c, c))

    def prototype(self, char: str) -> str:
        """`char`'s prototype, mapped until every character of it is its own."""
        found = self._prototype.get(char)
        if found is None:
            found = self._step(char)
            while (mapped := "".join(self._step(c) for c in found)) != found:
                found = mapped
            self._prototype[char] = found
        return found


@cache
def _confusables() -> _Confusables:
    return _Confusables()


def _skeleton(text: str) -> str:
    """UTS #39 skeleton: NFD, each character to its prototype, NFD again."""
    decomposed = unicodedata.normalize("NFD", text)
    if decomposed.isascii():
        mapped = "".join(ASCII_PROTOTYPES.get(c, c) for c in decomposed)
    else:
        prototype = _confusables().prototype
        mapped = "".join(prototype(c) for c in decomposed)
    return unicodedata.normalize("NFD", mapped)
