"""The solo session of the tile games: the bots' turns in between, each with its own view."""

from __future__ import annotations

import asyncio

import pytest

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import bots
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase, TileGameState
from wordsy_tui.games.tiles.seat import TilesChanged, TileSeat
from wordsy_tui.table.seat import Rejected
from wordsy_tui.words import lexicon

ME = "Ann"


def session(game: GameName = GameName.SCRABBLE, bots: int = 1, seed: int = 3) -> TileSeat:
    return TileSeat.solo(ME, TileGameConfig(game), [Level.EASY] * bots, seed=seed, bot_pause=0)


def drain(s: TileSeat) -> list[object]:
    updates = []
    while not s._updates.empty():
        updates.append(s._updates.get_nowait())
    return updates


def test_bots_see_only_their_own_rack(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, TileGameState]] = []
    real = bots.decide_turn

    def spy(view: TileGameState, seat: str, *args: object) -> cmd.Command | None:
        seen.append((seat, view))
        return real(view, seat, *args)  # type: ignore[arg-type]

    # (Where the solo table looks it up when a bot moves.)
    monkeypatch.setattr(bots, "decide_turn", spy)

    async def play() -> None:
        s = session(bots=2)
        await s.start()
        for _ in range(6):
            if s.asked_to_judge:
                await s.accept()
            else:
                await s.pass_turn()

    asyncio.run(play())
    assert seen
    for seat, view in seen:
        assert view.bag is None
        for player, rack in view.racks.items():
            assert (set(rack) <= {HIDDEN}) == (player != seat), (seat, player, rack)


def test_the_next_bot_waits_for_the_players_answer_to_a_bots_play() -> None:
    async def play() -> None:
        s = session(bots=2, seed=1)
        await s.start()
        for _ in range(20):
            state = s.state
            if s.asked_to_judge and state.pending is not None:
                following = state.next_after(state.pending.player)
                if following != ME:
                    # A bot would play next: it has not, the play waits for us.
                    assert state.turn == state.pending.player
                    pending = state.pending
                    await s.accept()
                    # Our answer let it stand, and the next bot then moved.
                    assert any(t.placement == pending.placement for t in s.state.turns)
                    assert len(s.state.turns) > len(state.turns) + 1 or s.state.pending
                    return
                await s.accept()
            else:
                await s.pass_turn()
        raise AssertionError("no bot's play came before another bot's turn")

    asyncio.run(play())


def test_a_refused_command_says_why_and_changes_nothing() -> None:
    async def play() -> None:
        s = session(GameName.WWF)
        await s.start()
        before = s.state
        drain(s)
        refused = await s.play(((0, "Q"),))
        assert refused is not None
        assert s.state == before
        assert [u for u in drain(s) if isinstance(u, Rejected)] == [Rejected(refused)]

    asyncio.run(play())


def test_the_player_receives_only_their_view_of_each_event() -> None:
    async def play() -> None:
        s = session(GameName.WORDFEUD)
        await s.start()
        while s.state.phase is Phase.PLAYING:
            await s.pass_turn()
        for update in drain(s):
            if isinstance(update, TilesChanged) and update.state.phase is Phase.PLAYING:
                others = [r for p, r in update.state.racks.items() if p != ME]
                assert all(set(rack) <= {HIDDEN} for rack in others)
        assert s.state.phase is Phase.OVER

    asyncio.run(play())


async def test_a_solo_game_seats_and_deals_without_the_word_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # All of it comes before the first frame; the word list is loaded at the first word judged.
    def no_load() -> None:
        raise AssertionError("the word list was loaded")

    monkeypatch.setattr(lexicon, "load_lexicon", no_load)
    s = session(seed=2)
    await s.start()
    state = s.state
    assert state.phase is Phase.PLAYING
    assert state.turn == ME
    assert len(state.players) == 2
