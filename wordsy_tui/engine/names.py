"""The one rule for names at the table, used by the game, the host, the CLI and the app.

A name is 1 to `MAX_NAME_LENGTH` printable characters in Unicode NFKC form with
no spaces around it (`normal_name` makes one from what a person typed). At a
table, two names are the same name when they share a skeleton: NFKC, case
folded, and mapped through the Unicode confusables table of UTS #39, so a
Cyrillic A (U+0410) is a Latin "A", a Greek Omicron (U+039F) or a digit "0" is
an "O", and "rn" is "m". A name shaped like the host's computer players' ("Bot 2 (easy)") is kept
for them. See docs/RULES.md, "Players and seats".

The confusables table ships with the `confusable-homoglyphs` package; it is
read on the first comparison at a table, never on the way to a solo game.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from typing import Final

from wordsy_tui.engine import errors
from wordsy_tui.text import shown, unsafe_characters

MAX_NAME_LENGTH: Final = 20
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
    key = name_key(name)
    for other in taken:
        if name_key(other) == key:
            alike = "" if other == name else f": it looks the same as {other}"
            return errors.NameTaken(f"The name {name} is taken{alike}. Pick another name.")
    return None


def name_key(name: str) -> str:
    """The skeleton shared by names people could take for one another."""
    folded = _skeleton(unicodedata.normalize("NFKC", name)).casefold()
    # Folding case can make new lookalikes (U+0410 -> U+0430); spacing is not told apart.
    return " ".join(_skeleton(folded).split())


def _looks_like_bot(name: str) -> bool:
    return _bot_pattern().fullmatch(name_key(name)) is not None


@cache
def _bot_pattern() -> re.Pattern[str]:
    digit = "|".join(re.escape(name_key(d)) for d in "0123456789")
    head, tail = name_key("Bot x (").split("x")
    return re.compile(
        f"{re.escape(head)}(?:{digit})+{re.escape(tail)}.*{re.escape(name_key(')'))}"
    )


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
