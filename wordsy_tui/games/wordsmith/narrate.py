"""Wordsmith's part of the headless host: one line per event worth telling (its log), and
its own commands on the host's keyboard."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Final

from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.components import CARDS, GOALS, ROUNDS
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.table.desk import TableDesk

if TYPE_CHECKING:
    pass

DESK_HELP: Final = (
    "Commands: 'start' starts the game with the players seated (at least two); "
    "'remove NAME' takes a seat away (a squatter in the lobby; in the game the player stops "
    "playing, their sheet scored as it stands); 'end' ends what the round is waiting for now "
    "(the choosing, the reveal); 'mute NAME' / 'unmute NAME' drops (or no longer drops) "
    "someone's chat lines; 'rematch' plays again after the game, with the same seats and "
    "options; 'players' lists the seats; 'help' shows this. Ctrl-C ends the game for everyone."
)


def strip_text(strip: tuple[int, ...]) -> str:
    """The strip's three cards, cheapest first: "A/D (0) P/R (1) Q/U (2)"."""
    return " ".join(
        f"{CARDS[card].top}/{CARDS[card].bottom} ({cost})" for cost, card in enumerate(strip)
    )


def wordsmith_line(state: WordsmithState, event: ev.Event) -> str | None:
    """A line for the host's log about what happened. No turn before its reveal (none
    travels before it); with hidden sheets, no turn's words at all."""
    match event:
        case ev.PlayerJoined(player, bot):
            return f"{player}{' (computer)' if bot else ''} sat down"
        case ev.PlayerLeft(player):
            if state.phase is Phase.LOBBY:
                return f"{player} left the lobby"
            return f"{player} stopped playing: their sheet is scored as it stands"
        case ev.GameStarted(_start, goals):
            named = ", ".join(GOALS[goal].name for goal in goals) or "none"
            return f"The game starts: {', '.join(state.players)}; goals: {named}"
        case ev.RoundStarted(number, strip, _next):
            return f"Round {number} of {ROUNDS}: {strip_text(strip)}"
        case ev.ChoicesClosed(_round, missed) if missed:
            return f"Choosing closed: {', '.join(missed)} chose nothing this round"
        case ev.TurnPlayed(player, _round, private, _turn, steps, _spent) if not private:
            words = [word.text for step in steps or () for word in step.words]
            return f"{player} made {', '.join(words)}" if words else None
        case ev.RevealClosed(_round, missed) if missed:
            return f"{', '.join(missed)} did not reveal in time: no turn this round"
        case ev.GoalsReached(_round, reached):
            return "; ".join(
                f"{player} reached {GOALS[goal].name}{' first' if first else ''}"
                for goal, player, first in reached
            )
        case ev.GameEnded(scores, winners, _sheets):
            final = ", ".join(f"{player} {lines.total}" for player, lines in scores)
            return f"Game over. Final: {final}. Won: {', '.join(winners)}"
    return None


class WordsmithDesk(TableDesk):
    """Wordsmith's commands on the headless host's keyboard, beside every game's ('rematch',
    'players', 'help'); and what its log says at the start and the end, and of chat."""

    title = "Wordsmith"
    help = DESK_HELP
    removed = "{name}'s seat is removed"

    def left(self) -> Collection[str]:
        """The seats whose players stopped playing ('players' says so)."""
        left: Collection[str] = self.server.state.left
        return left
