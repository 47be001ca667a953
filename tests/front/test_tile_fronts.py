"""`host --game wwf --ssh --web`: the fronts serve a tile game's table as they serve Wordsy's.
Each SSH session's child (and each browser tab's) finds out which game the host plays and
opens that game's board; its seat is kept for the name as Wordsy's is."""

from __future__ import annotations

import asyncio
import re

import asyncssh

from tests.front.fronts import SshPlayer
from tests.front.test_openssh import ssh_command, terminal  # noqa: F401 (a fixture)
from tests.front.test_web import answer, browser  # noqa: F401 (a fixture)

F3 = "\x1bOR"
F6 = "\x1b[17~"
RACK = re.compile(r"Rack((?:\s+[A-Z?]){7})\s")


async def test_an_ssh_player_at_a_words_with_friends_table_starts_it_passes_and_keeps_the_seat(
    host,
):
    await host.start("--game", "wwf", "--bots", "1", "--bot-level", "easy")
    key = asyncssh.generate_private_key("ssh-ed25519")
    bob = await SshPlayer.connect(host.ssh_port, "Bob", key=key, size=(80, 24))
    try:
        lobby = await bob.wait_for("F6 starts the game")
        assert "Words with Friends" in lobby
        assert "Bob" in lobby
        mark = len(bob.output)
        bob.type(F6)
        playing = await bob.wait_for("your turn", since=mark)  # the bot's first, or ours
        rack = RACK.search(playing)
        assert rack is not None, playing  # seven tiles of our own on the screen
        mark = len(bob.output)
        bob.type(F3)
        assert "You passed" in await bob.wait_for("You passed", since=mark)
        bob.drop()

        back = await SshPlayer.connect(host.ssh_port, "Bob", key=key, size=(80, 24))
        try:
            # The same seat, mid-game: a new player would be turned away now.
            again = await back.wait_for("Moves")
            await back.wait_for("passed")
            assert "refused" not in again.lower()
            assert RACK.search(await back.wait_for("Rack")) is not None
        finally:
            await back.close()
    finally:
        await bob.close()


async def test_watching_a_tile_game_over_ssh_opens_the_board_read_only(host):
    await host.start("--game", "scrabble", "--bots", "1")
    watcher = await SshPlayer.connect(host.ssh_port, "watch")
    try:
        await watcher.wait_for("You are watching")
        # The chat box may come in a later write than the board's (a loaded machine).
        board = await watcher.wait_for("Chat: Ctrl+T to talk")
        assert "Scrabble" in board
        assert "Bot 1" in board
        assert "Rack" not in board
        assert "Start" not in board  # the seated players' key, not a spectator's
        assert not any("watch sat down" in line for line in host.lines)  # no seat taken
    finally:
        await watcher.close()


async def test_openssh_in_a_real_terminal_reaches_a_wordfeud_board(host, terminal, tmp_path):  # noqa: F811
    await host.start("--game", "wordfeud", "--bots", "1")
    terminal.run(*ssh_command(host, tmp_path, "Ann"))
    board = terminal.wait_for("F6 starts the game")
    assert "Wordfeud" in board
    assert max(len(line) for line in board.splitlines()) <= 80
    terminal.keys("C-q")  # leave: the question, then the program ends and so does ssh
    terminal.wait_for("Leave")
    terminal.keys("y")
    ended = terminal.wait_for(lambda s: re.search(r"\[exited \d+\]", s) is not None)
    assert "[exited 0]" in ended


async def test_a_browser_tab_at_a_words_with_friends_host_asks_a_name_and_opens_the_board(
    host,
    browser,  # noqa: F811
):
    await host.start("--game", "wwf", "--web", "0", "--pin", "4711")
    assert "Anyone who can reach the web page can watch or join (with the PIN)." in "\n".join(
        host.lines
    )
    await browser.start()
    await browser.open(f"http://127.0.0.1:{host.web_port}/")
    await browser.wait_for("Your name at the table (leave it empty to watch)")
    await answer(browser, "", "4711")  # no name: the tab watches
    # (Its first frame may come before the host's first state: the game is named after.)
    watching = await browser.wait_for("Words with Friends")
    assert "You are watching" in watching
    await browser.open(f"http://127.0.0.1:{host.web_port}/")  # another tab: Cat plays
    await browser.wait_for("Your name at the table")
    await answer(browser, "Cat", "4711")
    board = await browser.wait_for("F6 starts the game")
    assert "Words with Friends" in board
    assert "seated: Cat" in board
    assert await browser.requests_elsewhere() == []


async def test_a_headless_tile_host_stays_after_the_game_while_its_ssh_players_read_the_end(
    monkeypatch,
):
    from wordsy_tui.cli import serve

    monkeypatch.setattr(serve, "LINGER_AFTER_GAME_SECONDS", 0)
    monkeypatch.setattr(serve, "FRONT_LINGER_SECONDS", 600)

    class Served:
        front_sessions = 1

    server = Served()
    lingering = asyncio.get_running_loop().create_task(serve.linger(server))
    await asyncio.sleep(0.2)
    assert not lingering.done()  # a player over SSH is still reading the results
    server.front_sessions = 0  # they leave
    async with asyncio.timeout(60):  # a guard, not a timing assertion
        await lingering
