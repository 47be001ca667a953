"""One replay for every game (`session.replay`): the log names its game, the game's rules
fold it, its steps cut it into frames; a log it cannot replay is refused, and untouched."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from net.log import encode_record
from tests.app.fixtures import finished_table
from tests.app.test_replay_and_menu import saved_log
from tests.cli.test_export import saved
from tests.cli.test_score import run
from tests.games.tiles.rules.test_gcg import scripted_game
from wordsy_tui.games.tiles.rules import events as tile_ev
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.saved import replay_of
from wordsy_tui.table.seat import Rejected, StateChanged, Update


def wordsy_log(path: Path) -> Path:
    saved_log(path, finished_table().log)
    return path


def scrabble_log(path: Path) -> Path:
    return saved(path, scripted_game().log)


async def shown_states(updates: AsyncIterator[Update[object, object]], count: int) -> list[object]:
    """The states a session told its app of, and the notes, in order (`count` updates)."""
    shown: list[object] = []
    for _ in range(count):
        update = await asyncio.wait_for(anext(updates), 5)
        match update:
            case StateChanged(state):
                shown.append(state)
            case Rejected(message):
                shown.append(message)
    return shown


@pytest.mark.parametrize(
    ("write", "kind", "steps"),
    [
        (wordsy_log, WordsySeat, 7 + 1),  # each of the 7 rounds' end, then the game's
        (scrabble_log, TileSeat, None),  # each turn's start, then the end
    ],
)
async def test_one_replay_steps_through_any_game(tmp_path: Path, write, kind, steps) -> None:
    path = write(tmp_path / "game.log")
    _, session = replay_of(path)
    assert type(session) is kind
    log = scripted_game().log
    turns = sum(isinstance(e, tile_ev.TurnStarted) for e in log)
    assert len(session.door.frames) == (steps if steps is not None else turns + 1)
    assert session.door.finished
    assert session.door.note is None
    await session.start()
    # (Read from the start, as the app reads: what waits as the reading begins comes as one.)
    updates = session.updates()
    opening = await shown_states(updates, 1)
    session.door.step(-1)  # already at the first: stays
    session.door.step(2)
    session.door.step(1000)  # past the end: the last
    session.door.step(-1)
    last = len(session.door.frames) - 1
    assert session.door.index == last - 1
    frames = [f.state for f in session.door.frames]
    assert [*opening, *await shown_states(updates, 4)] == [
        frames[0],
        frames[0],
        frames[2],
        frames[last],
        frames[last - 1],
    ]
    end = finished_table().state if kind is WordsySeat else scripted_game().state
    assert frames[-1] == end
    assert await session.send(object()) == "This is a replay: nothing can be changed."  # type: ignore[arg-type]


@pytest.mark.parametrize("write", [wordsy_log, scrabble_log])
async def test_a_damaged_log_replays_up_to_the_damage_and_says_so(tmp_path: Path, write) -> None:
    path = write(tmp_path / "game.log")
    whole = len(replay_of(path)[1].door.frames)
    data = bytearray(path.read_bytes())
    data[len(data) * 3 // 4] ^= 0x01  # a flipped bit three quarters in
    path.write_bytes(bytes(data))
    _, session = replay_of(path)
    assert session.door.note is not None
    assert "damaged at record" in session.door.note
    assert 1 <= len(session.door.frames) < whole
    await session.start()
    assert (await shown_states(session.updates(), 2))[
        1
    ] == session.door.note  # told, after the first frame
    assert path.read_bytes() == bytes(data)  # only read: nothing lost


def unknown_game(path: Path) -> Path:
    """A log as a newer version's host might write it, of a game this one does not know."""
    body = {"kind": "GameCreated", "config": {"game": "chess"}}
    path.write_bytes(encode_record({"k": "event", "seq": 1, "body": body}))
    return path


def garbled_later(path: Path) -> Path:
    """A Wordsy log whose third event (checksummed, so not damage) this version cannot read."""
    events: list[object] = list(finished_table().log)
    events[2] = {"kind": "RoundStarted", "round": "three"}
    path.write_bytes(
        b"".join(
            encode_record({"k": "event", "seq": n, "body": e if isinstance(e, dict) else body(e)})
            for n, e in enumerate(events, 1)
        )
    )
    return path


def body(event: ev.Event) -> object:
    from wordsy_tui.engine.codec import encode

    return encode(event)


def lobby_only(path: Path) -> Path:
    saved_log(path, [e for e in finished_table().log if isinstance(e, ev.GameCreated)])
    return path


@pytest.mark.parametrize(
    ("write", "reason"),
    [
        (unknown_game, "no game this version knows"),
        (lambda path: path.write_bytes(b"not a log at all") and path, "no game events"),
        (garbled_later, "event 3 cannot be read"),
        (lobby_only, "never started"),
    ],
)
def test_a_log_it_cannot_replay_is_refused_clearly_and_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], write, reason: str
) -> None:
    path = tmp_path / "game.log"
    write(path)
    before = path.read_bytes()
    with pytest.raises(ValueError, match=reason):
        replay_of(path)
    code, _out, err = run(capsys, "replay", str(path))
    assert code == 2
    assert f"{path} cannot be replayed" in err
    assert reason in err
    assert path.read_bytes() == before


def test_a_missing_log_cannot_be_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(FileNotFoundError):
        replay_of(tmp_path / "gone.log")
    code, _out, err = run(capsys, "replay", str(tmp_path / "gone.log"))
    assert code == 2
    assert "cannot read" in err
