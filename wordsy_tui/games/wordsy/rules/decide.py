"""decide(state, command) -> events, or a RuleError the player can read."""

from __future__ import annotations

import random
import re
from typing import Final

from wordsy_tui.engine import Outcome
from wordsy_tui.engine.names import name_problem
from wordsy_tui.engine.sealed import COMMITMENT_BYTES, commit
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import errors
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.board import FIRST_DEAL_ORDER, REFILL_ORDER
from wordsy_tui.games.wordsy.rules.config import MIN_PLAYERS
from wordsy_tui.games.wordsy.rules.dealing import deal
from wordsy_tui.games.wordsy.rules.evolve import evolve
from wordsy_tui.games.wordsy.rules.referee import ExactRepeatReferee, Reason, Referee, Verdict
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.text import shown, unsafe_characters

LETTERS: Final = re.compile(r"[A-Z]+")


_Outcome = Outcome[GameState, ev.Event]


def decide(
    state: GameState,
    command: cmd.Command,
    *,
    rng: random.Random | None = None,
    referee: Referee | None = None,
) -> list[ev.Event]:
    """Validate `command` against the rules and return the events it causes.

    `rng` is the host's secret generator, needed by commands that deal cards
    or draw lots; `referee` judges revealed words (exact repeats by default).
    """
    out = _Outcome(state, evolve)
    match command:
        case cmd.CreateGame(config):
            _require(state, Phase.NEW, "The game already exists.")
            out.add(ev.GameCreated(config))
        case cmd.JoinGame(player, bot):
            _join(out, player, bot)
        case cmd.LeaveGame(player):
            _leave(out, ev.PlayerLeft(player))
        case cmd.RemovePlayer(player):
            _leave(out, ev.PlayerRemoved(player))
        case cmd.StartGame():
            _start(out, _need_rng(rng))
        case cmd.WriteWord(player, commitment):
            _write(state, player, commitment)
            out.add(ev.WordWritten(player, commitment))
        case cmd.LockIn(player):
            lock_window(state, player)
            out.add(ev.WordLocked(player))
        case cmd.FlipTimer(player):
            _flip(state, player)
            out.add(ev.TimerFlipped(player))
        case cmd.ExpireTimer():
            if not state.timer_running:
                raise errors.TimerError("The timer is not running.")
            out.add(ev.TimerExpired())
        case cmd.CloseWriting():
            _require(state, Phase.WRITING, "Writing is over for this round.")
            out.add(ev.WritingClosed())
        case cmd.RevealWord(player, word, salt):
            out.add(_reveal(state, player, word, salt, referee or ExactRepeatReferee()))
        case cmd.CloseReveal():
            _require(state, Phase.REVEAL, "No words are waiting to be revealed.")
            out.add(ev.RevealClosed())
        case cmd.Challenge(challenger, target):
            _challenge(state, challenger, target)
            out.add(ev.ChallengeRaised(challenger, target))
            _maybe_resolve(out)
        case cmd.Appeal(player):
            _appeal(state, player)
            out.add(ev.ChallengeRaised(None, player))
            _maybe_resolve(out)
        case cmd.OfferMeantWord(player, word):
            out.add(_offer(state, player, word, referee or ExactRepeatReferee()))
            _maybe_resolve(out)
        case cmd.Vote(voter, uphold):
            _vote(state, voter)
            out.add(ev.VoteCast(voter, uphold))
            _maybe_resolve(out)
        case cmd.CloseVote():
            if state.challenge is None:
                raise errors.ChallengeError("No vote is open.")
            _resolve(out)
        case cmd.Ready(player):
            _known(state, player)
            _require(state, Phase.CHALLENGES, "Wait for the reveal.")
            if player in state.ready:
                raise errors.ChallengeError("You are already ready for the next round.")
            out.add(ev.PlayerReady(player))
        case cmd.EndRound():
            _require(state, Phase.CHALLENGES, "The round is not at its challenges yet.")
            if state.challenge is not None:
                _resolve(out)
            _end_round(out, _need_rng(rng))
        case _:
            raise TypeError(f"not a command: {command!r}")
    if out.state.phase is Phase.CHALLENGES and _all_ready(out.state):
        _end_round(out, _need_rng(rng))
    return out.events


def _need_rng(rng: random.Random | None) -> random.Random:
    if rng is None:
        raise ValueError("this command deals cards: pass the host's rng")
    return rng


def _require(state: GameState, phase: Phase, message: str) -> None:
    if state.phase is not phase:
        raise errors.WrongPhase(message)


def _known(state: GameState, player: str) -> None:
    if player not in state.players:
        raise errors.UnknownPlayer(f"{player!r} is not playing in this game.")
    if player in state.gone:
        raise errors.UnknownPlayer(f"{player} has left this game.")


def _leave(out: _Outcome, event: ev.PlayerLeft | ev.PlayerRemoved) -> None:
    """One way out for both leaving and removal; the game goes on without the player."""
    state = out.state
    _known(state, event.player)
    if state.phase is Phase.OVER:
        raise errors.WrongPhase("The game is over.")
    out.add(event)
    if state.phase is Phase.LOBBY:
        return
    if not out.state.active:
        out.add(ev.GameEnded())  # nobody is left to play
        return
    _maybe_resolve(out)  # a vote that was waiting for them


def _join(out: _Outcome, player: str, bot: bool) -> None:
    state = out.state
    if player in state.gone:
        raise errors.UnknownPlayer(f"{player} has left this game.")
    _require(state, Phase.LOBBY, "The game has already started.")
    # Solo has one seat and no one to mistake its player for.
    problem = name_problem(player, None if state.solo else state.players, bot=bot)
    if problem is not None:
        raise problem
    seats = 1 if state.solo else state.config.max_players
    if len(state.players) >= seats:
        raise errors.SeatingError(f"The game is full ({seats} players).")
    out.add(ev.PlayerJoined(player, bot))


def _start(out: _Outcome, rng: random.Random) -> None:
    state = out.state
    _require(state, Phase.LOBBY, "The game has already started.")
    needed = 1 if state.solo else MIN_PLAYERS
    if len(state.players) < needed:
        raise errors.SeatingError(f"At least {needed} players are needed to start.")
    untimed_table = not state.config.timed and not state.solo
    out.add(ev.GameStarted(rng.choice(state.players) if untimed_table else None))
    out.add(*deal(out.state, FIRST_DEAL_ORDER, rng))
    out.add(ev.RoundStarted(1))


def _writing(state: GameState, player: str) -> None:
    _known(state, player)
    if state.phase is not Phase.WRITING:
        raise errors.WrongPhase("Writing is over for this round.")


def _write(state: GameState, player: str, commitment: bytes) -> None:
    _writing(state, player)
    if state.draft(player).locked:
        raise errors.WordLockedError("Your word is locked in: it can no longer change.")
    if not isinstance(commitment, bytes) or len(commitment) != COMMITMENT_BYTES:
        raise errors.RevealError("A written word travels as a 32-byte commitment.")


def _flip(state: GameState, player: str) -> None:
    _writing(state, player)
    if not state.config.timed:
        raise errors.TimerError("There is no timer in this game.")
    if state.solo:
        if state.timer_expired:
            raise errors.TimerError("The timer has run out: lock in your word instead.")
    elif state.flipped_by is not None:
        raise errors.TimerError(f"{state.flipped_by} has already flipped the timer.")
    elif player == state.no_flip:
        raise errors.NoFlipHolder(
            "You hold the No-Flip card this round: you may not flip the timer."
        )
    if state.draft(player).commitment is None:
        raise errors.NoWordWritten("Write a word before you flip the timer.")


def _reveal(
    state: GameState, player: str, word: str, salt: bytes, referee: Referee
) -> ev.WordRevealed:
    _known(state, player)
    _require(state, Phase.REVEAL, "This is not the time to reveal words.")
    unsafe = unsafe_characters(word)
    if unsafe:
        # Refused, not judged: a verdict would carry the raw text into the log and to everyone.
        raise errors.ControlCharacters(
            f"A word is letters: it cannot hold control or format characters ({shown(unsafe)})."
        )
    draft = state.draft(player)
    if draft.commitment is None:
        raise errors.RevealError("You wrote no word this round.")
    if draft.revealed:
        raise errors.RevealError("Your word is already revealed.")
    if commit(word, salt) != draft.commitment:
        raise errors.RevealError("That is not the word you wrote.")
    written = word.strip().upper()
    if not written:
        return ev.WordRevealed(player, "", Verdict(True, Reason.OK, "no word: a pass"))
    return ev.WordRevealed(player, written, _judge(state, written, referee))


def _judge(state: GameState, word: str, referee: Referee) -> Verdict:
    """The referee's verdict on an upper-case `word` played this round."""
    if not LETTERS.fullmatch(word):
        return Verdict(False, Reason.NOT_LETTERS, f"{word!r} is not made of letters A to Z")
    return referee.judge(word, state.played, state.config.ruleset)


def lock_window(state: GameState, player: str) -> None:
    """Raise unless `player` may lock their word in now. Nothing after a lock can refuse
    it, so this is the whole of LockIn's legality (the host asks it of every player after
    every event: whom writing still waits for)."""
    _writing(state, player)
    if state.draft(player).locked:
        raise errors.WordLockedError("Your word is already locked in.")


def offer_window(state: GameState, player: str) -> None:
    """Whether `player` may offer the word they meant now, whatever the word: raises the
    rule's refusal. (The rulebook's relaxed-play tip, an option of the host.)"""
    _challenge_window(state, player)
    if not state.config.meant_words:
        raise errors.MeantWordError(
            "This table plays the strict rules: the host did not allow meant words."
        )
    draft = state.draft(player)
    if not draft.revealed or not draft.voided:
        raise errors.MeantWordError(
            "Only a word that fell (to a challenge or the referee) can be changed to the "
            "word you meant."
        )
    if draft.offered:
        raise errors.MeantWordError("You have already offered the word you meant, once.")
    if not set(state.active) - {player}:
        raise errors.MeantWordError("Nobody is left at the table to vote on your meant word.")


def _offer(state: GameState, player: str, word: str, referee: Referee) -> ev.MeantWordOffered:
    offer_window(state, player)
    unsafe = unsafe_characters(word)
    if unsafe:
        raise errors.ControlCharacters(
            f"A word is letters: it cannot hold control or format characters ({shown(unsafe)})."
        )
    meant, written = word.strip().upper(), state.draft(player).word
    if not meant:
        raise errors.MeantWordError("Type the word you meant.")
    if meant == written:
        raise errors.MeantWordError(f"{meant} is the word that fell: offer the word you meant.")
    if not LETTERS.fullmatch(meant):
        # The rulebook: a hyphenated word or a two-word phrase must choose one word.
        raise errors.MeantWordError(
            f"{shown(meant)} is not one word of letters A to Z: if you meant two words, "
            "choose which one to use."
        )
    verdict = _judge(state, meant, referee)
    if not verdict.ok:
        # (Not "the table may still allow it by vote": a meant word must be one it accepts.)
        why = "not in the word list" if verdict.reason is Reason.NOT_A_WORD else verdict.message
        raise errors.MeantWordError(
            f"The referee refuses {meant} ({why}); the word you meant must be one it accepts."
        )
    return ev.MeantWordOffered(player, meant, verdict)


def _challenge(state: GameState, challenger: str, target: str) -> None:
    _challenge_window(state, challenger)
    _known(state, target)
    if challenger == target:
        raise errors.ChallengeError("You cannot challenge your own word.")
    draft = state.draft(target)
    if not draft.revealed:
        raise errors.ChallengeError(f"{target} has no word to challenge.")
    if draft.voided:
        raise errors.ChallengeError(f"{target}'s word already scores 0.")
    if draft.challenged:
        raise errors.ChallengeError(f"{target}'s word has already been challenged.")


def _appeal(state: GameState, player: str) -> None:
    _challenge_window(state, player)
    draft = state.draft(player)
    if not draft.voided or draft.verdict is None or draft.verdict.ok or draft.challenged:
        raise errors.ChallengeError("Only a word the referee refused can be appealed, once.")


def _challenge_window(state: GameState, player: str) -> None:
    _known(state, player)
    _require(state, Phase.CHALLENGES, "Challenges come after the reveal.")
    if state.solo:
        raise errors.ChallengeError("There is no one to challenge in solo play.")
    if state.challenge is not None:
        raise errors.ChallengeError(
            f"Only one challenge at a time: {state.challenge.target}'s word is being voted on."
        )


def _vote(state: GameState, voter: str) -> None:
    _known(state, voter)
    challenge = state.challenge
    if challenge is None:
        raise errors.ChallengeError("No vote is open.")
    if voter not in challenge.voters:
        raise errors.ChallengeError("You are part of this challenge: the others vote.")
    if voter in challenge.votes:
        raise errors.ChallengeError("You have already voted.")


def _maybe_resolve(out: _Outcome) -> None:
    challenge = out.state.challenge
    if challenge is not None and len(challenge.votes) == len(challenge.voters):
        _resolve(out)


def _resolve(out: _Outcome) -> None:
    """A majority of the votes cast decides; a tie (or no votes) follows the referee."""
    challenge = out.state.challenge
    assert challenge is not None
    against = sum(challenge.votes.values())
    for_word = len(challenge.votes) - against
    if challenge.meant is not None:
        # "If it's clear what word [they] actually meant": only a majority says so; a tie,
        # or no votes in time, leaves the word fallen (the table did not overrule).
        out.add(ev.MeantWordDecided(accepted=for_word > against))
        return
    verdict = out.state.draft(challenge.target).verdict
    advice = verdict is not None and not verdict.ok
    out.add(ev.ChallengeResolved(against > for_word or (against == for_word and advice)))


def _all_ready(state: GameState) -> bool:
    return state.challenge is None and all(p in state.ready for p in state.active)


def _end_round(out: _Outcome, rng: random.Random) -> None:
    finished = out.state.round
    last = out.state.last_round
    out.add(ev.RoundEnded(finished))
    if last:
        out.add(ev.GameEnded())
    else:
        out.add(*deal(out.state, REFILL_ORDER, rng))
        out.add(ev.RoundStarted(finished + 1))
