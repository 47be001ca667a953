"""Bids sealed by players whose programs live in one process with the rules (the balance
simulation, a solo game's computer players, tests): each is kept with its salt until it is
opened."""

from __future__ import annotations

from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.legal import may_reveal
from wordsy_tui.games.wordnerds.rules.state import NerdsState


class BidBook:
    def __init__(self) -> None:
        self._bids: dict[str, tuple[Bid, bytes]] = {}

    def seal(self, player: str, bid: Bid, salt: bytes) -> cmd.SealBid:
        """`player`'s bid sealed with `salt`, kept to be opened."""
        self._bids[player] = (bid, salt)
        return cmd.seal_bid(bid, salt)

    def reveal(self, state: NerdsState, player: str) -> cmd.RevealBid | None:
        """`player`'s bid opened, when it is due and kept here; None: nothing to open."""
        if not may_reveal(state, player) or player not in self._bids:
            return None
        return cmd.reveal_bid(*self._bids.pop(player))
