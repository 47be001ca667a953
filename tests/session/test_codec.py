import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.wordsy.rules.table import Table
from wordsy_tui.engine.codec import CodecError, encode
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.codec import decode_command, decode_event
from wordsy_tui.games.wordsy.rules.config import Difficulty, GameConfig
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset


def wire(obj):
    return msgpack.unpackb(msgpack.packb(encode(obj)))


def test_every_event_of_a_game_survives_the_wire():
    table = Table()
    table.start()
    table.play_round({"Ann": "WORD", "Bob": "BIRD"}, flipper="Ann")
    assert [decode_event(wire(e)) for e in table.log] == table.log


def test_a_game_config_survives_the_wire():
    config = GameConfig(
        ruleset=Ruleset.SECOND_EDITION,
        timer_seconds=None,
        handicapped=frozenset({"Ann", "Bob"}),
        solo=Difficulty.BRUTAL,
        meant_words=True,
    )
    assert decode_command(wire(cmd.CreateGame(config))) == cmd.CreateGame(config)


def test_a_log_older_than_meant_words_reads_as_strict_play():
    old = wire(cmd.CreateGame(GameConfig(meant_words=True)))
    del old["config"]["meant_words"]
    assert decode_command(old) == cmd.CreateGame(GameConfig())


def test_an_offer_of_the_meant_word_and_its_vote_survive_the_wire():
    from tests.games.wordsy.rules.test_meant_words import RELAXED, WORDS

    table = Table(config=RELAXED, referee=WORDS)
    table.start()
    table.play_round({"Ann": "SPLINTERRED", "Bob": "SALT"}, flipper="Bob", challenges=True)
    offer = cmd.OfferMeantWord("Ann", "SPLINTERED")
    assert decode_command(wire(offer)) == offer
    table.do(offer)
    table.do(cmd.Vote("Bob", False))
    table.do(cmd.Vote("Cat", False))
    assert [decode_event(wire(e)) for e in table.log] == table.log
    assert table.log[-1].accepted


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "kind"),
        ({"kind": "Nope"}, "unknown kind"),
        ({"kind": "WriteWord", "player": 1, "commitment": b""}, "expected str"),
        ({"kind": "Vote", "voter": "a", "uphold": 1}, "expected bool"),
        ({"kind": "LockIn"}, "missing player"),
        ({"kind": "LockIn", "player": "a", "x": 1}, "unknown fields"),
        ({"kind": "CreateGame", "config": {"timer_seconds": True}}, "timer_seconds"),
        ({"kind": "CreateGame", "config": {"ruleset": "chess"}}, "ruleset"),
        ({"kind": "CreateGame", "config": {"handicapped": "Ann"}}, "list"),
        ([1, 2], "kind"),
    ],
)
def test_malformed_commands_are_refused_with_a_reason(data, message):
    with pytest.raises(CodecError, match=message):
        decode_command(data)


@given(st.dictionaries(st.text(max_size=12), st.none() | st.integers() | st.text() | st.binary()))
def test_random_maps_decode_or_raise_codec_error(data):
    data = {"kind": "WriteWord", **data}
    try:
        command = decode_command(data)
    except CodecError:
        return
    assert isinstance(command.player, str)
    assert isinstance(command.commitment, bytes)
