"""Twenty-One's rules, pure: its options, commands, events and state; `decide` and `evolve`;
what a seat may do (`legal_commands`, `amounts`); what a seat may know (`state_for`,
`event_for`); the host's alarm; the codec; and the best move, for its computer players.

Only the engine and the standard library are imported here, as in a real game's rules.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Final

from wordsy_tui.engine import Alarm, Request
from wordsy_tui.engine.codec import CodecError, decode_kind, registry
from wordsy_tui.engine.errors import RuleError, SeatingError, UnknownPlayer, WrongPhase
from wordsy_tui.engine.names import name_problem

GAME: Final = "madeup"
"""Its `--game` name: what host and client must share, and what the kit registers."""
TITLE: Final = "Twenty-One"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
MOST: Final = 3
"""The most a player may add in one turn."""
SEAT: Final = "seat"
"""The optional field of a wire command naming the seat it acts for (the host's)."""


class Phase(StrEnum):
    NEW = "new"
    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Config:
    game: ClassVar[str] = GAME
    target: int = 21
    max_players: int = MAX_PLAYERS
    turn_seconds: int = 30
    """The longest a turn waits; then the host adds 1 for the player."""


# -- commands: what a seat (or the host) asks --------------------------------------------


@dataclass(frozen=True, slots=True)
class CreateGame:
    config: Config


@dataclass(frozen=True, slots=True)
class JoinGame:
    bot: bool = False


@dataclass(frozen=True, slots=True)
class LeaveGame:
    pass


@dataclass(frozen=True, slots=True)
class StartGame:
    pass


@dataclass(frozen=True, slots=True)
class Add:
    amount: int


@dataclass(frozen=True, slots=True)
class TimeUp:
    """The host's clock: the turn's time is up."""


Command = CreateGame | JoinGame | LeaveGame | StartGame | Add | TimeUp
HOST_ONLY: Final = (CreateGame, TimeUp)


# -- events: what happened -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameCreated:
    config: Config


@dataclass(frozen=True, slots=True)
class PlayerJoined:
    player: str
    bot: bool = False


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    player: str


@dataclass(frozen=True, slots=True)
class GameStarted:
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Added:
    player: str
    amount: int
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class GameEnded:
    winner: str


Event = GameCreated | PlayerJoined | PlayerLeft | GameStarted | Added | GameEnded


# -- the state: the fold of the log ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class State:
    phase: Phase = Phase.NEW
    config: Config = Config()
    players: tuple[str, ...] = ()
    """In their order of play once the game has started."""
    bots: frozenset[str] = frozenset()
    count: int = 0
    turns: int = 0
    """Turns played so far: whose turn it is, and the key of the turn's alarm."""
    winner: str | None = None

    @property
    def turn(self) -> str | None:
        if self.phase is not Phase.PLAYING:
            return None
        return self.players[self.turns % len(self.players)]


def amounts(state: State, seat: str | None) -> range:
    """What `seat` may add now (nothing when it is not their turn)."""
    if seat is None or seat != state.turn:
        return range(0)
    return range(1, min(MOST, state.config.target - state.count) + 1)


def decide(state: State, actor: str | None, command: Command, rng: random.Random) -> list[Event]:
    """The events `command` causes when `actor` sends it (None: the host)."""
    match command:
        case CreateGame(config):
            _phase(state, Phase.NEW)
            return [GameCreated(config)]
        case JoinGame(bot):
            _phase(state, Phase.LOBBY)
            who = _someone(actor)
            if len(state.players) >= state.config.max_players:
                raise SeatingError("The table is full.")
            problem = name_problem(who, state.players, bot=bot)
            if problem is not None:
                raise problem
            return [PlayerJoined(who, bot)]
        case LeaveGame():
            _phase(state, Phase.LOBBY)
            return [PlayerLeft(_seated(state, actor))]
        case StartGame():
            _phase(state, Phase.LOBBY)
            if actor is not None:
                _seated(state, actor)
            if len(state.players) < MIN_PLAYERS:
                raise SeatingError(f"{TITLE} needs at least {MIN_PLAYERS} players.")
            first = rng.randrange(len(state.players))  # the host's draw: who begins
            return [GameStarted(state.players[first:] + state.players[:first])]
        case Add(amount):
            who = _seated(state, actor)
            if amount not in amounts(state, who):
                raise RuleError(f"{who} cannot add {amount} now.")
            return _added(state, Added(who, amount))
        case TimeUp():
            turn = state.turn
            if actor is not None or turn is None:
                raise WrongPhase("No turn is running.")
            return _added(state, Added(turn, 1, timed_out=True))
    raise RuleError(f"Unknown command {command!r}.")


def _added(state: State, added: Added) -> list[Event]:
    if state.count + added.amount >= state.config.target:
        return [added, GameEnded(added.player)]
    return [added]


def _phase(state: State, phase: Phase) -> None:
    if state.phase is not phase:
        raise WrongPhase(f"Not now: the game is {state.phase.value}.")


def _someone(actor: str | None) -> str:
    if actor is None:
        raise UnknownPlayer("Someone must do that.")
    return actor


def _seated(state: State, actor: str | None) -> str:
    who = _someone(actor)
    if who not in state.players:
        raise UnknownPlayer(f"{who} is not at the table.")
    return who


def evolve(state: State, event: Event) -> State:
    """Total and deterministic: the state is the fold of the log."""
    replace = dataclasses.replace
    match event:
        case GameCreated(config):
            return State(Phase.LOBBY, config)
        case PlayerJoined(player, bot):
            bots = state.bots | {player} if bot else state.bots
            return replace(state, players=(*state.players, player), bots=bots)
        case PlayerLeft(player):
            players = tuple(p for p in state.players if p != player)
            return replace(state, players=players, bots=state.bots - {player})
        case GameStarted(order):
            return replace(state, phase=Phase.PLAYING, players=order)
        case Added(_player, amount):
            return replace(state, count=state.count + amount, turns=state.turns + 1)
        case GameEnded(winner):
            return replace(state, phase=Phase.OVER, winner=winner)


def legal_commands(state: State, seat: str) -> list[Command]:
    """What `seat` may send now."""
    seated = seat in state.players
    if state.phase is Phase.LOBBY:
        if not seated:
            return [JoinGame()]
        return [LeaveGame(), StartGame()] if len(state.players) >= MIN_PLAYERS else [LeaveGame()]
    return [Add(amount) for amount in amounts(state, seat)]


# -- what a seat may know: everything (the count is on the table) ---------------------------


def state_for(state: State, seat: str | None) -> State:
    return state


def event_for(event: Event, seat: str | None) -> Event:
    return event


def alarm(state: State) -> Alarm[Command] | None:
    """Each turn waits at most the config's seconds; then the host adds 1 for the player."""
    if state.phase is not Phase.PLAYING:
        return None
    return Alarm(("turn", state.turns), state.config.turn_seconds, TimeUp(), "turn")


# -- the codec: the engine's generic one, with this game's unions ---------------------------

COMMANDS: Final = registry(Command)
EVENTS: Final = registry(Event)


def decode_request(wire: object) -> Request[Command]:
    """A wire command, and the seat its `seat` field says it acts for (if any)."""
    if not isinstance(wire, dict):
        raise CodecError("expected a map with a 'kind'")
    seat = wire.get(SEAT)
    if seat is not None and not isinstance(seat, str):
        raise CodecError(f"{SEAT}: expected str")
    command = decode_kind({k: v for k, v in wire.items() if k != SEAT}, COMMANDS)
    return Request(typing.cast(Command, command), seat)


def decode_event(wire: object) -> Event:
    return typing.cast(Event, decode_kind(wire, EVENTS))


# -- the best move, for the computer players --------------------------------------------------


def best(state: State, seat: str) -> int | None:
    """What `seat` should add: leave the count a multiple of 4 short of the target, which
    wins; any amount when that cannot be done. None: it is not their turn."""
    allowed = amounts(state, seat)
    if not allowed:
        return None
    winning = (state.config.target - state.count) % (MOST + 1)
    return winning if winning in allowed else allowed[0]


def choose(state: State, seat: str, skill: float, rng: random.Random) -> int | None:
    """A player of `skill` (0: random, 1: perfect): the best move that often, else any."""
    allowed: Sequence[int] = amounts(state, seat)
    if not allowed:
        return None
    return best(state, seat) if rng.random() < skill else rng.choice(list(allowed))
