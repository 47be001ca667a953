"""The headless host's keyboard as Word Nerds and Wordsmith have it (`table.desk`): its
commands, chat on the log, the log's first and last lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordsy_tui.kit import kit_for
from wordsy_tui.table.desk import TableDesk
from wordsy_tui.words.digest import dictionary_hash


@pytest.mark.parametrize(
    ("game", "title"), [("wordnerds", "Word Nerds"), ("wordsmith", "Wordsmith")]
)
async def test_a_games_desk_obeys_the_hosts_keyboard(
    tmp_path: Path, game: str, title: str
) -> None:
    kit = kit_for(game)
    config = kit.host_fields().config(game, {}, 4)
    hosted = kit.hosted(game)
    server = hosted.table(
        config, dictionary=dictionary_hash(), bind="127.0.0.1", port=0,
        log_path=tmp_path / "game.log",
    )  # fmt: skip
    said: list[str] = []
    desk = hosted.desk(server, said.append)
    assert isinstance(desk, TableDesk)
    await server.start()
    try:
        first, after = desk.opening(resumed=False)
        assert first == [f"{title}: the game's log is saved to {server.log_path}"]
        assert "Type 'start'" in after[0]
        assert desk.opening(resumed=True)[0][0].startswith(f"{title}, resumed from")
        assert await desk.obey("remove", "") == "Whose? Type 'remove NAME'."
        assert await desk.obey("start", "") != "Started."  # nobody is seated: refused
        assert await desk.obey("dance", "") is None  # not a command of the desk
        desk.heard("Bob", "spectator", "hello")
        assert said == ["Chat · Bob (watching): hello"]
        assert not desk.left()  # nobody has left
        assert desk.closing().startswith(
            f"Host stopped. The game's log is kept at {server.log_path}"
        )
    finally:
        await server.stop()
