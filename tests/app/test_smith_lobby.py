"""The hosting player's lobby says how to join: the fronts' way first, once, and the SSH
host key's fingerprint whole, within the panel beside the sheet at 80x24, beside all ten
players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from rich.console import Console
from textual.widgets import Static

from tests.app.smith_fixtures import ME
from tests.app.tile_fixtures import until
from wordsy_tui.games.wordsmith.app.app import SIDE_WIDTH, WordsmithApp, join_hint
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.seam import WordsmithRules
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.table.local import Local

FINGERPRINT = "SHA256:20GVZvd5c8/XQkYtfP2Lj1curpd5val07IJ4xyRbq/0"
HINT = "Join: ssh -p 2222 NAME@192.168.1.20 · join --connect 192.168.1.20:47474"


@dataclass
class Fronts:
    ssh_fingerprint: str | None


@dataclass
class Server:
    fronts: Fronts | None
    front_hint: str | None
    addresses: tuple[str, ...] = ("192.168.1.20",)
    port: int = 47474


def rendered(server: Server) -> list[str]:
    console = Console(width=SIDE_WIDTH, record=True)
    console.print(join_hint(cast(Any, server), SIDE_WIDTH))
    return console.export_text().splitlines()


def test_the_fronts_way_in_and_the_whole_host_key_fit_four_lines() -> None:
    lines = rendered(Server(Fronts(FINGERPRINT), HINT))
    assert len(lines) <= 4
    assert " ".join(lines).count("Join:") == 1
    assert FINGERPRINT in "".join(line.strip() for line in lines)
    assert all(len(line) <= SIDE_WIDTH for line in lines)


def test_without_fronts_the_address_to_join_by() -> None:
    said = " ".join(line.strip() for line in rendered(Server(None, None)))
    assert said == "Join: wordsy-tui join --connect 192.168.1.20:47474"


async def test_ten_seated_fit_beside_the_way_in_at_80x24() -> None:
    bots = tuple(f"Bot {n} (easy)" for n in range(1, 10))
    opening = cmd.opening(WordsmithConfig(), (ME,), bots)[:-1]  # not started
    seat = WordsmithSeat(Local(WordsmithRules(), ME, opening, timed=False))
    seat.server = cast(Any, Server(Fronts(FINGERPRINT), HINT))  # a host served over SSH too
    app = WordsmithApp(seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table_screen.is_mounted and len(seat.state.players) == 10)
        await pilot.pause()
        players = app.table_screen.query_one("#players", Static)
        assert players.region.height >= 10
        shown = str(players.render())
        assert all(player in shown for player in seat.state.players)
        goals = str(app.table_screen.query_one("#goals", Static).render())
        assert FINGERPRINT[:20] in goals


async def test_a_player_welcomed_to_the_lobby_is_sitting_down_until_the_host_seats_them() -> None:
    # Between the host's welcome and its word that they sat down, a player is not one who
    # watches (a browser's first frame had said so).
    opening = cmd.opening(WordsmithConfig(), (), ("Bot 1 (easy)",))[:-1]
    seat = WordsmithSeat(Local(WordsmithRules(), ME, opening, timed=False))
    app = WordsmithApp(seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table_screen.is_mounted and seat.state.players)
        await pilot.pause()
        assert ME not in seat.state.players
        line = str(app.table_screen.query_one("#preview", Static).render())
        assert line == "Sitting down…"
