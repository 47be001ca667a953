"""Word Nerds at the table its host serves: its part (`NerdsTable`) and its host
(`wordnerds_host`, the shared `table.served.ServedTable` with Word Nerds' part). The host
alone holds the decks and every hand; each peer receives its own seat's view, and a bid
reaches it only as a commitment until every bid is sealed."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, Unpack

from wordsy_tui.engine import Request
from wordsy_tui.engine.errors import SeatingError
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.mind import NerdsBot
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.alarms import waiting
from wordsy_tui.games.wordnerds.rules.codec import SEAT
from wordsy_tui.games.wordnerds.rules.config import GAME, NerdsConfig
from wordsy_tui.games.wordnerds.rules.legal import join_refusal, may_leave
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.rules.words import Words
from wordsy_tui.games.wordnerds.seam import NerdsRules
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.table.basics import LOBBY_GRACE_SECONDS, LOOPBACK
from wordsy_tui.table.part import TableOptions
from wordsy_tui.table.served import ServedTable

NerdsHost = ServedTable[NerdsState, cmd.Command, ev.Event]
"""The host of one game of Word Nerds."""

ABSENT_GRACE_SECONDS: Final = 10.0
"""How long a wait still runs once everyone it waits for has gone (their programs closed or
cut off), while someone else is at the table: long enough for a restarted program to take
its seat back and open its sealed bid, short of a whole wait's limit."""
ANNOUNCED: Final = (
    ev.PlayerJoined,
    ev.PlayerLeft,
    ev.GameStarted,
    ev.AuctionOpened,
    ev.GameEnded,
)
"""Events that change what the LAN's game list shows (players, the turn)."""


class NerdsTable:
    """What Word Nerds' host does in Word Nerds' words, for the shared table: its rules
    (the decks and hands held here, the agreed word list for challenges), its lobby, whom
    a wait waits on, its rematch's seats, and its computer players."""

    game: Final = GAME
    announced: Final = ANNOUNCED
    # Every peer is sent snapshots of its view: no hash to check it against.
    rehashed: Final = ()
    not_over: Final = "The game is not over yet: a rematch starts from its end."
    resume_command: Final = f"wordsy-tui host --game {GAME} --resume"
    seat_field: Final = SEAT
    start_command: Final = cmd.StartGame()
    house_rule: Final = None

    def __init__(self, config: NerdsConfig, words: Words | None = None) -> None:
        self.config = config
        self.rules = NerdsRules(words)

    def create_game(self, like: NerdsState | None) -> cmd.Command:
        return cmd.CreateGame(self.config if like is None else like.config)

    def sit(self, seat: str, bot: bool) -> Request[cmd.Command]:
        return Request(cmd.JoinGame(bot=bot), seat)

    def waited_on(self, state: NerdsState) -> Collection[str]:
        wait = waiting(state)
        return [] if wait is None else [p for p in wait.players if p not in state.bots]

    def leaver(self, state: NerdsState, event: ev.Event) -> str | None:
        if isinstance(event, ev.PlayerLeft) and state.phase is Phase.LOBBY:
            return event.player
        return None

    def removal(self, state: NerdsState, name: str) -> cmd.Command | None:
        if may_leave(state, name):
            return cmd.RemovePlayer(name)
        if name in state.players:
            raise SeatingError(
                "Word Nerds keeps a seat once the game has started: the clock plays for a "
                "player who is gone, and they may come back."
            )
        return None

    def bot_refusal(self, state: NerdsState, name: str) -> str | None:
        return join_refusal(state, name, bot=True)

    def rematch_seats(self, table: NerdsHost, old: NerdsState) -> list[str]:
        # In the last game's seat order; the hosting player first, who is the new captain.
        seats = [p for p in old.players if p not in old.bots or p in table.bots]
        seats.sort(key=lambda p: p != table.captain)
        return seats

    def computer_player(
        self, table: NerdsHost, name: str, level: str, token: str | None
    ) -> NerdsBot:
        seat = NerdsSeat.join(
            LOOPBACK, table.port, name, table.dictionary, pin=table.pin, token=token
        )
        # Its sealed bid is kept beside the log: a resumed host's bots open it.
        table.keep_own(seat)
        return NerdsBot(seat, Level(level), pace=table.bot_pace)


def wordnerds_host(
    config: NerdsConfig,
    *,
    dictionary: str,
    words: Words | None = None,
    **options: Unpack[TableOptions],
) -> NerdsHost:
    """The authoritative host of one game of Word Nerds (not started): its hosting player
    (`captain`; None: headless), the lobby's grace for a vanished joiner, and the sealed
    bids of the players who live in its process; `words`: the agreed word list (None: the
    shipped one)."""
    options.setdefault("absent_grace", ABSENT_GRACE_SECONDS)
    options.setdefault("lobby_grace", LOBBY_GRACE_SECONDS)
    # Nobody is asked yet before a seat whose token is lost is handed over: it refuses.
    options.setdefault("hands_over_seats", False)
    return ServedTable(NerdsTable(config, words), dictionary=dictionary, **options)
