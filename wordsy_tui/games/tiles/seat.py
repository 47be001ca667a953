"""A seat at a tile game (Scrabble, Words with Friends, Wordfeud), however it is reached.

The board screen (`TileApp`) plays through it: the tile games' verbs (play, exchange,
pass, challenge, accept, vote) as their commands, and the player's last turn for "what
was the best move?". It is made with its door: `TileSeat.solo` (against computer
players, offline), `.join` (a host across the LAN, which alone holds the bag and the
racks: the seat sees its own view), `.host` (the hosting player's), or over a replay
(`games.tiles.replay`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Unpack

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import decode_event
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import Dawg, vocabulary_dawg
from wordsy_tui.games.tiles.rules.legal import allowed
from wordsy_tui.games.tiles.rules.rulesets import SIZE, GameName
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.words import Words
from wordsy_tui.games.tiles.seam import TileRules, tile_rules
from wordsy_tui.games.tiles.solo import BOT_PAUSE_SECONDS, SoloBots, bot_name
from wordsy_tui.table.local import Local, secret_generator
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.seat import Door, LinkChanged, Seat, StateChanged, Update
from wordsy_tui.text import shown

if TYPE_CHECKING:
    # (Their shapes only: a solo game loads nothing of the network.)
    from wordsy_tui.games.tiles.host import TileHost
    from wordsy_tui.games.tiles.rules.bots import Hint
    from wordsy_tui.table.joined import Knock

TilesChanged = StateChanged
"""A tile game's state changed: the player's own view, and the events as they may see
them (the generic update, by the tile games' name)."""
TableUpdate = Update[TileGameState, ev.Event]
"""What a tile game's seat tells the app: a LAN seat also says when its link changes,
when the host starts a rematch with its seat in it, who is connected, and what is said
at the table."""
TURNS: Final = (cmd.Play, cmd.Exchange, cmd.Pass)
"""The commands after which "what was the best move?" looks at the position before them."""
Placement = tuple[tuple[int, str], ...]
"""Tiles on squares: (square, letter), lower case for a blank."""


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The position the player last had to play from, for "what was the best move?"."""

    state: TileGameState
    rack: tuple[str, ...]


class TileSeat(Seat[TileGameState, cmd.Command, ev.Event]):
    """A seat at a tile game, or a spectator's place beside it (a spectator sees every
    rack as a count). `dawg`: the word list's graph for each vocabulary tier (the move
    generator's); `leave_question`: what leaving asks the player (what becomes of the
    game and their seat), empty where nothing is lost (a replay)."""

    def __init__(
        self,
        door: Door[TileGameState, cmd.Command, ev.Event],
        *,
        dawg: Callable[[int], Dawg] | None = None,
        leave_question: str = "",
    ) -> None:
        super().__init__(door)
        self.last_turn: LastTurn | None = None
        self.dawg = dawg or vocabulary_dawg
        self.leave_question = leave_question
        self.tentative: Placement = ()
        """The tiles the player has laid on the board and not played yet, as laid: only
        this program knows them, and a restarted one lays them again."""
        self.laid_again: Placement = ()
        """The tentative play taken back after a restart, for the board to lay once."""

    @classmethod
    def solo(
        cls,
        me: str,
        config: TileGameConfig,
        bots: Sequence[Level],
        *,
        seed: int | None = None,
        words: Words | None = None,
        dawg: Callable[[int], Dawg] | None = None,
        bot_pause: float = BOT_PAUSE_SECONDS,
        keep_in: Callable[[], Path] | None = None,
    ) -> TileSeat:
        """One person against computer players (of `bots`' levels), offline: no clock;
        `keep_in`: where the game is saved once it ends (a host's games directory), asked
        then: a game's first frame needs none of the log's machinery."""
        rules = TileRules(words)
        rng = secret_generator(seed)
        names = {bot_name(n, level): level for n, level in enumerate(bots, start=1)}
        company = SoloBots(
            names,
            config,
            random.Random(rng.getrandbits(64)),  # drawn first: the seed's deal stays its own
            words=lambda: rules.words,
            dawg=dawg or vocabulary_dawg,
            pause=bot_pause,
        )
        opening: list[tuple[str | None, cmd.Command]] = [
            (None, cmd.CreateGame(config)),
            (me, cmd.JoinGame()),
            *((name, cmd.JoinGame(bot=True)) for name in names),
            (me, cmd.StartGame()),
        ]
        door = Local(rules, me, opening, rng=rng, timed=False, company=company, keep_in=keep_in)
        return cls(door, dawg=dawg, leave_question="Leave this game? It is not kept.")

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        name: str,
        game: GameName,
        dictionary: str,
        **knock: Unpack[Knock],
    ) -> TileSeat:
        """A player's seat at a host of `game` across the network, or a spectator's place
        beside it (no seat, no rack)."""
        from wordsy_tui.table.basics import requirements
        from wordsy_tui.table.joined import Joined

        requires = requirements(dictionary, game.value)
        door = Joined.at(address, port, name, requires, tile_rules(), **knock)
        question = "Leave the table? Your seat is kept: join again to take it back."
        return cls(door, leave_question=question)

    @classmethod
    def host(
        cls,
        me: str,
        server: TileHost,
        bots: Sequence[Level] = (),
        *,
        dawg: Callable[[int], Dawg] | None = None,
    ) -> TileSeat:
        """The hosting player's seat: a tile game's host (`host.tile_game_host`) in this
        process, and a client of it over loopback; `dawg`: the host's own word list's
        graph (None: the shipped list's)."""
        from wordsy_tui.table.joined import Hosting

        server.captain = me
        question = "Leave? The game ends for everyone at the table."
        return cls(Hosting(me, server, bots), dawg=dawg, leave_question=question)

    async def start(self) -> None:
        await super().start()
        server = self.server
        if server is not None:
            # The board has no lobby screen to show where players join: its message says so.
            where = ", ".join(f"{a}:{server.port}" for a in server.addresses)
            hint = getattr(server, "front_hint", None)  # a host with SSH or web fronts
            join = hint or f"Players join with: wordsy-tui join --connect {where}"
            self.publish(LinkChanged(True, join))

    # -- the tile games' verbs ---------------------------------------------------------

    async def start_game(self) -> str | None:
        return await self.send(cmd.StartGame())  # solo games start by themselves

    async def play(self, placement: Sequence[tuple[int, str]]) -> str | None:
        return await self.send(cmd.Play(tuple(placement)))

    async def exchange(self, tiles: Sequence[str]) -> str | None:
        return await self.send(cmd.Exchange(tuple(tiles)))

    async def pass_turn(self) -> str | None:
        return await self.send(cmd.Pass())

    async def challenge(self) -> str | None:
        return await self.send(cmd.Challenge())

    async def accept(self) -> str | None:
        return await self.send(cmd.Accept())

    async def vote(self, uphold: bool) -> str | None:
        return await self.send(cmd.Vote(uphold))

    @property
    def asked_to_judge(self) -> bool:
        """Someone else's play waits for us to challenge it or let it stand (Scrabble;
        offline, before the next computer player moves: our own turn lets it stand)."""
        return self.me is not None and allowed(self.state, self.me, cmd.Challenge())

    def hint_refusal(self) -> str | None:
        """Why "what was the best move?" cannot be answered here, or None: the table plays
        with the host's own word list, which this program does not have (a guest's)."""
        config = self.state.config
        if not config.lexicon_hash or self.dawg is not vocabulary_dawg:
            return None
        name = shown(config.lexicon_name)
        return f"Only the host has this table's word list ({name}): no best play here."

    def best_of_last_turn(self) -> Hint | None:
        """The play with the highest equity the player had on their last turn (None: none)."""
        last = self.last_turn
        if last is None:
            return None
        # (The move generator once a hint is asked for: not before a game's first frame.)
        from wordsy_tui.games.tiles.rules.bots import TILE_STYLES, best_moves

        hints = best_moves(last.state, last.rack, self.dawg(TILE_STYLES[Level.EXPERT].vocabulary))
        return hints[0] if hints else None

    @property
    def reviewable(self) -> bool:
        """Whether `record` has the game to review."""
        door = self.door
        if isinstance(door, Local):
            return door.host.phase is Phase.OVER
        if isinstance(door, Replaying):
            return door.finished
        return self.hosting and self.server is not None and self.server.state.phase == Phase.OVER

    def record(self) -> tuple[ev.Event, ...] | None:
        """The game's whole log, every rack in it, once it is over and this program holds
        it (a solo game's, the hosting player's, a finished game's replay), for its review;
        None otherwise (a guest at a LAN host only ever sees their own rack)."""
        door, server = self.door, self.server
        if not self.reviewable:
            return None
        if isinstance(door, Local):
            return tuple(door.log)
        if isinstance(door, Replaying):
            return tuple(event for frame in door.frames for event in frame.events)
        assert server is not None
        return tuple(decode_event(body) for body in server.host.events)

    @property
    def saved_as(self) -> str | None:
        """The id the finished game was saved under (`replay ID`, `export ID`): a solo
        game's once it ends, the hosting player's game's log (a guest's is the host's)."""
        door = self.door
        if self.hosting and self.server is not None:
            return self.server.log_path.stem
        kept = door.kept if isinstance(door, Local) else None
        return kept.stem if kept is not None else None

    # -- what only this program knows of the game in progress --------------------------

    def hold(self, placed: Sequence[tuple[int, str]]) -> None:
        """The board's tentative play now (kept when it changed)."""
        placed = tuple(placed)
        if placed != self.tentative:
            self.tentative = placed
            self._kept_changed()

    def in_progress(self) -> dict[str, Any] | None:
        return {"placed": [list(tile) for tile in self.tentative]} if self.tentative else None

    def take_back(self, kept: Mapping[str, Any]) -> None:
        placed = kept.get("placed")
        laid: list[tuple[int, str]] = []
        for tile in placed if isinstance(placed, list) else []:
            if not (isinstance(tile, list) and len(tile) == 2):
                continue
            square, letter = tile
            # A letter on a square of the board: the board checks that it is still free and
            # the tile still on the rack.
            on_board = isinstance(square, int) and 0 <= square < SIZE * SIZE
            a_letter = isinstance(letter, str) and len(letter) == 1 and letter.isascii()
            if on_board and a_letter and letter.isalpha():
                laid.append((square, letter))
        self.tentative = self.laid_again = tuple(laid)

    # -- what the table tells the seat -------------------------------------------------

    def _sent(self, before: TileGameState, command: cmd.Command) -> None:
        # A turn of ours keeps its position for "what was the best move?".
        if isinstance(command, TURNS) and self.me is not None:
            self.last_turn = LastTurn(before, before.rack(self.me))

    def _began_again(self) -> None:
        self.last_turn = None
        self.tentative = self.laid_again = ()

    def _farewell(self) -> cmd.Command | None:
        # In the lobby (a rematch's) the seat is freed at once.
        return cmd.LeaveGame() if allowed(self.state, self.me, cmd.LeaveGame()) else None
