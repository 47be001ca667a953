"""Relaxed play over loopback: a player offers the word they meant; a guest and a computer
player vote on it; the log keeps the option and the outcome."""

from __future__ import annotations

from pathlib import Path

from tests.games.wordsy.rules.test_meant_words import WORDS
from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY, same_game, server
from wordsy_tui.games.wordsy.host import WordsyHost
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat

RELAXED = GameConfig(
    timer_seconds=30, reveal_seconds=5, vote_seconds=20, challenge_seconds=60, meant_words=True
)


def relaxed_host(tmp_path: Path) -> WordsyHost:
    return server(tmp_path, config=RELAXED, captain="Ann", referee=WORDS)


async def test_a_meant_word_offered_and_accepted_by_a_guest_and_a_bot(tmp_path):
    host = relaxed_host(tmp_path)
    ann = WordsySeat.host("Ann", host)
    await ann.start()
    bob = WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY)
    try:
        await bob.start()
        bot = await host.add_bot("easy")
        await wait_until(lambda: len(ann.state.players) == 3)
        assert await ann.start_game() is None
        await wait_until(lambda: ann.state.phase is Phase.WRITING)
        await ann.write("SPLINTERRED")
        await bob.write("SALT")
        await ann.lock_in()
        await bob.lock_in()
        await wait_until(lambda: host.state.phase is Phase.CHALLENGES, timeout=60)
        await wait_until(lambda: ann.state.phase is Phase.CHALLENGES)
        assert ann.state.draft("Ann").voided
        # A word the referee refuses is no meant word: said, and the one offer is not spent.
        refused = await ann.offer_meant_word("splinters")
        assert refused is not None
        assert "referee refuses SPLINTERS" in refused
        assert await bob.offer_meant_word("SALTS") is not None  # Bob's word stands
        assert await ann.offer_meant_word("splintered") is None
        await wait_until(lambda: bob.state.challenge is not None)
        assert bob.state.challenge.meant.word == "SPLINTERED"
        assert bob.state.challenge.voters == {"Bob", bot}
        assert await bob.vote(False) is None
        # The computer player follows the advice: one letter away, plainly the word meant.
        await wait_until(lambda: host.state.challenge is None)
        (result,) = host.state.challenges
        assert (result.meant, result.stands, result.against) == ("SPLINTERED", 2, 0)
        draft = host.state.draft("Ann")
        assert (draft.word, draft.voided) == ("SPLINTERED", False)
        await ann.ready()
        await bob.ready()
        await wait_until(lambda: host.state.round == 2)
        await wait_until(lambda: same_game(host.state, ann.state, bob.state))
        assert host.state.sheets["Ann"].rows[0].word == "SPLINTERED"
    finally:
        await bob.stop()
        await ann.stop()
    # The option and the outcome come back from the log.
    again = relaxed_host(tmp_path)
    await again.start()
    try:
        assert again.state.config.meant_words
        assert again.state.sheets["Ann"].rows[0].word == "SPLINTERED"
    finally:
        await again.stop()
