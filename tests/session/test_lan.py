"""Wordsy over loopback: a host, players who join it, bots; drops, restarts, secrecy."""

from __future__ import annotations

import asyncio
import contextlib
import string
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path

import pytest

from tests.net.helpers import Proxy, wait_until
from wordsy_tui.games.wordsy.host import WordsyHost, wordsy_host
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.seatbook import SeatBook

FAST = GameConfig(timer_seconds=2, reveal_seconds=5, vote_seconds=2, challenge_seconds=1)
DICTIONARY = "test-word-list"


def secret(player: str, round_no: int) -> str:
    """A word nobody else could guess, made of letters only."""
    return f"{player.upper()}SECRET{string.ascii_uppercase[round_no]}"


async def autoplay(session: WordsySeat, hold: asyncio.Event | None = None) -> None:
    """Write a secret word each round, lock in, and be ready after the reveal."""
    me = session.me
    assert me is not None
    while True:
        await asyncio.sleep(0.02)
        state = session.state
        if state.phase is Phase.WRITING and state.draft(me).commitment is None:
            await session.write(secret(me, state.round))
        elif state.phase is Phase.WRITING and not state.draft(me).locked:
            if hold is None or hold.is_set():
                await session.lock_in()
        elif state.phase is Phase.CHALLENGES and me not in state.ready:
            await session.ready()


@contextlib.asynccontextmanager
async def playing(*sessions: WordsySeat, hold: asyncio.Event | None = None) -> AsyncIterator[None]:
    tasks = [asyncio.create_task(autoplay(s, hold)) for s in sessions]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()


def server(
    tmp_path: Path, port: int = 0, config: GameConfig = FAST, **options: object
) -> WordsyHost:
    return wordsy_host(
        config,
        dictionary=DICTIONARY,
        bind="127.0.0.1",
        port=port,
        log_path=tmp_path / "game.log",
        bot_pace=0.01,
        **options,  # type: ignore[arg-type]
    )


async def as_a_crash(stop: Awaitable[None], proxy: Proxy) -> None:
    """Stop a host as a crash looks to the guests behind `proxy`: a stopping host says
    goodbye (and they stay away), a crashed one says nothing, so they knock until it is back."""
    proxy.pause()
    await stop
    proxy.cut()
    proxy.resume()


def same_game(*states: GameState) -> bool:
    return all(s == states[0] for s in states)


async def test_a_full_game_with_a_host_player_a_guest_and_a_bot(tmp_path):
    host = server(tmp_path, captain="Ann")
    recorded_before_reveal: dict[int, bytes] = {}
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    proxy = Proxy(host.port)
    bob = WordsySeat.join("127.0.0.1", await proxy.start(), "Bob", DICTIONARY)

    def check_secrecy(state: GameState, event: ev.Event) -> None:
        # Called on the host as each reveal begins: Bob's proxy, on this loop, has read
        # nothing since (the host's bookkeeping follows its frames within one step).
        if state.phase is Phase.REVEAL and state.round not in recorded_before_reveal:
            recorded_before_reveal[state.round] = bytes(proxy.recorded)

    host.on_event = check_secrecy
    try:
        await bob.start()
        await host.add_bot("easy")
        await wait_until(lambda: len(ann.state.players) == 3)
        async with playing(ann, bob):
            assert await ann.start_game() is None
            await wait_until(lambda: host.state.phase is Phase.OVER, timeout=90)
            await wait_until(lambda: same_game(host.state, ann.state, bob.state))
    finally:
        await bob.stop()
        await ann.stop()
        await proxy.stop()
    sheets = host.state.sheets
    assert all(len(sheet.rows) == 7 for sheet in sheets.values())
    assert [row.word for row in sheets["Bob"].rows] == [secret("Bob", r) for r in range(1, 8)]
    # Before each reveal, Bob's wire held no word of that round; afterwards it did.
    assert sorted(recorded_before_reveal) == list(range(1, 8))
    for round_no, seen in recorded_before_reveal.items():
        assert secret("Ann", round_no).encode() not in seen
        assert secret("Ann", round_no).encode() in proxy.recorded


async def test_the_hosts_bookkeeping_follows_each_commands_frames_with_each_events_state(
    tmp_path,
):
    host = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    heard: list[tuple[str, Phase, bool]] = []

    def hear(state: GameState, event: ev.Event) -> None:
        heard.append((type(event).__name__, state.phase, host.host._cork.held))

    host.on_event = hear
    try:
        await bob.start()
        await wait_until(lambda: len(host.state.players) == 2)
        assert await ann.start_game() is None
    finally:
        await bob.stop()
        await ann.stop()
    started = [name for name, _, _ in heard].index("GameStarted")
    # One command's events, each heard with the state it made, once their frames are out.
    assert heard[started] == ("GameStarted", Phase.LOBBY, False)
    assert heard[-1] == ("RoundStarted", Phase.WRITING, False)
    assert not any(held for _, _, held in heard)


async def test_a_guest_who_drops_mid_round_comes_back_with_nothing_lost(tmp_path):
    host = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    proxy = Proxy(host.port)
    bob = WordsySeat.join("127.0.0.1", await proxy.start(), "Bob", DICTIONARY)
    hold = asyncio.Event()
    try:
        await bob.start()
        await wait_until(lambda: len(ann.state.players) == 2)
        async with playing(ann, bob, hold=hold):
            await ann.start_game()
            await wait_until(lambda: bob.state.draft("Bob").commitment is not None)
            proxy.cut()  # Bob's laptop sleeps: his connection is gone
            await wait_until(lambda: not bob.door.client.connected)
            await wait_until(lambda: bob.door.client.connected)
            hold.set()
            await wait_until(lambda: host.state.round == 2)
            await wait_until(lambda: same_game(host.state, bob.state))
    finally:
        await bob.stop()
        await ann.stop()
        await proxy.stop()
    assert host.state.sheets["Bob"].rows[0].word == secret("Bob", 1)
    seqs = [event.seq for event in bob.door.client.events]
    assert seqs == list(range(1, len(seqs) + 1))


async def test_a_restarted_host_resumes_from_its_log_and_guests_reconnect(tmp_path):
    first = server(tmp_path)
    await first.start()
    port = first.port
    proxy = Proxy(port)
    relay = await proxy.start()
    bob = WordsySeat.join("127.0.0.1", relay, "Bob", DICTIONARY)
    cat = WordsySeat.join("127.0.0.1", relay, "Cat", DICTIONARY)
    hold = asyncio.Event()
    second: WordsyHost | None = None
    try:
        await bob.start()
        await cat.start()
        await wait_until(lambda: len(first.state.players) == 2)
        async with playing(bob, cat, hold=hold):
            await bob.start_game()
            await wait_until(lambda: all(d.commitment for d in first.state.drafts.values()))
            await wait_until(lambda: len(first.state.drafts) == 2)
            before = first.state
            await as_a_crash(first.stop(), proxy)
            second = server(tmp_path, port=port)
            await second.start()
            assert second.state == before
            await wait_until(lambda: bob.door.client.connected and cat.door.client.connected)
            hold.set()
            await wait_until(lambda: second.state.round == 2)
            await wait_until(lambda: same_game(second.state, bob.state, cat.state))
    finally:
        await bob.stop()
        await cat.stop()
        await proxy.stop()
        if second is not None:
            await second.stop()
    assert second.state.sheets["Cat"].rows[0].word == secret("Cat", 1)


async def test_a_wrong_word_list_is_refused_with_a_reason(tmp_path):
    from net import Refused

    host = server(tmp_path)
    await host.start()
    try:
        stranger = WordsySeat.join("127.0.0.1", host.port, "Eve", "another-list")
        with pytest.raises(Refused, match="word list"):
            await stranger.start()
    finally:
        await host.stop()


async def test_the_host_player_and_bots_get_their_seats_back_after_a_restart(tmp_path):
    first = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", first)
    await ann.start()
    port = first.port
    bot = await first.add_bot("easy")
    await wait_until(lambda: len(ann.state.players) == 2)
    await ann.start_game()
    await wait_until(lambda: ann.state.phase is Phase.WRITING)
    await ann.stop()  # the host's machine goes down mid-round

    second = server(tmp_path, port=port, captain="Ann")
    ann_again = WordsySeat.host("Ann", second)
    await ann_again.start()  # refused as "name taken" if the seat were not given back
    try:
        assert bot in second.bots
        async with playing(ann_again):
            await wait_until(lambda: second.state.round == 2, timeout=60)
    finally:
        await ann_again.stop()
    assert second.state.sheets[bot].rows[0].word is not None


async def test_the_host_player_reveals_its_locked_word_after_a_restart(tmp_path):
    first = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", first)
    await ann.start()
    port = first.port
    proxy = Proxy(port)
    bob = WordsySeat.join("127.0.0.1", await proxy.start(), "Bob", DICTIONARY)
    second: WordsyHost | None = None
    try:
        await bob.start()
        await wait_until(lambda: len(ann.state.players) == 2)
        await ann.start_game()
        await wait_until(lambda: ann.state.phase is Phase.WRITING)
        assert await ann.write(secret("Ann", 1)) is None
        assert await ann.lock_in() is None
        book = first.seat_book
        assert book.host_seat() == "Ann"
        assert secret("Ann", 1) in book.path.read_text()
        assert book.path.stat().st_mode & 0o777 == 0o600
        assert secret("Ann", 1).encode() not in first.log_path.read_bytes()
        # The host's process ends: Ann's word in memory is gone with it.
        await as_a_crash(ann.stop(), proxy)

        second = server(tmp_path, port=port, captain="Ann")
        ann = WordsySeat.host("Ann", second)
        await ann.start()
        await wait_until(lambda: ann.state.round == 1)
        assert ann.word == secret("Ann", 1)  # what her board shows again
        await wait_until(lambda: bob.door.client.connected)
        await bob.write(secret("Bob", 1))
        await bob.lock_in()
        await wait_until(lambda: second.state.phase is Phase.CHALLENGES)
    finally:
        await bob.stop()
        await ann.stop()
        await proxy.stop()
    assert second.state.draft("Ann").word == secret("Ann", 1)


def test_the_seat_book_shrugs_off_damaged_entries(tmp_path):
    book = SeatBook(tmp_path / "g.seats.json")
    book.keep("Ann", "t1", host=True)
    book.keeper("Ann").keep({"period": 3})
    assert book.keeper("Ann").kept() == {"period": 3}
    assert book.token("Ann") == "t1"
    book.keep("Ann", "t2")  # a new token keeps the words and the host's mark
    assert book.keeper("Ann").kept() == {"period": 3}
    assert book.host_seat() == "Ann"
    book.path.write_text('{"Ann": {"token": 5, "kept": [1]}}')
    assert book.keeper("Ann").kept() is None
    # A book kept by an earlier version has Wordsy's words under "written": still read.
    book.path.write_text('{"Ann": {"written": {"round": 2, "words": []}}}')
    assert book.keeper("Ann").kept() == {"round": 2, "words": []}
    assert book.token("Ann") is None
    # A book from before: Wordsy's words, which a seat checks as it takes them back.
    book.path.write_text('{"Ann": {"written": {"round": 2, "words": [["zz", 1]]}}}')
    kept = book.keeper("Ann").kept()
    assert kept == {"round": 2, "words": [["zz", 1]]}
    session = WordsySeat.join("127.0.0.1", 9, "Ann", DICTIONARY)
    session.take_back(kept)
    assert session.in_progress() is None  # the damaged word is dropped
    book.keeper("Ann").keep(None)
    assert book.keeper("Ann").kept() is None
    book.path.write_text("[]")
    assert book.read() == {}
    assert book.host_seat() is None


def test_an_older_seat_book_names_its_one_person_as_the_host(tmp_path):
    book = SeatBook(tmp_path / "g.seats.json")
    book.path.write_text('{"Ann": {"token": "a"}, "Bot 1 (easy)": {"token": "b", "bot": "easy"}}')
    assert book.host_seat() == "Ann"


async def test_six_players_play_a_full_game(tmp_path):
    host = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", host, bots=("easy", "medium", "hard", "expert", "medium"))
    await ann.start()
    try:
        await wait_until(lambda: len(ann.state.players) == 6)
        async with playing(ann):
            assert await ann.start_game() is None
            await wait_until(lambda: host.state.phase is Phase.OVER, timeout=120)
        bots = list(host.bots.values())
        await wait_until(
            lambda: same_game(host.state, ann.state, *(bot.session.state for bot in bots))
        )
    finally:
        await ann.stop()
    assert all(len(sheet.rows) == 7 for sheet in host.state.sheets.values())
    bot_words = [row.word for name in host.bots for row in host.state.sheets[name].rows]
    assert all(bot_words)  # every computer player wrote a word every round


async def test_a_late_spectator_counts_down_the_time_the_host_has_left(tmp_path):
    host = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    cat = WordsySeat.join("127.0.0.1", host.port, "Cat", DICTIONARY, spectate=True)
    try:
        await bob.start()
        await wait_until(lambda: len(ann.state.players) == 2)
        assert await ann.start_game() is None
        await wait_until(lambda: host.state.phase is Phase.WRITING)
        assert host.clock is not None
        whole = host.state.config.wait_seconds
        await asyncio.sleep(1.0)  # some of the writing time goes by
        await cat.start()
        await wait_until(lambda: cat.deadline is not None)
        deadline = cat.deadline
        assert deadline is not None
        left = deadline.at - asyncio.get_running_loop().time()
        assert deadline.label == "writing"
        assert left <= whole - 1.0  # the host's time, not the whole wait from the top
    finally:
        await cat.stop()
        await bob.stop()
        await ann.stop()


class WatchedDoor:
    """An advertisement that notes who was seated when it went up."""

    ssh_port: int | None = None

    def __init__(self) -> None:
        self.seated_at_start: tuple[str, ...] | None = None

    async def start(self, state: GameState, port: int) -> None:
        self.seated_at_start = state.players

    async def update(self, state: GameState) -> None:
        pass

    async def stop(self) -> None:
        pass


async def test_the_hosting_player_sits_down_before_the_game_is_advertised(tmp_path):
    # Else a player quick off the LAN list (or SSH, or the browser) could take the first
    # seat in the second the name is probed, and be the captain in the host's place.
    door = WatchedDoor()
    host = server(tmp_path, captain="Ann", announce=door)
    ann = WordsySeat.host("Ann", host, bots=["easy"])
    await ann.start()
    try:
        assert door.seated_at_start == ("Ann",)
        assert host.state.players[0] == "Ann"
    finally:
        await ann.stop()


async def test_a_player_knocking_before_the_hosting_player_sits_down_after_them(tmp_path):
    # `join --connect` may get in between the port opening and the hosting player's own
    # seat (it connects over loopback like anyone): it waits, and the host is the captain.
    host = server(tmp_path, captain="Ann")
    knocked: list[WordsySeat] = []
    serve = host.serve

    async def serve_then_bob_knocks(first: str | None = None) -> None:
        await serve(first)
        bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
        knocked.append(bob)
        await bob.start()
        await wait_until(lambda: host.host.presence.get("Bob") is True)

    host.serve = serve_then_bob_knocks  # type: ignore[method-assign]
    ann = WordsySeat.host("Ann", host)
    try:
        await ann.start()
        await wait_until(lambda: len(host.state.players) == 2)
        assert host.state.players == ("Ann", "Bob")
        assert host.captain == "Ann"
    finally:
        for bob in knocked:
            await bob.stop()
        await ann.stop()
