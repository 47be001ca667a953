"""The host's ratings in the lobbies of Word Nerds and Wordsmith, beside each name (the
panels are plain functions of the state)."""

from __future__ import annotations

import random

from wordsy_tui.games.wordnerds.app.panel import players_text as nerds_players
from wordsy_tui.games.wordnerds.rules import commands as nerds_cmd
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.games.wordnerds.seam import NerdsRules
from wordsy_tui.games.wordsmith.app.panel import players_text as smith_players
from wordsy_tui.games.wordsmith.rules import commands as smith_cmd
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.seam import WordsmithRules

BOT = "Bot 1 (easy)"
RATINGS = {"Ann": (1612,), BOT: (1100,)}


def nerds_lobby() -> NerdsState:
    rules, state = NerdsRules(), NerdsState()
    for actor, command in nerds_cmd.opening(rules.fresh().config, ("Ann",), (BOT,))[:-1]:
        for event in rules.decide(state, actor, command, random.Random(1)):
            state = rules.evolve(state, event)
    return state


def smith_lobby() -> WordsmithState:
    rules, state = WordsmithRules(), WordsmithState()
    for actor, command in smith_cmd.opening(WordsmithConfig(), ("Ann",), (BOT,))[:-1]:
        for event in rules.decide(state, actor, command, random.Random(1)):
            state = rules.evolve(state, event)
    return state


def test_word_nerds_lobby_shows_each_players_rating() -> None:
    state = nerds_lobby()
    assert state.phase == "lobby"
    text = nerds_players(state, "Ann", {}, 40, RATINGS).plain
    assert "seated · rated 1612" in text
    assert "computer · rated 1100" in text
    assert "rated" not in nerds_players(state, "Ann", {}, 40).plain


def test_wordsmith_lobby_shows_each_players_rating_in_place_of_the_score() -> None:
    state = smith_lobby()
    assert state.phase == "lobby"
    lines = smith_players(state, "Ann", {}, 40, ratings=RATINGS).plain.splitlines()
    assert lines[0].split()[-2:] == ["rated", "1612"]
    assert lines[1].split()[-2:] == ["rated", "1100"]
    assert "rated" not in smith_players(state, "Ann", {}, 40).plain
