"""Wordsmith at the table its host serves: its part (`WordsmithTable`) and its host
(`wordsmith_host`, the shared `table.served.ServedTable` with Wordsmith's part). The host
holds no secret but its generator; each peer receives its own seat's view (every sheet,
or with hidden sheets only its own)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, Unpack

from wordsy_tui.engine import Request
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsmith.mind import WordsmithBot
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.codec import SEAT
from wordsy_tui.games.wordsmith.rules.config import GAME, WordsmithConfig
from wordsy_tui.games.wordsmith.rules.legal import join_refusal, may_leave
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.rules.words import Words
from wordsy_tui.games.wordsmith.seam import WordsmithRules
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.table.basics import LOBBY_GRACE_SECONDS, LOOPBACK
from wordsy_tui.table.part import TableOptions
from wordsy_tui.table.served import ServedTable

WordsmithHost = ServedTable[WordsmithState, cmd.Command, ev.Event]
"""The host of one game of Wordsmith."""

ABSENT_GRACE_SECONDS: Final = 10.0
"""How long a round's choosing still waits once everyone it waits for has gone (their
programs closed or cut off), while someone else is at the table: long enough for a
restarted program to take its seat back and reveal its sealed turn."""
ANNOUNCED: Final = (ev.PlayerJoined, ev.PlayerLeft, ev.RoundStarted, ev.GameEnded)
"""Events that change what the LAN's game list shows (players, the round)."""


class WordsmithTable:
    """What Wordsmith's host does in Wordsmith's words, for the shared table: its rules
    (with the agreed word list), its lobby, whom a round waits for, a seat taken away, its
    rematch's seats, and its computer players."""

    game: Final = GAME
    announced: Final = ANNOUNCED
    # Every peer is sent snapshots of its view: no hash to check it against.
    rehashed: Final = ()
    not_over: Final = "The game is not over yet: a rematch starts from its end."
    resume_command: Final = f"wordsy-tui host --game {GAME} --resume"
    seat_field: Final = SEAT
    start_command: Final = cmd.StartGame()
    house_rule: Final = None

    def __init__(self, config: WordsmithConfig, words: Words | None = None) -> None:
        self.config = config
        self.rules = WordsmithRules(words)
        """The rules, with the agreed word list (the computer players work turns out by it)."""

    def create_game(self, like: WordsmithState | None) -> cmd.Command:
        return cmd.CreateGame(self.config if like is None else like.config)

    def sit(self, seat: str, bot: bool) -> Request[cmd.Command]:
        return Request(cmd.JoinGame(bot=bot), seat)

    def waited_on(self, state: WordsmithState) -> Collection[str]:
        return [p for p in state.waiting_on() if p not in state.bots]

    def leaver(self, state: WordsmithState, event: ev.Event) -> str | None:
        if isinstance(event, ev.PlayerLeft) and state.phase is Phase.LOBBY:
            return event.player
        return None

    def removal(self, state: WordsmithState, name: str) -> cmd.Command | None:
        return cmd.RemovePlayer(name) if may_leave(state, name) else None

    def bot_refusal(self, state: WordsmithState, name: str) -> str | None:
        return join_refusal(state, name, bot=True)

    def rematch_seats(self, table: WordsmithHost, old: WordsmithState) -> list[str]:
        # Those still playing at the end, in their order; the hosting player first, who
        # is the new lobby's captain.
        seats = [p for p in old.active if p not in old.bots or p in table.bots]
        seats.sort(key=lambda p: p != table.captain)
        return seats

    def computer_player(
        self, table: WordsmithHost, name: str, level: str, token: str | None
    ) -> WordsmithBot:
        seat = WordsmithSeat.join(
            LOOPBACK, table.port, name, table.dictionary, pin=table.pin, token=token
        )
        # Its sealed turn is kept beside the log: a resumed host's bots reveal it.
        table.keep_own(seat)
        return WordsmithBot(seat, Level(level), lambda: self.rules.words, pace=table.bot_pace)


def wordsmith_host(
    config: WordsmithConfig,
    *,
    dictionary: str,
    words: Words | None = None,
    **options: Unpack[TableOptions],
) -> WordsmithHost:
    """The authoritative host of one game of Wordsmith (not started): its hosting player
    (`captain`; None: headless), the lobby's grace for a vanished joiner, and the sealed
    turns of the players who live in its process; `words`: the agreed word list (None: the
    shipped one)."""
    options.setdefault("absent_grace", ABSENT_GRACE_SECONDS)
    options.setdefault("lobby_grace", LOBBY_GRACE_SECONDS)
    # Nobody is asked yet before a seat whose token is lost is handed over: it refuses.
    options.setdefault("hands_over_seats", False)
    return ServedTable(WordsmithTable(config, words), dictionary=dictionary, **options)
