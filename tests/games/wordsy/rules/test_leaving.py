"""Leaving and removal: one way out, before and during the game."""

from __future__ import annotations

import pytest

from tests.games.wordsy.rules.table import SALT, Table
from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import errors
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import Phase

BOARD = "S T R N L D C P"  # S5 T5 R4 N4 L3 D3 C2 P2


def playing(players: tuple[str, ...] = ("Ann", "Bob", "Cat"), **config: object) -> Table:
    table = Table(players=players, config=GameConfig(**config))  # type: ignore[arg-type]
    table.start()
    table.set_board(BOARD)
    return table


def test_in_the_lobby_a_removed_seat_is_freed_and_the_captaincy_moves_on():
    table = Table(players=("Ann", "Bob"))
    assert table.do(cmd.RemovePlayer("Ann")) == [ev.PlayerRemoved("Ann")]
    assert table.state.players == ("Bob",)
    assert table.state.captain == "Bob"
    table.do(cmd.JoinGame("Ann"))  # the name is free again
    assert table.state.players == ("Bob", "Ann")


def test_a_player_removed_mid_round_stays_on_the_sheets_and_scores_nothing_from_then_on():
    table = playing()
    table.play_round({"Ann": "STAND", "Bob": "SAND", "Cat": "AND"}, flipper="Ann")
    table.write("Bob", "STRAND")
    table.do(cmd.RemovePlayer("Bob"))
    assert table.state.players == ("Ann", "Bob", "Cat"), "Bob keeps his place on the sheets"
    table.play_round({"Ann": "RAN", "Cat": "TAN"})
    sheet = table.state.sheets["Bob"]
    assert (sheet.rows[0].word, sheet.rows[0].score > 0) == ("SAND", True), "his rows stay"
    assert [(r.word, r.score) for r in sheet.rows[1:]] == [(None, 0)]
    assert table.state.round == 3, "the game went on without him"
    with pytest.raises(errors.UnknownPlayer, match="left"):
        table.write("Bob", "STRAND")


def test_leaving_mid_game_is_the_same_way_out_and_ends_the_writing_if_only_they_were_left():
    table = playing()
    table.write("Ann", "STRAND")
    table.do(cmd.LockIn("Ann"))
    table.write("Cat", "SAND")
    table.do(cmd.LockIn("Cat"))
    assert table.state.phase is Phase.WRITING, "waiting for Bob"
    events = table.do(cmd.LeaveGame("Bob"))
    assert events[0] == ev.PlayerLeft("Bob")
    assert table.state.phase is Phase.REVEAL, "nobody waits for a player who left"
    assert table.state.gone == {"Bob"}


def test_nobody_waits_for_a_removed_player_to_be_ready_or_to_vote():
    table = playing(players=("Ann", "Bob", "Cat", "Dan"))
    table.play_round({"Ann": "STRAND", "Bob": "SAND", "Cat": "AND", "Dan": "TAN"}, challenges=True)
    table.do(cmd.Challenge("Ann", "Bob"))
    table.do(cmd.Vote("Cat", True))
    table.do(cmd.RemovePlayer("Dan"))
    assert table.state.challenge is None, "Cat was the only vote left to wait for"
    assert table.state.draft("Bob").voided
    table.do(cmd.Ready("Ann"))
    table.do(cmd.Ready("Bob"))
    table.do(cmd.Ready("Cat"))
    assert table.state.round == 2, "the round ended without Dan's Ready"


def test_a_challenge_of_a_word_whose_player_left_is_dropped():
    table = playing()
    table.play_round({"Ann": "STRAND", "Bob": "SAND", "Cat": "AND"}, challenges=True)
    table.do(cmd.Challenge("Ann", "Bob"))
    table.do(cmd.LeaveGame("Bob"))
    assert table.state.challenge is None
    assert table.state.sheets["Ann"].penalties == 0


def test_when_the_fastest_player_leaves_nobody_earns_a_bonus_box_that_round():
    table = playing()
    table.write("Ann", "STRAND")
    table.do(cmd.FlipTimer("Ann"))
    table.do(cmd.LeaveGame("Ann"))
    table.words = {"Bob": "SAND", "Cat": "AND"}
    for player, word in table.words.items():
        table.write(player, word)
        table.do(cmd.LockIn(player))
    table.reveal_all()
    table.all_ready()
    assert all(not table.state.sheets[p].rows[0].box for p in ("Bob", "Cat"))
    assert table.state.no_flip is None


def test_the_main_player_who_leaves_passes_the_role_on_clockwise():
    table = playing(players=("Ann", "Bob", "Cat", "Dan"), timer_seconds=None)
    main = table.state.main_player
    assert main is not None
    table.do(cmd.LeaveGame(main))
    table.play_round(dict(zip(table.state.active, ("RAN", "TAN", "AND"), strict=True)))
    assert table.state.main_player in table.state.active


def test_when_everyone_has_left_the_game_ends():
    table = playing(players=("Ann", "Bob"))
    table.do(cmd.LeaveGame("Ann"))
    events = table.do(cmd.RemovePlayer("Bob"))
    assert events[-1] == ev.GameEnded()
    assert table.state.phase is Phase.OVER
    with pytest.raises(errors.UnknownPlayer):
        table.do(cmd.LeaveGame("Ann"))


def test_nobody_leaves_twice():
    table = playing()
    table.do(cmd.LeaveGame("Bob"))
    with pytest.raises(errors.UnknownPlayer):
        table.do(cmd.RemovePlayer("Bob"))


def _gone_at(phase: Phase) -> Table:
    """A table at `phase` that Cat has left (during the game)."""
    table = playing(players=("Ann", "Bob", "Cat"), meant_words=True)
    table.do(cmd.LeaveGame("Cat"))
    if phase is Phase.OVER:
        table.do(cmd.LeaveGame("Ann"))
        table.do(cmd.LeaveGame("Bob"))
    elif phase is not Phase.WRITING:
        table.words = {"Ann": "SAND", "Bob": "TRAIN"}
        for player, word in table.words.items():
            table.write(player, word)
            table.do(cmd.LockIn(player))
        if phase is Phase.CHALLENGES:
            table.reveal_all()
    assert table.state.phase is phase
    return table


EVERY_PLAYERS_COMMAND = [
    cmd.JoinGame("Cat"),
    cmd.LeaveGame("Cat"),
    cmd.WriteWord("Cat", commit("SAND", SALT)),
    cmd.LockIn("Cat"),
    cmd.FlipTimer("Cat"),
    cmd.RevealWord("Cat", "SAND", SALT),
    cmd.Challenge("Cat", "Ann"),
    cmd.Appeal("Cat"),
    cmd.OfferMeantWord("Cat", "SAND"),
    cmd.Vote("Cat", True),
    cmd.Ready("Cat"),
]


@pytest.mark.parametrize("phase", [Phase.WRITING, Phase.REVEAL, Phase.CHALLENGES, Phase.OVER])
@pytest.mark.parametrize("command", EVERY_PLAYERS_COMMAND, ids=lambda c: type(c).__name__)
def test_a_player_who_has_left_is_an_unknown_player_to_every_command(phase, command):
    table = _gone_at(phase)
    before = len(table.log)
    with pytest.raises(errors.UnknownPlayer, match="Cat has left"):
        table.do(command)
    assert len(table.log) == before
