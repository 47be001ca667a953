"""The checksummed log: round trips, and a torn or corrupt tail is found, reported, cut."""

from __future__ import annotations

import os

from net.log import GameLog, encode_record, saved_games
from tests.net.counter_game import CounterGame
from tests.net.helpers import state, wait_until

RECORDS = [{"k": "event", "seq": i, "body": {"e": "added", "n": i}} for i in range(1, 6)]


def write(path, records):
    log, _, _ = GameLog.open(path)
    log.append(records)
    log.close()


def test_records_round_trip(tmp_path):
    path = tmp_path / "g.log"
    write(path, RECORDS[:2])
    write(path, RECORDS[2:])
    log, records, damage = GameLog.open(path)
    log.close()
    assert records == RECORDS
    assert damage is None


def test_a_torn_tail_is_reported_and_the_intact_prefix_used(tmp_path):
    path = tmp_path / "g.log"
    write(path, RECORDS)
    whole = path.read_bytes()
    path.write_bytes(whole[:-3])  # the last write was cut short by a crash
    log, records, damage = GameLog.open(path)
    log.append([{"k": "event", "seq": 5, "body": {"e": "again"}}])
    log.close()
    assert records == RECORDS[:4]
    assert damage is not None
    assert "torn" in damage.reason
    assert "intact records" in damage.describe()
    assert damage.saved_to.read_bytes() == whole[len(whole) - len(encode_record(RECORDS[4])) : -3]
    _, again, damage_again = GameLog.open(path)
    assert damage_again is None, "appends after the cut follow valid data"
    assert again[-1]["body"] == {"e": "again"}


def test_a_corrupt_record_stops_the_replay_there(tmp_path):
    path = tmp_path / "g.log"
    write(path, RECORDS)
    data = bytearray(path.read_bytes())
    third = sum(len(encode_record(r)) for r in RECORDS[:2])
    data[third + 12] ^= 0xFF  # a flipped bit inside the third record's payload
    path.write_bytes(bytes(data))
    _, records, damage = GameLog.open(path)
    assert records == RECORDS[:2]
    assert damage is not None
    assert damage.reason == "checksum mismatch"
    assert damage.offset == third


async def test_a_host_resumes_from_a_damaged_log(make_host, make_client, log_path):
    host = await make_host(CounterGame(snapshots=False))
    a = await make_client(host.address[1], "a")
    for _ in range(4):
        await a.command({"op": "add", "n": 1})
    token = a.token
    await host.stop()
    await a.close()
    with log_path.open("ab") as f:
        f.write(b"\x00\x00\x01\x00garbage")
    host = await make_host(CounterGame(snapshots=False))
    assert host.damage is not None
    assert host.seq == 4
    again = await make_client(host.address[1], "a", token=token)  # the seat survived
    await again.command({"op": "add", "n": 1})
    await wait_until(lambda: again.seq == 5)
    assert again.seat == "a"
    assert state(again)["total"] == 5


def test_saved_games_are_listed_newest_first(tmp_path):
    for age, name in enumerate(["new", "old", "older"]):
        path = tmp_path / f"{name}.log"
        path.write_bytes(b"")
        os.utime(path, (1000 - age, 1000 - age))
    assert [p.stem for p in saved_games(tmp_path)] == ["new", "old", "older"]
    assert saved_games(tmp_path / "missing") == []


class LogCheckingGame(CounterGame):
    """Checks, as each event is applied and fanned out, that the log already holds it."""

    def __init__(self, log_path) -> None:
        super().__init__(snapshots=False)
        self.log_path = log_path
        self.checked = 0

    def evolve(self, event) -> None:
        log, records, _ = GameLog.open(self.log_path, durable=False)
        log.close()
        assert [r["body"] for r in records if r["k"] == "event"][-1] == event
        self.checked += 1
        super().evolve(event)


async def test_events_are_on_disk_before_anyone_sees_them(make_host, make_client, log_path):
    game = LogCheckingGame(log_path)
    host = await make_host(game, durable=True)
    a = await make_client(host.address[1], "a")
    for _ in range(3):
        assert (await a.command({"op": "add", "n": 1})).accepted
    assert game.checked == 3


def test_read_log_reads_the_intact_prefix_and_changes_nothing(tmp_path):
    from net.log import GameLog, read_log

    path = tmp_path / "g.log"
    log, _, _ = GameLog.open(path)
    log.append([{"k": "event", "seq": 1, "body": {"n": 1}}])
    log.close()
    with path.open("ab") as f:
        f.write(b"\x00\x00\x00\x09torn")
    before = path.read_bytes()
    records, reason = read_log(path)
    assert [r["seq"] for r in records] == [1]
    assert "torn" in reason
    assert path.read_bytes() == before
