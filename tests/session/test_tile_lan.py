"""A tile game across the LAN (127.0.0.1): a tile game's host, two people's `TileSeat`s
and one of the host's computer players play a whole game.

Each person acts only from their own session's view; at every step and at the end each
session's state is the host's state as the rules' view redacts it for that seat, and the
game ends with the rack adjustments.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from net import Client, Refused
from net.protocol import RECLAIM_REFUSED
from tests.games.tiles.rules.test_movegen import WORDS
from tests.net.helpers import FAST, wait_until
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.host import TileHost, tile_game_host
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.codec import decode_event
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import build_dawg
from wordsy_tui.games.tiles.rules.evolve import replay
from wordsy_tui.games.tiles.rules.legal import allowed, may_play
from wordsy_tui.games.tiles.rules.movegen import generate
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.table.joined import game_at

DAWG = build_dawg(WORDS)
DICTIONARY = "test-words"
PEOPLE = ("ann", "bob")


def tile_host(
    tmp_path: Path, game: GameName = GameName.SCRABBLE, turn_seconds: int | None = None
) -> TileHost:
    """`turn_seconds`: the host's turn limit (None: the default)."""
    config = TileGameConfig(game)
    if turn_seconds is not None:
        config = dataclasses.replace(config, turn_seconds=turn_seconds)
    server = tile_game_host(
        config,
        dictionary=DICTIONARY,
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / f"{game}.log",
        words=frozenset(WORDS),
        bot_pace=0,
        dawg=lambda _vocabulary: DAWG,
    )
    server.host.config = dataclasses.replace(server.host.config, **FAST)
    return server


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[TileHost]:
    server = tile_host(tmp_path)
    await server.start()
    yield server
    await server.stop()


def join(server: TileHost, name: str, **kwargs: object) -> TileSeat:
    return TileSeat.join(
        "127.0.0.1",
        server.port,
        name,
        server.config.game,
        DICTIONARY,
        **kwargs,  # type: ignore[arg-type]  # token or keys, as each test needs
    )


async def act(session: TileSeat, server: TileHost, exchanged: set[str]) -> bool:
    """One move of a person from their own view: let a play waiting for them stand, else
    play their best move, exchange once, or pass. False when they may do nothing now."""
    view, me = session.state, session.me
    if session.asked_to_judge:
        await session.accept()
    elif may_play(view, me):
        assert HIDDEN not in view.rack(me)
        moves = generate(view.board, view.rack(me), view.rules, DAWG, view.premiums)
        if moves:
            best = max(moves, key=lambda m: (m.score, m.placement))
            await session.play(best.placement)
        elif me not in exchanged and allowed(view, me, cmd.Exchange(view.rack(me))):
            exchanged.add(me)
            await session.exchange(view.rack(me))
        else:
            await session.pass_turn()
    else:
        return False
    await wait_until(lambda: session.door.seq == server.host.seq)
    return True


def assert_views(server: TileHost, sessions: list[TileSeat]) -> None:
    """Each session's state is the host's, as of the events it has, redacted for its seat
    (the host's computer player may have moved on meanwhile)."""
    for session in sessions:
        logged = server.host.events[: session.door.seq]
        host_then = replay(decode_event(body) for body in logged)
        assert session.state == state_for_seat(host_then, session.me), session.me


# Not Wordfeud here: with this small word list its board blocks, and a bot that cannot
# play exchanges every turn; only passes in a row end a Wordfeud game, so it never ends.
@pytest.mark.parametrize("game", list(GameName))
async def test_two_people_and_a_host_bot_play_a_whole_game(game: GameName, tmp_path: Path) -> None:
    server = tile_host(tmp_path, game)
    await server.start()
    try:
        await play_a_whole_game(server)
    finally:
        await server.stop()


async def play_a_whole_game(server: TileHost) -> None:
    ann, bob = join(server, "ann"), join(server, "bob")
    await ann.start()
    await wait_until(lambda: "ann" in server.state.players)
    await bob.start()
    bot = await server.add_bot(Level.EASY)
    await wait_until(lambda: len(ann.state.players) == 3)
    assert ann.state.captain == "ann"
    assert await bob.start_game() is not None  # only the first person seated starts
    assert await ann.start_game() is None
    sessions = [ann, bob]
    await play_to_the_end(server, sessions)
    final = ann.state
    assert set(final.adjustments) == {"ann", "bob", bot}
    assert final.winners
    # Everyone took turns (with this small word list a hand may hold no play at all).
    assert {t.player for t in final.turns} == {"ann", "bob", bot}
    assert any(t.kind == "play" for t in final.turns)
    for session in sessions:
        await session.stop()


async def play_to_the_end(server: TileHost, sessions: list[TileSeat]) -> None:
    """The people play a started game to its end, each from their own view (checked
    against the host's at every step)."""
    exchanged: set[str] = set()
    steps = 0
    while server.state.phase is not Phase.OVER:
        steps += 1
        assert steps < 400, "the game ends"
        await wait_until(
            lambda: (
                server.state.phase is Phase.OVER
                or any(s.asked_to_judge or may_play(s.state, s.me) for s in sessions)
            ),
            timeout=60,
        )
        for session in sessions:
            if await act(session, server, exchanged):
                assert_views(server, sessions)
    await wait_until(lambda: all(s.state.phase is Phase.OVER for s in sessions))
    assert_views(server, sessions)
    assert all(s.state == state_for_seat(server.state, s.me) for s in sessions)


async def test_a_returning_seat_gets_its_own_rack_back_with_its_token(
    server: TileHost, tmp_path: Path
) -> None:
    ann, bob = join(server, "ann"), join(server, "bob")
    await ann.start()
    await wait_until(lambda: "ann" in server.state.players)
    await bob.start()
    await wait_until(lambda: len(server.state.players) == 2)
    assert await ann.start_game() is None
    await wait_until(lambda: bob.state.phase is Phase.PLAYING and bool(bob.state.rack("bob")))
    token = bob.door.client.token
    await bob.stop()
    back = join(server, "bob", token=token)
    await back.start()
    await wait_until(lambda: back.door.seq == server.host.seq)
    assert back.state == state_for_seat(server.state, "bob")
    assert back.state.rack("bob") == server.state.rack("bob")
    assert set(back.state.rack("ann")) == {HIDDEN}
    await back.stop()
    await ann.stop()


async def test_a_tile_games_host_hands_no_seat_over_and_takes_none_away(
    server: TileHost,
) -> None:
    ann = join(server, "ann")
    laptop = join(server, "ann", reclaim=True)
    try:
        await ann.start()
        await wait_until(lambda: server.state.players == ("ann",))
        server.on_reclaim = pytest.fail  # nobody at a tile game's table is asked (yet)
        with pytest.raises(Refused) as refused:
            await laptop.start()
        assert refused.value.reason == RECLAIM_REFUSED
        assert refused.value.message.endswith("This host cannot hand seats over.")
        assert await server.remove_player("ann") == "The tile games' rules take no seat away."
        assert server.state.players == ("ann",)
        assert server.host.presence == {"ann": True}
    finally:
        await laptop.stop()
        await ann.stop()


async def test_the_door_tells_which_game_a_host_plays_in_one_hello(
    server: TileHost, monkeypatch: pytest.MonkeyPatch
) -> None:
    hellos = []
    start = Client.start

    async def counted(client: Client) -> None:
        hellos.append(client.requirements)
        await start(client)

    monkeypatch.setattr(Client, "start", counted)
    assert await game_at("127.0.0.1", server.port, DICTIONARY) == GameName.SCRABBLE.value
    assert len(hellos) == 1  # the host's refusal named its game: no probing game by game
    assert server.host.presence == {}  # asking took no seat
    # Whatever the word list: the game is named (the join then says the list differs).
    assert await game_at("127.0.0.1", server.port, "another list") == GameName.SCRABBLE.value


async def test_the_door_of_a_wordsy_host_names_wordsy(tmp_path: Path) -> None:
    from wordsy_tui.games.wordsy.host import wordsy_host
    from wordsy_tui.games.wordsy.rules.config import GameConfig

    wordsy = wordsy_host(
        GameConfig(), dictionary=DICTIONARY, bind="127.0.0.1", port=0, log_path=tmp_path / "w.log"
    )
    await wordsy.start()
    try:
        assert await game_at("127.0.0.1", wordsy.port, DICTIONARY) == "wordsy"
        assert wordsy.host.presence == {}
    finally:
        await wordsy.stop()


async def test_the_hosting_player_sits_first_seats_the_bots_and_ends_the_game_for_all(
    tmp_path: Path,
) -> None:
    from wordsy_tui.games.tiles.seat import TileSeat
    from wordsy_tui.table.seat import LinkChanged

    server = tile_host(tmp_path)
    hosting = TileSeat.host("ann", server, [Level.EASY])
    await hosting.start()
    bob = join(server, "bob")
    await bob.start()
    await wait_until(lambda: len(hosting.state.players) == 3)
    assert hosting.state.captain == "ann"
    told = []
    while not hosting._updates.empty():
        if isinstance(update := hosting._updates.get_nowait(), LinkChanged):
            told.append(update)
    assert any("join --connect 127.0.0.1:" in u.message for u in told)
    assert await hosting.start_game() is None
    await wait_until(lambda: bob.state.phase is Phase.PLAYING)
    await hosting.stop()
    await wait_until(lambda: bob.door.client.closed is not None)
    assert "ann ended the game" in bob.door.client.closed.message
    await bob.stop()
