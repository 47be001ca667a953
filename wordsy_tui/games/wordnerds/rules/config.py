"""Options the host fixes when it sets a game of Word Nerds up: its seats, its time limits
and the table vote."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar, Final

# What the box says: here, not beside the cards, so that the command line's options
# (every game's, whoever plays which) need not build the deck.
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6


GAME: Final = "wordnerds"
"""Which game this is, to the host's peers and the LAN's list."""
MIN_SECONDS: Final = 5
MAX_SECONDS: Final = 3600
DEFAULT_WINDOW_SECONDS: Final = 20


@dataclass(frozen=True, slots=True)
class NerdsConfig:
    game: ClassVar[str] = GAME
    """The game these options are for (every game's config names its own)."""
    max_players: int = MAX_PLAYERS
    """Seats at the table, 2 to 6."""
    declare_seconds: int = 60
    """The longest the table waits for a first "Word Nerd" (people look for a word)."""
    window_seconds: int = DEFAULT_WINDOW_SECONDS
    """The countdown after a declaration, a trump, a challenge or an action card, in which
    anyone may answer it; any of those restarts it."""
    bid_seconds: int = 60
    """The longest the auction waits for bids; whoever has not sealed one then bids the 0."""
    reveal_seconds: int = 20
    """A player's program opens its sealed bid at once; the limit is for one that is gone,
    whose bid then counts as the 0."""
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

    def problem(self) -> str | None:
        """What is wrong with these options, for the host; None when nothing is."""
        if not MIN_PLAYERS <= self.max_players <= MAX_PLAYERS:
            return (
                f"Word Nerds seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.max_players}."
            )
        for option in fields(self):
            value = getattr(self, option.name)
            if option.name.endswith("_seconds") and not MIN_SECONDS <= value <= MAX_SECONDS:
                wait = option.name.removesuffix("_seconds")
                return f"The {wait} limit is {MIN_SECONDS} to {MAX_SECONDS} seconds, not {value}."
        return None
