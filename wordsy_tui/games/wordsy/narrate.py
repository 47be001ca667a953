"""Wordsy's part of the headless host: one line of plain English per event worth telling
(its log), and its own commands on the host's keyboard."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Final

from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.cards import CARDS_BY_ID
from wordsy_tui.games.wordsy.rules.scoresheet import PENALTY_POINTS, box_value, standings
from wordsy_tui.games.wordsy.rules.state import ChallengeResult, GameState, Phase
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from wordsy_tui.games.wordsy.host import WordsyHost

# A penalty as the scoresheet prints it, with a real minus sign.
PENALTY: Final = f"\N{MINUS SIGN}{PENALTY_POINTS} penalty"


def describe_board(state: GameState) -> str:
    columns = [state.board.slots[i : i + 2] for i in range(0, 8, 2)]
    return " | ".join(" ".join(c.label() if c else "." for c in column) for column in columns)


def narrate(state: GameState, event: ev.Event) -> str | None:
    """What `event` means at the table; `state` is the state just after it.

    Safe to print: names and words come from peers (or a log file), so anything
    not printable in them is shown escaped.
    """
    line = _story(state, event)
    return None if line is None else shown(line)


def _story(state: GameState, event: ev.Event) -> str | None:
    match event:
        case ev.GameCreated(config):
            timer = f"{config.timer_seconds} s timer" if config.timed else "no time limit"
            return f"New game: {config.ruleset.value} rules, {timer}"
        case ev.PlayerJoined(player):
            return f"{player} sat down ({len(state.players)} at the table)"
        case ev.PlayerLeft(player):
            return f"{player} left the table" + _gone(state, player)
        case ev.PlayerRemoved(player):
            return f"The host removed {player}" + _gone(state, player)
        case ev.CardBurned(card):
            return f"{CARDS_BY_ID[card].label()} would break a Rule of Two: discarded"
        case ev.DeckReshuffled():
            return "The deck ran out: the discards are shuffled into a new deck"
        case ev.RoundStarted(round_no):
            holder = f"; {state.no_flip} holds the No-Flip card" if state.no_flip else ""
            return f"Round {round_no}: {describe_board(state)}{holder}"
        case ev.WordLocked(player):
            return f"{player} locked in"
        case ev.TimerFlipped(player):
            return f"{player} flipped the timer"
        case ev.TimerExpired():
            return "Time is up"
        case ev.WritingClosed():
            return "Writing is over: the host closed it"
        case ev.WordRevealed(player, word, verdict):
            refusal = "" if verdict.ok else f" (refused: {verdict.message})"
            return f"{player}: {word}, {state.draft(player).score} points{refusal}"
        case ev.ChallengeRaised(challenger, target):
            if challenger is None:
                return f"{target} appeals against the referee"
            return f"{challenger} challenges {target}'s word"
        case ev.ChallengeResolved() | ev.MeantWordDecided():
            return challenge_outcome(state.challenges[-1]) if state.challenges else None
        case ev.MeantWordOffered(player, word):
            fallen = state.draft(player).word or "(no word)"
            return f"{player} offers {word}, the word they meant by {fallen}: the others vote"
        case ev.RoundEnded(round_no):
            return f"Round {round_no} scores: " + ", ".join(
                _row(state, player, round_no) for player in state.players
            )
        case ev.GameEnded():
            return "Game over: " + ", ".join(
                f"{s.place}. {s.player} {s.total}"
                for s in standings(state.sheets, state.config.ruleset)
            )
    return None


def challenge_outcome(result: ChallengeResult) -> str:
    """What the table decided and what it costs, in one sentence, e.g.
    "Cat challenged Ann's GLIMMERINGS: 2 of 2 voted it stands; Cat takes a -2 penalty"
    (with a real minus sign).

    Not escaped: callers show it through `shown` (names and words come from peers).
    """
    word = result.word or "(no word)"
    if result.meant is not None:
        what = f"{result.target} offered {result.meant}, the word they meant by {word}"
        then = (
            f"{word} stays fallen and scores 0"
            if result.upheld
            else f"{result.meant} replaces {word} and scores"
        )
    elif result.challenger is None:
        what = f"{result.target} appealed the referee's refusal of {word}"
        then = (
            "the refusal stands: the word scores 0"
            if result.upheld
            else "the word is restored and scores"
        )
    else:
        what = f"{result.challenger} challenged {result.target}'s {word}"
        then = (
            f"{result.target}'s word scores 0"
            if result.upheld
            else f"{result.challenger} takes a {PENALTY}"
        )
    return f"{what}: {vote_count(result)}; {then}"


def _without_votes(result: ChallengeResult, *, short: bool) -> str | None:
    """Why no vote counted (nobody could vote, nobody did), or None when some did."""
    if result.meant is not None and result.stands + result.against == 0:
        return "no votes in time" if short else "no votes came in time, so the word stays fallen"
    if result.voters == 0:
        return "the referee decided" if short else "nobody else could vote, so the referee decided"
    if result.stands + result.against == 0:
        return "no votes in time" if short else "no votes came in time, so the referee decided"
    return None


def short_count(result: ChallengeResult) -> str:
    """The votes in a few words, for the word's own line: e.g. "1 of 2 voted for it, a tie"."""
    tie = ", a tie" if result.stands == result.against else ""
    verb = "accepted it" if result.meant is not None else "voted for it"
    counted = f"{result.stands} of {result.voters} {verb}{tie}"
    return _without_votes(result, short=True) or counted


def vote_count(result: ChallengeResult) -> str:
    """How the table voted, e.g. "2 of 2 voted it stands"."""
    alone = _without_votes(result, short=False)
    if alone is not None:
        return alone
    counts = []
    offer = result.meant is not None
    if result.stands:
        counts.append(f"{result.stands} of {result.voters} " + _said(offer, stands=True))
    if result.against:
        counts.append(f"{result.against} of {result.voters} " + _said(offer, stands=False))
    tie = ""
    if result.stands == result.against:
        tie = ", a tie: not clear, so it stays fallen" if offer else ", a tie the referee decided"
    return ", ".join(counts) + tie


def _said(offer: bool, *, stands: bool) -> str:
    if offer:
        return "accepted it" if stands else "refused it"
    return "voted it stands" if stands else "voted it breaks the rules"


def _gone(state: GameState, player: str) -> str:
    return ": no points from now on, the game goes on" if player in state.gone else ""


def _row(state: GameState, player: str, round_no: int) -> str:
    row = state.sheets[player].rows[round_no - 1]
    bonus = box_value(round_no, row.box)
    return f"{player} {row.score}" + (f" (+{bonus})" if bonus else "")


DESK_HELP: Final = (
    "Commands: 'remove NAME' takes a seat away (a squatter in the lobby, an absent player "
    "mid-game: they score nothing from then on); 'allow NAME' / 'deny NAME' answers a request "
    "for NAME's seat from another machine; 'end' ends what the table is waiting for now (the "
    "writing, a vote, the challenges); 'mute NAME' / 'unmute NAME' drops (or no longer drops) "
    "a player's or spectator's chat lines; 'rematch' plays again after the game, with the same "
    "seats, options and spectators; 'players' lists the seats; 'help' shows this."
)


class WordsyDesk:
    """Wordsy's commands on the headless host's keyboard, beside every game's ('rematch',
    'players', 'help'); and what its log says at the start and the end, and of chat."""

    help = DESK_HELP

    def __init__(self, server: WordsyHost, say: Callable[[str], None]) -> None:
        self.server = server
        self.say = say
        self.requests: dict[str, asyncio.Future[bool]] = {}
        """Requests for a seat from another machine, waiting for 'allow' or 'deny'."""
        server.on_reclaim = self.ask
        server.host.on_said = self.heard

    async def ask(self, name: str) -> bool:
        """The host's consent, before anyone takes `name`'s seat."""
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.requests[name] = answer
        self.say(
            f"Someone asks for {name}'s seat from another machine: 'allow {name}' or 'deny {name}'"
        )
        try:
            return await answer
        except asyncio.CancelledError:
            self.say(f"The request for {name}'s seat was withdrawn")
            raise
        finally:
            self.requests.pop(name, None)

    def heard(self, name: str, role: str, text: str) -> None:
        """A line of chat on the log: whoever mutes must see what was said."""
        self.say(f"Chat · {name}{' (watching)' if role == 'spectator' else ''}: {text}")

    async def obey(self, verb: str, name: str) -> str | None:
        """Carry out one of Wordsy's commands; what to tell the host (None: not one)."""
        if verb in ("remove", "allow", "deny", "mute", "unmute") and not name:
            return f"Whose seat? Type '{verb} NAME'."
        if verb == "remove":
            problem = await self.server.remove_player(name)
            return problem or f"{name}'s seat is removed"
        if verb in ("allow", "deny"):
            request = self.requests.get(name)
            if request is None or request.done():
                return f"Nobody is asking for {name}'s seat."
            request.set_result(verb == "allow")
            return f"{name}'s seat is handed over" if verb == "allow" else f"{name} keeps the seat"
        if verb == "mute":
            return self.server.mute(name)
        if verb == "unmute":
            return self.server.unmute(name)
        if verb == "end":
            return await self.server.end_phase() or "Ended now, as the clock would have."
        return None

    def left(self) -> Collection[str]:
        """The seats whose players left for good ('players' says so)."""
        return self.server.state.gone

    def opening(self, resumed: bool) -> tuple[list[str], list[str]]:
        """The log's first lines, before and after the host seats its computer players."""
        return [
            f"The game is saved to {self.server.log_path}",
            "Type 'help' for the host's commands (remove a player, hand a seat over).",
        ], []

    def closing(self) -> str:
        """The log's last line, once the host has stopped."""
        if self.server.state.phase is Phase.OVER:
            return "Host stopped."
        return "Host stopped. The game is saved (wordsy-tui host --resume)."
