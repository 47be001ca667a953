from pathlib import Path

import pytest

from net import PROTOCOL_VERSION
from net.discovery import Service
from tests.games.wordsy.rules.table import Table
from tests.net.test_discovery import run_pytest_in_private_netns
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import TileGameState
from wordsy_tui.table.discovery import found_game, properties

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
    assert (props["game"], game.game) == ("wordsy", "wordsy")


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
    assert "2 passed" in run_pytest_in_private_netns(HERE / "netns_discovery.py")


def test_another_game_is_listed_as_one_this_program_cannot_join():
    props = {"v": str(PROTOCOL_VERSION), "game": "chess", "players": "1", "seats": "2"}
    game = found_game(Service("Cat's chess", ("192.0.2.7",), 1, props))
    assert game is not None
    assert (game.game, game.compatible) == ("chess", False)


@pytest.mark.parametrize("tiles", list(GameName))
def test_a_tile_game_is_listed_as_one_this_program_joins(tiles):
    state = TileGameState(config=TileGameConfig(tiles, max_players=3))
    props = properties(state, "Cat", pin_required=False)
    game = found_game(Service("Cat's table", ("192.0.2.7",), 47474, props))
    assert game is not None
    assert (game.game, game.compatible, game.seats) == (tiles.value, True, 3)
    older = found_game(Service("Cat's table", ("192.0.2.7",), 1, {**props, "v": "0"}))
    assert older is not None
    assert not older.compatible


def test_a_host_from_before_the_game_field_plays_wordsy():
    props = {"v": str(PROTOCOL_VERSION), "players": "1", "seats": "4"}
    game = found_game(Service("Ann's table", ("192.0.2.7",), 1, props))
    assert game is not None
    assert (game.game, game.compatible) == ("wordsy", True)


def test_a_scrabble_table_lists_its_challenge_rule_and_options():
    from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule

    plain = TileGameState(config=TileGameConfig(GameName.SCRABBLE))
    assert properties(plain, "Cat", pin_required=False)["rules"] == "double challenge"
    club = TileGameConfig(
        GameName.SCRABBLE,
        challenge=ChallengeRule.FIVE,
        table_vote=True,
        tournament_out=True,
        tournament_exchange=True,
    )
    props = properties(TileGameState(config=club), "Cat", pin_required=False)
    assert props["rules"] == (
        "5-point challenge, table vote, going out scores 2x, exchange with 7+ in the bag"
    )
    wordfeud = TileGameState(config=TileGameConfig(GameName.WORDFEUD, random_board=True))
    assert properties(wordfeud, "Cat", pin_required=False)["rules"] == "random board"
