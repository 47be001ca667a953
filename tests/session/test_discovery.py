from pathlib import Path

import pytest

from net.discovery import Service
from tests.game.table import Table
from tests.net.test_discovery import run_pytest_in_private_netns
from wordsy_tui.session.discovery import found_game, properties

HERE = Path(__file__).parent


def test_the_txt_record_round_trips_into_a_listed_game():
    table = Table(players=("Ann", "Bob"))
    table.start()
    props = properties(table.state, "Ann", pin_required=False)
    game = found_game(Service("Ann's table", ("192.0.2.7",), 47474, props))
    assert game is not None
    assert (game.players, game.seats, game.phase, game.pin_required) == (2, 6, "round 1", False)
    assert (game.address, game.port, game.ruleset, game.compatible) == (
        "192.0.2.7",
        47474,
        "classic",
        True,
    )


@pytest.mark.parametrize(
    "service",
    [
        Service("no address", (), 1, {"players": "1", "seats": "2"}),
        Service("bad count", ("192.0.2.7",), 1, {"players": "many", "seats": "2"}),
    ],
)
def test_unusable_records_are_not_listed(service):
    assert found_game(service) is None


def test_another_protocol_version_is_listed_as_incompatible():
    game = found_game(Service("old", ("192.0.2.7",), 1, {"v": "0", "players": "1", "seats": "2"}))
    assert game is not None
    assert not game.compatible


def test_wordsy_discovery_in_a_private_network_namespace():
    assert "1 passed" in run_pytest_in_private_netns(HERE / "netns_discovery.py")
