"""Seats and tokens on their own, over a real log: a new seat's token opens it again (also
after a restart) and only its hash is on disk; a seat taken away or handed over stays so
after a restart; a rematch carries the named seats only."""

from __future__ import annotations

from pathlib import Path

from net import protocol as p
from net.config import HostConfig
from net.log import read_log
from net.seats import Recipient, Seating
from net.sequencer import Sequencer
from tests.net.counter_game import CounterGame


def _opened(path: Path, game: CounterGame | None = None) -> tuple[Seating, Sequencer]:
    sequencer = Sequencer(game or CounterGame(), HostConfig(durable=False), lambda *_: None)
    records, _ = sequencer.open(path)
    seating = Seating(sequencer)
    seating.replay(records)
    return seating, sequencer


def _seating(path: Path, game: CounterGame | None = None) -> Seating:
    return _opened(path, game)[0]


def _sit(seating: Seating, name: str) -> tuple[Recipient, str]:
    taken = seating.seat_for("player", name, None)
    assert not isinstance(taken, p.Refusal), taken
    recipient, token = taken
    assert token is not None
    return recipient, token


def _refusal(seating: Seating, name: str, token: str | None = None) -> str:
    taken = seating.seat_for("player", name, token)
    assert isinstance(taken, p.Refusal), taken
    return taken.reason


def test_a_token_opens_its_seat_again_also_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "g.log"
    seating = _seating(path)
    ada, token = _sit(seating, "Ada")
    assert seating.seat_for("player", "anyone", token) == (ada, token)
    assert token not in path.read_bytes().decode("latin-1"), "only its hash is on disk"
    again = _seating(path)
    assert list(again.seats) == ["Ada"]
    recipient, _ = again.seat_for("player", "Ada", token)  # type: ignore[misc]
    assert recipient is again.seats["Ada"]
    assert _refusal(again, "Eve", "a guess") == p.UNKNOWN_TOKEN


def test_a_name_is_taken_and_the_game_says_who_else_may_sit(tmp_path: Path) -> None:
    seating = _seating(tmp_path / "g.log", CounterGame(seats=2))
    _sit(seating, "Ada")
    assert _refusal(seating, "Ada") == p.NAME_TAKEN
    _sit(seating, "Bob")
    assert _refusal(seating, "Cy") == p.GAME_FULL, "the game's own admit"
    assert seating.seat_for("spectator", "Fan", None) == (seating.spectators, None)
    assert list(seating.seats) == ["Ada", "Bob"]
    assert seating.presence == {"Ada": False, "Bob": False}


def test_a_seat_taken_away_stays_away_and_frees_its_name(tmp_path: Path) -> None:
    path = tmp_path / "g.log"
    seating = _seating(path)
    ada, token = _sit(seating, "Ada")
    assert seating.remove("Ada") is ada
    assert seating.remove("Ada") is None
    assert _refusal(seating, "Ada", token) == p.SEAT_REMOVED
    again = _seating(path)
    assert again.seats == {}
    assert _refusal(again, "Ada", token) == p.SEAT_REMOVED
    _, fresh = _sit(again, "Ada")  # the name is free again
    assert fresh != token


def test_a_seat_handed_over_opens_only_to_its_new_token(tmp_path: Path) -> None:
    path = tmp_path / "g.log"
    seating = _seating(path)
    _, lost = _sit(seating, "Ada")
    new = seating.hand_over("Ada")
    assert new is not None
    assert seating.hand_over("Nobody") is None
    for book in (seating, _seating(path)):
        assert _refusal(book, "Ada", lost) == p.SEAT_REMOVED
        recipient, _ = book.seat_for("player", "Ada", new)  # type: ignore[misc]
        assert recipient.key == "Ada"


def test_a_rematch_carries_the_named_seats_in_the_new_log(tmp_path: Path) -> None:
    seating, sequencer = _opened(tmp_path / "first.log")
    (_, ada), (_, bob) = _sit(seating, "Ada"), _sit(seating, "Bob")
    sequencer.run("Ada", "c1", {"op": "add", "n": 1})
    seating.spectators.chain = old_chain = b"\x01" * 32  # as the fan-out left it
    sequencer.begin(CounterGame(), tmp_path / "second.log")
    old = seating.carry(["Bob", "Nobody"])
    assert list(old) == ["Ada", "Bob"]
    assert list(seating.seats) == ["Bob"]
    assert seating.spectators.chain == p.HASH_SEED != old_chain
    assert _refusal(seating, "Ada", ada) == p.UNKNOWN_TOKEN
    carried, _ = seating.seat_for("player", "Bob", bob)  # type: ignore[misc]
    assert carried is seating.seats["Bob"]
    records, _ = read_log(tmp_path / "second.log")
    assert [(r["k"], r["seat"]) for r in records] == [("seat", "Bob")]
    assert list(_seating(tmp_path / "second.log").seats) == ["Bob"], "and after a restart"


def test_a_new_seat_hashes_the_events_it_may_see(tmp_path: Path) -> None:
    seating, sequencer = _opened(tmp_path / "g.log")
    sequencer.run("Ada", "c1", {"op": "secret", "value": "hers"})
    sequencer.run("Ada", "c2", {"op": "shout", "text": "hi"})
    bob, _ = _sit(seating, "Bob")
    assert bob.chain == sequencer.chain("Bob") == sequencer.chain(None) != p.HASH_SEED
    assert bob.chain != sequencer.chain("Ada"), "the secret is in Ada's view only"
