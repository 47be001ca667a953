"""The game's state: a fold of the event log (see evolve.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from wordsy_tui.games.wordsmith.components import CARDS, Card
from wordsy_tui.games.wordsmith.config import WordsmithConfig
from wordsy_tui.games.wordsmith.scoring import ScoreLines
from wordsy_tui.games.wordsmith.sheet import Sheet


class Phase(StrEnum):
    NEW = "new"
    CHOOSING = "choosing"
    """Every player chooses their turn and seals it."""
    REVEAL = "reveal"
    """Every player who sealed a turn reveals it; each is written on its sheet."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class WordsmithState:
    config: WordsmithConfig = field(default_factory=WordsmithConfig)
    phase: Phase = Phase.NEW
    players: tuple[str, ...] = ()
    bots: frozenset[str] = frozenset()
    left: frozenset[str] = frozenset()
    """Players who stopped playing: their sheets stay and are scored."""
    start: tuple[int, ...] = ()
    """The two start cards."""
    goals: tuple[int, ...] = ()
    taken: frozenset[int] = frozenset()
    """Goals someone has reached: the others can reach them only for 5 points."""
    round: int = 0
    strip: tuple[int, ...] = ()
    next_card: int | None = None
    shown: frozenset[int] = frozenset()
    """Cards turned up so far (start, strip, the deck's top): the host draws from the rest."""
    deck: int = 0
    """Cards left in the deck, its face-up top included."""
    sheets: Mapping[str, Sheet] = field(default_factory=dict)
    sealed: Mapping[str, bytes] = field(default_factory=dict)
    """This round's commitments."""
    played: frozenset[str] = frozenset()
    """Who has played this round's turn."""
    scores: Mapping[str, ScoreLines] = field(default_factory=dict)
    winners: tuple[str, ...] = ()

    @property
    def active(self) -> tuple[str, ...]:
        """Players still playing, in seat order."""
        return tuple(p for p in self.players if p not in self.left)

    @property
    def strip_cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[card] for card in self.strip)

    def sheet(self, player: str) -> Sheet:
        return self.sheets.get(player, Sheet())

    def waiting_on(self) -> frozenset[str]:
        """Whose move the phase waits for: those still to seal, or to reveal."""
        if self.phase is Phase.CHOOSING:
            return frozenset(p for p in self.active if p not in self.sealed)
        if self.phase is Phase.REVEAL:
            return frozenset(p for p in self.active if p in self.sealed and p not in self.played)
        return frozenset()
