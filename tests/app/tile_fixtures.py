"""Seeded tile games for the board screen's tests, snapshots and screenshots/.

The session is the real one (rules, bag and computer players in-process), with a
fixed seed and no pause between the bots' moves, so every picture is the same on
every run. The player's moves are typed as a person would: arrows to the first
square, Space for the direction, then the letters.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from textual.pilot import Pilot

from tests.app.test_solo import until as wait_for_app
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.bots import Hint
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import vocabulary_dawg
from wordsy_tui.games.tiles.rules.movegen import Move, generate
from wordsy_tui.games.tiles.rules.notation import parse_move
from wordsy_tui.games.tiles.rules.rulesets import SIZE, ChallengeRule, GameName
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.seat import TableUpdate, TilesChanged, TileSeat
from wordsy_tui.table.chat import ChatHeard
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.local import Local
from wordsy_tui.table.ratings import Change
from wordsy_tui.table.seat import PresenceChanged

TILE_SEED = 5
ME = "Ann"
EVERYDAY = 35
"""The player in these tests knows the easy bot's words: quick to generate, real words."""


def tile_session(
    game: GameName = GameName.SCRABBLE,
    bots: Sequence[Level] = (Level.EASY,),
    seed: int = TILE_SEED,
) -> TileSeat:
    return TileSeat.solo(ME, TileGameConfig(game), bots, seed=seed, bot_pause=0)


async def until(pilot: Pilot[None], condition: Callable[[], bool], tries: int = 2000) -> None:
    """Wait for the app to get somewhere (the bots think in a thread), `tries` hundredths of
    a second of polling at most: `tests.app.test_solo.until`."""
    await wait_for_app(pilot, condition, timeout=tries / 100)


def board_screen(app: TileApp) -> BoardScreen:
    return app.board_screen


def my_move(session: TileSeat) -> Move | None:
    """The highest-scoring everyday play on the player's rack (by score, not equity: the
    scenes stay the same when the learned leave values change)."""
    state = session.state
    moves = generate(
        state.board, state.rack(ME), state.rules, vocabulary_dawg(EVERYDAY), state.premiums
    )
    return min(moves, key=lambda m: (-m.score, m.placement), default=None)


def keys_for(screen: BoardScreen, move: Move) -> list[str]:
    """The keys that lay `move` from where the cursor is."""
    draft = screen.draft
    first = move.placement[0][0]
    rows = first // SIZE - draft.cursor // SIZE
    cols = first % SIZE - draft.cursor % SIZE
    keys = ["down" if rows > 0 else "up"] * abs(rows)
    keys += ["right" if cols > 0 else "left"] * abs(cols)
    if draft.across != move.across and len(move.placement) > 1:
        keys.append("space")
    for _square, letter in move.placement:
        keys += ["question_mark", letter] if letter.islower() else [letter.lower()]
    return keys


def solo_table(session: TileSeat) -> Local[TileGameState, cmd.Command, ev.Event]:
    door = session.door
    assert isinstance(door, Local)
    return door


def bots_busy(session: TileSeat) -> bool:
    """The computer players of a solo game are moving (the player's keys wait for them)."""
    company = solo_table(session).company
    return company is not None and company.busy


def my_turn(session: TileSeat) -> bool:
    state = session.state
    return (
        state.phase is Phase.OVER
        or (state.turn == ME and not bots_busy(session) and state.pending is None)
        or session.asked_to_judge
    )


async def take_turn(pilot: Pilot[None], app: TileApp) -> None:
    """Answer a bot's play (let it stand), or lay the best everyday play and press Enter
    (pass when there is none)."""
    session = app.session
    await until(pilot, lambda: my_turn(session))
    if session.state.phase is Phase.OVER:
        return
    if session.asked_to_judge and session.state.turn != ME:
        await pilot.press("enter")
    else:
        move = my_move(session)
        if move is None:
            await pilot.press("f3")
        else:
            await pilot.press(*keys_for(board_screen(app), move), "enter")
    await pilot.pause()


@dataclass(frozen=True, slots=True)
class TileScene:
    name: str
    game: GameName
    turns: int
    """The player's turns played before the picture."""
    lay_next: bool = True
    """Lay (not play) the next best play, to show the live score."""
    clock_left: int | None = None
    """Show the host's countdown with this many seconds left, as a LAN seat does."""
    vote: bool = False
    """The table's vote on a challenge, asking the player (`VoteTileSession`)."""
    watching: bool = False
    """The spectator's board of the same game (`join --spectate`, `ssh watch@HOST`)."""
    away: str | None = None
    """A second player of this name, whose program the host says is not connected."""
    judged: bool = False
    """Bot 1's play waits for the player to challenge it or let it stand
    (`JudgedTileSession`)."""
    review: bool = False
    """The post-game review (F9) of a finished game's replay: the scripted game of
    tests/games/tiles/rules/test_gcg.py."""
    game_clock: bool = False
    """A game clock of 1 minute each (`host --clock 1`), the player's running into overtime
    (with `clock_left`: the turn limit's countdown)."""
    help: bool = False
    """The board's help (F1) over the board, on the player's turn."""


TILE_SCENES = (
    TileScene("tiles-scrabble", GameName.SCRABBLE, 3),
    TileScene("tiles-wwf", GameName.WWF, 2, lay_next=False),
    TileScene("tiles-wordfeud-clock", GameName.WORDFEUD, 1, clock_left=137),
    TileScene("tiles-scrabble-vote", GameName.SCRABBLE, 0, vote=True),
    TileScene("tiles-scrabble-judge", GameName.SCRABBLE, 0, judged=True),
    TileScene("tiles-wwf-watching", GameName.WWF, 3, clock_left=52, watching=True),
    TileScene("tiles-scrabble-review", GameName.SCRABBLE, 0, lay_next=False, review=True),
    TileScene("tiles-scrabble-game-clock", GameName.SCRABBLE, 1, clock_left=225, game_clock=True),
    TileScene("tiles-scrabble-help", GameName.SCRABBLE, 0, lay_next=False, help=True),
)
FROZEN_NOW = 1000.0
"""The screen's clock in pictures with a countdown: it never moves."""


class ClockedTileSeat(TileSeat):
    """The seeded game, with a host's turn limit frozen at `left` seconds (the picture of a
    LAN seat's countdown; the rules and bots are the solo game's)."""

    left = 0
    turn_seconds = 0

    @property
    def deadline(self) -> Deadline | None:
        at = FROZEN_NOW + self.left
        return Deadline("turn", at, self.turn_seconds, began=at - self.turn_seconds)


def clocked_tile_session(
    game: GameName, left: int, *, game_clock: bool = False
) -> ClockedTileSeat:
    config = TileGameConfig(game, clock_minutes=1 if game_clock else 0)
    seat = ClockedTileSeat.solo(ME, config, (Level.EASY,), seed=TILE_SEED, bot_pause=0)
    assert isinstance(seat, ClockedTileSeat)
    seat.left, seat.turn_seconds = left, config.turn_seconds
    return seat


WATCH_CHAT = (
    ChatHeard("Ann", "good luck, bot"),
    ChatHeard("dora", "nice opening!", watching=True),
    ChatHeard("Ann", "thanks, what a rack"),
)
"""What the table said, as a spectator's board shows it."""


async def play_best(session: TileSeat) -> None:
    """One of the player's turns without the screen: let a play stand, or the best
    everyday play, or a pass (the computer players answer before it returns)."""
    if session.asked_to_judge and session.state.turn != ME:
        await session.accept()
    move = my_move(session)
    if move is None:
        await session.pass_turn()
    else:
        await session.play(move.placement)


class WatchedTileSession(TileSeat):
    """A spectator beside the seeded game: the player's `turns` are played out of sight,
    then the table is seen as spectators see it (every rack a count), with some chat and
    the host's turn limit frozen at `left` seconds."""

    me = None
    last_turn = None
    leave_question = "Stop watching?"
    asked_to_judge = False
    can_chat = True
    hosting = False
    door = None  # (it tells the app everything itself)
    ratings: Mapping[str, Change] = {}

    def __init__(self, game: GameName, turns: int, left: int) -> None:
        self.game = tile_session(game)
        self.turn_seconds = TileGameConfig(game).turn_seconds
        self.turns = turns
        self.left = left
        self.state = TileGameState()
        self._last_game = None  # (no rematch at this table: the screen draws `state`)
        self.ready = False
        self._updates: asyncio.Queue[TableUpdate] = asyncio.Queue()

    async def start(self) -> None:
        await self.game.start()
        for _ in range(self.turns):
            await play_best(self.game)
        self.state = state_for_seat(solo_table(self.game).host, None)
        self._updates.put_nowait(TilesChanged(self.state, ()))
        for line in WATCH_CHAT:
            self._updates.put_nowait(line)
        self.ready = True

    async def stop(self) -> None:
        return None

    async def updates(self) -> AsyncIterator[TableUpdate]:
        while True:
            yield await self._updates.get()

    async def send(self, command: cmd.Command) -> str | None:
        raise AssertionError(f"a spectator's board sent {command}")

    async def say(self, text: str) -> str | None:
        return None

    def best_of_last_turn(self) -> Hint | None:
        return None

    @property
    def deadline(self) -> Deadline | None:
        return Deadline("turn", FROZEN_NOW + self.left, self.turn_seconds)


AWAY_SCENE = TileScene("tiles-scrabble-offline", GameName.SCRABBLE, 1, lay_next=False, away="Bob")
"""A LAN table's board with a player whose program has gone (a snapshot, no screenshot)."""


class AwayTileSeat(TileSeat):
    """The seeded game with a second player `away` (the seed's easy bot, renamed as a
    person), whom the host reports as not connected, as a LAN seat hears it."""

    away = ""

    async def start(self) -> None:
        await super().start()
        self.publish(PresenceChanged({ME: True, self.away: False}))


def away_tile_session(game: GameName, away: str) -> AwayTileSeat:
    seat = AwayTileSeat.solo(ME, TileGameConfig(game), (Level.EASY,), seed=TILE_SEED, bot_pause=0)
    assert isinstance(seat, AwayTileSeat)
    seat.away = away
    table = solo_table(seat)
    (bot,) = table.company.names  # type: ignore[union-attr]
    table.company.names = {away: Level.EASY}  # type: ignore[union-attr]
    table.opening = tuple((away if who == bot else who, c) for who, c in table.opening)
    return seat


def make_tile_app(scene: TileScene) -> TileApp:
    if scene.review:
        from tests.games.tiles.rules.test_gcg import scripted_game
        from wordsy_tui.games.tiles.replay import tile_replay
        from wordsy_tui.games.tiles.rules.codec import encode

        return TileApp(tile_replay([encode(event) for event in scripted_game().log]))
    if scene.away is not None:
        return TileApp(away_tile_session(scene.game, scene.away))
    if scene.vote:
        return TileApp(VoteTileSession())
    if scene.judged:
        return TileApp(JudgedTileSession("QI", 20))
    if scene.watching:
        session = WatchedTileSession(scene.game, scene.turns, scene.clock_left or 0)
        return TileApp(session, now=lambda: FROZEN_NOW)
    if scene.clock_left is not None:
        seat = clocked_tile_session(scene.game, scene.clock_left, game_clock=scene.game_clock)
        return TileApp(seat, now=lambda: FROZEN_NOW)
    return TileApp(tile_session(scene.game))


async def settle_tiles(pilot: Pilot[None], scene: TileScene) -> None:
    app = pilot.app
    assert isinstance(app, TileApp)
    if scene.vote:
        from wordsy_tui.games.tiles.app.dialogs import TileVoteScreen

        await until(pilot, lambda: isinstance(app.screen, TileVoteScreen))
        await pilot.pause()
        return
    if scene.judged:
        await until(pilot, lambda: app.session.asked_to_judge)
        await pilot.pause()
        return
    if scene.review:
        from wordsy_tui.games.tiles.app.review import ReviewScreen

        await until(pilot, lambda: app.session.reviewable)
        await pilot.press("f9")
        await until(pilot, lambda: getattr(app.screen, "review", None) is not None, 6000)
        assert isinstance(app.screen, ReviewScreen)
        await pilot.pause()
        return
    if isinstance(app.session, WatchedTileSession):
        await until(pilot, lambda: len(app.chat) == len(WATCH_CHAT))
        await pilot.pause()
        return
    for _ in range(scene.turns):
        await take_turn(pilot, app)
    await until(pilot, lambda: my_turn(app.session))
    if scene.lay_next and (move := my_move(app.session)) is not None:
        await pilot.press(*keys_for(board_screen(app), move))
    if scene.help:
        from wordsy_tui.games.tiles.app.dialogs import TileHelpScreen

        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, TileHelpScreen))
    await pilot.pause()


PHONY = "SLORP"
"""A word the shipped list lacks."""


class VoteTileSeat(TileSeat):
    """Scrabble with the table's vote, four at the table: Bot 1 plays SLORP (the seed has
    it play first), Bot 2 challenges it, and Ann and Bot 3 vote. The bots move only once
    Ann has voted, so the picture holds still on her vote."""

    async def start(self) -> None:
        table = solo_table(self)
        for actor, command in table.opening:
            await table.apply(actor, command)
        first, challenger = table.host.players[:2]
        assert first != ME, "the seed has a computer player play first"
        self._give(first, PHONY)
        await table.apply(first, cmd.Play(parse_move(table.host.board, f"8H {PHONY}")))
        await table.apply(challenger, cmd.Challenge())

    def _give(self, player: str, tiles: str) -> None:
        """Put `tiles` on `player`'s rack, filled up from the bag (the test's set-up)."""
        table = solo_table(self)
        host = table.host
        bag = sorted((host.bag or ()) + host.rack(player))
        for tile in tiles:
            bag.remove(tile)
        rack = tuple(sorted(tiles + "".join(bag[: 7 - len(tiles)])))
        left = tuple(bag[7 - len(tiles) :])
        racks = {**host.racks, player: rack}
        table.host = replace(host, racks=racks, bag=left, bag_count=len(left))


def VoteTileSession(kind: type[VoteTileSeat] = VoteTileSeat) -> TileSeat:
    config = TileGameConfig(GameName.SCRABBLE, table_vote=True)
    return kind.solo(ME, config, (Level.EASY,) * 3, seed=TILE_SEED, bot_pause=0)


class JudgedTileSeat(TileSeat):
    """Scrabble, Ann against Bot 1: Bot 1 plays `word` across the centre from a rack of just
    its letters, and the play waits for Ann to challenge it or let it stand. `bag_left`:
    the tiles left in the bag (none: Bot 1 has gone out, and the play ends the game once it
    stands)."""

    word = "QI"
    bag_left = 20

    async def start(self) -> None:
        table = solo_table(self)
        for actor, command in table.opening:
            await table.apply(actor, command)
        host = table.host
        bot = next(p for p in host.players if p != ME)
        tiles = sorted((host.bag or ()) + host.rack(bot))
        for tile in self.word:
            tiles.remove(tile)
        racks = {**host.racks, bot: tuple(sorted(self.word))}
        bag = tuple(tiles[: self.bag_left])
        table.host = replace(host, racks=racks, bag=bag, bag_count=len(bag), turn=bot)
        await table.apply(bot, cmd.Play(parse_move(table.host.board, f"8H {self.word}")))


def JudgedTileSession(word: str, bag: int, rule: ChallengeRule = ChallengeRule.DOUBLE) -> TileSeat:
    seat_class = type("Judged", (JudgedTileSeat,), {"word": word, "bag_left": bag})
    config = TileGameConfig(GameName.SCRABBLE, challenge=rule)
    return seat_class.solo(ME, config, (Level.EASY,), seed=TILE_SEED, bot_pause=0)
