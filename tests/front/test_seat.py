"""The child's side of a front: its kept seat token, read and written through a file."""

from __future__ import annotations

from tests.session.test_lan import DICTIONARY, server
from wordsy_tui.front.seat import SeatFile, read_token, write_token
from wordsy_tui.games.wordsy.seat import WordsySeat


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
