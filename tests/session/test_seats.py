"""Seats at a Wordsy table: kept across restarts, removed by the host, freed when abandoned."""

from __future__ import annotations

from pathlib import Path

import pytest

from net import Refused, SeatKeys
from net import protocol as p
from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY, playing, server
from wordsy_tui.games.wordsy.host import WordsyHost
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.seat import LinkChanged


async def ann_hosting(tmp_path: Path) -> tuple[WordsyHost, WordsySeat]:
    """A host whose own player, Ann, is seated."""
    host = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    return host, ann


async def test_a_guest_whose_program_restarts_takes_the_seat_back(tmp_path):
    host = server(tmp_path)
    await host.start()
    keys = SeatKeys(tmp_path / "bob" / "seats.json")
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY, keys=keys)
    try:
        await bob.start()
        await wait_until(lambda: host.state.players == ("Bob",))
        await bob.stop()  # the terminal closed
        again = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY, keys=keys)
        await again.start()
        await wait_until(lambda: again.state.players == ("Bob",))
        assert again.door.client.seat == "Bob"
        await again.stop()
    finally:
        await host.stop()


async def test_the_host_removes_a_squatter_from_the_lobby_and_its_token_is_dead(tmp_path):
    host, ann = await ann_hosting(tmp_path)
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    try:
        await bob.start()
        await wait_until(lambda: host.state.players == ("Ann", "Bob"))
        token = bob.door.client.token
        assert await host.remove_player("Bob") is None
        await wait_until(lambda: host.state.players == ("Ann",))
        assert any(isinstance(e, ev.PlayerRemoved) for e in _events(host))
        # Bob's program is told, once, and stops knocking.
        await wait_until(lambda: bob.door.client.refusal is not None)
        assert bob.door.client.refusal.reason == p.SEAT_REMOVED
        assert await host.remove_player("Ann") is not None, "the host keeps its own seat"
        again = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY, token=token)
        with pytest.raises(Refused) as refused:
            await again.start()
        assert refused.value.reason == p.SEAT_REMOVED
    finally:
        await bob.stop()
        await ann.stop()


async def test_an_absent_player_removed_mid_game_scores_nothing_and_the_game_goes_on(tmp_path):
    host, ann = await ann_hosting(tmp_path)
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    cat = WordsySeat.join("127.0.0.1", host.port, "Cat", DICTIONARY)
    try:
        await bob.start()
        await cat.start()
        await wait_until(lambda: len(host.state.players) == 3)
        async with playing(ann, cat):
            await ann.start_game()
            await wait_until(lambda: host.state.phase is Phase.WRITING)
            await bob.stop()  # Bob walks away without a word
            assert await host.remove_player("Bob") is None
            await wait_until(lambda: host.state.round >= 3, timeout=60)
    finally:
        await cat.stop()
        await ann.stop()
    rows = host.state.sheets["Bob"].rows
    assert rows
    assert all((row.word, row.score) == (None, 0) for row in rows)
    assert host.state.gone == {"Bob"}
    # The removal is in the log: a resumed host still knows it, and so does Bob's seat.
    resumed = server(tmp_path, port=0)
    await resumed.start()
    try:
        assert resumed.state.gone == {"Bob"}
        assert "Bob" not in resumed.host.presence
    finally:
        await resumed.stop()


async def test_an_abandoned_lobby_seat_is_freed_and_the_captaincy_passes_on(tmp_path):
    host = server(tmp_path, lobby_grace=0.1)  # headless: the first person seated is captain
    await host.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    cat = WordsySeat.join("127.0.0.1", host.port, "Cat", DICTIONARY)
    dan = WordsySeat.join("127.0.0.1", host.port, "Dan", DICTIONARY)
    try:
        for session in (bob, cat, dan):
            await session.start()
        await wait_until(lambda: host.state.players == ("Bob", "Cat", "Dan"))
        await bob.stop()  # the captain walks away
        # At once, before the grace period is over, the next connected person may start.
        await wait_until(lambda: host.game.presence.get("Bob") is False)
        assert host.state.captain_among(host.game.presence) == "Cat"
        await wait_until(lambda: host.state.players == ("Cat", "Dan"))
        assert await cat.start_game() is None
        await wait_until(lambda: host.state.phase is Phase.WRITING)
    finally:
        for session in (cat, dan):
            await session.stop()
        await host.stop()


async def test_a_seat_that_comes_back_in_time_is_kept(tmp_path):
    host = server(tmp_path, lobby_grace=3600)
    await host.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    try:
        await bob.start()
        await wait_until(lambda: host.state.players == ("Bob",))
        await bob.stop()
        await wait_until(lambda: host.game.presence.get("Bob") is False)
        assert list(host._absent) == ["Bob"], "the grace period runs"
        again = WordsySeat.join(
            "127.0.0.1", host.port, "Bob", DICTIONARY, token=bob.door.client.token
        )
        await again.start()
        await wait_until(lambda: host.game.presence.get("Bob") is True)
        assert host._absent == {}, "and stops when the player is back"
        await again.stop()
    finally:
        await host.stop()


async def test_the_host_can_hand_a_seat_to_its_player_on_another_machine(tmp_path):
    host = server(tmp_path)
    asked: list[str] = []

    async def ask(name: str) -> bool:
        asked.append(name)
        return True

    host.on_reclaim = ask
    await host.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    laptop = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY, reclaim=True)
    try:
        await bob.start()
        await wait_until(lambda: host.state.players == ("Bob",))
        await laptop.start()
        assert asked == ["Bob"]
        assert laptop.door.client.seat == "Bob"
        # Bob's program is told for good: the table closes for it, it does not knock on.
        # (Told once its door has read the host's refusal: waited for, not assumed.)
        told: list[object] = []

        def closed() -> bool:
            told.extend(_drain(bob))
            return any(isinstance(u, LinkChanged) and u.final for u in told)

        await wait_until(closed)
        final = [u for u in told if isinstance(u, LinkChanged) and u.final]
        assert "removed this seat or handed it" in final[-1].message
    finally:
        await laptop.stop()
        await bob.stop()
        await host.stop()


def _events(host):
    from wordsy_tui.games.wordsy.rules.codec import decode_event

    return [decode_event(e) for e in host.host.events]


def _drain(session):
    found = []
    while not session._updates.empty():
        found.append(session._updates.get_nowait())
    return found
