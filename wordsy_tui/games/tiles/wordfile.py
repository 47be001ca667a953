"""A word list of the host's own for the tile games (`--lexicon FILE`): read, checked, hashed.

The tournament lists (NWL, CSW) cannot be shipped, so a host who owns one loads it from a
file: one word a line. The file is checked before anything starts, and a bad one is
refused in one line saying where it is wrong. Players see only its name and hash (the
config's `lexicon_name` and `lexicon_hash`); the words stay with the host, who judges
every play. See docs/RULES.md, "Word lists".
"""

from __future__ import annotations

import hashlib
import re
import threading
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import ALL_WORDS, Dawg, build_dawg
from wordsy_tui.games.tiles.rules.words import MAX_WORD, MIN_WORD
from wordsy_tui.text import shown
from wordsy_tui.words.lexicon import WordList

MAX_BYTES: Final = 32 * 1024 * 1024
"""The largest file read: ten times a tournament list (CSW's 280,000 words are 3 MB)."""
_WORD: Final = re.compile(r"[A-Za-z]+")
_SPACES: Final = " \t"


class WordFileError(ValueError):
    """The file cannot be the table's word list; the message says why, in one line."""


@dataclass(eq=False)
class WordFile:
    """A host's word list: its file's `name`, the `digest` of its words, and the words."""

    name: str
    digest: str
    """SHA-256 (hex) of the words, upper case, sorted, each followed by a newline: the
    same words hash the same whatever their order, case or duplicates in the file."""
    words: WordList
    """Lower case, sorted: what the rules judge a play by."""
    _dawgs: dict[int, Dawg] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def dawg(self, vocabulary: int) -> Dawg:
        """The move generator's graph of the words a computer player of `vocabulary` (a
        SCOWL level) knows: every word at the top level, else the words of this list that
        the shipped list has at that level or below (so an easy bot still plays everyday
        words). Built once per level, in the thread that first asks."""
        with self._lock:
            found = self._dawgs.get(vocabulary)
            if found is None:
                found = self._dawgs[vocabulary] = build_dawg(self._known(vocabulary))
            return found

    def _known(self, vocabulary: int) -> Iterable[str]:
        """The words, in order, of a computer player of `vocabulary`."""
        if vocabulary >= ALL_WORDS:
            return self.words
        from wordsy_tui.words.lexicon import load_lexicon

        lexicon = load_lexicon()
        return (
            word
            for word in self.words
            if (index := lexicon.words.find(word)) is not None
            and lexicon.levels[index] <= vocabulary
        )


_LOADED: dict[str, WordFile] = {}
"""The lists this process has read, by digest: the host's table finds its list here."""


def loaded(digest: str) -> WordFile | None:
    """The list with `digest` read by `read_word_file` in this process, or None."""
    return _LOADED.get(digest)


def read_word_file(path: Path) -> WordFile:
    """The word list in the file at `path` (kept for `loaded`); WordFileError when it
    cannot be one: unreadable, too big, not UTF-8, a line that is not one word of the
    letters A to Z, or no word a play could make."""
    name = shown(path.name)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise WordFileError(
                f"{name} is larger than {MAX_BYTES // 2**20} MB: not a word list "
                "(a tournament list is about 3 MB)"
            )
        data = path.read_bytes()
    except OSError as error:
        raise WordFileError(f"cannot read {name}: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:  # grown since it was measured
        raise WordFileError(f"{name} is larger than {MAX_BYTES // 2**20} MB: not a word list")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise WordFileError(
            f"{name}, line {line}: not UTF-8 text (save the list as UTF-8 or ASCII)"
        ) from None
    words: set[str] = set()
    for number, raw in enumerate(text.split("\n"), start=1):
        word = raw.rstrip("\r").strip(_SPACES)
        if not word:
            continue
        if not _WORD.fullmatch(word):
            raise WordFileError(f"{name}, line {number}: {_why_not(word)}")
        if MIN_WORD <= len(word) <= MAX_WORD:  # no play makes a longer or shorter word
            words.add(word.upper())
    if not words:
        raise WordFileError(
            f"{name} holds no word of {MIN_WORD} to {MAX_WORD} letters: one word a line"
        )
    ordered = sorted(words)
    body = "".join(f"{word}\n" for word in ordered).encode("ascii")
    digest = hashlib.sha256(body).hexdigest()
    found = WordFile(name, digest, WordList(body.lower()))
    _LOADED[digest] = found
    return found


def _why_not(line: str) -> str:
    """Why `line` (neither empty nor one word of A to Z) is not a word of the list."""
    for char in line:
        if char in _SPACES or unicodedata.category(char) == "Zs":
            return (
                f"'{shown(line[:40])}' holds a space: one word a line (a list with "
                "definitions or scores beside its words is not a word list)"
            )
        if unicodedata.category(char).startswith("C"):
            return f"a control character ({shown(char)}): one word a line, letters only"
    bad = next(char for char in line if not ("A" <= char.upper() <= "Z" and char.isascii()))
    return (
        f"'{shown(line[:40])}' has '{shown(bad)}': the tiles spell only the letters A to Z "
        "(a blank stands for one of them)"
    )


def review_dawg(config: TileGameConfig) -> Dawg:
    """The graph a review finds the best plays in: the word list the game was played with,
    when this process read it (the host's own list, for its hosting player or its export),
    else the shipped list's (a game on the shipped list, or a replay of a game whose list
    this process never read: the review says which)."""
    from wordsy_tui.games.tiles.rules.movegen import shipped_dawg

    listed = loaded(config.lexicon_hash) if config.lexicon_hash else None
    return shipped_dawg() if listed is None else listed.dawg(ALL_WORDS)
