"""Leave values and equity: what the tiles kept are worth, and the plays ranked by it."""

from __future__ import annotations

import json
import math
from importlib import resources

import pytest

from wordsy_tui.games.tiles.rules import leaves
from wordsy_tui.games.tiles.rules.leaves import (
    best_keep,
    equity,
    leave_of,
    leave_value,
    rank_by_equity,
)
from wordsy_tui.games.tiles.rules.movegen import Move
from wordsy_tui.games.tiles.rules.rulesets import RULES, SCRABBLE, GameName

FULL_BAG = 80


@pytest.mark.parametrize("game", list(GameName))
def test_leaves_order_as_club_players_value_them(game):
    rules = RULES[game]

    def value(leave: str) -> float:
        return leave_value(tuple(leave), rules, FULL_BAG)

    assert value("?") > value("S") > value("") > value("Q")
    assert value("S") > value("VV")
    assert value("ERS") > value("UUV")
    assert value("AEIOU") < value("") < value("ERS")
    assert value("") == 0


def test_equity_is_the_score_plus_the_value_of_the_leave():
    rack = ("A", "E", "R", "S", "T", "?", "Q")
    move = Move(((112, "Q"), (113, "A")), 22, True)
    assert leave_of(move, rack) == ("E", "R", "S", "T", "?")
    assert equity(move, rack, SCRABBLE, FULL_BAG) == pytest.approx(
        22 + leave_value(("E", "R", "S", "T", "?"), SCRABBLE, FULL_BAG)
    )
    blank_played = Move(((112, "q"),), 0, True)
    assert leave_of(blank_played, rack) == ("A", "E", "R", "S", "T", "Q")


def test_plays_that_score_alike_rank_by_what_they_keep():
    rack = ("Q", "S", "A", "B", "C", "D", "E")
    keeps_s = Move(((112, "Q"),), 20, True)
    keeps_q = Move(((112, "S"),), 20, True)
    assert rank_by_equity([keeps_q, keeps_s], rack, SCRABBLE, FULL_BAG) == [keeps_s, keeps_q]


def test_an_empty_bag_counts_the_tiles_kept_against_the_player():
    assert leave_value(("Z",), SCRABBLE, 0) == -10
    assert leave_value((), SCRABBLE, 0) == 0


def test_the_learned_value_fades_as_the_bag_empties():
    learned = leave_value(("?", "S"), SCRABBLE)
    assert leave_value(("?", "S"), SCRABBLE, 7) == learned
    assert leave_value(("?", "S"), SCRABBLE, 3) == pytest.approx(3 / 7 * learned + 4 / 7 * -1)


def test_an_exchange_keeps_the_best_part_of_the_rack():
    keep, value = best_keep(("Q", "V", "V", "U", "W", "S", "?"), SCRABBLE, FULL_BAG)
    assert {"?", "S"} <= set(keep)
    assert "Q" not in keep
    assert keep.count("V") < 2
    assert value == leave_value(keep, SCRABBLE, FULL_BAG)


def test_the_data_file_loads_and_is_consistent():
    raw = json.loads(resources.files(leaves.__package__).joinpath(leaves.DATA_FILE).read_text())
    assert set(raw["games"]) == {g.value for g in GameName}
    for name, data in raw["games"].items():
        rules = RULES[GameName(name)]
        table = leaves.parse_table(data)
        assert set(table.tiles) == set(rules.tiles)
        # Only a tile the set holds twice or more can be duplicated on a rack.
        assert all(rules.tiles[tile][0] > 1 for tile in table.duplicates)
        assert set(table.synergy) <= set(leaves.SYNERGIES)
        numbers = [*table.tiles.values(), *table.duplicates.values(), *table.synergy.values()]
        assert all(math.isfinite(n) and abs(n) < 60 for n in numbers)
        rounds = data["rounds"]
        assert rounds
        assert all(r["games"] > 0 and r["samples"] > r["games"] for r in rounds)


@pytest.mark.parametrize("game", list(GameName))
def test_every_game_has_a_table(game):
    rules = RULES[game]
    assert leaves.table_for(rules).tiles.keys() >= set(rules.tiles) - {"?"}


def test_a_bad_table_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="'tiles' must map names to numbers"):
        leaves.parse_table({"tiles": {"A": "one"}, "duplicates": {}, "synergy": {}})
