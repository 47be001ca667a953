"""A host that also serves SSH and the web (`host --ssh`, `host --web` with the app) ends a
game as the plain host does: the hosting player who quits is named to every guest."""

from __future__ import annotations

from tests.net.helpers import wait_until
from tests.session.test_host_leaves import links_of
from tests.session.test_lan import DICTIONARY, FAST
from wordsy_tui.front.host import FrontOptions, Fronts
from wordsy_tui.games.wordsy.host import wordsy_host
from wordsy_tui.games.wordsy.seat import WordsySeat


async def test_the_hosting_player_who_quits_a_fronted_game_is_named_to_the_guests(tmp_path):
    # No front is started (both ports None): the stop itself is what is under test.
    where = {"bind": "127.0.0.1", "port": 0, "log_path": tmp_path / "game.log"}
    fronts = Fronts(FrontOptions())
    server = wordsy_host(FAST, dictionary=DICTIONARY, fronts=fronts, **where)
    ann = WordsySeat.host("Ann", server)
    await ann.start()
    bob = WordsySeat.join("127.0.0.1", server.port, "Bob", DICTIONARY)
    await bob.start()
    try:
        async with links_of(bob) as links:
            await ann.stop()  # Ann quits her app: it stops the server in her name
            await wait_until(lambda: any(link.final for link in links))
        assert links[-1].message.startswith("Ann ended the game. It is saved")
    finally:
        await bob.stop()
        await server.stop()


async def test_a_screen_drawn_while_the_ssh_front_starts_names_only_the_ways_in_that_listen(
    tmp_path, monkeypatch
):
    # Found playing: Word Nerds' lobby redrew on a resize while the SSH front was starting;
    # the fronts named a front with no port yet, and the hosting player's program ended.
    from wordsy_tui.front import ssh

    hints: list[str] = []
    listen = ssh.SshFront.start

    async def start_and_look(front: ssh.SshFront) -> None:
        hints.append(server.front_hint or "")  # the screen, drawn before it listens
        await listen(front)

    monkeypatch.setattr(ssh.SshFront, "start", start_and_look)
    where = {"bind": "127.0.0.1", "port": 0, "log_path": tmp_path / "game.log"}
    fronts = Fronts(FrontOptions(ssh_port=0))
    server = wordsy_host(FAST, dictionary=DICTIONARY, fronts=fronts, **where)
    await server.start()
    try:
        assert hints == ["Join: join --connect 127.0.0.1:" + str(server.port)]
        assert f"ssh -p {fronts.ssh_port} " in (server.front_hint or "")  # once it listens
    finally:
        await server.stop()
