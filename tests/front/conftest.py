"""The host with its fronts, for every test here; stopped (Ctrl-C) after each."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.front.fronts import HostWithFronts


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[HostWithFronts]:
    server = HostWithFronts(tmp_path / "host")
    try:
        yield server
    finally:
        await server.stop()
