"""Twenty-One registered for the test (`wordsy_tui.kit.KITS` given its kit's line, the
registry's cache cleared before and after), and a home of its own for what the program
keeps (seat tokens, saved games, the SSH host key)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.games.madeup.registry import registered
from wordsy_tui import kit


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """Twenty-One is one of the table's games for this test; the data home it returns is
    the program's (and its children's)."""
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setattr(kit, "KITS", registered())
    kit.kits.cache_clear()
    try:
        yield home
    finally:
        monkeypatch.undo()
        kit.kits.cache_clear()
