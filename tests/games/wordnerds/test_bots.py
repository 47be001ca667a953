"""The computer players' word finder and decisions, and the balance simulation."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tests.games.wordnerds.tables import Cards, Table, action_card, spelt
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Bot, lay, next_move
from wordsy_tui.games.wordnerds.rules.components import VALUES, Effect, length_bonus
from wordsy_tui.games.wordnerds.rules.finder import WordFinder
from wordsy_tui.games.wordnerds.rules.simulate import GameRecord, play_game, table
from wordsy_tui.games.wordnerds.rules.view import state_for
from wordsy_tui.words.lexicon import load_lexicon

SMALL = ("stone", "notes", "tones", "onset", "stoned", "paths", "wreck", "wrecks", "zest", "rate")


def _brute(words: tuple[str, ...], letters: str, wilds: int) -> int:
    have = Counter(letters)
    best = -1
    for word in words:
        missing = Counter(word) - have
        if sum(missing.values()) <= wilds:
            real = Counter(word) - missing
            best = max(best, sum(VALUES[c] * n for c, n in real.items()) + length_bonus(len(word)))
    return best


@pytest.mark.parametrize("wilds", [0, 1, 2])
def test_the_finder_finds_the_best_word_as_a_brute_force_does(wilds):
    finder = WordFinder(SMALL)
    for size in (4, 6, 7):
        for letters in combinations("stonedwrckpz", size):
            found = finder.best("".join(letters), wilds)
            assert (found.value if found else -1) == _brute(SMALL, "".join(letters), wilds)


def test_the_finder_names_the_wild_letters_and_beats_only_what_it_must():
    finder = WordFinder(SMALL)
    found = finder.best("wrck", 1)
    assert found is not None
    assert (found.word, found.wilds) == ("wreck", "e")
    assert finder.best("stone", 0, beat=7) is None
    assert finder.knows("onset")
    assert not finder.knows("cacoon")


def _bot(seat: str, level: Level = Level.EXPERT) -> Bot:
    return Bot(seat, STYLES[level], WordFinder(SMALL))


def test_a_bot_lays_down_its_best_word_and_trumps_when_it_can():
    deck = Cards()
    table = Table(
        ["Andy", "Beth"],
        letters={"Andy": deck.letters("paths"), "Beth": deck.letters("wrecks")},
    )
    move = next_move(state_for(table.state, "Andy"), _bot("Andy"))
    assert move == cmd.Declare("paths", spelt(table.state.hand("Andy"), "paths"))
    table.do("Andy", move)
    move = next_move(state_for(table.state, "Beth"), _bot("Beth"))
    assert isinstance(move, cmd.Trump)
    assert move.word == "wrecks"


def test_a_bot_swings_a_battle_with_a_word_value_card():
    deck = Cards()
    minus = action_card(Effect.MINUS_THREE)
    table = Table(
        ["Andy", "Beth"],
        letters={"Andy": deck.letters("stone"), "Beth": deck.letters("zest")},
        actions={"Andy": (minus,)},
    )
    table.do("Andy", cmd.Declare("stone", spelt(table.state.hand("Andy"), "stone")))
    table.do("Beth", cmd.Trump("zest", spelt(table.state.hand("Beth"), "zest")))  # 8 over 7
    move = next_move(state_for(table.state, "Andy"), _bot("Andy"))
    assert move == cmd.PlayAction(minus, word=1)


def test_a_bot_challenges_a_word_it_does_not_know_at_its_rate():
    deck = Cards()
    table = Table(["Andy", "Beth"], letters={"Andy": deck.letters("zest")})
    table.do("Andy", cmd.Declare("zest", spelt(table.state.hand("Andy"), "zest")))
    knows = Bot("Beth", STYLES[Level.EXPERT], WordFinder(SMALL))
    assert next_move(state_for(table.state, "Beth"), knows) == cmd.Pass()
    doubts = Bot("Beth", STYLES[Level.EXPERT], WordFinder(("stone",)))
    never = Bot("Beth", STYLES[Level.EASY], WordFinder(("stone",)))
    view = state_for(table.state, "Beth")
    challenges = doubts.chance(view, "challenge", "zest") < STYLES[Level.EXPERT].challenge_rate
    assert (next_move(view, doubts) == cmd.Challenge(0)) == challenges
    assert next_move(view, never) in (cmd.Challenge(0), cmd.Pass())


def test_lay_uses_community_cards_first_but_always_one_from_the_hand():
    deck = Cards()
    community = deck.letters("ston")
    table = Table(["Andy", "Beth"], letters={"Andy": deck.letters("se")}, community=community)
    cards = lay(table.state, "Andy", "stone")
    assert cards is not None
    assert cards[:4] == community
    assert cards[4] in table.state.hand("Andy")
    assert lay(table.state, "Andy", "snots") is not None
    assert lay(table.state, "Beth", "stone") is None


def test_the_simulation_finishes_every_game():
    words = load_lexicon()
    finders: dict[int, WordFinder] = {}

    def finder(vocabulary: int) -> WordFinder:
        # Small vocabularies, built fast; the weaker levels know fewer words, so the
        # stronger ones play words the weaker challenge.
        known = 10 if vocabulary < 60 else 20
        if known not in finders:
            finders[known] = WordFinder(
                w for w, lv in zip(words.words, words.levels, strict=True) if lv <= known
            )
        return finders[known]

    results = {p: [play_game(p, seed, words, finder) for seed in range(4)] for p in (2, 4, 6)}
    for players, records in results.items():
        assert all(r.finished for r in records)
        # A turn is a few commands a player: a rule that let a bot repeat itself would not end.
        assert all(r.longest_turn <= 40 * players for r in records)
        assert all(len(r.winners) >= 1 for r in records)
        assert all(r.turns > 0 for r in records)
        assert sum(r.declarations for r in records) > 0
    assert sum(r.challenges for records in results.values() for r in records) > 0
    shown = table(results)
    assert "| games | 4 | 4 | 4 |" in shown
    assert "+2 WORD VALUE" in shown


def test_the_table_counts_wins_by_seat():
    records = [GameRecord(2, turns=10, finished=True, winners=(0,)) for _ in range(3)]
    records.append(GameRecord(2, turns=12, finished=True, winners=(0, 1)))
    assert "88% / 12%" in table({2: records})
