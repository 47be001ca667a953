"""A saved tile game, turn by turn (`session.replay`), and the list of saved games that
names each game: a finished game shows every rack, one not finished only counts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.test_export import saved
from tests.games.tiles.rules.test_gcg import scripted_game
from wordsy_tui.games.tiles.replay import TURNS
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.evolve import replay
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase
from wordsy_tui.table.replay import frames_of
from wordsy_tui.table.saved import logged_game, replay_of, saved_game_list


def unfinished() -> list[ev.Event]:
    """The scripted game's log as it stood before its end."""
    log = scripted_game().log
    return log[: next(i for i, e in enumerate(log) if isinstance(e, ev.GameEnded))]


def test_a_finished_game_has_a_frame_per_turn_then_the_end_with_every_rack() -> None:
    table = scripted_game()
    frames = frames_of(TURNS, table.log)
    started = sum(isinstance(e, ev.TurnStarted) for e in table.log)
    assert len(frames) == started + 1
    first, last = frames[0].state, frames[-1].state
    assert first.board == "." * len(first.board)
    assert first.turn == "ann"
    assert last == table.state  # the end, adjustments and all
    # The game is over: its racks are no secret, at every turn.
    for frame in frames:
        assert all(HIDDEN not in rack for rack in frame.state.racks.values())
    second = [i for i, e in enumerate(table.log) if isinstance(e, ev.TurnStarted)][1]
    assert frames[1].state == replay(table.log[: second + 1])  # the host's own, racks too


def test_a_game_not_finished_shows_racks_as_counts_and_draws_as_counts() -> None:
    frames = frames_of(TURNS, unfinished())
    assert frames[-1].state.phase is Phase.PLAYING
    for frame in frames:
        for rack in frame.state.racks.values():
            assert set(rack) <= {HIDDEN}
        assert frame.state.bag is None
        for event in frame.events:
            if isinstance(event, ev.TilesDrawn):
                assert event.tiles is None
            if isinstance(event, ev.TilesExchanged):
                assert event.returned is None
                assert event.drawn is None


def test_stepping_stays_within_the_game_and_nothing_can_be_changed(tmp_path: Path) -> None:
    _, session = replay_of(saved(tmp_path / "g.log", scripted_game().log))
    assert session.door.finished
    assert session.me is None
    assert session.leave_question == ""
    session.door.step(-1)
    assert session.door.index == 0
    session.door.step(1000)
    assert session.door.index == len(session.door.frames) - 1
    assert session.state.phase is Phase.OVER


async def test_every_verb_is_refused(tmp_path: Path) -> None:
    _, session = replay_of(saved(tmp_path / "g.log", scripted_game().log))
    assert await session.pass_turn() == "This is a replay: nothing can be changed."


def test_a_game_that_never_started_cannot_be_replayed(tmp_path: Path) -> None:
    lobby = [e for e in scripted_game().log if isinstance(e, ev.GameCreated | ev.PlayerJoined)]
    with pytest.raises(ValueError, match="never started"):
        replay_of(saved(tmp_path / "g.log", lobby))


def test_the_list_names_each_game_and_how_far_it_went(tmp_path: Path) -> None:
    from tests.app.fixtures import finished_table
    from tests.app.test_replay_and_menu import saved_log

    table = scripted_game()
    turns = len(table.state.turns)
    for name, played in (("wordsy", 1_000_000), ("scrabble", 2_000_000), ("running", 3_000_000)):
        path = tmp_path / f"{name}.log"
        if name == "wordsy":
            saved_log(path, finished_table().log)
        else:
            saved(path, table.log if name == "scrabble" else unfinished())
        os.utime(path, (played, played))
    lobby = [e for e in table.log if isinstance(e, ev.GameCreated | ev.PlayerJoined)]
    saved(tmp_path / "lobby.log", lobby)  # never started: not listed
    listed = saved_game_list(tmp_path)
    assert [(g.game_id, g.game, g.title, g.finished) for g in listed] == [
        ("running", "scrabble", "Scrabble", False),
        ("scrabble", "scrabble", "Scrabble", True),
        ("wordsy", "wordsy", "Wordsy", True),
    ]
    assert listed[1].length == f"{turns} turns"
    assert listed[1].players == ("ann", "bob")
    assert listed[2].length == "7 rounds"
    assert logged_game(tmp_path / "scrabble.log") == "scrabble"
