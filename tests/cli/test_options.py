import argparse

import pytest

from tests.hostile import PAYLOADS, wrapped
from wordsy_tui.cli.options import game_name, player_name


def test_a_typed_name_is_kept_in_the_tables_form():
    assert player_name("  \uff21nn ") == "Ann"


@pytest.mark.parametrize(
    ("typed", "message"),
    [("x" * 21, "1 to 20 characters"), (" ", "1 to 20"), (wrapped("\x1b[2J"), "control")],
)
def test_a_name_the_table_would_refuse_is_refused_by_the_cli(typed, message):
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        player_name(typed)


@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
def test_a_game_name_with_control_characters_is_refused_by_the_cli(payload):
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        game_name(wrapped(payload))
    assert str(refused.value).isprintable()
    assert game_name(" Friday words ") == "Friday words"


def test_meant_words_are_a_host_option_off_by_default() -> None:
    from wordsy_tui.cli import build_parser
    from wordsy_tui.cli.host import game_config

    parser = build_parser()
    assert not game_config(parser.parse_args(["host"])).meant_words
    assert game_config(parser.parse_args(["host", "--meant-words"])).meant_words
