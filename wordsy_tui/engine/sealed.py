"""Commit-reveal: a written word travels as a hash until the reveal.

A client keeps its word and a random salt; the host, and through it every
other player, sees only `commit(word, salt)` until the round's reveal.
"""

from __future__ import annotations

import hashlib

SALT_BYTES = 16
COMMITMENT_BYTES = 32
"""A SHA-256 digest."""


def commit(word: str, salt: bytes) -> bytes:
    # The length prefix stops a salt/word boundary from being shifted.
    data = len(salt).to_bytes(2, "big") + salt + word.strip().upper().encode()
    return hashlib.sha256(data).digest()
