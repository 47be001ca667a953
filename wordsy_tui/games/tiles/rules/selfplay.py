"""A whole game between computer players, with nothing but the rules: for learning leave
values (scripts/learn_leaves.py) and for measuring bots against each other (bench/).

Each seat decides from its own view, exactly as at a table (`bots.respond`, then
`bots.decide_turn`); the host's `decide` and `evolve` referee.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.bots import TileStyle, decide_turn, respond
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import Dawg
from wordsy_tui.games.tiles.rules.decide import decide
from wordsy_tui.games.tiles.rules.evolve import evolve
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.rules.words import Words

MAX_COMMANDS: Final = 1000
"""Far more than any game takes (about 60 commands): a guard against a loop, not a rule."""

Observer = Callable[[TileGameState, str, cmd.Command], None]
"""Told the host's state, the seat and its command before each turn's command is decided."""


def play_game(
    config: TileGameConfig,
    seats: Sequence[tuple[str, TileStyle]],
    rng: random.Random,
    words: Words,
    dawg: Callable[[int], Dawg],
    observe: Observer | None = None,
) -> TileGameState:
    """Play a game between `seats` (name, style; the first seated starts where the game
    does not draw for it) to its end, and return the final state."""
    state = TileGameState()

    def do(seat: str | None, command: cmd.Command) -> None:
        nonlocal state
        for event in decide(state, seat, command, rng=rng, words=words):
            state = evolve(state, event)

    do(None, cmd.CreateGame(config))
    for name, _style in seats:
        do(name, cmd.JoinGame())
    do(None, cmd.StartGame())
    styles = dict(seats)
    for _ in range(MAX_COMMANDS):
        if state.phase is Phase.OVER:
            return state
        command: cmd.Command | None = None
        for name in state.players:
            command = respond(state_for_seat(state, name), name, words)
            if command is not None:
                do(name, command)
                break
        if command is not None:
            continue
        seat = state.turn
        assert seat is not None, "a game in play has a player to move"
        command = decide_turn(state_for_seat(state, seat), seat, styles[seat], rng, dawg)
        assert command is not None, "the player to move always has a move"
        if observe is not None:
            observe(state, seat, command)
        do(seat, command)
    raise RuntimeError(f"a game of computer players took over {MAX_COMMANDS} commands")
