"""The tile games on the generic host: wire commands checked at the door, the rules'
refusals passed on, and each recipient's view and snapshot made by the rules' view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from net import CommandRejected
from net import protocol as p
from tests.games.tiles.rules.test_movegen import WORDS
from tests.games.tiles.rules.test_view import played_game
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import decode_event, decode_snapshot, encode
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase, TileGameState
from wordsy_tui.games.tiles.rules.view import for_seat, state_for_seat
from wordsy_tui.games.tiles.seam import TileRules
from wordsy_tui.table.seam import HostedRules

TileGame = HostedRules[TileGameState, cmd.Command, ev.Event]


def hosted(game: GameName = GameName.SCRABBLE, start: bool = True) -> TileGame:
    table = HostedRules(TileRules(frozenset(WORDS)), random.Random(4))
    send(table, None, cmd.CreateGame(TileGameConfig(game, max_players=3)))
    send(table, "ann", cmd.JoinGame())
    send(table, None, cmd.JoinGame(), seat="bob")  # the host seats a welcomed player
    if start:
        send(table, "ann", cmd.StartGame())
    return table


def send(table: TileGame, sender: str | None, command: cmd.Command, /, **wire: Any) -> None:
    for event in table.decide(sender, {**encode(command), **wire}):
        table.evolve(event)


def refusal(table: TileGame, seat: str | None, wire: dict[str, Any]) -> CommandRejected:
    before = table.state
    with pytest.raises(CommandRejected) as caught:
        table.decide(seat, wire)
    assert table.state is before
    return caught.value


def waiting(table: TileGame) -> str:
    """The player who must wait: the one whose turn it is not."""
    return next(p for p in table.state.players if p != table.state.turn)


def test_the_host_seats_people_by_name_and_the_captain_starts():
    table = hosted()
    assert table.state.phase is Phase.PLAYING
    assert set(table.state.players) == {"ann", "bob"}
    assert all(len(rack) == 7 for rack in table.state.racks.values())


def test_a_seat_acts_only_for_itself():
    table = hosted()
    turn = table.state.turn
    other = waiting(table)
    rejected = refusal(table, other, {**encode(cmd.Pass()), "seat": turn})
    assert rejected.code == "not-your-seat"
    send(table, turn, cmd.Pass(), seat=turn)  # naming oneself is allowed
    assert table.state.turn == other


def test_acting_out_of_turn_is_the_rules_refusal_with_its_sentence():
    table = hosted()
    rejected = refusal(table, waiting(table), encode(cmd.Pass()))
    assert rejected.code == "not-your-turn"
    assert table.state.turn in rejected.message


def test_control_characters_are_refused_wherever_they_hide():
    table = hosted()
    turn = table.state.turn
    for wire in (
        encode(cmd.Exchange(("\x1b",))),
        {"kind": "Play", "placement": [[112, "\u202e"]]},
        {**encode(cmd.Pass()), "seat": "ann\x9b"},
    ):
        assert refusal(table, turn, wire).code == "control-characters"


def test_the_hosts_own_commands_are_refused_from_a_seat():
    table = hosted(start=False)
    assert refusal(table, "ann", encode(cmd.CreateGame(TileGameConfig()))).code == "host-only"
    assert refusal(table, "cy", encode(cmd.JoinGame(bot=True))).code == "host-only"
    table.bots.add("Bot 1 (easy)")
    send(table, "Bot 1 (easy)", cmd.JoinGame(bot=True))
    assert "Bot 1 (easy)" in table.state.bots
    send(table, "ann", cmd.StartGame())
    turn = table.state.turn
    assert turn is not None
    assert refusal(table, turn, encode(cmd.TimeUp(turn, 0))).code == "host-only"


def test_malformed_commands_are_refused_not_crashed_on():
    table = hosted()
    turn = table.state.turn
    for wire in (
        "Pass",
        {"kind": "Shuffle"},
        {"kind": "Pass", "player": turn},  # the tile games' commands name nobody
        {"kind": "Play", "placement": [[True, "A"]]},
        {"kind": "Play", "placement": [[112, ""]]},
        {"kind": "Play", "placement": [[112]]},
        {"kind": "Play", "placement": [[112, "A", 1]]},
        {"kind": "Play", "placement": ["112A"]},
        {"kind": "Play", "placement": [["112", "A"]]},
        {"kind": "Play", "placement": [[i, "A"] for i in range(16)]},
        {"kind": "Exchange", "tiles": "AB"},
        {"kind": "Pass", "seat": 3},
    ):
        assert refusal(table, turn, wire).code == "malformed-command", wire
    # A tile of two letters is well-formed, but longer than a tile: refused as such.
    assert refusal(table, turn, {"kind": "Play", "placement": [[112, "AB"]]}).code == "too-long"


def test_a_bad_placement_is_refused_with_the_rules_reason():
    table = hosted()
    rejected = refusal(table, table.state.turn, {"kind": "Play", "placement": [[400, "A"]]})
    assert rejected.code == "placement"
    assert "off the board" in rejected.message


def test_admission_uses_the_one_name_rule_and_stops_at_the_start():
    table = hosted(start=False)
    assert table.admit("cy", "player", ["ann", "bob"]) is None
    assert table.admit("Ann", "player", ["ann", "bob"]).reason == p.NAME_TAKEN
    assert table.admit("c\x1by", "player", ["ann", "bob"]).reason == p.CONTROL_CHARACTERS
    assert table.admit("dee", "player", ["ann", "bob", "cy"]).reason == p.GAME_FULL
    send(table, "ann", cmd.StartGame())
    assert table.admit("cy", "player", ["ann", "bob"]).reason == p.GAME_STARTED
    assert table.admit("eve", "spectator", ["ann", "bob"]) is None


def test_each_recipient_gets_the_rules_view_of_every_event():
    table = played_game(GameName.SCRABBLE, 5)
    host = HostedRules(TileRules(frozenset(WORDS)))
    for event in table.log:
        wire = encode(event)
        host.evolve(wire)
        for recipient in ("ann", "bob", "cy", None):
            seen = host.view(wire, recipient)
            assert seen is not None
            assert decode_event(seen) == for_seat(event, recipient)
            if for_seat(event, recipient) is event:
                assert seen is wire, "a public event is the one map, packed once"
    assert host.state == table.state


def test_a_view_depends_only_on_the_event_not_on_what_came_before():
    table = played_game(GameName.WORDFEUD, 2)
    host = HostedRules(TileRules(frozenset(WORDS)))
    drawn = [encode(e) for e in table.log if isinstance(e, ev.TilesDrawn)]
    for wire in reversed(drawn):  # as the host recomputes past views for a catch-up
        seen = decode_event(host.view(wire, "bob"))
        assert isinstance(seen, ev.TilesDrawn)
        assert (seen.tiles is None) == (wire["player"] != "bob")


def test_snapshots_hold_only_the_recipients_own_rack():
    table = hosted()
    send(table, table.state.turn, cmd.Pass())
    for recipient in ("ann", "bob", None):
        snapshot = table.snapshot(recipient)
        assert snapshot is not None
        state = decode_snapshot(snapshot)
        assert state == state_for_seat(table.state, recipient)
        assert state.bag is None
        for player, rack in state.racks.items():
            hidden = player != recipient
            assert (set(rack) == {HIDDEN}) is hidden
            assert len(rack) == 7


def test_every_event_and_snapshot_of_whole_games_survives_the_wire():
    for game in GameName:
        table = played_game(game, 11)
        kinds = {type(e).__name__ for e in table.log}
        assert {"GameEnded", "TilesPlayed", "TilesDrawn", "TurnStarted"} <= kinds
        for event in table.log:
            assert decode_event(encode(event)) == event
        assert decode_snapshot(encode(table.state)) == table.state


def test_scrabbles_club_options_cross_the_seam_and_an_old_config_reads_as_the_rulebook():
    from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule

    club = TileGameConfig(challenge=ChallengeRule.FIVE, tournament_out=True)
    table = HostedRules(TileRules(frozenset(WORDS)), random.Random(4))
    send(table, None, cmd.CreateGame(club))
    assert table.state.config == club
    created = table.rules.encode(ev.GameCreated(club))
    assert created["config"]["challenge"] == "5"
    assert table.rules.decode_event(created) == ev.GameCreated(club)
    # A host from before the options sent (and logged) its config without them.
    old = {**created, "config": {k: v for k, v in created["config"].items() if k in OLD}}
    decoded = table.rules.decode_event(old)
    assert isinstance(decoded, ev.GameCreated)
    assert decoded.config == TileGameConfig()
    snapshot = table.rules.encode(table.state)
    assert table.rules.decode_snapshot(snapshot).config == club


OLD = ("game", "random_board", "max_players", "turn_seconds", "table_vote")
"""The config's fields before the challenge rules and tournament options."""


def test_a_game_without_challenges_refuses_them_at_the_seam():
    table = HostedRules(TileRules(frozenset(WORDS)), random.Random(4))
    wire = encode(cmd.CreateGame(TileGameConfig(GameName.WWF)))
    wire["config"]["challenge"] = "single"
    rejected = refusal(table, None, wire)
    assert rejected.code == "challenge"
    assert "Scrabble's" in rejected.message
