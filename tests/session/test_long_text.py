"""Every string of every command is bounded by what its game can use (docs/PROTOCOL.md,
`too-long`): refused at the door, before the rules see it or the log keeps it."""

from __future__ import annotations

import dataclasses
import random
import typing
from typing import Any

import pytest

from net import CommandRejected
from wordsy_tui.engine import Longest
from wordsy_tui.engine.codec import encode
from wordsy_tui.engine.names import MAX_NAME_LENGTH
from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.tiles.rules import commands as tile_cmd
from wordsy_tui.games.tiles.rules.codec import encode as encode_tile
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.seam import HOST_ONLY as TILE_HOST_ONLY
from wordsy_tui.games.tiles.seam import TileRules
from wordsy_tui.games.wordsy.host import captain_starts
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seam import HOST_ONLY, wordsy_rules
from wordsy_tui.table.seam import TOO_LONG, HostedRules

LONG_WORD = "W" * 30_000
SALT = b"s" * 16


def run(game: HostedRules[Any, Any, Any], seat: str | None, wire: dict[str, Any]) -> None:
    for event in game.decide(seat, wire):
        game.evolve(event)


def refused(game: HostedRules[Any, Any, Any], seat: str | None, wire: dict[str, Any]) -> str:
    """The code `wire` is refused with; nothing of it reached the state."""
    before = game.state
    with pytest.raises(CommandRejected) as caught:
        game.decide(seat, wire)
    assert game.state is before
    assert len(caught.value.message) < 200, "the refusal does not echo the text"
    return caught.value.code


def wordsy_at_the_reveal(word: str) -> HostedRules[Any, Any, Any]:
    """Ann wrote `word` (its commitment travelled), Bob wrote PLANT; both locked in."""
    game = HostedRules(wordsy_rules(), random.Random(3), captain="Ann", house_rule=captain_starts)
    run(game, None, encode(cmd.CreateGame(GameConfig(meant_words=True))))
    for name in ("Ann", "Bob"):
        run(game, name, encode(cmd.JoinGame(name)))
    run(game, "Ann", encode(cmd.StartGame()))
    for name, written in (("Ann", word), ("Bob", "PLANT")):
        run(game, name, encode(cmd.WriteWord(name, commit(written, SALT))))
        run(game, name, encode(cmd.LockIn(name)))
    assert game.state.phase is Phase.REVEAL
    return game


def test_a_word_longer_than_the_game_takes_is_refused_before_it_is_judged_or_logged():
    game = wordsy_at_the_reveal(LONG_WORD)
    wire = encode(cmd.RevealWord("Ann", LONG_WORD, SALT))
    assert refused(game, "Ann", wire) == TOO_LONG
    longest = "PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS"
    assert len(longest) == cmd.MAX_WORD_LENGTH
    game = wordsy_at_the_reveal(longest)
    run(game, "Ann", encode(cmd.RevealWord("Ann", longest, SALT)))
    assert game.state.draft("Ann").word == longest


LONG_NAME = "N" * (MAX_NAME_LENGTH + 1)

# Each field of a seat's command that holds text or bytes, too long; the other fields fit.
WORDSY_TOO_LONG = [
    cmd.JoinGame(LONG_NAME),
    cmd.LeaveGame(LONG_NAME),
    cmd.WriteWord(LONG_NAME, bytes(32)),
    cmd.WriteWord("Ann", bytes(33)),
    cmd.LockIn(LONG_NAME),
    cmd.FlipTimer(LONG_NAME),
    cmd.RevealWord(LONG_NAME, "PLANT", SALT),
    cmd.RevealWord("Ann", LONG_WORD, SALT),
    cmd.RevealWord("Ann", "PLANT", b"s" * (cmd.MAX_SALT_BYTES + 1)),
    cmd.Challenge(LONG_NAME, "Bob"),
    cmd.Challenge("Ann", LONG_NAME),
    cmd.Appeal(LONG_NAME),
    cmd.OfferMeantWord(LONG_NAME, "PLANT"),
    cmd.OfferMeantWord("Ann", LONG_WORD),
    cmd.Vote(LONG_NAME, True),
    cmd.Ready(LONG_NAME),
]


@pytest.mark.parametrize("command", WORDSY_TOO_LONG, ids=lambda c: type(c).__name__)
def test_every_text_of_a_wordsy_command_is_bounded(command):
    game = wordsy_at_the_reveal("PLANT")
    assert refused(game, "Ann", encode(command)) == TOO_LONG


def tile_table() -> HostedRules[Any, Any, Any]:
    game = HostedRules(TileRules(frozenset({"AT"})), random.Random(4))
    run(game, None, encode_tile(tile_cmd.CreateGame(TileGameConfig(GameName.SCRABBLE))))
    run(game, "ann", encode_tile(tile_cmd.JoinGame()))
    run(game, None, {**encode_tile(tile_cmd.JoinGame()), "seat": "bob"})
    run(game, "ann", encode_tile(tile_cmd.StartGame()))
    return game


@pytest.mark.parametrize(
    "wire",
    [
        {**encode_tile(tile_cmd.Pass()), "seat": LONG_NAME},
        encode_tile(tile_cmd.Play(((112, "A"), (113, LONG_WORD)))),
        encode_tile(tile_cmd.Exchange(("A", "BC"))),
    ],
    ids=["seat", "Play", "Exchange"],
)
def test_every_text_of_a_tile_command_is_bounded(wire):
    game = tile_table()
    assert refused(game, game.state.turn, wire) == TOO_LONG


def _texts(hint: Any) -> list[Any]:
    """The str and bytes types in `hint`, each as it is written (annotated or not)."""
    if hint in (str, bytes):
        return [hint]
    if typing.get_origin(hint) is typing.Annotated:
        base = typing.get_args(hint)[0]
        return [hint] if base in (str, bytes) else _texts(base)
    return [t for arg in typing.get_args(hint) for t in _texts(arg)]


# Every command a seat may send (the host's own are refused from a seat: host-only).
SEATS_COMMANDS = [
    *(c for c in typing.get_args(cmd.Command) if not issubclass(c, HOST_ONLY)),
    *(c for c in typing.get_args(tile_cmd.Command) if not issubclass(c, TILE_HOST_ONLY)),
]


@pytest.mark.parametrize("command", SEATS_COMMANDS, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_text_field_a_seat_may_send_carries_its_games_bound(command):
    hints = typing.get_type_hints(command, include_extras=True)
    for field in dataclasses.fields(command):
        for text in _texts(hints[field.name]):
            marks = typing.get_args(text)[1:] if typing.get_origin(text) else ()
            assert any(isinstance(m, Longest) for m in marks), f"{command.__name__}.{field.name}"
