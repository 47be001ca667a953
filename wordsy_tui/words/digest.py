"""The shipped word list's digest, compared in the network handshake, without the list.

Joining and hosting need it before their first frame: its own module, so that they load
neither the word list's module (`lexicon`) nor `importlib.resources`' readers (zipfile and
all) for one line of text.
"""

from __future__ import annotations

import os
from typing import Final

DIGEST_FILE: Final = "lexicon.sha256"
"""Beside the data: its `Lexicon.digest`, written by scripts/build_dictionary.py."""


def dictionary_hash() -> str:
    """SHA-256 of the word list and family table (the data's `Lexicon.digest`).

    Read from the digest file the build writes beside the data (a test holds the two
    together): computing it means inflating and hashing the whole list. The loader that
    loaded this module reads it, from a folder or a zip archive alike.
    """
    read = getattr(__spec__.loader, "get_data")  # noqa: B009 (every file and zip loader's)
    data: bytes = read(os.path.join(os.path.dirname(__file__), "data", DIGEST_FILE))
    return data.decode("ascii").strip()
