"""Deterministic tables for the app's tests, snapshots and screenshots/.

A game is played through the rules engine with a seeded deck and fixed salts,
so every state (and every picture of it) is the same on every run. Sessions
here never talk to a host: `ScriptedSession` records what the app asks for.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input
from textual.worker import WorkerCancelled

from wordsy_tui.app.lan import TableSetup
from wordsy_tui.app.launcher import Launcher
from wordsy_tui.app.terminal import TerminalApp
from wordsy_tui.engine.sealed import SALT_BYTES, commit
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.referee.advice import ALL_LEVELS, Advisor, BestWord, Meaning
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.config import Difficulty, GameConfig
from wordsy_tui.games.wordsy.rules.decide import decide
from wordsy_tui.games.wordsy.rules.evolve import evolve
from wordsy_tui.games.wordsy.rules.referee import ExactRepeatReferee, PlayedWord
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.chat import ChatHeard
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.discovery import FoundGame
from wordsy_tui.table.ratings import Change
from wordsy_tui.table.saved import SavedGame
from wordsy_tui.table.seat import Door, LinkChanged, StateChanged

SEED = 7
SALT = b"\x00" * SALT_BYTES
NOW = 1000.0
"""The frozen clock: every deadline below is a few seconds after it."""
PLAYERS = ("Ann", "Beth", "Carl")
# Words for rounds 1..7, per player: real words, so the pictures read well.
WORDS = {
    "Ann": ("PLANTS", "MIDST", "CRYPT", "FLIGHTS", "NYMPHS", "SPRINT", "BLACKSMITH"),
    "Beth": ("STRAND", "SCRIPT", "GRAND", "SPLINT", "SHRUB", "TRENDS", "DRAWN"),
    "Carl": ("TRUST", "DRIFT", "CLAMPS", "STOMP", "BRAND", "PLIGHT", "SCRAMBLE"),
}


class FixedAdvisor(Advisor):
    """The referee's advice without the word list: exact repeats, and a fixed best word."""

    def __init__(self) -> None:
        super().__init__(ExactRepeatReferee())

    def best_word(
        self,
        board: Board,
        played: Sequence[PlayedWord],
        ruleset: Ruleset,
        max_level: int = ALL_LEVELS,
    ) -> BestWord | None:
        return BestWord("SCHMALTZY", 27) if max_level >= ALL_LEVELS else BestWord("BLACKSMITH", 22)

    def meaning(self, word: str, ruleset: Ruleset) -> Meaning | None:
        return Meaning(word, f"{word}: a word the fixed referee knows") if word else None

    @staticmethod
    def preload(pace: Callable[[], object] = lambda: None) -> None:
        return None


@dataclass
class FrozenClock:
    """The host's countdown as the test sets it."""

    deadline: Deadline | None = None


class Unplugged(Door[GameState, cmd.Command, ev.Event]):
    """A door to nowhere: the scripted session tells what happens itself."""

    def fresh(self) -> GameState:
        return GameState()

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def send(self, command: cmd.Command) -> str | None:
        return None


class ScriptedSession(WordsySeat):
    """A session whose state the test sets; the actions it is asked for are recorded."""

    def __init__(
        self,
        me: str | None,
        state: GameState,
        deadline: Deadline | None = None,
        *,
        link_lost: str | None = None,
        word: str = "",
        chat: Sequence[ChatHeard] | None = None,
    ) -> None:
        super().__init__(Unplugged(me))
        self.clock = FrozenClock(deadline)
        self.word = word
        self.chat = chat
        """The lines said before the app looks (None: a game without chat, as solo)."""
        self.said: list[str] = []
        self.state = state
        self.presence = dict.fromkeys(state.players, True)
        self.link_lost = link_lost
        self.sent: list[cmd.Command] = []
        self.shown_ratings: dict[str, Change] = {}
        """The host's ratings, as its note would say them."""

    @property
    def ratings(self) -> Mapping[str, Change]:
        return self.shown_ratings

    async def start(self) -> None:
        self.publish(StateChanged(self.state, (), self.clock.deadline))
        for line in self.chat or ():
            self.publish(line)
        if self.link_lost is not None:
            self.publish(LinkChanged(False, self.link_lost))

    async def stop(self) -> None:
        return None

    @property
    def deadline(self) -> Deadline | None:
        return self.clock.deadline

    async def send(self, command: cmd.Command) -> str | None:
        self.sent.append(command)
        return None

    @property
    def can_chat(self) -> bool:
        return self.chat is not None

    async def say(self, text: str) -> str | None:
        """Said, and heard back as the host would pass it on."""
        self.said.append(text)
        self.publish(ChatHeard(self.me or "Dora", text, watching=self.me is None))
        return None

    def show(self, state: GameState, deadline: Deadline | None = None) -> None:
        """The host moved on: the app hears it as it would over the network."""
        self.state = state
        self.clock.deadline = deadline
        self.publish(StateChanged(state, (), deadline))


@dataclass
class Table:
    """A game driven through the rules engine, as the host would."""

    state: GameState = field(default_factory=GameState)
    rng: random.Random = field(default_factory=lambda: random.Random(SEED))
    log: list[ev.Event] = field(default_factory=list)
    """Every event so far, as the host's log records them."""

    def do(self, *commands: cmd.Command) -> Table:
        for command in commands:
            for event in decide(self.state, command, rng=self.rng, referee=ExactRepeatReferee()):
                self.state = evolve(self.state, event)
                self.log.append(event)
        return self

    def write(self, player: str, word: str) -> Table:
        return self.do(cmd.WriteWord(player, commit(word, SALT)))

    def reveal(self, player: str, word: str) -> Table:
        return self.do(cmd.RevealWord(player, word, SALT))

    def play_round(self, flipper: str | None = None) -> Table:
        """Everyone writes this round's word; `flipper` takes the timer; all reveal."""
        round_no = self.state.round
        words = {p: WORDS[p][round_no - 1] for p in self.state.players}
        for player, word in words.items():
            self.write(player, word)
        if flipper is not None:
            self.do(cmd.FlipTimer(flipper))
        for player in self.state.players:
            if not self.state.draft(player).locked:
                self.do(cmd.LockIn(player))
        for player, word in words.items():
            self.reveal(player, word)
        return self


def new_table(players: Sequence[str] = PLAYERS, config: GameConfig | None = None) -> Table:
    table = Table().do(cmd.CreateGame(config or GameConfig()))
    for player in players:
        table.do(cmd.JoinGame(player, bot=player.startswith("Bot ")))
    return table


def finish_round(table: Table) -> Table:
    return table.do(*(cmd.Ready(p) for p in table.state.players))


def lobby_state() -> GameState:
    return new_table(PLAYERS[:2]).state


def writing_state(rounds_before: int = 2) -> GameState:
    """Round 3: Ann has written, Beth has flipped, Carl is thinking."""
    table = new_table().do(cmd.StartGame())
    for flipper in ("Beth", "Carl")[:rounds_before]:
        finish_round(table.play_round(flipper))
    table.write("Ann", "CRYPT").write("Beth", "GRAND").do(cmd.FlipTimer("Beth"))
    return table.state


def idle_state() -> GameState:
    """Round 2 of a game with no timer: Ann and Beth have locked in, Carl has pressed
    nothing for a while, and the table counts down to moving on without him."""
    table = new_table(config=GameConfig(timer_seconds=None)).do(cmd.StartGame())
    finish_round(table.play_round())
    table.write("Ann", "MIDST").write("Beth", "SCRIPT")
    return table.do(cmd.LockIn("Ann"), cmd.LockIn("Beth")).state


def reveal_state() -> GameState:
    """Round 3 revealed, and Ann's word awaits the others' challenges."""
    table = new_table().do(cmd.StartGame())
    finish_round(table.play_round("Beth"))
    finish_round(table.play_round("Carl"))
    return table.play_round("Beth").state


def vote_state() -> GameState:
    """Beth challenges Carl's word; Ann has a vote."""
    table = new_table().do(cmd.StartGame())
    finish_round(table.play_round("Beth"))
    return table.play_round("Carl").do(cmd.Challenge("Beth", "Carl")).state


def fallen_state() -> GameState:
    """Round 2 of relaxed play: Carl wrote GLIMERINGS (meaning GLIMMERINGS); Beth challenged it
    and Ann voted it breaks the rules."""
    table = new_table(config=GameConfig(meant_words=True)).do(cmd.StartGame())
    finish_round(table.play_round("Beth"))
    words = {"Ann": "MIDST", "Beth": "SCRIPT", "Carl": "GLIMERINGS"}
    for player, word in words.items():
        table.write(player, word)
    table.do(cmd.FlipTimer("Carl"), cmd.LockIn("Ann"), cmd.LockIn("Beth"))
    for player, word in words.items():
        table.reveal(player, word)
    return table.do(cmd.Challenge("Beth", "Carl"), cmd.Vote("Ann", True)).state


def meant_vote_state() -> GameState:
    """Carl offers GLIMMERINGS, the word he meant; Ann has a vote."""
    return Table(state=fallen_state()).do(cmd.OfferMeantWord("Carl", "GLIMMERINGS")).state


def finished_table(players: Sequence[str] = PLAYERS) -> Table:
    table = new_table(players).do(cmd.StartGame())
    for round_no in range(7):
        finish_round(table.play_round(players[round_no % len(players)]))
    return table


def over_state(players: Sequence[str] = PLAYERS) -> GameState:
    return finished_table(players).state


def solo_state() -> GameState:
    """A solo game on medium in round 4, the timer running."""
    table = new_table(("Ann",), GameConfig(solo=Difficulty.MEDIUM)).do(cmd.StartGame())
    for round_no in range(3):
        word = WORDS["Ann"][round_no]
        table.write("Ann", word)
        table.do(cmd.FlipTimer("Ann") if round_no != 1 else cmd.LockIn("Ann"))
        finish_round(table.reveal("Ann", word))
    return table.state


def with_presence(session: ScriptedSession, **connected: bool) -> ScriptedSession:
    session.presence.update(connected)
    return session


@dataclass(frozen=True)
class Scene:
    """One screen as players see it: the session behind it and what to do first."""

    name: str
    session: Callable[[], WordsySeat | None]
    keys: tuple[str, ...] = ()
    lan: Callable[[], FakeLan | None] = lambda: None
    saved: Callable[[], Sequence[SavedGame]] = lambda: ()
    """The saved games the replay list shows (never the user's own)."""


def make_app(scene: Scene) -> TerminalApp:
    """The scene's app: the launcher before any game, else the game's."""
    session, lan = scene.session(), scene.lan()
    if session is None:
        return Launcher(lan, name="Ann", saved_games=scene.saved)
    return WordsyApp(
        session,
        serve_on=None if lan is None else lan.keep_hosting,
        advisor=FixedAdvisor(),
        now=lambda: NOW,
        bell=False,
    )


def game_app(session: WordsySeat) -> WordsyApp:
    """A game's app as the launcher runs it, with the fixed referee's advice."""
    return WordsyApp(session, advisor=FixedAdvisor(), bell=False)


async def settle(pilot: Pilot[None], keys: Sequence[str] = ()) -> None:
    """Let the app reach a still picture: keys pressed, workers done, no blinking cursor."""
    await pilot.pause()
    await pilot.press(*keys)
    # The session's own worker follows it for ever: wait for the others only.
    for worker in [w for w in pilot.app.workers if w.group not in ("session", "browse")]:
        with contextlib.suppress(WorkerCancelled):
            await worker.wait()
    await pilot.pause()
    for field_ in pilot.app.screen.query(Input):
        field_.cursor_blink = False
    await pilot.pause()


GAMES = (
    FoundGame(
        "Friday words",
        "ann-laptop",
        "192.168.1.20",
        47474,
        3,
        6,
        "lobby",
        False,
        "classic",
        True,
        game="wordsy",
        ssh_port=2222,
    ),
    FoundGame(
        "Kitchen table",
        "beth-pi",
        "192.168.1.31",
        47474,
        2,
        4,
        "round 3",
        True,
        "classic",
        True,
        game="wordsy",
    ),
)


class FakeServer:
    """The host's side of a `WordsySeat`, without a network."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.pin: str | None = "4711"
        self.log_path = Path("~/.local/share/wordsy-tui/games/20261122-0500-ab12cd.log")
        self.bots: dict[str, object] = {"Bot 1 (medium)": object()}
        self.addresses = ["192.0.2.10"]
        self.on_notice: Callable[[str], None] | None = None
        self.bot_level = "medium"
        self.added: list[str] = []
        self.removed: list[str] = []
        self.on_reclaim: Callable[[str], Awaitable[bool]] | None = None
        self.talkers: list[tuple[str, bool]] = [("Beth", False), ("Dora", True)]
        self.muted: frozenset[str] = frozenset()

    def mute(self, name: str) -> str:
        self.muted |= {name}
        return f"{name} is muted."

    def unmute(self, name: str) -> str:
        self.muted -= {name}
        return f"{name} may chat again."

    @property
    def port(self) -> int:
        return 47474

    async def add_bot(self, level: str) -> str:
        self.added.append(level)
        return f"Bot {len(self.bots) + 1} ({level})"

    async def remove_player(self, name: str) -> str | None:
        self.removed.append(name)
        return None


class FakeHostSession(ScriptedSession):
    def __init__(self, me: str, state: GameState, chat: Sequence[ChatHeard] | None = None) -> None:
        super().__init__(me, state, chat=chat)
        self.server = FakeServer(state.config)


class FakeLan:
    """Finds two games, and hands out scripted sessions' apps for hosting and joining."""

    def __init__(self, games: Sequence[FoundGame] = GAMES, door: str = "wordsy") -> None:
        self.games = list(games)
        self.door = door
        """The game a host at a typed address plays."""
        self.joined: list[tuple[str, int, str, str | None, str]] = []
        """(address, port, name, PIN, game) of each join."""
        self.kept: WordsySeat | None = None
        self.hosted: list[tuple[str, TableSetup]] = []

    async def browse(self) -> AsyncIterator[Sequence[FoundGame]]:
        yield self.games

    async def game_at(self, address: str, port: int) -> str:
        return self.door

    def host(self, name: str, setup: TableSetup) -> WordsyApp:
        self.hosted.append((name, setup))
        app = game_app(FakeHostSession(name, new_table((name,)).state))
        app.serve_on = self.keep_hosting
        return app

    def join(self, game: str, address: str, port: int, name: str, pin: str | None) -> WordsyApp:
        self.joined.append((address, port, name, pin, game))
        return game_app(ScriptedSession(name, new_table(("Beth", name)).state))

    async def keep_hosting(self, session: WordsySeat) -> int:
        self.kept = session
        return 0


SAVED_GAMES = (
    SavedGame(Path("20261121-203015-a1b2c3.log"), "2026-11-21 21:02", PLAYERS, 7, True, "wordsy"),
    SavedGame(
        Path("20261121-191500-c3d4e5.log"),
        "2026-11-21 20:05",
        ("Ann", "Bob"),
        23,
        True,
        "scrabble",
    ),
    SavedGame(
        Path("20261120-190140-d4e5f6.log"), "2026-11-20 19:20", ("Ann", "Dora"), 3, False, "wordsy"
    ),
    SavedGame(
        Path("20261114-221003-0a1b2c.log"),
        "2026-11-14 22:41",
        ("Ann", "Bot 1 (medium)", "Beth", "Ed"),
        7,
        True,
        "wordsy",
    ),
)


CHAT = (
    ChatHeard("Beth", "good luck all"),
    ChatHeard("Dora", "go Ann!", watching=True),
    ChatHeard("Carl", "brb, kettle"),
)
"""What the table said before the pictures were taken (Dora watches)."""


def lobby_host_session() -> FakeHostSession:
    state = new_table(("Ann", "Bot 1 (medium)", "Beth")).state
    session = FakeHostSession("Ann", state, chat=CHAT[:2])
    session.presence["Beth"] = False
    session.shown_ratings = {"Ann": (1612,), "Bot 1 (medium)": (1400,), "Beth": (1500,)}
    return session


def results_host_session() -> PlayingHostSession:
    """The host's results, rated: Ann won."""
    session = PlayingHostSession("Ann", over_state())
    session.shown_ratings = {"Ann": (1612, 1688), "Beth": (1500, 1431), "Carl": (1389, 1371)}
    return session


class EndedSession(ScriptedSession):
    """A guest's session whose host has just ended the game."""

    async def start(self) -> None:
        await super().start()
        self.publish(LinkChanged(False, HOST_ENDED, final=True))


HOST_ENDED = (
    "Ann ended the game. It is saved: the host can resume it with `wordsy-tui host "
    "--resume`; then run your join command again to take your seat back."
)


class PlayingHostSession(FakeHostSession):
    """The hosting player's session in a game in play (or at its results)."""

    @property
    def hosting(self) -> bool:
        return True


def bump(state: GameState, **changes: object) -> GameState:
    return replace(state, **changes)  # type: ignore[arg-type]


SCENES: tuple[Scene, ...] = (
    Scene("menu", lambda: None),
    Scene("browse", lambda: None, ("j",), lambda: FakeLan()),
    Scene("host_form", lambda: None, ("h",), lambda: FakeLan()),
    # A tile game chosen: its own options, Wordsy's hidden.
    Scene(
        "host_form_tiles", lambda: None, ("h", "tab", "space", "down", "enter"), lambda: FakeLan()
    ),
    Scene("solo_games", lambda: None, ("s",)),
    Scene("solo_tiles", lambda: None, ("s", "down", "enter")),
    Scene("saved_games", lambda: None, ("p",), saved=lambda: SAVED_GAMES),
    Scene("lobby_host", lobby_host_session),
    Scene("lobby_guest", lambda: ScriptedSession("Beth", lobby_state(), chat=CHAT[:1])),
    Scene(
        "board",
        lambda: with_presence(
            ScriptedSession("Ann", writing_state(), Deadline("timer", NOW + 23, 30), chat=CHAT),
            Carl=False,
        ),
        tuple("CRYPT"),
    ),
    # The hosting player's board: its key bar has the host's keys (F9 ends the wait).
    Scene("board_host", lambda: PlayingHostSession("Ann", writing_state(), chat=CHAT)),
    Scene(
        "chat",
        lambda: ScriptedSession(
            "Ann", writing_state(), Deadline("timer", NOW + 23, 30), chat=CHAT, word="CRYPT"
        ),
        ("ctrl+t", *"who flipped so fast?"),
    ),
    Scene(
        "board_solo",
        lambda: ScriptedSession("Ann", solo_state(), Deadline("timer", NOW + 17, 30)),
        tuple("BLACKSMITH"),
    ),
    # The table is about to move on without Carl, who has pressed nothing for a while.
    Scene(
        "board_idle",
        lambda: ScriptedSession(
            "Carl", idle_state(), Deadline("writing", NOW + 25, 30, ("Carl",))
        ),
    ),
    Scene(
        "reveal",
        lambda: ScriptedSession(
            "Ann", reveal_state(), Deadline("challenges", NOW + 42, 60), chat=CHAT
        ),
    ),
    Scene(
        "link_lost",
        lambda: ScriptedSession(
            "Beth",
            writing_state(),
            Deadline("timer", NOW + 9, 30),
            link_lost="connection lost: the host closed the connection",
            word="GRAND",
        ),
    ),
    Scene("vote", lambda: ScriptedSession("Ann", vote_state(), Deadline("vote", NOW + 25, 30))),
    Scene(
        "meant_offer",
        lambda: ScriptedSession("Carl", fallen_state(), Deadline("challenges", NOW + 28, 60)),
        tuple("GLIMMERINGS"),
    ),
    Scene(
        "meant_vote",
        lambda: ScriptedSession("Ann", meant_vote_state(), Deadline("vote", NOW + 25, 30)),
    ),
    Scene("scoresheet", lambda: ScriptedSession("Ann", over_state()), ("s",)),
    # The host's results: its footer offers to play again.
    Scene("results", results_host_session),
    Scene("help", lambda: ScriptedSession("Ann", writing_state(), chat=()), ("f1",)),
    Scene("host_ended", lambda: EndedSession("Beth", writing_state(), word="GRAND")),
    Scene(
        "host_leaves",
        lambda: PlayingHostSession("Ann", writing_state()),
        ("ctrl+q",),
        lambda: FakeLan(),
    ),
)
