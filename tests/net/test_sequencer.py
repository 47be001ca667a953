"""The host's sequencing on its own, over a real log: each event on disk before anyone hears
of it, a re-sent command applied once (also after a restart), a refused or failed command
leaves no trace, and each recipient's view and hash chain of the events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from net import protocol as p
from net.config import HostConfig
from net.framing import pack_body
from net.log import read_log
from net.sequencer import Sequencer
from tests.net.counter_game import CounterGame

CONFIG = HostConfig(durable=False, remembered_commands=3)


class Heard:
    """The fan-out's side: each event it hears, and how many events the log held by then."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.events: list[tuple[int, dict[str, Any]]] = []
        self.on_disk: list[int] = []

    def __call__(self, seq: int, event: dict[str, Any], whole: bytes) -> None:
        assert whole == pack_body(event)
        self.events.append((seq, event))
        records, _ = read_log(self.path)
        self.on_disk.append(sum(record["k"] == "event" for record in records))


def _opened(path: Path, game: CounterGame | None = None) -> tuple[Sequencer, Heard]:
    heard = Heard(path)
    sequencer = Sequencer(game or CounterGame(target=100), CONFIG, heard)
    sequencer.open(path)
    return sequencer, heard


def test_events_are_on_disk_in_order_before_anyone_hears_of_them(tmp_path: Path) -> None:
    sequencer, heard = _opened(tmp_path / "g.log")
    first = sequencer.run("Ada", "c1", {"op": "add", "n": 3})
    second = sequencer.run("Bob", "c1", {"op": "add", "n": 10})  # same id, another seat
    assert (first.accepted, first.seq, first.count) == (True, 1, 1)
    assert (second.accepted, second.seq) == (True, 2)
    assert [seq for seq, _ in heard.events] == [1, 2]
    assert heard.on_disk == [1, 2], "each event was durable before it was published"
    assert sequencer.game.total == 13  # type: ignore[attr-defined]
    assert sequencer.events == [event for _, event in heard.events]


def test_a_command_sent_again_applies_once_also_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "g.log"
    sequencer, heard = _opened(path)
    result = sequencer.run("Ada", "c1", {"op": "add", "n": 3})
    assert sequencer.run("Ada", "c1", {"op": "add", "n": 3}) == result
    assert len(heard.events) == 1
    sequencer.close()
    again, heard_again = _opened(path)
    assert again.seq == 1
    assert again.game.total == 3  # type: ignore[attr-defined]
    assert again.run("Ada", "c1", {"op": "add", "n": 3}) == result, "remembered from the log"
    assert heard_again.events == [], "replaying is not publishing"


def test_only_the_latest_commands_of_a_seat_are_remembered(tmp_path: Path) -> None:
    sequencer, _ = _opened(tmp_path / "g.log")
    for i in range(4):  # one more than CONFIG remembers
        sequencer.run("Ada", f"c{i}", {"op": "add", "n": 1})
    assert sequencer.run("Ada", "c3", {"op": "add", "n": 1}).seq == 4
    assert sequencer.run("Ada", "c0", {"op": "add", "n": 1}).seq == 5, "c0 was forgotten"
    sequencer.forget("Ada")
    assert sequencer.run("Ada", "c3", {"op": "add", "n": 1}).seq == 6


class Broken(CounterGame):
    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        if command.get("op") == "crash":
            raise RuntimeError("a bug in the game")
        if command.get("op") == "not-a-map":
            return ["oops"]  # type: ignore[list-item]
        return super().decide(seat, command)


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ({"op": "add", "n": 99}, "bad_add"),  # the game's own refusal
        ({"op": "shout", "text": "x" * 70_000}, p.EVENT_TOO_LARGE),
        ({"op": "crash"}, p.INTERNAL_ERROR),
        ({"op": "not-a-map"}, p.INTERNAL_ERROR),
    ],
)
def test_a_refused_or_failed_command_leaves_no_trace(
    tmp_path: Path, command: dict[str, Any], code: str
) -> None:
    path = tmp_path / "g.log"
    sequencer, heard = _opened(path, Broken(target=100))
    result = sequencer.run("Ada", "c1", command)
    assert (result.accepted, result.code) == (False, code)
    assert result.message
    assert heard.events == []
    assert read_log(path)[0] == []
    assert sequencer.seq == 0
    assert sequencer.run("Ada", "c1", command) == result, "the refusal is remembered too"


def test_each_recipient_has_its_own_view_and_hash_chain(tmp_path: Path) -> None:
    sequencer, _ = _opened(tmp_path / "g.log")
    sequencer.run("Ada", "c1", {"op": "secret", "value": "mine"})
    sequencer.run("Bob", "c1", {"op": "add", "n": 2})
    public = sequencer.events[1]
    assert [seq for seq, _ in sequencer.view_frames("Ada", 0)] == [1, 2]
    assert [seq for seq, _ in sequencer.view_frames("Bob", 0)] == [2]
    assert [seq for seq, _ in sequencer.view_frames(None, 1)] == [2]
    expected = p.chain(p.HASH_SEED, 2, pack_body(public))
    assert sequencer.chain("Bob") == sequencer.chain(None) == expected
    assert sequencer.chain("Ada") != expected, "Ada's view holds her secret"
    packed: dict[int, tuple[object, bytes]] = {}
    body = sequencer.view_body("Bob", public, packed)
    assert sequencer.view_body(None, public, packed) is body, "one public view, packed once"


def test_another_game_goes_on_in_a_new_log_only_if_it_is_empty(tmp_path: Path) -> None:
    first = tmp_path / "first.log"
    sequencer, _ = _opened(first)
    sequencer.run("Ada", "c1", {"op": "add", "n": 2})
    with pytest.raises(FileExistsError):
        sequencer.begin(CounterGame(), first)
    assert sequencer.seq == 1, "nothing changed"
    rematch = CounterGame()
    sequencer.begin(rematch, tmp_path / "second.log")
    assert (sequencer.game, sequencer.seq) == (rematch, 0)
    result = sequencer.run("Ada", "c1", {"op": "add", "n": 1})
    assert (result.accepted, result.seq) == (True, 1), "the old game's results are gone"
    assert len(read_log(first)[0]) == 1, "the old log is kept as it was"
    assert len(read_log(tmp_path / "second.log")[0]) == 1
