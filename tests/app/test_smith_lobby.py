"""The hosting player's lobby says how to join: the fronts' way first, once, and the SSH
host key's fingerprint whole, within the panel beside the sheet at 80x24."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from rich.console import Console

from wordsy_tui.games.wordsmith.app.app import SIDE_WIDTH, join_hint

FINGERPRINT = "SHA256:20GVZvd5c8/XQkYtfP2Lj1curpd5val07IJ4xyRbq/0"


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
    hint = "Join: ssh -p 2222 NAME@192.168.1.20 · join --connect 192.168.1.20:47474"
    lines = rendered(Server(Fronts(FINGERPRINT), hint))
    assert len(lines) <= 4
    assert " ".join(lines).count("Join:") == 1
    assert FINGERPRINT in "".join(line.strip() for line in lines)
    assert all(len(line) <= SIDE_WIDTH for line in lines)


def test_without_fronts_the_address_to_join_by() -> None:
    said = " ".join(line.strip() for line in rendered(Server(None, None)))
    assert said == "Join: wordsy-tui join --connect 192.168.1.20:47474"
