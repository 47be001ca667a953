"""A browser tab's driver: the tab's apps one after another in its one process, as
textual-serve sees one app (one prelude, one reader at a time, one `exit`)."""

from __future__ import annotations

import json

import pytest
from textual.app import App
from textual.drivers import web_driver

from wordsy_tui.front.tab_driver import PRELUDE, TabDriver


class NoInput:
    """In place of the browser's input: nothing comes."""

    def close(self) -> None:
        return None

    def __iter__(self):
        return iter(())


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """What the tab's drivers write to textual-serve, in order."""
    out: list[bytes] = []

    def recorder(_write: object, _fileno: int):
        def write(data: bytes) -> int:
            out.append(bytes(data))
            return len(data)

        return write

    monkeypatch.setattr(web_driver, "partial", recorder)
    monkeypatch.setattr(web_driver, "InputReader", NoInput)
    for name, fresh in (("prelude_written", False), ("size", None), ("done", False)):
        monkeypatch.setattr(TabDriver, name, fresh)
    monkeypatch.setattr(TabDriver, "last", None)
    return out


def meta(packet: bytes) -> object:
    assert packet[:1] == b"M"
    return json.loads(packet[5:])


async def test_only_the_first_app_writes_the_prelude_and_only_the_tab_says_exit(written) -> None:
    first, second = TabDriver(App()), TabDriver(App())
    first._write(PRELUDE)
    first.stop_application_mode()
    second._write(PRELUDE)
    second.stop_application_mode()
    assert written == [PRELUDE], "no second prelude, and no exit as each app stops"
    TabDriver.close_tab()
    assert [meta(packet) for packet in written[1:]] == [{"type": "exit"}]


async def test_the_next_app_starts_at_the_pages_size_and_a_closed_page_ends_the_tab(
    written,
) -> None:
    first = TabDriver(App())
    first.on_meta("resize", {"width": 132, "height": 43})
    assert TabDriver(App())._size == (132, 43)
    assert not TabDriver.done
    first.on_meta("quit", {})  # the browser's page closed
    assert TabDriver.done
