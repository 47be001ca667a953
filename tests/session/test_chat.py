"""Chat between the sessions of a LAN game: everyone hears it, the host can mute."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest

from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY, FAST, server
from wordsy_tui.cli.serve import desk_for
from wordsy_tui.games.wordsy.host import WordsyHost
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.chat import ChatHeard, ChatRefused, reaction
from wordsy_tui.table.seat import Update


@dataclass
class Ears:
    """What each session published, drained from its queue as the test polls."""

    sessions: dict[str, WordsySeat]
    heard: dict[str, list[Update]] = field(default_factory=dict)

    def chat(self, who: str) -> list[tuple[str, str, bool]]:
        self._drain()
        return [(u.name, u.text, u.watching) for u in self.heard[who] if isinstance(u, ChatHeard)]

    def refused(self, who: str) -> list[str]:
        self._drain()
        return [u.code for u in self.heard[who] if isinstance(u, ChatRefused)]

    def _drain(self) -> None:
        for who, session in self.sessions.items():
            queue = session._updates
            while not queue.empty():
                self.heard.setdefault(who, []).append(queue.get_nowait())
            self.heard.setdefault(who, [])


@pytest.fixture
async def table(tmp_path) -> AsyncIterator[tuple[WordsyHost, Ears]]:
    host = server(tmp_path, captain="Ann")
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    wes = WordsySeat.join("127.0.0.1", host.port, "Wes", DICTIONARY, spectate=True)
    await bob.start()
    await wes.start()
    try:
        yield host, Ears({"Ann": ann, "Bob": bob, "Wes": wes})
    finally:
        for session in (wes, bob, ann):
            await session.stop()


async def test_players_and_spectators_hear_every_line_and_it_stays_out_of_the_log(table):
    host, ears = table
    assert all(session.can_chat for session in ears.sessions.values())
    assert await ears.sessions["Bob"].say(" hello all ") is None
    assert await ears.sessions["Wes"].say("gg") is None
    both = [("Bob", "hello all", False), ("Wes", "gg", True)]
    await wait_until(lambda: all(ears.chat(who) == both for who in ears.sessions))
    assert b"hello all" not in host.log_path.read_bytes()
    assert host.talkers == [("Bob", False), ("Wes", True)]


async def test_a_line_the_host_would_refuse_never_leaves_and_says_why(table):
    _host, ears = table
    bob = ears.sessions["Bob"]
    assert "control or format characters (\\x1b\\x07)" in (await bob.say("\x1b]0;pwned\x07") or "")
    assert "at most 200 characters (this one has 201)" in (await bob.say("x" * 201) or "")
    assert await bob.say("   ") == "Type something to say first."
    assert await bob.say("ok") is None
    await wait_until(lambda: ears.chat("Ann") == [("Bob", "ok", False)])


async def test_the_host_mutes_and_unmutes_from_its_desk(table):
    host, ears = table
    desk = desk_for(host)
    assert await desk.obey("mute") == "Whose seat? Type 'mute NAME'."
    assert await desk.obey("mute ann") == "You cannot mute yourself."
    # As typed, matched as the table matches names.
    assert await desk.obey("mute bob") == "Bob is muted: their chat lines reach nobody now."
    assert await desk.obey("mute WES") == "Wes is muted: their chat lines reach nobody now."
    assert await desk.obey("mute Bob") == "Bob is muted already."
    await ears.sessions["Bob"].say("spam")
    await ears.sessions["Wes"].say("spam")
    await ears.sessions["Ann"].say("quiet please")
    await wait_until(lambda: ears.chat("Bob") == [("Ann", "quiet please", False)])
    await wait_until(lambda: ears.refused("Wes") == ["say_muted"])
    assert ears.refused("Bob") == ["say_muted"]
    assert ears.chat("Wes") == [("Ann", "quiet please", False)]
    assert await desk.obey("unmute bob") == "Bob may chat again."
    assert await desk.obey("unmute Bob") == "Bob is not muted."
    await ears.sessions["Bob"].say("sorry")
    await wait_until(lambda: ears.chat("Ann")[-1] == ("Bob", "sorry", False))
    assert "mute NAME" in await desk.obey("help")


async def test_a_solo_game_has_nobody_to_chat_with():
    session = WordsySeat.local("Ann", FAST)
    assert not session.can_chat
    assert await session.say("hello?") == "There is nobody here to chat with."


def test_reactions_are_slash_and_a_digit():
    assert [reaction(f"/{n}") for n in (1, 2, 3)] == ["nice!", "hurry up", "gg"]
    assert reaction("/4") is None
    assert reaction("1") is None


def test_the_sessions_limits_and_codes_are_nets():
    from net import SayPolicy
    from net import protocol as p
    from wordsy_tui.table import chat

    assert SayPolicy().max_chars == chat.MAX_CHAT_CHARS
    assert (chat.TOO_FAST, chat.MUTED) == (p.SAY_TOO_FAST, p.SAY_MUTED)
