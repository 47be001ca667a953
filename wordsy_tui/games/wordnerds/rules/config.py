"""Options fixed when a game of Word Nerds starts: the host's time limits and the table vote."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class NerdsConfig:
    declare_seconds: int = 60
    """The longest the table waits for a first "Word Nerd" (people look for a word)."""
    window_seconds: int = 20
    """The countdown after a declaration, a trump, a challenge or an action card, in which
    anyone may answer it; any of those restarts it."""
    bid_seconds: int = 60
    """The longest the auction waits for bids; whoever has not bid then bids the 0."""
    pick_seconds: int = 30
    """A bidder's time to take a card; then the host takes the highest-valued one."""
    refresh_seconds: int = 30
    """A word player's time to keep their hand or draw two new cards; then they keep it."""
    purchase_seconds: int = 45
    """A player's purchase; then they buy nothing."""
    discard_seconds: int = 30
    """A hand over ten letter cards; then the host discards its lowest-valued letters."""
    vote_seconds: int = 30
    """The table's vote on a challenge (as Wordsy's)."""
    table_vote: bool = False
    """A challenge goes to the vote of the players it does not involve, the word list
    advising; off, the word list decides at once."""
