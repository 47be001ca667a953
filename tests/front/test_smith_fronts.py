"""`host --game wordsmith --ssh --web`: the fronts serve Wordsmith's table as they serve the
other games'. Each SSH session's child (and each browser tab's) opens Wordsmith's sheet; a
player whose link drops with a turn sealed comes back to it, sealed, and it is played."""

from __future__ import annotations

import asyncssh

from net.log import read_log
from tests.front.fronts import HostWithFronts, SshPlayer
from tests.front.test_web import answer, browser  # noqa: F401 (a fixture)

F6 = "\x1b[17~"


def played(host: HostWithFronts, player: str) -> list[dict[str, object]]:
    """`player`'s turns played so far, from the host's log."""
    (log,) = (host.data_home / "wordsy-tui" / "games").glob("*.log")
    records, _damage = read_log(log)
    return [
        record["body"]
        for record in records
        if record["k"] == "event"
        and record["body"]["kind"] == "TurnPlayed"
        and record["body"]["player"] == player
    ]


async def test_an_ssh_player_whose_link_drops_with_a_turn_sealed_comes_back_to_it(host):
    await host.start("--game", "wordsmith")
    key = asyncssh.generate_private_key("ssh-ed25519")
    bob = await SshPlayer.connect(host.ssh_port, "Bob", key=key, size=(80, 24))
    cat: SshPlayer | None = None
    try:
        await bob.wait_for("F6 starts the game")  # seated first: he starts it
        cat = await SshPlayer.connect(host.ssh_port, "Cat", size=(80, 24))
        await cat.wait_for("Bob starts the game")
        lobby = await bob.wait_for("Cat")
        assert "Wordsmith" in lobby
        mark = len(bob.output)
        bob.type(F6)
        await bob.wait_for("choose 2 letters", since=mark)
        mark = len(bob.output)
        bob.type("12")  # the strip's first two letters, from the cursor on
        await bob.wait_for("Seal", since=mark)
        mark = len(bob.output)
        bob.type("\r")
        await bob.wait_for("Your turn is sealed", since=mark)
        bob.drop()  # Cat has not chosen: the round waits, Bob's turn sealed and unseen

        back = await SshPlayer.connect(host.ssh_port, "Bob", key=key, size=(80, 24))
        try:
            # The front's seat file kept the seat, and the turn and salt behind it.
            again = await back.wait_for("Your turn is sealed")
            assert "refused" not in again.lower()
            assert played(host, "Bob") == []
            mark = len(back.output)
            cat.type("12\r")
            await back.wait_for("round 2/12", since=mark)
            (turn,) = played(host, "Bob")
            assert turn["round"] == 1
        finally:
            await back.close()
    finally:
        if cat is not None:
            await cat.close()
        await bob.close()


async def test_watching_wordsmith_over_ssh_shows_the_table_and_takes_no_seat(host):
    await host.start("--game", "wordsmith", "--bots", "2")
    watcher = await SshPlayer.connect(host.ssh_port, "watch")
    try:
        # (Its first frame may come before the host's first state: the seats come after.)
        table = await watcher.wait_for("Bot 1")
        assert "You are watching" in table
        assert "Wordsmith" in table
        assert "Seal" not in table
        assert not any("watch sat down" in line for line in host.lines)
    finally:
        await watcher.close()


async def test_a_browser_tab_at_a_wordsmith_host_asks_a_name_and_opens_the_sheet(
    host,
    browser,  # noqa: F811
):
    await host.start("--game", "wordsmith", "--web", "0", "--bots", "1", "--pin", "4711")
    await browser.start()
    await browser.open(f"http://127.0.0.1:{host.web_port}/")
    await browser.wait_for("Your name at the table (leave it empty to watch)")
    await answer(browser, "Cat", "4711")
    sheet = await browser.wait_for("F6 starts the game")
    assert "Wordsmith" in sheet
    assert "Cat (you)" in sheet
    assert await browser.requests_elsewhere() == []
