"""The child's side of a front: its kept seat token, read and written through a file."""

from __future__ import annotations

from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY, server
from tests.session.test_table_waits import SLOW
from tests.session.test_tile_lan import DICTIONARY as TILE_WORDS
from tests.session.test_tile_lan import tile_host
from wordsy_tui.front.seat import LoopbackSources, SeatFile, read_token, write_token
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.kept import SeatKeep


async def test_a_kept_seat_comes_back_to_the_same_seat_and_a_stale_one_sits_down_anew(tmp_path):
    host = server(tmp_path)
    await host.start()
    seat_file = tmp_path / "ann.token"
    write_token(seat_file, "a-token-this-game-never-gave")
    try:
        first = WordsySeat.join(
            "127.0.0.1", host.port, "Ann", DICTIONARY, keeper=SeatFile(seat_file)
        )
        await first.start()  # the stale token is refused: Ann sits down as a newcomer
        assert first.me == "Ann"
        token = read_token(seat_file)
        assert token is not None
        assert token != "a-token-this-game-never-gave"
        await first.stop()

        again = WordsySeat.join(
            "127.0.0.1", host.port, "Ann", DICTIONARY, keeper=SeatFile(seat_file)
        )
        await again.start()
        assert again.me == "Ann"
        assert list(host.state.players) == ["Ann"]  # the same seat, not a second one
        assert read_token(seat_file) == token
        await again.stop()
    finally:
        await host.stop()


def test_a_damaged_token_file_reads_as_no_token(tmp_path):
    path = tmp_path / "t.token"
    path.write_bytes(b"\xff\x00\x1b[2J")
    assert read_token(path) is None
    assert read_token(tmp_path / "missing") is None


async def test_a_child_that_comes_back_reveals_the_word_the_last_child_wrote(tmp_path):
    host = server(tmp_path, captain="Ann", absent_grace=600.0)
    host.config = SLOW
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    seat_file = tmp_path / "ssh" / "bob.token"
    seat_file.parent.mkdir()

    def kept() -> WordsySeat:
        keeper = SeatFile(seat_file)
        return WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY, keeper=keeper)

    bob = kept()
    again: WordsySeat | None = None
    try:
        await bob.start()
        await wait_until(lambda: len(host.state.players) == 2)
        await ann.start_game()
        await wait_until(lambda: bob.state.phase is Phase.WRITING)
        await bob.write("SAMPLING")
        await bob.stop()  # the SSH link drops: the front ends the child
        await ann.lock_in()
        assert await host.end_phase() is None  # the reveal waits for Bob's word
        await wait_until(lambda: host.state.phase is Phase.REVEAL)

        again = kept()
        await again.start()  # the next child: the seat, the word and its salt are back
        assert again.word == "SAMPLING"
        await wait_until(lambda: host.state.draft("Bob").revealed)
        assert host.state.draft("Bob").word == "SAMPLING"
    finally:
        if again is not None:
            await again.stop()
        await ann.stop()


async def test_a_tile_seat_kept_by_a_front_lays_its_tentative_play_again(tmp_path):
    host = tile_host(tmp_path)
    await host.start()
    seat_file = tmp_path / "web" / "ann.token"
    seat_file.parent.mkdir()

    def seat() -> TileSeat:
        keeper = SeatFile(seat_file)
        return TileSeat.join(
            "127.0.0.1", host.port, "Ann", GameName.SCRABBLE, TILE_WORDS, keeper=keeper
        )

    ann = seat()
    again: TileSeat | None = None
    try:
        await ann.start()
        ann.hold([(112, "Q"), (113, "i")])  # laid on the board, not played
        await ann.stop()
        again = seat()
        await again.start()
        assert again.laid_again == ((112, "Q"), (113, "i"))
        again.hold([])  # taken back off the board: nothing is laid again next time
        await again.stop()
        again = seat()
        await again.start()
        assert again.laid_again == ()
    finally:
        if again is not None:
            await again.stop()
        await host.stop()


def test_a_damaged_kept_state_is_dropped_and_another_games_is_not_taken(tmp_path):
    keep = SeatKeep(tmp_path / "kept")
    keep.write("t", "game-1", {"placed": [[112, "Q"], [999, "A"], [3, "AB"], "x", [4]]})
    assert keep.read("t", "game-2") is None  # a rematch: a game of its own
    session = TileSeat.join("127.0.0.1", 9, "Ann", GameName.SCRABBLE, TILE_WORDS)
    session.take_back(keep.read("t", "game-1") or {})
    assert session.laid_again == ((112, "Q"),)
    keep.path("t").write_text("{not json")
    assert keep.read("t", "game-1") is None
    keep.write("t", "game-1", None)
    assert not keep.path("t").exists()
    assert oct(keep.folder.stat().st_mode & 0o777) == "0o700"


def test_each_players_address_has_a_loopback_address_of_its_own_at_the_host():
    sources = LoopbackSources("127.0.0.1")
    assert sources.usable  # Linux answers on all of 127.0.0.0/8
    first = sources.source("192.0.2.7")
    assert first is not None
    assert first.startswith("127.")
    assert not first.startswith("127.0.0.")  # never the host's own, exempt 127.0.0.1
    assert sources.source("192.0.2.7") == first
    assert sources.source("192.0.2.8") != first
    # One machine may pick any address of its IPv6 /64: the /64 is one player's address.
    assert sources.source("2001:db8::1") == sources.source("2001:db8::2")
    # The host's own machine is exempt, as its own players are.
    assert sources.source("127.0.0.1") is None
    assert sources.source("::1") is None
    # A game bound to another address (--bind): its children connect as any program would.
    assert LoopbackSources("192.0.2.1").source("192.0.2.7") is None
