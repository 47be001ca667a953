"""The checksummed log: round trips; a torn tail is cut, damage before the end is refused."""

from __future__ import annotations

import os

import pytest

from net.log import GameLog, LogDamaged, encode_record, saved_games, survey
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
    assert damage.saved_to.stat().st_mode & 0o777 == 0o600  # a torn record may hold secrets
    _, again, damage_again = GameLog.open(path)
    assert damage_again is None, "appends after the cut follow valid data"
    assert again[-1]["body"] == {"e": "again"}


def flip_a_bit(path, record_index, at=12):
    """Flip one bit inside the payload of the record at `record_index` (0-based)."""
    data = bytearray(path.read_bytes())
    offset = sum(len(encode_record(r)) for r in RECORDS[:record_index])
    data[offset + at] ^= 0x10
    path.write_bytes(bytes(data))
    return offset


def test_a_record_damaged_in_the_middle_is_refused_and_nothing_changes(tmp_path):
    path = tmp_path / "g.log"
    write(path, RECORDS)
    offset = flip_a_bit(path, 2)
    before = path.read_bytes()
    with pytest.raises(LogDamaged) as raised:
        GameLog.open(path)
    message = str(raised.value)
    assert "record 3 (at byte" in message
    assert f"byte {offset}" in message
    assert "fails its checksum" in message
    assert "2 records (2 events) follow it" in message
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.log"]


def test_salvage_keeps_the_intact_prefix_and_the_damaged_file_aside(tmp_path):
    path = tmp_path / "g.log"
    write(path, RECORDS)
    flip_a_bit(path, 2)
    damaged = path.read_bytes()
    log, records, damage = GameLog.open(path, salvage=True)
    log.append([{"k": "event", "seq": 3, "body": {"e": "again"}}])
    log.close()
    assert records == RECORDS[:2]
    assert damage is not None
    assert not damage.torn
    assert (damage.kept_records, damage.lost_records, damage.lost_events) == (2, 2, 2)
    assert damage.saved_to.name.startswith("g.log.damaged-")
    assert damage.saved_to.read_bytes() == damaged
    assert damage.saved_to.stat().st_mode & 0o777 == 0o600
    assert "left out" in damage.describe()
    _, again, damage_again = GameLog.open(path)
    assert damage_again is None
    assert again == [*RECORDS[:2], {"k": "event", "seq": 3, "body": {"e": "again"}}]


def test_a_damaged_length_field_is_damage_too(tmp_path):
    path = tmp_path / "g.log"
    write(path, RECORDS)
    offset = sum(len(encode_record(r)) for r in RECORDS[:1])
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x40  # the second record's length now runs past the end of the file
    path.write_bytes(bytes(data))
    with pytest.raises(LogDamaged, match=r"record 2 .* 3 records \(3 events\) follow it"):
        GameLog.open(path)


def test_a_whole_last_record_that_fails_is_damage_not_a_torn_tail(tmp_path):
    path = tmp_path / "g.log"
    write(path, RECORDS)
    flip_a_bit(path, 4)  # complete, so no crash mid-append explains it
    with pytest.raises(LogDamaged, match=r"record 5 .* 0 records"):
        GameLog.open(path)


def test_zeros_a_crash_left_after_the_last_record_are_a_torn_tail(tmp_path):
    path = tmp_path / "g.log"
    write(path, RECORDS)
    with path.open("ab") as f:
        f.write(bytes(4096))
    log, records, damage = GameLog.open(path)
    log.close()
    assert records == RECORDS
    assert damage is not None
    assert damage.torn


def test_survey_tells_a_torn_tail_from_damage(tmp_path):
    path = tmp_path / "g.log"
    write(path, RECORDS)
    whole = path.read_bytes()
    assert survey(whole).clean
    torn = survey(whole[:-3])
    assert torn.torn
    assert not torn.damaged
    flip_a_bit(path, 1)
    damaged = survey(path.read_bytes())
    assert damaged.damaged
    assert damaged.damaged_record == 2
    assert damaged.following == RECORDS[2:]


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
