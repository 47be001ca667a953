"""A phase waits for the people who are there: one who is gone never holds the table,
and one who never acts is ended by the host's clock."""

from __future__ import annotations

import pytest

from net import SeatKeys
from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY, server
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.errors import SeatingError
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.away import Attendance

SLOW = GameConfig(timer_seconds=300, reveal_seconds=300, vote_seconds=300, challenge_seconds=300)


async def seated(tmp_path, config: GameConfig = SLOW, **options: object):
    host = server(tmp_path, captain="Ann", **options)
    host.config = config
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    cat = WordsySeat.join("127.0.0.1", host.port, "Cat", DICTIONARY)
    await bob.start()
    await cat.start()
    await wait_until(lambda: len(host.state.players) == 3)
    assert await ann.start_game() is None
    await wait_until(lambda: all(s.state.phase is Phase.WRITING for s in (ann, bob, cat)))
    return host, ann, bob, cat


async def test_writing_ends_when_everyone_still_writing_has_gone(tmp_path):
    host, ann, bob, cat = await seated(tmp_path, absent_grace=0.2)
    try:
        await ann.write("ANT")
        await ann.lock_in()
        await bob.write("BEE")
        await bob.lock_in()
        await cat.stop()  # Cat closes the terminal, unlocked, mid-round
        # No flip, a 300 s timer and a 180 s limit: only Cat's absence ends the writing.
        await wait_until(lambda: host.state.phase is Phase.CHALLENGES, timeout=5)
        assert host.state.draft("Ann").word == "ANT"
        assert host.state.draft("Cat").word is None
    finally:
        await bob.stop()
        await ann.stop()


async def test_a_player_back_within_the_grace_keeps_their_turn(tmp_path):
    host, ann, bob, cat = await seated(tmp_path, absent_grace=2.0)
    try:
        await ann.lock_in()
        await bob.lock_in()
        await cat.door.client.close()  # the link drops ...
        await wait_until(lambda: host.clock is not None and host.clock.hurried)
        await cat.door.client.start()  # ... and comes back with its seat token in time
        await wait_until(lambda: host.clock is not None and not host.clock.hurried)
        assert host.state.phase is Phase.WRITING
    finally:
        for session in (cat, bob, ann):
            await session.stop()


async def test_writing_that_nobody_ends_is_ended_by_the_wait_limit(tmp_path):
    config = GameConfig(timer_seconds=300, wait_seconds=1)
    host, ann, bob, cat = await seated(tmp_path, config)
    try:
        # Everyone is connected and nobody types: the host's clock ends the writing.
        await wait_until(lambda: host.state.phase is not Phase.WRITING, timeout=5)
        assert host.state.round == 1
    finally:
        for session in (cat, bob, ann):
            await session.stop()


async def test_votes_and_ready_wait_only_for_those_present(tmp_path):
    host, ann, bob, cat = await seated(tmp_path, absent_grace=0.2)
    try:
        for session, word in ((ann, "ANT"), (bob, "BEE"), (cat, "CAT")):
            await session.write(word)
            await session.lock_in()
        await wait_until(lambda: host.state.phase is Phase.CHALLENGES)
        assert await ann.challenge("Bob") is None
        await cat.stop()  # Cat, the only one who votes on it, is gone
        await wait_until(lambda: host.state.challenge is None, timeout=5)
        await ann.ready()
        await bob.ready()
        await wait_until(lambda: host.state.round == 2, timeout=5)
    finally:
        await bob.stop()
        await ann.stop()


async def test_a_computer_player_for_a_full_table_is_refused_with_the_rule(tmp_path):
    host = server(tmp_path, captain="Ann")
    host.config = GameConfig(max_players=2)
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    try:
        await wait_until(lambda: host.state.players == ("Ann",))
        await host.add_bot("easy")
        await wait_until(lambda: len(host.state.players) == 2)
        with pytest.raises(SeatingError, match=r"^The game is full \(2 players\)\.$"):
            await host.add_bot("easy")
        assert len(host.state.players) == 2
        assert len(host.bots) == 1
    finally:
        await ann.stop()


async def ann_and_bob_writing(tmp_path, keys: SeatKeys):
    """Ann hosts, Bob joins keeping his seat's token in `keys`; round 1 is being written."""
    host = server(tmp_path, captain="Ann")
    host.config = SLOW
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY, keys=keys)
    await bob.start()
    await wait_until(lambda: len(host.state.players) == 2)
    await ann.start_game()
    await wait_until(lambda: bob.state.phase is Phase.WRITING)
    return host, ann, bob


async def test_a_joiners_word_survives_its_program_closing_mid_round(tmp_path):
    keys = SeatKeys(tmp_path / "bob" / "seats.json")
    host, ann, bob = await ann_and_bob_writing(tmp_path, keys)
    try:
        await bob.write("BUMBLEBEE")
        await bob.lock_in()
        await bob.stop()  # the terminal closes, mid-round
        again = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY, keys=keys)
        await again.start()  # same command, same machine: the seat and the word are back
        await ann.lock_in()
        await wait_until(lambda: host.state.phase is Phase.CHALLENGES, timeout=10)
        assert host.state.draft("Bob").word == "BUMBLEBEE"
        await again.stop()
    finally:
        await ann.stop()


async def test_the_host_ends_the_writing_now_from_its_desk(tmp_path):
    from wordsy_tui.cli.serve import desk_for

    host, ann, bob, cat = await seated(tmp_path)
    desk = desk_for(host)
    try:
        await bob.write("BEE")
        assert await desk.obey("end") == "Ended now, as the clock would have."
        await wait_until(lambda: host.state.phase is Phase.CHALLENGES, timeout=5)
        assert host.state.draft("Bob").word == "BEE"
        assert "Nothing is waiting" not in await desk.obey("end")  # the challenges end too
        await wait_until(lambda: host.state.round == 2, timeout=5)
    finally:
        for session in (cat, bob, ann):
            await session.stop()


async def test_every_screen_counts_down_an_idle_player_and_a_key_stops_it(tmp_path):
    host, ann, bob, cat = await seated(tmp_path)
    # Idle after a moment here; a countdown long enough to be seen (shorter than the wait
    # limit), then a short one.
    host.attendance = Attendance(absent_grace=10, idle_seconds=0.2, countdown_seconds=120)
    try:
        await ann.lock_in()
        await bob.lock_in()  # Cat is connected, and presses nothing
        sessions = (ann, bob, cat)

        def told(away: tuple[str, ...]) -> bool:
            return all(s.deadline is not None and s.deadline.away == away for s in sessions)

        await wait_until(lambda: told(("Cat",)))
        cat.still_here()  # a key on Cat's screen
        await wait_until(lambda: told(()))
        assert host.state.phase is Phase.WRITING
        host.attendance.countdown_seconds = 0.2
        await wait_until(lambda: host.state.phase is not Phase.WRITING, timeout=10)
        assert host.state.draft("Cat").word is None
    finally:
        for session in (cat, bob, ann):
            await session.stop()
