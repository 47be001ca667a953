"""evolve(state, event) -> state: total and deterministic, it never checks a rule."""

from __future__ import annotations

from dataclasses import replace

from wordsy_tui.games.wordsmith import events as ev
from wordsy_tui.games.wordsmith.components import CARDS_PER_ROUND, DECK
from wordsy_tui.games.wordsmith.forge import written
from wordsy_tui.games.wordsmith.sheet import started
from wordsy_tui.games.wordsmith.state import Phase, WordsmithState


def evolve(state: WordsmithState, event: ev.Event) -> WordsmithState:
    match event:
        case ev.GameStarted(config, players, bots, start, goals):
            sheet = started(*start)
            return replace(
                state,
                config=config,
                players=players,
                bots=bots,
                start=start,
                goals=goals,
                shown=frozenset(start),
                deck=DECK,
                sheets=dict.fromkeys(players, sheet),
            )
        case ev.RoundStarted(number, strip, next_card):
            turned = {*strip} if next_card is None else {*strip, next_card}
            return replace(
                state,
                phase=Phase.CHOOSING,
                round=number,
                strip=strip,
                next_card=next_card,
                shown=state.shown | turned,
                deck=state.deck - CARDS_PER_ROUND,
                sealed={},
                played=frozenset(),
            )
        case ev.TurnSealed(player, commitment):
            return replace(state, sealed={**state.sealed, player: commitment})
        case ev.ChoicesClosed():
            return replace(state, phase=Phase.REVEAL)
        case ev.TurnPlayed(player, _round, _private, _turn, steps, spent):
            sheets = state.sheets
            if steps is not None:
                sheets = {**sheets, player: written(state.sheet(player), steps, spent or 0)}
            return replace(state, played=state.played | {player}, sheets=sheets)
        case ev.RevealClosed():
            return state
        case ev.GoalsReached(_round, reached):
            sheets = dict(state.sheets)
            for goal, player, first in reached:
                sheet = sheets[player]
                sheets[player] = replace(sheet, goals=(*sheet.goals, (goal, first)))
            return replace(
                state, sheets=sheets, taken=state.taken | {goal for goal, _, _ in reached}
            )
        case ev.PlayerLeft(player):
            return replace(state, left=state.left | {player})
        case ev.GameEnded(scores, winners, sheets):
            return replace(
                state,
                phase=Phase.OVER,
                scores=dict(scores),
                winners=winners,
                sheets=dict(sheets),
            )
    raise TypeError(f"not an event: {event!r}")
