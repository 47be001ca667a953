"""Wordsmith across the LAN (127.0.0.1): its host, people's `WordsmithSeat`s and the host's
computer players.

Each person's turn is chosen from their own seat's view and sealed; each seat reveals it by
itself once choosing closes, also a seat whose program was restarted (through a terminal's
seat keys or a front's seat file) and the host's own players after the host crashed and
was resumed. Every session's state is the host's state as the rules' view gives it to that
seat; a rematch seats the same table again; a spectator sees what the table sees.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import msgpack
import pytest

from net import SeatKeys
from net.framing import decode_body
from tests.app.smith_fixtures import ME
from tests.net.helpers import FAST, Proxy, wait_until
from wordsy_tui.engine.levels import Level
from wordsy_tui.front.seat import SeatFile
from wordsy_tui.games.wordsmith.host import WordsmithHost, wordsmith_host
from wordsy_tui.games.wordsmith.mind import shared_vocabulary
from wordsy_tui.games.wordsmith.rules.bots import choose_turn
from wordsy_tui.games.wordsmith.rules.codec import decode_event
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.rules.grid import SQUARES
from wordsy_tui.games.wordsmith.rules.legal import may_choose
from wordsy_tui.games.wordsmith.rules.sheet import Sheet
from wordsy_tui.games.wordsmith.rules.state import Phase
from wordsy_tui.games.wordsmith.rules.turn import Turn
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.table.joined import game_at

DICTIONARY = "test-words"
SLOW = WordsmithConfig(round_seconds=3600, reveal_seconds=300)
"""No clock ends a wait in these tests before they do."""


def smith_host(
    tmp_path: Path, config: WordsmithConfig = SLOW, log: str = "game.log", **options: Any
) -> WordsmithHost:
    server = wordsmith_host(
        config,
        dictionary=DICTIONARY,
        bind="127.0.0.1",
        port=options.pop("port", 0),
        log_path=tmp_path / log,
        bot_pace=0,
        **options,
    )
    server.host.config = dataclasses.replace(server.host.config, **FAST)
    return server


def join(server: WordsmithHost, name: str, **knock: Any) -> WordsmithSeat:
    return WordsmithSeat.join("127.0.0.1", server.port, name, DICTIONARY, **knock)


def turn_for(seat: WordsmithSeat) -> Turn:
    """The turn a person at `seat` takes, chosen from their own view only."""
    me = seat.me
    assert me is not None
    rng = random.Random(f"{me} {seat.state.round}")
    return choose_turn(seat.state, me, Level.MEDIUM, shared_vocabulary(), seat.rules.words, rng)


async def seal(seat: WordsmithSeat) -> Turn:
    await wait_until(lambda: seat.me is not None and may_choose(seat.state, seat.me))
    turn = turn_for(seat)
    assert await seat.seal(turn) is None
    return turn


def written(sheet: Sheet) -> int:
    return sum(not sheet.vacant(square) for square in range(SQUARES))


def check_views(server: WordsmithHost, seats: list[WordsmithSeat]) -> None:
    """Each seat's state is the host's, as of the events it has, in its seat's view (the
    computer players may have sealed the next round's turns meanwhile)."""
    rules = server.game.rules
    for seat in seats:
        host_then = rules.fresh()
        for body in server.host.events[: seat.door.seq]:
            host_then = rules.evolve(host_then, decode_event(body))
        assert seat.state == rules.state_for(host_then, seat.me), seat.me


async def test_people_and_computer_players_play_rounds_and_see_their_own_view(tmp_path):
    server = smith_host(tmp_path, captain=ME)
    ann = WordsmithSeat.host(ME, server, bots=("easy", "easy"))
    await ann.start()
    bob = join(server, "Bob")
    await bob.start()
    try:
        assert await game_at("127.0.0.1", server.port, DICTIONARY) == "wordsmith"
        await wait_until(lambda: len(server.state.players) == 4)
        assert await ann.start_game() is None
        for round_number in (1, 2, 3):
            await wait_until(lambda r=round_number: server.state.round == r)
            await seal(ann)
            await seal(bob)
            await wait_until(lambda r=round_number: server.state.round == r + 1)
            await wait_until(lambda: bob.state.round == server.state.round)
            check_views(server, [ann, bob])
    finally:
        await bob.stop()
        await ann.stop()


@pytest.mark.parametrize("door", ["terminal", "front"])
async def test_a_sealed_turn_comes_back_with_a_restarted_program(tmp_path, door):
    """Bob seals his turn, and his program dies: the one that comes back, through a
    terminal's seat keys or an SSH or web front's seat file, reveals the same turn."""
    server = smith_host(tmp_path, captain=ME, absent_grace=600.0)
    ann = WordsmithSeat.host(ME, server)
    await ann.start()

    def bobs() -> WordsmithSeat:
        if door == "terminal":
            return join(server, "Bob", keys=SeatKeys(tmp_path / "keys.json"))
        return join(server, "Bob", keeper=SeatFile(tmp_path / "bob.token"))

    bob = bobs()
    again: WordsmithSeat | None = None
    try:
        await bob.start()
        await wait_until(lambda: len(server.state.players) == 2)
        await ann.start_game()
        sealed = await seal(bob)
        await bob.stop()  # the program dies with its turn sealed
        await seal(ann)
        await wait_until(lambda: server.state.phase is Phase.REVEAL)
        assert "Bob" in server.state.waiting_on()  # the reveal waits for Bob's turn

        again = bobs()
        await again.start()  # its seat, and the turn and salt behind its commitment
        await wait_until(lambda: server.state.round == 2)
        bob_sheet = server.state.sheet("Bob")
        assert all(bob_sheet.letter(pick.square) == pick.letter for pick in sealed.picks)
    finally:
        if again is not None:
            await again.stop()
        await ann.stop()


async def test_the_hosts_own_players_reveal_after_the_host_crashed_and_resumed(tmp_path):
    """The hosting player and a computer player seal their turns; the host dies before Bob
    has chosen; resumed from its log, its players take their sealed turns back from the
    seat book and reveal them once Bob seals."""
    server = smith_host(tmp_path, captain=ME)
    ann = WordsmithSeat.host(ME, server, bots=("easy",))
    await ann.start()
    bob = join(server, "Bob", keys=SeatKeys(tmp_path / "keys.json"))
    await bob.start()
    await wait_until(lambda: len(server.state.players) == 3)
    await ann.start_game()
    sealed = await seal(ann)
    bot = next(p for p in server.state.players if p in server.state.bots)
    await wait_until(lambda: bot not in server.state.waiting_on())
    bots_start = server.state.sheet(bot)
    port = server.port
    await bob.stop()
    await ann.stop()  # the host's process ends with the round half chosen

    resumed = smith_host(tmp_path, captain=ME, port=port)
    ann = WordsmithSeat.host(ME, resumed)
    await ann.start()
    assert ann.sealed_turn == sealed  # shown on her sheet again, sealed
    bob = join(resumed, "Bob", keys=SeatKeys(tmp_path / "keys.json"))
    try:
        await bob.start()
        assert resumed.state.waiting_on() == {"Bob"}
        await seal(bob)
        await wait_until(lambda: resumed.state.round == 2)
        sheet = resumed.state.sheet(ME)
        assert all(sheet.letter(pick.square) == pick.letter for pick in sealed.picks)
        # Every turn writes its two picks (what else it does is the bot's choice).
        assert written(resumed.state.sheet(bot)) == written(bots_start) + 2
    finally:
        await bob.stop()
        await ann.stop()


async def test_a_round_moves_on_without_a_player_whose_program_has_gone(tmp_path):
    server = smith_host(tmp_path, captain=ME, absent_grace=0.2)
    ann = WordsmithSeat.host(ME, server)
    await ann.start()
    bob = join(server, "Bob")
    await bob.start()
    try:
        await wait_until(lambda: len(server.state.players) == 2)
        await ann.start_game()
        await bob.stop()  # gone, with nothing sealed
        await seal(ann)
        await wait_until(lambda: server.state.round == 2)
        assert server.state.sheet("Bob").spent == 0
    finally:
        await ann.stop()


async def test_a_rematch_seats_the_table_again_in_a_new_game(tmp_path):
    server = smith_host(tmp_path, captain=ME)
    ann = WordsmithSeat.host(ME, server, bots=("easy",))
    await ann.start()
    try:
        await wait_until(lambda: len(server.state.players) == 2)
        await ann.start_game()
        first_log = server.log_path
        while server.state.phase is not Phase.OVER:
            await seal(ann)
            await wait_until(lambda: ann.state.phase is Phase.OVER or may_choose(ann.state, ME))
        assert await ann.rematch() is None
        await wait_until(lambda: ann.state.phase is Phase.LOBBY and len(ann.state.players) == 2)
        assert server.log_path != first_log
        assert ann.state.players[0] == ME  # the hosting player first: the new captain
        assert await ann.start_game() is None
        await seal(ann)
        await wait_until(lambda: server.state.round == 2)
    finally:
        await ann.stop()


@pytest.mark.parametrize("open_sheets", [True, False])
async def test_a_spectator_sees_what_the_table_sees(tmp_path, open_sheets):
    config = dataclasses.replace(SLOW, open_sheets=open_sheets)
    server = smith_host(tmp_path, config, captain=ME)
    ann = WordsmithSeat.host(ME, server, bots=("easy",))
    await ann.start()
    watcher = join(server, "dora", spectate=True)
    try:
        await wait_until(lambda: len(server.state.players) == 2)
        await ann.start_game()
        await watcher.start()
        await seal(ann)
        await wait_until(lambda: watcher.state.round == 2)
        assert watcher.me is None
        check_views(server, [watcher])
        shown = watcher.state.sheet(ME)
        assert (shown == server.state.sheet(ME)) is open_sheets
        assert await watcher.seal(turn_for(ann)) == "Spectators watch; they do not play."
    finally:
        await watcher.stop()
        await ann.stop()


def packed_turns(log: list[dict[str, Any]]) -> dict[tuple[str, int], bytes]:
    """Each turn played in the host's log, by its player and round, as msgpack packs it
    wherever it travels (a `Reveal` command's field, a `TurnPlayed` event's)."""
    return {
        (body["player"], body["round"]): msgpack.packb(body["turn"], use_bin_type=True)
        for body in log
        if body["kind"] == "TurnPlayed"
    }


def before_choices_closed(stream: bytes) -> dict[int, bytes]:
    """For each round, the part of a connection's stream from the host before the frame
    that closes that round's choosing."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(stream)
    cut, start = {}, 0
    for frame in unpacker:
        if frame["t"] == "ev":
            body = decode_body(frame["body"])
            if body["kind"] == "ChoicesClosed":
                cut[body["round"]] = stream[:start]
        start = unpacker.tell()
    return cut


async def test_no_turn_reaches_another_player_or_the_host_before_choosing_closes(tmp_path):
    """A whole game of the hosting player, Bob (behind a recording proxy) and two computer
    players: every turn Bob receives reaches him only after that round's choosing closed,
    and his own turn leaves his program only in his reveal."""
    server = smith_host(tmp_path, captain=ME)
    ann = WordsmithSeat.host(ME, server, bots=("easy", "medium"))
    await ann.start()
    proxy = Proxy(server.port)
    bob = WordsmithSeat.join("127.0.0.1", await proxy.start(), "Bob", DICTIONARY)
    try:
        await bob.start()
        await wait_until(lambda: len(server.state.players) == 4)
        await ann.start_game()
        for round_number in range(1, 13):
            await wait_until(lambda r=round_number: server.state.round == r)
            await seal(ann)
            await seal(bob)
        await wait_until(lambda: bob.state.phase is Phase.OVER)
    finally:
        await bob.stop()
        await ann.stop()
        await proxy.stop()

    turns = packed_turns(server.host.events)
    assert {round_number for _, round_number in turns} == set(range(1, 13))
    received = bytes(proxy.recorded)
    cut = before_choices_closed(received)
    for (player, round_number), turn in turns.items():
        if player != "Bob":
            assert turn not in cut[round_number], (player, round_number)
            assert turn in received  # open sheets: it does arrive once revealed
    sent = frames_of(bytes(proxy.sent))
    for (player, round_number), turn in turns.items():
        if player == "Bob":
            carrying = [f for f in sent if turn in msgpack.packb(f, use_bin_type=True)]
            assert [f["body"]["kind"] for f in carrying] == ["Reveal"], round_number


def frames_of(stream: bytes) -> list[dict[str, Any]]:
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(stream)
    return list(unpacker)
