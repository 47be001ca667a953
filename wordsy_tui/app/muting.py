"""What the hosting player's chat keys need of the host, apart from the screens that use
it: the table app asks at its first frame whether it hosts, without loading them."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class Muting(Protocol):
    """What muting needs of a game's host (a `table.served.ServedTable`, whatever the game)."""

    @property
    def talkers(self) -> list[tuple[str, bool]]: ...

    @property
    def muted(self) -> frozenset[str]: ...

    def mute(self, name: str) -> str: ...

    def unmute(self, name: str) -> str: ...
