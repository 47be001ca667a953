"""Wordsmith's computer player's mind: from what its seat sees, the turn it seals.

`table.bots.ComputerPlayer` runs it at the table (a LAN host's computer players, and
`join --bot`); the decisions are the rules' (`rules.bots.choose_turn`), from the seat's own
view, as any player's program sees the table. What is here is the table's etiquette: one
turn a round, sealed after a pause a person would take, and the index of the words the
computer players know built once for all of them, on the thinking thread.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Final, Protocol

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsmith.rules.bots import choose_turn
from wordsy_tui.games.wordsmith.rules.legal import may_choose
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import Turn
from wordsy_tui.games.wordsmith.rules.vocabulary import Vocabulary
from wordsy_tui.games.wordsmith.rules.words import Words
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.table.bots import ComputerPlayer, Move

THINK_SECONDS: Final = (3.0, 10.0)
"""How long a computer player seems to think over its turn (times its pace): long enough
that people see the table choose, short of any round's limit."""


@functools.cache
def shared_vocabulary() -> Vocabulary:
    """The words every computer player of this process knows, indexed once (about 9 MB,
    under a second): on the thinking thread, the first time one thinks."""
    from wordsy_tui.words.lexicon import load_lexicon

    return Vocabulary.of(load_lexicon())


class PlayerSeat(Protocol):
    """What Wordsmith's mind reads and does at its seat (a `WordsmithSeat`)."""

    @property
    def state(self) -> WordsmithState: ...

    @property
    def me(self) -> str | None: ...

    async def seal(self, turn: Turn) -> str | None: ...


class WordsmithMind:
    """A computer player's decisions at `seat`, at `level`: `words` is the agreed word list
    (the rules' own, for working a turn out), `vocabulary` the words it searches for."""

    def __init__(
        self,
        seat: PlayerSeat,
        level: Level,
        words: Callable[[], Words],
        *,
        vocabulary: Callable[[], Vocabulary] = shared_vocabulary,
        think: tuple[float, float] = THINK_SECONDS,
    ) -> None:
        self.seat = seat
        self.level = level
        self.words = words
        self.vocabulary = vocabulary
        self.think = think
        self.rng = random.Random()

    def next_move(self, view: WordsmithState, pace: float) -> Move[Turn] | None:
        """Our turn, while the round waits for it; nothing else (the seat reveals)."""
        me = self.seat.me
        if me is None or not may_choose(view, me):
            return None
        return Move(
            self.seat.seal,
            think=functools.partial(self._choose, view, me),
            pause=self.rng.uniform(*self.think),
        )

    def _choose(self, view: WordsmithState, me: str) -> Turn:
        return choose_turn(view, me, self.level, self.vocabulary(), self.words(), self.rng)


class WordsmithBot(ComputerPlayer[WordsmithSeat]):
    """A computer player at a host's table: the runner with Wordsmith's mind, over its
    seat (an ordinary client that sees only its own seat's view)."""

    def __init__(
        self,
        seat: WordsmithSeat,
        level: Level,
        words: Callable[[], Words],
        *,
        pace: float = 1.0,
    ) -> None:
        super().__init__(seat, WordsmithMind(seat, level, words), pace=pace)
