"""Events: the facts `decide` records and `evolve` folds into the state.

Every random outcome (the start cards, the goals, each card dealt) is written into an
event, so replaying the log never draws. The deck has no order anywhere: the host draws
each card from those not seen yet, with its secret generator, only when the card is
turned up (docs/RULES.md, "Wordsmith": why this is the same game as a shuffled deck).
"""

from __future__ import annotations

from dataclasses import dataclass

from wordsy_tui.games.wordsmith.config import WordsmithConfig
from wordsy_tui.games.wordsmith.forge import Step
from wordsy_tui.games.wordsmith.scoring import ScoreLines
from wordsy_tui.games.wordsmith.sheet import Sheet
from wordsy_tui.games.wordsmith.turn import Turn


@dataclass(frozen=True, slots=True)
class GameStarted:
    config: WordsmithConfig
    players: tuple[str, ...]
    bots: frozenset[str]
    start: tuple[int, int]
    """The two cards every player writes in the start squares."""
    goals: tuple[int, ...]
    """The goals in play (goal 1, goal 2): one side of each of two cards drawn; none
    without goal cards."""


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    strip: tuple[int, int, int]
    """The cards in the yellow, orange and dark orange slots."""
    next_card: int | None
    """The deck's top card, face up: next round's yellow slot (None: the deck is done)."""


@dataclass(frozen=True, slots=True)
class TurnSealed:
    player: str
    commitment: bytes


@dataclass(frozen=True, slots=True)
class ChoicesClosed:
    round: int
    missed: tuple[str, ...] = ()
    """Players who sealed no turn in time: they play none this round."""


@dataclass(frozen=True, slots=True)
class TurnPlayed:
    """A turn revealed and written on its player's sheet."""

    player: str
    round: int
    private: bool
    """The game hides sheets: only `player` receives the turn and its steps."""
    turn: Turn | None
    steps: tuple[Step, ...] | None
    spent: int | None
    """All three None in the view of another player when the sheet is `private`."""


@dataclass(frozen=True, slots=True)
class RevealClosed:
    round: int
    missed: tuple[str, ...] = ()
    """Players who sealed a turn but did not reveal it in time: it is not played."""


@dataclass(frozen=True, slots=True)
class GoalsReached:
    round: int
    reached: tuple[tuple[int, str, bool], ...]
    """(goal, player, first): first is true for everyone who reached it in the first round
    anybody did."""


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    player: str


@dataclass(frozen=True, slots=True)
class GameEnded:
    scores: tuple[tuple[str, ScoreLines], ...]
    winners: tuple[str, ...]
    sheets: tuple[tuple[str, Sheet], ...]
    """Every sheet, shown to all now the game is over."""


Event = (
    GameStarted
    | RoundStarted
    | TurnSealed
    | ChoicesClosed
    | TurnPlayed
    | RevealClosed
    | GoalsReached
    | PlayerLeft
    | GameEnded
)
