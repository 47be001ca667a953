"""The computer players: a legal turn at every level from a seat's view, the obvious word
taken, bonuses used; their vocabulary; the balance simulation runs every game to its end."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from tests.games.wordsmith.table import CANDLES_SHEET, LEXICON, Table, sheet_with
from wordsy_tui.games.wordsmith.bots import Level, choose_turn
from wordsy_tui.games.wordsmith.components import Kind
from wordsy_tui.games.wordsmith.config import WordsmithConfig
from wordsy_tui.games.wordsmith.legal import preview, refusal
from wordsy_tui.games.wordsmith.simulate import Tally, play, report, tally
from wordsy_tui.games.wordsmith.state import Phase
from wordsy_tui.games.wordsmith.view import state_for
from wordsy_tui.games.wordsmith.vocabulary import MAX_MATCHES, Vocabulary
from wordsy_tui.games.wordsmith.words import inflects


@cache
def vocabulary() -> Vocabulary:
    return Vocabulary.of(LEXICON)


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("open_sheets", [True, False])
def test_every_level_chooses_a_turn_the_rules_accept_from_its_own_view(level, open_sheets):
    table = Table(("ann", "bob", "cy"), config=WordsmithConfig(open_sheets=open_sheets))
    rng = random.Random(4)
    while table.state.phase is not Phase.OVER:
        turns = {}
        for player in table.players:
            view = state_for(table.state, player)
            turn = choose_turn(view, player, level, vocabulary(), LEXICON, rng)
            assert refusal(view, player, turn, LEXICON) is None
            if level is Level.EASY:
                assert all(pick.face is not None for pick in turn.picks)
            turns[player] = turn
        table.round(turns)
    assert all(len(sheet.words) > 0 for sheet in table.state.sheets.values())


def set_up(sheet, *pairs: str) -> Table:
    table = Table()
    table.set_sheet("ann", sheet)
    table.set_strip(*pairs)
    table.state = replace(table.state, goals=())
    return table


def test_a_bot_makes_burp_on_the_two_rings():
    table = set_up(sheet_with(loose={"a4": "B", "a7": "P"}), "PR", "QU", "AD")
    turn = choose_turn(table.state, "ann", Level.HARD, vocabulary(), LEXICON, random.Random(1))
    forged = preview(table.state, "ann", turn, LEXICON)
    assert "BURP" in [word.text for word in forged.words]
    assert forged.sheet.forged_kinds()[Kind.RING] == 2


def test_a_bot_takes_the_bonuses_of_what_it_forges():
    sheet = sheet_with(
        loose=CANDLES_SHEET, words=[("BANANA", "h3", "down"), ("BURP", "a4", "down")]
    )
    table = set_up(sheet, "PR", "EN", "AD")
    turn = choose_turn(table.state, "ann", Level.EXPERT, vocabulary(), LEXICON, random.Random(1))
    forged = preview(table.state, "ann", turn, LEXICON)
    assert forged.sheet.forged_kinds()[Kind.SWORD] >= 1
    assert turn.bonuses
    assert (forged.goblets, forged.swords) == (0, 0)


def test_the_same_view_and_generator_give_the_same_turn():
    table = Table()
    a = choose_turn(table.state, "ann", Level.MEDIUM, vocabulary(), LEXICON, random.Random(9))
    b = choose_turn(table.state, "ann", Level.MEDIUM, vocabulary(), LEXICON, random.Random(9))
    assert a == b


def test_the_vocabulary_finds_the_words_that_fit_and_knows_its_levels():
    words = Vocabulary([("candles", 35), ("candled", 70), ("bundles", 35)])
    assert words.matching("C.ND.ES", None, 80) == ["CANDLES"]
    assert words.matching("C.ND.E.", None, 35) == ["CANDLES"]
    assert sorted(words.matching("C.ND.E.", None, 80)) == ["CANDLED", "CANDLES"]
    assert words.matching("C.ND.ES", "NE", 80) == []
    assert words.matching("..ND.ES", "ABLU", 80) == ["BUNDLES"]
    assert words.matching("XYZ.", None, 80) == []
    assert not words.fits("C.ND.ES", None, 10)


def test_the_vocabulary_returns_a_bounded_number_of_words():
    assert len(vocabulary().matching("....", None, 80)) == MAX_MATCHES


@pytest.mark.parametrize(
    ("word", "earlier", "inflected"),
    [
        ("papers", "paper", True),
        ("brings", "bring", True),
        ("lived", "live", True),
        ("living", "live", True),
        ("later", "late", False),
        ("plate", "late", False),
        ("lately", "late", False),
        ("devil", "live", False),
    ],
)
def test_the_shipped_word_list_knows_plurals_and_conjugations(word, earlier, inflected):
    assert inflects(LEXICON, word, earlier) is inflected


def test_the_simulation_finishes_every_game_and_reports_each_source():
    result = Tally(3)
    for seed in range(2):
        state, seconds = play(3, [Level.EASY, Level.HARD], vocabulary(), LEXICON, seed)
        assert state.phase is Phase.OVER
        assert len(seconds) == 12
        tally(result, state, seconds)
    assert result.games == 2
    assert len(result.totals) == 6
    table = report([result])
    for row in ("score: mean (sd)", "part of score: goals", "coin debt", "axes forged"):
        assert row in table
