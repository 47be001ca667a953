"""Word Nerds' kit: one line in the registry, and what the shared table reads of a game
through it (the LAN's list, saved games, the host's log)."""

from __future__ import annotations

import pytest

from tests.games.wordnerds.tables import Cards, Table, drive, spelt
from wordsy_tui.games.wordnerds.narrate import wordnerds_line
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.codec import encode
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.kit import NotExported, game_info, kit_for, logged_game

NAMES = ("Ann", "Bot 1 (easy)", "Bot 2 (hard)")


def test_the_registry_names_word_nerds():
    info = game_info("wordnerds")
    assert (info.title, info.seats, info.step) == ("Word Nerds", (2, 6), "turn")
    assert kit_for("wordnerds").games == (info,)


def test_a_log_says_it_is_word_nerds_and_what_it_played():
    log, state = drive(NAMES, seed=4, until=lambda s: s.turn == 3)
    bodies = [encode(event) for event in log]
    assert logged_game(bodies) == "wordnerds"
    kit = kit_for("wordnerds")
    assert kit.saved("wordnerds", bodies) == (NAMES, 3, False)
    listing = kit.listing(state)
    assert (listing.players, listing.seats, listing.phase) == (3, 6, "turn 3")
    with pytest.raises(NotExported):
        kit.export("wordnerds", bodies, "x")
    with pytest.raises(ValueError, match="never left the lobby"):
        kit.saved("wordnerds", bodies[:2])


def test_the_hosts_log_tells_the_game_without_its_secrets():
    log, _ = drive(NAMES, seed=4, until=lambda s: s.turn == 3)
    state, lines = NerdsState(), []
    from wordsy_tui.games.wordnerds.rules.evolve import evolve

    for event in log:
        state = evolve(state, event)
        line = wordnerds_line(state, event)
        if line is not None:
            lines.append(line)
        if isinstance(event, ev.BidSealed | ev.BidRevealed | ev.LettersDrawn):
            assert line is None  # neither a bid before the reveal nor a hand
    assert lines[0] == "Ann sat down"
    assert any(line.startswith("Bids: ") for line in lines)
    assert any(line.startswith("Scored: ") for line in lines)


def test_the_log_names_a_word_and_its_value():
    deck = Cards()
    table = Table(["Andy", "Beth"], letters={"Andy": deck.letters("paths")})
    events = table.do("Andy", cmd.Declare("paths", spelt(table.state.hand("Andy"), "paths")))
    assert wordnerds_line(table.state, events[-1]) == "Andy declares PATHS (9)"
    one = ev.ChallengeDecided(0, valid=True, challengers=("Beth",))
    assert wordnerds_line(table.state, one) == "PATHS is a word: Beth loses 10"
    two = ev.ChallengeDecided(0, valid=False, challengers=("Beth", "Cy"))
    assert wordnerds_line(table.state, two) == "PATHS is withdrawn: Beth, Cy gain 10 each"
