import os
import subprocess
import sys
from pathlib import Path

import pytest

from net.discovery import Service
from tests.game.table import Table
from tests.net.netns_discovery import ENV
from tests.net.test_discovery import SETUP, unshare_problem
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
    problem = unshare_problem()
    if problem:
        pytest.skip(f"{problem} (discovery tests need a private network namespace)")
    pytest_args = [str(HERE / "netns_discovery.py"), "-q", "-p", "no:cacheprovider", "-rs"]
    run = subprocess.run(
        [
            "unshare",
            "--net",
            "--",
            "bash",
            "-c",
            SETUP,
            "netns",
            sys.executable,
            "-m",
            "pytest",
            *pytest_args,
        ],
        cwd=HERE.parents[1],
        env={**os.environ, ENV: "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    assert "1 passed" in report, report
