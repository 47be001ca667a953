"""How much a program froze out of the collector's rounds before its event loop began."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Coroutine

import pytest


def frozen_before_the_loop(monkeypatch: pytest.MonkeyPatch, program: Callable[[], int]) -> int:
    """Run `program` up to its `asyncio.run` (the coroutine is closed, not run); the number of
    objects it froze by then. Unfrozen again afterwards: this test process goes on."""
    frozen: list[int] = []

    def run(main: Coroutine[object, object, int]) -> int:
        main.close()
        frozen.append(gc.get_freeze_count())
        return 0

    monkeypatch.setattr(asyncio, "run", run)
    gc.unfreeze()  # (tests/conftest.py freezes what came before each test: none of it counts)
    try:
        assert program() == 0
    finally:
        gc.unfreeze()
    return frozen[0]
