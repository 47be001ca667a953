"""A tile game at the table its host serves (Scrabble, Words with Friends, Wordfeud): its
part (`TileTable`) and its host (`tile_game_host`, the shared `table.served.ServedTable` with
the tile games' part). The host alone holds the bag and the racks; each peer receives its
own seat's view."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Final, Unpack

from wordsy_tui.engine import Request
from wordsy_tui.engine.errors import SeatingError
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.lan import TileBot
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import SEAT
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import Dawg
from wordsy_tui.games.tiles.rules.state import TileGameState
from wordsy_tui.games.tiles.rules.waits import waiting
from wordsy_tui.games.tiles.rules.words import Words
from wordsy_tui.games.tiles.seam import TileRules
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.table.basics import LOOPBACK
from wordsy_tui.table.part import TableOptions
from wordsy_tui.table.served import ServedTable

TileHost = ServedTable[TileGameState, cmd.Command, ev.Event]
"""The host of one tile game."""

ABSENT_GRACE_SECONDS: Final = 30.0
"""How long a wait on players who have all gone (their programs closed or cut off) still
runs, while someone else is at the table: a restarted program takes its seat back in time,
and a player who left costs the others this, not a whole turn limit."""


class TileTable:
    """What a tile game's host does in the tile games' words, for the shared table: their
    rules (the bag and racks held here), seat-addressed commands, their waits, their
    rematch's order, and their computer players."""

    announced: Final = (ev.PlayerJoined, ev.PlayerLeft, ev.GameStarted, ev.GameEnded)
    # Every peer is sent snapshots of its view: no hash to check it against.
    rehashed: Final = ()
    not_over: Final = "The game is not over yet: a rematch starts from its end."
    seat_field: Final = SEAT
    start_command: Final = cmd.StartGame()
    house_rule: Final = None

    def __init__(
        self,
        config: TileGameConfig,
        words: Words | None = None,
        dawg: Callable[[int], Dawg] | None = None,
    ) -> None:
        self.config = config
        self.rules = TileRules(words)
        """The rules, with the agreed word list (the computer players judge plays by it)."""
        self.dawg = dawg

    @property
    def game(self) -> str:
        return self.config.game.value

    @property
    def resume_command(self) -> str:
        return f"wordsy-tui host --game {self.game} --resume"

    def create_game(self, like: TileGameState | None) -> cmd.Command:
        return cmd.CreateGame(self.config if like is None else like.config)

    def sit(self, seat: str, bot: bool) -> Request[cmd.Command]:
        return Request(cmd.JoinGame(bot=bot), seat)

    def waited_on(self, state: TileGameState) -> Collection[str]:
        wait = waiting(state)
        return [] if wait is None else [p for p in wait.waits_for(state) if p not in state.bots]

    def leaver(self, state: TileGameState, event: ev.Event) -> str | None:
        return event.player if isinstance(event, ev.PlayerLeft) else None

    def removal(self, state: TileGameState, name: str) -> cmd.Command | None:
        if name in state.players:
            raise SeatingError("The tile games' rules take no seat away.")
        return None

    def bot_refusal(self, state: TileGameState, name: str) -> str | None:
        return None

    def rematch_seats(self, table: TileHost, old: TileGameState) -> list[str]:
        # In the last game's order of play; the hosting player first, who starts it.
        seats = [p for p in old.players if p not in old.bots or p in table.bots]
        seats.sort(key=lambda p: p != table.seat_book.host_seat())
        return seats

    def computer_player(
        self, table: TileHost, name: str, level: str, token: str | None
    ) -> TileBot:
        session = TileSeat.join(
            LOOPBACK,
            table.port,
            name,
            self.config.game,
            table.dictionary,
            pin=table.pin,
            token=token,
        )
        return TileBot(
            session, Level(level), lambda: self.rules.words, pace=table.bot_pace, dawg=self.dawg
        )


def tile_game_host(
    config: TileGameConfig,
    *,
    dictionary: str,
    words: Words | None = None,
    dawg: Callable[[int], Dawg] | None = None,
    **options: Unpack[TableOptions],
) -> TileHost:
    """The authoritative host of one tile game (not started), with the tile games' rules
    and computer players; `words`: the agreed word list (None: the shipped one), `dawg`:
    the computer players' index of it."""
    options.setdefault("absent_grace", ABSENT_GRACE_SECONDS)
    # Nobody is asked yet at a tile game's table before a seat whose token is lost is
    # handed over (neither its board screen nor its headless desk asks): it refuses.
    options.setdefault("hands_over_seats", False)
    part = TileTable(config, words, dawg)
    table = ServedTable(part, dictionary=dictionary, **options)
    # The game clock's input: how long the wait has run, by the host's alarm clock (made
    # when the table starts; after a resumed host's start, the time it was down is not
    # counted: docs/RULES.md, "Game clocks").
    part.rules.stopwatch = lambda: None if table.clock is None else table.clock.running_for()
    return table
