import dataclasses
import random

import pytest

from net import CommandRejected
from net import protocol as p
from wordsy_tui.engine.codec import encode
from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.wordsy.host import captain_starts
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.table.seam import HostedRules

WordsyGame = HostedRules[GameState, cmd.Command, ev.Event]


def hosted(captain: str | None = "Ann") -> WordsyGame:
    game = HostedRules(
        wordsy_rules(), random.Random(1), captain=captain, house_rule=captain_starts
    )
    for command, seat in [
        (cmd.CreateGame(GameConfig(max_players=3)), None),
        (cmd.JoinGame("Ann"), "Ann"),
        (cmd.JoinGame("Bob"), "Bob"),
    ]:
        for event in game.decide(seat, encode(command)):
            game.evolve(event)
    return game


def run(game: WordsyGame, seat: str | None, command: cmd.Command) -> None:
    for event in game.decide(seat, encode(command)):
        game.evolve(event)


def test_a_seat_acts_only_for_itself():
    game = hosted()
    run(game, "Ann", cmd.StartGame())
    with pytest.raises(CommandRejected, match="only act for yourself") as caught:
        run(game, "Bob", cmd.WriteWord("Ann", commit("X", b"s")))
    assert caught.value.code == "not-your-seat"


def test_only_the_captain_starts_and_only_the_host_runs_the_clock():
    game = hosted()
    with pytest.raises(CommandRejected, match="Ann starts"):
        run(game, "Bob", cmd.StartGame())
    run(game, "Ann", cmd.StartGame())
    with pytest.raises(CommandRejected, match="Only the host"):
        run(game, "Ann", cmd.ExpireTimer())


def test_a_headless_hosts_first_player_is_the_captain():
    game = hosted(captain=None)
    with pytest.raises(CommandRejected):
        run(game, "Bob", cmd.StartGame())
    run(game, "Ann", cmd.StartGame())
    assert game.state.phase is Phase.WRITING


def test_rule_errors_become_rejections_with_the_players_message():
    game = hosted()
    run(game, "Ann", cmd.StartGame())
    with pytest.raises(CommandRejected, match="Write a word before") as caught:
        run(game, "Ann", cmd.FlipTimer("Ann"))
    assert caught.value.code == "no-word"


def test_malformed_commands_are_rejected_not_crashed_on():
    game = hosted()
    with pytest.raises(CommandRejected, match="malformed"):
        game.decide("Ann", {"kind": "FlipTimer", "player": 7})


def test_admission_stops_at_the_seat_count_and_the_start():
    game = hosted()
    assert game.admit("Cat", "player", ["Ann", "Bob"]) is None
    assert game.admit("Dan", "player", ["Ann", "Bob", "Cat"]).reason == p.GAME_FULL
    run(game, "Ann", cmd.StartGame())
    assert game.admit("Cat", "player", ["Ann", "Bob"]).reason == p.GAME_STARTED
    assert game.admit("Eve", "spectator", ["Ann", "Bob"]) is None


def test_bots_are_never_the_captain():
    game = HostedRules(wordsy_rules(), random.Random(1), house_rule=captain_starts)
    game.bots.add("Bot 1")
    for command, seat in [
        (cmd.CreateGame(GameConfig()), None),
        (cmd.JoinGame("Bot 1", bot=True), "Bot 1"),
        (cmd.JoinGame("Cat"), "Cat"),
    ]:
        run(game, seat, command)
    with pytest.raises(CommandRejected, match="Cat starts"):
        run(game, "Bot 1", cmd.StartGame())
    run(game, "Cat", cmd.StartGame())


def test_only_the_hosts_own_computer_players_join_as_bots():
    game = hosted()
    with pytest.raises(CommandRejected, match="computer players"):
        run(game, "Cat", cmd.JoinGame("Cat", bot=True))


def test_the_host_folds_the_events_it_decided_once_and_to_the_same_state():
    game = hosted(captain=None)
    folds: list[ev.Event] = []
    rules_evolve = game.rules.evolve

    def counted(state: GameState, event: ev.Event) -> GameState:
        folds.append(event)
        return rules_evolve(state, event)

    game.rules.evolve = counted  # type: ignore[method-assign]
    before = game.state
    sent = game.decide("Ann", encode(cmd.StartGame()))
    for event in sent:
        game.evolve(event)
    # The decision folded its events as it made them: the host takes the states it made.
    assert folds == []
    replayed = before
    for event in sent:
        replayed = rules_evolve(replayed, game.rules.decode_event(event))
    assert game.state == replayed
    assert game.state.phase is Phase.WRITING


def test_the_host_folds_a_decided_event_itself_when_its_state_moved_on_meanwhile():
    game = hosted(captain=None)
    sent = game.decide("Ann", encode(cmd.StartGame()))
    moved = dataclasses.replace(game.state, round=5)  # not the state it was decided on
    game.state = moved
    game.evolve(sent[0])
    assert game.state == game.rules.evolve(moved, game.rules.decode_event(sent[0]))
    assert game.state.round == 5
