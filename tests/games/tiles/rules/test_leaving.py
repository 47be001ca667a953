"""A seat given up in a tile game's lobby (a guest who does not stay for a rematch)."""

from __future__ import annotations

import pytest

from tests.games.tiles.rules.table import Table
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.errors import RuleError
from wordsy_tui.games.tiles.rules.state import Phase


def test_a_player_leaves_the_lobby_and_the_next_person_seated_starts() -> None:
    table = Table(players=("ann", "bob", "cat"), start=False)
    assert table.do("ann", cmd.LeaveGame()) == [ev.PlayerLeft("ann")]
    assert table.state.players == ("bob", "cat")
    assert table.state.captain == "bob"
    table.do("bob", cmd.StartGame())
    assert table.state.phase is Phase.PLAYING


def test_a_seat_is_kept_once_the_game_has_started() -> None:
    table = Table(players=("ann", "bob"))
    with pytest.raises(RuleError, match="your seat is kept"):
        table.do("ann", cmd.LeaveGame())


def test_only_a_seated_player_can_leave() -> None:
    table = Table(players=("ann",), start=False)
    with pytest.raises(RuleError):
        table.do("bob", cmd.LeaveGame())
    with pytest.raises(RuleError):
        table.do(None, cmd.LeaveGame())
