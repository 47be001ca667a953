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
read on the first comparison at a table, never on the way to a solo game.
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


def _confusables() -> dict[str, list[str]]:
    """The package's table: each character with the characters it is confusable with.

    Read from the package's data file rather than through its module, which keeps
    the whole table (with every character's name) resident for the process's life,
    about 8 MB, and imports urllib; here only the characters are kept, and only
    until `_prototypes` has made its table.
    """
    from importlib import resources  # (not on the way to a solo game's first frame)

    text = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")

    def entry_character(pairs: list[tuple[str, object]]) -> object:
        # An entry is {"c": character, "n": its Unicode name}; the names are not needed.
        if len(pairs) == 2 and {key for key, _ in pairs} == {"c", "n"}:
            return dict(pairs)["c"]
        return dict(pairs)

    table: dict[str, list[str]] = json.loads(text, object_pairs_hook=entry_character)
    return table


def _skeleton(text: str) -> str:
    """UTS #39 skeleton: NFD, each character to its prototype, NFD again."""
    table = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype, from the package's table.

    The package keeps confusables.txt as a symmetric relation (each source lists
    its prototype, each prototype its sources), so the direction is recovered: a
    source has exactly one prototype; a prototype with a single source pairs with
    a character that has no other relation, and either may stand for the pair (the
    one NFKC leaves alone is taken). Prototypes are then mapped through the table
    until it is stable, so every character of a skeleton is its own prototype.
    """
    # Each character's one confusable, or SEVERAL: a set per character would cost MBs.
    single: dict[str, str] = {}
    for char, others in _confusables().items():
        key = char.replace(_DISPLAY_MARK, "")
        distinct = {other.replace(_DISPLAY_MARK, "") for other in others}
        if key in single:  # the same character listed again, once with a display mark
            distinct.add(single[key])
        single[key] = distinct.pop() if len(distinct) == 1 else _SEVERAL
    table: dict[str, str] = {}
    for char, other in single.items():
        if len(char) != 1 or other == _SEVERAL:
            continue  # a sequence or a character with several sources is a prototype
        if len(other) > 1 or single.get(other) == _SEVERAL:
            table[char] = other
        else:
            table[char] = min(
                char, other, key=lambda c: (unicodedata.normalize("NFKC", c) != c, c)
            )
    while changed := {
        c: mapped for c, p in table.items() if (mapped := "".join(table.get(x, x) for x in p)) != p
    }:
        table.update(changed)
    return {char: prototype for char, prototype in table.items() if char != prototype}
