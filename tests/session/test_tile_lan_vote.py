"""The table's vote on a Scrabble challenge across the loopback: people and the host's
computer player vote from their own views, and nobody learns a rack from it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tests.games.tiles.rules.table import FixedDraw
from tests.net.helpers import wait_until
from tests.session.test_tile_lan import DAWG, assert_views, join, tile_host
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import decode_event
from wordsy_tui.games.tiles.rules.legal import may_play, may_vote
from wordsy_tui.games.tiles.rules.movegen import generate
from wordsy_tui.games.tiles.rules.state import Phase


async def test_a_person_challenges_and_a_person_and_a_bot_vote(tmp_path: Path) -> None:
    server = tile_host(tmp_path)
    server.config = dataclasses.replace(server.config, table_vote=True)
    await server.start()
    people = [join(server, name) for name in ("ann", "bob", "cat")]
    try:
        for session in people:
            await session.start()
        bot = await server.add_bot(Level.EASY)
        await wait_until(lambda: len(server.state.players) == 4)
        server.game.rng = FixedDraw(list("ABCD"))  # the draw for first play: ann plays first
        assert await server.start_game() is None
        ann, bob, cat = people
        await wait_until(lambda: may_play(ann.state, "ann"))
        view = ann.state
        moves = generate(view.board, view.rack("ann"), view.rules, DAWG, view.premiums)
        assert await ann.play(max(moves, key=lambda m: (m.score, m.placement)).placement) is None
        await wait_until(lambda: bob.asked_to_judge)
        assert await bob.challenge() is None
        await wait_until(lambda: may_vote(cat.state, "cat"))
        assert server.state.config.table_vote
        assert not may_vote(bob.state, "bob")
        assert not may_vote(ann.state, "ann")
        assert await cat.vote(uphold=True) is None  # against the word list, which has it
        await wait_until(
            lambda: any(
                isinstance(decode_event(body), ev.ChallengeDecided) for body in server.host.events
            )
        )
        logged = [decode_event(body) for body in server.host.events]
        opened = next(e for e in logged if isinstance(e, ev.VoteOpened))
        assert opened == ev.VoteOpened("bob", ("cat", bot), ())
        decided = next(e for e in logged if isinstance(e, ev.ChallengeDecided))
        # The bot voted as the word list advises: 1 to 1, so the list decides.
        assert sorted(decided.votes) == sorted([("cat", True), (bot, False)])
        assert decided.upheld is False
        assert server.state.phase is Phase.PLAYING
        assert "bob" in server.state.skip or any(
            isinstance(e, ev.TurnLost) and e.player == "bob" for e in logged
        )
        for session in people:
            await wait_until(lambda s=session: s.door.seq == server.host.seq)
        assert_views(server, people)  # each view the host's, redacted for its seat
    finally:
        for session in people:
            await session.stop()
        await server.stop()
