"""evolve(state, event) -> state: total, deterministic, no side effects."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from functools import reduce
from typing import Any, Final, TypeVar

from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.board import lift, place, rack_tiles
from wordsy_tui.games.tiles.rules.clocks import MS
from wordsy_tui.games.tiles.rules.state import (
    HIDDEN,
    PendingPlay,
    Phase,
    TableVote,
    TileGameState,
    Turn,
)

_Frozen = TypeVar("_Frozen", TileGameState, PendingPlay, TableVote)
_FIELDS: Final = {cls: tuple(f.name for f in fields(cls)) for cls in _Frozen.__constraints__}
_set = object.__setattr__


def _replace(value: _Frozen, **changes: Any) -> _Frozen:
    """`dataclasses.replace` for the fold's frozen values (none has a `__post_init__`),
    without its generic work: a Scrabble play's events make four or five states, on the
    host's path to every player (49 -> 35 us a play in process)."""
    cls = type(value)
    made = object.__new__(cls)
    for name in _FIELDS[cls]:
        _set(made, name, changes.pop(name) if name in changes else getattr(value, name))
    if changes:
        raise TypeError(f"{cls.__name__} has no field {next(iter(changes))!r}")
    return made


def replay(events: Iterable[ev.Event], state: TileGameState | None = None) -> TileGameState:
    return reduce(evolve, events, state or TileGameState())


def _without(tiles: tuple[str, ...], taken: Iterable[str]) -> tuple[str, ...]:
    """`tiles` less `taken`; a tile this view cannot see stands in for any other."""
    left = list(tiles)
    for tile in taken:
        if tile in left:
            left.remove(tile)
        elif HIDDEN in left:
            left.remove(HIDDEN)
    return tuple(sorted(left))


def _drawn(
    state: TileGameState, player: str, tiles: tuple[str, ...] | None, count: int
) -> TileGameState:
    shown = tiles if tiles is not None else (HIDDEN,) * count
    racks = {**state.racks, player: tuple(sorted(state.rack(player) + shown))}
    bag = None if tiles is None or state.bag is None else _without(state.bag, tiles)
    return _replace(state, racks=racks, bag=bag, bag_count=state.bag_count - count)


def _scoreless(state: TileGameState, turn: Turn, *, passed: bool) -> TileGameState:
    return _replace(
        state,
        turns=(*state.turns, turn),
        scoreless_run=state.scoreless_run + 1,
        pass_run=state.pass_run + 1 if passed else 0,
    )


def _incremented(state: TileGameState, player: str) -> TileGameState:
    """The game clock's increment, after each of `player`'s turns."""
    if not state.config.clock_increment or player not in state.clocks:
        return state
    added = state.clocks[player] + state.config.clock_increment * MS
    return _replace(state, clocks={**state.clocks, player: added})


def evolve(state: TileGameState, event: ev.Event) -> TileGameState:
    match event:
        case ev.GameCreated(config):
            return _replace(state, config=config, phase=Phase.LOBBY)
        case ev.PlayerJoined(player, bot):
            bots = state.bots | {player} if bot else state.bots
            return _replace(state, players=(*state.players, player), bots=bots)
        case ev.PlayerLeft(player):
            players = tuple(p for p in state.players if p != player)
            return _replace(state, players=players, bots=state.bots - {player})
        case ev.FirstPlayDrawn(draws):
            return _replace(state, first_draws=(*state.first_draws, draws))
        case ev.GameStarted(order, layout):
            bag = state.rules.full_bag()
            config = state.config
            clock = config.clock_minutes * 60 * MS
            return _replace(
                state,
                phase=Phase.PLAYING,
                players=order,
                layout=layout,
                bag=bag,
                bag_count=len(bag),
                racks=dict.fromkeys(order, ()),
                scores=dict.fromkeys(order, 0),
                clocks=dict.fromkeys(order, clock) if config.clocked else {},
            )
        case ev.TilesDrawn(player, tiles, count):
            return _drawn(state, player, tiles, count)
        case ev.TilesPlayed(player, placement, words, score, _bingo):
            return _replace(
                _incremented(state, player),
                board=place(state.board, placement),
                racks={**state.racks, player: _without(state.rack(player), rack_tiles(placement))},
                scores={**state.scores, player: state.scores[player] + score},
                pending=PendingPlay(player, placement, words, score),
            )
        case ev.VoteOpened(challenger, voters, refused):
            return _replace(state, vote=TableVote(challenger, voters, refused))
        case ev.VoteCast(voter, uphold):
            if state.vote is None:
                return state
            votes = {**state.vote.votes, voter: uphold}
            return _replace(state, vote=_replace(state.vote, votes=votes))
        case ev.ChallengeDecided(challenger, upheld, _refused, _votes):
            pending = state.pending
            state = _replace(state, vote=None)
            if pending is None:
                return state
            if not upheld:
                # What the failed challenge costs is the rule's (docs/RULES.md).
                rule = state.rules.challenge
                stood = _replace(pending, challenged_by=challenger)
                skip = state.skip | {challenger} if rule.loses_turn else state.skip
                scores = {
                    **state.scores,
                    pending.player: state.scores[pending.player] + rule.bonus,
                }
                return _replace(state, skip=skip, pending=stood, scores=scores)
            player = pending.player
            rack = tuple(sorted(state.rack(player) + tuple(rack_tiles(pending.placement))))
            withdrawn = _replace(
                state,
                board=lift(state.board, pending.placement),
                racks={**state.racks, player: rack},
                scores={**state.scores, player: state.scores[player] - pending.score},
                pending=None,
            )
            turn = Turn(
                player,
                "withdrawn",
                placement=pending.placement,
                words=pending.words,
                challenger=challenger,
            )
            return _scoreless(withdrawn, turn, passed=True)
        case ev.ChallengeWaived(player):
            if state.pending is None:
                return state
            waived = state.pending.accepted_by | {player}
            return _replace(state, pending=_replace(state.pending, accepted_by=waived))
        case ev.PlayAccepted(_timed_out):
            pending = state.pending
            if pending is None:
                return state
            turn = Turn(
                pending.player,
                "play",
                pending.score,
                pending.placement,
                pending.words,
                challenger=pending.challenged_by,
            )
            scored = pending.score > 0
            return _replace(
                state,
                pending=None,
                turns=(*state.turns, turn),
                scoreless_run=0 if scored else state.scoreless_run + 1,
                pass_run=0,
            )
        case ev.TilesExchanged(player, returned, drawn, count):
            if returned is None:
                # Which tiles went back is secret: tiles of the rack this view knew (a play
                # withdrawn in plain sight) may be among them, so it knows none of it now.
                kept: tuple[str, ...] = (HIDDEN,) * (len(state.rack(player)) - count)
            else:
                kept = _without(state.rack(player), returned)
            rack = tuple(sorted(kept + (drawn or (HIDDEN,) * count)))
            after = (
                tuple(sorted(_without(state.bag, drawn) + returned))
                if state.bag is not None and returned is not None and drawn is not None
                else None
            )
            exchanged = _replace(
                _incremented(state, player), racks={**state.racks, player: rack}, bag=after
            )
            turn = Turn(player, "exchange", count=count)
            return _scoreless(exchanged, turn, passed=False)
        case ev.Passed(player, timed_out, early):
            passed = _incremented(state, player)
            turn = Turn(player, "pass", timed_out=timed_out, early=early)
            return _scoreless(passed, turn, passed=True)
        case ev.TurnLost(player):
            lost = _replace(state, skip=state.skip - {player})
            return _scoreless(lost, Turn(player, "lost"), passed=True)
        case ev.TurnStarted(player):
            return _replace(state, turn=player)
        case ev.ClockRan(player, ms):
            return _replace(state, clocks={**state.clocks, player: state.clock(player) - ms})
        case ev.GameEnded(out, racks, adjustments, winners, penalties, out_of_time):
            cost = dict(penalties)
            scores = {
                p: state.scores[p] + dict(adjustments).get(p, 0) - cost.get(p, 0)
                for p in state.players
            }
            return _replace(
                state,
                phase=Phase.OVER,
                turn=None,
                out=out,
                racks=dict(racks),
                scores=scores,
                adjustments=dict(adjustments),
                winners=winners,
                penalties=cost,
                out_of_time=out_of_time,
            )
        case _:
            raise TypeError(f"not an event: {event!r}")
