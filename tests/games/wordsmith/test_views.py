"""Random games through the rules: replaying the log rebuilds the state, each seat's fold of
its view is its `state_for`, and no seat learns another's turn before every player has
chosen (nor, with hidden sheets, before the end)."""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.wordsmith.table import Table, random_turn
from wordsy_tui.games.wordsmith import commands as cmd
from wordsy_tui.games.wordsmith import events as ev
from wordsy_tui.games.wordsmith.config import WordsmithConfig
from wordsy_tui.games.wordsmith.evolve import evolve
from wordsy_tui.games.wordsmith.sheet import started
from wordsy_tui.games.wordsmith.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.turn import Pick, Turn
from wordsy_tui.games.wordsmith.view import event_for, state_for

PLAYERS = ("ann", "bob", "cy", "dee", "eve")


def random_game(seed: int, players: int, config: WordsmithConfig) -> Table:
    """A game in which players now and then choose nothing, reveal nothing, or leave."""
    rng = random.Random(seed)
    table = Table(PLAYERS[:players], config=config, seed=seed)
    while table.state.phase is not Phase.OVER:
        state = table.state
        turns = {p: random_turn(state, p, rng) for p in state.active if rng.random() < 0.9}
        for player, turn in turns.items():
            table.seal(player, turn)
        if table.state.phase is Phase.CHOOSING:
            if rng.random() < 0.1:
                table.do(rng.choice(table.state.active), cmd.LeaveGame())
            if table.state.phase is Phase.CHOOSING:
                table.do(None, cmd.TimeUp(state.round, reveal=False))
        for player, turn in turns.items():
            waiting = table.state.phase is Phase.REVEAL and player in table.state.waiting_on()
            if waiting and rng.random() < 0.95:
                table.reveal(player, turn)
        if table.state.phase is Phase.REVEAL:
            table.do(None, cmd.TimeUp(table.state.round, reveal=True))
    return table


games = st.builds(
    random_game,
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    config=st.builds(WordsmithConfig, goals=st.booleans(), open_sheets=st.booleans()),
)


def turns_in(value: object) -> list[Turn | Pick]:
    """Every turn or pick anywhere inside `value`."""
    if isinstance(value, Turn | Pick):
        return [value]
    if is_dataclass(value) and not isinstance(value, type):
        return [t for f in fields(value) for t in turns_in(getattr(value, f.name))]
    if isinstance(value, tuple | list):
        return [t for item in value for t in turns_in(item)]
    return []


@settings(max_examples=20, deadline=None)
@given(games)
def test_replaying_the_log_rebuilds_the_state(table: Table):
    state = WordsmithState()
    for event in table.log:
        state = evolve(state, event)
    assert state == table.state
    assert state.phase is Phase.OVER


@settings(max_examples=20, deadline=None)
@given(games)
def test_each_seats_fold_of_its_view_is_its_state_for(table: Table):
    seats: list[str | None] = [*table.players, None]
    folds = dict.fromkeys(seats, WordsmithState())
    host = WordsmithState()
    for event in table.log:
        host = evolve(host, event)
        for seat in seats:
            folds[seat] = evolve(folds[seat], event_for(event, seat))
            assert folds[seat] == state_for(host, seat)


@settings(max_examples=20, deadline=None)
@given(games)
def test_no_seat_sees_another_turn_before_every_player_has_chosen(table: Table):
    """Before a round's ChoicesClosed no event holds any turn at all; with hidden sheets a
    seat receives only its own turns until the game ends, and its state holds no other
    sheet's letters."""
    hidden = not table.state.config.open_sheets
    for seat in [*table.players, None]:
        choosing = False
        host = WordsmithState()
        for event in table.log:
            host = evolve(host, event)
            seen = event_for(event, seat)
            if isinstance(event, ev.RoundStarted):
                choosing = True
            if isinstance(event, ev.ChoicesClosed):
                choosing = False
            if choosing:
                assert turns_in(seen) == []
            if hidden and isinstance(seen, ev.TurnPlayed) and seen.player != seat:
                assert turns_in(seen) == []
                assert seen.steps is None
            view = state_for(host, seat)
            if hidden and view.phase is not Phase.OVER and view.start:
                blank = started(*view.start)
                for player, sheet in view.sheets.items():
                    if player != seat:
                        assert replace(sheet, goals=()) == blank
