"""Word Nerds across the LAN (127.0.0.1): its host, people's `NerdsSeat`s and the host's
computer players.

Each person acts from their own seat's view only (the computer players' decisions at a
hard level, over everyday words), sealing a bid that the seat opens by itself once the
bids close, also a seat whose program was restarted (through a terminal's seat keys or a
front's seat file) and the host's own players after the host crashed and was resumed.
Every seat's state is the host's as the rules' view gives it to that seat.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from net import SeatKeys
from tests.games.wordnerds.tables import everyday_finder
from tests.net.helpers import FAST, wait_until
from wordsy_tui.engine.levels import Level
from wordsy_tui.front.seat import SeatFile
from wordsy_tui.games.wordnerds.host import NerdsHost, wordnerds_host
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Bot, Choice, next_move
from wordsy_tui.games.wordnerds.rules.codec import decode_event
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
from wordsy_tui.games.wordnerds.rules.legal import legal_bids, may_bid
from wordsy_tui.games.wordnerds.rules.state import Phase
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.table.joined import game_at

DICTIONARY = "test-words"
ME = "Ann"
SLOW = NerdsConfig(
    declare_seconds=3600,
    window_seconds=3600,
    bid_seconds=3600,
    reveal_seconds=3600,
    pick_seconds=3600,
    refresh_seconds=3600,
    purchase_seconds=3600,
    discard_seconds=3600,
)
"""No clock ends a wait in these tests before they do."""


def nerds_host(
    tmp_path: Path, config: NerdsConfig = SLOW, log: str = "game.log", **options: Any
) -> NerdsHost:
    server = wordnerds_host(
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


def join(server: NerdsHost, name: str, **knock: Any) -> NerdsSeat:
    return NerdsSeat.join("127.0.0.1", server.port, name, DICTIONARY, **knock)


def choice_for(seat: NerdsSeat) -> Choice | None:
    """What a person at `seat` does now, from their own view only."""
    me = seat.me
    assert me is not None
    return next_move(seat.state, Bot(me, STYLES[Level.HARD], everyday_finder(), 7))


async def act(seat: NerdsSeat) -> bool:
    """The person at `seat` does what they would now; whether they did anything."""
    choice = choice_for(seat)
    if choice is None:
        return False
    problem = await (seat.seal_bid(choice) if isinstance(choice, Bid) else seat.act(choice))
    # The computer player acts at the same time: a word declared, the phase moved on, a
    # trump battle begun or the word an action card was meant for gone from play since the
    # person chose are races, not refusals of the rules.
    races = ("declared first", "moved on", "trump battle is decided", "on a word in play")
    assert problem is None or any(race in problem for race in races), problem
    return True


async def seal(seat: NerdsSeat) -> Bid:
    """The person at `seat` seals their highest token, as soon as they may bid."""
    me = seat.me
    assert me is not None
    await wait_until(lambda: may_bid(seat.state, me))
    bid = max(legal_bids(seat.state, me), key=lambda b: (b.token, b.cards))
    assert await seat.seal_bid(bid) is None
    return bid


def check_views(server: NerdsHost, seats: list[NerdsSeat]) -> None:
    """Each seat's state is the host's, as of the events it has, in its seat's view."""
    rules = server.game.rules
    for seat in seats:
        host_then = rules.fresh()
        for body in server.host.events[: seat.door.seq]:
            host_then = rules.evolve(host_then, decode_event(body))
        assert seat.state == rules.state_for(host_then, seat.me), seat.me


async def settled(server: NerdsHost, seats: list[NerdsSeat]) -> None:
    await wait_until(lambda: all(seat.door.seq == server.host.seq for seat in seats))


async def test_people_and_a_computer_player_play_turns_and_see_their_own_view(tmp_path):
    server = nerds_host(tmp_path, captain=ME)
    ann = NerdsSeat.host(ME, server, bots=("easy",))
    await ann.start()
    bob = join(server, "Bob")
    await bob.start()
    people = [ann, bob]
    try:
        assert await game_at("127.0.0.1", server.port, DICTIONARY) == "wordnerds"
        await wait_until(lambda: len(server.state.players) == 3)
        assert await ann.start_game() is None
        while server.state.turn < 4:
            await settled(server, people)
            acted = [await act(seat) for seat in people]
            if not any(acted):
                # Nothing for the people to do: the computer player (or a seat opening
                # its bid) moves the table on.
                seq = server.host.seq
                await wait_until(lambda s=seq: server.host.seq > s)
            check_views(server, people)
        kinds = {body["kind"] for body in server.host.events}
        assert {"BidSealed", "BidRevealed", "BidsRevealed", "CardPicked"} <= kinds
        assert {"DeclarationEnded", "PurchaseOpened"} <= kinds
    finally:
        await bob.stop()
        await ann.stop()


@pytest.mark.parametrize("door", ["terminal", "front"])
async def test_a_sealed_bid_comes_back_with_a_restarted_program(tmp_path, door):
    """Bob seals his bid, and his program dies: the one that comes back, through a
    terminal's seat keys or an SSH or web front's seat file, opens the same bid."""
    server = nerds_host(tmp_path, captain=ME, absent_grace=600.0)
    ann = NerdsSeat.host(ME, server)
    await ann.start()

    def bobs() -> NerdsSeat:
        if door == "terminal":
            return join(server, "Bob", keys=SeatKeys(tmp_path / "keys.json"))
        return join(server, "Bob", keeper=SeatFile(tmp_path / "bob.token"))

    bob = bobs()
    again: NerdsSeat | None = None
    try:
        await bob.start()
        await wait_until(lambda: len(server.state.players) == 2)
        await ann.start_game()
        sealed = await seal(bob)
        await bob.stop()  # the program dies with its bid sealed
        await seal(ann)
        await wait_until(lambda: server.state.phase is Phase.REVEALING)
        assert "Bob" not in server.state.bids  # the bids wait for Bob's to be opened

        again = bobs()
        await again.start()  # its seat, and the bid and salt behind its commitment
        await wait_until(lambda: server.state.phase is Phase.PICKING)
        assert server.state.bids["Bob"].token == sealed.token
        assert dict(server.state.revealed)["Bob"] >= sealed.token
    finally:
        if again is not None:
            await again.stop()
        await ann.stop()


async def test_the_hosts_own_players_open_their_bids_after_the_host_crashed(tmp_path):
    """The hosting player and a computer player seal their bids; the host dies before Bob
    has bid; resumed from its log, its players take their sealed bids back from the seat
    book and open them once Bob seals."""
    server = nerds_host(tmp_path, captain=ME)
    ann = NerdsSeat.host(ME, server, bots=("easy",))
    await ann.start()
    bob = join(server, "Bob", keys=SeatKeys(tmp_path / "keys.json"))
    await bob.start()
    await wait_until(lambda: len(server.state.players) == 3)
    await ann.start_game()
    sealed = await seal(ann)
    bot = next(p for p in server.state.players if p in server.state.bots)
    await wait_until(lambda: bot in server.state.sealed)
    port = server.port
    await bob.stop()
    await ann.stop()  # the host's process ends with the auction half bid

    resumed = nerds_host(tmp_path, captain=ME, port=port)
    ann = NerdsSeat.host(ME, resumed)
    await ann.start()
    assert ann.sealed_bid == sealed  # shown as her bid again, sealed
    bob = join(resumed, "Bob", keys=SeatKeys(tmp_path / "keys.json"))
    try:
        await bob.start()
        assert set(resumed.state.sealed) == {ME, bot}
        await seal(bob)
        await wait_until(lambda: resumed.state.phase is Phase.PICKING)
        assert resumed.state.bids[ME].token == sealed.token
        opened = [decode_event(b) for b in resumed.host.events]
        assert any(isinstance(e, ev.BidRevealed) and e.player == bot for e in opened)
    finally:
        await bob.stop()
        await ann.stop()


async def test_the_table_moves_on_without_a_player_whose_program_has_gone(tmp_path):
    server = nerds_host(tmp_path, captain=ME, absent_grace=0.2)
    ann = NerdsSeat.host(ME, server)
    await ann.start()
    bob = join(server, "Bob")
    await bob.start()
    try:
        await wait_until(lambda: len(server.state.players) == 2)
        await ann.start_game()
        await bob.stop()  # gone, with nothing sealed
        await seal(ann)
        await wait_until(lambda: server.state.phase is not Phase.BIDDING)
        assert server.state.unsealed == {"Bob"}  # his bid is the 0
    finally:
        await ann.stop()


async def play_to(server: NerdsHost, people: list[NerdsSeat], done: Any) -> None:
    """The people act from their own views (the computer players by themselves) until
    `done(server.state)`."""
    while not done(server.state):
        await settled(server, people)
        acted = [await act(seat) for seat in people]
        if not any(acted):
            seq = server.host.seq
            await wait_until(lambda s=seq: server.host.seq > s or done(server.state))


async def test_a_rematch_seats_the_table_again_in_a_new_game(tmp_path):
    server = nerds_host(tmp_path, captain=ME)
    ann = NerdsSeat.host(ME, server, bots=("expert",))
    await ann.start()
    try:
        await wait_until(lambda: len(server.state.players) == 2)
        await ann.start_game()
        first_log = server.log_path
        await play_to(server, [ann], lambda state: state.phase is Phase.OVER)
        assert max(server.state.scores.values()) >= 100
        assert await ann.rematch() is None
        await wait_until(lambda: ann.state.phase is Phase.LOBBY and len(ann.state.players) == 2)
        assert server.log_path != first_log
        assert ann.state.players[0] == ME  # the hosting player first: the new captain
        assert await ann.start_game() is None
        await wait_until(lambda: ann.state.phase is Phase.BIDDING)
        assert ann.state.scores == dict.fromkeys(ann.state.players, 0)
    finally:
        await ann.stop()


async def test_a_spectator_sees_what_the_table_sees_and_no_hand(tmp_path):
    server = nerds_host(tmp_path, captain=ME)
    ann = NerdsSeat.host(ME, server, bots=("easy",))
    await ann.start()
    watcher = join(server, "dora", spectate=True)
    try:
        await wait_until(lambda: len(server.state.players) == 2)
        await ann.start_game()
        await watcher.start()
        await play_to(server, [ann], lambda state: state.turn >= 2)
        await settled(server, [ann, watcher])
        assert watcher.me is None
        check_views(server, [watcher])
        assert all(set(watcher.state.hand(p)) <= {-1} for p in server.state.players)
        assert await watcher.seal_bid(Bid(0)) == "Spectators watch; they do not bid."
    finally:
        await watcher.stop()
        await ann.stop()
