"""Word Nerds' part of the headless host: one line per event worth telling (its log), and
its own commands on the host's keyboard. Nothing secret: no hand, and no bid before every
bid is open."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.components import action, letter
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.table.desk import TableDesk

if TYPE_CHECKING:
    pass

DESK_HELP: Final = (
    "Commands: 'start' starts the game with the players seated (at least two); "
    "'remove NAME' frees a lobby seat (once the game has started seats are kept: the clock "
    "plays for a player who is gone); 'end' ends what the table is waiting for now, as the "
    "clock would; 'mute NAME' / 'unmute NAME' drops (or no longer drops) someone's chat "
    "lines; 'rematch' plays again after the game, with the same seats and options; "
    "'players' lists the seats; 'help' shows this. Ctrl-C ends the game for everyone."
)


def cards_text(cards: tuple[int, ...]) -> str:
    """Letter cards as printed, in short: "P2 A1 E1+" (+: brings an action card)."""
    return " ".join(letter(card).short for card in cards)


def wordnerds_line(state: NerdsState, event: ev.Event) -> str | None:
    """A line for the host's log about what happened (`state`: the table after it)."""
    match event:
        case ev.PlayerJoined(player, bot):
            return f"{player}{' (computer)' if bot else ''} sat down"
        case ev.PlayerLeft(player):
            return f"{player} left the lobby"
        case ev.GameStarted(first):
            return f"The game starts: {', '.join(state.players)}; First Player: {first}"
        case ev.AuctionOpened(first, cards):
            return f"Turn {state.turn}, First Player {first}: up for auction {cards_text(cards)}"
        case ev.BidsClosed(missed) if missed:
            return f"Bids closed: {', '.join(missed)} bid nothing in time (the 0)"
        case ev.BidsRevealed(_bids, order, void):
            bids = ", ".join(f"{player} {counted}" for player, counted in order)
            late = f"; {', '.join(void)} opened no bid in time (the 0)" if void else ""
            return f"Bids: {bids}{late}"
        case ev.CardPicked(player, card):
            return f"{player} takes {letter(card).short}"
        case ev.CommunityCardAdded(card):
            return f"{letter(card).short} joins the community pool"
        case ev.WordLaid(player, word, _cards, trump):
            laid = state.words[-1]
            verb = "trumps with" if trump else "declares"
            return f"{player} {verb} {word.upper()} ({laid.value})"
        case ev.ActionPlayed(player, card, word, target_player, _target):
            on = f" on {state.words[word].word.upper()}" if word is not None else ""
            at = f" against {target_player}" if target_player is not None else ""
            return f"{player} plays {action(card).title}{on}{at}"
        case ev.ChallengeMade(player, word):
            return f"{player} challenges {state.words[word].word.upper()}"
        case ev.ChallengeDecided(word, valid, challengers):
            name = state.words[word].word.upper()
            who = ", ".join(challengers)
            each = "s 10" if len(challengers) == 1 else " 10 each"
            if valid:
                return f"{name} is a word: {who} lose{each}"
            return f"{name} is withdrawn: {who} gain{each}"
        case ev.BattleDecided(winner, loser) if loser is not None:
            won, lost = state.words[winner], state.words[loser]
            return f"{won.word.upper()} ({won.value}) beats {lost.word.upper()} ({lost.value})"
        case ev.DeclarationEnded(points):
            scored = ", ".join(f"{player} +{p}" for player, p in points) or "no word scored"
            board = ", ".join(f"{p} {state.scores[p]}" for p in state.players)
            return f"Scored: {scored}. Scores: {board}"
        case ev.Purchased(player, what) if what != "nothing":
            return f"{player} buys {'an action card' if what == 'action' else 'new letters'}"
        case ev.GameEnded(winners):
            board = ", ".join(f"{p} {state.scores[p]}" for p in state.players)
            return f"Game over. Final: {board}. Won: {', '.join(winners)}"
    return None


class NerdsDesk(TableDesk):
    """Word Nerds' commands on the headless host's keyboard, beside every game's ('rematch',
    'players', 'help'); and what its log says at the start and the end, and of chat."""

    title = "Word Nerds"
    help = DESK_HELP
