"""evolve(state, event) -> state: total, deterministic, no side effects."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import reduce
from typing import TypedDict, Unpack

from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.bonuses import next_main_player, round_boxes
from wordsy_tui.games.wordsy.rules.cards import CARDS_BY_ID
from wordsy_tui.games.wordsy.rules.config import ROUNDS
from wordsy_tui.games.wordsy.rules.referee import PlayedWord, Verdict
from wordsy_tui.games.wordsy.rules.scoresheet import Scoresheet, SheetRow
from wordsy_tui.games.wordsy.rules.scoring import score_word
from wordsy_tui.games.wordsy.rules.solo import next_spot
from wordsy_tui.games.wordsy.rules.state import (
    ChallengeResult,
    Draft,
    GameState,
    MeantWord,
    OpenChallenge,
    Phase,
)


class DraftChanges(TypedDict, total=False):
    """What an event may change in a player's `Draft`: its fields, any of them."""

    commitment: bytes | None
    locked: bool
    word: str | None
    verdict: Verdict | None
    score: int
    voided: bool
    challenged: bool
    offered: bool


def replay(events: Iterable[ev.Event], state: GameState | None = None) -> GameState:
    return reduce(evolve, events, state or GameState())


def evolve(state: GameState, event: ev.Event) -> GameState:
    match event:
        case ev.GameCreated(config):
            return replace(state, config=config, phase=Phase.LOBBY)
        case ev.PlayerJoined(player, bot):
            bots = state.bots | {player} if bot else state.bots
            return replace(state, players=(*state.players, player), bots=bots)
        case ev.PlayerLeft(player) | ev.PlayerRemoved(player):
            return _leave(state, player)
        case ev.GameStarted(main_player):
            sheets = {p: Scoresheet() for p in state.players}
            return replace(state, main_player=main_player, sheets=sheets)
        case ev.CardPlaced(slot, card):
            board = state.board.place(slot, CARDS_BY_ID[card])
            return replace(state, board=board, undealt=state.undealt - {card})
        case ev.CardBurned(card):
            return replace(state, undealt=state.undealt - {card}, discards=state.discards | {card})
        case ev.DeckReshuffled():
            return replace(state, undealt=state.undealt | state.discards, discards=frozenset())
        case ev.RoundStarted(round_no):
            return replace(
                state,
                phase=Phase.WRITING,
                round=round_no,
                drafts={},
                flipped_by=None,
                timer_expired=False,
                challenge=None,
                challenges=(),
                ready=frozenset(),
            )
        case ev.WordWritten(player, commitment):
            return _with_draft(state, player, commitment=commitment)
        case ev.WordLocked(player):
            return _writing_over_check(_with_draft(state, player, locked=True))
        case ev.TimerFlipped(player):
            locked = _with_draft(state, player, locked=True)
            return _writing_over_check(replace(locked, flipped_by=player))
        case ev.TimerExpired():
            return _writing_over_check(replace(state, timer_expired=True))
        case ev.WritingClosed():
            return _reveal_over_check(replace(state, phase=Phase.REVEAL))
        case ev.WordRevealed(player, "", verdict):
            # A word wiped before the lock-in (or the sand) is no word: a pass, not a void.
            passed = replace(state, drafts={**state.drafts, player: Draft()})
            return _reveal_over_check(passed)
        case ev.WordRevealed(player, word, verdict):
            score = _points(state, player, word)
            revealed = _with_draft(
                state, player, word=word, verdict=verdict, score=score, voided=not verdict.ok
            )
            return _reveal_over_check(revealed)
        case ev.RevealClosed():
            drafts = {p: d if d.revealed else Draft() for p, d in state.drafts.items()}
            return replace(state, drafts=drafts, phase=Phase.CHALLENGES)
        case ev.ChallengeRaised(challenger, target):
            voters = frozenset(state.active) - {challenger, target}
            return replace(state, challenge=OpenChallenge(challenger, target, voters))
        case ev.VoteCast(voter, uphold):
            assert state.challenge is not None
            votes = {**state.challenge.votes, voter: uphold}
            return replace(state, challenge=replace(state.challenge, votes=votes))
        case ev.ChallengeResolved(upheld):
            return _resolve_challenge(state, upheld)
        case ev.MeantWordOffered(player, word, verdict):
            voters = frozenset(state.active) - {player}
            offer = OpenChallenge(None, player, voters, meant=MeantWord(word, verdict))
            return replace(_with_draft(state, player, offered=True), challenge=offer)
        case ev.MeantWordDecided(accepted):
            return _decide_meant_word(state, accepted)
        case ev.PlayerReady(player):
            return replace(state, ready=state.ready | {player})
        case ev.RoundEnded():
            return _end_round(state)
        case ev.GameEnded():
            return replace(state, phase=Phase.OVER)
    raise TypeError(f"not an event: {event!r}")


def _with_draft(state: GameState, player: str, **changes: Unpack[DraftChanges]) -> GameState:
    draft = replace(state.draft(player), **changes)
    return replace(state, drafts={**state.drafts, player: draft})


def _points(state: GameState, player: str, word: str) -> int:
    return score_word(state.board, word, handicap=player in state.config.handicapped).points


def _leave(state: GameState, player: str) -> GameState:
    if state.phase in (Phase.NEW, Phase.LOBBY):
        players = tuple(p for p in state.players if p != player)
        return replace(state, players=players, bots=state.bots - {player})
    # During the game the player keeps their seat on the scoresheets; this round's word
    # goes with them, and no phase waits for them any more.
    challenge = state.challenge
    if challenge is not None and player in (challenge.challenger, challenge.target):
        challenge = None  # the challenge is moot: its word (or its challenger) has gone
    elif challenge is not None:
        votes = {v: uphold for v, uphold in challenge.votes.items() if v != player}
        challenge = replace(challenge, voters=challenge.voters - {player}, votes=votes)
    left = replace(
        state,
        gone=state.gone | {player},
        drafts={p: d for p, d in state.drafts.items() if p != player},
        challenge=challenge,
        ready=state.ready - {player},
    )
    if state.phase is Phase.WRITING:
        return _writing_over_check(left)
    if state.phase is Phase.REVEAL:
        return _reveal_over_check(left)
    return left


def _writing_over_check(state: GameState) -> GameState:
    everyone_locked = all(state.draft(p).locked for p in state.active)
    over = everyone_locked or (state.timer_expired and not state.solo)
    return _reveal_over_check(replace(state, phase=Phase.REVEAL)) if over else state


def _reveal_over_check(state: GameState) -> GameState:
    waiting = any(d.commitment is not None and not d.revealed for d in state.drafts.values())
    return state if waiting else replace(state, phase=Phase.CHALLENGES)


def _resolve_challenge(state: GameState, upheld: bool) -> GameState:
    challenge = state.challenge
    assert challenge is not None
    # An upheld challenge voids the word; a failed appeal leaves it void, a
    # won appeal restores it; a failed challenge costs the challenger a tally.
    draft = state.draft(challenge.target)
    voided = upheld or (challenge.challenger is not None and draft.voided)
    resolved = _with_draft(state, challenge.target, voided=voided, challenged=True)
    against = sum(challenge.votes.values())
    result = ChallengeResult(
        challenge.challenger,
        challenge.target,
        draft.word or "",
        stands=len(challenge.votes) - against,
        against=against,
        voters=len(challenge.voters),
        upheld=upheld,
    )
    sheets = dict(state.sheets)
    if result.penalty:
        assert challenge.challenger is not None
        sheets[challenge.challenger] = sheets[challenge.challenger].add_penalty()
    return replace(resolved, challenge=None, challenges=(*state.challenges, result), sheets=sheets)


def _decide_meant_word(state: GameState, accepted: bool) -> GameState:
    challenge = state.challenge
    assert challenge is not None
    assert challenge.meant is not None
    meant, player = challenge.meant, challenge.target
    refused = sum(challenge.votes.values())
    result = ChallengeResult(
        None,
        player,
        state.draft(player).word or "",
        stands=len(challenge.votes) - refused,
        against=refused,
        voters=len(challenge.voters),
        upheld=not accepted,
        meant=meant.word,
    )
    decided = state
    if accepted:
        # The word is changed to the meant word, which scores (bonus boxes too) as if
        # written; the table has voted on it, so it faces no further challenge. A
        # challenge that made the word fall stays upheld: it cost its challenger nothing.
        decided = _with_draft(
            state,
            player,
            word=meant.word,
            verdict=meant.verdict,
            score=_points(state, player, meant.word),
            voided=False,
            challenged=True,
        )
    return replace(decided, challenge=None, challenges=(*state.challenges, result))


def _end_round(state: GameState) -> GameState:
    players = state.active
    scoring = {p: state.draft(p) for p in players}
    scores = {p: 0 if d.voided else d.score for p, d in scoring.items()}
    voided = frozenset(p for p, d in scoring.items() if d.voided)
    sheets = dict(state.sheets)
    solo_spot = state.solo_spot
    boxes = round_boxes(state)
    if state.config.solo is not None:
        (player,) = players
        earned = bool(boxes[player])
        solo_spot, penalty = next_spot(solo_spot, scores[player], earned, state.config.solo)
        if penalty:
            sheets[player] = sheets[player].add_penalty()
    for p in players:
        row = SheetRow(scoring[p].word, scores[p], boxes[p], p in voided)
        sheets[p] = sheets[p].add_row(row)
    for p in state.gone:
        sheets[p] = sheets[p].add_row(SheetRow(None, 0))
    played = state.played + tuple(
        PlayedWord(d.word, state.round, p)
        for p, d in scoring.items()
        if d.word is not None and not d.voided
    )
    no_flip = state.no_flip
    if state.config.timed and len(players) >= 3:
        no_flip = state.flipped_by if state.flipped_by in players else None
    main_player = state.main_player
    if main_player is not None:
        main_player = _next_main_player(state, main_player, sheets)
    board, discards = state.board, state.discards
    if state.round < ROUNDS:
        board, slid_off = state.board.slide()
        discards = discards | {c.id for c in slid_off}
    return replace(
        state,
        sheets=sheets,
        played=played,
        no_flip=no_flip,
        main_player=main_player,
        board=board,
        discards=discards,
        solo_spot=solo_spot,
    )


def _next_main_player(state: GameState, last: str, sheets: dict[str, Scoresheet]) -> str:
    """The next Main Player among those still playing; ties go clockwise from `last`'s seat,
    even when `last` has left."""
    seat = state.players.index(last)
    around = state.players[seat + 1 :] + state.players[: seat + 1]
    clockwise = [p for p in around if p not in state.gone]
    return next_main_player(clockwise, clockwise[-1], sheets, state.config.ruleset)
