"""A player's turn in a round: the sealed choice.

A turn is everything the player does on their own sheet this round: the two letters chosen
(from the strip, or any letter for 3 coins) and the squares they go on, then the bonuses of
the items forged, in the order taken: a goblet's letter, a sword's circle. Nothing in it
depends on another player's sheet, so the whole turn is worked out on the player's own
screen and travels sealed, as a commitment (`commit`), until every player has chosen;
then each reveals it with its salt. See docs/RULES.md, "Wordsmith", for why letters and
squares are sealed together.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Final

SALT_BYTES: Final = 16
COMMITMENT_BYTES: Final = 32


@dataclass(frozen=True, slots=True)
class Pick:
    """A letter chosen and the square it is written on."""

    square: int
    letter: str
    """Upper case A-Z."""
    face: int | None
    """Which letter of the strip: 2 * slot + 0 for a card's top, + 1 for its bottom (slots
    0, 1, 2: yellow, orange, dark orange); None: any letter, for 3 coins."""


@dataclass(frozen=True, slots=True)
class GobletLetter:
    """A forged goblet's bonus: any letter on any vacant square."""

    square: int
    letter: str


@dataclass(frozen=True, slots=True)
class SwordCircle:
    """A forged sword's bonus: a circle on any square not yet circled, written or not."""

    square: int


Bonus = GobletLetter | SwordCircle


@dataclass(frozen=True, slots=True)
class Turn:
    picks: tuple[Pick, ...]
    """The two letters, written at the same time; the words they make are found together."""
    bonuses: tuple[Bonus, ...] = ()
    """Taken in this order, each after the item that gives it is forged; a bonus not taken
    by the end of the turn is lost."""


def canonical(turn: Turn) -> bytes:
    """The turn as the bytes its commitment seals: one spelling for one turn."""
    plain = {
        "picks": [[p.square, p.letter, p.face] for p in turn.picks],
        "bonuses": [
            ["goblet", b.square, b.letter] if isinstance(b, GobletLetter) else ["sword", b.square]
            for b in turn.bonuses
        ],
    }
    return json.dumps(plain, separators=(",", ":"), sort_keys=True).encode()


def commit(turn: Turn, salt: bytes) -> bytes:
    # The length prefix stops a salt/turn boundary from being shifted.
    return hashlib.sha256(len(salt).to_bytes(2, "big") + salt + canonical(turn)).digest()
