"""A test driver: a table of players sending commands to the rules engine."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.cards import FULL_DECK, Card
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.decide import decide
from wordsy_tui.games.wordsy.rules.evolve import evolve, replay
from wordsy_tui.games.wordsy.rules.referee import ExactRepeatReferee, Referee
from wordsy_tui.games.wordsy.rules.state import GameState

SALT = b"pepper"


def card(label: str, taken: set[int] | None = None) -> Card:
    """A deck card for a label like `Q` or `S`, not already in `taken`."""
    taken = taken if taken is not None else set()
    for c in FULL_DECK:
        if c.letter == label[0] and c.id not in taken:
            taken.add(c.id)
            return c
    raise ValueError(label)


def board_of(labels: str) -> Board:
    """A board from eight labels, left to right (5, 5, 4, 4, 3, 3, 2, 2); `.` is empty."""
    taken: set[int] = set()
    return Board(tuple(None if label == "." else card(label, taken) for label in labels.split()))


def state_with_board(labels: str, **changes: object) -> GameState:
    """A bare state whose face-up cards are `labels` and whose deck holds the rest."""
    board = board_of(labels)
    undealt = frozenset(c.id for c in FULL_DECK) - {c.id for c in board.cards}
    return replace(GameState(board=board, undealt=undealt), **changes)  # type: ignore[arg-type]


class Table:
    def __init__(
        self,
        players: Sequence[str] = ("Ann", "Bob", "Cat"),
        config: GameConfig | None = None,
        seed: int = 7,
        referee: Referee | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.referee = referee or ExactRepeatReferee()
        self.state = GameState()
        self.log: list[ev.Event] = []
        self.do(cmd.CreateGame(config or GameConfig()))
        for player in players:
            self.do(cmd.JoinGame(player))

    def do(self, command: cmd.Command) -> list[ev.Event]:
        events = decide(self.state, command, rng=self.rng, referee=self.referee)
        for event in events:
            self.state = evolve(self.state, event)
        self.log.extend(events)
        return events

    def start(self) -> None:
        self.do(cmd.StartGame())

    def set_board(self, labels: str) -> None:
        """Rig the face-up cards (as if dealt) so a test can know the scores."""
        board = board_of(labels)
        ids = {c.id for c in board.cards}
        held = {c.id for c in self.state.board.cards}
        self.state = replace(
            self.state,
            board=board,
            undealt=(self.state.undealt | held) - ids,
            discards=self.state.discards - ids,
        )

    def write(self, player: str, word: str) -> None:
        self.do(cmd.WriteWord(player, commit(word, SALT)))

    def reveal_all(self) -> None:
        for player in self.state.active:
            draft = self.state.draft(player)
            if draft.commitment is not None and not draft.revealed:
                self.do(cmd.RevealWord(player, self.words[player], SALT))

    def play_round(
        self, words: dict[str, str], flipper: str | None = None, challenges: bool = False
    ) -> None:
        """Everyone writes, `flipper` flips, time runs out, all reveal (and end the round)."""
        self.words = words
        for player, word in words.items():
            self.write(player, word)
        if flipper is not None:
            self.do(cmd.FlipTimer(flipper))
            if self.state.timer_running:
                self.do(cmd.ExpireTimer())
        else:
            for player in self.state.active:
                if not self.state.draft(player).locked:
                    self.do(cmd.LockIn(player))
        self.reveal_all()
        if not challenges:
            self.all_ready()

    def all_ready(self) -> None:
        for player in self.state.active:
            if player not in self.state.ready:
                self.do(cmd.Ready(player))

    def replayed(self) -> GameState:
        return replay(self.log)
