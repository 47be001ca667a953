"""What Word Nerds' screens show, as text: a word worked out, the word being typed, the
score track, the lobby's join line."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, cast

from tests.games.wordnerds.tables import WORDS, Cards, Table, action_card, spelt
from tests.hostile import PAYLOADS, raw_in
from wordsy_tui.games.wordnerds.app.app import join_hint, told
from wordsy_tui.games.wordnerds.app.panel import (
    auction_text,
    doing_text,
    play_text,
    players_text,
    spelling_text,
    track,
    words_text,
    worth_text,
)
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.components import Effect
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
from wordsy_tui.games.wordnerds.rules.decide import decide
from wordsy_tui.games.wordnerds.rules.evolve import replay
from wordsy_tui.games.wordnerds.rules.state import NerdsState


def _paths() -> tuple[Table, int]:
    deck = Cards()
    plus = action_card(Effect.PLUS_TWO)
    table = Table(
        ["Andy", "Beth"],
        letters={"Andy": deck.letters("paths"), "Beth": deck.letters("wreck")},
        actions={"Andy": (plus,)},
    )
    table.do("Andy", cmd.Declare("paths", spelt(table.state.hand("Andy"), "paths")))
    return table, plus


def test_a_word_is_worked_out_letter_by_letter_with_its_cards_and_bonus():
    table, plus = _paths()
    assert str(worth_text(table.state.words[0])) == "P2 A1 T1 H2 S1 = 7 · bonus +2 = 9"
    assert play_text(table.state, cmd.PlayAction(plus, word=0)) == (
        "+2 WORD VALUE on PATHS (Andy, 9)"
    )
    table.do("Andy", cmd.PlayAction(plus, word=0))
    assert str(worth_text(table.state.words[0])) == (
        "P2 A1 T1 H2 S1 = 7 · +2 WORD VALUE · bonus +2 = 11"
    )


def test_a_word_from_the_host_reaches_the_screen_only_shown_safely():
    """The client's codec refuses such a word; the screens do not count on it."""
    table, plus = _paths()
    hostile = "p" + PAYLOADS["clear-screen"]  # five characters, as PATHS has cards
    laid = replace(table.state.words[0], word=hostile, challengers=("Beth",))
    state = replace(table.state, words=(laid,))
    lines = [
        str(words_text(state, "Beth")),
        str(worth_text(laid)),
        play_text(state, cmd.PlayAction(plus, word=0)),
        *(
            told(state, "Beth", event) or ""
            for event in (
                ev.WordLaid("Andy", hostile, laid.cards, trump=False),
                ev.ActionPlayed("Andy", plus, word=0),
                ev.ChallengeMade("Beth", 0),
                ev.ChallengeDecided(0, valid=True, challengers=("Beth",)),
            )
        ),
    ]
    assert all(line for line in lines)
    assert [raw_in(line) for line in lines] == [[]] * len(lines)


def test_the_message_line_says_who_won_or_lost_a_challenge_and_whom_a_card_hit():
    table, _ = _paths()
    tax = action_card(Effect.TOKEN_TAX)
    state = table.state
    decided = ev.ChallengeDecided(0, valid=True, challengers=("Beth",))
    assert told(state, "Andy", decided) == "PATHS is a word: Beth loses 10."
    assert told(state, "Beth", decided) == "PATHS is a word: You lose 10."
    withdrawn = ev.ChallengeDecided(0, valid=False, challengers=("Beth", "Andy"))
    assert told(state, "Andy", withdrawn) == ("PATHS is not a word: withdrawn. Beth, you gain 10.")
    taxed = ev.ActionPlayed("Andy", tax, target_player="Beth")
    assert told(state, "Beth", taxed) == "Andy played TOKEN TAX on you."
    assert told(state, None, taxed) == "Andy played TOKEN TAX on Beth."


def test_the_auction_asks_for_one_of_the_tokens_the_player_has_left():
    """Not "0-9": a table of four has 0-6, and spent tokens cannot be bid."""
    table, _ = _paths()
    state = replace(table.state, unspent={**table.state.unspent, "Beth": (0, 2, 5)})
    assert "Your bid: type a token (0 2 5)" in str(auction_text(state, "Beth", None, False))


def test_the_word_being_typed_shows_its_value_or_why_it_cannot_be_laid():
    table, _ = _paths()
    assert str(spelling_text(table.state, "Beth", "WRECK")) == (
        "WRECK: W3 R1 E1 C2 K3 = 10 · bonus +2 = 12"
    )
    assert str(spelling_text(table.state, "Beth", "WRECKS")) == (
        "WRECKS: not spelt by your hand and the pool"
    )
    assert "a word needs 4 letters" in str(spelling_text(table.state, "Beth", "REC"))


def test_the_score_track_fills_a_cell_every_ten_points():
    assert (track(0), track(37), track(100), track(130)) == (
        "..........",
        "###.......",
        "##########",
        "##########",
    )
    table, _ = _paths()
    shown = str(players_text(table.state, "Andy", {}, 30)).splitlines()
    assert shown[0] == "Score track to 100"
    assert shown[1].startswith("you FP")


@dataclass
class _Server:
    front_hint: str | None
    addresses: tuple[str, ...] = ("10.0.0.2",)
    port: int = 47474


def test_the_lobby_says_how_to_join_once():
    fronts = cast(Any, _Server("Join: ssh -p 2222 NAME@10.0.0.2 · join --connect 10.0.0.2:47474"))
    assert str(join_hint(fronts, 46)).count("Join:") == 1
    bare = cast(Any, _Server(None))
    assert str(join_hint(bare, 46)) == "Join: wordsy-tui join --connect 10.0.0.2:47474"


def test_a_player_welcomed_to_the_lobby_is_sitting_down_until_the_host_seats_them():
    # Between the host's welcome and its word that they sat down, a player is not one who
    # watches (a browser's first frame had said so).
    state = NerdsState()
    for seat, command in cmd.opening(NerdsConfig(), ("Ann",))[:-1]:
        state = replay(decide(state, seat, command, rng=random.Random(1), words=WORDS), state)
    assert str(doing_text(state, "Bob", "", sealed=False)) == "Sitting down…"
    assert str(doing_text(state, None, "", sealed=False)) == "You are watching."
