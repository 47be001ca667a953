"""A bid as its player chooses it: one unspent token, and the bid action cards played face
down with it. It leaves the player's program only as a commitment to its canonical text
(`text`), and is opened once every player has bid (`commands.SealBid`, `RevealBid`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MAX_BID_CARDS: Final = 7
"""More bid action cards than the deck holds (four +3 BID and three FREE BID)."""


@dataclass(frozen=True, slots=True)
class Bid:
    token: int
    cards: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        """What a commitment seals: the token, then the cards in order ("3,4,17")."""
        return ",".join(map(str, (self.token, *sorted(self.cards))))


def parse_bid(text: str) -> Bid:
    """The bid whose `text` this is; ValueError when it is not one (a kept file damaged)."""
    fields = text.split(",")
    if not all(f.isascii() and f.isdigit() for f in fields) or len(fields) > 1 + MAX_BID_CARDS:
        raise ValueError(f"not a bid: {text!r}")
    token, *cards = map(int, fields)
    bid = Bid(token, tuple(cards))
    if bid.text != text:
        raise ValueError(f"not a bid in its canonical form: {text!r}")
    return bid
