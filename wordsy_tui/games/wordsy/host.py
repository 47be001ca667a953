"""Wordsy at the table its host serves: its part (`WordsyTable`), its house rule (only the
captain starts: `captain_starts`) and its host (`wordsy_host`, the shared
`table.served.ServedTable` with Wordsy's part)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, Unpack

from net import CommandRejected
from wordsy_tui.engine import Request
from wordsy_tui.games.wordsy.lan import Bot
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.config import GAME, GameConfig
from wordsy_tui.games.wordsy.rules.legal import refusal, waiting_for
from wordsy_tui.games.wordsy.rules.referee import Referee
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.basics import LOBBY_GRACE_SECONDS, LOOPBACK
from wordsy_tui.table.part import TableOptions
from wordsy_tui.table.seam import HOST_ONLY, HostedRules
from wordsy_tui.table.served import ServedTable

WordsyHost = ServedTable[GameState, cmd.Command, ev.Event]
"""The host of one game of Wordsy."""

# Long enough for a player's program to restart and take its seat back.
ABSENT_GRACE_SECONDS: Final = 10.0
# Events that change what the LAN's game list shows (players, phase).
ANNOUNCED: Final = (
    ev.PlayerJoined,
    ev.PlayerLeft,
    ev.PlayerRemoved,
    ev.RoundStarted,
    ev.GameEnded,
)


def captain_starts(
    game: HostedRules[GameState, cmd.Command, ev.Event], seat: str, command: cmd.Command
) -> None:
    """Wordsy's house rule: only the captain starts the game (the hosting player; at a
    headless host, the first person seated who is here: one who went away hands over)."""
    if isinstance(command, cmd.StartGame):
        captain = game.captain or game.state.captain_among(game.presence)
        if seat != captain:
            raise CommandRejected(HOST_ONLY, f"{captain} starts the game.")


class WordsyTable:
    """What Wordsy's host does in Wordsy's words, for the shared table: its rules (with
    the referee), its house rule, its lobby, its waits, a player taken out of a game, its
    rematch's seats, and its computer players."""

    game: Final = GAME
    announced: Final = ANNOUNCED
    # A round's start: every view hash then covers the same events.
    rehashed: Final = (ev.RoundStarted,)
    not_over: Final = "The game is not over yet: a rematch starts from the results."
    resume_command: Final = "wordsy-tui host --resume"
    seat_field: Final = None
    start_command: Final = cmd.StartGame()
    house_rule: Final = staticmethod(captain_starts)

    def __init__(self, config: GameConfig, referee: Referee | None = None) -> None:
        self.config = config
        self.rules = wordsy_rules(referee)

    def create_game(self, like: GameState | None) -> cmd.Command:
        return cmd.CreateGame(self.config if like is None else like.config)

    def sit(self, seat: str, bot: bool) -> Request[cmd.Command]:
        return Request(cmd.JoinGame(seat, bot=bot))

    def waited_on(self, state: GameState) -> Collection[str]:
        return waiting_for(state)

    def leaver(self, state: GameState, event: ev.Event) -> str | None:
        if isinstance(event, ev.PlayerLeft) and state.phase is Phase.LOBBY:
            return event.player
        return None

    def removal(self, state: GameState, name: str) -> cmd.Command | None:
        playing = name in state.players and name not in state.gone
        return cmd.RemovePlayer(name) if playing else None

    def bot_refusal(self, state: GameState, name: str) -> str | None:
        return refusal(state, cmd.JoinGame(name, bot=True))

    def rematch_seats(self, table: WordsyHost, old: GameState) -> list[str]:
        return [p for p in old.active if p not in table.game.bots or p in table.bots]

    def computer_player(self, table: WordsyHost, name: str, level: str, token: str | None) -> Bot:
        session = WordsySeat.join(
            LOOPBACK, table.port, name, table.dictionary, pin=table.pin, token=token
        )
        table.keep_own(session)
        return Bot(session, level, pace=table.bot_pace)


def wordsy_host(
    config: GameConfig,
    *,
    dictionary: str,
    referee: Referee | None = None,
    **options: Unpack[TableOptions],
) -> WordsyHost:
    """The authoritative host of one game of Wordsy (not started): its captain (`captain`,
    the hosting player; None: headless), the lobby's grace for a vanished joiner, the
    host's consent before someone takes a seat whose token is lost, and the sealed words
    of the players who live in its process."""
    options.setdefault("absent_grace", ABSENT_GRACE_SECONDS)
    options.setdefault("lobby_grace", LOBBY_GRACE_SECONDS)
    return ServedTable(WordsyTable(config, referee), dictionary=dictionary, **options)
