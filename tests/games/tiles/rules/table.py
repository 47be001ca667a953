"""A table for the tile-game tests: decide, evolve and a full log, with a small word list."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.decide import decide
from wordsy_tui.games.tiles.rules.evolve import evolve
from wordsy_tui.games.tiles.rules.notation import parse_move
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import TileGameState

WORD_TEXT = """horn farm an ha on at ta qi ox ax xi za re er it ti is si in no go be we
rate tare tear retain retains stain satin train trains rain rains"""
WORDS = frozenset(WORD_TEXT.split())


class FixedDraw(random.Random):
    """Draws the given tiles first (for the draw for first play), then as random.Random."""

    def __init__(self, *draws: Sequence[str], seed: int = 1) -> None:
        super().__init__(seed)
        self._draws = list(draws)

    def sample(self, population, k, *, counts=None):  # type: ignore[override]
        if self._draws and len(self._draws[0]) == k:
            return list(self._draws.pop(0))
        return super().sample(population, k)


class Table:
    def __init__(
        self,
        game: GameName = GameName.SCRABBLE,
        players: Iterable[str] = ("ann", "bob"),
        rng: random.Random | None = None,
        words: frozenset[str] = WORDS,
        start: bool = True,
        config: TileGameConfig | None = None,
    ) -> None:
        self.state = TileGameState()
        self.log: list[ev.Event] = []
        self.rng = rng or random.Random(7)
        self.words = words
        self.do(None, cmd.CreateGame(config or TileGameConfig(game)))
        for player in players:
            self.do(player, cmd.JoinGame())
        if start:
            self.do(None, cmd.StartGame())

    def do(self, seat: str | None, command: cmd.Command) -> list[ev.Event]:
        events = decide(self.state, seat, command, rng=self.rng, words=self.words)
        for event in events:
            self.state = evolve(self.state, event)
        self.log.extend(events)
        return events

    def play(self, seat: str, move: str) -> list[ev.Event]:
        return self.do(seat, cmd.Play(parse_move(self.state.board, move)))

    def give(self, player: str, tiles: str) -> None:
        """Put `tiles` on `player`'s rack (the rest back in the bag), as a test's set-up."""
        state = self.state
        bag = list(state.bag or ()) + list(state.rack(player))
        for tile in tiles:
            bag.remove(tile)
        self.state = replace(
            state,
            racks={**state.racks, player: tuple(sorted(tiles))},
            bag=tuple(sorted(bag)),
            bag_count=len(bag),
        )

    def empty_bag(self) -> None:
        self.state = replace(self.state, bag=(), bag_count=0)
