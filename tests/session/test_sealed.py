"""Commit-reveal at a seat, written once for every game (`table.sealed`), and where a
terminal join keeps what only it knows of the game in progress (`table.joined.KeptBeside`,
over `table.kept`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from net import Client, SeatKeys
from wordsy_tui.engine.sealed import commit
from wordsy_tui.table.joined import KeptBeside
from wordsy_tui.table.kept import KEPT_FILES, KEPT_FOLDER
from wordsy_tui.table.sealed import Sealed


class Notebook:
    """Where a seat keeps its sealed choices, in memory: what it was last given, and how
    often (`Sealed` tells it of each change)."""

    def __init__(self, sealed: Sealed) -> None:
        self.sealed = sealed
        self.kept: Mapping[str, Any] | None = None
        self.times = 0

    def keep(self) -> None:
        self.kept = self.sealed.as_kept()
        self.times += 1


def kept_sealed() -> tuple[Sealed, Notebook]:
    book = Notebook(Sealed())
    sealed = Sealed(book.keep)
    book.sealed = sealed
    return sealed, book


def test_a_choice_is_kept_before_its_commitment_is_known_and_opens_once() -> None:
    sealed, book = kept_sealed()
    sealed.begin(3)
    first = sealed.seal("PLANTS")
    second = sealed.seal("PLANETS")  # a rewrite: the first stays, the host may hold it
    assert book.kept is not None
    assert book.kept["period"] == 3
    assert {bytes.fromhex(c) for c, _, _ in book.kept["choices"]} == {first, second}
    text, salt = sealed.choices[second]
    assert (text, commit(text, salt)) == ("PLANETS", second)
    assert sealed.latest == "PLANETS"
    assert sealed.open(second) == (text, salt)
    assert sealed.open(second) is None  # revealed once
    kept_second = [c for c, _, _ in book.kept["choices"]]
    assert second.hex() in kept_second  # still kept: a reveal lost in a crash is sent again


def test_only_a_later_period_forgets_and_tells_the_keeper() -> None:
    sealed, book = kept_sealed()
    sealed.begin(2)
    sealed.seal("MIDST")
    times = book.times
    assert not sealed.begin(2)  # a seat catching up passes the start of its own period
    assert not sealed.begin(1)
    assert sealed.latest == "MIDST"
    assert book.times == times
    assert sealed.begin(3)
    assert sealed.latest is None
    assert book.kept is None  # what was kept is revealed or void


def test_a_seat_takes_back_what_it_kept_and_a_rematch_starts_afresh() -> None:
    before, book = kept_sealed()
    before.begin(5)
    commitment = before.seal("CRYPT")
    assert book.kept is not None
    again, since = kept_sealed()
    again.take_back(book.kept)  # the program came back
    assert (again.period, again.latest) == (5, "CRYPT")
    assert again.open(commitment) == before.choices[commitment]
    again.forget()
    assert (again.period, again.choices) == (0, {})
    again.begin(1)
    assert since.times == 0  # nothing was sealed since: the new game's first period forgets none


def test_a_damaged_kept_choice_is_dropped_and_a_wordsy_file_of_before_is_read() -> None:
    sealed = Sealed()
    sealed.take_back({"round": 2, "words": [["zz", 1], [b"\x01".hex(), "WORD", "0a"]]})
    assert sealed.period == 2
    assert sealed.choices == {b"\x01": ("WORD", b"\n")}
    sealed.take_back({"period": True, "choices": []})  # not a period: nothing taken back
    assert sealed.period == 2


def beside(tmp_path: Path, token: str | None, game: str | None) -> KeptBeside:
    keys = SeatKeys(tmp_path / "seats.json")
    client = Client("127.0.0.1", 1, "Ann", keys=keys)
    client.token, client.game = token, game  # (the host's welcome says them)
    return KeptBeside(client, keys)


def test_a_terminal_join_keeps_its_game_in_progress_beside_its_tokens_per_game(
    tmp_path: Path,
) -> None:
    assert beside(tmp_path, None, None).kept() is None  # no seat yet: nothing to keep
    beside(tmp_path, None, None).keep({"period": 1})
    assert not (tmp_path / KEPT_FOLDER).exists()
    beside(tmp_path, "t", "game-1").keep({"period": 4})
    assert beside(tmp_path, "t", "game-1").kept() == {"period": 4}
    assert beside(tmp_path, "t", "game-2").kept() is None  # a rematch: a game of its own
    assert beside(tmp_path, "u", "game-1").kept() is None  # another seat's
    beside(tmp_path, "t", "game-1").keep(None)
    assert beside(tmp_path, "t", "game-1").kept() is None


def test_games_long_over_leave_the_folder_when_a_seat_first_looks(tmp_path: Path) -> None:
    folder = tmp_path / KEPT_FOLDER
    folder.mkdir()
    for n in range(KEPT_FILES + 3):
        old = folder / f"old-{n:02}.json"
        old.write_text("{}")
        os.utime(old, (n, n))
    assert beside(tmp_path, "t", "new").kept() is None
    left = sorted(p.stem for p in folder.glob("*.json"))
    assert left == sorted(f"old-{n:02}" for n in range(3, KEPT_FILES + 3))
