"""decide(state, actor, command, rng, words) -> events, or a RuleError the player can read.

`actor` is who sent the command, as the host knows it (None: the host itself, or its
clock). `rng` is the host's secret generator: every card is drawn through it when it is
turned up. `words` is the agreed word list, read when a revealed turn is worked out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from wordsy_tui.engine import Outcome
from wordsy_tui.games.wordsmith import commands as cmd
from wordsy_tui.games.wordsmith import errors
from wordsy_tui.games.wordsmith import events as ev
from wordsy_tui.games.wordsmith.components import (
    CARDS,
    CARDS_PER_ROUND,
    GOAL_CARDS,
    GOALS_IN_PLAY,
    ROUNDS,
    START_CARDS,
)
from wordsy_tui.games.wordsmith.config import MAX_PLAYERS, MIN_PLAYERS, WordsmithConfig
from wordsy_tui.games.wordsmith.evolve import evolve
from wordsy_tui.games.wordsmith.forge import forge
from wordsy_tui.games.wordsmith.goals import reached
from wordsy_tui.games.wordsmith.scoring import final_scores, winners
from wordsy_tui.games.wordsmith.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.turn import COMMITMENT_BYTES, SALT_BYTES, Turn, commit
from wordsy_tui.games.wordsmith.words import Words

_Outcome = Outcome[WordsmithState, ev.Event]
MAX_SALT_BYTES = 4 * SALT_BYTES


def decide(
    state: WordsmithState,
    actor: str | None,
    command: cmd.Command,
    rng: random.Random,
    words: Words,
) -> list[ev.Event]:
    out = _Outcome(state, evolve)
    match command:
        case cmd.StartGame(players, bots, config):
            if actor is not None:
                raise errors.SeatingError("Only the host starts the game.")
            _start(out, players, bots, config, rng)
        case cmd.Seal(commitment):
            _seal(out, _player(state, actor), commitment)
        case cmd.Reveal(turn, salt):
            _reveal(out, _player(state, actor), turn, salt, words)
        case cmd.LeaveGame():
            player = _player(state, actor)
            out.add(ev.PlayerLeft(player))
        case cmd.TimeUp(number, reveal):
            if actor is not None:
                raise errors.ClockError("Only the host's clock ends a wait.")
            _time_up(out, number, reveal, rng)
        case _:
            raise TypeError(f"not a command: {command!r}")
    _advance(out, rng)
    return out.events


def _player(state: WordsmithState, actor: str | None) -> str:
    if actor is None or actor not in state.players:
        raise errors.UnknownPlayer("Only a player at this game can do that.")
    if state.phase in (Phase.NEW, Phase.OVER):
        raise errors.WrongPhase(
            "The game has not started." if state.phase is Phase.NEW else "The game is over."
        )
    if actor in state.left:
        raise errors.WrongPhase("You have left this game.")
    return actor


def _start(
    out: _Outcome,
    players: Sequence[str],
    bots: frozenset[str],
    config: object,
    rng: random.Random,
) -> None:
    state = out.state
    if state.phase is not Phase.NEW:
        raise errors.WrongPhase("The game has already started.")
    if not isinstance(config, WordsmithConfig):
        raise errors.SeatingError("Those are not Wordsmith's options.")
    players = tuple(players)
    if not all(isinstance(p, str) and p for p in players) or len(set(players)) != len(players):
        raise errors.SeatingError("Each player needs a name of their own.")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise errors.SeatingError(
            f"Wordsmith is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}."
        )
    if not set(bots) <= set(players):
        raise errors.SeatingError("A computer player must be one of the players.")
    problem = config.problem()
    if problem is not None:
        raise errors.SeatingError(problem)
    pool = list(range(len(CARDS)))
    first, second = (_draw(pool, rng) for _ in range(START_CARDS))
    goals: tuple[int, ...] = ()
    if config.goals:
        cards = rng.sample(range(len(GOAL_CARDS)), GOALS_IN_PLAY)
        goals = tuple(GOAL_CARDS[card][rng.randrange(2)] for card in cards)
    out.add(ev.GameStarted(config, players, frozenset(bots), (first, second), goals))
    _deal(out, rng)


def _draw(pool: list[int], rng: random.Random) -> int:
    """A card from those not yet seen: a shuffled deck's next card, as far as anyone can
    tell (its order exists nowhere but in the generator)."""
    return pool.pop(rng.randrange(len(pool)))


def _deal(out: _Outcome, rng: random.Random) -> None:
    state = out.state
    pool = [card for card in range(len(CARDS)) if card not in state.shown]
    fresh = CARDS_PER_ROUND if state.next_card is None else CARDS_PER_ROUND - 1
    drawn = [_draw(pool, rng) for _ in range(fresh)]
    strip = drawn if state.next_card is None else [state.next_card, *drawn]
    next_card = _draw(pool, rng) if state.deck > CARDS_PER_ROUND else None
    out.add(ev.RoundStarted(state.round + 1, (strip[0], strip[1], strip[2]), next_card))


def _seal(out: _Outcome, player: str, commitment: bytes) -> None:
    state = out.state
    if state.phase is not Phase.CHOOSING:
        raise errors.WrongPhase("Choosing is over for this round.")
    if player in state.sealed:
        raise errors.RevealError("Your turn for this round is sealed already.")
    if not isinstance(commitment, bytes) or len(commitment) != COMMITMENT_BYTES:
        raise errors.RevealError(f"A sealed turn travels as a {COMMITMENT_BYTES}-byte commitment.")
    out.add(ev.TurnSealed(player, commitment))


def _reveal(out: _Outcome, player: str, turn: Turn, salt: bytes, words: Words) -> None:
    state = out.state
    if state.phase is not Phase.REVEAL:
        raise errors.WrongPhase("Turns are revealed once every player has chosen.")
    sealed = state.sealed.get(player)
    if sealed is None:
        raise errors.RevealError("You sealed no turn this round.")
    if player in state.played:
        raise errors.RevealError("Your turn is revealed already.")
    if not isinstance(turn, Turn) or not isinstance(salt, bytes) or len(salt) > MAX_SALT_BYTES:
        raise errors.RevealError("That is not a turn and its salt.")
    if commit(turn, salt) != sealed:
        raise errors.RevealError("That is not the turn you sealed.")
    forged = forge(state.sheet(player), turn, state.strip_cards, words)
    private = not state.config.open_sheets
    out.add(ev.TurnPlayed(player, state.round, private, turn, forged.steps, forged.spent))


def _time_up(out: _Outcome, number: int, reveal: bool, rng: random.Random) -> None:
    state = out.state
    phase = Phase.REVEAL if reveal else Phase.CHOOSING
    if state.phase is not phase or state.round != number:
        raise errors.ClockError("That wait is over.")
    missed = tuple(p for p in state.players if p in state.waiting_on())
    if reveal:
        _end_round(out, missed, rng)
    else:
        out.add(ev.ChoicesClosed(state.round, missed))


def _advance(out: _Outcome, rng: random.Random) -> None:
    """Close whatever waits on nobody any more: choosing once every player still playing
    has sealed a turn, the reveal once every one of them has revealed it."""
    while out.state.phase in (Phase.CHOOSING, Phase.REVEAL) and not out.state.waiting_on():
        state = out.state
        if state.phase is Phase.CHOOSING:
            out.add(ev.ChoicesClosed(state.round))
            continue
        missed = tuple(p for p in state.players if p in state.sealed and p not in state.played)
        _end_round(out, missed, rng)


def _end_round(out: _Outcome, missed: tuple[str, ...], rng: random.Random) -> None:
    """The reveal is over: the goals reached this round, then the next round, or the end
    after the last."""
    state = out.state
    out.add(ev.RevealClosed(state.round, missed))
    found = tuple(
        (goal, player, goal not in state.taken)
        for goal in state.goals
        for player in state.players
        if not state.sheet(player).reached(goal) and reached(goal, state.sheet(player))
    )
    if found:
        out.add(ev.GoalsReached(state.round, found))
    if state.round >= ROUNDS:
        sheets = out.state.sheets
        scores = final_scores(sheets)
        out.add(
            ev.GameEnded(
                tuple(scores.items()),
                winners(scores, sheets),
                tuple(sheets.items()),
            )
        )
    else:
        _deal(out, rng)
