"""A rematch at a LAN host: the same table plays again in a new game, with a new log, the
last one kept; a guest who leaves frees the seat."""

from __future__ import annotations

import asyncio
from pathlib import Path

from net import SeatKeys
from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY, playing, same_game, secret, server
from wordsy_tui.games.wordsy.host import WordsyHost
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.kept import KEPT_FOLDER, SeatKeep
from wordsy_tui.table.saved import saved_game
from wordsy_tui.table.seatbook import SeatBook

BOT = "Bot 1 (easy)"


async def finish(host: WordsyHost) -> None:
    """Play the game to its end at once: the host ends every phase as its clock would."""
    while host.state.phase is not Phase.OVER:
        await host.end_phase()
        await asyncio.sleep(0)


async def test_the_table_plays_again_and_a_guest_who_leaves_frees_the_seat(tmp_path: Path):
    host = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", host, bots=("easy",))
    keys = SeatKeys(tmp_path / "player" / "seats.json")
    bob = WordsySeat.join("127.0.0.1", 0, "Bob", DICTIONARY, keys=keys)
    cat = WordsySeat.join("127.0.0.1", 0, "Cat", DICTIONARY)
    wes = WordsySeat.join("127.0.0.1", 0, "Wes", DICTIONARY, spectate=True)
    try:
        await ann.start()
        for guest in (bob, cat, wes):
            guest.door.client.address = ("127.0.0.1", host.port)
            await guest.start()
        await wait_until(lambda: len(host.state.players) == 4)
        too_soon = await ann.rematch()
        assert too_soon == "The game is not over yet: a rematch starts from the results."
        assert await ann.start_game() is None
        await finish(host)
        await wait_until(lambda: same_game(host.state, ann.state, bob.state, wes.state))
        first_log, first = host.log_path, host.state
        bob_token = bob.door.client.token

        assert await ann.rematch() is None

        assert host.log_path != first_log
        assert host.log_path.is_file()
        kept = saved_game(first_log)
        assert kept is not None, "the last game stays saved and replayable"
        assert kept.finished
        assert kept.rounds == 7
        for session in (ann, bob, cat, wes):
            await wait_until(lambda s=session: s.state.phase is Phase.LOBBY)
            await wait_until(lambda s=session: s.state.players == first.players)
        assert host.state.players == ("Ann", BOT, "Bob", "Cat"), "the same seats, in order"
        assert host.state.config == first.config
        assert host.state.bots == frozenset({BOT})
        assert bob.door.client.game == host.log_path.stem
        assert bob.door.client.token == bob_token
        assert SeatBook.beside(host.log_path).host_seat() == "Ann"
        assert SeatBook.beside(host.log_path).token(BOT) is not None

        await cat.leave_table()  # "leave (n)"
        await cat.stop()
        await wait_until(lambda: "Cat" not in host.host.presence)
        assert host.state.players == ("Ann", BOT, "Bob")
        await wait_until(lambda: wes.state.players == ("Ann", BOT, "Bob"))

        kept = SeatKeep(keys.path.parent / KEPT_FOLDER)
        async with playing(ann, bob):
            assert await ann.start_game() is None
            await wait_until(lambda: host.state.round == 2, timeout=30)
            # Bob's words of the rematch are kept under its own game.
            await wait_until(lambda: kept.read(bob_token, host.log_path.stem) is not None)
        assert host.state.sheets["Bob"].rows[0].word == secret("Bob", 1)
        await wait_until(lambda: same_game(host.state, wes.state))
    finally:
        for guest in (bob, cat, wes):
            await guest.stop()
        await ann.stop()
