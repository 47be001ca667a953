"""Text a hostile peer (or a tampered log, or a neighbour's mDNS) might send, for the tests.

Each payload is wrapped in letters so that, encoded, it cannot turn up by chance in the
random bytes of a stream (commitments, hashes) when a test looks for it.
"""

from __future__ import annotations

from typing import Final

PAYLOADS: Final = {
    "osc-title": "\x1b]0;title\x07",
    "osc52-clipboard": "\x1b]52;c;aGVsbG8gd29ybGQ=\x1b\\",
    "clear-screen": "\x1b[2J",
    "bare-csi": "\x9b",
    "bidi-override": "\u202e",
    "nul": "\x00",
}
# The characters that must never reach a terminal raw (BEL included: a bell per line).
RAW: Final = ("\x1b", "\x9b", "\u202e", "\x00", "\x07")


def wrapped(payload: str, head: str = "Qz") -> str:
    return f"{head}{payload}Zq"


def raw_in(text: str) -> list[str]:
    """Which of the raw characters `text` holds (an empty list when it is safe)."""
    return [repr(c) for c in RAW if c in text]
