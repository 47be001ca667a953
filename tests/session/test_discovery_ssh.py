"""The SSH port in a game's mDNS record: parsed from the TXT record alone, no multicast."""

from __future__ import annotations

import pytest

from net.discovery import Service
from tests.games.wordsy.rules.table import Table
from wordsy_tui.table.discovery import found_game, properties


def test_a_game_served_over_ssh_lists_its_ssh_port():
    table = Table(players=("Ann", "Bob"))
    props = properties(table.state, "Ann", pin_required=True, ssh_port=2222)
    assert props["ssh"] == "2222"
    game = found_game(Service("Ann's table", ("192.0.2.7",), 47474, props))
    assert game is not None
    assert (game.port, game.ssh_port) == (47474, 2222)


def test_a_game_without_ssh_lists_none():
    props = properties(Table(players=("Ann",)).state, "Ann", pin_required=False)
    assert "ssh" not in props
    game = found_game(Service("Ann's table", ("192.0.2.7",), 47474, props))
    assert game is not None
    assert game.ssh_port is None


@pytest.mark.parametrize("value", ["0", "65536", "22a", "²²", "-1", "", "123456"])
def test_an_ssh_port_that_is_no_port_is_left_out_and_the_game_still_listed(value):
    props = properties(Table(players=("Ann",)).state, "Ann", pin_required=False)
    game = found_game(Service("odd", ("192.0.2.7",), 47474, {**props, "ssh": value}))
    assert game is not None
    assert game.ssh_port is None
