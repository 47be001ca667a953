"""Twenty-One registered, in the tests only: its kit's module after the real games' in
`wordsy_tui.kit.KITS`, where a new game's one line would go."""

from __future__ import annotations

from typing import Final

from wordsy_tui import kit

KIT_MODULE: Final = "tests.games.madeup.kit"


def registered() -> tuple[str, ...]:
    """The registry's modules with Twenty-One's kit among them."""
    return (*kit.KITS, KIT_MODULE)


def register() -> None:
    """From now on, for this process (a child's program): the registry lists Twenty-One."""
    kit.KITS = registered()  # type: ignore[misc,assignment]  # a constant, for the tests
    kit.kits.cache_clear()
