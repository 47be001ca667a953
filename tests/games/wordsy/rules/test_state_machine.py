"""Random command sequences: the log replays to the state, and the rules hold."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.config import Difficulty, GameConfig
from wordsy_tui.games.wordsy.rules.decide import decide
from wordsy_tui.games.wordsy.rules.errors import RuleError
from wordsy_tui.games.wordsy.rules.evolve import evolve, replay
from wordsy_tui.games.wordsy.rules.legal import allowed, may_lock_in
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoresheet import BONUS_BOXES, PENALTY_POINTS
from wordsy_tui.games.wordsy.rules.state import GameState, Phase

WORDS = ("STRAND", "QUIBBLES", "FLINCH", "RHYTHMS", "JAZZ", "SPLINTERED", "AEIOU", "HYPHEN-ATED")
SALT = b"salt"
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


class WordsyMachine(RuleBasedStateMachine):
    @initialize(
        players=st.integers(1, 6),
        seed=st.integers(0, 2**32),
        timed=st.booleans(),
        ruleset=st.sampled_from(Ruleset),
        handicap=st.booleans(),
        difficulty=st.sampled_from(Difficulty),
        meant_words=st.booleans(),
    )
    def set_up(self, players, seed, timed, ruleset, handicap, difficulty, meant_words):
        names = NAMES[:players]
        solo = players == 1
        self.config = GameConfig(
            ruleset=ruleset,
            timer_seconds=30 if timed or solo else None,
            handicapped=frozenset(names[:1]) if handicap else frozenset(),
            solo=difficulty if solo else None,
            meant_words=meant_words,
        )
        self.rng = random.Random(seed)
        self.state = GameState()
        self.log: list[ev.Event] = []
        self.drafts: dict[str, str] = {}
        self.apply(cmd.CreateGame(self.config))
        for name in names:
            self.apply(cmd.JoinGame(name))
        self.apply(cmd.StartGame())

    def apply(self, command: cmd.Command) -> bool:
        before = self.state
        try:
            events = decide(self.state, command, rng=self.rng)
        except RuleError:
            assert self.state == before
            return False
        for event in events:
            self.state = evolve(self.state, event)
        self.log.extend(events)
        return True

    def candidates(self) -> list[cmd.Command]:
        players = self.state.players
        found: list[cmd.Command] = [
            cmd.ExpireTimer(),
            cmd.CloseReveal(),
            cmd.CloseVote(),
            cmd.EndRound(),
        ]
        for p in players:
            found += [cmd.LockIn(p), cmd.FlipTimer(p), cmd.Ready(p), cmd.Appeal(p)]
            found += [cmd.Vote(p, True), cmd.Vote(p, False)]
            found += [cmd.OfferMeantWord(p, word) for word in WORDS[:2]]
            found += [cmd.Challenge(p, q) for q in players if q != p]
            if p in self.drafts:
                found.append(cmd.RevealWord(p, self.drafts[p], SALT))
        return found

    @rule(data=st.data())
    def act(self, data):
        if self.state.phase is Phase.OVER:
            return
        if self.state.phase is Phase.WRITING and data.draw(st.booleans()):
            player = data.draw(st.sampled_from(self.state.players))
            word = data.draw(st.sampled_from(WORDS))
            if self.apply(cmd.WriteWord(player, commit(word, SALT))):
                self.drafts[player] = word
            return
        if self.state.phase is Phase.LOBBY:
            return
        if data.draw(st.integers(0, 24)) == 0:  # now and then someone leaves or is removed
            player = data.draw(st.sampled_from(self.state.players))
            self.apply(
                data.draw(st.sampled_from((cmd.LeaveGame(player), cmd.RemovePlayer(player))))
            )
            return
        round_before = self.state.round
        self.apply(data.draw(st.sampled_from(self.candidates())))
        if self.state.round != round_before:
            self.drafts = {}

    @invariant()
    def the_log_replays_to_the_state(self):
        assert replay(self.log) == self.state

    @invariant()
    def lock_windows_are_locks_the_rules_allow(self):
        for player in self.state.players:
            assert may_lock_in(self.state, player) == allowed(self.state, cmd.LockIn(player))

    @invariant()
    def the_two_rules_of_two_hold(self):
        if self.state.phase is not Phase.LOBBY:
            assert self.state.board.is_legal()

    @invariant()
    def players_who_left_have_no_word_and_a_row_per_round(self):
        for player in self.state.gone:
            assert player not in self.state.drafts
            rows = self.state.sheets[player].rows
            assert len(rows) == len(self.state.sheets[self.state.players[0]].rows)

    @invariant()
    def every_card_is_accounted_for(self):
        on_board = {c.id for c in self.state.board.cards}
        parts = [on_board, self.state.undealt, self.state.discards]
        assert sum(map(len, parts)) == 60
        assert len(set().union(*parts)) == 60

    @invariant()
    def final_totals_follow_the_scoresheet_formula(self):
        if self.state.phase is not Phase.OVER:
            return
        for sheet in self.state.sheets.values():
            assert len(sheet.rows) == 7 or not self.state.active, "only an empty table stops early"
            best_five = sorted((r.score for r in sheet.rows), reverse=True)[:5]
            bonuses = sum(BONUS_BOXES[n][r.box - 1] for n, r in enumerate(sheet.rows) if r.box)
            assert sheet.total == sum(best_five) + bonuses - PENALTY_POINTS * sheet.penalties


WordsyMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestWordsyRules = WordsyMachine.TestCase


def test_random_games_reach_the_end_with_every_invariant_holding():
    """Drive the same machine to game over, so the final-totals check really runs."""
    for seed in range(10):
        rng = random.Random(seed)
        machine = WordsyMachine()
        machine.set_up(4, seed, True, Ruleset.CLASSIC, False, Difficulty.NORMAL, True)
        for _ in range(5000):
            if machine.state.phase is Phase.OVER:
                break
            player = rng.choice(machine.state.players)
            if machine.state.phase is Phase.WRITING and rng.random() < 0.3:
                machine.drafts[player] = "STRAND"
                machine.apply(cmd.WriteWord(player, commit("STRAND", SALT)))
            else:
                machine.apply(rng.choice(machine.candidates()))
        machine.the_log_replays_to_the_state()
        machine.every_card_is_accounted_for()
        assert machine.state.phase is Phase.OVER
        machine.final_totals_follow_the_scoresheet_formula()
