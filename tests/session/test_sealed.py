"""Commit-reveal at a seat, written once for every game (`table.sealed`), and where a
terminal join keeps its sealed choices (`table.joined.KeptDrafts`)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from net import Client, SeatKeys
from wordsy_tui.engine.sealed import commit
from wordsy_tui.table.joined import DRAFTS_FOLDER, KEPT_DRAFTS, KeptDrafts
from wordsy_tui.table.sealed import Sealed, Sealings


class Notebook:
    """A keeper in memory: what it was last given, and how often."""

    def __init__(self, period: int = 0, choices: Sealings | None = None) -> None:
        self.period = period
        self.choices = dict(choices or {})
        self.kept = 0

    def sealed(self) -> tuple[int, dict[bytes, tuple[str, bytes]]]:
        return self.period, dict(self.choices)

    def keep_sealed(self, period: int, choices: Sealings) -> None:
        self.period, self.choices = period, dict(choices)
        self.kept += 1


def test_a_choice_is_kept_before_its_commitment_is_known_and_opens_once() -> None:
    sealed, book = Sealed(), Notebook()
    sealed.keep_with(book)
    sealed.begin(3)
    first = sealed.seal("PLANTS")
    second = sealed.seal("PLANETS")  # a rewrite: the first stays, the host may hold it
    assert book.period == 3
    assert set(book.choices) == {first, second}
    text, salt = book.choices[second]
    assert (text, commit(text, salt)) == ("PLANETS", second)
    assert sealed.latest == "PLANETS"
    assert sealed.open(second) == (text, salt)
    assert sealed.open(second) is None  # revealed once
    assert second in book.choices  # still kept: a reveal lost in a crash is sent again


def test_only_a_later_period_forgets_and_tells_the_keeper() -> None:
    sealed, book = Sealed(), Notebook()
    sealed.keep_with(book)
    sealed.begin(2)
    sealed.seal("MIDST")
    kept = book.kept
    assert not sealed.begin(2)  # a seat catching up passes the start of its own period
    assert not sealed.begin(1)
    assert sealed.latest == "MIDST"
    assert book.kept == kept
    assert sealed.begin(3)
    assert sealed.latest is None
    assert (book.period, book.choices) == (3, {})  # what was kept is revealed or void


def test_a_seat_takes_back_what_its_keeper_kept_and_a_rematch_starts_afresh() -> None:
    before = Sealed()
    before.keep_with(Notebook())
    before.begin(5)
    commitment = before.seal("CRYPT")
    book = Notebook(5, before.choices)
    again = Sealed()
    again.keep_with(book)  # the program came back
    assert (again.period, again.latest) == (5, "CRYPT")
    assert again.open(commitment) == before.choices[commitment]
    again.forget()
    assert (again.period, again.choices) == (0, {})
    again.begin(1)
    assert book.kept == 0  # nothing was kept since: the new game's first period forgets nothing


def kept_drafts(tmp_path: Path, game: str | None) -> KeptDrafts:
    keys = SeatKeys(tmp_path / "seats.json")
    client = Client("127.0.0.1", 1, "Ann", keys=keys)
    client.game = game  # (the host's welcome says it)
    return KeptDrafts(client, keys)


def test_a_terminal_join_keeps_its_choices_beside_its_tokens_one_file_per_game(
    tmp_path: Path,
) -> None:
    assert kept_drafts(tmp_path, None).sealed() == (0, {})  # no game yet: nothing to keep
    kept_drafts(tmp_path, None).keep_sealed(1, {b"c": ("WORD", b"s")})
    assert not (tmp_path / DRAFTS_FOLDER).exists()
    drafts = kept_drafts(tmp_path, "game-1")
    drafts.keep_sealed(4, {b"c": ("WORD", b"s")})
    assert kept_drafts(tmp_path, "game-1").sealed() == (4, {b"c": ("WORD", b"s")})
    assert kept_drafts(tmp_path, "game-2").sealed() == (0, {})
    written = json.loads((tmp_path / DRAFTS_FOLDER / "game-1.json").read_text())
    assert written["Ann"]["written"]["round"] == 4


def test_games_long_over_leave_the_drafts_folder_when_a_new_game_keeps_its_first(
    tmp_path: Path,
) -> None:
    folder = tmp_path / DRAFTS_FOLDER
    folder.mkdir()
    for n in range(KEPT_DRAFTS + 3):
        old = folder / f"old-{n:02}.json"
        old.write_text("{}")
        os.utime(old, (n, n))
    kept_drafts(tmp_path, "new").keep_sealed(1, {b"c": ("WORD", b"s")})
    left = sorted(p.stem for p in folder.glob("*.json"))
    assert left == sorted([f"old-{n:02}" for n in range(3, KEPT_DRAFTS + 3)] + ["new"])
