"""A player's turn in a round: the sealed choice.

A turn is everything the player does on their own sheet this round: the two letters chosen
(from the strip, or any letter for 3 coins) and the squares they go on, then the bonuses of
the items forged, in the order taken: a goblet's letter, a sword's circle. Nothing in it
depends on another player's sheet, so the whole turn is worked out on the player's own
screen and travels sealed until every player has chosen: its text (`turn_text`) is what the
commitment seals (`engine.sealed.commit`, as Wordsy's words), and each player reveals the
turn and its salt once choosing closes. See docs/RULES.md, "Wordsmith", for why letters and
squares are sealed together, and docs/PROTOCOL.md for the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.wordsmith.rules.grid import name, parse_square

COMMITMENT_BYTES: Final = 32
"""A SHA-256 digest."""
ANY_FACE: Final = "ANY"
"""A pick's source in a turn's text when the letter is bought for 3 coins."""
MAX_TURN_TEXT: Final = 200
"""Two picks and a handful of bonuses take about 60 characters: longer is no turn."""


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


def turn_text(turn: Turn) -> str:
    """The turn in one canonical line, upper case, what its commitment seals (and a seat
    keeps to reveal it): each action a keyword and its parts, in the order taken.

        PICK E4 A 0 PICK D4 B ANY GOBLET C1 O SWORD F1
    """
    parts: list[str] = []
    for pick in turn.picks:
        face = ANY_FACE if pick.face is None else str(pick.face)
        parts += ["PICK", name(pick.square).upper(), pick.letter, face]
    for bonus in turn.bonuses:
        if isinstance(bonus, GobletLetter):
            parts += ["GOBLET", name(bonus.square).upper(), bonus.letter]
        else:
            parts += ["SWORD", name(bonus.square).upper()]
    return " ".join(parts)


def parse_turn(text: str) -> Turn:
    """The turn `turn_text` wrote (a seat's kept choice: read from a file, so checked);
    ValueError, "not a turn's text", when it is not one. The rules still judge the turn."""
    try:
        return _parsed(text)
    except ValueError as error:
        raise ValueError(f"not a turn's text: {error}") from None


def _parsed(text: str) -> Turn:
    if len(text) > MAX_TURN_TEXT:
        raise ValueError("too long")
    words = text.upper().split()
    picks: list[Pick] = []
    bonuses: list[Bonus] = []
    at = 0
    while at < len(words):
        keyword = words[at]
        if keyword == "PICK" and not bonuses:
            square, letter = _square(words, at + 1), _letter(words, at + 2)
            face = words[at + 3] if at + 3 < len(words) else ""
            if face == ANY_FACE:
                picks.append(Pick(square, letter, None))
            elif len(face) == 1 and face.isdigit():
                picks.append(Pick(square, letter, int(face)))
            else:
                raise ValueError("a pick's source is a face 0-5 or ANY")
            at += 4
        elif keyword == "GOBLET":
            bonuses.append(GobletLetter(_square(words, at + 1), _letter(words, at + 2)))
            at += 3
        elif keyword == "SWORD":
            bonuses.append(SwordCircle(_square(words, at + 1)))
            at += 2
        else:
            raise ValueError(f"{keyword[:10]!r} is not a part of a turn")
    return Turn(tuple(picks), tuple(bonuses))


def _square(words: list[str], at: int) -> int:
    square = parse_square(words[at]) if at < len(words) else None
    if square is None:
        raise ValueError("a square is a1 to h8")
    return square


def _letter(words: list[str], at: int) -> str:
    letter = words[at] if at < len(words) else ""
    if len(letter) != 1 or not ("A" <= letter <= "Z"):
        raise ValueError("a letter is one of A to Z")
    return letter
