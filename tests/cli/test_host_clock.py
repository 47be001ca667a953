"""`host --clock MIN[+INC] --overtime MIN`: the tile games' game clock from the command
line, off by default, every bad value refused with a sentence that says what is wanted."""

from __future__ import annotations

import pytest

from wordsy_tui.cli import build_parser
from wordsy_tui.cli.host import game_config
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.kit import UsageError


def config(*flags: str) -> TileGameConfig:
    made = game_config(build_parser().parse_args(["host", *flags]))
    assert isinstance(made, TileGameConfig)
    return made


def test_the_clock_is_off_by_default() -> None:
    assert not config("--game", "scrabble").clocked


@pytest.mark.parametrize("game", ["scrabble", "wwf", "wordfeud"])
def test_the_clock_and_its_overtime_reach_every_tile_games_config(game: str) -> None:
    made = config("--game", game, "--clock", "25+5", "--overtime", "3")
    assert (made.clock_minutes, made.clock_increment, made.overtime_minutes) == (25, 5, 3)
    assert "25 min clock +5 s, 3 min overtime" in made.options()


def test_the_overtime_is_ten_minutes_unless_given() -> None:
    made = config("--game", "scrabble", "--clock", "1")
    assert (made.clock_minutes, made.clock_increment, made.overtime_minutes) == (1, 0, 10)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (("--clock", "abc"), "'abc' is not MIN or MIN+INC"),
        (("--clock", "25+"), "is not MIN or MIN+INC"),
        (("--clock", "0"), "The clock is 1 to 180 minutes, not 0."),
        (("--clock", "181"), "The clock is 1 to 180 minutes, not 181."),
        (("--clock", "5+601"), "The increment is 0 to 600 seconds, not 601."),
        (("--clock", "5", "--overtime", "61"), "--overtime must be from 0 to 60"),
    ],
)
def test_a_bad_clock_is_refused_with_what_is_wanted(
    flags: tuple[str, ...], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        build_parser().parse_args(["host", "--game", "scrabble", *flags])
    assert exited.value.code == 2
    assert words in capsys.readouterr().err


def test_overtime_without_a_clock_is_refused() -> None:
    with pytest.raises(UsageError, match="give --clock too"):
        config("--game", "scrabble", "--overtime", "5")


def test_the_hosts_log_says_who_ran_out_of_time_and_the_penalties() -> None:
    from wordsy_tui.games.tiles.narrate import tile_line
    from wordsy_tui.games.tiles.rules import events as ev
    from wordsy_tui.games.tiles.rules.state import TileGameState

    state = TileGameState(players=("Ann", "Bob"), scores={"Ann": 90, "Bob": 100})
    ended = ev.GameEnded(
        None, (), (("Ann", -5), ("Bob", -10)), ("Bob",), (("Ann", 20),), out_of_time="Ann"
    )
    assert tile_line(state, ended) == (
        "Game over. Ann ran out of time. Time penalties: Ann -20. "
        "Adjustments: Ann -5, Bob -10. Final: Ann 90, Bob 100. Won: Bob"
    )
    assert tile_line(state, ev.ClockRan("Ann", 1_000)) is None  # no line for each stamp
