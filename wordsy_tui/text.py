"""Text from elsewhere (the network, mDNS, a log file) and the terminal.

One test says which characters a peer may not send: whatever is not printable
by Python's `str.isprintable` (Unicode Cc, including ESC, BEL, NUL and the C1
range with CSI 0x9b; Cf, such as the bidi overrides and zero-width
characters; Zl, Zp, Co, Cs, Cn, and every separator but the plain space).
`net` applies the very same test to its handshake (it cannot import this).

One helper shows such text on a screen or a log line: those characters come
out escaped, visibly (`\\x1b`, `\\u202e`), never raw. Rich and Textual drop
only a few control codes, and `markup=False` does not stop escape sequences.
"""

from __future__ import annotations


def unsafe_characters(text: str) -> str:
    """The characters of `text` that must never reach a terminal raw ("" when none)."""
    if text.isprintable():  # the common case, done in C
        return ""
    return "".join(dict.fromkeys(c for c in text if not c.isprintable()))


def shown(text: str) -> str:
    """`text` safe to write to a terminal: unsafe characters visibly escaped."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"
